public import NibArchive

extension NibArchive {
    /// Whether `bytes` hold a property list (`bplist00` or XML) rather than a NIBArchive: how
    /// NibKit tells a keyed-archive nib from a NIBArchive nib, by content.
    public static func isKeyedArchive(_ bytes: some Collection<UInt8>) -> Bool {
        !hasMagic(bytes) && PropertyList.hasMagic(bytes)
    }

    /// Reads a keyed-archive nib (binary or XML property list) into a NIBArchive.
    ///
    /// - Throws: ``KeyedArchiveError``: a property list error with its byte offset, or a
    ///   structural error with its place in the archive (such as `$objects[12]`).
    public init(keyedArchiveBytes bytes: some Collection<UInt8>, limits: PropertyList.Limits = PropertyList.Limits())
        throws(KeyedArchiveError)
    {
        try self.init(keyedArchive: try PropertyList(parsing: bytes, limits: limits))
    }

    /// Converts an `NSKeyedArchiver` archive into a NIBArchive with the same object graph.
    ///
    /// An archive written by ``keyedArchive()`` (it has a `$nibkit` annotation) gives back an
    /// equal archive. Any other keyed archive — such as an old macOS keyed nib — is mapped the
    /// way the NIBArchive encoder lays out the same objects: `$top`'s entries become the values
    /// of a root `NSObject`, strings in `$objects` become `NSString` objects with `NS.bytes`,
    /// numbers `NSNumber`s, `NS.objects`/`NS.keys` collections the inlined form with
    /// `UINibEncoderEmptyKey`. The "Keyed archives" article lists every rule.
    ///
    /// - Throws: ``KeyedArchiveError`` with code ``KeyedArchiveError/Code/notKeyedArchive``
    ///   and the path of the first value that does not fit.
    public init(keyedArchive plist: PropertyList) throws(KeyedArchiveError) {
        var reader = try KeyedArchiveReader(plist)
        self = try reader.read()
    }
}

/// Builds NIBArchive tables from a keyed archive.
struct KeyedArchiveReader {
    private struct PendingObject {
        var classIndex: Int
        var values: [(keyIndex: Int, payload: NibArchive.Payload)] = []
    }

    private let top: [PropertyList.Entry]
    private let plistObjects: [PropertyList]
    private let annotation: [PropertyList.Entry]?
    private var keys: [NibArchive.Key] = []
    private var keyLookup: [[UInt8]: Int] = [:]
    private var classes: [NibArchive.ClassName] = []
    private var classLookup: [[UInt8]: Int] = [:]
    private var objects: [PendingObject] = []
    /// For foreign archives: the NIBArchive object of each `$objects` index (nil: not an object).
    private var objectIndex: [Int: UInt32] = [:]

    init(_ plist: PropertyList) throws(KeyedArchiveError) {
        guard case .dictionary(let root) = plist else {
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: "top level", message: "a keyed archive is a dictionary")
        }
        guard case .array(let list)? = plist["$objects"] else {
            throw KeyedArchiveError(code: .notKeyedArchive, path: "$objects", message: "no $objects array")
        }
        guard case .dictionary(let topEntries)? = plist["$top"] else {
            throw KeyedArchiveError(code: .notKeyedArchive, path: "$top", message: "no $top dictionary")
        }
        if let archiver = plist["$archiver"], archiver != .string("NSKeyedArchiver") {
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: "$archiver", message: "the archiver is \(archiver), not NSKeyedArchiver")
        }
        top = topEntries
        plistObjects = list
        if let note = root.first(where: { $0.key == annotationKey })?.value {
            guard case .dictionary(let entries) = note else {
                throw KeyedArchiveError(code: .notKeyedArchive, path: annotationKey, message: "not a dictionary")
            }
            annotation = entries
        } else {
            annotation = nil
        }
    }

    mutating func read() throws(KeyedArchiveError) -> NibArchive {
        if let annotation { return try readAnnotated(annotation) }
        return try readForeign()
    }

    // MARK: Tables

    private mutating func keyIndex(_ bytes: [UInt8]) -> Int {
        if let index = keyLookup[bytes] { return index }
        keys.append(NibArchive.Key(bytes: bytes))
        keyLookup[bytes] = keys.count - 1
        return keys.count - 1
    }

    private mutating func classIndex(_ name: String) -> Int {
        let bytes = Array(name.utf8)
        if let index = classLookup[bytes] { return index }
        classes.append(NibArchive.ClassName(name))
        classLookup[bytes] = classes.count - 1
        return classes.count - 1
    }

    private func build(
        formatVersion: UInt32, coderVersion: UInt32, values: [NibArchive.Value]?, runs: [Range<Int>]?, trailer: [UInt8]
    )
        throws(KeyedArchiveError) -> NibArchive
    {
        var tableObjects: [NibArchive.Object] = []
        var tableValues: [NibArchive.Value] = values ?? []
        for (index, object) in objects.enumerated() {
            if let runs {
                tableObjects.append(
                    NibArchive.Object(
                        classIndex: object.classIndex, firstValueIndex: runs[index].lowerBound,
                        valueCount: runs[index].count))
            } else {
                let first = object.values.isEmpty ? 0 : tableValues.count
                tableObjects.append(
                    NibArchive.Object(
                        classIndex: object.classIndex, firstValueIndex: first, valueCount: object.values.count))
                tableValues += object.values.map { NibArchive.Value(keyIndex: $0.keyIndex, payload: $0.payload) }
            }
        }
        do {
            return try NibArchive(
                formatVersion: formatVersion, coderVersion: coderVersion, objects: tableObjects, keys: keys,
                values: tableValues, classes: classes, trailingBytes: trailer)
        } catch {
            throw KeyedArchiveError(code: .archive, message: "the NIBArchive cannot be built: \(error)")
        }
    }

    // MARK: Archives written by NibKit

    private func note(_ entries: [PropertyList.Entry], _ key: String) -> PropertyList? {
        entries.first { $0.key == key }?.value
    }

    private func integer(_ value: PropertyList?, _ path: String, in range: ClosedRange<Int64>) throws(KeyedArchiveError)
        -> Int
    {
        guard case .integer(let number)? = value, range.contains(number) else {
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: path,
                message:
                    "expected an integer in \(range.lowerBound) … \(range.upperBound), found \(value.map(\.description) ?? "nothing")"
            )
        }
        return Int(number)
    }

    private func array(_ value: PropertyList?, _ path: String) throws(KeyedArchiveError) -> [PropertyList] {
        guard case .array(let elements)? = value else {
            throw KeyedArchiveError(code: .notKeyedArchive, path: path, message: "expected an array")
        }
        return elements
    }

    private mutating func readAnnotated(_ note: [PropertyList.Entry]) throws(KeyedArchiveError) -> NibArchive {
        let version = try integer(self.note(note, "version"), "$nibkit.version", in: 0...Int64.max)
        guard version == annotationVersion else {
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: "$nibkit.version", message: "annotation version \(version) is not 1")
        }
        let u32 = 0...Int64(UInt32.max)
        let formatVersion = try integer(self.note(note, "formatVersion"), "$nibkit.formatVersion", in: u32)
        let coderVersion = try integer(self.note(note, "coderVersion"), "$nibkit.coderVersion", in: u32)
        let objectCount = try integer(
            self.note(note, "objectCount"), "$nibkit.objectCount", in: 0...Int64(max(0, plistObjects.count - 1)))
        for (index, entry) in try array(self.note(note, "classes"), "$nibkit.classes").enumerated() {
            let path = "$nibkit.classes[\(index)]"
            guard case .data(let name)? = entry["name"], !name.isEmpty else {
                throw KeyedArchiveError(code: .notKeyedArchive, path: path, message: "no stored name")
            }
            var fallbacks: [UInt32] = []
            for fallback in try array(entry["fallbacks"], path + ".fallbacks") {
                fallbacks.append(UInt32(try integer(fallback, path + ".fallbacks", in: u32)))
            }
            classes.append(NibArchive.ClassName(storedBytes: name, fallbacks: fallbacks))
            let lookup = lossyBytes(name.dropLast())
            if classLookup[lookup] == nil { classLookup[lookup] = index }
        }
        for (index, entry) in try array(self.note(note, "keys"), "$nibkit.keys").enumerated() {
            guard case .data(let bytes) = entry else {
                throw KeyedArchiveError(code: .notKeyedArchive, path: "$nibkit.keys[\(index)]", message: "not data")
            }
            keys.append(NibArchive.Key(bytes: bytes))
            if keyLookup[lossyBytes(bytes)] == nil { keyLookup[lossyBytes(bytes)] = index }
        }
        var trailer: [UInt8] = []
        if case .data(let bytes)? = self.note(note, "trailer") { trailer = bytes }
        var objectNotes: [PropertyList.Entry] = []
        if case .dictionary(let entries)? = self.note(note, "objects") { objectNotes = entries }
        var notesByObject: [Int: PropertyList] = [:]
        for entry in objectNotes {
            guard let index = Int(entry.key), index >= 0, index < objectCount else {
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: "$nibkit.objects", message: "\"\(entry.key)\" is not an object index")
            }
            notesByObject[index] = entry.value
        }

        for index in 0..<objectCount {
            let path = "$objects[\(index + 1)]"
            guard case .dictionary(let entries) = plistObjects[index + 1] else {
                throw KeyedArchiveError(code: .notKeyedArchive, path: path, message: "an object must be a dictionary")
            }
            let objectNote = notesByObject[index]
            let classIndex: Int
            if let fixed = objectNote?["class"] {
                classIndex = try integer(
                    fixed, "$nibkit.objects.\(index).class", in: 0...Int64(max(0, classes.count - 1)))
            } else {
                classIndex = self.classIndex(try className(of: entries, path: path))
            }
            var object = PendingObject(classIndex: classIndex)
            if let types = objectNote?["valueTypes"] {
                object.values = try typedValues(
                    entries, order: try valueTypes(types, "$nibkit.objects.\(index).valueTypes"),
                    objectCount: objectCount, path: path)
            } else if let order = objectNote?["values"] {
                object.values = try typedValues(
                    entries, order: try valuePairs(order, "$nibkit.objects.\(index).values"),
                    objectCount: objectCount, path: path)
            } else {
                for entry in entries where entry.key != "$class" {
                    let key = keyIndex(Array(unescapeKey(entry.key).utf8))
                    let elements: [PropertyList]
                    if case .array(let many) = entry.value { elements = many } else { elements = [entry.value] }
                    for element in elements {
                        guard let payload = defaultPayload(element, objectCount: objectCount) else {
                            throw KeyedArchiveError(
                                code: .notKeyedArchive, path: "\(path)[\"\(entry.key)\"]",
                                message: "\(element) is not a NIBArchive value")
                        }
                        object.values.append((key, payload))
                    }
                }
            }
            objects.append(object)
        }

        var values: [NibArchive.Value]?
        var runs: [Range<Int>]?
        if let runList = self.note(note, "runs") {
            (values, runs) = try valueTable(note, runList, objectCount: objectCount)
        }
        return try build(
            formatVersion: UInt32(formatVersion), coderVersion: UInt32(coderVersion), values: values, runs: runs,
            trailer: trailer)
    }

    /// The key index and wire type of each value from a `valueTypes` note: 5 bytes a value,
    /// the key index big-endian in 4 and the type in 1.
    private func valueTypes(_ note: PropertyList, _ path: String) throws(KeyedArchiveError) -> [(
        key: Int64, type: Int64
    )] {
        guard case .data(let bytes) = note, bytes.count % 5 == 0 else {
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: path, message: "must be data of 5 bytes per value, found \(note)")
        }
        return stride(from: 0, to: bytes.count, by: 5).map { start in
            (Int64(bigEndianValue(Array(bytes[start..<(start + 4)]))), Int64(bytes[start + 4]))
        }
    }

    /// The key index and wire type of each value from a `values` note (`[key, type]` pairs, as
    /// NibKit wrote before `valueTypes`).
    private func valuePairs(_ note: PropertyList, _ path: String) throws(KeyedArchiveError) -> [(
        key: Int64, type: Int64
    )] {
        var result: [(key: Int64, type: Int64)] = []
        for item in try array(note, path) {
            guard case .array(let pair) = item, pair.count == 2, case .integer(let key) = pair[0],
                case .integer(let rawType) = pair[1]
            else {
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: path, message: "the $nibkit value list entry \(item) is malformed")
            }
            result.append((key, rawType))
        }
        return result
    }

    /// The values of an object whose annotation lists each value's key index and wire type.
    private func typedValues(
        _ entries: [PropertyList.Entry], order: [(key: Int64, type: Int64)], objectCount: Int, path: String
    ) throws(KeyedArchiveError) -> [(keyIndex: Int, payload: NibArchive.Payload)] {
        var cursors: [[UInt8]: Int] = [:]
        // One lookup table per object keeps hostile objects with many keys linear.
        var stored: [[UInt8]: PropertyList] = [:]
        for entry in entries where stored[Array(entry.key.utf8)] == nil { stored[Array(entry.key.utf8)] = entry.value }
        var result: [(keyIndex: Int, payload: NibArchive.Payload)] = []
        for (key, rawType) in order {
            guard key >= 0, key < Int64(keys.count),
                let type = ValueType(rawValue: UInt8(truncatingIfNeeded: rawType)), rawType >= 0, rawType <= 10
            else {
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: path,
                    message: "the $nibkit value list entry [\(key), \(rawType)] is malformed")
            }
            let name = escapeKey(keys[Int(key)].name)
            let lookup = Array(name.utf8)
            let position = cursors[lookup, default: 0]
            cursors[lookup] = position + 1
            guard let stored = stored[lookup] else {
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: path, message: "no \"\(name)\" although $nibkit lists it")
            }
            let element: PropertyList?
            if case .array(let many) = stored {
                element = position < many.count ? many[position] : nil
            } else {
                element = position == 0 ? stored : nil
            }
            guard let element, let payload = typedPayload(element, type: type, objectCount: objectCount) else {
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: "\(path)[\"\(name)\"]",
                    message: "value \(position) does not match the $nibkit type \(type)")
            }
            result.append((Int(key), payload))
        }
        return result
    }

    /// The value table of an annotation with `runs`: each object's values at its run, ownerless
    /// values at their indices.
    private func valueTable(_ note: [PropertyList.Entry], _ runList: PropertyList, objectCount: Int)
        throws(KeyedArchiveError) -> ([NibArchive.Value], [Range<Int>])
    {
        let maximum = Int64(NibArchive.maximumSize)
        let count = try integer(self.note(note, "valueCount"), "$nibkit.valueCount", in: 0...maximum)
        let runElements = try array(runList, "$nibkit.runs")
        guard runElements.count == objects.count else {
            throw KeyedArchiveError(code: .notKeyedArchive, path: "$nibkit.runs", message: "one run per object needed")
        }
        var table: [NibArchive.Value?] = []
        // Each value needs at least a few plist bytes, so a count beyond what the runs and orphans
        // describe is caught below before it can matter; the allocation is bounded by `maximum`
        // only when the annotation lists that many values.
        var runs: [Range<Int>] = []
        for (index, element) in runElements.enumerated() {
            let path = "$nibkit.runs[\(index)]"
            let pair = try array(element, path)
            guard pair.count == 2 else {
                throw KeyedArchiveError(code: .notKeyedArchive, path: path, message: "expected [first, count]")
            }
            let first = try integer(pair[0], path, in: 0...Int64(count))
            let length = try integer(pair[1], path, in: 0...Int64(count - first))
            guard length == objects[index].values.count else {
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: path,
                    message:
                        "the run holds \(plural(length, "value", "values")) but the object has \(objects[index].values.count)"
                )
            }
            runs.append(first..<(first + length))
        }
        var orphans: [(Int, NibArchive.Value)] = []
        if let list = self.note(note, "orphans") {
            for (position, element) in try array(list, "$nibkit.orphans").enumerated() {
                let path = "$nibkit.orphans[\(position)]"
                let fields = try array(element, path)
                guard fields.count == 4 else {
                    throw KeyedArchiveError(code: .notKeyedArchive, path: path, message: "expected 4 fields")
                }
                let index = try integer(fields[0], path, in: 0...Int64(max(0, count - 1)))
                let key = try integer(fields[1], path, in: 0...Int64(max(0, keys.count - 1)))
                let rawType = try integer(fields[2], path, in: 0...10)
                guard key < keys.count, let type = ValueType(rawValue: UInt8(rawType)),
                    let payload = typedPayload(fields[3], type: type, objectCount: objectCount)
                else {
                    throw KeyedArchiveError(code: .notKeyedArchive, path: path, message: "a malformed value")
                }
                orphans.append((index, NibArchive.Value(keyIndex: key, payload: payload)))
            }
        }
        let described = runs.reduce(0) { $0 + $1.count } + orphans.count
        guard count <= described else {
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: "$nibkit.valueCount",
                message: "\(plural(count, "value", "values")), but the runs and orphans describe only \(described)")
        }
        table = Array(repeating: nil, count: count)
        for (index, run) in runs.enumerated() {
            for (offset, value) in objects[index].values.enumerated() {
                table[run.lowerBound + offset] = NibArchive.Value(keyIndex: value.keyIndex, payload: value.payload)
            }
        }
        for (index, value) in orphans { table[index] = value }
        var values: [NibArchive.Value] = []
        values.reserveCapacity(count)
        for (index, value) in table.enumerated() {
            guard let value else {
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: "$nibkit.runs",
                    message: "value \(index) belongs to no run and no orphan")
            }
            values.append(value)
        }
        return (values, runs)
    }

    private func className(of entries: [PropertyList.Entry], path: String) throws(KeyedArchiveError) -> String {
        guard case .uid(let reference)? = entries.first(where: { $0.key == "$class" })?.value else {
            throw KeyedArchiveError(code: .notKeyedArchive, path: path, message: "the object has no $class UID")
        }
        guard reference < UInt64(plistObjects.count),
            case .string(let name)? = plistObjects[Int(reference)]["$classname"]
        else {
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: path, message: "$class \(reference) is not a class dictionary")
        }
        return name
    }

    // MARK: Archives written by others

    /// Collection classes whose keyed form (`NS.objects`, `NS.keys`) becomes the inlined form.
    private static let inlinedCollections: Set<String> = [
        "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSDictionary", "NSMutableDictionary",
    ]
    private static let inlinedKey = Array("NSInlinedValue".utf8)
    private static let elementKey = Array(NibArchive.Builder.emptyKey.utf8)

    private mutating func readForeign() throws(KeyedArchiveError) -> NibArchive {
        // Pass 1: which `$objects` entries are objects, and their NIBArchive indices (0 is the
        // root made from `$top`).
        var sources: [(plistIndex: Int?, className: String)] = [(nil, "NSObject")]
        for (index, element) in plistObjects.enumerated() {
            let path = "$objects[\(index)]"
            let name: String
            switch element {
            // NSKeyedArchiver writes nil as a UID to `$null`, usually `$objects[0]`; AppKit's
            // archives also hold further `$null` strings (AVRFuses, scribendi), which
            // NSKeyedUnarchiver reads as nil too: they are not objects.
            case .string("$null"): continue
            case .null: continue
            case .dictionary(let entries):
                if entries.contains(where: { $0.key == "$classname" }) { continue }
                name = try className(of: entries, path: path)
            case .string: name = "NSString"
            case .integer, .real, .real32, .bool: name = "NSNumber"
            case .data: name = "NSData"
            case .date: name = "NSDate"
            case .array, .uid, .unsignedInteger:
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: path, message: "a \(element.kindName) cannot stand in $objects")
            }
            guard sources.count < Int(UInt32.max) else {
                throw KeyedArchiveError(code: .limitExceeded, path: path, message: "too many objects")
            }
            objectIndex[index] = UInt32(sources.count)
            sources.append((index, name))
        }
        // Each class's hints are read once, however many objects use the class: reading them
        // per object made a class with a long `$classhints` list quadratic.
        var hints: [Int: [String]] = [:]
        for source in sources {
            let index = classIndex(source.className)
            guard hints[index] == nil, let plistIndex = source.plistIndex,
                case .dictionary(let entries) = plistObjects[plistIndex],
                case .uid(let reference)? = entries.first(where: { $0.key == "$class" })?.value,
                case .array(let list)? = plistObjects[Int(reference)]["$classhints"]
            else { continue }
            hints[index] = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        for (index, names) in hints.sorted(by: { $0.key < $1.key }) {
            classes[index].fallbacks = names.map { UInt32(classIndex($0)) }
        }

        // Pass 2: values.
        for source in sources {
            objects.append(PendingObject(classIndex: classLookup[Array(source.className.utf8)] ?? 0))
        }
        for (number, source) in sources.enumerated() {
            let values: [(Int, NibArchive.Payload)]
            if let plistIndex = source.plistIndex {
                values = try foreignValues(
                    plistObjects[plistIndex], className: source.className, path: "$objects[\(plistIndex)]")
            } else {
                values = try foreignValues(.dictionary(top), className: "NSObject", path: "$top")
            }
            objects[number].values = values
        }
        return try build(formatVersion: 1, coderVersion: 10, values: nil, runs: nil, trailer: [])
    }

    private mutating func foreignValues(_ element: PropertyList, className: String, path: String)
        throws(KeyedArchiveError) -> [(keyIndex: Int, payload: NibArchive.Payload)]
    {
        switch element {
        case .string(let text): return [(keyIndex(Array("NS.bytes".utf8)), .string(text))]
        case .integer(let number): return [(keyIndex(Array("NS.intval".utf8)), .integer(number))]
        case .real(let number): return [(keyIndex(Array("NS.dblval".utf8)), .float64(number))]
        case .real32(let number): return [(keyIndex(Array("NS.dblval".utf8)), .float64(Double(number)))]
        case .bool(let flag): return [(keyIndex(Array("NS.boolval".utf8)), .bool(flag))]
        case .data(let bytes): return [(keyIndex(Array("NS.bytes".utf8)), .bytes(bytes))]
        case .date(let seconds): return [(keyIndex(Array("NS.time".utf8)), .float64(seconds))]
        case .dictionary(let entries):
            var result: [(keyIndex: Int, payload: NibArchive.Payload)] = []
            let inlined = Self.inlinedCollections.contains(className)
            var remaining = entries.filter { $0.key != "$class" }
            if inlined, let objectsEntry = remaining.first(where: { $0.key == "NS.objects" }) {
                let elements = try array(objectsEntry.value, path + "[\"NS.objects\"]")
                result.append((keyIndex(Self.inlinedKey), .bool(true)))
                let element = keyIndex(Self.elementKey)
                if let keysEntry = remaining.first(where: { $0.key == "NS.keys" }) {
                    let keyElements = try array(keysEntry.value, path + "[\"NS.keys\"]")
                    guard keyElements.count == elements.count else {
                        throw KeyedArchiveError(
                            code: .notKeyedArchive, path: path,
                            message: "\(keyElements.count) NS.keys but \(elements.count) NS.objects")
                    }
                    for (key, value) in zip(keyElements, elements) {
                        result.append((element, try payload(key, path: path + "[\"NS.keys\"]")))
                        result.append((element, try payload(value, path: path + "[\"NS.objects\"]")))
                    }
                } else {
                    for value in elements {
                        result.append((element, try payload(value, path: path + "[\"NS.objects\"]")))
                    }
                }
                remaining.removeAll { $0.key == "NS.objects" || $0.key == "NS.keys" }
            } else if inlined, remaining.isEmpty {
                result.append((keyIndex(Self.inlinedKey), .bool(true)))
            }
            for entry in remaining {
                var name = unescapeKey(entry.key)
                var value = entry.value
                // NSString's keyed form keeps the text inline under NS.string.
                if name == "NS.string", case .string(let text) = value,
                    className == "NSString" || className == "NSMutableString"
                {
                    name = "NS.bytes"
                    value = .data(Array(text.utf8))
                }
                let key = keyIndex(Array(name.utf8))
                let elementPath = "\(path)[\"\(entry.key)\"]"
                if case .array(let elements) = value {
                    for element in elements { result.append((key, try payload(element, path: elementPath))) }
                } else {
                    result.append((key, try payload(value, path: elementPath)))
                }
            }
            return result
        default:
            return []
        }
    }

    /// One value of a foreign object: UIDs become references, text and dates new objects.
    private mutating func payload(_ element: PropertyList, path: String) throws(KeyedArchiveError)
        -> NibArchive.Payload
    {
        switch element {
        case .uid(let reference):
            if reference == 0 { return .nil }
            guard reference < UInt64(plistObjects.count) else {
                throw KeyedArchiveError(
                    code: .notKeyedArchive, path: path,
                    message: "UID \(reference) is not below the $objects count \(plistObjects.count)")
            }
            if let index = objectIndex[Int(reference)] { return .objectReference(index) }
            if plistObjects[Int(reference)] == .null || plistObjects[Int(reference)] == .string("$null") { return .nil }
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: path, message: "UID \(reference) refers to a class, not an object")
        case .integer(let number): return .integer(number)
        case .unsignedInteger(let number): return .int64(Int64(bitPattern: number))
        case .real(let number): return .float64(number)
        case .real32(let number): return .float32(number)
        case .bool(let flag): return .bool(flag)
        case .data(let bytes): return .bytes(bytes)
        case .null: return .nil
        case .string, .date:
            // Inline text or a date: a new object, as the NIBArchive encoder would write it.
            guard objects.count < Int(UInt32.max) else {
                throw KeyedArchiveError(code: .limitExceeded, path: path, message: "too many objects")
            }
            let isText: Bool
            if case .string = element { isText = true } else { isText = false }
            let className = isText ? "NSString" : "NSDate"
            var object = PendingObject(classIndex: classIndex(className))
            object.values = try foreignValues(element, className: className, path: path)
            objects.append(object)
            return .objectReference(UInt32(objects.count - 1))
        case .array, .dictionary:
            throw KeyedArchiveError(
                code: .notKeyedArchive, path: path, message: "a nested \(element.kindName) has no NIBArchive form")
        }
    }
}
