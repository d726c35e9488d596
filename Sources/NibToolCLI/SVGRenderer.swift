import Foundation
import NibCoding

/// Draws view hierarchies as SVG: each view a rectangle placed from its bounds and center inside
/// its superview, labels' and buttons' text drawn, text fields as fields, image views and
/// unfamiliar views as labelled boxes, with the nib's colors where it has them.
///
/// Every view's `<rect>` is in its superview's coordinates (the same numbers as `nibtool tree`'s
/// frames) and carries `data-class` and `data-index`; subviews sit in a `<g>` translated to
/// their superview's origin, so the SVG's nesting is the view hierarchy's.
struct SVGRenderer {
    /// Whether hidden views are drawn (faded, outlined in red); by default they and their
    /// subviews are left out, as the screen shows them.
    var showsHidden = false

    /// The most lines a label with `numberOfLines = 0` is wrapped into (it grows past its box,
    /// as Auto Layout grows it; the bound keeps a crafted text linear).
    static let maximumLines = 1000
    /// One top-level view hierarchy to draw, with its caption.
    struct Root {
        var caption: String
        var content: Content

        /// A UIKit view, or an AppKit view (a window's content view, with the window's title bar).
        enum Content {
            case uiKit(NibView)
            case appKit(NibObject?, window: NibObject?)
        }

        init(caption: String, view: NibView) {
            self.caption = caption
            content = .uiKit(view)
        }

        init(caption: String, appKitView: NibObject?, window: NibObject?) {
            self.caption = caption
            content = .appKit(appKitView, window: window)
        }
    }

    static let margin = 32.0
    static let gap = 48.0
    static let captionHeight = 26.0
    static let maximumDepth = 96
    // Liberation Sans, whose widths measure the text (TextMetrics), before the generic family.
    private static let fontFamily =
        "-apple-system, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif"

    /// The top-level views of `root` (a decoded graph's object 0): views among the top-level
    /// objects, and the views of top-level view controllers.
    static func roots(of root: NibObject) -> [Root] {
        if let data = AppKitObjects.objectData(of: root) { return appKitRoots(of: data) }
        var found: [Root] = []
        var seen: Set<ObjectIdentifier> = []
        for object in root.array(forKey: "UINibTopLevelObjectsKey") ?? [] {
            guard let object = object as? NibObject else { continue }
            let view: NibView?
            var caption = Self.name(of: object)
            if let direct = object as? NibView {
                view = direct
            } else if let owned = object.object(forKey: "UIView") as? NibView {
                view = owned
                caption += " › view"
            } else {
                view = nil
            }
            guard let view, view.containsValue(forKey: "UIBounds"), seen.insert(ObjectIdentifier(view)).inserted
            else { continue }
            let size = view.bounds.size
            found.append(Root(caption: "\(caption)  \(number(size.width))×\(number(size.height))", view: view))
        }
        return found
    }

    /// The SVG document showing `roots` side by side, each under its caption.
    func render(_ roots: [Root]) -> String {
        var body = ""
        var x = Self.margin
        var tallest = 0.0
        var clipCount = 0
        for root in roots {
            let view: NibView
            switch root.content {
            case .uiKit(let uiKitView):
                view = uiKitView
            case .appKit(let appKitView, let window):
                let (drawn, width, height) = renderAppKit(
                    appKitView, window: window, caption: root.caption, at: x, clip: &clipCount)
                body += drawn
                x += width + Self.gap
                tallest = max(tallest, height)
                continue
            }
            let frame = view.frame
            let width = max(0, Self.coordinate(frame.width))
            let height = max(0, Self.coordinate(frame.height))
            let top = Self.margin + Self.captionHeight
            body += "<g class=\"top-level\">\n"
            body += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(Self.margin + 14))\" font-size=\"13\" "
            body += "font-weight=\"600\" fill=\"#3a3a3c\">\(Self.escape(root.caption))</text>\n"
            body += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(top))\" width=\"\(Self.number(width))\" "
            body += "height=\"\(Self.number(height))\" fill=\"#ffffff\" filter=\"url(#shadow)\"/>\n"
            let dx = x - Self.coordinate(frame.minX)
            let dy = top - Self.coordinate(frame.minY)
            // Views outside the top-level view (a paging scroll view's other pages) are clipped.
            clipCount += 1
            body += "<clipPath id=\"clip\(clipCount)\"><rect x=\"\(Self.number(x))\" y=\"\(Self.number(top))\" "
            body += "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"/></clipPath>\n"
            body += "<g clip-path=\"url(#clip\(clipCount))\">\n"
            body += "<g transform=\"translate(\(Self.number(dx)) \(Self.number(dy)))\">\n"
            var visited: Set<ObjectIdentifier> = []
            draw(view, into: &body, visited: &visited)
            body += "</g>\n</g>\n</g>\n"
            x += width + Self.gap
            tallest = max(tallest, height)
        }
        let totalWidth = max(x - Self.gap + Self.margin, 2 * Self.margin)
        let totalHeight = tallest + 2 * Self.margin + Self.captionHeight
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(totalWidth))\" "
        svg +=
            "height=\"\(Self.number(totalHeight))\" viewBox=\"0 0 \(Self.number(totalWidth)) \(Self.number(totalHeight))\" "
        svg += "font-family=\"\(Self.fontFamily)\">\n"
        svg += "<defs>\n<filter id=\"shadow\" x=\"-10%\" y=\"-10%\" width=\"120%\" height=\"120%\">"
        svg +=
            "<feDropShadow dx=\"0\" dy=\"2\" stdDeviation=\"4\" flood-color=\"#000000\" flood-opacity=\"0.18\"/></filter>\n"
        svg += "<pattern id=\"image\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
        svg +=
            "<rect width=\"8\" height=\"8\" fill=\"#e5e5ea\"/><path d=\"M0 8 L8 0\" stroke=\"#d1d1d6\" stroke-width=\"1\"/></pattern>\n"
        svg += "<linearGradient id=\"titlebar\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
        svg +=
            "<stop offset=\"0\" stop-color=\"#ececec\"/><stop offset=\"1\" stop-color=\"#d6d6d6\"/></linearGradient>\n"
        svg += "</defs>\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#f2f2f7\"/>\n"
        return svg + body + "</svg>\n"
    }

    private enum Style {
        case plain, label, button, textField, image, box
    }

    private func style(of view: NibView) -> Style {
        switch view {
        case is NibLabel: return .label
        case is NibButton: return .button
        case is NibTextField: return .textField
        default: break
        }
        switch view.className {
        case "UIImageView": return .image
        case "UIView", "UIStackView", "UIScrollView": return .plain
        default: return .box
        }
    }

    /// Draws `root` and its subviews into `out`, depth-first with an explicit stack (a crafted
    /// nib's hierarchy cannot exhaust the thread's stack); views nested deeper than
    /// ``maximumDepth`` levels below `root` and views already drawn (a cycle) are left out.
    private func draw(_ root: NibView, into out: inout String, visited: inout Set<ObjectIdentifier>) {
        enum Step {
            case view(NibObject, depth: Int)
            case close
        }
        var steps: [Step] = [.view(root, depth: 0)]
        while let step = steps.popLast() {
            switch step {
            case .close:
                out += "</g>\n</g>\n"
            case .view(let object, let depth):
                guard depth < Self.maximumDepth, visited.insert(ObjectIdentifier(object)).inserted else { continue }
                // A hidden view and its subviews are not on screen (the top-level view itself is drawn).
                if depth > 0, !showsHidden, object.bool(forKey: "UIHidden") { continue }
                let (x, y): (Double, Double)
                let bounds: CGRect
                if let view = object as? NibView {
                    (x, y) = drawOwn(view, into: &out)
                    bounds = view.bounds
                } else {
                    (x, y, bounds) = drawGeneric(object, into: &out)
                }
                // Subviews NibKit has no model for (UIRoundedRectButton, a custom class whose
                // superclass is not registered) are drawn as labelled boxes; layout guides,
                // which UIKit archives among the subviews, are invisible.
                let subviews = (object.array(forKey: "UISubviews") ?? []).compactMap { $0 as? NibObject }.filter {
                    ($0 is NibView || $0.containsValue(forKey: "UIBounds")) && $0.className != "_UILayoutGuide"
                }
                guard !subviews.isEmpty else {
                    out += "</g>\n"
                    continue
                }
                let dx = x - Self.coordinate(bounds.minX)
                let dy = y - Self.coordinate(bounds.minY)
                out += "<g transform=\"translate(\(Self.number(dx)) \(Self.number(dy)))\">\n"
                steps.append(.close)
                for subview in subviews.reversed() { steps.append(.view(subview, depth: depth + 1)) }
            }
        }
    }

    /// Opens the group of a view NibKit has no model for and draws it as a labelled box from its
    /// `UIBounds` and `UICenter`; returns the frame's origin and the bounds.
    private func drawGeneric(_ view: NibObject, into out: inout String) -> (x: Double, y: Double, bounds: CGRect) {
        let bounds = view.rect(forKey: "UIBounds") ?? .zero
        let center = view.point(forKey: "UICenter") ?? .zero
        let width = max(0, Self.coordinate(bounds.width))
        let height = max(0, Self.coordinate(bounds.height))
        let x = Self.coordinate(center.x) - width / 2
        let y = Self.coordinate(center.y) - height / 2
        let name = Self.name(of: view)
        out += "<g class=\"view\"\(view.bool(forKey: "UIHidden") ? " opacity=\"0.35\"" : "")>\n"
        out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
        out += "height=\"\(Self.number(height))\" fill=\"none\" stroke=\"#8e8e93\" stroke-width=\"0.75\" "
        out += "stroke-dasharray=\"4 3\" data-class=\"\(Self.escape(name))\""
        out += "\(view.archiveIndex.map { " data-index=\"\($0)\"" } ?? "")>"
        out += "<title>\(Self.escape(name + (view.archiveIndex.map { " #\($0)" } ?? "")))</title></rect>\n"
        if width >= 24, height >= 12 {
            let size = min(10, height - 2)
            out +=
                "<text x=\"\(Self.number(x + 3))\" y=\"\(Self.number(y + size + 1))\" font-size=\"\(Self.number(size))\" "
            out += "fill=\"#6e6e73\">\(Self.escape(Self.truncate(name, width: width - 6, size: size)))</text>\n"
        }
        return (x, y, bounds)
    }

    /// Opens the view's group and draws its rectangle and text; returns the frame's origin.
    private func drawOwn(_ view: NibView, into out: inout String) -> (x: Double, y: Double) {
        let frame = view.frame
        let (x, y) = (Self.coordinate(frame.minX), Self.coordinate(frame.minY))
        let (width, height) = (max(0, Self.coordinate(frame.width)), max(0, Self.coordinate(frame.height)))
        let style = style(of: view)
        let name = Self.name(of: view)
        var opacity = min(max(Self.finite(view.alpha), 0), 1)
        if view.isHidden { opacity *= 0.35 }

        out += "<g class=\"view\"\(opacity < 1 ? " opacity=\"\(Self.number(opacity))\"" : "")>\n"
        var fill = Self.color(view.backgroundColor) ?? "none"
        var stroke = "#c7c7cc"
        var dash = ""
        var radius = 0.0
        switch style {
        case .image:
            if fill == "none" { fill = "url(#image)" }
            stroke = "#aeaeb2"
        case .textField:
            if fill == "none" { fill = "#ffffff" }
            radius = 5
        case .box:
            stroke = "#8e8e93"
            dash = " stroke-dasharray=\"4 3\""
        case .button:
            radius = fill == "none" ? 0 : 6
            if fill == "none" { stroke = "#d1d1d6" }
        case .label:
            stroke = "#e5e5ea"
        case .plain:
            break
        }
        if let cornerRadius = view.double(forKey: "UIViewCornerRadius") ?? view.double(forKey: "cornerRadius") {
            radius = min(max(Self.coordinate(cornerRadius), 0), max(width, height))
        }
        out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
        out += "height=\"\(Self.number(height))\"\(radius > 0 ? " rx=\"\(Self.number(radius))\"" : "") "
        out += "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"0.75\"\(dash) "
        out += "data-class=\"\(Self.escape(name))\"\(view.archiveIndex.map { " data-index=\"\($0)\"" } ?? "")>"
        out += "<title>\(Self.escape(name + (view.archiveIndex.map { " #\($0)" } ?? "")))</title></rect>\n"
        if view.isHidden { out += Self.hiddenOutline(x: x, y: y, width: width, height: height) }

        switch style {
        case .label:
            if let label = view as? NibLabel, let text = label.text {
                let alignment = [0: "start", 1: "middle", 2: "end"][label.textAlignment] ?? "start"
                out += textElement(
                    text, in: (x, y, width, height), size: label.font?.pointSize ?? 17,
                    color: Self.color(label.textColor) ?? "#000000", alignment: alignment,
                    lines: label.numberOfLines, bold: (label.font?.traits ?? 0) & 2 != 0)
            }
        case .button:
            if let title = (view as? NibButton)?.title {
                let color = Self.color(Self.titleColor(of: view)) ?? Self.color(view.tintColor) ?? "#007aff"
                let size = (view.object(forKey: "UIFont") as? NibFont)?.pointSize ?? 15
                out += textElement(
                    title, in: (x, y, width, height), size: size, color: color, alignment: "middle", lines: 1)
            }
        case .textField:
            if let field = view as? NibTextField, let shown = field.text ?? field.placeholder {
                let size = (view.object(forKey: "UIFont") as? NibFont)?.pointSize ?? 14
                let color = field.text == nil ? "#a1a1a6" : "#000000"
                let inset = min(8, width / 4)
                out += textElement(
                    field.isSecureTextEntry && field.text != nil ? "••••••••" : shown,
                    in: (x + inset, y, max(0, width - 2 * inset), height), size: size, color: color,
                    alignment: "start", lines: 1)
            }
        case .image, .box:
            var caption = name
            if style == .image, let image = view.object(forKey: "UIImage") as? NibImageReference,
                let resource = image.resourceName
            {
                caption += " “\(resource)”"
            }
            if width >= 24, height >= 12 {
                let size = min(10, height - 2)
                out +=
                    "<text x=\"\(Self.number(x + 3))\" y=\"\(Self.number(y + size + 1))\" font-size=\"\(Self.number(size))\" "
                out += "fill=\"#6e6e73\">\(Self.escape(Self.truncate(caption, width: width - 6, size: size)))</text>\n"
            }
        case .plain:
            break
        }

        return (x, y)
    }

    /// The red dashed outline of a hidden view drawn with `--show-hidden`.
    static func hiddenOutline(x: Double, y: Double, width: Double, height: Double) -> String {
        "<rect class=\"hidden-outline\" x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" "
            + "height=\"\(number(height))\" fill=\"none\" stroke=\"#ff3b30\" stroke-width=\"1\" stroke-dasharray=\"3 2\"/>\n"
    }

    /// Text inside a box: one line centred vertically, or wrapped lines when `lines` is not 1;
    /// `lines` 0 wraps every line the text needs (up to ``maximumLines``), growing past the box
    /// (top-aligned then). Line breaks (`\n`, `\r`, U+2028, U+2029) start new lines.
    func textElement(
        _ text: String, in box: (x: Double, y: Double, width: Double, height: Double), size: Double, color: String,
        alignment: String, lines: Int, bold: Bool = false
    ) -> String {
        let size = min(max(Self.finite(size), 4), 200)
        let lineHeight = size * 1.2
        let capacity = lines == 1 ? 1 : Self.count(box.height / lineHeight)
        let allowed = lines <= 0 ? Self.maximumLines : min(lines, capacity)
        let wrapped = Self.wrap(text, width: box.width, size: size, lines: allowed, bold: bold)
        let anchorX =
            alignment == "middle" ? box.x + box.width / 2 : alignment == "end" ? box.x + box.width : box.x
        // Baselines placed by hand (renderers differ on dominant-baseline): cap height ≈ 0.7 em.
        var firstBaseline = box.y + box.height / 2 - Double(wrapped.count - 1) * lineHeight / 2 + size * 0.35
        if Double(wrapped.count) * lineHeight > box.height, wrapped.count > 1 {
            firstBaseline = box.y + size * 0.95
        }
        var out = "<text x=\"\(Self.number(anchorX))\" font-size=\"\(Self.number(size))\" fill=\"\(color)\""
        out += " text-anchor=\"\(alignment)\"\(bold ? " font-weight=\"600\"" : "")>"
        for (index, line) in wrapped.enumerated() {
            out +=
                "<tspan x=\"\(Self.number(anchorX))\" y=\"\(Self.number(firstBaseline + Double(index) * lineHeight))\">"
            out += Self.escape(line) + "</tspan>"
        }
        return out + "</text>\n"
    }

    /// Splits `text` into at most `lines` lines that fit `width`, measured with real font
    /// metrics (``TextMetrics``), ending with an ellipsis when it does not all fit. Linear in the
    /// text: each word is measured once, lines are built by appending, and wrapping stops once
    /// `lines` are full.
    static func wrap(_ text: String, width: Double, size: Double, lines: Int, bold: Bool = false) -> [String] {
        let size = max(finite(size), 1)
        let limit = max(finite(width), 0)
        let space = TextMetrics.width(" ", size: size, bold: bold)
        let lines = max(1, lines)
        var result: [(text: String, width: Double)] = []
        var overflow = false
        // Every line break starts a line: \n, \r, \r\n, U+2028, U+2029 (and NEL, VT, FF).
        paragraphs: for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var current = ""
            var currentWidth = 0.0
            for word in paragraph.split(separator: " ") {
                let wordWidth = TextMetrics.width(word, size: size, bold: bold)
                if current.isEmpty {
                    current = String(word)
                    currentWidth = wordWidth
                } else if currentWidth + space + wordWidth <= limit {
                    current += " "
                    current += word
                    currentWidth += space + wordWidth
                } else {
                    result.append((current, currentWidth))
                    if result.count > lines {
                        overflow = true
                        break paragraphs
                    }
                    current = String(word)
                    currentWidth = wordWidth
                }
            }
            result.append((current, currentWidth))
            if result.count > lines {
                overflow = true
                break
            }
        }
        if result.count > lines {
            // The last line shown ends with as much of the next line as fits, as a tail-truncated
            // UILabel shows it ("Expanding Colle…", not "Expanding…").
            let next = result[lines].text
            result.removeLast(result.count - lines)
            let last = result[lines - 1].text
            result[lines - 1] = (last.isEmpty ? next : last + " " + next, .infinity)
        }
        return result.enumerated().map { index, line in
            let last = index == result.count - 1
            guard line.width > limit || (last && overflow) else { return line.text }
            return ellipsized(line.text, width: limit, size: size, bold: bold)
        }
    }

    /// The longest start of `text` that fits `width` with an ellipsis after it (at least one
    /// character, so something shows).
    static func ellipsized(_ text: String, width: Double, size: Double, bold: Bool) -> String {
        let available = width - TextMetrics.width("…", size: size, bold: bold)
        var kept = ""
        var keptWidth = 0.0
        for character in text {
            let characterWidth = TextMetrics.width(String(character), size: size, bold: bold)
            if !kept.isEmpty, keptWidth + characterWidth > available { break }
            kept.append(character)
            keptWidth += characterWidth
        }
        return kept + "…"
    }

    static func truncate(_ text: String, width: Double, size: Double) -> String {
        wrap(text, width: width, size: size, lines: 1).first ?? ""
    }

    /// The title color of a button's normal state (`UIButtonStatefulContent[0].UITitleColor`).
    static func titleColor(of button: NibView) -> NibColor? {
        guard let content = button.object(forKey: "UIButtonStatefulContent") as? NibDictionary else { return nil }
        for (state, value) in content.pairs {
            guard let state = state as? NibNumber, state.value == .integer(0), let value = value as? NibObject else {
                continue
            }
            return value.object(forKey: "UITitleColor") as? NibColor
        }
        return nil
    }

    static func name(of object: NibObject) -> String { object.displayClassName }

    /// `#rrggbb` for a color with components or a known system name; `nil` for clear or unknown.
    static func color(_ color: NibColor?) -> String? {
        guard let color else { return nil }
        switch color.components {
        case .rgb(let red, let green, let blue, let alpha):
            return alpha <= 0.001 ? nil : hex(red, green, blue, alpha)
        case .gray(let white, let alpha):
            return alpha <= 0.001 ? nil : hex(white, white, white, alpha)
        case nil:
            break
        }
        guard let name = color.systemColorName else { return nil }
        return systemColors[name]
    }

    private static func hex(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> String {
        func byte(_ value: Double) -> Int { Int((min(max(finite(value), 0), 1) * 255).rounded()) }
        let rgb = String(format: "#%02x%02x%02x", byte(red), byte(green), byte(blue))
        return alpha >= 0.999 ? rgb : rgb + String(format: "%02x", byte(alpha))
    }

    /// UIKit's named colors in their light appearance.
    static let systemColors: [String: String] = [
        "systemBackgroundColor": "#ffffff", "secondarySystemBackgroundColor": "#f2f2f7",
        "tertiarySystemBackgroundColor": "#ffffff", "systemGroupedBackgroundColor": "#f2f2f7",
        "secondarySystemGroupedBackgroundColor": "#ffffff", "labelColor": "#000000",
        "secondaryLabelColor": "#3c3c4399", "tertiaryLabelColor": "#3c3c434c", "placeholderTextColor": "#3c3c434c",
        "separatorColor": "#3c3c4349", "linkColor": "#007aff", "whiteColor": "#ffffff", "blackColor": "#000000",
        "darkTextColor": "#000000", "lightTextColor": "#ffffff99", "grayColor": "#808080",
        "lightGrayColor": "#aaaaaa", "darkGrayColor": "#555555", "systemBlueColor": "#007aff",
        "systemRedColor": "#ff3b30", "systemGreenColor": "#34c759", "systemOrangeColor": "#ff9500",
        "systemYellowColor": "#ffcc00", "systemPinkColor": "#ff2d55", "systemPurpleColor": "#af52de",
        "systemTealColor": "#30b0c7", "systemIndigoColor": "#5856d6", "systemGrayColor": "#8e8e93",
        "systemGray2Color": "#aeaeb2", "systemGray3Color": "#c7c7cc", "systemGray4Color": "#d1d1d6",
        "systemGray5Color": "#e5e5ea", "systemGray6Color": "#f2f2f7", "systemFillColor": "#78788033",
        "tableCellGroupedBackgroundColor": "#ffffff", "groupTableViewBackgroundColor": "#f2f2f7",
    ]

    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    /// The largest magnitude of a coordinate or length drawn: 10⁹ points. Geometry read from a
    /// nib (which may hold 1e308 or infinity) is brought into this range before any arithmetic,
    /// so sums stay finite and every conversion to an integer is in range.
    static let maximumCoordinate = 1e9

    /// `value` as a coordinate: 0 when not finite, else clamped to ±``maximumCoordinate``.
    static func coordinate(_ value: Double) -> Double {
        min(max(finite(value), -maximumCoordinate), maximumCoordinate)
    }

    /// A count of lines or characters from a ratio of lengths: at least 1, at most 10⁹, 1 when
    /// not finite (never a trapping conversion).
    static func count(_ ratio: Double) -> Int {
        guard ratio.isFinite, ratio >= 1 else { return 1 }
        return Int(min(ratio, 1e9))
    }

    /// A coordinate without trailing zeros: `20`, `50.5`, `33.33`.
    static func number(_ value: Double) -> String {
        let value = coordinate(value)
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 allows only tab, newline, return and U+0020 and up among control characters.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" { continue }
                if scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
