import Foundation
import KeyedArchive
import NibCompiler

/// What one `ibtool` run reports, printed on standard output in the `--output-format` asked for.
///
/// The keys are ibtool's: `com.apple.ibtool.document.errors` / `.warnings` / `.notices` for
/// findings about documents (printed when `--errors`, `--warnings`, `--notices` ask for them),
/// `com.apple.ibtool.errors` for failures of the tool itself (an unknown option, a file it
/// cannot write), always printed. A document's findings are a dictionary from the object id
/// (the document path when no object is concerned) to a list of entries with ibtool's `message`
/// and `type` keys, which Xcode-replaying builders (Xamarin's `IBTool` task) read; NibKit adds
/// the `path`, `line`, `column` and finding `kind`. Tool errors carry ibtool's `description`.
struct IBToolReport {
    /// The severity of a document finding.
    enum Severity: String {
        case error, warning, notice

        var key: String {
            switch self {
            case .error: "com.apple.ibtool.document.errors"
            case .warning: "com.apple.ibtool.document.warnings"
            case .notice: "com.apple.ibtool.document.notices"
            }
        }
    }

    /// One finding about a document.
    struct Finding {
        var severity: Severity
        var path: String
        var line: Int
        var column: Int
        var objectID: String?
        var message: String
        var kind: String?

        /// `path:line: warning: message`, the line editors parse.
        var text: String {
            let place = line > 0 ? "\(path):\(line)" : path
            return "\(place): \(severity.rawValue): \(message)"
        }
    }

    var findings: [Finding] = []
    /// Failures of the tool (`com.apple.ibtool.errors`), as `(path, description)`.
    var toolErrors: [(path: String?, description: String)] = []
    /// Other sections (`com.apple.ibtool.version`, `.document.objects`, …) in the order added.
    var sections: [PropertyList.Entry] = []

    mutating func add(_ warning: CompileWarning, path: String, severity: Severity = .warning) {
        findings.append(
            Finding(
                severity: severity, path: path, line: warning.line, column: warning.column,
                objectID: Self.objectID(in: warning.element), message: Self.message(warning.element, warning.message),
                kind: warning.kind.rawValue))
    }

    /// One warning saying how many more the compile recorded than it kept (`omitted`, by kind),
    /// when there are any.
    mutating func addOmitted(_ omitted: [CompileWarning.Kind: Int], path: String) {
        let count = omitted.values.reduce(0, +)
        guard count > 0 else { return }
        let kinds = omitted.sorted { ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue) }
            .map { "\($0.value) \($0.key.rawValue)" }
        findings.append(
            Finding(
                severity: .warning, path: path, line: 0, column: 0, objectID: nil,
                message:
                    "\(count) more warning\(count == 1 ? "" : "s") not listed (\(kinds.joined(separator: ", "))): "
                    + "a compile keeps the first 10000",
                kind: nil))
    }

    mutating func add(_ error: CompileError, path: String) {
        findings.append(
            Finding(
                severity: .error, path: path, line: error.line, column: error.column,
                objectID: Self.objectID(in: error.element), message: Self.message(error.element, error.message),
                kind: error.code.rawValue))
    }

    mutating func notice(_ message: String, path: String) {
        findings.append(
            Finding(severity: .notice, path: path, line: 0, column: 0, objectID: nil, message: message, kind: nil))
    }

    private static func message(_ element: String?, _ message: String) -> String {
        element.map { "\($0): \(message)" } ?? message
    }

    /// The id in an element summary such as `<label id="abc">`.
    static func objectID(in summary: String?) -> String? {
        guard let summary, let start = summary.range(of: " id=\"") else { return nil }
        let rest = summary[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// The report as a property list, with the finding sections `shown` asks for.
    func propertyList(showing shown: Set<Severity>) -> PropertyList {
        var entries = sections
        for severity in [Severity.error, .warning, .notice] where shown.contains(severity) {
            var groups: [PropertyList.Entry] = []
            for finding in findings where finding.severity == severity {
                let group = finding.objectID ?? finding.path
                var fields = [
                    PropertyList.Entry("message", .string(finding.message)),
                    PropertyList.Entry("type", .string(severity.rawValue)),
                    PropertyList.Entry("path", .string(finding.path)),
                    PropertyList.Entry("line", .integer(Int64(finding.line))),
                    PropertyList.Entry("column", .integer(Int64(finding.column))),
                ]
                if let kind = finding.kind { fields.append(PropertyList.Entry("kind", .string(kind))) }
                if let at = groups.firstIndex(where: { $0.key == group }), case .array(var list) = groups[at].value {
                    list.append(.dictionary(fields))
                    groups[at].value = .array(list)
                } else {
                    groups.append(PropertyList.Entry(group, .array([.dictionary(fields)])))
                }
            }
            entries.append(PropertyList.Entry(severity.key, .dictionary(groups)))
        }
        if !toolErrors.isEmpty {
            let list = toolErrors.map { error in
                PropertyList.dictionary(
                    [PropertyList.Entry("description", .string(error.description))]
                        + (error.path.map { [PropertyList.Entry("path", .string($0))] } ?? []))
            }
            entries.append(PropertyList.Entry("com.apple.ibtool.errors", .array(list)))
        }
        return .dictionary(entries)
    }

    /// The bytes to print: a property list, or for `human-readable-text` one section per key
    /// with content, headed `/* com.apple.ibtool.document.warnings */`, one finding per line.
    func rendered(_ format: IBToolArguments.OutputFormat, showing shown: Set<Severity>) -> [UInt8] {
        switch format {
        case .xml1, .binary1:
            let plist = propertyList(showing: shown)
            // Every value here is a string, an integer or a container: both formats take them.
            return (try? plist.serialized(as: format == .xml1 ? .xml : .binary)) ?? []
        case .humanReadableText:
            var text = ""
            if !toolErrors.isEmpty {
                text += "/* com.apple.ibtool.errors */\n"
                for error in toolErrors {
                    text += error.path.map { "\($0): error: \(error.description)\n" } ?? "error: \(error.description)\n"
                }
            }
            for severity in [Severity.error, .warning, .notice] where shown.contains(severity) {
                let lines = findings.filter { $0.severity == severity }.map(\.text)
                guard !lines.isEmpty else { continue }
                text += "/* \(severity.key) */\n" + lines.map { $0 + "\n" }.joined()
            }
            for section in sections {
                text += "/* \(section.key) */\n" + Self.humanReadable(section.value, indent: "") + "\n"
            }
            return Array(text.utf8)
        }
    }

    /// A property list in the old-style text form ibtool prints for `human-readable-text`.
    static func humanReadable(_ value: PropertyList, indent: String) -> String {
        let inner = indent + "    "
        switch value {
        case .dictionary(let entries):
            guard !entries.isEmpty else { return "{\n\(indent)}" }
            return "{\n"
                + entries.map { "\(inner)\(quoted($0.key)) = \(humanReadable($0.value, indent: inner));\n" }.joined()
                + "\(indent)}"
        case .array(let items):
            guard !items.isEmpty else { return "(\n\(indent))" }
            return "(\n" + items.map { inner + humanReadable($0, indent: inner) }.joined(separator: ",\n")
                + "\n\(indent))"
        case .string(let string): return quoted(string)
        case .integer(let number): return String(number)
        case .bool(let flag): return flag ? "YES" : "NO"
        default: return quoted(value.description)
        }
    }

    private static func quoted(_ text: String) -> String { "\"\(StringsFile.escaped(text))\"" }
}
