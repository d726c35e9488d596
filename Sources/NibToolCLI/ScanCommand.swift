import ArgumentParser
import Foundation
import NibArchive
import ZIPFoundation

/// `nibtool scan PATH`: every nib in an app, an `.ipa` or a folder, with its custom classes,
/// outlets, actions and user-visible strings.
struct Scan: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find every nib in an .ipa, an .app or a folder and list its classes, outlets, actions and strings.",
        discussion: """
            PATH may be an .ipa or any zip, an .app bundle, any folder, or a single nib. Every NIBArchive file is found by its magic bytes whatever its name (in zips: entries named .nib or inside .nib and .storyboardc folders). A directory nib (X.nib/runtime.nib and its variants) and a .storyboardc bundle are reported as one nib each; keyed-archive nibs (old NSKeyedArchiver .nib files, binary or XML) are reported with kind keyed-archive and decoded like the others.

            For each nib: its custom (non-Apple) classes, Swift names demangled and class swappers resolved; outlet and action names; and the strings people see (label and button titles, placeholders, prompts, accessibility labels), including those in nested nibs. The total lists each of them once across all nibs.

            A progress bar is drawn on standard error when it is a terminal and there are many files. With --format json, the output is one object:
              {"path": …, "nibs": [{"path", "kind", "files", "classes", "outlets", "actions",
                "strings", "note"?}], "total": {"nibs", "classes", "outlets", "actions", "strings"}}

            Limits: zip entries are inflated within --max-inflated-bytes for the whole zip and --max-compression-ratio per entry (entries that inflate to over 1 MiB); a zip whose central directory lists fewer entries than its end record declares is an error. Strings and objects read from one nib (shared references are read at every use) are bounded by --max-expansion per byte of the nib. A nib that passes a limit is reported with a note and a warning naming it, and the exit status is 2.
            Strings, names and paths from the scanned files are printed with control characters, escape sequences and bidirectional overrides escaped (\\u{1B}); the JSON output holds them as they are.
            Exit status: 0 the scan ran (nibs that fail to parse are reported with a note and a warning), 2 PATH could not be read, is a corrupt or truncated zip, is a single file that is neither a zip nor a nib (the message names what it is), or a nib passed a limit, 64 the command line was wrong.

            Examples:
              nibtool scan MyApp.ipa
              nibtool scan /Applications/Example.app
              nibtool scan OldApp.app/Contents/Resources/MainMenu.nib
              nibtool scan --format json build/ | jq '.nibs[] | select(.kind == "storyboard") | .path'
            """)

    @Argument(help: "An .ipa or zip, an .app bundle, a folder, or one nib.")
    var path: String

    @Option(help: "Output format: text or json.")
    var format: ReportFormat = .text

    @OptionGroup var expansion: ExpansionOption

    @Option(
        name: .customLong("max-inflated-bytes"),
        help: "The most bytes inflated from a zip's entries, all together (default 1073741824).")
    var maxInflatedBytes: Int = NibScanner.InflateLimits().maximumBytes

    @Option(
        name: .customLong("max-compression-ratio"),
        help: "The most a zip entry may inflate per compressed byte, for entries over 1 MiB (default 32).")
    var maxCompressionRatio: Int = NibScanner.InflateLimits().maximumRatio

    func validate() throws {
        guard maxInflatedBytes >= 0, maxCompressionRatio >= 1 else {
            throw ValidationError("--max-inflated-bytes must be 0 or more and --max-compression-ratio 1 or more")
        }
    }

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw files.fail(path, "no such file or folder")
        }
        let candidates: [NibScanner.Candidate]
        do {
            if isDirectory.boolValue {
                // A directory nib or .storyboardc named itself is one nib, as inside a folder.
                let bundle = ["nib", "storyboardc"].contains(url.pathExtension.lowercased())
                candidates = try NibScanner.folderCandidates(url, prefix: bundle ? url.lastPathComponent + "/" : "")
            } else {
                let handle = try FileHandle(forReadingFrom: url)
                let head = [UInt8](try handle.read(upToCount: 16) ?? Data())
                try? handle.close()
                if NibScanner.isZip(head) {
                    do {
                        candidates = try NibScanner.zipCandidates(
                            url,
                            limits: NibScanner.InflateLimits(
                                maximumBytes: maxInflatedBytes, maximumRatio: maxCompressionRatio))
                    } catch let error as Archive.ArchiveError {
                        throw files.fail(path, NibScanner.describe(error))
                    }
                } else if let kind = NibScanner.nonNibKind(head, name: url.lastPathComponent) {
                    // A single file that is neither a zip nor a nib: saying "0 nibs" would hide it.
                    throw files.fail(path, kind)
                } else {
                    let name = url.lastPathComponent
                    candidates = [
                        NibScanner.Candidate(
                            path: name, read: { try files.read(path) }, head: { try files.read(path) })
                    ]
                }
            }
        } catch let failure as ReportedFailure {
            throw failure
        } catch {
            throw files.fail(path, "cannot read: \(error)")
        }

        var scanner = NibScanner()
        scanner.expansionLimit = expansion.limit
        let bar = ProgressBar(enabled: io.errorIsTerminal && candidates.count >= ProgressBar.threshold)
        scanner.progress = { done, total in bar.update(done, total) }
        let entries = scanner.scan(candidates) { io.error("nibtool: warning: \(DisplayText.escaped($0))") }
        bar.finish()

        var total = NibContents()
        for entry in entries { total.merge(entry.contents) }
        switch format {
        case .json:
            io.write(try jsonText(ScanReport(path: path, nibs: entries, total: .init(nibs: entries.count, total))))
        case .text:
            io.write(text(entries, total, style: TerminalStyle(io: io)))
        }
        let stopped = entries.filter(\.limitExceeded).count
        if stopped > 0 {
            throw files.fail(
                path,
                "\(stopped) nib\(stopped == 1 ? " was" : "s were") not read whole: a limit was reached (see the warnings; --max-expansion, --max-inflated-bytes, --max-compression-ratio raise the limits)"
            )
        }
    }

    private func text(_ entries: [NibScanner.Entry], _ total: NibContents, style: TerminalStyle) -> String {
        var out = ""
        func list(_ name: String, _ values: [String], quoted: Bool = false) {
            guard !values.isEmpty else { return }
            // Everything shown comes from the scanned files: escaped for the terminal.
            let shown = values.map { quoted ? "\"\(DisplayText.escaped($0, quote: true))\"" : DisplayText.escaped($0) }
            out += "  \(style.dim(name + ":")) \(shown.joined(separator: ", "))\n"
        }
        for entry in entries {
            let files = entry.files > 1 ? ", \(entry.files) files" : ""
            out += "\(style.bold(DisplayText.escaped(entry.path)))  (\(entry.kind.rawValue)\(files))\n"
            if let note = entry.note { out += "  \(style.yellow("note:")) \(DisplayText.escaped(note))\n" }
            list("classes", entry.contents.classes)
            list("outlets", entry.contents.outlets)
            list("actions", entry.contents.actions)
            list("strings", entry.contents.strings, quoted: true)
        }
        let kinds = Dictionary(grouping: entries, by: \.kind).mapValues(\.count)
        let breakdown = [NibScanner.Entry.Kind.nib, .directoryNib, .storyboard, .keyedArchive]
            .compactMap { kind in kinds[kind].map { "\($0) \(kind.rawValue)" } }.joined(separator: ", ")
        out += "\n" + style.bold("Total: \(entries.count) nib\(entries.count == 1 ? "" : "s")")
        out += breakdown.isEmpty ? "" : " (\(breakdown))"
        func count(_ value: Int, _ noun: String, _ plural: String) -> String {
            "\(value) \(value == 1 ? noun : plural)"
        }
        out += "; " + count(total.classes.count, "custom class", "custom classes") + ", "
        out += count(total.outlets.count, "outlet", "outlets") + ", " + count(total.actions.count, "action", "actions")
        out += ", " + count(total.strings.count, "string", "strings") + "\n"
        list("classes", total.classes)
        return out
    }
}

/// The JSON form of `nibtool scan`.
struct ScanReport: Encodable {
    /// Totals across every nib, each value listed once.
    struct Total: Encodable {
        var nibs: Int
        var classes: [String]
        var outlets: [String]
        var actions: [String]
        var strings: [String]

        init(nibs: Int, _ contents: NibContents) {
            self.nibs = nibs
            classes = contents.classes
            outlets = contents.outlets
            actions = contents.actions
            strings = contents.strings
        }
    }

    var path: String
    var nibs: [NibScanner.Entry]
    var total: Total
}

/// A one-line progress bar on standard error, redrawn in place (only when it is a terminal).
final class ProgressBar: @unchecked Sendable {
    /// Below this many files the scan is too quick for a bar to help.
    static let threshold = 200
    private let enabled: Bool
    private var lastDrawn = -1

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let percent = done * 100 / total
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) files".utf8))
    }

    func finish() {
        guard enabled, lastDrawn >= 0 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
