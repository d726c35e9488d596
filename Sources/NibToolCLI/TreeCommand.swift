import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive
import NibCoding

/// `nibtool tree FILE`: the object graph as an indented outline, or JSON.
struct Tree: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a nib's objects: top-level objects, the view hierarchy, outlets and actions.",
        discussion: """
            Each line is one object: its class (Swift class names demangled, custom classes shown instead of UIClassSwapper), its index in the archive, its identifier or text, and its frame; the outlets and actions that start at it follow, indented, at the object's first appearance only (an object listed again shows neither its children nor its connections). A macOS nib (NIBArchive or keyed archive) shows File's Owner and Interface Builder's top-level objects: menus with every item's title, key equivalent (⇧⌘S) and action, windows with their title, content view and toolbar, custom objects by their class, and outlets, actions and bindings. FILE may be a .nib file, a directory nib or a .storyboardc (its entry scene). Names and text from the nib are printed with control characters, escape sequences and bidirectional overrides escaped (\\u{1B}). The tree stops 256 levels deep; a keyed-archive nib is read within --max-expansion.

            Examples:
              nibtool tree Examples/LoginScreen/LoginScreen.nib
              nibtool tree --format json Main.storyboardc/UIViewController-BYZ-38-t0r.nib | jq '.topLevelObjects[].className'
              cat View.nib | nibtool tree -
            """)

    @Argument(help: "The .nib file, directory nib or .storyboardc ('-' for standard input).")
    var file: String

    @Option(help: "Output format: text or json.")
    var format: ReportFormat = .text

    @OptionGroup var expansion: ExpansionOption

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        let nib: Nib
        do {
            nib = try files.nib(at: file, expansionLimit: expansion.limit)
        } catch let error as NibCodingError {
            throw files.fail(file, "\(error)")
        }
        do {
            let tree = try NibTree(nib: nib)
            switch format {
            case .text: io.write(tree.text())
            case .json: io.write(try tree.json())
            }
        } catch let error as NibCodingError {
            throw files.fail(file, "\(error)")
        }
    }
}
