import NibArchive

/// A bounds-checked view of a nib's objects for the decompiler: every object's keyed values
/// read once, references range-checked, so that nothing read from the input can trap.
struct DecompileReader {
    /// One archived object: its class and its values in archive order.
    struct Entry {
        var className: String
        var values: [(key: String, payload: NibArchive.Payload)]
    }

    let entries: [Entry]

    init(entries: [Entry]) { self.entries = entries }

    init(_ archive: NibArchive) {
        let keys = archive.keys
        let values = archive.values
        let classes = archive.classes
        var entries: [Entry] = []
        entries.reserveCapacity(archive.objects.count)
        for object in archive.objects {
            let className =
                object.classIndex >= 0 && object.classIndex < classes.count ? classes[object.classIndex].name : ""
            var list: [(key: String, payload: NibArchive.Payload)] = []
            if object.firstValueIndex >= 0, object.valueCount >= 0, object.firstValueIndex <= values.count,
                object.valueCount <= values.count - object.firstValueIndex
            {
                for index in object.valueIndices {
                    let value = values[index]
                    guard value.keyIndex >= 0, value.keyIndex < keys.count else { continue }
                    list.append((keys[value.keyIndex].name, value.payload))
                }
            }
            entries.append(Entry(className: className, values: list))
        }
        self.entries = entries
    }

    /// The class of object `index`, or an empty string when there is none.
    func className(_ index: Int) -> String {
        index >= 0 && index < entries.count ? entries[index].className : ""
    }

    /// The values of object `index` (none when it does not exist).
    func values(_ index: Int) -> [(key: String, payload: NibArchive.Payload)] {
        index >= 0 && index < entries.count ? entries[index].values : []
    }

    /// The first value of `key` on object `index`.
    func payload(_ index: Int, _ key: String) -> NibArchive.Payload? {
        values(index).first { $0.key == key }?.payload
    }

    func has(_ index: Int, _ key: String) -> Bool { payload(index, key) != nil }

    /// The object `key` refers to, when it is a reference to an existing object.
    func reference(_ index: Int, _ key: String) -> Int? {
        guard case .objectReference(let target)? = payload(index, key), Int(target) < entries.count else { return nil }
        return Int(target)
    }

    func integer(_ index: Int, _ key: String) -> Int? {
        guard let value = payload(index, key)?.integerValue, let small = Int(exactly: value) else { return nil }
        return small
    }

    /// An integer, a float or a double value as a `Double`.
    func number(_ index: Int, _ key: String) -> Double? {
        switch payload(index, key) {
        case .float32(let value)?: Double(value)
        case .float64(let value)?: value
        case let other?: other.integerValue.map(Double.init)
        case nil: nil
        }
    }

    func flag(_ index: Int, _ key: String) -> Bool? {
        switch payload(index, key) {
        case .bool(let value)?: value
        case let other?: other.integerValue.map { $0 != 0 }
        case nil: nil
        }
    }

    /// A geometry blob's components (marker 7 and float64s, or marker 6 and float32s).
    func geometry(_ index: Int, _ key: String) -> [Double]? {
        guard case .data(let bytes)? = payload(index, key), let marker = bytes.first else { return nil }
        let body = Array(bytes.dropFirst())
        switch marker {
        case 7 where body.count % 8 == 0:
            return stride(from: 0, to: body.count, by: 8).map { offset in
                var bits: UInt64 = 0
                for byte in body[offset..<offset + 8].reversed() { bits = bits << 8 | UInt64(byte) }
                return Double(bitPattern: bits)
            }
        case 6 where body.count % 4 == 0:
            return stride(from: 0, to: body.count, by: 4).map { offset in
                var bits: UInt32 = 0
                for byte in body[offset..<offset + 4].reversed() { bits = bits << 8 | UInt32(byte) }
                return Double(Float(bitPattern: bits))
            }
        default:
            return nil
        }
    }

    /// The text of a string object (`NSString`, `NSMutableString`, `NSLocalizableString`). A
    /// keyed archive's `NSLocalizableString` (LuLu's MainMenu, Xcode 8.3) keeps its text in the
    /// `NSString` its `NS.string` names, where a NIBArchive's has `NS.bytes`.
    func string(at index: Int) -> String? {
        let name = className(index)
        guard ["NSString", "NSMutableString", "NSLocalizableString"].contains(name) else { return nil }
        guard case .data(let bytes)? = payload(index, "NS.bytes") else {
            guard name == "NSLocalizableString", let text = reference(index, "NS.string"),
                ["NSString", "NSMutableString"].contains(className(text)),
                case .data(let bytes)? = payload(text, "NS.bytes")
            else { return nil }
            return String(validating: bytes, as: UTF8.self)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The text of the string `key` refers to.
    func string(_ index: Int, _ key: String) -> String? {
        reference(index, key).flatMap { string(at: $0) }
    }

    /// Each object's first referrer: the object (in table order) whose value first names it.
    func firstReferrers() -> [Int: Int] {
        var referrer: [Int: Int] = [:]
        for (index, entry) in entries.enumerated() {
            for value in entry.values {
                if case .objectReference(let target) = value.payload, referrer[Int(target)] == nil {
                    referrer[Int(target)] = index
                }
            }
        }
        return referrer
    }

    /// The elements of a collection object: its `UINibEncoderEmptyKey` references (`NSArray`,
    /// `NSMutableArray`, dictionaries), or its `NS.object.N` ones in archive order (`NSSet`,
    /// `NSOrderedSet`).
    func elements(at index: Int) -> [Int] {
        values(index).compactMap { entry in
            guard entry.key == NibArchive.Builder.emptyKey || entry.key.hasPrefix("NS.object."),
                case .objectReference(let target) = entry.payload,
                Int(target) < entries.count
            else { return nil }
            return Int(target)
        }
    }

    /// The elements of the collection `key` refers to.
    func elements(_ index: Int, _ key: String) -> [Int] {
        reference(index, key).map { elements(at: $0) } ?? []
    }

    /// A dictionary's pairs (keys and values alternate under the empty key).
    func pairs(at index: Int) -> [(Int, Int)] {
        let items = elements(at: index)
        return stride(from: 0, to: items.count - 1, by: 2).map { (items[$0], items[$0 + 1]) }
    }

    /// An `NSNumber`'s value.
    func numberObject(at index: Int) -> Double? {
        guard className(index) == "NSNumber" else { return nil }
        return number(index, "NS.intval") ?? number(index, "NS.dblval")
    }
}
