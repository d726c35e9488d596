import NibArchive

/// Numbers an ``ArchivedObject`` graph depth-first from its root and writes it with
/// `NibArchive.Builder`, sharing equal strings and numbers as Apple's coder does.
struct ArchiveWriter {
    /// Class fallbacks UIKit declares for the keyed archiver.
    static let uiKitFallbacks: [String: [String]] = ["UIColor": ["NSColor"], "UIFont": ["NSFont"]]

    var fallbacks: [String: [String]] = [:]

    func archive(root: ArchivedObject) throws(NibArchiveError) -> NibArchive {
        var builder = NibArchive.Builder(coderVersion: 10)
        var ids: [ObjectIdentifier: NibArchive.Builder.ObjectID] = [:]
        var shared: [String: NibArchive.Builder.ObjectID] = [:]
        var usedClasses: Set<String> = []

        func id(for object: ArchivedObject) -> NibArchive.Builder.ObjectID {
            if let known = ids[ObjectIdentifier(object)] { return known }
            if let key = object.sharingKey, let known = shared[key] {
                ids[ObjectIdentifier(object)] = known
                return known
            }
            let newID = builder.addObject(className: object.className)
            usedClasses.insert(object.className)
            ids[ObjectIdentifier(object)] = newID
            if let key = object.sharingKey { shared[key] = newID }
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
