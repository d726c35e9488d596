import NibArchive

/// Numbers an ``ArchivedObject`` graph depth-first from its root and writes it with
/// `NibArchive.Builder`, sharing equal strings and numbers as Apple's coder does.
struct ArchiveWriter {
    /// Class fallbacks UIKit declares for the keyed archiver.
    static let uiKitFallbacks: [String: [String]] = ["UIColor": ["NSColor"], "UIFont": ["NSFont"]]

    var fallbacks: [String: [String]] = [:]
    /// Whether an integer and a double `NSNumber` of equal value are one object, as the
    /// NIBArchive coder shares them (`-[NSNumber isEqual:]`). `NSKeyedArchiver` keeps them
    /// apart: GroupingController's `keyedobjects.nib` lists the object id 11 as an integer
    /// where its `keyedobjects-101300.nib` shares the 11.0 of a font size.
    var sharesNumbersAcrossTypes = true

    func archive(root: ArchivedObject) throws(NibArchiveError) -> NibArchive {
        var builder = NibArchive.Builder(coderVersion: 10)
        var ids: [ObjectIdentifier: NibArchive.Builder.ObjectID] = [:]
        var shared: [String: NibArchive.Builder.ObjectID] = [:]
        var usedClasses: Set<String> = []

        func sharingKey(_ object: ArchivedObject) -> String? {
            guard let key = object.sharingKey else { return nil }
            guard !sharesNumbersAcrossTypes, object.className == "NSNumber" else { return key }
            return key + "|" + (object.values.first?.key ?? "")
        }

        func id(for object: ArchivedObject) -> NibArchive.Builder.ObjectID {
            if let known = ids[ObjectIdentifier(object)] { return known }
            if let key = sharingKey(object), let known = shared[key] {
                ids[ObjectIdentifier(object)] = known
                return known
            }
            let newID = builder.addObject(className: object.className)
            usedClasses.insert(object.className)
            ids[ObjectIdentifier(object)] = newID
            if let key = sharingKey(object) { shared[key] = newID }
            for (key, value) in object.values {
                let payload: NibArchive.Payload
                switch value {
                case .integer(let number): payload = .integer(number)
                case .bool(let flag): payload = .bool(flag)
                case .float32(let number): payload = .float32(number)
                case .float64(let number): payload = .float64(number)
                case .data(let bytes): payload = .bytes(bytes)
                case .null: payload = .nil
                case .object(let target): payload = .objectReference(id(for: target))
                }
                builder.append(payload, forKey: key, to: newID)
            }
            return newID
        }
        _ = id(for: root)
        for (className, list) in fallbacks where usedClasses.contains(className) {
            builder.setFallbacks(list, for: className)
        }
        return try builder.build()
    }
}
