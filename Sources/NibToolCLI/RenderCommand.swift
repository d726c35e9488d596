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

            A macOS nib (NIBArchive or keyed archive) draws each window with its title bar and content view, and each top-level view; controls are drawn as they look: push buttons, check boxes and radio buttons, text fields and labels, sliders, pop-up buttons, segmented controls, tables (header titles, rows), boxes and separators, tab views (tabs with their labels), progress bars, images.

            Each view's <rect> carries data-class and data-index (its object index, as in 'nibtool tree'), and is in its superview's coordinates (top-left origin: AppKit's bottom-left frames are converted), so scripts can check the geometry. FILE may be a .nib file, a directory nib or a .storyboardc (its entry scene).

            Exit status: 0 drawn, 1 the nib has no views or windows, 2 the nib could not be read or decoded, or the output not written.

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
        // The graph stays alive while drawing: an object its views reach only through a weak
        // back reference (an AppKit view first reached as an outlet's destination) lives as long.
        let graph: NibObject
        do {
            let nib = try files.nib(at: file)
            graph = try nib.decodeGraph()
            roots = SVGRenderer.roots(of: graph)
        } catch let failure as ReportedFailure {
            throw failure
        } catch {
            throw files.fail(file, "\(error)")
        }
        guard !roots.isEmpty else {
            throw files.fail(file, "has no top-level views or windows to draw", status: ExitStatus.checkFailed)
        }
        let svg = withExtendedLifetime(graph) { SVGRenderer().render(roots) }
        try files.write(Array(svg.utf8), to: output)
    }
}
