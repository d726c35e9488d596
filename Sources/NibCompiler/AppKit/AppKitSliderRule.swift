/// `<slider>` → `NSSlider` with its `<sliderCell key="cell">` → `NSSliderCell` (`slider_hugging`,
/// `test_slider`, `test_slider_prefs`).
///
/// | Key | Source |
/// |---|---|
/// | view and control keys | ``AppKitViewEncoder`` (`NSSubviews` always, hugging default `{250, 750}`), ``ControlRule`` |
/// | `NSControlContinuous`, `NSControlSendActionMask` | cell `continuous="YES"`: true and 70; otherwise false and 4 |
/// | cell `NSCellFlags` | ``CellRule`` (text type with a font) and `0x0004_0100` for `continuous="YES"` |
/// | cell `NSCellFlags2`, `NSSupport` | ``CellRule`` |
/// | cell `NSCellIdentifier` | `identifier` |
/// | cell `NSMaxValue`, `NSMinValue`, `NSValue` | `maxValue`, `minValue`, `doubleValue` (0 when absent) |
/// | cell `NSAltIncValue` | `altIncrementValue` (0 when absent) |
/// | cell `NSNumberOfTickMarks` | `numberOfTickMarks` (0 when absent) |
/// | cell `NSTickMarkPosition` | `tickMarkPosition`: below 0 (absent), above 1 |
/// | cell `NSAllowsTickMarkValuesOnly` | `allowsTickMarkValuesOnly="YES"` |
/// | cell `NSVertical` | false (a frame taller than wide is refused: vertical sliders are not modelled) |
enum AppKitSliderRule {
    /// What a slider is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ControlRule.attributes, children: ["sliderCell"], hugging: (250, 750), writesEmptySubviews: true)
    /// The cell attributes beyond ``CellRule/attributes``.
    static let cellAttributes: Set<String> = [
        "continuous", "minValue", "maxValue", "doubleValue", "altIncrementValue", "numberOfTickMarks",
        "tickMarkPosition", "allowsTickMarkValuesOnly", "sliderType", "identifier", "customClass", "customModule",
        "customModuleProvider",
    ]
    /// `tickMarkPosition` → `NSSlider.TickMarkPosition`.
    static let tickMarkPositions: [String: Int] = ["below": 0, "above": 1]

    /// The archived slider for `element`.
    static func slider(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let control = try ControlRule.swapped(ArchivedObject("NSSlider"), for: element, context: context)
        context.track(control, id: element["id"], parent: parent)
        let children = try views.encodeView(element, control, superview: superview, kind: kind)
        guard children.count == 1, let cell = children.first, cell["key"] == "cell" else {
            throw context.error(.invalidSource, element, "a slider needs exactly one <sliderCell key=\"cell\">")
        }
        if let frame = element.child("rect", key: "frame"), let width = frame.number("width"),
            let height = frame.number("height"), height > width
        {
            try context.unmodelled(.unsupportedElement, element, "vertical sliders are not modelled")
        }
        for name in cell.attributes.keys where !CellRule.attributes.contains(name) && !cellAttributes.contains(name) {
            try context.unmodelled(.unsupportedAttribute, cell, "attribute \(name) on a <sliderCell> is not modelled")
        }
        if let type = cell["sliderType"], type != "linear" {
            try context.unmodelled(.unsupportedAttribute, cell, "sliderType \"\(type)\" is not modelled")
        }
        if cell["title"] != nil {
            try context.unmodelled(.unsupportedAttribute, cell, "a slider cell with a title is not modelled")
        }
        for child in cell.children where !(child.name == "font" && child["key"] == "font") {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside a <sliderCell> is not modelled")
        }
        let cellObject = try ControlRule.swapped(ArchivedObject("NSSliderCell"), for: cell, context: context)
        context.track(cellObject, id: cell["id"], parent: control)
        let continuous = try CellRule.boolean(cell, "continuous", default: false, context)
        let font = cell.child("font", key: "font")
        var flags = UInt32(
            truncatingIfNeeded: try CellRule.flags(
                cell, type: font == nil ? .null : .text, borders: .none, context: context))
        if continuous { flags |= 0x0004_0100 }
        cellObject.set("NSCellFlags", .integer(Int64(Int32(bitPattern: flags))))
        cellObject.set("NSCellFlags2", .integer(try CellRule.flags2(cell, context: context)))
        if let font { cellObject.set("NSSupport", try AppKitFontRule.font(font, context: context)) }
        if let identifier = cell["identifier"] { cellObject.set("NSCellIdentifier", .string(identifier)) }
        cellObject.set("NSControlView", control)
        cellObject.set("NSMaxValue", .float64(try number(cell, "maxValue", context)))
        cellObject.set("NSMinValue", .float64(try number(cell, "minValue", context)))
        cellObject.set("NSValue", .float64(try number(cell, "doubleValue", context)))
        cellObject.set("NSAltIncValue", .float64(try number(cell, "altIncrementValue", context)))
        var ticks = 0
        if let text = cell["numberOfTickMarks"] {
            guard let count = Int(text), (0...10_000).contains(count) else {
                throw context.error(.invalidSource, cell, "numberOfTickMarks must be a small non-negative integer")
            }
            ticks = count
        }
        cellObject.set("NSNumberOfTickMarks", int: ticks)
        cellObject.set(
            "NSTickMarkPosition",
            int: try CellRule.value(cell, "tickMarkPosition", tickMarkPositions, default: 0, context))
        cellObject.set(
            "NSAllowsTickMarkValuesOnly",
            .bool(try CellRule.boolean(cell, "allowsTickMarkValuesOnly", default: false, context)))
        cellObject.set("NSVertical", .bool(false))
        try ControlRule.encode(
            element, control, cell: cell, cellObject: cellObject, sendActionMask: continuous ? 70 : 4, context: context)
        if continuous { control.replace("NSControlContinuous", .bool(true)) }
        return control
    }

    /// The finite number in attribute `name`, 0 when absent.
    static func number(_ element: SourceElement, _ name: String, _ context: AppKitContext) throws(CompileError)
        -> Double
    {
        guard element[name] != nil else { return 0 }
        guard let value = element.number(name), value.isFinite else {
            throw context.error(.invalidSource, element, "\(name) must be a finite number")
        }
        return value
    }
}
