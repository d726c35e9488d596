/// `<comboBox>` → `NSComboBox` with its `<comboBoxCell key="cell">` → `NSComboBoxCell`: a text
/// field (``AppKitTextFieldRule``, variant `comboBox`) whose cell adds the pop-up list and an
/// `NSComboTableView` that lives outside any view hierarchy.
///
/// Learned from the five combo boxes of the keyed pairs: scribendi GroupingController (Xcode 13)
/// and PreferencesController ×2 (Xcode 14.2), left-aligned with the 11-point small system font;
/// AVRFuses a08b56f5 (Xcode 14.0) and dbb7734b (Xcode 15.3), natural alignment with the 13-point
/// system font. Other fonts and alignments are refused; other Xcodes get the nearest one whose pairs
/// show that shape (13 below; 14.2 and 15.3 above), with a warning (``NibCompiler/XcodeFallback``).
///
/// | Cell key | Source |
/// |---|---|
/// | text field cell keys | ``AppKitTextFieldRule/encodeCell(_:_:control:field:variant:context:)`` |
/// | `NSVisibleItemCount` | `numberOfVisibleItems` (required) |
/// | `NSHasVerticalScroller` | `hasVerticalScroller`, true when absent |
/// | `NSPopUpListData` | `<objectValues>` strings, an `NSMutableArray`; absent without the element |
/// | `NSTableView` | the `NSComboTableView` below |
/// | `NSAutomaticTextCompletionStored` | true; `completes="NO"` adds nothing (`YES` refused) |
///
/// The `NSComboTableView`: no superview, window or next responder, `NSvFlags` 274, frame size
/// `{38, 5}` (Xcode 13 and 14; `{38, 10}` for Xcode 15.3, AVRFuses dbb7734b), the control keys
/// of a plain table (size 0, writing direction 0, send action mask 0, expansion tool tips),
/// action `tableViewAction:` targeting the cell (also delegate and data source), one
/// `NSTableColumn` (identifier "0", width and minimum width 10, maximum `FLT_MAX`, resizing
/// mask 3) whose header cell has an 11-point system font with the `UICTFontTextStyleSubhead`
/// text style (as table headers, ``AppKitEraRule`` writes it per Xcode) and a clear gray
/// background, and whose data cell says "Field" in the combo box's font with its alignment
/// (`NSCellFlags2` 0x800, natural alignment adds 0x1000_0000; Xcode 15 gives the header cell the
/// same alignment, Xcode 13 and 14 do not); intercell spacing {17, 0}, row height 16 for the
/// small system font and 18 for the system font, `NSTvFlags` 0xD260_8000, grid color
/// `separatorColor`, column autoresizing style 1, dragging masks −1 / 0, type select, group row
/// style 1.
enum AppKitComboBoxRule {
    /// The combo box cell attributes beyond a text field cell's.
    static let cellAttributes: Set<String> = ["completes", "numberOfVisibleItems", "hasVerticalScroller"]
    /// The combo box cell children beyond a text field cell's.
    static let cellChildren: Set<String> = ["objectValues"]

    /// The cell keys after the text field cell's: the list and its table.
    static func encodeCell(
        _ cell: SourceElement, _ object: ArchivedObject, font: ArchivedObject?, context: AppKitContext
    ) throws(CompileError) {
        if cell["completes"] == "YES" {
            throw context.error(.unsupportedAttribute, cell, "completes=\"YES\" is not modelled")
        }
        // (metaFont, alignment) → the list's row height, whether the alignment is natural, and
        // the Xcodes whose pairs show that shape.
        let shape: (rowHeight: Double, natural: Bool)
        let era: XcodeEra
        switch (cell.child("font", key: "font")?["metaFont"], cell["alignment"]) {
        case ("smallSystem", "left"):
            shape = (16, false)
            era = try context.modelledEra(
                for: cell, "left-aligned small system font combo boxes", modelled: XcodeEra(13)..<XcodeEra(15),
                newest: XcodeEra(14.2))
        case ("system", nil):
            shape = (18, true)
            era = try context.modelledEra(
                for: cell, "naturally aligned system font combo boxes", modelled: XcodeEra(13)..<XcodeEra(16),
                newest: XcodeEra(15.3))
        default:
            throw context.error(
                .unsupportedAttribute, cell,
                "combo boxes other than left-aligned with the small system font or naturally aligned with the "
                    + "system font are not modelled")
        }
        guard let count = cell.number("numberOfVisibleItems"), let visible = Int(exactly: count), visible >= 0,
            visible < 1000
        else {
            throw context.error(.invalidSource, cell, "a combo box cell needs numberOfVisibleItems")
        }
        object.set("NSVisibleItemCount", int: visible)
        object.set(
            "NSHasVerticalScroller", .bool(try CellRule.boolean(cell, "hasVerticalScroller", default: true, context)))
        if let list = cell.child("objectValues") {
            let strings = try list.children.map { (element) throws(CompileError) -> ArchivedObject in
                guard element.name == "string", element.attributes.isEmpty else {
                    throw context.error(
                        .unsupportedElement, element, "<\(element.name)> in a combo box's values is not modelled")
                }
                return .string(element.text)
            }
            object.set("NSPopUpListData", .collection("NSMutableArray", strings))
        }
        object.set(
            "NSTableView",
            try table(
                cell, target: object, font: font, rowHeight: shape.rowHeight, natural: shape.natural, era: era,
                context))
        object.set("NSAutomaticTextCompletionStored", .bool(true))
    }

    /// The combo box's `NSComboTableView`.
    private static func table(
        _ cell: SourceElement, target: ArchivedObject, font: ArchivedObject?, rowHeight: Double, natural: Bool,
        era: XcodeEra, _ context: AppKitContext
    ) throws(CompileError) -> ArchivedObject {
        let table = ArchivedObject("NSComboTableView")
        table.set("NSNextResponder", .null)
        table.set("NSNibTouchBar", .null)
        table.set("NSvFlags", int: 274)
        table.set("NSFrameSize", .string(era >= XcodeEra(15) ? "{38, 10}" : "{38, 5}"))
        table.set("NSSuperview", .null)
        table.set("NSWindow", .null)
        table.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        table.set("IBNSSafeAreaLayoutGuide", .null)
        table.set("IBNSLayoutMarginsGuide", .null)
        table.set("IBNSClipsToBounds", int: 0)
        table.set("NSEnabled", .bool(true))
        table.set("NSAllowsLogicalLayoutDirection", .bool(false))
        table.set("NSControlAllowsExpansionToolTips", .bool(true))
        table.set("NSControlAction", .string("tableViewAction:"))
        table.set("NSControlTarget", target)
        table.set("NSControlSize", int: 0)
        table.set("NSControlContinuous", .bool(false))
        table.set("NSControlRefusesFirstResponder", .bool(false))
        table.set("NSControlUsesSingleLineMode", .bool(false))
        table.set("NSControlTextAlignment", int: 0)
        table.set("NSControlLineBreakMode", int: 0)
        table.set("NSControlWritingDirection", int: 0)
        table.set("NSControlSendActionMask", int: 0)
        let clear = ArchivedObject("NSColor")
        clear.set("NSColorSpace", int: 3)
        clear.set("NSWhite", .data(Array("0 0".utf8) + [0]))
        if let space = try context.colorSpace(.genericGrayGamma22, for: cell) {
            clear.set("NSCustomColorSpace", space)
            clear.set("NSComponents", .data(Array("0 0".utf8)))
        }
        table.set(
            "NSTableColumns",
            .collection("NSMutableArray", [try column(cell, table, clear, font, natural: natural, era: era, context)]))
        table.set("NSIntercellSpacingWidth", .float64(17))
        table.set("NSIntercellSpacingHeight", .float64(0))
        table.set("NSBackgroundColor", clear)
        table.set("NSGridColor", try AppKitColorRule.catalogColor("separatorColor", element: cell, context: context))
        table.set("NSRowHeight", .float64(rowHeight))
        table.set("NSAction", .string("tableViewAction:"))
        table.set("NSTvFlags", .integer(Int64(Int32(bitPattern: 0xD260_8000))))
        table.set("NSDelegate", target)
        table.set("NSDataSource", target)
        table.set("NSTarget", target)
        table.set("NSColumnAutoresizingStyle", int: 1)
        table.set("NSDraggingSourceMaskForLocal", int: -1)
        table.set("NSDraggingSourceMaskForNonLocal", int: 0)
        table.set("NSAllowsTypeSelect", .bool(true))
        table.set("NSTableViewDraggingDestinationStyle", int: 0)
        table.set("NSTableViewGroupRowStyle", int: 1)
        return table
    }

    /// The table's only column.
    private static func column(
        _ cell: SourceElement, _ table: ArchivedObject, _ clear: ArchivedObject, _ font: ArchivedObject?,
        natural: Bool, era: XcodeEra, _ context: AppKitContext
    ) throws(CompileError) -> ArchivedObject {
        let alignment = natural ? 0x1000_0000 : 0
        let column = ArchivedObject("NSTableColumn")
        column.set("NSIdentifier", .string("0"))
        column.set("NSWidth", .float64(10))
        column.set("NSMinWidth", .float64(10))
        column.set("NSMaxWidth", .float64(Double(Float.greatestFiniteMagnitude)))
        let header = ArchivedObject("NSTableHeaderCell")
        header.set("NSCellFlags", int: 0x0400_0040)
        header.set("NSCellFlags2", int: 0x800 | (era >= XcodeEra(15) ? alignment : 0))
        header.set("NSContents", .string(""))
        // The table headers' font (``AppKitEraRule`` rewrites its descriptor for older Xcodes).
        header.set(
            "NSSupport",
            AppKitFontRule.make(
                name: AppKitFontRule.system, size: 11, type: 0, textStyle: "UICTFontTextStyleSubhead",
                usesAppearanceSize: false))
        header.set("NSBackgroundColor", clear)
        header.set("NSTextColor", try AppKitColorRule.catalogColor("headerTextColor", element: cell, context: context))
        column.set("NSHeaderCell", header)
        let data = ArchivedObject("NSTextFieldCell")
        data.set("NSCellFlags", int: 0x1420_0040)
        data.set("NSCellFlags2", int: 0x800 | alignment)
        data.set("NSContents", .string("Field"))
        if let font { data.set("NSSupport", font) }
        data.set("NSControlView", table)
        data.set(
            "NSBackgroundColor",
            try AppKitColorRule.catalogColor("controlBackgroundColor", element: cell, context: context))
        data.set("NSTextColor", try AppKitColorRule.catalogColor("controlTextColor", element: cell, context: context))
        column.set("NSDataCell", data)
        column.set("NSResizingMask", int: 3)
        column.set("NSIsResizeable", .bool(true))
        column.set("NSTableView", table)
        return column
    }
}
