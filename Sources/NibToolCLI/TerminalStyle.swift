import Foundation
import NibArchive

/// ANSI colors for human-readable output: used only when the stream is a terminal and the
/// `NO_COLOR` environment variable (https://no-color.org) is unset or empty.
struct TerminalStyle {
    /// Whether escapes are written at all.
    let enabled: Bool

    /// The style for standard output of `io`.
    init(io: CommandIO, environment: [String: String] = ProcessInfo.processInfo.environment) {
        enabled = io.outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    func red(_ text: String) -> String { paint(text, "31") }
    func green(_ text: String) -> String { paint(text, "32") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func bold(_ text: String) -> String { paint(text, "1") }
    func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Encodes `value` as pretty, key-sorted JSON text followed by a newline; a number that is not
/// finite (a nib's NaN or infinite frame) is the string `"nan"`, `"inf"` or `"-inf"` (JSON has
/// no such numbers, and the encoder refused the whole report: FuzzTree).
func jsonText(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return terminalSafeJSON(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
}

/// `json` with each character that ``DisplayText/needsEscape(_:)`` names and JSON leaves as it
/// is — DEL, C1 controls, bidirectional overrides and isolates, invisible format characters,
/// private use — written as a `\uXXXX` escape (a surrogate pair past U+FFFF), so JSON printed on
/// a terminal cannot reorder or hide what the nib says. Such characters occur only inside JSON
/// strings, where the escape stands for the same character; the encoders already escape C0
/// controls, and ASCII whitespace between tokens is left alone.
func terminalSafeJSON(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && DisplayText.needsEscape($0) }) else {
        return json
    }
    var result = ""
    result.reserveCapacity(json.utf8.count)
    func escape(_ unit: UInt32) {
        let hex = String(unit, radix: 16, uppercase: false)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    for scalar in json.unicodeScalars {
        guard scalar.value >= 0x7F, DisplayText.needsEscape(scalar) else {
            result.unicodeScalars.append(scalar)
            continue
        }
        if scalar.value > 0xFFFF {
            let offset = scalar.value - 0x10000
            escape(0xD800 + (offset >> 10))
            escape(0xDC00 + (offset & 0x3FF))
        } else {
            escape(scalar.value)
        }
    }
    return result
}

/// `1 object`, `2 objects`: a count with its noun in the right number (`many` defaults to the
/// noun plus "s").
func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
    "\(count) \(count == 1 ? one : many ?? one + "s")"
}
