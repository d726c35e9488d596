import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive
import NibCoding
import NibCompiler

/// `nibtool render FILE -o out.svg`: a picture of each top-level view hierarchy.
struct Render: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a nib's top-level view hierarchies as an SVG picture.",
        discussion: """
            Each top-level view (and the view of each top-level view controller) is drawn side by side under a caption. Views are rectangles placed from their bounds and center inside their superview; labels, buttons and text fields show their text in the nib's font size and colors; image views and views of other classes are labelled boxes; hidden views are left out (--show-hidden draws them faded with a red outline); text breaks lines at line and paragraph separators, and a label with numberOfLines 0 gets every line its text needs. Background, text and tint colors are used where the nib has them (RGB, gray, and UIKit's named system colors in their light appearance).

            A macOS nib (NIBArchive or keyed archive) draws each window with its title bar and content view, and each top-level view; controls are drawn as they look: push buttons, check boxes and radio buttons, text fields and labels, sliders, pop-up buttons, segmented controls, tables (header titles, rows), boxes and separators, tab views (tabs with their labels), progress bars, images.

            Each view's <rect> carries data-class and data-index (its object index, as in 'nibtool tree'), and is in its superview's coordinates (top-left origin: AppKit's bottom-left frames are converted), so scripts can check the geometry. FILE may be a .nib file, a directory nib or a .storyboardc: a storyboard is drawn into the folder -o names, one SVG per nib that has views or windows (named after the nib, made one file name whatever the nib is called), and index.html showing them side by side under their names (open it in a browser).

            Exit status: 0 drawn, 1 the nib has no views or windows, 2 the nib could not be read or decoded, or the output not written.

            Examples:
              nibtool render Examples/LoginScreen/LoginScreen.nib -o login.svg
              nibtool render View.nib | rsvg-convert -o view.png
            """)

    @Argument(help: "The .nib file, directory nib or .storyboardc ('-' for standard input).")
    var file: String

    @Option(
        name: [.short, .customLong("output")],
        help: "The SVG file to write ('-' for standard output); for a .storyboardc, the folder to write.")
    var output = "-"

    @Flag(name: .customLong("show-hidden"), help: "Draw hidden views too, faded and outlined in red.")
    var showHidden = false

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        if StoryboardBundle.isStoryboard(file) {
            try renderStoryboard(files)
            return
        }
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
        let svg = withExtendedLifetime(graph) { SVGRenderer(showsHidden: showHidden).render(roots) }
        try files.write(Array(svg.utf8), to: output)
    }

    /// Draws every nib of a `.storyboardc` that has views or windows into the folder `output`:
    /// one SVG per nib, named from the nib (sanitised to one file name), and `index.html`
    /// showing them side by side under their names.
    private func renderStoryboard(_ files: FileAccess) throws {
        guard output != "-", URL(fileURLWithPath: output).pathExtension.lowercased() != "svg" else {
            throw files.fail(
                file, "a storyboard is drawn as one SVG per scene into a folder: name it with -o FOLDER",
                status: ExitStatus.usage)
        }
        let bundle: StoryboardBundle
        do {
            bundle = try StoryboardBundle(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw files.fail(file, "\(error)")
        }
        let folder = URL(fileURLWithPath: output)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw files.fail(output, "exists and is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw files.fail(output, "cannot create the folder: \(error.localizedDescription)")
            }
        }
        var used: Set<String> = []
        var figures: [(file: String, member: StoryboardBundle.Member, caption: String)] = []
        let owners = bundle.viewNibOwners()
        let entryScene = bundle.members.first(where: \.isEntryPoint)?.name
        for member in bundle.members {
            let graph: NibObject
            let roots: [SVGRenderer.Root]
            do {
                graph = try bundle.nib(member.name).decodeGraph()
                roots = SVGRenderer.roots(of: graph)
            } catch {
                throw files.fail(file, "\(member.name).nib: \(error)")
            }
            guard !roots.isEmpty else { continue }
            let svg = withExtendedLifetime(graph) { SVGRenderer(showsHidden: showHidden).render(roots) }
            let name = StoryboardBundle.fileName(for: member.name, used: &used)
            // One path component by construction; checked again before writing.
            guard OutputFileName.problem(with: name) == nil,
                folder.appendingPathComponent(name).deletingLastPathComponent().standardizedFileURL.path
                    == folder.standardizedFileURL.path
            else {
                throw files.fail(file, "\(member.name).nib: cannot name a file for it")
            }
            try files.write(Array(svg.utf8), to: folder.appendingPathComponent(name).path)
            var caption = member.name
            if let owner = owners[member.name] { caption = "\(owner.scene) › \(owner.controller)" }
            figures.append((name, member, caption))
        }
        // Each controller's view beside its scene: in the scenes' order.
        let order = Dictionary(
            bundle.members.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        func rank(_ member: StoryboardBundle.Member) -> Int {
            order[owners[member.name]?.scene ?? member.name] ?? order[member.name] ?? 0
        }
        figures = figures.enumerated().sorted {
            (rank($0.element.member), $0.offset) < (rank($1.element.member), $1.offset)
        }
        .map(\.element)
        guard !figures.isEmpty else {
            throw files.fail(file, "has no views or windows to draw in any of its nibs", status: ExitStatus.checkFailed)
        }
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<title>\(SVGRenderer.escape(URL(fileURLWithPath: file).lastPathComponent))</title>\n<style>\n"
        html += "body { margin: 24px; background: #f2f2f7; font: 13px -apple-system, Helvetica, Arial, sans-serif; }\n"
        html += ".scenes { display: flex; flex-wrap: wrap; gap: 32px; align-items: flex-start; }\n"
        html += "figure { margin: 0; flex: none; }\nfigcaption { font-weight: 600; margin-bottom: 8px; }\n"
        html +=
            "figure img { display: block; max-height: 90vh; }\n.entry figcaption::after { content: \" (entry point)\"; }\n"
        html += "</style>\n</head>\n<body>\n"
        html += "<h1>\(SVGRenderer.escape(URL(fileURLWithPath: file).lastPathComponent))</h1>\n<div class=\"scenes\">\n"
        for figure in figures {
            let source = figure.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "scene.svg"
            html +=
                "<figure class=\"scene\(figure.member.isEntryPoint || owners[figure.member.name]?.scene == entryScene ? " entry" : "")\">"
            // Names from the storyboard are shown with invisible and reordering characters escaped.
            html += "<figcaption>\(SVGRenderer.escape(DisplayText.escaped(figure.caption)))</figcaption>"
            html += "<img src=\"\(SVGRenderer.escape(source))\" "
            html += "alt=\"\(SVGRenderer.escape(DisplayText.escaped(figure.member.name)))\"></figure>\n"
        }
        html += "</div>\n"
        // Once loaded, the page records how many pictures a browser could draw
        // (<body data-drawn="N">), so a headless browser can check the page.
        html += "<script>window.addEventListener('load', () => { document.body.dataset.drawn = "
        html += "Array.from(document.images).filter(i => i.complete && i.naturalWidth > 0).length; });</script>\n"
        html += "</body>\n</html>\n"
        try files.write(Array(html.utf8), to: folder.appendingPathComponent("index.html").path)
    }
}
