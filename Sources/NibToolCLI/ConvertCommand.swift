import ArgumentParser
import Foundation
import NibArchive

/// `nibtool convert INPUT OUTPUT`: `.nib` ⇄ `.json`.
struct Convert: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a nib to NibKit's lossless JSON, or JSON back to a nib.",
        discussion: """
            The direction follows the output's extension (.nib or .json); --to overrides it,
            and is needed when the output is '-'. nib → json → nib gives back the identical
            bytes. A hand-edited JSON (a changed string, an added value) writes a valid archive:
            when an edit changes a table's size, the tables are laid out canonically.
            The JSON format is documented in docs/JSON-FORMAT.md.

            Example:
              nibtool convert Examples/Hello.nib hello.json
              nibtool convert hello.json Hello-edited.nib
              nibtool convert --to json - - < Examples/Hello.nib
            """)

    enum Target: String, ExpressibleByArgument, CaseIterable {
        case nib, json
    }

    @Argument(help: "The input file, .nib or .json ('-' for standard input).")
    var input: String

    @Argument(help: "The output file, .nib or .json ('-' for standard output).")
    var output: String

    @Option(help: "The output kind, nib or json (default: from the output's extension).")
    var to: Target?

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        let bytes = try files.read(input)
        let target: Target
        if let to {
            target = to
        } else if output.lowercased().hasSuffix(".json") {
            target = .json
        } else if output.lowercased().hasSuffix(".nib") {
            target = .nib
        } else {
            // With no extension to go by, convert to the other form.
            target = NibArchive.hasMagic(bytes) ? .json : .nib
        }
        let archive: NibArchive
        do {
            archive = NibArchive.hasMagic(bytes) ? try NibArchive(parsing: bytes) : try NibArchive(json: Data(bytes))
        } catch {
            throw files.fail(input, "\(error)")
        }
        switch target {
        case .json: try files.write(Array(archive.jsonString().utf8), to: output)
        case .nib: try files.write(archive.serialized(), to: output)
        }
    }
}
