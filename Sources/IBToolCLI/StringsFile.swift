import NibCompiler

/// `.strings` files as `ibtool --export-strings-file` writes them and `--companion-strings-file`
/// reads them.
///
/// ibtool writes UTF-16 with a byte order mark (build scripts that keep their strings as UTF-8
/// run `iconv -f UTF-16 -t UTF-8` on its output); NibKit writes UTF-16 little-endian with
/// `FF FE`. Each string is a blank line, a comment naming the class, the property, the source
/// text, the object id and the comment for localizers (`Note`), then the entry. Entries are in
/// order of object id, character by character, except that ids which are whole numbers (older
/// documents) go by value: the order of the strings files committed beside their documents
/// (Clipy's `en.lproj` files put `27s-…` before `9wr-…` and `FM4-…` before `Faj-…`,
/// transmission's `GroupRules.strings` puts `11` before `100`).
enum StringsFile {
    /// The file for `strings`: UTF-16LE with a byte order mark.
    static func render(_ strings: [LocalizableString]) -> [UInt8] {
        let sorted = strings.sorted(by: precedes)
        var text = ""
        for string in sorted {
            text += "\n/* Class = \"\(escaped(string.className))\"; \(string.property) = \"\(escaped(string.value))\"; "
            text += "ObjectID = \"\(escaped(string.objectID))\"; "
            if let note = string.note { text += "Note = \"\(escaped(note))\"; " }
            text += "*/\n"
            text += "\"\(escaped(string.key))\" = \"\(escaped(string.value))\";\n"
        }
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes.append(UInt8(truncatingIfNeeded: unit))
            bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
        }
        return bytes
    }

    /// `text` with `"`, `\` and control characters escaped as in a strings file.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `a` comes before `b` in ibtool's order: by object id, ids that are whole numbers
    /// (documents of Xcode 4 and earlier) by value, others by Unicode scalar; then by property.
    static func precedes(_ a: LocalizableString, _ b: LocalizableString) -> Bool {
        if a.objectID != b.objectID {
            if let left = wholeNumber(a.objectID), let right = wholeNumber(b.objectID), left != right {
                return left.count != right.count ? left.count < right.count : left < right
            }
            return a.objectID.unicodeScalars.lexicographicallyPrecedes(b.objectID.unicodeScalars)
        }
        return a.property.unicodeScalars.lexicographicallyPrecedes(b.property.unicodeScalars)
    }

    /// The digits of `id` without leading zeros when it is a whole number, else `nil`.
    private static func wholeNumber(_ id: String) -> String? {
        guard !id.isEmpty, id.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let trimmed = id.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    /// A strings file that could not be read: the byte or character where reading stopped.
    struct ParseError: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    /// The key → value table of a strings file in UTF-16 (with a byte order mark) or UTF-8.
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> [String: String] {
        var parser = Parser(scalars: Array(decode(bytes).unicodeScalars))
        return try parser.table()
    }

    /// The text of `bytes`: UTF-16 when they start with a byte order mark, else UTF-8.
    static func decode(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let littleEndian = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let first = UInt16(bytes[index])
                let second = UInt16(bytes[index + 1])
                units.append(littleEndian ? first | second << 8 : first << 8 | second)
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(decoding: body, as: UTF8.self)
    }

    /// The old-style property list grammar strings files use: `"key" = "value";`, with `/* */`
    /// and `//` comments, and unquoted keys of letters, digits and `_.-`.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        mutating func table() throws(ParseError) -> [String: String] {
            var result: [String: String] = [:]
            while true {
                try skipSpaceAndComments()
                guard index < scalars.count else { return result }
                let key = try string()
                try skipSpaceAndComments()
                guard next() == "=" else { throw failure("expected \"=\" after \"\(key)\"") }
                try skipSpaceAndComments()
                let value = try string()
                try skipSpaceAndComments()
                guard next() == ";" else { throw failure("expected \";\" after the value of \"\(key)\"") }
                result[key] = value
            }
        }

        private mutating func next() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            defer { index += 1 }
            if scalars[index] == "\n" { line += 1 }
            return scalars[index]
        }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private func failure(_ message: String) -> ParseError { ParseError(line: line, message: message) }

        private mutating func skipSpaceAndComments() throws(ParseError) {
            while let scalar = peek() {
                if scalar.properties.isWhitespace {
                    _ = next()
                } else if scalar == "/", peek(1) == "*" {
                    let start = line
                    index += 2
                    while true {
                        guard let c = next() else { throw ParseError(line: start, message: "unterminated comment") }
                        if c == "*", peek() == "/" {
                            index += 1
                            break
                        }
                    }
                } else if scalar == "/", peek(1) == "/" {
                    while let c = peek(), c != "\n" { index += 1 }
                } else {
                    return
                }
            }
        }

        private mutating func string() throws(ParseError) -> String {
            guard let first = peek() else { throw failure("expected a string") }
            if first != "\"" {
                var word = ""
                while let c = peek(),
                    c.properties.isAlphabetic || ("0"..."9").contains(c) || "_.-$:/".unicodeScalars.contains(c)
                {
                    word.unicodeScalars.append(c)
                    index += 1
                }
                guard !word.isEmpty else { throw failure("unexpected \"\(first)\"") }
                return word
            }
            index += 1
            var result = ""
            while true {
                guard let c = next() else { throw failure("unterminated string") }
                if c == "\"" { return result }
                guard c == "\\" else {
                    result.unicodeScalars.append(c)
                    continue
                }
                guard let escape = next() else { throw failure("unterminated string") }
                switch escape {
                case "n": result += "\n"
                case "t": result += "\t"
                case "r": result += "\r"
                case "U", "u":
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let digit = peek(), let hex = Int(String(digit), radix: 16) else { break }
                        value = value << 4 | UInt32(hex)
                        index += 1
                    }
                    if let scalar = Unicode.Scalar(value) { result.unicodeScalars.append(scalar) }
                default: result.unicodeScalars.append(escape)
                }
            }
        }
    }
}
