/// `<stepper>` → `NSStepper` with its `<stepperCell key="cell">` → `NSStepperCell`
/// (`stepper_default`, `stepper_wraps`, `stepper_vflags`).
///
/// | Key | Source |
/// |---|---|
/// | view and control keys | ``AppKitViewEncoder`` (hugging default `{750, 750}`), ``ControlRule`` |
/// | `NSControlContinuous`, `NSControlSendActionMask` | true and 65538, with or without `continuous="YES"` |
/// | `NSStepperMinValue`, `NSStepperMaxValue`, `NSStepperIncrement` | 0 (the values live in the cell) |
/// | `NSStepperWraps`, `NSStepperAutorepeat` | false |
/// | cell `NSCellFlags` | ``CellRule`` and `0x000C_0020`, with or without `continuous="YES"` |
/// | cell `NSCellFlags2` | ``CellRule`` |
/// | cell `NSValue`, `NSMinValue` | `doubleValue`, `minValue`, only when not 0 |
/// | cell `NSMaxValue` | `maxValue` (59 when absent, AppKit's default, is refused: not in the pairs) |
/// | cell `NSIncrement` | `increment`, 1 when absent |
/// | cell `NSValueWraps` | `valueWraps="YES"` only |
/// | cell `NSAutorepeat` | true (`autorepeat="NO"` is refused: not in the pairs) |
enum AppKitStepperRule {
    /// What a stepper is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ControlRule.attributes, children: ["stepperCell"], hugging: (750, 750))
    /// The cell attributes beyond ``CellRule/attributes``.
    static let cellAttributes: Set<String> = [
        "continuous", "minValue", "maxValue", "doubleValue", "increment", "valueWraps", "autorepeat",
    ]

    /// The archived stepper for `element`.
    static func stepper(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let control = try ControlRule.swapped(ArchivedObject("NSStepper"), for: element, context: context)
        context.track(control, id: element["id"], parent: parent)
        let children = try views.encodeView(element, control, superview: superview, kind: kind)
        guard children.count == 1, let cell = children.first, cell["key"] == "cell" else {
            throw context.error(.invalidSource, element, "a stepper needs exactly one <stepperCell key=\"cell\">")
        }
        for name in cell.attributes.keys where !CellRule.attributes.contains(name) && !cellAttributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, cell, "attribute \(name) on a <stepperCell> is not modelled")
        }
        for child in cell.children {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside a <stepperCell> is not modelled")
        }
        if cell["title"] != nil {
            try context.unmodelled(.unsupportedAttribute, cell, "a stepper cell with a title is not modelled")
        }
        guard try CellRule.boolean(cell, "autorepeat", default: true, context) else {
            throw context.error(.unsupportedAttribute, cell, "autorepeat=\"NO\" is not modelled")
        }
        guard cell["maxValue"] != nil else {
            throw context.error(.unsupportedAttribute, cell, "a stepper cell without maxValue is not modelled")
        }
        _ = try CellRule.boolean(cell, "continuous", default: false, context)
        let cellObject = ArchivedObject("NSStepperCell")
        context.track(cellObject, id: cell["id"], parent: control)
        var flags = UInt32(truncatingIfNeeded: try CellRule.flags(cell, type: .null, borders: .none, context: context))
        flags |= 0x000C_0020
        cellObject.set("NSCellFlags", .integer(Int64(Int32(bitPattern: flags))))
        cellObject.set("NSCellFlags2", .integer(try CellRule.flags2(cell, context: context)))
        cellObject.set("NSControlView", control)
        let value = try AppKitSliderRule.number(cell, "doubleValue", context)
        if value != 0 { cellObject.set("NSValue", .float64(value)) }
        let minimum = try AppKitSliderRule.number(cell, "minValue", context)
        if minimum != 0 { cellObject.set("NSMinValue", .float64(minimum)) }
        cellObject.set("NSMaxValue", .float64(try AppKitSliderRule.number(cell, "maxValue", context)))
        let increment = cell["increment"] == nil ? 1 : try AppKitSliderRule.number(cell, "increment", context)
        cellObject.set("NSIncrement", .float64(increment))
        if try CellRule.boolean(cell, "valueWraps", default: false, context) {
            cellObject.set("NSValueWraps", .bool(true))
        }
        cellObject.set("NSAutorepeat", .bool(true))
        try ControlRule.encode(
            element, control, cell: cell, cellObject: cellObject, sendActionMask: 65538, context: context)
        control.replace("NSControlContinuous", .bool(true))
        control.set("NSStepperMinValue", .float64(0))
        control.set("NSStepperMaxValue", .float64(0))
        control.set("NSStepperIncrement", .float64(0))
        control.set("NSStepperWraps", .bool(false))
        control.set("NSStepperAutorepeat", .bool(false))
        return control
    }
}
