import ArgumentParser
import KeyedArchive
import NibArchive

/// `nibtool verify [--canonical] FILE...`.
struct Verify: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that nibs would load (and, with --canonical, that Apple's writer made them).",
        discussion: """
            Prints one line per file, 'ok' or 'FAIL' with counts, followed by its findings, one per line: offset in hex and decimal, severity, finding ID, table entry, message. Errors fail a file (UIKit would reject it, or NibKit cannot model it); warnings are shown but do not; with --canonical, notes (layout that Apple's writer would not produce) fail it too.

            The exit status is 0 only if every file passes, 1 if one fails; a file that cannot be read is listed as 'unreadable', its reason goes to standard error, and the exit status is then 2.

            At most 1000 findings are listed per file (the first found); the line after them counts the rest, and the per-file counts include them. Objects that share value runs are checked once per run, and at most 2 shared values per input byte (plus 65536): past that an expansion-limit warning says the per-object checks stopped.

            A keyed-archive nib (an NSKeyedArchiver property list) gets the checks that apply to it, each finding naming its place such as $objects[12].NSSubviews[3]: the property list parses, $archiver, $version, $top and $objects are there, $objects[0] is "$null", every UID is below the object count, every $class is a class entry with $classname and $classes, and the archive converts to the NIBArchive NibKit loads. --canonical concerns the NIBArchive layout and does not apply to it. A directory nib or .storyboardc is verified nib by nib (and a storyboard's Info.plist must parse).

            Example:
              nibtool verify Examples/Hello.nib
              nibtool verify --canonical build/*.nib
            """)

    @Flag(help: "Also require the layout Apple's writer produces.")
    var canonical = false

    @Flag(help: "Print only the per-file lines, not the findings.")
    var quiet = false

    @Argument(
        help:
            "The nibs: .nib files (NIBArchive or keyed archive), directory nibs or .storyboardc bundles ('-' for standard input)."
    )
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one file to verify") }
    }

    func execute(_ io: CommandIO) throws {
        let access = FileAccess(io: io)
        var allPass = true
        var unreadable = 0
        for file in files {
            // A directory nib or .storyboardc: each of its nibs is verified as a file of its own.
            var members: [(name: String, bytes: [UInt8])]
            do {
                if let bundle = try access.bundle(at: file) {
                    io.write("\(file): \(bundle.summary)\n")
                    members = bundle.nibs.map { ("\(file)/\($0.name)", $0.bytes) }
                    if bundle.kind == .storyboard {
                        // The storyboard's Info.plist is what UIStoryboard/NSStoryboard read first.
                        let plist = bundle.files.first { $0.name == "Info.plist" }
                        io.write(infoPlistLine(plist?.bytes, name: "\(file)/Info.plist"))
                        if plist.flatMap({ try? PropertyList(parsing: $0.bytes) }) == nil { allPass = false }
                    }
                } else {
                    members = [(file, try access.read(file))]
                }
            } catch {
                // The reason is on standard error; the per-file list still names the file, and
                // the exit status is 2 (an input could not be read), as for every command.
                io.write("\(file == "-" ? "<stdin>" : file): unreadable\n")
                unreadable += 1
                continue
            }
            for member in members {
                let (passes, text) = verify(member.bytes, name: member.name == "-" ? "<stdin>" : member.name)
                allPass = allPass && passes
                io.write(text)
            }
        }
        if unreadable > 0 { throw ReportedFailure(status: ExitStatus.inputError) }
        if !allPass { throw ReportedFailure(status: ExitStatus.checkFailed) }
    }

    /// The line (and finding) for a storyboard's `Info.plist`: it must be a property list.
    private func infoPlistLine(_ bytes: [UInt8]?, name: String) -> String {
        guard let bytes else {
            return "\(name): FAIL (1 error)\n  file error missing-info-plist: a .storyboardc needs an Info.plist\n"
        }
        do {
            _ = try PropertyList(parsing: bytes)
            return "\(name): ok\n"
        } catch {
            let location = error.offset.map { "0x\(String($0, radix: 16, uppercase: true)) (\($0))" } ?? "file"
            return
                "\(name): FAIL (1 error)\n  \(location) error plist-\(error.code): \(DisplayText.escaped(error.message))\n"
        }
    }

    /// The lines for one nib file: a NIBArchive through the validator, a keyed archive through
    /// the keyed-archive checks; whether it passes.
    private func verify(_ bytes: [UInt8], name: String) -> (passes: Bool, text: String) {
        if NibArchive.isKeyedArchive(bytes) {
            let report = KeyedArchiveReport(bytes)
            var counts: [Finding.Severity: Int] = [:]
            for finding in report.findings { counts[finding.severity, default: 0] += 1 }
            // Findings past those kept are errors or warnings (the checks give no notes).
            if report.omittedErrors > 0 { counts[.error, default: 0] += report.omittedErrors }
            if report.omittedFindings > report.omittedErrors {
                counts[.warning, default: 0] += report.omittedFindings - report.omittedErrors
            }
            let summary = (["keyed archive"] + countsText(counts)).joined(separator: ", ")
            var output = "\(name): \(report.passes ? "ok" : "FAIL") (\(summary))\n"
            if !quiet {
                for finding in report.findings.prefix(KeyedArchiveReport.maximumFindings) {
                    output += "  \(DisplayText.escaped(finding.description))\n"
                }
                let omitted = report.findings.count - KeyedArchiveReport.maximumFindings + report.omittedFindings
                if omitted > 0 {
                    output += "  … and \(counted(omitted, "more finding", "more findings")) not listed "
                    output += "(the first \(KeyedArchiveReport.maximumFindings) are)\n"
                }
            }
            return (report.passes, output)
        }
        let report = NibArchive.validate(bytes, level: canonical ? .canonical : .loadable)
        let counts = Dictionary(grouping: report.findings, by: \.severity).mapValues(\.count)
            .merging(report.omittedFindings, uniquingKeysWith: +)
        let summary = countsText(counts).joined(separator: ", ")
        var output = "\(name): \(report.passes ? "ok" : "FAIL")\(summary.isEmpty ? "" : " (\(summary))")\n"
        if !quiet {
            for finding in report.findings { output += "  \(DisplayText.escaped(finding.description))\n" }
            let omitted = report.omittedFindings.values.reduce(0, +)
            if omitted > 0 {
                output += "  … and \(omitted) more finding\(omitted == 1 ? "" : "s") not listed "
                output += "(the first \(report.findings.count) are)\n"
            }
        }
        return (report.passes, output)
    }

    /// `1 error, 2 warnings`, most severe first.
    private func countsText(_ counts: [Finding.Severity: Int]) -> [String] {
        Finding.Severity.allCases.reversed().compactMap { severity in
            counts[severity].map { counted($0, severity.rawValue) }
        }
    }
}
