/// `<matrix>` of button cells → `NSMatrix` (`test_matrix_flags`: one column of radio buttons).
///
/// | Key | Source |
/// |---|---|
/// | view keys | ``AppKitViewEncoder`` (hugging default `{250, 750}`) |
/// | `NSEnabled`, `NSCell`, `NSCellIsDiscardable` | true, an `NSActionCell` (`NSCellFlags` `0x20`, `NSCellFlags2` `0x2000`), true |
/// | control keys | as ``ControlRule`` writes them, but `NSControlWritingDirection` 0 and `NSControlSendActionMask` 0 |
/// | `NSNumRows`, `NSNumCols`, `NSCells` | the `<cells>`: one `<column>`, or several `<column>`s of one cell each (one row; other shapes are refused), the button cells in order, without `NSControlView` |
/// | `NSCellSize`, `NSIntercellSpacing` | `<size key="cellSize">`, `<size key="intercellSpacing">` as `{w, h}` |
/// | `NSMatrixFlags` | `0x4400_0000`, plus `0x0080_0000` unless `autosizesCells="NO"` (PreferencesController), `0x1000_0000` unless `allowsEmptySelection="NO"` |
/// | `NSCellClass`, `NSProtoCell` | "NSActionCell", the `<buttonCell key="prototype">` |
/// | `NSSelectedRow`, `NSSelectedCol` | -1 (even with a cell whose state is on) |
/// | `NSTag` | `tag`, when not 0 (MarkupTagsController) |
/// | `NSBackgroundColor`, `NSCellBackgroundColor` | `<color key="backgroundColor">`, both |
///
/// The prototype and the cells are listed in the nib's objects with the matrix as parent.
enum AppKitMatrixRule {
    /// What a matrix is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ["allowsEmptySelection", "autosizesCells", "tag"],
        children: ["color", "size", "buttonCell", "cells"], hugging: (250, 750))

    /// The archived matrix for `element`.
    static func matrix(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let matrix = try ControlRule.swapped(ArchivedObject("NSMatrix"), for: element, context: context)
        context.track(matrix, id: element["id"], parent: parent)
        let children = try views.encodeView(element, matrix, superview: superview, kind: kind)
        var background: ArchivedObject?
        var sizes: [String: String] = [:]
        var prototype: ArchivedObject?
        var cells: [ArchivedObject] = []
        var columns = 0
        var rows: Set<Int> = []
        func cell(_ source: SourceElement) throws(CompileError) -> ArchivedObject {
            try AppKitButtonRule.buttonCell(
                source, kind: .button, button: source, control: matrix, context: context, writesControlView: false)
        }
        for child in children {
            switch (child.name, child["key"]) {
            case ("color", "backgroundColor"): background = try AppKitColorRule.color(child, context: context)
            case ("size", let key?) where key == "cellSize" || key == "intercellSpacing":
                guard let width = child.number("width"), let height = child.number("height"), width.isFinite,
                    height.isFinite
                else {
                    throw context.error(.invalidSource, child, "a size needs a width and a height")
                }
                sizes[key] = AppKitContext.text([width, height])
            case ("buttonCell", "prototype"): prototype = try cell(child)
            case ("cells", nil):
                for column in child.children {
                    guard column.name == "column", column.attributes.isEmpty else {
                        throw context.error(.unsupportedElement, column, "<\(column.name)> in <cells> is not supported")
                    }
                    columns += 1
                    rows.insert(column.children.count)
                    for item in column.children {
                        guard item.name == "buttonCell", item["key"] == nil else {
                            throw context.error(
                                .unsupportedElement, item, "<\(item.name)> in a matrix column is not modelled")
                        }
                        cells.append(try cell(item))
                    }
                }
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a <matrix> is not modelled")
            }
        }
        // One column, or one row (each <column> holding one cell): then the column-major source
        // order is also NSCells' row-major order (PreferencesController: 1 × 2 and 1 × 3).
        let rowCount = rows.count == 1 ? rows.first ?? 0 : 0
        guard columns == 1 || (columns > 1 && rowCount == 1), let prototype, let background,
            let cellSize = sizes["cellSize"],
            let spacing = sizes["intercellSpacing"]
        else {
            throw context.error(
                .unsupportedElement, element,
                "only a matrix with one column or one row, a prototype, a background color and cell sizes is modelled"
            )
        }
        let actionCell = ArchivedObject("NSActionCell")
        actionCell.set("NSCellFlags", int: 0x20)
        actionCell.set("NSCellFlags2", int: 0x2000)
        matrix.set("NSEnabled", .bool(true))
        matrix.set("NSCell", actionCell)
        matrix.set("NSCellIsDiscardable", .bool(true))
        matrix.set("NSAllowsLogicalLayoutDirection", .bool(false))
        matrix.set("NSControlSize", int: 0)
        matrix.set("NSControlContinuous", .bool(false))
        matrix.set("NSControlRefusesFirstResponder", .bool(false))
        matrix.set("NSControlUsesSingleLineMode", .bool(false))
        matrix.set("NSControlTextAlignment", int: 0)
        matrix.set("NSControlLineBreakMode", int: 0)
        matrix.set("NSControlWritingDirection", int: 0)
        matrix.set("NSControlSendActionMask", int: 0)
        try ControlRule.encodeTag(element, matrix, context: context)
        matrix.set("NSNumRows", int: rowCount)
        matrix.set("NSNumCols", int: columns)
        matrix.set("NSCells", .collection("NSMutableArray", cells))
        matrix.set("NSCellSize", .string(cellSize))
        matrix.set("NSIntercellSpacing", .string(spacing))
        let allowsEmpty = try CellRule.boolean(element, "allowsEmptySelection", default: true, context)
        let autosizes = try CellRule.boolean(element, "autosizesCells", default: true, context)
        matrix.set(
            "NSMatrixFlags", int: 0x4400_0000 | (autosizes ? 0x0080_0000 : 0) | (allowsEmpty ? 0x1000_0000 : 0))
        matrix.set("NSCellClass", .string("NSActionCell"))
        matrix.set("NSProtoCell", prototype)
        matrix.set("NSSelectedRow", int: -1)
        matrix.set("NSSelectedCol", int: -1)
        matrix.set("NSBackgroundColor", background)
        matrix.set("NSCellBackgroundColor", background)
        return matrix
    }
}
