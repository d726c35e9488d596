/// Text from an archive made safe to print on a terminal: every character that could move the
/// cursor, change the terminal's state (ESC sequences such as `ESC ]0;…` that set a window
/// title), hide text (NUL) or reorder it (bidirectional overrides) is shown as an escape.
///
/// Shared by every command that prints strings read from a nib (`dump`, `diff`, `tree`,
/// `scan`), so they all escape the same way.
package enum DisplayText {
    /// `text` with `\\`, `\n`, `\r`, `\t`, other C0 and C1 controls, DEL, the Unicode
    /// format characters that reorder or hide text, and private-use characters written as
    /// escapes (`\u{1B}`, `\u{202E}`, `\u{E000}`).
    /// Quotes are escaped too when `quote` is true, so the result can stand between quotes.
    package static func escaped(_ text: String, quote: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"" where quote: result += "\\\""
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether `text` prints as it is (nothing in it needs an escape other than `\n`).
    package static func isPlain(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 != "\n" && $0 != "\t" && needsEscape($0) }
    }

    /// Controls (C0, DEL, C1), bidirectional marks, embeddings, overrides and isolates, the
    /// zero-width and invisible format characters (soft hyphen and tags included), line and
    /// paragraph separators, private-use characters, and noncharacters.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0: return true
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB: return true
        case 0xFDD0...0xFDEF: return true
        // Soft hyphen, combining grapheme joiner, Mongolian vowel separator, tag characters:
        // invisible on a terminal.
        case 0x00AD, 0x034F, 0x180E, 0xE0000...0xE007F: return true
        // Private use (icon fonts put their glyphs here): no terminal font shows what the app's
        // font draws, so `"\u{E000}"` says more than an empty box or nothing at all.
        case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: return true
        default: return scalar.value & 0xFFFE == 0xFFFE
        }
    }
}

extension DisplayText {
    /// `1 byte`, `2 bytes`: a count with its noun in the right number, for messages
    /// (`many` defaults to the noun plus "s").
    package static func counted(_ count: some BinaryInteger, _ one: String, _ many: String? = nil) -> String {
        "\(count) \(count == 1 ? one : many ?? one + "s")"
    }
}
