import NibCompiler

/// `.strings` files as `ibtool --export-strings-file` writes them and `--companion-strings-file`
/// reads them.
///
/// ibtool writes UTF-16 with a byte order mark (build scripts that keep their strings as UTF-8
/// run `iconv -f UTF-16 -t UTF-8` on its output); NibKit writes UTF-16 little-endian with
/// `FF FE`. Each string is a blank line, a comment naming the class, the property, the source
/// text and the object id, then the entry; entries are in Finder order of their keys (numbers by
/// value, case-insensitive), the order of the strings files committed beside storyboards.
enum StringsFile {
    /// The file for `strings`: UTF-16LE with a byte order mark.
    static func render(_ strings: [LocalizableString]) -> [UInt8] {
        let sorted = strings.sorted { finderOrder($0.key, $1.key) }
        var text = ""
        for string in sorted {
            text += "\n/* Class = \"\(escaped(string.className))\"; \(string.property) = \"\(escaped(string.value))\"; "
            text += "ObjectID = \"\(escaped(string.objectID))\"; */\n"
            text += "\"\(escaped(string.key))\" = \"\(escaped(string.value))\";\n"
        }
        var bytes: [UInt8] = [0xFF, 0xFE]
        bytes.reserveCapacity(2 + text.utf16.count * 2)
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

    /// Whether `a` comes before `b` the way Finder sorts names: runs of digits by their value,
    /// letters without regard to case (lowercase first when only case differs).
    static func finderOrder(_ a: String, _ b: String) -> Bool {
        let left = Array(a.unicodeScalars)
        let right = Array(b.unicodeScalars)
        var i = 0
        var j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                let leftRun = digitRun(left, from: i)
                let rightRun = digitRun(right, from: j)
                let leftDigits = left[leftRun].drop { $0 == "0" }
                let rightDigits = right[rightRun].drop { $0 == "0" }
                if leftDigits.count != rightDigits.count { return leftDigits.count < rightDigits.count }
                for (x, y) in zip(leftDigits, rightDigits) where x != y { return x.value < y.value }
                i = leftRun.upperBound
                j = rightRun.upperBound
                continue
            }
            let x = folded(left[i])
            let y = folded(right[j])
            if x != y { return x < y }
            i += 1
            j += 1
        }
        if left.count - i != right.count - j { return left.count - i < right.count - j }
        // Equal but for case: lowercase first, as Finder puts "5Yd" before "5YD".
        for (x, y) in zip(left, right) where x != y {
            return x.properties.isLowercase && !y.properties.isLowercase
        }
        return false
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func digitRun(_ scalars: [Unicode.Scalar], from start: Int) -> Range<Int> {
        var end = start
        while end < scalars.count, isDigit(scalars[end]) { end += 1 }
        return start..<end
    }

    private static func folded(_ scalar: Unicode.Scalar) -> String {
        String(scalar).lowercased()
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
                while let c = peek(), c.properties.isAlphabetic || ("0"..."9").contains(c) || "_.-$:/".unicodeScalars.contains(c) {
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
