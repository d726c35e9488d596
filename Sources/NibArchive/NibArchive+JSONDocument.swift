import Foundation

/// The decoded shape of NibKit's JSON form; turned into an archive by ``archive()``.
struct JSONDocument: Decodable {
    var format: String
    var version: JSONInteger<Int>
    var formatVersion: JSONInteger<UInt32>
    var coderVersion: JSONInteger<UInt32>
    var classes: [JSONClass]
    var keys: [JSONKey]
    var objects: [JSONObject]
    var values: [JSONValue]
    var trailerHex: String?
    var layout: JSONLayout?

    struct JSONClass: Decodable {
        var name: String?
        var storedHex: String?
        var fallbacks: [JSONInteger<UInt32>]?
        var varintWidths: [JSONInteger<UInt8>]?
    }

    struct JSONKey: Decodable {
        var bytes: [UInt8]
        var varintWidths: [JSONInteger<UInt8>]?

        private enum CodingKeys: String, CodingKey { case name, hex, varintWidths }

        init(from decoder: any Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                bytes = Array(name.utf8)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            varintWidths = try container.decodeIfPresent([JSONInteger<UInt8>].self, forKey: .varintWidths)
            if let name = try container.decodeIfPresent(String.self, forKey: .name) {
                bytes = Array(name.utf8)
            } else {
                bytes = try JSONDocument.hex(container.decode(String.self, forKey: .hex), container, .hex)
            }
        }
    }

    struct JSONObject: Decodable {
        var `class`: JSONInteger<UInt32>
        var first: JSONInteger<UInt32>
        var count: JSONInteger<UInt32>
        var varintWidths: [JSONInteger<UInt8>]?
    }

    struct JSONValue: Decodable {
        var key: JSONInteger<UInt32>
        var payload: NibArchive.Payload
        var varintWidths: [JSONInteger<UInt8>]?

        private enum CodingKeys: String, CodingKey {
            case key, int8, int16, int32, int64, bool, float32, float32Bits, float64, float64Bits
            case string, hex, `nil`, object, varintWidths
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            key = try c.decode(JSONInteger<UInt32>.self, forKey: .key)
            varintWidths = try c.decodeIfPresent([JSONInteger<UInt8>].self, forKey: .varintWidths)
            if let value = try c.decodeIfPresent(JSONInteger<Int8>.self, forKey: .int8) {
                payload = .int8(value.value)
            } else if let value = try c.decodeIfPresent(JSONInteger<Int16>.self, forKey: .int16) {
                payload = .int16(value.value)
            } else if let value = try c.decodeIfPresent(JSONInteger<Int32>.self, forKey: .int32) {
                payload = .int32(value.value)
            } else if let value = try c.decodeIfPresent(JSONInteger<Int64>.self, forKey: .int64) {
                payload = .int64(value.value)
            } else if let value = try c.decodeIfPresent(Bool.self, forKey: .bool) {
                payload = .bool(value)
            } else if let value = try c.decodeIfPresent(JSONFloat.self, forKey: .float32) {
                // A finite number past float32's range would become infinity without a word.
                guard abs(value.value) <= Double(Float.greatestFiniteMagnitude) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .float32, in: c,
                        debugDescription:
                            "\(value.value) is outside float32's range (write infinities as float32Bits)")
                }
                payload = .float32(Float(value.value))
            } else if let bits = try c.decodeIfPresent(String.self, forKey: .float32Bits) {
                payload = .float32(
                    Float(bitPattern: UInt32(truncatingIfNeeded: try JSONDocument.bits(bits, c, .float32Bits))))
            } else if let value = try c.decodeIfPresent(JSONFloat.self, forKey: .float64) {
                payload = .float64(value.value)
            } else if let bits = try c.decodeIfPresent(String.self, forKey: .float64Bits) {
                payload = .float64(Double(bitPattern: try JSONDocument.bits(bits, c, .float64Bits)))
            } else if let text = try c.decodeIfPresent(String.self, forKey: .string) {
                payload = .data(ArraySlice(text.utf8))
            } else if let hex = try c.decodeIfPresent(String.self, forKey: .hex) {
                payload = .data(ArraySlice(try JSONDocument.hex(hex, c, .hex)))
            } else if c.contains(.nil) {
                payload = .nil
            } else if let target = try c.decodeIfPresent(JSONInteger<UInt32>.self, forKey: .object) {
                payload = .objectReference(target.value)
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: .key, in: c,
                    debugDescription: "a value needs one of int8, int16, int32, int64, bool, float32, float32Bits, "
                        + "float64, float64Bits, string, hex, nil or object")
            }
        }
    }

    struct JSONLayout: Decodable {
        struct Table: Decodable {
            var offset: JSONInteger<UInt32>
            var size: JSONInteger<UInt32>
        }
        struct Gap: Decodable {
            var offset: JSONInteger<UInt32>
            var hex: String
        }
        var objectTable: Table
        var keyTable: Table
        var valueTable: Table
        var classTable: Table
        var fileLength: JSONInteger<UInt32>
        var gaps: [Gap]
    }

    static func hex<K: CodingKey>(_ text: String, _ container: KeyedDecodingContainer<K>, _ key: K) throws -> [UInt8] {
        guard let bytes = bytes(fromHex: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "not an even-length string of hex digits")
        }
        return bytes
    }

    static func bits<K: CodingKey>(_ text: String, _ container: KeyedDecodingContainer<K>, _ key: K) throws -> UInt64 {
        let digits = text.hasPrefix("0x") ? String(text.dropFirst(2)) : text
        guard let value = UInt64(digits, radix: 16) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "not a hexadecimal bit pattern like 0x3f800000")
        }
        return value
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
                .joined()
            return path.isEmpty ? "the document" : "$" + path
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "\(path(context)): missing \(type)"
        case .keyNotFound(let key, let context): return "\(path(context)): missing member \"\(key.stringValue)\""
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    // MARK: Building the archive

    func archive() throws(NibArchiveError) -> NibArchive {
        guard format == NibArchive.jsonFormatIdentifier else {
            throw NibArchiveError(
                code: .json, offset: nil, message: "format is \"\(format)\", not \"\(NibArchive.jsonFormatIdentifier)\""
            )
        }
        guard version.value == 1 else {
            throw NibArchiveError(code: .json, offset: nil, message: "JSON version \(version) is not supported (1 is)")
        }
        var classNames: [NibArchive.ClassName] = []
        for (index, entry) in classes.enumerated() {
            let stored: [UInt8]
            if let name = entry.name {
                stored = Array(name.utf8) + [0]
            } else if let hex = entry.storedHex, let bytes = bytes(fromHex: hex) {
                stored = bytes
            } else {
                throw NibArchiveError(
                    code: .json, offset: nil, entry: TableEntry(.class, index),
                    message: "$.classes[\(index)] needs \"name\" or a hex \"storedHex\"")
            }
            classNames.append(
                NibArchive.ClassName(storedBytes: stored, fallbacks: (entry.fallbacks ?? []).map(\.value)))
        }
        var archive = try NibArchive(
            formatVersion: formatVersion.value, coderVersion: coderVersion.value,
            objects: objects.map {
                NibArchive.Object(
                    classIndex: Int($0.class.value), firstValueIndex: Int($0.first.value),
                    valueCount: Int($0.count.value))
            },
            keys: keys.map { NibArchive.Key(bytes: $0.bytes) },
            values: values.map { NibArchive.Value(keyIndex: Int($0.key.value), payload: $0.payload) },
            classes: classNames,
            trailingBytes: try trailerBytes())
        if let layout {
            try archive.restoreLayout(layout, document: self)
        }
        return archive
    }

    private func trailerBytes() throws(NibArchiveError) -> [UInt8] {
        guard let trailerHex else { return [] }
        guard let bytes = bytes(fromHex: trailerHex) else {
            throw NibArchiveError(code: .json, offset: nil, message: "$.trailerHex is not an even-length hex string")
        }
        return bytes
    }
}

extension NibArchive {
    /// Applies a JSON layout: recorded varint widths and table placement. The writer still
    /// checks that the tables fit that placement and falls back to canonical layout if not.
    fileprivate mutating func restoreLayout(_ layout: JSONDocument.JSONLayout, document: JSONDocument)
        throws(NibArchiveError)
    {
        func width(_ widths: [JSONInteger<UInt8>]?, _ index: Int) -> UInt8 {
            guard let widths, index < widths.count, (1...5).contains(widths[index].value) else { return 1 }
            return widths[index].value
        }
        for index in objectEntries.indices {
            let widths = document.objects[index].varintWidths
            objectEntries[index].classWidth = width(widths, 0)
            objectEntries[index].firstWidth = width(widths, 1)
            objectEntries[index].countWidth = width(widths, 2)
        }
        for index in keyEntries.indices {
            keyEntries[index].lengthWidth = width(document.keys[index].varintWidths, 0)
        }
        for index in valueEntries.indices {
            let widths = document.values[index].varintWidths
            valueEntries[index].keyWidth = width(widths, 0)
            valueEntries[index].lengthWidth = width(widths, 1)
        }
        for index in classEntries.indices {
            let widths = document.classes[index].varintWidths
            classEntries[index].lengthWidth = width(widths, 0)
            classEntries[index].fallbackCountWidth = width(widths, 1)
        }
        // Every byte the layout places comes from the JSON: the header, the tables (whose sizes
        // `fits` checks against the entries), the gaps and the trailer. A file length past their
        // sum would be zeros the JSON never held (a 442-byte JSON asked for 4 GB), so it is
        // refused before anything is allocated.
        var described = NibArchive.headerSize + trailingRange.count
        for table in [layout.objectTable, layout.keyTable, layout.valueTable, layout.classTable] {
            described += Int(table.size.value)
        }
        for gap in layout.gaps { described += gap.hex.utf8.count / 2 }
        guard Int(layout.fileLength.value) <= described else {
            throw NibArchiveError(
                code: .json, offset: nil,
                message:
                    "$.layout.fileLength: \(layout.fileLength.value) bytes is more than the \(described) bytes the "
                    + "header, tables, gaps and trailer describe")
        }
        var gaps: [PreservedLayout.Gap] = []
        for (index, gap) in layout.gaps.enumerated() {
            guard let bytes = bytes(fromHex: gap.hex) else {
                throw NibArchiveError(
                    code: .json, offset: nil, message: "$.layout.gaps[\(index)].hex is not an even-length hex string")
            }
            let start = storage.count
            storage.append(contentsOf: bytes)
            gaps.append(PreservedLayout.Gap(offset: Int(gap.offset.value), bytes: start..<storage.count))
        }
        guard storage.count <= NibArchive.maximumSize else {
            throw NibArchiveError(code: .tooLarge, offset: nil, message: "the JSON's contents exceed 32-bit offsets")
        }
        preservedLayout = PreservedLayout(
            objectTable: Int(layout.objectTable.offset.value), keyTable: Int(layout.keyTable.offset.value),
            valueTable: Int(layout.valueTable.offset.value), classTable: Int(layout.classTable.offset.value),
            objectTableSize: Int(layout.objectTable.size.value), keyTableSize: Int(layout.keyTable.size.value),
            valueTableSize: Int(layout.valueTable.size.value), classTableSize: Int(layout.classTable.size.value),
            fileLength: Int(layout.fileLength.value), gaps: gaps)
    }
}

/// An integer member of the JSON form, read so that a number outside `T`'s range is an error
/// naming its JSON path and the range (Foundation's decoder reports such numbers only as "not
/// valid JSON", at the document).
struct JSONInteger<T: FixedWidthInteger & Sendable>: Decodable, Sendable {
    var value: T

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let wide = try? container.decode(Int64.self), let exact = T(exactly: wide) {
            value = exact
            return
        }
        if let wide = try? container.decode(UInt64.self), let exact = T(exactly: wide) {
            value = exact
            return
        }
        let found: String
        if let number = try? container.decode(Double.self) {
            found = "\(number)"
        } else if (try? container.decode(String.self)) != nil {
            found = "a string"
        } else if (try? container.decode(Bool.self)) != nil {
            found = "a boolean"
        } else {
            found = "not a number within float64's range"
        }
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "\(found) is not an integer from \(T.min) to \(T.max)")
    }
}

/// A floating-point member of the JSON form; a number too large for a float64 (`1e999`) is an
/// error naming its path.
struct JSONFloat: Decodable, Sendable {
    var value: Double

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let number = try? container.decode(Double.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a number within float64's range")
        }
        value = number
    }
}
