import Foundation
import NibCoding

/// Drawing AppKit nibs: windows (a title bar over the content view) and top-level views, each
/// view placed from its archived frame (`NSFrame` / `NSFrameSize`, origin bottom left unless
/// the superview is flipped) and controls drawn as they look: push buttons, check boxes and
/// radio buttons, text fields and labels, sliders, pop-up buttons, segmented controls, tables
/// and outlines (header and rows), boxes (titled or separators), tab views (tabs and their
/// labels), progress indicators, images.
extension SVGRenderer {
    /// Height of a window's title bar.
    static let titleBarHeight = 22.0

    /// The drawable roots of a macOS nib: its windows (from the top-level objects and any
    /// window a storyboard controller holds) and its top-level views, each once.
    static func appKitRoots(of data: NibObject) -> [Root] {
        var roots: [Root] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = AppKitObjects.topLevelObjects(of: data)
        var index = 0
        while index < pending.count {
            defer { index += 1 }
            guard let object = pending[index] as? NibObject else { continue }
            if object.className == "NSWindowTemplate" {
                // A window without a content view (a storyboard's, whose view is in another nib)
                // is drawn empty.
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                let content = object.object(forKey: "NSWindowView") as? NibObject
                if let content { seen.insert(ObjectIdentifier(content)) }
                let size = AppKitObjects.frame(object)?.size ?? content.flatMap(AppKitObjects.frame)?.size ?? .zero
                var caption = object.displayClassName
                if let title = AppKitObjects.displayText(object) { caption += " “\(title)”" }
                caption += "  \(number(size.width))×\(number(size.height))"
                roots.append(Root(caption: caption, appKitView: content, window: object))
            } else if isAppKitView(object) {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                let size = AppKitObjects.frame(object)?.size ?? .zero
                roots.append(
                    Root(
                        caption: "\(object.displayClassName)  \(number(size.width))×\(number(size.height))",
                        appKitView: object, window: nil))
            } else if pending.count < 4096 {
                // A storyboard's window controller holds its window; a view controller its view.
                for key in ["IBWindowTemplate", "NSView"] {
                    if let held = object.object(forKey: key) as? NibObject { pending.append(held) }
                }
            }
        }
        return roots
    }

    /// Whether `object` is an AppKit view: it has a frame and view flags, and is no window.
    static func isAppKitView(_ object: NibObject) -> Bool {
        object.className != "NSWindowTemplate" && object.containsValue(forKey: "NSvFlags")
            && AppKitObjects.frame(object) != nil
    }

    /// Classes whose subviews' frames are archived top-down (`isFlipped` returns YES).
    static let flippedClasses: Set<String> = [
        "NSTableView", "NSOutlineView", "NSTextView", "NSSplitView", "NSStackView", "NSMatrix", "NSCollectionView",
        "NSTableHeaderView", "NSRulerView", "NSBrowser", "NSForm",
    ]

    /// Draws one AppKit root at `x`: caption, window title bar (for windows), the content view
    /// (when there is one: else the window's size, empty) and its subviews. Returns the SVG and the space it takes.
    func renderAppKit(_ view: NibObject?, window: NibObject?, caption: String, at x: Double, clip: inout Int)
        -> (String, width: Double, height: Double)
    {
        let frame = view.flatMap(AppKitObjects.frame) ?? window.flatMap(AppKitObjects.frame) ?? .zero
        let width = max(0, Self.coordinate(frame.width))
        let contentHeight = max(0, Self.coordinate(frame.height))
        let bar = window == nil ? 0 : Self.titleBarHeight
        let height = contentHeight + bar
        let top = Self.margin + Self.captionHeight
        var out = "<g class=\"top-level\">\n"
        out += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(Self.margin + 14))\" font-size=\"13\" "
        out += "font-weight=\"600\" fill=\"#3a3a3c\">\(Self.escape(caption))</text>\n"
        out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(top))\" width=\"\(Self.number(width))\" "
        out +=
            "height=\"\(Self.number(height))\" rx=\"\(window == nil ? 0 : 6)\" fill=\"#ececec\" stroke=\"#c7c7cc\" "
        out += "stroke-width=\"0.75\" filter=\"url(#shadow)\"/>\n"
        if let window {
            out += "<g class=\"title-bar\">"
            out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(top))\" width=\"\(Self.number(width))\" "
            out += "height=\"\(Self.number(bar))\" rx=\"6\" fill=\"url(#titlebar)\"/>"
            for (offset, color) in [(12.0, "#ff5f57"), (32.0, "#febc2e"), (52.0, "#28c840")] where width > offset + 6 {
                out += "<circle cx=\"\(Self.number(x + offset))\" cy=\"\(Self.number(top + bar / 2))\" r=\"6\" "
                out += "fill=\"\(color)\" stroke=\"#00000026\" stroke-width=\"0.5\"/>"
            }
            out += "</g>\n"
            if let title = AppKitObjects.displayText(window) {
                out += textElement(
                    title, in: (x + 64, top, max(0, width - 128), bar), size: 13, color: "#3c3c3c",
                    alignment: "middle", lines: 1, bold: true)
            }
        }
        let contentTop = top + bar
        clip += 1
        out += "<clipPath id=\"clip\(clip)\"><rect x=\"\(Self.number(x))\" y=\"\(Self.number(contentTop))\" "
        out += "width=\"\(Self.number(width))\" height=\"\(Self.number(contentHeight))\"/></clipPath>\n"
        out += "<g clip-path=\"url(#clip\(clip))\">\n"
        out += "<g transform=\"translate(\(Self.number(x)) \(Self.number(contentTop)))\">\n"
        if let view { drawAppKit(view, into: &out) }
        out += "</g>\n</g>\n</g>\n"
        return (out, width, height)
    }

    /// Draws `root` (at 0, 0) and its subviews, depth first with an explicit stack; views deeper
    /// than ``maximumDepth`` and views already drawn are left out.
    private func drawAppKit(_ root: NibObject, into out: inout String) {
        enum Step {
            case view(NibObject, depth: Int, superHeight: Double?, flipped: Bool)
            case close
        }
        var visited: Set<ObjectIdentifier> = []
        var steps: [Step] = [.view(root, depth: 0, superHeight: nil, flipped: false)]
        while let step = steps.popLast() {
            switch step {
            case .close:
                out += "</g>\n</g>\n"
            case .view(let view, let depth, let superHeight, let flipped):
                guard depth < Self.maximumDepth, visited.insert(ObjectIdentifier(view)).inserted else { continue }
                // A hidden view and its subviews are not on screen (the top-level view itself is drawn).
                if depth > 0, !showsHidden, AppKitObjects.isHidden(view) { continue }
                let archived = AppKitObjects.frame(view) ?? .zero
                let width = max(0, Self.coordinate(archived.width))
                let height = max(0, Self.coordinate(archived.height))
                let x = superHeight == nil ? 0 : Self.coordinate(archived.minX)
                var y = 0.0
                if let superHeight {
                    y = flipped ? Self.coordinate(archived.minY) : superHeight - Self.coordinate(archived.minY) - height
                }
                drawAppKitOwn(view, x: x, y: y, width: width, height: height, into: &out)
                let subviews = (view.array(forKey: "NSSubviews") ?? []).compactMap { $0 as? NibObject }
                guard !subviews.isEmpty else {
                    out += "</g>\n"
                    continue
                }
                out += "<g transform=\"translate(\(Self.number(x)) \(Self.number(y)))\">\n"
                steps.append(.close)
                let isFlipped = Self.isFlipped(view)
                for subview in subviews.reversed() {
                    steps.append(.view(subview, depth: depth + 1, superHeight: height, flipped: isFlipped))
                }
            }
        }
    }

    /// Whether `view` lays its subviews out top-down: the flipped classes, a clip view whose
    /// document view is one, a scroll view.
    static func isFlipped(_ view: NibObject) -> Bool {
        let name = AppKitObjects.drawingClassName(view)
        if flippedClasses.contains(name) { return true }
        if name == "NSClipView", let document = view.object(forKey: "NSDocView") as? NibObject {
            return flippedClasses.contains(AppKitObjects.drawingClassName(document))
        }
        return name == "NSScrollView"
    }

    /// The kind of control `view` is drawn as.
    private enum Control {
        case plain, label, textField, pushButton, checkBox, radioButton, slider, popUp, segmented, table, box,
            separator, tabView, progress, image, scroller, header, other
    }

    private static func control(of view: NibObject) -> Control {
        let name = AppKitObjects.drawingClassName(view)
        let cell = view.object(forKey: "NSCell") as? NibObject
        switch name {
        case "NSTextField", "NSSecureTextField", "NSSearchField", "NSComboBox", "NSTokenField", "NSDatePicker":
            let flags = UInt32(truncatingIfNeeded: cell?.integer(forKey: "NSCellFlags") ?? 0)
            // Bezeled (0x400000) or bordered (0x800000) cells are fields; the others labels.
            return flags & 0x00C0_0000 != 0 || name != "NSTextField" ? .textField : .label
        case "NSButton":
            let image =
                (cell?.object(forKey: "NSAlternateImage") as? NibObject)?.string(forKey: "NSImageName")
                ?? (cell?.object(forKey: "NSNormalImage") as? NibObject)?.string(forKey: "NSImageName")
            if image == "NSSwitch" { return .checkBox }
            if image == "NSRadioButton" { return .radioButton }
            return .pushButton
        case "NSPopUpButton": return .popUp
        case "NSSlider": return .slider
        case "NSSegmentedControl": return .segmented
        case "NSTableView", "NSOutlineView": return .table
        case "NSBox":
            return view.integer(forKey: "NSBoxType") == 2 ? .separator : .box
        case "NSTabView": return .tabView
        case "NSProgressIndicator", "NSLevelIndicator": return .progress
        case "NSImageView": return .image
        case "NSScroller": return .scroller
        case "NSTableHeaderView": return .header
        case "NSView", "NSClipView", "NSScrollView", "NSSplitView", "NSStackView", "NSCustomView",
            "NSTableCellView", "NSVisualEffectView", "_NSCornerView":
            return .plain
        default:
            return .other
        }
    }

    /// Opens the view's group and draws it.
    private func drawAppKitOwn(
        _ view: NibObject, x: Double, y: Double, width: Double, height: Double, into out: inout String
    ) {
        let name = view.displayClassName
        let control = Self.control(of: view)
        let cell = view.object(forKey: "NSCell") as? NibObject
        let hidden = AppKitObjects.isHidden(view)
        out += "<g class=\"view\"\(hidden ? " opacity=\"0.35\"" : "")>\n"
        var fill = "none"
        var stroke = "none"
        var radius = 0.0
        var dash = ""
        switch control {
        case .textField:
            fill = "#ffffff"
            stroke = "#b5b5b5"
        case .pushButton, .popUp:
            if height <= 40 {
                fill = "#ffffff"
                stroke = "#b5b5b5"
                radius = min(5, height / 2)
            } else {
                stroke = "#c7c7cc"
            }
        case .segmented:
            fill = "#ffffff"
            stroke = "#b5b5b5"
            radius = min(5, height / 2)
        case .table:
            fill = "#ffffff"
            stroke = "#d1d1d6"
        case .box:
            fill = Self.color(view.object(forKey: "NSFillColor2") as? NibColor) ?? "#0000000a"
            stroke = "#c7c7cc"
            radius = 5
        case .tabView:
            stroke = "#c7c7cc"
            fill = "#0000000a"
            radius = 5
        case .image:
            fill = "url(#image)"
            stroke = "#aeaeb2"
        case .other:
            stroke = "#8e8e93"
            dash = " stroke-dasharray=\"4 3\""
        case .scroller:
            fill = "#f5f5f5"
        case .header:
            fill = "#f6f6f6"
            stroke = "#d1d1d6"
        case .plain, .label, .checkBox, .radioButton, .slider, .separator, .progress:
            break
        }
        if control == .plain || control == .label,
            let background = cell?.object(forKey: "NSBackgroundColor") as? NibColor ?? view.object(
                forKey: "NSBackgroundColor") as? NibColor,
            cell?.bool(forKey: "NSDrawsBackground") == true || view.bool(forKey: "NSDrawsBackground")
        {
            fill = Self.color(background) ?? fill
        }
        // The box's frame includes its title; its border starts below it.
        var rectY = y
        var rectHeight = height
        let title = AppKitObjects.displayText(view)
        if control == .box, title != nil, view.integer(forKey: "NSTitlePosition") != 0 {
            rectY += min(8, height / 2)
            rectHeight = max(0, height - min(8, height / 2))
        }
        if control == .tabView {
            rectY += min(12, height / 2)
            rectHeight = max(0, height - min(12, height / 2))
        }
        out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(rectY))\" width=\"\(Self.number(width))\" "
        out += "height=\"\(Self.number(rectHeight))\"\(radius > 0 ? " rx=\"\(Self.number(radius))\"" : "") "
        out += "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"0.75\"\(dash) "
        out += "data-class=\"\(Self.escape(name))\"\(view.archiveIndex.map { " data-index=\"\($0)\"" } ?? "")>"
        out += "<title>\(Self.escape(name + (view.archiveIndex.map { " #\($0)" } ?? "")))</title></rect>\n"
        if hidden { out += Self.hiddenOutline(x: x, y: y, width: width, height: height) }

        let font = (cell?.object(forKey: "NSSupport") as? NibFont)?.pointSize ?? 13
        let textColor = Self.color(cell?.object(forKey: "NSTextColor") as? NibColor) ?? "#000000"
        let alignment =
            [1: "end", 2: "middle"][view.integer(forKey: "NSControlTextAlignment") ?? 0]
            ?? "start"
        switch control {
        case .label:
            if let title {
                out += textElement(
                    title, in: (x + 2, y, max(0, width - 4), height), size: font, color: textColor,
                    alignment: alignment, lines: height > font * 2.2 ? 0 : 1)
            }
        case .textField:
            let placeholder = (cell?.object(forKey: "NSPlaceholderString")).flatMap(AppKitObjects.text)
            let contents = (cell?.object(forKey: "NSContents")).flatMap(AppKitObjects.text).flatMap {
                $0.isEmpty ? nil : $0
            }
            if let shown = contents ?? placeholder {
                out += textElement(
                    shown, in: (x + 4, y, max(0, width - 8), height), size: font,
                    color: contents == nil ? "#a1a1a6" : textColor, alignment: alignment, lines: 1)
            }
        case .pushButton, .popUp:
            if let title {
                out += textElement(
                    title, in: (x + 6, y, max(0, width - (control == .popUp ? 26 : 12)), height), size: font,
                    color: "#000000", alignment: control == .popUp ? "start" : "middle", lines: 1)
            }
            if control == .popUp, width > 24 {
                let cx = x + width - 11
                let cy = y + height / 2
                out += "<path d=\"M\(Self.number(cx - 3)) \(Self.number(cy - 2)) L\(Self.number(cx)) "
                out += "\(Self.number(cy - 5)) L\(Self.number(cx + 3)) \(Self.number(cy - 2)) M\(Self.number(cx - 3)) "
                out += "\(Self.number(cy + 2)) L\(Self.number(cx)) \(Self.number(cy + 5)) L\(Self.number(cx + 3)) "
                out += "\(Self.number(cy + 2))\" fill=\"none\" stroke=\"#3c3c3c\" stroke-width=\"1.2\"/>\n"
            }
        case .checkBox, .radioButton:
            let side = min(14, height, width)
            let boxY = y + (height - side) / 2
            if control == .checkBox {
                out += "<rect x=\"\(Self.number(x + 2))\" y=\"\(Self.number(boxY))\" width=\"\(Self.number(side))\" "
                out +=
                    "height=\"\(Self.number(side))\" rx=\"3\" fill=\"#ffffff\" stroke=\"#8e8e93\" stroke-width=\"0.75\"/>\n"
            } else {
                out += "<circle cx=\"\(Self.number(x + 2 + side / 2))\" cy=\"\(Self.number(boxY + side / 2))\" "
                out += "r=\"\(Self.number(side / 2))\" fill=\"#ffffff\" stroke=\"#8e8e93\" stroke-width=\"0.75\"/>\n"
            }
            if let title {
                out += textElement(
                    title, in: (x + side + 6, y, max(0, width - side - 6), height), size: font, color: "#000000",
                    alignment: "start", lines: 1)
            }
        case .slider:
            let vertical = height > width
            let value = Self.sliderFraction(cell)
            if vertical {
                let cx = x + width / 2
                out += "<line x1=\"\(Self.number(cx))\" y1=\"\(Self.number(y + 4))\" x2=\"\(Self.number(cx))\" "
                out +=
                    "y2=\"\(Self.number(y + height - 4))\" stroke=\"#b5b5b5\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n"
                let knobY = y + height - 4 - value * max(0, height - 8)
                out +=
                    "<circle cx=\"\(Self.number(cx))\" cy=\"\(Self.number(knobY))\" r=\"\(Self.number(min(8, width / 2)))\" "
                out += "fill=\"#ffffff\" stroke=\"#8e8e93\" stroke-width=\"0.75\"/>\n"
            } else {
                let cy = y + height / 2
                out +=
                    "<line x1=\"\(Self.number(x + 4))\" y1=\"\(Self.number(cy))\" x2=\"\(Self.number(x + width - 4))\" "
                out += "y2=\"\(Self.number(cy))\" stroke=\"#b5b5b5\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n"
                let knobX = x + 4 + value * max(0, width - 8)
                out +=
                    "<circle cx=\"\(Self.number(knobX))\" cy=\"\(Self.number(cy))\" r=\"\(Self.number(min(8, height / 2)))\" "
                out += "fill=\"#ffffff\" stroke=\"#8e8e93\" stroke-width=\"0.75\"/>\n"
            }
        case .segmented:
            let segments = (cell?.array(forKey: "NSSegmentImages") ?? []).compactMap { $0 as? NibObject }
            if !segments.isEmpty {
                let each = width / Double(segments.count)
                for (index, segment) in segments.enumerated() {
                    let left = x + Double(index) * each
                    if index > 0 {
                        out +=
                            "<line x1=\"\(Self.number(left))\" y1=\"\(Self.number(y + 3))\" x2=\"\(Self.number(left))\" "
                        out += "y2=\"\(Self.number(y + height - 3))\" stroke=\"#b5b5b5\" stroke-width=\"0.75\"/>\n"
                    }
                    if let label = AppKitObjects.text(segment.object(forKey: "NSSegmentItemLabel")), !label.isEmpty {
                        out += textElement(
                            label, in: (left + 2, y, max(0, each - 4), height), size: font, color: "#000000",
                            alignment: "middle", lines: 1)
                    }
                }
            }
        case .table:
            drawTable(view, x: x, y: y, width: width, height: height, header: false, into: &out)
        case .header:
            if let table = view.object(forKey: "NSTableView") as? NibObject {
                drawTable(table, x: x, y: y, width: width, height: height, header: true, into: &out)
            }
        case .box:
            if let title, view.integer(forKey: "NSTitlePosition") != 0 {
                out += textElement(
                    title, in: (x + 8, y, max(0, width - 16), min(16, height)), size: 11, color: "#3c3c3c",
                    alignment: "start", lines: 1)
            }
        case .separator:
            let horizontal = width >= height
            let (x2, y2) = horizontal ? (x + width, y + height / 2) : (x + width / 2, y + height)
            out += "<line x1=\"\(Self.number(horizontal ? x : x + width / 2))\" "
            out +=
                "y1=\"\(Self.number(horizontal ? y + height / 2 : y))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" "
            out += "stroke=\"#c7c7cc\" stroke-width=\"1\"/>\n"
        case .tabView:
            let items = (view.array(forKey: "NSTabViewItems") ?? []).compactMap { $0 as? NibObject }
            let labels = items.map { AppKitObjects.displayText($0) ?? "" }
            if !labels.isEmpty {
                let tabWidth = min(100, width / Double(labels.count))
                var left = x + (width - tabWidth * Double(labels.count)) / 2
                let selected = view.object(forKey: "NSSelectedTabViewItem").map(ObjectIdentifier.init)
                for (item, label) in zip(items, labels) {
                    let isSelected = selected == ObjectIdentifier(item)
                    out +=
                        "<rect x=\"\(Self.number(left))\" y=\"\(Self.number(y))\" width=\"\(Self.number(tabWidth))\" "
                    out +=
                        "height=\"\(Self.number(min(24, height)))\" rx=\"5\" fill=\"\(isSelected ? "#007aff" : "#ffffff")\" "
                    out += "stroke=\"#b5b5b5\" stroke-width=\"0.75\"/>\n"
                    out += textElement(
                        label, in: (left + 4, y, max(0, tabWidth - 8), min(24, height)), size: 12,
                        color: isSelected ? "#ffffff" : "#000000", alignment: "middle", lines: 1)
                    left += tabWidth
                }
            }
        case .progress where abs(width - height) <= 4:
            // A spinning indicator: a ring with one darker arc.
            let radius = max(0, min(width, height) / 2 - 1.5)
            let (cx, cy) = (x + width / 2, y + height / 2)
            out += "<circle cx=\"\(Self.number(cx))\" cy=\"\(Self.number(cy))\" r=\"\(Self.number(radius))\" "
            out += "fill=\"none\" stroke=\"#d1d1d6\" stroke-width=\"2\"/>\n"
            out +=
                "<path d=\"M\(Self.number(cx)) \(Self.number(cy - radius)) A\(Self.number(radius)) \(Self.number(radius)) 0 0 1 "
            out +=
                "\(Self.number(cx + radius)) \(Self.number(cy))\" fill=\"none\" stroke=\"#8e8e93\" stroke-width=\"2\"/>\n"
        case .progress:
            let bar = min(6, height)
            let by = y + (height - bar) / 2
            out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(by))\" width=\"\(Self.number(width))\" "
            out += "height=\"\(Self.number(bar))\" rx=\"\(Self.number(bar / 2))\" fill=\"#e5e5ea\"/>\n"
            out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(by))\" width=\"\(Self.number(width * 0.4))\" "
            out += "height=\"\(Self.number(bar))\" rx=\"\(Self.number(bar / 2))\" fill=\"#007aff\"/>\n"
        case .image, .other:
            if width >= 24, height >= 12 {
                let size = min(10, height - 2)
                out += "<text x=\"\(Self.number(x + 3))\" y=\"\(Self.number(y + size + 1))\" "
                out += "font-size=\"\(Self.number(size))\" fill=\"#6e6e73\">"
                out += "\(Self.escape(Self.truncate(name, width: width - 6, size: size)))</text>\n"
            }
        case .plain, .scroller:
            break
        }
    }

    /// Where a slider's knob sits, 0…1, from its cell's value and range (the middle without them).
    private static func sliderFraction(_ cell: NibObject?) -> Double {
        guard let cell else { return 0.5 }
        let minimum = finite(cell.double(forKey: "NSMinValue") ?? 0)
        let maximum = finite(cell.double(forKey: "NSMaxValue") ?? 1)
        let value = finite(cell.double(forKey: "NSValue") ?? (minimum + maximum) / 2)
        guard maximum > minimum else { return 0.5 }
        return min(max((value - minimum) / (maximum - minimum), 0), 1)
    }

    /// A table's rows (alternating) and column lines, or its header's column titles, from its
    /// `NSTableColumns` and their widths.
    private func drawTable(
        _ table: NibObject, x: Double, y: Double, width: Double, height: Double, header: Bool,
        into out: inout String
    ) {
        let columns = (table.array(forKey: "NSTableColumns") ?? []).compactMap { $0 as? NibObject }
        if !header {
            let rowHeight = min(max(Self.finite(table.double(forKey: "NSRowHeight") ?? 17), 8), 200) + 2
            var rowY = y
            var row = 0
            while rowY + rowHeight <= y + height, row < 200 {
                if row % 2 == 1 {
                    out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(rowY))\" width=\"\(Self.number(width))\" "
                    out += "height=\"\(Self.number(rowHeight))\" fill=\"#f4f5f5\"/>\n"
                }
                rowY += rowHeight
                row += 1
            }
        }
        var left = x
        for column in columns.prefix(100) {
            let columnWidth = max(0, Self.coordinate(column.double(forKey: "NSWidth") ?? 100))
            if header, let title = AppKitObjects.displayText(column) {
                out += textElement(
                    title, in: (left + 4, y, max(0, min(columnWidth, x + width - left) - 8), height), size: 11,
                    color: "#3c3c3c", alignment: "start", lines: 1)
            }
            left += columnWidth + 3
            guard left < x + width else { break }
            out += "<line x1=\"\(Self.number(left - 1.5))\" y1=\"\(Self.number(y))\" x2=\"\(Self.number(left - 1.5))\" "
            out +=
                "y2=\"\(Self.number(y + height))\" stroke=\"\(header ? "#d1d1d6" : "#e5e5ea")\" stroke-width=\"0.75\"/>\n"
        }
    }
}
