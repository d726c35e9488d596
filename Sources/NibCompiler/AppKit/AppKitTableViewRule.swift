/// `<tableView>` / `<outlineView>` → `NSTableView` / `NSOutlineView` (cell-based), with its
/// columns (``TableColumnRule``) and the `_NSCornerView` every table archives.
///
/// `NSTvFlags`, learned from fixtures that differ in one attribute (`test_table_mult_sel_no`,
/// `test_single_col_noresize`, `test_sv2`, …):
///
/// | Bits | Source |
/// |---|---|
/// | `0x8000_0000` | `columnReordering` (absent: YES) |
/// | `0x4000_0000` | `columnResizing` (absent: YES) |
/// | `0x1000_0000` | `emptySelection` (absent: YES; HSChooserWindow `NO`) |
/// | `0x0800_0000` | `multipleSelection` (absent: YES) |
/// | `0x0200_0000` | always |
/// | `0x0100_0000` | `autosaveColumns` (absent: YES) |
/// | `0x0080_0000` | `alternatingRowBackgroundColors="YES"` |
/// | `0x0060_0000` | how the table's width compares with what its columns need (see ``tiledSize(_:clipSize:sourceWidth:element:context:)``): 1 room to spare, 2 exactly filled (outline_2col_firstcolonly_noreorder, outline_autohide_header, transmission_MainMenu), 3 wider than the clip view |
/// | `0x2000_0000` | grid lines drawn (`<tableViewGridLines>`; AVRFuses: horizontal, with `NSGridStyleMask` 2) |
/// | `0x0000_8000` | uniform column autoresizing (`columnAutoresizingStyle` absent or `uniform`) |
///
/// | Key | Source |
/// |---|---|
/// | `NSvFlags` | 0x112 (width and height sizable, whatever the source mask), 0x1000 for `focusRingType="none"` |
/// | `NSClassName`, `NSOriginalClassName` | `customClass`: the table becomes an `NSClassSwapper` |
/// | `NSColumnAutoresizingStyle` | `columnAutoresizingStyle`: none 0, uniform 1 (absent), sequential 2, reverseSequential 3, lastColumnOnly 4, firstColumnOnly 5 |
/// | `NSRowHeight` | `rowHeight` (absent: 17) |
/// | `NSIntercellSpacingWidth`, `…Height` | `<size key="intercellSpacing">` (absent: 3 × 2) |
/// | `NSAllowsTypeSelect` | `typeSelect` (absent: YES) |
/// | `NSControlAllowsExpansionToolTips` | `allowsExpansionToolTips="YES"` only |
/// | `NSAutosaveName` | `autosaveName` |
/// | `NSOutlineViewIndentationPerLevelKey` | `indentationPerLevel` as float32 (absent: 0) |
/// | `NSOutlineViewAutoresizesOutlineColumnKey` | false, written only when `autoresizesOutlineColumn` is not YES |
/// | `NSOutlineViewAutosaveExpandedItemsKey` | `autosaveExpandedItems="YES"` only |
/// | `NSOutlineViewIndentationMarkerFollowsCellKey` | false, when `indentationMarkerFollowsCell="NO"` |
/// | `NSTableViewSelectionHighlightStyle`, `NSTableViewDraggingDestinationStyle` | `selectionHighlightStyle="sourceList"`: 1 and 1 (AppKit gives a source list the source-list dragging style; HSChooserWindow); absent: nothing and 0; other styles are refused |
/// | `NSTableViewUseARH` | true, for `usesAutomaticRowHeights="YES"` (HSChooserWindow) |
enum AppKitTableViewRule {
    /// The table view attributes this rule reads.
    static let attributes: Set<String> = [
        "allowsExpansionToolTips", "columnAutoresizingStyle", "alternatingRowBackgroundColors", "multipleSelection",
        "autosaveColumns", "columnReordering", "columnResizing", "typeSelect", "rowHeight", "headerView",
        "autosaveName", "rowSizeStyle", "focusRingType", "viewBased", "emptySelection", "selectionHighlightStyle",
        "usesAutomaticRowHeights",
    ]
    /// The attributes only outline views carry.
    static let outlineAttributes: Set<String> = [
        "indentationPerLevel", "autoresizesOutlineColumn", "outlineTableColumn", "autosaveExpandedItems",
        "indentationMarkerFollowsCell",
    ]
    /// `columnAutoresizingStyle` → `NSColumnAutoresizingStyle`.
    static let autoresizingStyles: [String: Int] = [
        "none": 0, "uniform": 1, "sequential": 2, "reverseSequential": 3, "lastColumnOnly": 4, "firstColumnOnly": 5,
    ]

    /// The width a table needs beyond its columns and the spacing between them (see
    /// ``tiledSize(_:clipSize:sourceWidth:element:context:)``).
    static let tablePadding: Double = 32
    /// What a table that ibtool resizes leaves beyond its columns and their spacing when its
    /// resizable column fills it (sv16b, test_outline_small_sv).
    static let resizedTablePadding: Double = 9

    /// Whether `object` is an archived table or outline view.
    static func isTable(_ object: ArchivedObject) -> Bool { object.has("NSTvFlags") }

    /// The archived table or outline view for `element`, a subview of the clip view `superview`.
    static func tableView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let isOutline = element.name == "outlineView"
        guard superview?.className == "NSClipView" else {
            throw context.error(
                .unsupportedElement, element, "a <\(element.name)> outside a scroll view is not modelled")
        }
        if let ring = element["focusRingType"], ring != "none" {
            try context.unmodelled(.unsupportedAttribute, element, "focusRingType \"\(ring)\" is not modelled")
        }
        if let style = element["rowSizeStyle"], style != "automatic" {
            try context.unmodelled(.unsupportedAttribute, element, "rowSizeStyle \"\(style)\" is not modelled")
        }
        let table = ArchivedObject(isOutline ? "NSOutlineView" : "NSTableView")
        context.track(table, id: element["id"], parent: parent)
        // A view-based table archives its (empty) subviews (outline_cellview).
        let isViewBased = element.flag("viewBased")
        let kind = AppKitViewEncoder.Kind(
            attributes: isOutline ? attributes.union(outlineAttributes) : attributes,
            children: ["size", "color", "tableColumns", "tableViewGridLines"], hugging: (250, 750),
            writesEmptySubviews: isViewBased)
        let parts = try views.encodeView(element, table, superview: superview, kind: kind)
        // The clip view sizes its table: ibtool archives width and height sizable whatever the
        // source mask (test_outline_indent, test_table_no_header), and a focus ring type of none.
        table.replace("NSvFlags", int: 0x112 | (element["focusRingType"] == "none" ? 0x1000 : 0))
        var spacing = [3.0, 2.0]
        var colors: [String: ArchivedObject] = [:]
        var columnsElement: SourceElement?
        var gridStyle = 0
        for part in parts {
            switch (part.name, part["key"]) {
            case ("size", "intercellSpacing"):
                guard let width = part.number("width"), let height = part.number("height"), width.isFinite,
                    height.isFinite
                else {
                    throw context.error(.invalidSource, part, "the intercell spacing needs a width and a height")
                }
                spacing = [width, height]
            case ("color", let key?) where key == "backgroundColor" || key == "gridColor":
                colors[key] = try AppKitColorRule.color(part, context: context)
            case ("tableColumns", nil): columnsElement = part
            case ("tableViewGridLines", "gridStyleMask"): gridStyle = try gridStyleMask(part, context)
            default:
                try context.unmodelled(
                    .unsupportedElement, part, "<\(part.name)> inside a <\(element.name)> is not modelled")
            }
        }
        // Without colors, the table archives none (test_single_col_noresize); both or neither.
        if (colors["backgroundColor"] == nil) != (colors["gridColor"] == nil) {
            try context.unmodelled(
                .unsupportedElement, element,
                "a table view with only one of background and grid colors is not modelled")
        }
        table.set("NSEnabled", .bool(true))
        table.set("NSAllowsLogicalLayoutDirection", .bool(false))
        if element.flag("allowsExpansionToolTips") { table.set("NSControlAllowsExpansionToolTips", .bool(true)) }
        table.set("NSControlSize", int: 0)
        table.set("NSControlContinuous", .bool(false))
        table.set("NSControlRefusesFirstResponder", .bool(false))
        table.set("NSControlUsesSingleLineMode", .bool(false))
        table.set("NSControlTextAlignment", int: 0)
        table.set("NSControlLineBreakMode", int: 0)
        table.set("NSControlWritingDirection", int: 0)
        table.set("NSControlSendActionMask", int: 0)
        if let headerID = element["headerView"] {
            guard let header = context.objectsByID[headerID], header.className == "NSTableHeaderView" else {
                throw context.error(
                    .unsupportedAttribute, element, "headerView must name the scroll view's <tableHeaderView>")
            }
            table.set("NSHeaderView", header)
        }
        table.set("NSCornerView", ArchivedObject("_NSCornerView"))
        var columns: [ArchivedObject] = []
        var prototypes: [AppKitTableCellViewRule.Prototype] = []
        for (index, column) in (columnsElement?.children ?? []).enumerated() {
            columns.append(
                try TableColumnRule.column(
                    column, index: index, table: table, context: context, views: isViewBased ? views : nil,
                    prototypes: &prototypes))
        }
        if let outlineColumn = element["outlineTableColumn"], context.objectsByID[outlineColumn] == nil {
            throw context.error(.invalidSource, element, "outlineTableColumn names no column of this outline view")
        }
        table.set("NSTableColumns", .collection("NSMutableArray", columns))
        table.set("NSIntercellSpacingWidth", .float64(spacing[0]))
        table.set("NSIntercellSpacingHeight", .float64(spacing[1]))
        if let background = colors["backgroundColor"] { table.set("NSBackgroundColor", background) }
        if let grid = colors["gridColor"] { table.set("NSGridColor", grid) }
        table.set("NSRowHeight", .float64(try number(element, "rowHeight", default: 17, context)))
        table.set("NSTvFlags", .integer(Int64(Int32(bitPattern: flags(element) | (gridStyle != 0 ? 0x2000_0000 : 0)))))
        table.set("NSDelegate", .null)
        table.set("NSDataSource", .null)
        if gridStyle != 0 { table.set("NSGridStyleMask", int: gridStyle) }
        if let name = element["autosaveName"] { table.set("NSAutosaveName", .string(name)) }
        table.set(
            "NSColumnAutoresizingStyle",
            int: try CellRule.value(element, "columnAutoresizingStyle", autoresizingStyles, default: 1, context))
        table.set("NSDraggingSourceMaskForLocal", int: -1)
        table.set("NSDraggingSourceMaskForNonLocal", int: 0)
        table.set("NSAllowsTypeSelect", .bool(element["typeSelect"] != "NO"))
        let isSourceList = try sourceListHighlight(element, context)
        if isSourceList { table.set("NSTableViewSelectionHighlightStyle", int: 1) }
        table.set("NSTableViewDraggingDestinationStyle", int: isSourceList ? 1 : 0)
        if isViewBased {
            // Filled in once the scroll view has tiled the table (AppKitTableCellViewRule).
            table.set("NSTableViewArchivedReusableViewsKey", .collection("NSMutableDictionary", []))
            context.prototypeCellViews[ObjectIdentifier(table)] = prototypes
        }
        table.set("NSTableViewGroupRowStyle", int: 1)
        if element.flag("usesAutomaticRowHeights") { table.set("NSTableViewUseARH", .bool(true)) }
        // A custom class swaps the class in (test_outline_small_sv, todo-test28_tableview_attrs).
        _ = try ControlRule.swapped(table, for: element, context: context)
        if isOutline {
            if !element.flag("autoresizesOutlineColumn") {
                table.set("NSOutlineViewAutoresizesOutlineColumnKey", .bool(false))
            }
            let indentation = try number(element, "indentationPerLevel", default: 0, context)
            table.set("NSOutlineViewIndentationPerLevelKey", .float32(Float(indentation)))
            if element.flag("autosaveExpandedItems") {
                table.set("NSOutlineViewAutosaveExpandedItemsKey", .bool(true))
            }
            if element["indentationMarkerFollowsCell"] == "NO" {
                table.set("NSOutlineViewIndentationMarkerFollowsCellKey", .bool(false))
            }
            table.set("NSOutineViewStronglyReferencesItems", .bool(true))
        }
        return table
    }

    /// `<tableViewGridLines key="gridStyleMask">` → `NSGridStyleMask`: only `horizontal="YES"`
    /// (AVRFuses: 2, `NSTableViewSolidHorizontalGridLineMask`) is seen; other lines are refused.
    static func gridStyleMask(_ element: SourceElement, _ context: AppKitContext) throws(CompileError) -> Int {
        for name in element.attributes.keys where name != "key" && name != "horizontal" {
            try context.unmodelled(.unsupportedAttribute, element, "grid lines \(name) are not modelled")
        }
        guard element.children.isEmpty else {
            throw context.error(.unsupportedElement, element, "<tableViewGridLines> with children is not supported")
        }
        return try CellRule.boolean(element, "horizontal", default: false, context) ? 2 : 0
    }

    /// Whether `element` highlights its selection as a source list (the only style besides
    /// the default that a pair shows).
    static func sourceListHighlight(_ element: SourceElement, _ context: AppKitContext) throws(CompileError) -> Bool {
        guard let style = element["selectionHighlightStyle"] else { return false }
        guard style == "sourceList" else {
            throw context.error(
                .unsupportedAttribute, element, "selectionHighlightStyle \"\(style)\" is not modelled")
        }
        return true
    }

    /// `NSTvFlags` for `element` (see the table above).
    static func flags(_ element: SourceElement) -> UInt32 {
        var flags: UInt32 = 0x0200_0000 | 0x0020_0000  // width state 1; tiledSize updates it
        if element["emptySelection"] != "NO" { flags |= 0x1000_0000 }
        if element["columnReordering"] != "NO" { flags |= 0x8000_0000 }
        if element["columnResizing"] != "NO" { flags |= 0x4000_0000 }
        if element["multipleSelection"] != "NO" { flags |= 0x0800_0000 }
        if element["autosaveColumns"] != "NO" { flags |= 0x0100_0000 }
        if element.flag("alternatingRowBackgroundColors") { flags |= 0x0080_0000 }
        if element["columnAutoresizingStyle"] ?? "uniform" == "uniform" { flags |= 0x8000 }
        return flags
    }

    /// The size ibtool gives `table` in a clip view whose visible area below the header is
    /// `clipSize`; `sourceWidth` is the table's width in the source. A table needs its columns,
    /// the intercell spacing between them and ``tablePadding`` points:
    /// `sum(widths) + (n − 1) × spacing + 32` (test_table_no_header 389, test_table_uniform_header
    /// 357, test_outline_header 404, test_table_header_first_col 507, sv_nohs_wide_col 1232,
    /// todo-test28_tableview_attrs 258 with spacing 17). When that fits, the table is as wide as
    /// the clip view. When it does not:
    ///
    /// * if ibtool resizes the table (its source width is not the tiled clip view's) and columns
    ///   resize with it, the one resizable column (uniform) or the last (lastColumnOnly) fills
    ///   the table less ``resizedTablePadding`` and a spacing per column, width state 2 (sv16b
    ///   542 → 556, test_outline_small_sv 231 → 218); other cases are errors;
    /// * if the columns alone (with spacing after each) fit and columns resize with the table,
    ///   ibtool shrinks them by `32 − spacing` (29 points) by the autoresizing style and the table
    ///   stays as wide as the clip view: the last column for lastColumnOnly (test_outline_indent,
    ///   sv_nohs_small_vs), evenly for uniform (test_single_col_noresize 350 → 321,
    ///   test_table_mult_sel_no 178/172 → 163/158). Other styles are errors, and columns that
    ///   cannot shrink that far leave the table wider (test_6col);
    /// * otherwise (no column resizes with the table, or the columns alone do not fit) the table
    ///   is as wide as it needs and scrolls horizontally.
    ///
    /// A view-based table whose columns alone fit keeps them and the clip view's width, width
    /// state 2, instead of shrinking them (outline_cellview); when they do not fit, it widens as
    /// above (todo-test28_tableview_attrs).
    ///
    /// `element` is the clip view, for the errors.
    static func tiledSize(
        _ table: ArchivedObject, clipSize: [Double], sourceWidth: Double, element: SourceElement,
        context: AppKitContext
    ) throws(CompileError) -> [Double] {
        guard case .float64(let spacing)? = table.value(forKey: "NSIntercellSpacingWidth") else { return clipSize }
        let columns = table.object(forKey: "NSTableColumns").map(ClipViewRule.elements) ?? []
        guard !columns.isEmpty else { return clipSize }
        func double(_ column: ArchivedObject, _ key: String) -> Double {
            if case .float64(let value)? = column.value(forKey: key) { return value }
            return 0
        }
        let widths = columns.map { double($0, "NSWidth") }
        let resizable = columns.map { column in
            if case .integer(let mask)? = column.value(forKey: "NSResizingMask") { return mask & 1 != 0 }
            return false
        }
        let needed = widths.reduce(tablePadding + Double(columns.count - 1) * spacing, +)
        guard needed > clipSize[0] else {
            setWidthState(table, needed < clipSize[0] ? 1 : 2)
            return clipSize
        }
        let columnsAlone = widths.reduce(Double(columns.count) * spacing, +)
        let isViewBased = table.has("NSTableViewArchivedReusableViewsKey")
        // A cell-based table that ibtool resizes (its source width is not the tiled clip view's)
        // and whose columns do not fit: its resizable column fills the table less 9 points and a
        // spacing per column, width state 2 (sv16b: 585 → 568, lastColumnOnly, 542 → 556;
        // test_outline_small_sv: 314 → 301, uniform with one resizable column, 231 → 218).
        if !isViewBased && sourceWidth != clipSize[0] && resizable.contains(true) {
            let style = table.value(forKey: "NSColumnAutoresizingStyle")
            let resizableIndices = columns.indices.filter { resizable[$0] }
            var target: Int?
            switch style {
            case .integer(1)? where resizableIndices.count == 1: target = resizableIndices.first
            case .integer(4)? where resizable.last == true: target = columns.indices.last
            default: target = nil
            }
            let minima = columns.map { double($0, "NSMinWidth") }
            guard let target else {
                throw context.error(
                    .unsupportedElement, element,
                    "table columns that ibtool resizes while it resizes the table are not modelled")
            }
            let filled = clipSize[0] - resizedTablePadding - columnsAlone + widths[target]
            guard filled >= minima[target] else {
                throw context.error(
                    .unsupportedElement, element, "a resized table whose column would fall below its minimum width")
            }
            columns[target].replace("NSWidth", .float64(filled))
            setWidthState(table, 2)
            return clipSize
        }
        // A view-based table whose columns alone fit keeps them and the clip view's width, width
        // state 2 (outline_cellview: 321 needed, 292 alone, 301 wide; no 29-point shrink); one
        // whose columns do not fit widens as a cell-based one (todo-test28_tableview_attrs: 258).
        if isViewBased && columnsAlone <= clipSize[0] {
            setWidthState(table, 2)
            return clipSize
        }
        if resizable.contains(true) && columnsAlone <= clipSize[0] {
            guard sourceWidth == clipSize[0] else {
                throw context.error(
                    .unsupportedElement, element,
                    "table columns that ibtool resizes while it resizes the table are not modelled")
            }
            let shrink = tablePadding - spacing
            var changes = [Double](repeating: 0, count: columns.count)
            let style = table.value(forKey: "NSColumnAutoresizingStyle")
            switch style {
            case .integer(4)?:
                guard let last = columns.indices.last, resizable[last] else { break }
                changes[last] = -shrink
            case .integer(1)?:
                // Even shares, the odd point to the first columns; proportional shares would round
                // the same way in every pair seen, and a source where they differ is refused.
                let indices = columns.indices.filter { resizable[$0] }
                let share = (shrink / Double(indices.count)).rounded(.down)
                var rest = shrink - share * Double(indices.count)
                let total = indices.reduce(0.0) { $0 + widths[$1] }
                for index in indices {
                    changes[index] = -(share + (rest > 0 ? 1 : 0))
                    rest -= 1
                    guard total > 0, (shrink * widths[index] / total).rounded() == -changes[index] else {
                        throw context.error(
                            .unsupportedElement, element,
                            "uniformly shrinking these table columns is ambiguous (even or proportional shares)")
                    }
                }
            default: break
            }
            let minima = columns.map { double($0, "NSMinWidth") }
            guard changes.reduce(0, +) == -shrink else {
                throw context.error(
                    .unsupportedElement, element,
                    "table columns that must shrink by this autoresizing style are not modelled")
            }
            // Columns that cannot shrink that far (at their minimum) leave the table wider
            // (test_6col: its only resizable column is at its 20-point minimum).
            if columns.indices.allSatisfy({ widths[$0] + changes[$0] >= minima[$0] }) {
                for index in columns.indices where changes[index] != 0 {
                    columns[index].replace("NSWidth", .float64(widths[index] + changes[index]))
                }
                setWidthState(table, needed - shrink < clipSize[0] ? 1 : 2)
                return clipSize
            }
        }
        setWidthState(table, 3)
        return [needed, clipSize[1]]
    }

    /// Why a table cannot be restyled for macOS before 11.0 (``applyPlainStyle(to:)``).
    struct Refusal: Error {
        /// What is not modelled.
        var message: String
    }

    /// Restyles every table reachable from `root` (compiled with the 11.0 layout that
    /// ``tiledSize(_:clipSize:sourceWidth:element:context:)`` gives) as ibtool archives it in
    /// `keyedobjects.nib` and `keyedobjects-101300.nib` for deployment targets before 11.0, where
    /// tables have no inset style:
    ///
    /// * `NSTableViewStyle` 4 (plain);
    /// * the columns, which left room to spare (width state 1), grow by equal shares until they
    ///   and a spacing after each fill the table, width state 2 (AVRFuses, both pairs: 552 wide,
    ///   spacing 3, columns 40 + 468 → 59 + 487; the 11.0 variant keeps 40 + 468 with width
    ///   state 1). That table autoresizes the last column only and yet both columns grow.
    ///
    /// Only that shape is modelled: a cell-based table whose columns all resize with it, with
    /// `lastColumnOnly` autoresizing, room to spare that divides into whole points, and no column
    /// pushed past its maximum width. Anything else throws. The combo boxes' `NSComboTableView`s
    /// are left alone (the same in all three AVRFuses files).
    static func applyPlainStyle(to root: ArchivedObject) throws(Refusal) {
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        var tables: [ArchivedObject] = []
        while let object = pending.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            pending += object.referencedObjects
            if object.has("NSTableColumns"), object.className != "NSComboTableView" { tables.append(object) }
        }
        for table in tables { try applyPlainStyle(table: table) }
    }

    private static func applyPlainStyle(table: ArchivedObject) throws(Refusal) {
        func double(_ object: ArchivedObject, _ key: String) -> Double? {
            if case .float64(let value)? = object.value(forKey: key) { return value }
            return nil
        }
        guard !table.has("NSTableViewArchivedReusableViewsKey"), !table.has("NSTableViewStyle") else {
            throw Refusal(message: "view-based tables for a deployment target before 11.0 are not modelled yet")
        }
        guard case .integer(4)? = table.value(forKey: "NSColumnAutoresizingStyle") else {
            throw Refusal(
                message: "tables for a deployment target before 11.0 are modelled only with lastColumnOnly autoresizing"
            )
        }
        guard case .integer(let flags)? = table.value(forKey: "NSTvFlags"),
            UInt32(truncatingIfNeeded: flags) >> 21 & 3 == 1,
            let spacing = double(table, "NSIntercellSpacingWidth"),
            case .data(let sizeBytes)? = table.object(forKey: "NSFrameSize")?.value(forKey: "NS.bytes"),
            let width = Self.firstNumber(in: String(decoding: sizeBytes, as: UTF8.self))
        else {
            throw Refusal(
                message: "tables for a deployment target before 11.0 are modelled only when their columns leave room")
        }
        let columns = table.object(forKey: "NSTableColumns").map(ClipViewRule.elements) ?? []
        let widths = columns.compactMap { double($0, "NSWidth") }
        let allResize = columns.allSatisfy { column in
            if case .integer(let mask)? = column.value(forKey: "NSResizingMask") { return mask & 1 != 0 }
            return false
        }
        let room = width - widths.reduce(Double(columns.count) * spacing, +)
        let share = columns.isEmpty ? 0 : room / Double(columns.count)
        guard !columns.isEmpty, widths.count == columns.count, allResize, room > 0, share == share.rounded(),
            columns.allSatisfy({ column in
                guard let current = double(column, "NSWidth"), let maximum = double(column, "NSMaxWidth") else {
                    return false
                }
                return current + share <= maximum
            })
        else {
            throw Refusal(
                message:
                    "growing these table columns for a deployment target before 11.0 is not modelled yet (all columns "
                    + "resizing with the table, whole-point shares)")
        }
        for (column, current) in zip(columns, widths) { column.replace("NSWidth", .float64(current + share)) }
        setWidthState(table, 2)
        table.insert("NSTableViewStyle", .integer(4), after: "NSAllowsTypeSelect")
    }

    /// The first number of a geometry string such as `{552, 297.5}`.
    private static func firstNumber(in text: String) -> Double? {
        let trimmed = text.drop { $0 == "{" }
        return Double(trimmed.prefix { $0 != "," && $0 != "}" })
    }

    /// Sets the width state field of `NSTvFlags` (bits 21–22): 1 when the table has room to
    /// spare, 2 when its columns need exactly its width, 3 when it is wider than its clip view
    /// (every pair: test_table_header 1, outline_autohide_header 2, test_table_no_header 3).
    static func setWidthState(_ table: ArchivedObject, _ state: UInt32) {
        guard case .integer(let flags)? = table.value(forKey: "NSTvFlags") else { return }
        let updated = UInt32(truncatingIfNeeded: flags) & ~0x0060_0000 | (state & 3) << 21
        table.replace("NSTvFlags", .integer(Int64(Int32(bitPattern: updated))))
    }

    /// A non-negative number attribute.
    static func number(_ element: SourceElement, _ name: String, default fallback: Double, _ context: AppKitContext)
        throws(CompileError) -> Double
    {
        guard element[name] != nil else { return fallback }
        // Some of these are archived as float32: a larger finite value would become infinity.
        guard let value = element.number(name), value >= 0, value <= Double(Float.greatestFiniteMagnitude) else {
            throw context.error(.invalidSource, element, "\(name) must be a non-negative number within float32's range")
        }
        return value
    }
}
