/// `<tableColumn>` → `NSTableColumn`, with its `<tableHeaderCell key="headerCell">`
/// (`NSTableHeaderCell`, not listed among the nib's objects) and its data cell, listed with the
/// column as parent: `<textFieldCell key="dataCell">` (`NSTextFieldCell`, with an optional date
/// formatter), `<imageCell key="dataCell">` (`NSImageCell`, as ``AppKitImageViewRule`` encodes it) or
/// `<buttonCell key="dataCell">` (`NSButtonCell`, as ``AppKitButtonRule`` encodes it, `test_outline_small_sv`).
///
/// | Key | Source |
/// |---|---|
/// | `NSIdentifier` | `identifier`, else `AutomaticTableColumnIdentifier.<index>` |
/// | `NSWidth`, `NSMinWidth`, `NSMaxWidth` | `width`, `minWidth`, `maxWidth` |
/// | `NSResizingMask` | `<tableColumnResizingMask>`: `resizeWithTable` 1, `userResizable` 2; written when not 0 |
/// | `NSIsResizeable` | true, when the resizing mask is not 0 |
/// | `NSIsEditable` | true unless `editable="NO"` |
/// | `NSSortDescriptorPrototype` | `<sortDescriptor key="sortDescriptorPrototype">` |
/// | `NSTableView` | the table |
///
/// Header cells archive the 11-point system font with the `UICTFontTextStyleSubhead` text style,
/// whether the source names no font or `smallSystem` (test_table_mult_sel_no, test_outline_indent).
enum TableColumnRule {
    /// The column attributes this rule reads.
    static let attributes: Set<String> = ["id", "identifier", "width", "minWidth", "maxWidth", "editable"]
    /// The header cell attributes beyond ``CellRule/attributes``.
    static let headerCellAttributes: Set<String> = []
    /// Header cells draw a border: `borderStyle="border"` is `0x0080_0000` in `NSCellFlags`
    /// (75497536 in every pair: text type, border, truncating).
    static let headerBorders = CellRule.Borders(bits: ["border": 0x0080_0000])
    /// The data cell attributes beyond ``CellRule/attributes``.
    static let dataCellAttributes: Set<String> = [
        "drawsBackground", "customClass", "customModule", "customModuleProvider",
    ]

    /// The archived column for `element`, the `index`th column of `table`.
    ///
    /// In a view-based table (`views` given), the column's `<prototypeCellViews>` are encoded
    /// after its data cell and added to `prototypes` (``AppKitTableCellViewRule``).
    static func column(
        _ element: SourceElement, index: Int, table: ArchivedObject, context: AppKitContext,
        views: AppKitViewEncoder? = nil, prototypes: inout [AppKitTableCellViewRule.Prototype]
    ) throws(CompileError) -> ArchivedObject {
        guard element.name == "tableColumn" else {
            throw context.error(
                .unsupportedElement, element, "<\(element.name)> inside <tableColumns> is not supported")
        }
        for name in element.attributes.keys where !attributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a <tableColumn> is not modelled")
        }
        let column = ArchivedObject("NSTableColumn")
        context.track(column, id: element["id"], parent: table)
        var headerCell: SourceElement?
        var dataCell: SourceElement?
        var mask = 0
        var sortDescriptor: ArchivedObject?
        var prototypeElement: SourceElement?
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("tableHeaderCell", "headerCell"): headerCell = child
            case ("textFieldCell", "dataCell"), ("imageCell", "dataCell"), ("buttonCell", "dataCell"): dataCell = child
            case ("sortDescriptor", "sortDescriptorPrototype"): sortDescriptor = try self.sortDescriptor(child, context)
            case ("prototypeCellViews", nil) where views != nil: prototypeElement = child
            // Bindings from a column (AVRFuses) are scheduled with every other connection.
            case ("connections", nil): break
            case ("tableColumnResizingMask", "resizingMask"):
                for name in child.attributes.keys where !["key", "resizeWithTable", "userResizable"].contains(name) {
                    try context.unmodelled(
                        .unsupportedAttribute, child, "resizing mask flag \(name) is not modelled")
                }
                if child.flag("resizeWithTable") { mask |= 1 }
                if child.flag("userResizable") { mask |= 2 }
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a <tableColumn> is not modelled")
            }
        }
        guard let headerCell, let dataCell else {
            throw context.error(
                .unsupportedElement, element, "a column without a header cell and a text data cell is not modelled"
            )
        }
        let identifier = element["identifier"] ?? "AutomaticTableColumnIdentifier.\(index)"
        column.set("NSIdentifier", .string(identifier))
        column.set("NSWidth", .float64(try AppKitTableViewRule.number(element, "width", default: 0, context)))
        column.set("NSMinWidth", .float64(try AppKitTableViewRule.number(element, "minWidth", default: 0, context)))
        column.set("NSMaxWidth", .float64(try AppKitTableViewRule.number(element, "maxWidth", default: 0, context)))
        column.set("NSHeaderCell", try header(headerCell, context: context))
        let data: ArchivedObject
        switch dataCell.name {
        case "buttonCell":
            // A check box column (test_outline_small_sv): the button cell, its control view the table.
            data = try AppKitButtonRule.buttonCell(
                dataCell, kind: .button, button: dataCell, control: table, context: context, parent: column)
        case "imageCell":
            data = ArchivedObject("NSImageCell")
            context.track(data, id: dataCell["id"], parent: column)
            try AppKitImageViewRule.encodeCell(dataCell, data, control: table, context: context)
        default:
            data = try ControlRule.swapped(ArchivedObject("NSTextFieldCell"), for: dataCell, context: context)
            context.track(data, id: dataCell["id"], parent: column)
            try encodeDataCell(dataCell, data, table: table, context: context)
        }
        column.set("NSDataCell", data)
        if let prototypeElement, let views {
            prototypes += try AppKitTableCellViewRule.prototypes(
                prototypeElement, column: column, index: index, identifier: identifier, views: views)
        }
        if mask != 0 {
            column.set("NSResizingMask", int: mask)
            column.set("NSIsResizeable", .bool(true))
        }
        if element["editable"] != "NO" { column.set("NSIsEditable", .bool(true)) }
        if let sortDescriptor { column.set("NSSortDescriptorPrototype", sortDescriptor) }
        column.set("NSTableView", table)
        return column
    }

    /// `<sortDescriptor key="sortDescriptorPrototype">` → `NSSortDescriptor` (`NSKey`, `NSAscending`,
    /// `NSSelector`, `NSReverseNullOrder` false), as test_sort_desc archives it.
    static func sortDescriptor(_ element: SourceElement, _ context: AppKitContext) throws(CompileError)
        -> ArchivedObject
    {
        for name in element.attributes.keys where !["key", "sortKey", "ascending", "selector"].contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a <sortDescriptor> is not modelled")
        }
        guard let key = element["sortKey"], let selector = element["selector"] else {
            throw context.error(.invalidSource, element, "a sort descriptor needs a sortKey and a selector")
        }
        let descriptor = ArchivedObject("NSSortDescriptor")
        descriptor.set("NSKey", .string(key))
        descriptor.set("NSAscending", .bool(element["ascending"] != "NO"))
        descriptor.set("NSSelector", .string(selector))
        descriptor.set("NSReverseNullOrder", .bool(false))
        return descriptor
    }

    /// The archived `NSTableHeaderCell`.
    static func header(_ cell: SourceElement, context: AppKitContext) throws(CompileError) -> ArchivedObject {
        let object = ArchivedObject("NSTableHeaderCell")
        let colors = try cellColors(cell, extra: headerCellAttributes, context: context)
        if let font = cell.child("font", key: "font"),
            font["metaFont"] != "smallSystem" || (font["size"] != nil && font.number("size") != 11)
        {
            try context.unmodelled(
                .unsupportedAttribute, font,
                "header cell fonts other than the 11-point small system font are not modelled")
        }
        try CellRule.encode(
            cell, object, type: .text, contents: .string(cell["title"] ?? ""), borders: headerBorders, context: context)
        object.remove("NSSupport")
        object.set(
            "NSSupport",
            AppKitFontRule.make(
                name: ".AppleSystemUIFont", size: 11, type: 0, textStyle: "UICTFontTextStyleSubhead",
                usesAppearanceSize: false))
        if let background = colors["backgroundColor"] { object.set("NSBackgroundColor", background) }
        if let text = colors["textColor"] { object.set("NSTextColor", text) }
        return object
    }

    /// The data cell keys: the cell flags and contents, the table as control view, colors.
    static func encodeDataCell(
        _ cell: SourceElement, _ object: ArchivedObject, table: ArchivedObject, context: AppKitContext
    ) throws(CompileError) {
        let colors = try cellColors(cell, extra: dataCellAttributes, context: context)
        if let formatter = cell.child("dateFormatter", key: "formatter") {
            let contents = try AppKitFormatterRule.dateContents(cell["title"], formatter: formatter, context: context)
            try CellRule.encode(cell, object, type: .text, contents: contents, context: context)
            try AppKitFormatterRule.attachDateFormatter(formatter, to: object, contents: contents, context: context)
        } else {
            try CellRule.encode(cell, object, type: .text, context: context)
        }
        object.set("NSControlView", table)
        if cell.flag("drawsBackground") { object.set("NSDrawsBackground", .bool(true)) }
        if let background = colors["backgroundColor"] { object.set("NSBackgroundColor", background) }
        if let text = colors["textColor"] { object.set("NSTextColor", text) }
    }

    /// Checks the cell's attributes and children; returns its text and background colors.
    static func cellColors(_ cell: SourceElement, extra: Set<String>, context: AppKitContext)
        throws(CompileError) -> [String: ArchivedObject]
    {
        for name in cell.attributes.keys where !CellRule.attributes.contains(name) && !extra.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, cell, "attribute \(name) on a <\(cell.name)> is not modelled")
        }
        var colors: [String: ArchivedObject] = [:]
        for child in cell.children {
            switch (child.name, child["key"]) {
            case ("font", "font"), ("dateFormatter", "formatter"): break
            case ("color", let key?) where key == "textColor" || key == "backgroundColor":
                colors[key] = try AppKitColorRule.color(child, context: context)
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a <\(cell.name)> is not modelled")
            }
        }
        return colors
    }
}
