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
            Each line is one object: its class (Swift class names demangled, custom classes shown instead of UIClassSwapper), its index in the archive, its identifier or text, and its frame; the outlets and actions that start at it follow, indented, at the object's first appearance only (an object listed again shows neither its children nor its connections). A macOS nib (NIBArchive or keyed archive) shows File's Owner and Interface Builder's top-level objects: menus with every item's title, key equivalent (⇧⌘S) and action, windows with their title, content view and toolbar, custom objects by their class, and outlets, actions and bindings. FILE may be a .nib file, a directory nib or a .storyboardc: a storyboard lists every nib in it, scenes first (the entry point first of all), each with its segues (kind, identifier, destination) and its tree. Names and text from the nib are printed with control characters, escape sequences and bidirectional overrides escaped (\\u{1B}). The tree stops 256 levels deep; a keyed-archive nib is read within --max-expansion.

            Examples:
              nibtool tree Examples/LoginScreen/LoginScreen.nib
              nibtool tree --format json Main.storyboardc/UIViewController-BYZ-38-t0r.nib | jq '.topLevelObjects[].className'
              cat View.nib | nibtool tree -
            """)

    @Argument(help: "The .nib file, directory nib or .storyboardc (every scene) ('-' for standard input).")
    var file: String

    @Option(help: "Output format: text or json.")
    var format: ReportFormat = .text

    @OptionGroup var expansion: ExpansionOption

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        if StoryboardBundle.isStoryboard(file) {
            try storyboardTree(files)
            return
        }
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
            case .json: io.write(terminalSafeJSON(try tree.json()))
            }
        } catch let error as NibCodingError {
            throw files.fail(file, "\(error)")
        }
    }

    /// The JSON form of one storyboard nib.
    private struct StoryboardNib: Encodable {
        var name: String
        var identifier: String?
        var isEntryPoint: Bool
        var segues: [StoryboardBundle.Segue]
        var topLevelObjects: [NibTree.Node]
    }

    /// The JSON form of a storyboard's tree.
    private struct StoryboardReport: Encodable {
        var storyboard: String
        var entryPoint: String?
        var nibs: [StoryboardNib]
    }

    /// Every nib of a `.storyboardc`: scenes first (the entry point first of all), each with
    /// its segues and its tree.
    private func storyboardTree(_ files: FileAccess) throws {
        let bundle: StoryboardBundle
        do {
            bundle = try StoryboardBundle(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw files.fail(file, "\(error)")
        }
        var nibs: [StoryboardNib] = []
        var trees: [NibTree] = []
        for member in bundle.members {
            do {
                let tree = try NibTree(nib: bundle.nib(member.name))
                trees.append(tree)
                nibs.append(
                    StoryboardNib(
                        name: member.name, identifier: member.identifier, isEntryPoint: member.isEntryPoint,
                        segues: member.segues, topLevelObjects: tree.topLevelObjects))
            } catch {
                throw files.fail(file, "\(member.name).nib: \(error)")
            }
        }
        switch format {
        case .json:
            files.io.write(
                try jsonText(
                    StoryboardReport(
                        storyboard: URL(fileURLWithPath: file).lastPathComponent,
                        entryPoint: bundle.storyboard.entryPointIdentifier, nibs: nibs)))
        case .text:
            let scenes = bundle.members.filter { $0.identifier != nil }.count
            var out = "Storyboard \(DisplayText.escaped(URL(fileURLWithPath: file).lastPathComponent)): "
            out += "\(scenes) scene\(scenes == 1 ? "" : "s"), \(nibs.count) nib\(nibs.count == 1 ? "" : "s")"
            if let entry = bundle.storyboard.entryPointIdentifier {
                out += ", entry point \(DisplayText.escaped(entry))"
            }
            out += "\n"
            for (member, tree) in zip(bundle.members, trees) {
                out += "\n" + StoryboardBundle.heading(member) + "\n"
                for segue in member.segues { out += "  " + StoryboardBundle.line(segue) + "\n" }
                for line in tree.text().split(separator: "\n") { out += "  " + line + "\n" }
            }
            files.io.write(out)
        }
    }
}
