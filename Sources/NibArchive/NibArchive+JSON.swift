public import Foundation

// The lossless JSON form of an archive. Its schema is documented in `docs/JSON-FORMAT.md` and
// the NibArchive DocC catalog; in short, every table entry is one JSON object, payloads are
// typed by their member name, and a `layout` member carries what the bytes need beyond the
// tables (offsets, gaps, non-minimal varint widths), so that nib → JSON → nib is byte-exact.

extension NibArchive {
    /// The identifier in the `format` member of NibKit's JSON.
    public static let jsonFormatIdentifier = "nibkit.nibarchive"

    /// The archive as NibKit's lossless JSON, pretty-printed with one table entry per line.
    ///
    /// Converting back with ``init(json:)`` gives an archive whose ``serialized(layout:)`` is
    /// byte-identical to this archive's. Hand edits are fine: when an edit changes a table's
    /// size, the archive is written in canonical layout instead.
    public func jsonString() -> String {
        var text = ""
        writeJSON { chunk in text += chunk }
        return text
    }

    /// Writes ``jsonString()`` in pieces of about `chunkSize` UTF-8 bytes, each handed to
    /// `sink` as soon as it is complete, so that a large archive's JSON (several times the
    /// archive's size) is never held whole: `nibtool convert` streams it to its output.
    package func writeJSON(chunkSize: Int = 1 << 16, to sink: (String) throws -> Void) rethrows {
        var json = JSONTextWriter(chunkSize: chunkSize)
        json.raw("{\n  \"format\": \"\(NibArchive.jsonFormatIdentifier)\",\n  \"version\": 1,\n")
        json.raw("  \"formatVersion\": \(formatVersion),\n  \"coderVersion\": \(coderVersion),\n")
        let layout = preservedLayout
        json.raw("  \"classes\": [")
        for (index, entry) in classEntries.enumerated() {
            json.raw(index == 0 ? "\n    {" : ",\n    {")
            let stored = storage[Int(entry.start)..<(Int(entry.start) + Int(entry.length))]
            if stored.last == 0, UTF8Validation.isValid(stored.dropLast()) {
                json.raw("\"name\": ")
                json.string(stored.dropLast())
            } else {
                json.raw("\"storedHex\": ")
                json.hex(stored)
            }
            if entry.fallbackCount > 0 {
                let first = Int(entry.fallbackStart)
                json.raw(", \"fallbacks\": [")
                json.raw(
                    fallbackIndices[first..<(first + Int(entry.fallbackCount))].map(String.init).joined(separator: ", ")
                )
                json.raw("]")
            }
            if layout != nil {
                json.widths([(entry.length, entry.lengthWidth), (entry.fallbackCount, entry.fallbackCountWidth)])
            }
            json.raw("}")
            if json.isFull { try sink(json.take()) }
        }
        json.raw(classEntries.isEmpty ? "],\n" : "\n  ],\n")
        json.raw("  \"keys\": [")
        for (index, entry) in keyEntries.enumerated() {
            json.raw(index == 0 ? "\n    " : ",\n    ")
            let bytes = storage[Int(entry.start)..<(Int(entry.start) + Int(entry.length))]
            let nonMinimal =
                layout != nil
                && NibVarint.width(entry.length, recorded: entry.lengthWidth) != NibVarint.minimalWidth(entry.length)
            if UTF8Validation.isValid(bytes), !nonMinimal {
                json.string(bytes)
            } else {
                json.raw(UTF8Validation.isValid(bytes) ? "{\"name\": " : "{\"hex\": ")
                if UTF8Validation.isValid(bytes) { json.string(bytes) } else { json.hex(bytes) }
                if layout != nil { json.widths([(entry.length, entry.lengthWidth)]) }
                json.raw("}")
            }
            if json.isFull { try sink(json.take()) }
        }
        json.raw(keyEntries.isEmpty ? "],\n" : "\n  ],\n")
        json.raw("  \"objects\": [")
        for (index, entry) in objectEntries.enumerated() {
            json.raw(index == 0 ? "\n    " : ",\n    ")
            json.raw("{\"class\": \(entry.classIndex), \"first\": \(entry.firstValue), \"count\": \(entry.valueCount)")
            if layout != nil {
                json.widths([
                    (entry.classIndex, entry.classWidth), (entry.firstValue, entry.firstWidth),
                    (entry.valueCount, entry.countWidth),
                ])
            }
            json.raw("}")
            if json.isFull { try sink(json.take()) }
        }
        json.raw(objectEntries.isEmpty ? "],\n" : "\n  ],\n")
        json.raw("  \"values\": [")
        for (index, entry) in valueEntries.enumerated() {
            json.raw(index == 0 ? "\n    " : ",\n    ")
            json.raw("{\"key\": \(entry.keyIndex), ")
            json.payload(entry, storage)
            if layout != nil {
                var widths = [(entry.keyIndex, entry.keyWidth)]
                if entry.type == .data {
                    widths.append((UInt32(truncatingIfNeeded: entry.dataLength), entry.lengthWidth))
                }
                json.widths(widths)
            }
            json.raw("}")
            if json.isFull { try sink(json.take()) }
        }
        json.raw(valueEntries.isEmpty ? "]" : "\n  ]")
        if !trailingRange.isEmpty {
            json.raw(",\n  \"trailerHex\": ")
            json.hex(storage[trailingRange])
        }
        if let layout {
            json.raw(",\n  \"layout\": {\n")
            json.raw("    \"objectTable\": {\"offset\": \(layout.objectTable), \"size\": \(layout.objectTableSize)},\n")
            json.raw("    \"keyTable\": {\"offset\": \(layout.keyTable), \"size\": \(layout.keyTableSize)},\n")
            json.raw("    \"valueTable\": {\"offset\": \(layout.valueTable), \"size\": \(layout.valueTableSize)},\n")
            json.raw("    \"classTable\": {\"offset\": \(layout.classTable), \"size\": \(layout.classTableSize)},\n")
            json.raw("    \"fileLength\": \(layout.fileLength),\n    \"gaps\": [")
            for (index, gap) in layout.gaps.enumerated() {
                json.raw(index == 0 ? "\n      " : ",\n      ")
                json.raw("{\"offset\": \(gap.offset), \"hex\": ")
                json.hex(storage[gap.bytes])
                json.raw("}")
                if json.isFull { try sink(json.take()) }
            }
            json.raw(layout.gaps.isEmpty ? "]\n  }" : "\n    ]\n  }")
        }
        json.raw("\n}\n")
        try sink(json.take())
    }

    /// Reads NibKit's JSON form (see ``jsonString()``).
    ///
    /// - Throws: ``NibArchiveError`` with code `json` naming the JSON path of the problem, or
    ///   the table-range codes when entries point outside their tables.
    public init(json: Data) throws(NibArchiveError) {
        let document: JSONDocument
        do {
            document = try JSONDecoder().decode(JSONDocument.self, from: json)
        } catch let error as DecodingError {
            throw NibArchiveError(code: .json, offset: nil, message: JSONDocument.describe(error))
        } catch {
            throw NibArchiveError(code: .json, offset: nil, message: "not valid JSON: \(error)")
        }
        self = try document.archive()
    }
}

extension Finding.ID {
    /// NibKit's JSON form could not be read.
    public static let json: Self = "json"
}

// MARK: - Writing JSON text

private struct JSONTextWriter {
    var text = ""
    let chunkSize: Int

    init(chunkSize: Int) {
        self.chunkSize = max(1, chunkSize)
        text.reserveCapacity(min(self.chunkSize, 1 << 20) + 256)
    }

    /// Whether the text so far should be handed on.
    var isFull: Bool { text.utf8.count >= chunkSize }

    /// The text so far; the writer starts again empty (keeping its capacity).
    mutating func take() -> String {
        let chunk = text
        text.removeAll(keepingCapacity: true)
        return chunk
    }

    mutating func raw(_ string: String) { text += string }

    mutating func string(_ bytes: ArraySlice<UInt8>) {
        text += "\""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    mutating func hex(_ bytes: ArraySlice<UInt8>) {
        text += "\""
        text += hexString(bytes)
        text += "\""
    }

    /// Writes `"varintWidths": [...]` when any recorded width is not the minimal one.
    mutating func widths(_ fields: [(value: UInt32, recorded: UInt8)]) {
        let widths = fields.map { NibVarint.width($0.value, recorded: $0.recorded) }
        guard zip(fields, widths).contains(where: { $1 != NibVarint.minimalWidth($0.value) }) else { return }
        text += ", \"varintWidths\": [" + widths.map(String.init).joined(separator: ", ") + "]"
    }

    mutating func payload(_ entry: ValueEntry, _ storage: [UInt8]) {
        let bits = entry.bits
        switch entry.type {
        case .int8: text += "\"int8\": \(Int8(truncatingIfNeeded: bits))"
        case .int16: text += "\"int16\": \(Int16(truncatingIfNeeded: bits))"
        case .int32: text += "\"int32\": \(Int32(truncatingIfNeeded: bits))"
        case .int64: text += "\"int64\": \(Int64(bitPattern: bits))"
        case .false: text += "\"bool\": false"
        case .true: text += "\"bool\": true"
        case .float32:
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: bits))
            // Decimal only when it reads back to the very same bits (so not NaN or infinity).
            if value.isFinite, let back = Double(value.description), Float(back).bitPattern == value.bitPattern {
                text += "\"float32\": \(value.description)"
            } else {
                text += "\"float32Bits\": \"0x\(paddedHex(bits, digits: 8))\""
            }
        case .float64:
            let value = Double(bitPattern: bits)
            if value.isFinite, let back = Double(value.description), back.bitPattern == value.bitPattern {
                text += "\"float64\": \(value.description)"
            } else {
                text += "\"float64Bits\": \"0x\(paddedHex(bits, digits: 16))\""
            }
        case .data:
            let bytes = storage[entry.dataStart..<(entry.dataStart + entry.dataLength)]
            if isReadableText(bytes) {
                text += "\"string\": "
                string(bytes)
            } else {
                text += "\"hex\": "
                hex(bytes)
            }
        case .nil: text += "\"nil\": true"
        case .objectReference: text += "\"object\": \(UInt32(truncatingIfNeeded: bits))"
        }
    }

    /// Text a person would want to read and edit: valid UTF-8 without control characters
    /// other than tab, newline and carriage return.
    private func isReadableText(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard UTF8Validation.isValid(bytes) else { return false }
        return !bytes.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
    }
}

private func paddedHex(_ value: UInt64, digits: Int) -> String {
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - hex.count)) + hex
}

func hexString(_ bytes: some Collection<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
}

func bytes(fromHex hex: String) -> [UInt8]? {
    let utf8 = Array(hex.utf8)
    guard utf8.count % 2 == 0 else { return nil }
    func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: nil
        }
    }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count / 2)
    var index = 0
    while index < utf8.count {
        guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
        out.append(high << 4 | low)
        index += 2
    }
    return out
}
