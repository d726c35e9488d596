public import NibArchive

extension NibArchive {
    /// The archive as `NSKeyedArchiver` itself writes the same objects — the form of AppKit's
    /// `keyedobjects.nib` — with no `$nibkit` annotation.
    ///
    /// This is the inverse of reading a foreign keyed archive (``init(keyedArchive:)`` without an
    /// annotation): the root object's values become `$top`; `NSString` objects (one `NS.bytes`
    /// value of UTF-8) become plist strings, `NSNumber`s (`NS.intval`, `NS.dblval`,
    /// `NS.boolval`) plist numbers and booleans, `NSData` (`NS.bytes`) data and `NSDate`
    /// (`NS.time`) dates; `NSMutableString` and `NSLocalizableString` keep their text under
    /// `NS.string`; inlined
    /// collections (`NSInlinedValue` and `UINibEncoderEmptyKey` elements) become `NS.objects`,
    /// dictionaries also `NS.keys`. Every other object is a dictionary whose `$class` names a
    /// class dictionary (`$classes`: the class, then `NSObject` — AppKit's loader needs only
    /// the name), `nil` is UID 0 and a repeated key an array. Object *i* is `$objects[i]`.
    ///
    /// Reading the result back gives an archive with the same object graph, not the same
    /// tables: wire widths, key and class order and sharing of equal values follow the
    /// foreign reading.
    ///
    /// - Throws: ``KeyedArchiveError`` with code ``KeyedArchiveError/Code/archive`` when the
    ///   archive has no root object or an object of a class above cannot take the plist form
    ///   its class needs (for example an `NSNumber` without a number).
    public func foundationKeyedArchive() throws(KeyedArchiveError) -> PropertyList {
        let objects = Array(self.objects)
        guard !objects.isEmpty else {
            throw KeyedArchiveError(code: .archive, path: "objects", message: "the archive has no root object")
        }
        let keyNames = keys.map(\.name)
        let classNames = classes.map(\.name)
        var classUIDs: [String: UInt64] = [:]
        var classDictionaries: [PropertyList] = []
        let firstClassUID = UInt64(objects.count)

        func classUID(_ name: String) -> UInt64 {
            if let known = classUIDs[name] { return known }
            let uid = firstClassUID + UInt64(classDictionaries.count)
            classDictionaries.append(
                .dictionary([
                    PropertyList.Entry("$classname", .string(name)),
                    PropertyList.Entry(
                        "$classes", .array([.string(name)] + (name == "NSObject" ? [] : [.string("NSObject")]))),
                ]))
            classUIDs[name] = uid
            return uid
        }

        func element(_ payload: Payload) -> PropertyList {
            switch payload {
            case .int8(let number): return .integer(Int64(number))
            case .int16(let number): return .integer(Int64(number))
            case .int32(let number): return .integer(Int64(number))
            case .int64(let number): return .integer(number)
            case .bool(let flag): return .bool(flag)
            case .float32(let number): return .real32(number)
            case .float64(let number): return .real(number)
            case .data(let bytes): return .data(Array(bytes))
            case .nil: return .uid(0)
            case .objectReference(let index):
                // Object 0 is the root, which `$top` holds; a reference past the table is nil.
                return Int(index) < objects.count && index > 0 ? .uid(UInt64(index)) : .uid(0)
            }
        }

        func values(of object: Object) -> [(key: String, payload: Payload)] {
            guard object.valueCount > 0 else { return [] }
            return self.values(of: object).map { (keyNames[$0.keyIndex], $0.payload) }
        }

        func entries(_ list: [(key: String, payload: Payload)]) -> [PropertyList.Entry] {
            var result = KeyedObjectEntries()
            for (key, payload) in list { result.add(escapeKey(key), element(payload)) }
            return result.entries
        }

        var plistObjects: [PropertyList] = [.string("$null")]
        plistObjects.reserveCapacity(objects.count + 16)
        for (index, object) in objects.enumerated().dropFirst() {
            let className = classNames[object.classIndex]
            let list = values(of: object)
            let path = "objects[\(index)] (\(className))"
            if let scalar = try Self.scalarForm(className, list, path: path) {
                plistObjects.append(scalar)
                continue
            }
            var dictionary = [PropertyList.Entry("$class", .uid(classUID(className)))]
            if list.first?.key == "NSInlinedValue", list.first?.payload == .bool(true) {
                let elements = list.dropFirst().filter { $0.key == Builder.emptyKey }.map { element($0.payload) }
                let others = list.dropFirst().filter { $0.key != Builder.emptyKey }
                if className.hasSuffix("Dictionary") {
                    guard elements.count % 2 == 0 else {
                        throw KeyedArchiveError(
                            code: .archive, path: path, message: "an inlined dictionary with an odd element count")
                    }
                    let pairs = stride(from: 0, to: elements.count, by: 2)
                    dictionary.append(PropertyList.Entry("NS.keys", .array(pairs.map { elements[$0] })))
                    dictionary.append(PropertyList.Entry("NS.objects", .array(pairs.map { elements[$0 + 1] })))
                } else {
                    dictionary.append(PropertyList.Entry("NS.objects", .array(elements)))
                }
                dictionary += entries(Array(others))
            } else if className == "NSMutableString", list.count == 1, list[0].key == "NS.bytes",
                case .data(let bytes) = list[0].payload
            {
                dictionary.append(PropertyList.Entry("NS.string", .string(String(decoding: bytes, as: UTF8.self))))
            } else if className == "NSLocalizableString" {
                // Its text under `NS.string` as a plist string, as `NSMutableString`'s, then
                // `NSKey` and `NSDev` (LuLu's MainMenu.nib, a keyed archive from Xcode 8.3).
                for value in list {
                    if value.key == "NS.bytes", case .data(let bytes) = value.payload {
                        dictionary.append(
                            PropertyList.Entry("NS.string", .string(String(decoding: bytes, as: UTF8.self))))
                    } else {
                        dictionary += entries([value])
                    }
                }
            } else {
                dictionary += entries(list)
            }
            plistObjects.append(.dictionary(dictionary))
        }
        plistObjects += classDictionaries
        return .dictionary([
            PropertyList.Entry("$version", .integer(100_000)),
            PropertyList.Entry("$archiver", .string("NSKeyedArchiver")),
            PropertyList.Entry("$top", .dictionary(entries(values(of: objects[0])))),
            PropertyList.Entry("$objects", .array(plistObjects)),
        ])
    }

    /// The plist scalar `NSKeyedArchiver` writes for a Foundation value object, or `nil` when
    /// the class is not one of those.
    private static func scalarForm(_ className: String, _ list: [(key: String, payload: Payload)], path: String)
        throws(KeyedArchiveError) -> PropertyList?
    {
        let expected: String
        switch className {
        case "NSString", "NSData": expected = "NS.bytes"
        case "NSDate": expected = "NS.time"
        case "NSNumber":
            guard list.count == 1 else {
                expected = "NS.intval, NS.dblval or NS.boolval"
                break
            }
            switch (list[0].key, list[0].payload) {
            case ("NS.intval", let payload):
                if let number = payload.integerValue { return .integer(number) }
            case ("NS.dblval", .float64(let number)): return .real(number)
            case ("NS.dblval", .float32(let number)): return .real32(number)
            case ("NS.boolval", .bool(let flag)): return .bool(flag)
            default: break
            }
            expected = "NS.intval, NS.dblval or NS.boolval"
        default: return nil
        }
        guard list.count == 1, list[0].key == expected || className == "NSNumber" else {
            throw KeyedArchiveError(code: .archive, path: path, message: "expected one \(expected) value")
        }
        switch (className, list[0].payload) {
        case ("NSString", .data(let bytes)):
            let text = String(decoding: bytes, as: UTF8.self)
            guard Array(text.utf8) == Array(bytes) else {
                throw KeyedArchiveError(code: .archive, path: path, message: "the string is not valid UTF-8")
            }
            return .string(text)
        case ("NSData", .data(let bytes)): return .data(Array(bytes))
        case ("NSDate", .float64(let seconds)): return .date(seconds)
        default:
            throw KeyedArchiveError(code: .archive, path: path, message: "expected one \(expected) value")
        }
    }
}
