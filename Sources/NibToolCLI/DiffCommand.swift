import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive
import NibDiff

/// `nibtool diff A B`: a structural comparison of two nibs, directory nibs or `.storyboardc`s.
struct Diff: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two nibs as object graphs and print what was added, removed or changed.",
        discussion: """
            Objects are matched by their place in the graph (walking from object 0), not by their index in the object table, so two nibs that differ only in table order are equal. Constraint, connection and object lists are compared without regard to order; other lists (subviews, menu items) are aligned by a longest common subsequence, so one inserted element is one added line rather than a change at every later position; nested nibs (table view cells) are compared recursively. Each difference is one line: the path from the root (custom classes named as the archive names them, Swift names demangled: MyApp.LoadingButton: UIClassSwapper), then what changed (constraint attributes and relations, content modes and text alignments by name: centerY (10) → top (3); invisible and private-use characters escaped as \\u{E000}); a last line counts the differences changed, added and removed:

              root › UINibObjectsKey[3] (UILabel) › UIText: "Hello" → "Hi"

            A and B may both be .nib files (NIBArchive or keyed archive, in any mix: keyed-archive nibs are converted first), or both directory nibs or both .storyboardc bundles; those are compared file by file (nibs structurally, Info.plist by value). Inputs of two kinds (a nib file and a .storyboardc) are refused with exit status 64. '-' reads one side from standard input.

            Objects that share value runs, or are referred to from many places, are compared at every place; the work is bounded by --max-expansion (pairs compared and values read, per input byte of both sides), past which diff stops with an expansion-limit error. Nested nibs are compared eight levels deep.

            Exit status: 0 the two are equal, 1 they differ, 2 an input could not be read or parsed (or the comparison passed its expansion limit), 64 the command line was wrong.

            Examples:
              nibtool diff Old/Login.nib New/Login.nib
              nibtool diff --format json Old.storyboardc New.storyboardc | jq .differences
            """)

    @Argument(help: "The left-hand (old) nib, directory nib or .storyboardc.")
    var left: String

    @Argument(help: "The right-hand (new) nib, directory nib or .storyboardc.")
    var right: String

    @Option(help: "Output format: text or json.")
    var format: ReportFormat = .text

    @OptionGroup var expansion: ExpansionOption

    func validate() throws {
        if left == "-" && right == "-" { throw ValidationError("only one side can be standard input") }
    }

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        let kinds = (files.kind(of: left), files.kind(of: right))
        if kinds.0 != kinds.1 {
            // File by file, a nib file and a bundle share no names: every line would be noise.
            throw files.fail(
                left,
                "is a \(kinds.0.rawValue) and \(right) is a \(kinds.1.rawValue): diff compares two inputs of one kind",
                status: ExitStatus.usage)
        }
        let leftFiles = try fileSet(left, files)
        let rightFiles = try fileSet(right, files)
        var options = StructuralComparison.Options()
        options.expansion = expansion.limit
        let differences = FileTreeComparison(comparison: StructuralComparison(options: options))
            .differences(between: leftFiles, and: rightFiles)
        // A comparison that stopped at its limit is an error, not a difference.
        if let stopped = differences.first(where: { $0.difference.kind == .expansionLimit }) {
            let where_ = stopped.file.isEmpty ? left : "\(left): \(stopped.file)"
            throw files.fail(where_, DisplayText.escaped(stopped.difference.left ?? "expansion limit"))
        }
        switch format {
        case .text:
            let style = TerminalStyle(io: io)
            io.write(differences.map { line(for: $0, style) + "\n" }.joined())
            if !differences.isEmpty { io.write(DiffSummary(differences).line + "\n") }
        case .json:
            let report = DiffReport(
                left: left, right: right, equal: differences.isEmpty, summary: DiffSummary(differences),
                differences: differences.map(DiffReport.Entry.init))
            io.write(try jsonText(report))
        }
        if !differences.isEmpty { throw ReportedFailure(status: ExitStatus.checkFailed) }
    }

    /// The files of one side: a single nib under the name "", or a directory's files by relative path.
    /// A single file must parse as a NIBArchive, so a typo or a corrupt file is an error, not a difference.
    private func fileSet(_ path: String, _ files: FileAccess) throws -> [String: [UInt8]] {
        var isDirectory: ObjCBool = false
        if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            do {
                // Keyed-archive nibs inside (macOS keyedobjects.nib) are compared as NIBArchives.
                return try FileTreeComparison.files(at: URL(fileURLWithPath: path)).mapValues(nibArchiveBytes)
            } catch {
                throw files.fail(path, "cannot read the folder: \((error as NSError).localizedDescription)")
            }
        }
        let bytes = try files.read(path)
        let archive = try files.archive(from: bytes, path: path)
        return ["": NibArchive.isKeyedArchive(bytes) ? archive.serialized() : bytes]
    }

    private func line(for entry: FileTreeComparison.Difference, _ style: TerminalStyle) -> String {
        // Paths, keys and values come from the nibs: escaped for the terminal.
        let text = DisplayText.escaped(entry.description)
        switch entry.difference.kind {
        case .keyOnlyInLeft, .elementOnlyInLeft: return style.red("- " + text)
        case .keyOnlyInRight, .elementOnlyInRight: return style.green("+ " + text)
        default: return style.yellow("~ ") + text
        }
    }
}

/// The JSON form of `nibtool diff`.
struct DiffReport: Encodable {
    /// One difference.
    struct Entry: Encodable {
        /// The file within a directory nib or `.storyboardc` ("" for single files).
        var file: String
        /// `class`, `key-only-in-left`, `value`, `element-only-in-right`, …
        var kind: String
        /// The human-readable path from the root object.
        var path: String
        var className: String
        var key: String?
        var left: String?
        var right: String?
        /// The same line the text format prints (without the change marker).
        var description: String

        init(_ difference: FileTreeComparison.Difference) {
            file = difference.file
            kind = difference.difference.kind.rawValue
            path = difference.difference.path
            className = difference.difference.className
            key = difference.difference.key
            left = difference.difference.left
            right = difference.difference.right
            description = difference.description
        }
    }

    var left: String
    var right: String
    var equal: Bool
    var summary: DiffSummary
    var differences: [Entry]
}

/// How many differences of each sort a diff found: the last line of the text format.
struct DiffSummary: Encodable {
    /// Values, types and classes that differ.
    var changed = 0
    /// Keys and elements only in the right-hand (new) input.
    var added = 0
    /// Keys and elements only in the left-hand (old) input.
    var removed = 0
    /// Files (of a directory nib or .storyboardc) with at least one difference.
    var files = 0

    init(_ differences: [FileTreeComparison.Difference]) {
        for difference in differences {
            switch difference.difference.kind {
            case .keyOnlyInRight, .elementOnlyInRight: added += 1
            case .keyOnlyInLeft, .elementOnlyInLeft: removed += 1
            default: changed += 1
            }
        }
        files = Set(differences.map(\.file)).filter { !$0.isEmpty }.count
    }

    /// `12 differences: 9 changed, 2 added, 1 removed` (`in 3 files` for bundles).
    var line: String {
        let total = changed + added + removed
        return "\(counted(total, "difference")): \(changed) changed, \(added) added, \(removed) removed"
            + (files > 0 ? " in \(counted(files, "file"))" : "")
    }
}
