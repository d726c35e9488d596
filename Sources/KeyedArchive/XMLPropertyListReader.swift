/// Reads the XML property list format: an optional prolog (`<?xml …?>`, `<!DOCTYPE …>`,
/// comments), then `<plist>` around one value (a bare value is accepted too).
///
/// Elements: `dict` (`key` then a value, repeated), `array`, `string`, `data` (base64), `date`
/// (ISO 8601, `Z`), `integer` (decimal or `0x` hex), `real`, `true`, `false`. A dictionary
/// whose only entry is `CF$UID` with an integer is a ``PropertyList/uid(_:)``, as
/// `NSKeyedArchiver` writes it. Text may use the five predefined entities, character
/// references and CDATA sections. The input must be UTF-8.
struct XMLPropertyListReader {
    let bytes: [UInt8]
    let limits: PropertyList.Limits
    private var position = 0
    private var valueCount = 0

    init(bytes: [UInt8], limits: PropertyList.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    private struct Tag {
        var name: String
        var start: Int
        var isClosing: Bool
        var isEmpty: Bool
    }

    mutating func read() throws(KeyedArchiveError) -> PropertyList {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipMisc()
        guard position < bytes.count else {
            throw KeyedArchiveError(code: .truncated, offset: position, message: "no value in the XML property list")
        }
        let tag = try readTag()
        let value: PropertyList
        if tag.name == "plist", !tag.isClosing {
            guard !tag.isEmpty else {
                throw KeyedArchiveError(
                    code: .badFormat, offset: tag.start, message: "an empty <plist/> holds no value")
            }
            try skipMisc()
            value = try readValue(try readTag(), depth: 0)
            try skipMisc()
            let end = try readTag()
            guard end.name == "plist", end.isClosing else {
                throw KeyedArchiveError(
                    code: .badFormat, offset: end.start, message: "expected </plist>, found <\(end.name)>")
            }
        } else {
            value = try readValue(tag, depth: 0)
        }
        try skipMisc()
        guard position == bytes.count else {
            throw KeyedArchiveError(code: .badFormat, offset: position, message: "content after the property list")
        }
        return value
    }

    // MARK: Markup

    private func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func matches(_ text: String, at offset: Int) -> Bool {
        var index = offset
        for expected in text.utf8 {
            guard byte(index) == expected else { return false }
            index += 1
        }
        return true
    }

    private mutating func skipWhitespace() {
        while let next = byte(position), next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D {
            position += 1
        }
    }

    /// Skips white space, comments, processing instructions and a DOCTYPE.
    private mutating func skipMisc() throws(KeyedArchiveError) {
        while true {
            skipWhitespace()
            if matches("<!--", at: position) {
                try skip(past: "-->", from: position, what: "comment")
            } else if matches("<?", at: position) {
                try skip(past: "?>", from: position, what: "processing instruction")
            } else if matches("<!DOCTYPE", at: position) {
                let start = position
                var depth = 0
                while true {
                    guard let next = byte(position) else {
                        throw KeyedArchiveError(code: .truncated, offset: start, message: "unterminated DOCTYPE")
                    }
                    position += 1
                    if next == UInt8(ascii: "[") { depth += 1 }
                    if next == UInt8(ascii: "]") { depth -= 1 }
                    if next == UInt8(ascii: ">"), depth <= 0 { break }
                }
            } else {
                return
            }
        }
    }

    private mutating func skip(past terminator: String, from start: Int, what: String) throws(KeyedArchiveError) {
        var index = start
        while index < bytes.count {
            if matches(terminator, at: index) {
                position = index + terminator.utf8.count
                return
            }
            index += 1
        }
        throw KeyedArchiveError(code: .truncated, offset: start, message: "unterminated \(what)")
    }

    /// Reads `<name …>`, `</name>` or `<name …/>` at the current position.
    private mutating func readTag() throws(KeyedArchiveError) -> Tag {
        let start = position
        guard byte(position) == UInt8(ascii: "<") else {
            if position >= bytes.count {
                throw KeyedArchiveError(code: .truncated, offset: start, message: "the XML ends where a tag should be")
            }
            throw KeyedArchiveError(code: .badFormat, offset: start, message: "expected a tag")
        }
        position += 1
        let isClosing = byte(position) == UInt8(ascii: "/")
        if isClosing { position += 1 }
        let nameStart = position
        while let next = byte(position), isNameByte(next) { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        guard !name.isEmpty else {
            throw KeyedArchiveError(code: .badFormat, offset: start, message: "a tag without a name")
        }
        // Attributes are skipped; quoted values may hold '>'.
        var quote: UInt8?
        while true {
            guard let next = byte(position) else {
                throw KeyedArchiveError(code: .truncated, offset: start, message: "unterminated <\(name)> tag")
            }
            position += 1
            if let open = quote {
                if next == open { quote = nil }
            } else if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
                quote = next
            } else if next == UInt8(ascii: ">") {
                break
            }
        }
        let isEmpty = !isClosing && position >= 2 && bytes[position - 2] == UInt8(ascii: "/")
        return Tag(name: name, start: start, isClosing: isClosing, isEmpty: isEmpty)
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: ".")
    }

    // MARK: Values

    private mutating func readValue(_ tag: Tag, depth: Int) throws(KeyedArchiveError) -> PropertyList {
        guard !tag.isClosing else {
            throw KeyedArchiveError(code: .badFormat, offset: tag.start, message: "unexpected </\(tag.name)>")
        }
        valueCount += 1
        guard valueCount <= limits.maximumValueCount else {
            throw KeyedArchiveError(
                code: .limitExceeded, offset: tag.start, message: "more than \(limits.maximumValueCount) values")
        }
        switch tag.name {
        case "dict":
            let entries = try readDictionary(tag, depth: depth)
            if entries.count == 1, entries[0].key == "CF$UID" {
                guard case .integer(let number) = entries[0].value, number >= 0 else {
                    throw KeyedArchiveError(
                        code: .badValue, offset: tag.start, message: "CF$UID must hold a non-negative integer")
                }
                return .uid(UInt64(number))
            }
            return .dictionary(entries)
        case "array":
            try checkDepth(depth, at: tag.start)
            var elements: [PropertyList] = []
            if tag.isEmpty { return .array([]) }
            while true {
                try skipMisc()
                let next = try readTag()
                if next.isClosing {
                    guard next.name == "array" else { throw mismatch(next, expected: "array") }
                    return .array(elements)
                }
                elements.append(try readValue(next, depth: depth + 1))
            }
        case "true", "false":
            if !tag.isEmpty {
                let end = try readTag()
                guard end.isClosing, end.name == tag.name else { throw mismatch(end, expected: tag.name) }
            }
            return .bool(tag.name == "true")
        case "string":
            return .string(try readText(tag))
        case "key":
            throw KeyedArchiveError(code: .badFormat, offset: tag.start, message: "a <key> outside a dictionary")
        case "data":
            return .data(try decodeBase64(try readText(tag), at: tag.start))
        case "integer":
            return try parseInteger(try readText(tag).trimmingWhitespace, at: tag.start)
        case "real":
            let text = try readText(tag).trimmingWhitespace
            guard let number = Double(text) else {
                throw KeyedArchiveError(code: .badValue, offset: tag.start, message: "\"\(text)\" is not a real")
            }
            return .real(number)
        case "date":
            let text = try readText(tag).trimmingWhitespace
            guard let seconds = ISO8601.seconds(from: text) else {
                throw KeyedArchiveError(
                    code: .badValue, offset: tag.start, message: "\"\(text)\" is not a date like 2001-01-01T00:00:00Z")
            }
            return .date(seconds)
        default:
            throw KeyedArchiveError(
                code: .badFormat, offset: tag.start, message: "<\(tag.name)> is not a property list element")
        }
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(KeyedArchiveError) {
        guard depth < limits.maximumDepth else {
            throw KeyedArchiveError(
                code: .limitExceeded, offset: offset,
                message: "containers nest deeper than the limit of \(limits.maximumDepth)")
        }
    }

    private func mismatch(_ tag: Tag, expected: String) -> KeyedArchiveError {
        KeyedArchiveError(
            code: .badFormat, offset: tag.start,
            message: "expected </\(expected)>, found <\(tag.isClosing ? "/" : "")\(tag.name)>")
    }

    private mutating func readDictionary(_ tag: Tag, depth: Int) throws(KeyedArchiveError) -> [PropertyList.Entry] {
        try checkDepth(depth, at: tag.start)
        var entries: [PropertyList.Entry] = []
        if tag.isEmpty { return entries }
        while true {
            try skipMisc()
            let keyTag = try readTag()
            if keyTag.isClosing {
                guard keyTag.name == "dict" else { throw mismatch(keyTag, expected: "dict") }
                return entries
            }
            guard keyTag.name == "key" else {
                throw KeyedArchiveError(
                    code: .badFormat, offset: keyTag.start,
                    message: "expected <key> in a dictionary, found <\(keyTag.name)>")
            }
            let key = try readText(keyTag)
            try skipMisc()
            let valueTag = try readTag()
            if valueTag.isClosing {
                throw KeyedArchiveError(
                    code: .badFormat, offset: valueTag.start, message: "the key \"\(key)\" has no value")
            }
            entries.append(PropertyList.Entry(key, try readValue(valueTag, depth: depth + 1)))
        }
    }

    /// The character data of a text element up to its closing tag, entities decoded.
    private mutating func readText(_ tag: Tag) throws(KeyedArchiveError) -> String {
        if tag.isEmpty { return "" }
        var out: [UInt8] = []
        while true {
            guard let next = byte(position) else {
                throw KeyedArchiveError(code: .truncated, offset: tag.start, message: "unterminated <\(tag.name)>")
            }
            if matches("<![CDATA[", at: position) {
                let start = position
                let bodyStart = position + 9
                try skip(past: "]]>", from: bodyStart, what: "CDATA section")
                guard start < position else { continue }
                out.append(contentsOf: bytes[bodyStart..<(position - 3)])
            } else if matches("<!--", at: position) {
                try skip(past: "-->", from: position, what: "comment")
            } else if next == UInt8(ascii: "<") {
                let end = try readTag()
                guard end.isClosing, end.name == tag.name else { throw mismatch(end, expected: tag.name) }
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw KeyedArchiveError(
                        code: .badValue, offset: tag.start, message: "<\(tag.name)> holds invalid UTF-8")
                }
                return text
            } else if next == UInt8(ascii: "&") {
                try readEntity(into: &out)
            } else {
                out.append(next)
                position += 1
            }
        }
    }

    private mutating func readEntity(into out: inout [UInt8]) throws(KeyedArchiveError) {
        let start = position
        var end = position + 1
        while let next = byte(end), next != UInt8(ascii: ";"), end - start < 12 { end += 1 }
        guard byte(end) == UInt8(ascii: ";") else {
            throw KeyedArchiveError(code: .badValue, offset: start, message: "an unterminated entity")
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        position = end + 1
        let scalar: Unicode.Scalar?
        switch name {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x"), let value = UInt32(name.dropFirst(2), radix: 16) {
                scalar = Unicode.Scalar(value)
            } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst(), radix: 10) {
                scalar = Unicode.Scalar(value)
            } else {
                scalar = nil
            }
        }
        guard let scalar else {
            throw KeyedArchiveError(code: .badValue, offset: start, message: "unknown entity &\(name);")
        }
        out.append(contentsOf: String(Character(scalar)).utf8)
    }

    private func parseInteger(_ text: String, at offset: Int) throws(KeyedArchiveError) -> PropertyList {
        var digits = Substring(text)
        var negative = false
        if digits.hasPrefix("-") {
            negative = true
            digits = digits.dropFirst()
        } else if digits.hasPrefix("+") {
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard let magnitude = UInt64(digits, radix: radix) else {
            throw KeyedArchiveError(code: .badValue, offset: offset, message: "\"\(text)\" is not a 64-bit integer")
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else {
                throw KeyedArchiveError(code: .badValue, offset: offset, message: "\"\(text)\" is below Int64.min")
            }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        }
        return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
    }

    private func decodeBase64(_ text: String, at offset: Int) throws(KeyedArchiveError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4 * 3)
        var buffer: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default:
                throw KeyedArchiveError(
                    code: .badValue, offset: offset, message: "byte 0x\(hex(byte)) is not base64 in <data>")
            }
            guard padding == 0 else {
                throw KeyedArchiveError(code: .badValue, offset: offset, message: "base64 continues after '='")
            }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}

extension String {
    /// The string without leading and trailing XML white space.
    var trimmingWhitespace: String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = unicodeScalars.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}

/// Dates as property lists write them in XML: `YYYY-MM-DDTHH:MM:SSZ`, UTC, whole seconds.
enum ISO8601 {
    /// Seconds from 1970-01-01 to 2001-01-01.
    static let referenceOffset: Int64 = 978_307_200

    static func seconds(from text: String) -> Double? {
        let parts = Array(text.utf8)
        guard parts.count == 20, parts[4] == UInt8(ascii: "-"), parts[7] == UInt8(ascii: "-"),
            parts[10] == UInt8(ascii: "T"), parts[13] == UInt8(ascii: ":"), parts[16] == UInt8(ascii: ":"),
            parts[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in parts[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second - referenceOffset)
    }

    static func string(from seconds: Double) -> String? {
        guard seconds.isFinite, abs(seconds) < 2.5e11 else { return nil }
        let total = Int64(seconds.rounded(.down)) + referenceOffset
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let remainder = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(remainder / 3_600, 2)):"
            + "\(pad(remainder / 60 % 60, 2)):\(pad(remainder % 60, 2))Z"
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's published
    /// algorithm, restated).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
