import ArgumentParser
import NibArchive

/// `nibtool verify [--canonical] FILE...`.
struct Verify: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that nibs would load (and, with --canonical, that Apple's writer made them).",
        discussion: """
            Prints one line per file, 'ok' or 'FAIL' with counts, followed by its findings, one per line: offset in hex and decimal, severity, finding ID, table entry, message. Errors fail a file (UIKit would reject it, or NibKit cannot model it); warnings are shown but do not; with --canonical, notes (layout that Apple's writer would not produce) fail it too.

            The exit status is 0 only if every file passes, 1 if one fails; a file that cannot be read is listed as 'unreadable', its reason goes to standard error, and the exit status is then 2.

            At most 1000 findings are listed per file (the first found); the line after them counts the rest, and the per-file counts include them. Objects that share value runs are checked once per run, and at most 2 shared values per input byte (plus 65536): past that an expansion-limit warning says the per-object checks stopped.

            Example:
              nibtool verify Examples/Hello.nib
              nibtool verify --canonical build/*.nib
            """)

    @Flag(help: "Also require the layout Apple's writer produces.")
    var canonical = false

    @Flag(help: "Print only the per-file lines, not the findings.")
    var quiet = false

    @Argument(help: "The .nib files ('-' for standard input).")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one file to verify") }
    }

    func execute(_ io: CommandIO) throws {
        let access = FileAccess(io: io)
        var allPass = true
        var unreadable = 0
        var output = ""
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = try access.read(file)
            } catch {
                // The reason is on standard error; the per-file list still names the file, and
                // the exit status is 2 (an input could not be read), as for every command.
                io.write("\(file == "-" ? "<stdin>" : file): unreadable\n")
                unreadable += 1
                continue
            }
            let report = NibArchive.validate(bytes, level: canonical ? .canonical : .loadable)
            let counts = Dictionary(grouping: report.findings, by: \.severity).mapValues(\.count)
                .merging(report.omittedFindings, uniquingKeysWith: +)
            let summary = Finding.Severity.allCases.reversed().compactMap { severity in
                counts[severity].map { "\($0) \(severity.rawValue)\($0 == 1 ? "" : "s")" }
            }.joined(separator: ", ")
            let name = file == "-" ? "<stdin>" : file
            output += "\(name): \(report.passes ? "ok" : "FAIL")\(summary.isEmpty ? "" : " (\(summary))")\n"
            if !quiet {
                for finding in report.findings { output += "  \(DisplayText.escaped(finding.description))\n" }
                let omitted = report.omittedFindings.values.reduce(0, +)
                if omitted > 0 {
                    output += "  … and \(omitted) more finding\(omitted == 1 ? "" : "s") not listed "
                    output += "(the first \(report.findings.count) are)\n"
                }
            }
            allPass = allPass && report.passes
            io.write(output)
            output = ""
        }
        if unreadable > 0 { throw ReportedFailure(status: ExitStatus.inputError) }
        if !allPass { throw ReportedFailure(status: ExitStatus.checkFailed) }
    }
}
