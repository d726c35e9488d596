import Foundation

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
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
}

/// `1 object`, `2 objects`: a count with its noun in the right number (`many` defaults to the
/// noun plus "s").
func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
    "\(count) \(count == 1 ? one : many ?? one + "s")"
}
