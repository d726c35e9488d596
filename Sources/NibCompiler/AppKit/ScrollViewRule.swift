/// `<scrollView>` → `NSScrollView`: its clip view (``ClipViewRule``), scrollers
/// (``ScrollerRule``), the table header view with the header clip view and corner view ibtool
/// generates, and the geometry ibtool recomputes when it tiles the scroll view.
///
/// `NSsFlags`, learned from fixtures that differ in one attribute (`test12_text_view_border`,
/// `sv_nohs_small_vs`, `pred_compound_chain`, …):
///
/// | Bits | Source |
/// |---|---|
/// | `0..<2` | `borderType`: none 0, line 1, bezel 2 (absent), groove 3 |
/// | `0x10` | `hasVerticalScroller` (absent: YES) |
/// | `0x20` | `hasHorizontalScroller` (absent: YES) |
/// | `0x80` | the document view is wider than the clip view (horizontally scrollable) |
/// | `0x200` | `autohidesScrollers="YES"` |
/// | `0x800` | always |
/// | `0x1_0000` | `usesPredominantAxisScrolling` (absent: YES) |
/// | `0x2_0000` | always |
///
/// Tiling, as the archived frames show: the clip view fills the scroll view inside its border
/// (none 0, line and bezel 1, groove 2 points), less 17 points (15 before Xcode 16) for each
/// visible (not hidden) legacy scroller (13 for a small vertical one beside a table) — an
/// autohiding one takes no room while the document fits, overlay scrollers
/// (``NibCompiler/Options/overlayScrollers``) none at all; a header view gets
/// a header clip view across the top of the clip view, whose bounds start `headerHeight` above
/// its origin. A table is sized by ``AppKitTableViewRule/tiledSize(_:clipSize:sourceWidth:element:context:)``
/// (its visible scrollers move to the tiled edges), a text view takes the clip view's width
/// (its scrollers keep their source frames), other document views follow their autoresizing
/// masks (``AppKitAutoresizing``).
///
/// `NSScrollAmts` (four big-endian float32s: horizontal and vertical page scroll, horizontal and
/// vertical line scroll) is written only when it differs from 10 everywhere; a table document
/// view sets the line scroll to its row height plus its vertical intercell spacing.
enum ScrollViewRule {
    /// The scroll view attributes this rule reads.
    static let attributes: Set<String> = [
        "borderType", "autohidesScrollers", "horizontalLineScroll", "horizontalPageScroll", "verticalLineScroll",
        "verticalPageScroll", "hasHorizontalScroller", "hasVerticalScroller", "usesPredominantAxisScrolling",
    ]
    /// `borderType` → the low bits of `NSsFlags`.
    static let borderTypes: [String: Int] = ["none": 0, "line": 1, "bezel": 2, "groove": 3]
    /// The width of the border each border type draws, which the clip view is inset by.
    static let borderWidths: [Int: Double] = [0: 0, 1: 1, 2: 1, 3: 2]
    /// The width ibtool gives a visible legacy scroller when it tiles.
    static let scrollerWidth: Double = 17
    /// The width of a visible small vertical scroller beside a table.
    static let smallScrollerWidth: Double = 13
    /// The size of the `_NSCornerView` every table view archives.
    static let cornerSize: [Double] = [17, 28]

    /// The newest `toolsVersion` whose headerless tables keep a detached corner view shown
    /// (HSChooserWindow, 18122; also sv_nohs_small_vs 9059, sv_nohs_wide_col 14460.31).
    static let shownDetachedCornerToolsVersion: Double = 18122
    /// The oldest `toolsVersion` whose headerless tables hide it (AVRFuses 21225 and 23094,
    /// transmission_MainMenu 24506).
    static let hiddenDetachedCornerToolsVersion: Double = 21225

    /// Whether the corner view of a headerless table without a visible vertical scroller (kept
    /// out of the scroll view, `NSFrameSize` only) is archived hidden (`NSvFlags` 0x8000_0100):
    /// it is from toolsVersion ``hiddenDetachedCornerToolsVersion``, shown up to
    /// ``shownDetachedCornerToolsVersion``; documents in between are refused (no pair shows them).
    static func hidesDetachedCorner(_ element: SourceElement, context: AppKitContext)
        throws(CompileError) -> Bool
    {
        guard let tools = context.toolsVersion else {
            throw context.error(
                .unsupportedAttribute, element,
                "whether a headerless table's corner view is hidden is not known without a toolsVersion")
        }
        if tools >= hiddenDetachedCornerToolsVersion { return true }
        if tools <= shownDetachedCornerToolsVersion { return false }
        throw context.error(
            .unsupportedAttribute, element,
            "whether a headerless table's corner view is hidden at toolsVersion \(tools) is not known yet")
    }

    /// The archived scroll view for `element`.
    static func scrollView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        // Xcode 13 tiled legacy scrollers 15 points wide (IRIndexRecordWController's text view:
        // a 383-point scroll view, clip 368; AVRFuses' detached corner views, Xcode 14 and 15);
        // Xcode 16, 17.
        let scrollerWidth = context.era < AppKitEraRule.current ? 15 : Self.scrollerWidth
        // A custom class swaps the class (adium's AIAutoScrollView, ContactListWindowBorderless:
        // NSClassSwapper with NSOriginalClassName NSScrollView), as for controls.
        let scroll = try ControlRule.swapped(ArchivedObject("NSScrollView"), for: element, context: context)
        context.track(scroll, id: element["id"], parent: parent)
        let kind = AppKitViewEncoder.Kind(
            attributes: attributes, children: ["clipView", "scroller", "tableHeaderView"])
        let parts = try views.encodeView(element, scroll, superview: superview, kind: kind)
        var clipElement: SourceElement?
        var scrollers: [String: SourceElement] = [:]
        var headerElement: SourceElement?
        for part in parts {
            switch (part.name, part["key"]) {
            case ("clipView", "contentView"): clipElement = part
            case ("scroller", let key?) where key == "horizontalScroller" || key == "verticalScroller":
                scrollers[key] = part
            case ("tableHeaderView", "headerView"): headerElement = part
            default:
                try context.unmodelled(
                    .unsupportedElement, part, "<\(part.name)> inside a <scrollView> is not modelled")
            }
        }
        guard let clipElement, let horizontal = scrollers["horizontalScroller"],
            let vertical = scrollers["verticalScroller"]
        else {
            throw context.error(
                .unsupportedElement, element,
                "a <scrollView> without a content clip view and both scrollers is not modelled")
        }

        // Geometry, as ibtool tiles it.
        let border = try CellRule.value(element, "borderType", borderTypes, default: 2, context)
        let inset = borderWidths[border] ?? 0
        let frame = try rect(element, context)
        let inner = [inset, inset, frame[2] - 2 * inset, frame[3] - 2 * inset]
        let hasVertical = element["hasVerticalScroller"] != "NO"
        let hasHorizontal = element["hasHorizontalScroller"] != "NO"
        let verticalVisible = hasVertical && !vertical.flag("hidden")
        let horizontalVisible = hasHorizontal && !horizontal.flag("hidden")
        let headerHeight = try headerElement.map { (header) throws(CompileError) in try rect(header, context)[3] } ?? 0
        // An autohiding scroller takes no room while the document fits in the source clip view
        // (clipview_customview_drawsbg); a table document, without rows, always fits.
        let sourceClip = try rect(clipElement, context)
        let documentElement = clipElement.child("subviews")?.children.first
        let sourceDocument = try documentElement.map { (document) throws(CompileError) in try rect(document, context) }
        let isTableDocument = documentElement.map { ["tableView", "outlineView"].contains($0.name) } ?? false
        let fits = { (axis: Int) -> Bool in
            isTableDocument || (sourceDocument.map { $0[axis + 2] <= sourceClip[axis + 2] } ?? true)
        }
        let autohides = element.flag("autohidesScrollers")
        // Overlay scrollers float over the clip view (tabview_scrollview_chain).
        let overlay = context.overlayScrollers
        let verticalTakesRoom = !overlay && verticalVisible && !(autohides && fits(1))
        let horizontalTakesRoom = !overlay && horizontalVisible && !(autohides && fits(0))
        if overlay && isTableDocument && (verticalVisible || horizontalVisible) {
            try context.unmodelled(
                .unsupportedElement, element,
                "a table with visible overlay scrollers is not modelled (no pair shows how ibtool tiles it)")
        }
        // A small vertical scroller beside a table takes 13 points (outline_cellview,
        // test_outline_small_sv: clip 301 and scroller {{302, 1}, {13, h}} in a 316-point bezel
        // scroll view); the table's corner view and the prototype cell views of a view-based
        // table are still placed for a 17-point one (corner at 298, cells laid out 297 wide).
        let verticalWidth = isTableDocument && vertical["controlSize"] == "small" ? smallScrollerWidth : scrollerWidth
        let clipFrame = [
            inner[0], inner[1], inner[2] - (verticalTakesRoom ? verticalWidth : 0),
            inner[3] - (horizontalTakesRoom ? scrollerWidth : 0),
        ]
        guard clipFrame[2] >= 0, clipFrame[3] >= headerHeight else {
            throw context.error(.invalidSource, element, "the scroll view is too small for its scrollers and header")
        }

        // The header view is referenced by the table (`headerView="…"`) before it is reached in
        // document order, so it exists before the clip view's document view is encoded.
        let header = headerElement.map { _ in ArchivedObject("NSTableHeaderView") }
        if let header, let id = headerElement?["id"] { context.objectsByID[id] = header }

        let clip = ArchivedObject("NSClipView")
        context.track(clip, id: clipElement["id"], parent: scroll)
        let document = try ClipViewRule.encode(clipElement, clip, scroll: scroll, views: views)
        // Tables and text views follow the tiled clip view by their own rules below; other
        // document views by their autoresizing masks.
        let table = document.flatMap { AppKitTableViewRule.isTable($0) ? $0 : nil }
        let isText = document.map(AppKitTextViewRule.isTextView) ?? false
        var resizedDocument = sourceDocument
        if table != nil || isText {
            setFrame(clip, clipFrame)
        } else if clipFrame != sourceClip {
            // The tiled clip view autoresizes its document view and that view's subviews
            // (test10_next_key: 463 × 253 → 446 × 236, images moved down by 17).
            setFrame(clip, clipFrame)
            let frames = try AppKitAutoresizing.resizeSubviews(
                of: clipElement, from: [sourceClip[2], sourceClip[3]], to: [clipFrame[2], clipFrame[3]],
                views: views)
            resizedDocument = frames.first
        }
        if headerHeight > 0 {
            clip.set("NSBounds", .string(AppKitContext.text([0, -headerHeight, clipFrame[2], clipFrame[3]])))
        }
        var documentSize: [Double]?
        if let table {
            let size = try AppKitTableViewRule.tiledSize(
                table, clipSize: [clipFrame[2], clipFrame[3] - headerHeight], sourceWidth: sourceDocument?[2] ?? 0,
                element: clipElement, context: context)
            setFrame(table, [0, 0, size[0], size[1]])
            documentSize = size
            if let prototypes = context.prototypeCellViews.removeValue(forKey: ObjectIdentifier(table)),
                let documentElement
            {
                // The tiled table's width, less what a small vertical scroller gave back: the
                // cells are laid out as beside a 17-point one (outline_cellview 301 → 297).
                let width = size[0] - (clipFrame[2] - (inner[2] - (verticalTakesRoom ? scrollerWidth : 0)))
                try AppKitTableCellViewRule.archive(
                    prototypes, table: table, width: width, element: documentElement, views: views)
            }
        } else if let document, isText, let sourceDocument {
            // A text view tracks the clip view's width (test11_text_view_back, test12_text_view_border).
            let size = [clipFrame[2], sourceDocument[3]]
            setFrame(document, [0, 0, size[0], size[1]])
            AppKitTextViewRule.setWidth(document, size[0])
            documentSize = size
        } else if let resizedDocument {
            documentSize = [resizedDocument[2], resizedDocument[3]]
        }

        var subviews = [clip]
        var headerClip: ArchivedObject?
        if let header {
            let holder = ArchivedObject("NSClipView")
            holder.set("NSNextResponder", scroll)
            holder.set("NSNibTouchBar", .null)
            holder.set("NSvFlags", int: 0x100)
            holder.set("NSSubviews", .collection("NSMutableArray", [header]))
            setFrame(holder, [inner[0], inner[1], clipFrame[2], headerHeight])
            holder.set("NSSuperview", scroll)
            holder.set("NSNextKeyView", header)
            holder.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
            holder.set("IBNSSafeAreaLayoutGuide", .null)
            holder.set("IBNSLayoutMarginsGuide", .null)
            holder.set("IBNSClipsToBounds", int: 0)
            holder.set("NSDocView", header)
            holder.set("NSAutomaticallyAdjustsContentInsets", .bool(true))
            headerClip = holder
            subviews.append(holder)
        }

        // Only a table's scroll view moves its visible scrollers (text views keep the source
        // frames: test11_text_view_back, test13_clip_flags).
        let verticalFrame =
            verticalVisible && table != nil
            ? [
                inner[0] + inner[2] - verticalWidth, inner[1] + headerHeight, verticalWidth,
                clipFrame[3] - headerHeight,
            ] : nil
        let horizontalFrame =
            horizontalVisible && table != nil
            ? [inner[0], inner[1] + inner[3] - scrollerWidth, clipFrame[2], scrollerWidth] : nil
        let horizontalScroller = try ScrollerRule.scroller(
            horizontal, scroll: scroll, tiledFrame: horizontalFrame, views: views)
        // A document wider than the clip view enables the horizontal scroller, hidden or not
        // (test_table_no_header).
        if table != nil, let documentSize, documentSize[0] > clipFrame[2] {
            if horizontalVisible {
                try context.unmodelled(
                    .unsupportedElement, horizontal,
                    "a visible horizontal scroller over a wider table is not modelled (its knob proportion)")
            }
            horizontalScroller.set("NSEnabled", .bool(true))
            if hasHorizontal {
                // An autohiding horizontal scroller shows over the clip view's bottom edge, with
                // its knob as wide as the visible part (test_6col: 298 / 318, small height 15;
                // todo-test28_tableview_attrs: 238 / 258, regular height 17).
                guard autohides else {
                    throw context.error(
                        .unsupportedElement, horizontal,
                        "a hidden, non-autohiding horizontal scroller over a wider table is not modelled")
                }
                let height: Double = horizontal["controlSize"] == "small" ? 15 : scrollerWidth
                if case .integer(let flags)? = horizontalScroller.value(forKey: "NSvFlags") {
                    horizontalScroller.replace(
                        "NSvFlags", .integer(Int64(Int32(truncatingIfNeeded: flags & 0x7FFF_FFFF))))
                }
                setFrame(horizontalScroller, [inner[0], inner[1] + inner[3] - height, clipFrame[2], height])
                horizontalScroller.set("NSPercent", .float64(clipFrame[2] / documentSize[0]))
            }
        }
        let verticalScroller = try ScrollerRule.scroller(
            vertical, scroll: scroll, tiledFrame: verticalFrame, views: views)
        subviews.append(horizontalScroller)

        // The table's corner view joins the scroll view when there is a header to sit beside
        // (not for borderless scroll views: outline_2col_default, outline_autohide_header).
        let corner = table?.object(forKey: "NSCornerView")
        // …and not while an autohiding horizontal scroller shows under a wider table (test_6col,
        // todo-test28_tableview_attrs).
        let horizontalShown = horizontalScroller.has("NSPercent")
        let cornerInScrollView = header != nil && border != 0 && !horizontalShown
        if let corner {
            if cornerInScrollView {
                corner.set("NSNextResponder", scroll)
                corner.set("NSNibTouchBar", .null)
                if let verticalFrame {
                    // Above a visible vertical scroller, the corner view shows, as tall as the
                    // header (test_table_uniform_header, test_outline_header).
                    corner.set("NSvFlags", int: 0x100)
                    corner.set("NSFrame", .string(AppKitContext.text([verticalFrame[0], inner[1], 18, headerHeight])))
                } else {
                    corner.set("NSvFlags", .integer(Int64(Int32(bitPattern: 0x8000_0100))))
                    corner.set("NSFrameSize", .string(AppKitContext.text(cornerSize)))
                }
                corner.set("NSSuperview", scroll)
                subviews.append(corner)
            } else {
                corner.set("NSNextResponder", .null)
                corner.set("NSNibTouchBar", .null)
                if header == nil, verticalFrame == nil,
                    try hidesDetachedCorner(documentElement ?? element, context: context)
                {
                    corner.set("NSvFlags", .integer(Int64(Int32(bitPattern: 0x8000_0100))))
                } else {
                    corner.set("NSvFlags", int: 0x100)
                }
                if header == nil, verticalFrame != nil {
                    // Beside a visible vertical scroller, the detached corner view sits at its
                    // top, one point wider (test_sv2, sv16b).
                    let x = inner[0] + inner[2] - scrollerWidth
                    corner.set("NSFrame", .string(AppKitContext.text([x, inner[1], 18, cornerSize[1]])))
                } else {
                    // As wide as the scroller width it was tiled with: 15 for Xcode 14 and 15
                    // (AVRFuses' table, both pairs), 17 for Xcode 16.
                    corner.set("NSFrameSize", .string(AppKitContext.text([scrollerWidth, cornerSize[1]])))
                }
            }
            corner.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
            corner.set("IBNSSafeAreaLayoutGuide", .null)
            corner.set("IBNSLayoutMarginsGuide", .null)
            corner.set("IBNSClipsToBounds", int: 0)
        }
        subviews.append(verticalScroller)

        if let header, let headerElement, let headerClip {
            context.track(header, id: headerElement["id"], parent: scroll)
            let kind = AppKitViewEncoder.Kind()
            _ = try views.encodeView(headerElement, header, superview: headerClip, kind: kind)
            if let table {
                header.set("NSTableView", table)
                // The header view is as wide as its table (wider than the clip view when the
                // columns need it: test_table_header_first_col).
                if let documentSize { setFrame(header, [0, 0, documentSize[0], headerHeight]) }
            } else {
                // The document view was not compiled as a table (a part of it has no rule: see
                // the warnings before). The scroll view, its scrollers and the header stay; the
                // header draws no columns until a table is set (24 wild documents lost their
                // whole scroll view here).
                try context.unmodelled(
                    .unsupportedElement, headerElement,
                    "the header view's table could not be compiled; the header is archived without it")
            }
        }

        scroll.set("NSSubviews", .collection("NSMutableArray", subviews))
        scroll.set("NSNextKeyView", clip)
        scroll.set("NSGestureRecognizers", .collection("NSArray", [panRecognizer(scroll)]))
        var flags = border | 0x800 | 0x2_0000
        if hasVertical { flags |= 0x10 }
        if hasHorizontal { flags |= 0x20 }
        if let documentSize, documentSize[0] > clipFrame[2] { flags |= 0x80 }
        if element.flag("autohidesScrollers") { flags |= 0x200 }
        if element["usesPredominantAxisScrolling"] != "NO" { flags |= 0x1_0000 }
        scroll.set("NSsFlags", int: flags)
        scroll.set("NSVScroller", verticalScroller)
        scroll.set("NSHScroller", horizontalScroller)
        scroll.set("NSContentView", clip)
        if let headerClip { scroll.set("NSHeaderClipView", headerClip) }
        if let corner, cornerInScrollView { scroll.set("NSCornerView", corner) }
        if let amounts = try scrollAmounts(element, table: table, context: context) {
            scroll.set("NSScrollAmts", .data(amounts))
        }
        scroll.set("NSMinMagnification", .float64(0.25))
        scroll.set("NSMaxMagnification", .float64(4))
        scroll.set("NSMagnification", .float64(1))
        return scroll
    }

    /// `NSScrollAmts`, or nil when every amount is the default 10.
    static func scrollAmounts(_ element: SourceElement, table: ArchivedObject?, context: AppKitContext)
        throws(CompileError) -> [UInt8]?
    {
        func amount(_ name: String) throws(CompileError) -> Double {
            guard element[name] != nil else { return 10 }
            // Archived as float32 bits: a larger finite value would become infinity.
            guard let value = element.number(name), value >= 0, value <= Double(Float.greatestFiniteMagnitude) else {
                throw context.error(
                    .invalidSource, element, "\(name) must be a non-negative number within float32's range")
            }
            return value
        }
        var line = (try amount("horizontalLineScroll"), try amount("verticalLineScroll"))
        let page = (try amount("horizontalPageScroll"), try amount("verticalPageScroll"))
        if let table, case .float64(let rowHeight)? = table.value(forKey: "NSRowHeight"),
            case .float64(let spacing)? = table.value(forKey: "NSIntercellSpacingHeight")
        {
            line = (rowHeight + spacing, rowHeight + spacing)
        }
        let values = [page.0, page.1, line.0, line.1]
        guard values.contains(where: { $0 != 10 }) else { return nil }
        return values.flatMap { value in
            withUnsafeBytes(of: Float(value).bitPattern.bigEndian) { Array($0) }
        }
    }

    /// The pan gesture recognizer every scroll view archives.
    static func panRecognizer(_ scroll: ArchivedObject) -> ArchivedObject {
        let recognizer = ArchivedObject("NSPanGestureRecognizer")
        recognizer.set("NSGestureRecognizer.allowedTouchTypes", int: 1)
        recognizer.set("NSGestureRecognizer.action", .string("_panWithGestureRecognizer:"))
        recognizer.set("NSGestureRecognizer.target", scroll)
        recognizer.set("NSGestureRecognizer.delegate", scroll)
        recognizer.set("NSPanGestureRecognizer.buttonMask", int: 0)
        recognizer.set("NSPanGestureRecognizer.numberOfTouchesRequired", int: 1)
        return recognizer
    }

    /// The `<rect key="frame">` of `element` as x, y, width, height.
    static func rect(_ element: SourceElement, _ context: AppKitContext) throws(CompileError) -> [Double] {
        guard let rect = element.child("rect", key: "frame") else {
            throw context.error(.invalidSource, element, "<\(element.name)> needs a frame")
        }
        let values = ["x", "y", "width", "height"].map { rect.number($0) ?? 0 }
        guard values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0 else {
            throw context.error(.invalidSource, rect, "the frame must be finite with a non-negative size")
        }
        return values
    }

    /// Replaces the frame `AppKitViewEncoder` wrote for `view` with `frame` (`NSFrameSize` when
    /// the origin is zero, as AppKit encodes it).
    static func setFrame(_ view: ArchivedObject, _ frame: [Double]) {
        view.remove("NSFrame")
        view.remove("NSFrameSize")
        if frame[0] == 0 && frame[1] == 0 {
            view.set("NSFrameSize", .string(AppKitContext.text([frame[2], frame[3]])))
        } else {
            view.set("NSFrame", .string(AppKitContext.text(frame)))
        }
    }
}
