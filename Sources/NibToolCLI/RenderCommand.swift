import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive
import NibCoding

/// `nibtool render FILE -o out.svg`: a picture of each top-level view hierarchy.
struct Render: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a nib's top-level view hierarchies as an SVG picture.",
        discussion: """
            Each top-level view (and the view of each top-level view controller) is drawn side by side under a caption. Views are rectangles placed from their bounds and center inside their superview; labels, buttons and text fields show their text in the nib's font size and colors; image views and views of other classes are labelled boxes; hidden views are faded. Background, text and tint colors are used where the nib has them (RGB, gray, and UIKit's named system colors in their light appearance).

            Each view's <rect> carries data-class and data-index (its object index, as in 'nibtool tree'), and is in its superview's coordinates, so scripts can check the geometry. FILE may be a .nib file, a directory nib or a .storyboardc (its entry scene).

            Exit status: 0 drawn, 1 the nib has no top-level views (UIKit views only for now), 2 the nib could not be read or decoded, or the output not written.

            Examples:
              nibtool render Examples/LoginScreen/LoginScreen.nib -o login.svg
              nibtool render View.nib | rsvg-convert -o view.png
            """)

    @Argument(help: "The .nib file, directory nib or .storyboardc ('-' for standard input).")
    var file: String

    @Option(name: [.short, .customLong("output")], help: "The SVG file to write ('-' for standard output).")
    var output = "-"

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        let roots: [SVGRenderer.Root]
        do {
            let nib = try files.nib(at: file)
            roots = SVGRenderer.roots(of: try nib.decodeGraph())
        } catch let failure as ReportedFailure {
            throw failure
        } catch {
            throw files.fail(file, "\(error)")
        }
        guard !roots.isEmpty else {
            throw files.fail(file, "has no top-level views to draw", status: ExitStatus.checkFailed)
        }
        try files.write(Array(SVGRenderer().render(roots).utf8), to: output)
    }
}
