/// `<box>` → `NSBox`: separators (`box_separator_autoresize`) and titled boxes with a content
/// view (`test_box_titled`).
///
/// | Key | Separator | Titled box |
/// |---|---|---|
/// | `NSSubviews` | empty | the content view |
/// | `NSOffsets` | `{5, 5}` | `{0, 0}` |
/// | `NSTitleCell` | an `NSTextFieldCell` with the title ("Title" by default), the small system font, centered, `NSControlView` nil, `textBackgroundColor` background and `labelColor` text | the same |
/// | `NSContentView` | — | the content view |
/// | `NSBorderType` | 3 | `borderType` (line 1, bezel 2, groove 3 = default) |
/// | `NSBoxType` | 2 | 0 |
/// | `NSTitlePosition` | 2 | 2 |
/// | `titlePosition` | `NSTitlePosition`, `NSBox.TitlePosition` raw values (`noTitle` 0: Sparkle's SUUpdateAlert box, QuickDMG's separator) | the same |
/// | `<font key="titleFont">` | the title cell's `NSSupport` (SUUpdateAlert) | the same |
/// | `boxType="oldStyle"` | — | `NSBoxType` 3, laid out as a primary box (SUUpdateAlert) |
/// | `NSTransparent` | false | `transparent="YES"` (NSBox's `isTransparent`), else false |
/// | `boxType` `secondary`, `custom` | — | `NSBoxType` 1, 4 (`NSBox.BoxType`), laid out as a primary box; a custom box keeps its content rect and loses its drawing (colors, border width, corner radius), with a warning: no nib shows one |
/// | `IBNSBoxIsUsingDocumentContentView` | — | true |
/// | `autoresizesSubviews="NO"` | — | `NSvFlags` without 0x100, and an `NSIBUserDefinedRuntimeAttributesConnector` setting `autoresizesSubviews` false |
///
/// ibtool lays a titled box's content view out as AppKit does rather than keeping the source's
/// frame: it fills the box's width and its height less 12 points of title, at the origin, with
/// width and height sizable (`test_box_titled`: 554 × 84 at {3, 3} in a 560 × 100 box becomes
/// 560 × 88), and its subviews follow their autoresizing masks (a width-sizable text field grows
/// by 6). Only that configuration (default border, title on top, primary box) is known, and
/// only masks with one flexible part per axis are resized. Xcode 13–15 (the keyed-archive pairs)
/// kept the source's content rect instead (``AppKitEraRule``). A box without a title keeps the
/// source's content rect too (SUUpdateAlert's line box: {{1, 1}, {490, 213}} in 492 × 215, as
/// its source says); other title positions do, with a warning.
enum AppKitBoxRule {
    /// What a box is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ["boxType", "title", "borderType", "autoresizesSubviews", "titlePosition", "transparent"],
        children: ["view", "font"],
        writesEmptySubviews: true)

    /// `borderType` → `NSBorderType` (`NSBorderType` raw values; `line` seen in
    /// GroupingController, `none` (0) in QuickDMG's keyed box, the default everywhere else).
    static let borderTypes = ["none": 0, "line": 1, "bezel": 2, "groove": 3]

    /// `titlePosition` → `NSBox.TitlePosition` raw value (AppKit's public headers).
    static let titlePositions = [
        "noTitle": 0, "aboveTop": 1, "atTop": 2, "belowTop": 3, "aboveBottom": 4, "atBottom": 5, "belowBottom": 6,
    ]

    /// The title height a titled box takes from its content view.
    static let titleHeight = 12.0

    /// The archived box for `element`.
    static func box(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        switch element["boxType"] {
        case "separator": break
        case nil, "primary": return try titledBox(element, superview: superview, parent: parent, views: views)
        case "oldStyle": return try titledBox(element, superview: superview, parent: parent, views: views, type: 3)
        case "secondary": return try titledBox(element, superview: superview, parent: parent, views: views, type: 1)
        case "custom":
            // No compiled nib shows a custom box (69 in the wild corpus): its content view and
            // what it holds are kept, its drawing (fill and border colors, width, corner radius)
            // is not.
            try context.unmodelled(
                .unsupportedAttribute, element,
                "no compiled nib shows a custom box: archived as NSBoxType 4 (NSBox.BoxType.custom) with its content "
                    + "view; its fill and border colors, border width and corner radius are left out")
            return try titledBox(element, superview: superview, parent: parent, views: views, type: 4)
        case let type?:
            try context.unmodelled(.unsupportedAttribute, element, "boxType \"\(type)\" is not modelled")
        }
        if let content = element.child("view") {
            try context.unmodelled(.unsupportedElement, content, "a separator box with a content view is not supported")
        }
        if let subviews = element.child("subviews"), !subviews.children.isEmpty {
            try context.unmodelled(.unsupportedElement, subviews, "a separator box with subviews is not modelled")
        }
        let box = try ControlRule.swapped(ArchivedObject("NSBox"), for: element, context: context)
        context.track(box, id: element["id"], parent: parent)
        _ = try views.encodeView(element, box, superview: superview, kind: kind)
        box.set("NSOffsets", .string("{5, 5}"))
        box.set("NSTitleCell", try titleCell(element, context: context))
        box.set("NSBorderType", int: 3)
        box.set("NSBoxType", int: 2)
        box.set(
            "NSTitlePosition", int: try CellRule.value(element, "titlePosition", titlePositions, default: 2, context))
        box.set("NSTransparent", .bool(false))
        return box
    }

    /// A titled primary box with its content view, laid out as ibtool does.
    static func titledBox(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder,
        type: Int = 0
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let position = try CellRule.value(element, "titlePosition", titlePositions, default: 2, context)
        if position != 2 && position != 0 {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "no pair shows a box titled \(element["titlePosition"] ?? ""); its content view keeps the source's rect"
            )
        }
        guard let contentElement = element.child("view", key: "contentView") else {
            throw context.error(.invalidSource, element, "a titled box needs a <view key=\"contentView\">")
        }
        if let subviews = element.child("subviews"), !subviews.children.isEmpty {
            try context.unmodelled(.unsupportedElement, subviews, "box subviews come from its content view")
        }
        let box = try ControlRule.swapped(ArchivedObject("NSBox"), for: element, context: context)
        context.track(box, id: element["id"], parent: parent)
        _ = try views.encodeView(element, box, superview: superview, kind: kind)
        let content = try views.view(contentElement, superview: box, parent: box)
        box.replace("NSSubviews", .object(.collection("NSMutableArray", [content])))

        let boxSize = size(of: element)
        let laidOut = (width: boxSize.width, height: boxSize.height - titleHeight)
        guard laidOut.height >= 0 || position != 2 || type == 4 else {
            throw context.error(.unsupportedAttribute, element, "a box lower than its title is not modelled")
        }
        let sourceSize = size(of: contentElement)
        content.replace("NSvFlags", .integer(0x100 | 0x12))
        // Xcode 13–15 kept the source's content rect (scribendi, AVRFuses: 30 boxes); so does a
        // box without a title (SUUpdateAlert).
        if context.era >= AppKitEraRule.current && position == 2 && type != 4 {
            content.remove("NSFrame")
            content.replace("NSFrameSize", .object(.string(AppKitContext.text([laidOut.width, laidOut.height]))))
            try AppKitAutoresizing.resizeSubviews(
                of: contentElement, from: [sourceSize.width, sourceSize.height], to: [laidOut.width, laidOut.height],
                views: views)
        }

        box.set("NSOffsets", .string("{0, 0}"))
        box.set("NSTitleCell", try titleCell(element, untitled: "", context: context))
        box.set("NSContentView", content)
        box.set("NSBorderType", int: try CellRule.value(element, "borderType", borderTypes, default: 3, context))
        box.set("NSBoxType", int: type)
        box.set("NSTitlePosition", int: position)
        box.set("NSTransparent", .bool(element.flag("transparent")))
        box.set("IBNSBoxIsUsingDocumentContentView", .bool(true))
        // autoresizesSubviews="NO": NSvFlags without 0x100 and a runtime attribute setting it
        // again after loading (GroupingController, the only such box).
        if element["autoresizesSubviews"] == "NO" {
            AppKitRuntimeAttributeRule.connect(
                keyPaths: [.string("autoresizesSubviews")], values: [.number(bool: false)], object: box,
                context: context)
        }
        return box
    }

    /// The width and height of an element's `<rect key="frame">`.
    static func size(of element: SourceElement) -> (width: Double, height: Double) {
        let frame = element.child("rect", key: "frame")
        return (frame?.number("width") ?? 0, frame?.number("height") ?? 0)
    }

    /// The box's title cell.
    /// Without a `title`, a separator's cell says "Title" (box_separator_autoresize) and a
    /// titled box's nothing (MarkupTagsController's line box).
    static func titleCell(_ element: SourceElement, untitled: String = "Title", context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        let title = ArchivedObject("NSTextFieldCell")
        title.set("NSCellFlags", .integer(0x0400_0000))
        title.set("NSCellFlags2", .integer(0x0800_0000))
        title.set("NSContents", .string(element["title"] ?? untitled))
        // `<font key="titleFont">`: the title cell's font (SUUpdateAlert: 11-point LucidaGrande).
        if let font = element.child("font", key: "titleFont") {
            title.set("NSSupport", try AppKitFontRule.font(font, context: context))
        } else {
            title.set(
                "NSSupport",
                AppKitFontRule.make(
                    name: AppKitFontRule.system, size: 11, type: 12, textStyle: nil, usesAppearanceSize: false))
        }
        title.set("NSControlView", .null)
        title.set(
            "NSBackgroundColor",
            try AppKitColorRule.catalogColor("textBackgroundColor", element: element, context: context))
        title.set("NSTextColor", try AppKitColorRule.catalogColor("labelColor", element: element, context: context))
        return title
    }
}
