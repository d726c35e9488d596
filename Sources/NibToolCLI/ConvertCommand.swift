import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive

/// `nibtool convert INPUT OUTPUT`: `.nib` ⇄ `.json` ⇄ keyed-archive `.plist`.
struct Convert: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a nib to NibKit's lossless JSON or to an NSKeyedArchiver property list, and back.",
        discussion: """
            The input may be a NIBArchive nib, NibKit JSON, or a keyed archive (a binary or XML property list, such as an old NSKeyedArchiver .nib); its kind is read from its content. The output's kind follows its extension (.nib, .json or .plist), and --to overrides it; an output with another extension or none (out.txt) is refused, never written as a nib. Standard output ('-') gets JSON unless --to says otherwise, and a binary nib or property list is never written to a terminal. A directory nib or .storyboardc holds several nibs and is refused with their names: convert each one.

            nib → json → nib gives back the identical bytes. A hand-edited JSON (a changed string, an added value) writes a valid archive: when an edit changes a table's size, the tables are laid out canonically. The JSON format is documented in docs/JSON-FORMAT.md.

            nib → plist writes an NSKeyedArchiver archive with the same object graph (binary unless --plist-format xml). What the keyed form cannot hold (header versions, class and key tables, wire widths, value order, the trailer) goes into a $nibkit dictionary in the plist, and a note on standard error says what; plist → nib then gives back an equal archive, byte for byte for nibs in canonical layout. Keyed archives written by other tools (no $nibkit) are mapped the way the NIBArchive encoder lays out the same objects.

            A binary property list may refer to one string or data value from many places, and nib objects may share one run of values; converted, each place or object gets its own copy. The conversion stops with an expansion-limit error past 2 values (and 8 bytes of string or data each) per input byte plus 65536; --max-expansion N raises the factor.

            Examples:
              nibtool convert Examples/Hello.nib hello.json
              nibtool convert hello.json Hello-edited.nib
              nibtool convert --to json - - < Examples/Hello.nib
              nibtool convert Examples/Hello.nib hello.plist
              nibtool convert --plist-format xml Examples/Hello.nib hello.plist
              nibtool convert hello.plist Hello-again.nib
              nibtool convert OldApp/MainMenu.nib MainMenu-nibarchive.nib
            """)

    enum Target: String, ExpressibleByArgument, CaseIterable {
        case nib, json, plist
    }

    /// The property list encoding written for `--to plist`.
    enum PlistFormat: String, ExpressibleByArgument, CaseIterable {
        case binary, xml

        var format: PropertyList.Format { self == .binary ? .binary : .xml }
    }

    @Argument(help: "The input file: a nib (NIBArchive or keyed archive), .json or .plist ('-' for standard input).")
    var input: String

    @Argument(help: "The output file, .nib, .json or .plist ('-' for standard output).")
    var output: String

    @Option(help: "The output kind, nib, json or plist (default: from the output's extension).")
    var to: Target?

    @Option(name: .customLong("plist-format"), help: "The property list encoding for plist output: binary or xml.")
    var plistFormat: PlistFormat = .binary

    @OptionGroup var expansion: ExpansionOption

    /// What to write: `--to`; else the output's extension; for standard output without `--to`,
    /// JSON (text), so a binary nib never reaches a terminal or pipe unasked. An output whose
    /// kind cannot be told (`out.txt`, `out`) is refused rather than written as a nib.
    static func target(_ to: Target?, output: String, inputIsJSON: Bool, files: FileAccess) throws -> Target {
        if let to { return to }
        if output == "-" {
            guard !inputIsJSON else {
                throw files.fail(
                    output,
                    "the input is already NibKit JSON: give --to nib or --to plist to write a nib or "
                        + "property list to standard output", status: ExitStatus.usage)
            }
            return .json
        }
        let pathExtension = URL(fileURLWithPath: output).pathExtension
        guard let byExtension = Target(rawValue: pathExtension.lowercased()) else {
            let named = pathExtension.isEmpty ? "has no extension" : "ends in .\(pathExtension)"
            throw files.fail(
                output,
                "the output \(named), so its kind is unknown: name it .nib, .json or .plist, or give "
                    + "--to nib, --to json or --to plist", status: ExitStatus.usage)
        }
        return byExtension
    }

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        if let bundle = try files.bundle(at: input) {
            // One output file cannot hold a bundle's several nibs.
            let example = bundle.nibs.first.map { " such as 'nibtool convert \(input)/\($0.name) out.json'" } ?? ""
            throw files.fail(
                input, "is \(bundle.summary): convert takes one nib; convert each of its nibs\(example)",
                status: ExitStatus.usage)
        }
        let bytes = try files.read(input)
        let inputIsKeyed = NibArchive.isKeyedArchive(bytes)
        let inputIsJSON = !NibArchive.hasMagic(bytes) && !inputIsKeyed
        let target = try Self.target(to, output: output, inputIsJSON: inputIsJSON, files: files)
        if output == "-", io.outputIsTerminal, target == .nib || (target == .plist && plistFormat == .binary) {
            throw files.fail(
                output,
                "will not write a binary \(target.rawValue) to a terminal: redirect standard output (> file) "
                    + "or name an output file", status: ExitStatus.usage)
        }
        let archive: NibArchive
        do {
            if NibArchive.hasMagic(bytes) {
                archive = try NibArchive(parsing: bytes)
            } else if inputIsKeyed {
                archive = try NibArchive(
                    keyedArchiveBytes: bytes, limits: PropertyList.Limits(expansion: expansion.limit))
            } else {
                archive = try NibArchive(json: Data(bytes))
            }
        } catch {
            throw files.fail(input, "\(error)")
        }
        switch target {
        case .json:
            // Streamed: the JSON of a dense archive is several times its size.
            try files.write(to: output) { emit in try archive.writeJSON { chunk in try emit(Array(chunk.utf8)) } }
        case .nib: try files.write(archive.serialized(), to: output)
        case .plist:
            // Streamed (a keyed archive is several times the nib's size); standard output gets
            // nothing unless the whole archive was written (the expansion limit may stop it).
            let format = plistFormat.format
            let limit = expansion.limit
            var notes: [String] = []
            try files.write(to: output, holdingStandardOutput: true) { emit in
                try withoutActuallyEscaping(emit) { emit in
                    var failure: (any Error)?
                    do {
                        notes = try archive.writeKeyedArchive(as: format, expansionLimit: limit) { chunk in
                            guard failure == nil else { return }
                            do { try emit(chunk) } catch { failure = error }
                        }
                    } catch let error as ExpansionLimitError {
                        // Objects sharing value runs are expanded: bounded by --max-expansion.
                        throw files.fail(input, "\(error)")
                    } catch {
                        throw files.fail(output, "\(error)")
                    }
                    if let failure { throw failure }
                }
            }
            for note in notes { io.error("nibtool: note: \(note)") }
        }
    }
}
