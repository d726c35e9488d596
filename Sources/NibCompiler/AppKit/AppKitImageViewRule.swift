/// `<imageView>` → `NSImageView` with its `<imageCell key="cell">` → `NSImageCell`.
///
/// | Key | Source |
/// |---|---|
/// | view and control keys | ``AppKitViewEncoder``, ``ControlRule``; `NSSubviews` always (empty), `NSDragTypes` (the image pasteboard types) |
/// | `NSEditable` | true |
/// | `NSImageViewPlaceholderPrecedence` | 0 |
/// | `IBNSShadowedSymbolConfiguration` | nil |
/// | cell flags | ``CellRule``: no cell type unless the cell has a font (AppKit makes a cell with a font a text cell) |
/// | cell `NSContents` | the `image` (``AppKitImageRule``), absent without one |
/// | cell `NSAlign` | 0 |
/// | cell `NSScale` | `imageScaling`: proportionallyDown 0, axesIndependently 1, none 2 (absent), proportionallyUpOrDown 3 |
/// | cell `NSStyle` | `imageFrameStyle`: the raw values of `NSImageFrameStyle` (none 0, photo 1, grayBezel 2, groove 3, button 4); 0 when absent |
/// | cell `NSAnimates` | `animates="YES"`; absent: false in xibs, true in storyboards (all three `sb_*` pairs with image cells, tools 22505; no xib of that tools version to tell the two causes apart) and in the nested nibs of view-based tables (HSChooserWindow: false in the document's copy of the same cells) |
/// | cell `NSImageAnimation` | -1 |
/// | `customClass` | the view becomes an `NSClassSwapper` (`NSClassName`, `NSOriginalClassName` first) |
enum AppKitImageViewRule {
    /// The pasteboard types every image view in the pairs registers.
    static let dragTypes = [
        "Apple PDF pasteboard type", "Apple PICT pasteboard type", "Apple PNG pasteboard type",
        "NSFilenamesPboardType", "NeXT TIFF v4.0 pasteboard type", "com.apple.NSFilePromiseItemMetaData",
        "com.apple.pasteboard.promised-file-content-type",
        "dyn.ah62d4rv4gu8yc6durvwwa3xmrvw1gkdusm1044pxqyuha2pxsvw0e55bsmwca7d3sbwu",
    ]

    /// `imageScaling` → `NSImageScaling`.
    static let scalings: [String: Int] = [
        "proportionallyDown": 0, "axesIndependently": 1, "none": 2, "proportionallyUpOrDown": 3,
    ]

    /// The types image views registered before the macOS 10.15 SDK: every image view of LuLu
    /// (Xcode 8.3) and Aerial (7.3), with EPS and without the file promise types.
    static let olderDragTypes = [
        "Apple PDF pasteboard type", "Apple PICT pasteboard type", "Apple PNG pasteboard type",
        "NSFilenamesPboardType", "NeXT Encapsulated PostScript v1.2 pasteboard type", "NeXT TIFF v4.0 pasteboard type",
    ]

    /// The types image views register for a deployment target before 10.14: the current ones and
    /// EPS (Sparkle's SUStatus and SUUpdateAlert, built for 10.11 and 10.13 by Xcode 11 and
    /// later: nine types, in this order, in every file).
    static let beforeMojaveDragTypes = (dragTypes + ["NeXT Encapsulated PostScript v1.2 pasteboard type"]).sorted()

    /// What an image view is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ControlRule.attributes, children: ["imageCell"], writesEmptySubviews: true, dragTypes: dragTypes)

    /// ``kind`` as the ibtool of `era` writes it: before Xcode 11 (``AppKitEraRule``) no empty
    /// subviews and the older drag types (LuLu's and Aerial's image views); EPS added to the
    /// current types for a deployment target before 10.14 (`beforeMojave`,
    /// ``beforeMojaveDragTypes``; every image view of a pair without a deployment target has
    /// the current ones).
    static func kind(era: XcodeEra, beforeMojave: Bool = false) -> AppKitViewEncoder.Kind {
        var older = kind
        if era < XcodeEra(11) {
            older.writesEmptySubviews = false
            older.dragTypes = olderDragTypes
        } else if beforeMojave {
            older.dragTypes = beforeMojaveDragTypes
        }
        return older
    }

    /// The image cell attributes beyond ``CellRule/attributes``.
    static let cellAttributes: Set<String> = ["image", "catalog", "imageScaling", "animates", "imageFrameStyle"]
    /// `imageFrameStyle` → `NSImageFrameStyle` (AppKit's public raw values).
    static let frameStyles: [String: Int] = ["none": 0, "photo": 1, "grayBezel": 2, "groove": 3, "button": 4]

    /// The archived image view for `element`.
    static func imageView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let view = try ControlRule.swapped(ArchivedObject("NSImageView"), for: element, context: context)
        context.track(view, id: element["id"], parent: parent)
        let children = try views.encodeView(
            element, view, superview: superview, kind: kind(era: context.era, beforeMojave: context.targetsBeforeMojave)
        )
        guard children.count == 1, let cell = children.first, cell["key"] == "cell" else {
            throw context.error(.invalidSource, element, "an image view needs exactly one <imageCell key=\"cell\">")
        }
        let cellObject = ArchivedObject("NSImageCell")
        context.track(cellObject, id: cell["id"], parent: view)
        try encodeCell(cell, cellObject, control: view, context: context)
        try ControlRule.encode(element, view, cell: cell, cellObject: cellObject, sendActionMask: 4, context: context)
        view.set("NSEditable", .bool(true))
        view.set("NSImageViewPlaceholderPrecedence", int: 0)
        view.set("IBNSShadowedSymbolConfiguration", .null)
        return view
    }

    /// The `NSImageCell` keys of `cell`.
    static func encodeCell(
        _ cell: SourceElement, _ object: ArchivedObject, control: ArchivedObject, context: AppKitContext
    )
        throws(CompileError)
    {
        for name in cell.attributes.keys where !CellRule.attributes.contains(name) && !cellAttributes.contains(name) {
            try context.unmodelled(.unsupportedAttribute, cell, "attribute \(name) on an <imageCell> is not modelled")
        }
        if cell["title"] != nil {
            try context.unmodelled(.unsupportedAttribute, cell, "an image cell with a title is not modelled")
        }
        for child in cell.children where !(child.name == "font" && child["key"] == "font") {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside an <imageCell> is not modelled")
        }
        let contents = try cell["image"].map { (name) throws(CompileError) in
            try AppKitImageRule.image(name, catalog: cell["catalog"], element: cell, context: context)
        }
        let type: CellRule.CellType = cell.child("font", key: "font") == nil ? .null : .text
        try CellRule.encode(cell, object, type: type, contents: contents, borders: .none, context: context)
        // Not for a target before 10.14 (Sparkle's image cells, as the drag types above).
        if !context.targetsBeforeMojave { object.set("NSControlView", control) }
        object.set("NSAlign", int: 0)
        object.set("NSScale", int: try CellRule.value(cell, "imageScaling", scalings, default: 2, context))
        object.set("NSStyle", int: try CellRule.value(cell, "imageFrameStyle", frameStyles, default: 0, context))
        object.set(
            "NSAnimates", .bool(cell["animates"].map { $0 == "YES" } ?? (context.isStoryboard || context.isNestedNib)))
        if !context.targetsBeforeMojave { object.set("NSImageAnimation", int: -1) }
    }
}
