/// `<datePicker>` → `NSDatePicker` with its `<datePickerCell key="cell">` → `NSDatePickerCell`
/// (`datepicker`; the default text-field-and-stepper style only).
///
/// | Key | Source |
/// |---|---|
/// | view and control keys | ``AppKitViewEncoder``, ``ControlRule`` (hugging default `{250, 750}`) |
/// | `presentsCalendarOverlay` | false |
/// | cell flags, font | ``CellRule`` (text cell type) |
/// | cell `NSContents` | the `<date key="date">` as `NSDate` (`NS.time`, seconds since 2001) |
/// | cell `NSTimeInterval` | 0 |
/// | cell `NSDatePickerElements` | `<datePickerElements>`: hour+minute 0x0C, second 0x02, time zone 0x10, year+month 0xC0, day 0x20, era 0x100 |
/// | cell `NSBackgroundColor`, `NSTextColor` | the colors |
/// | cell `NSDatePickerUseCurrentDateDuringDecoding` | false |
enum AppKitDatePickerRule {
    /// What a date picker is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ControlRule.attributes, children: ["datePickerCell"], hugging: (250, 750))

    /// The cell attributes this rule accepts (the flags are ``CellRule``'s).
    static let cellAttributes: Set<String> = ["key", "id", "borderStyle", "alignment"]

    /// `<datePickerElements>` attributes → `NSDatePickerElementFlags` bits; hour and minute, and
    /// year and month, only come in pairs.
    static let elementBits: [(names: [String], bits: Int)] = [
        (["hour", "minute"], 0x0C), (["second"], 0x02), (["timeZone"], 0x10), (["year", "month"], 0xC0),
        (["day"], 0x20), (["era"], 0x100),
    ]

    /// The archived date picker for `element`.
    static func datePicker(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let picker = try ControlRule.swapped(ArchivedObject("NSDatePicker"), for: element, context: context)
        context.track(picker, id: element["id"], parent: parent)
        let children = try views.encodeView(element, picker, superview: superview, kind: kind)
        guard children.count == 1, let cell = children.first, cell["key"] == "cell" else {
            throw context.error(
                .invalidSource, element, "a date picker needs exactly one <datePickerCell key=\"cell\">")
        }
        for name in cell.attributes.keys where !cellAttributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, cell, "attribute \(name) on a <datePickerCell> is not modelled")
        }
        let cellObject = ArchivedObject("NSDatePickerCell")
        context.track(cellObject, id: cell["id"], parent: picker)
        var date: ArchivedObject?
        var elements = 0
        var colors: [String: ArchivedObject] = [:]
        for child in cell.children {
            switch (child.name, child["key"]) {
            case ("font", "font"): break
            case ("date", "date"):
                guard let time = child.number("timeIntervalSinceReferenceDate"), time.isFinite else {
                    throw context.error(.invalidSource, child, "the date needs a timeIntervalSinceReferenceDate")
                }
                let value = ArchivedObject("NSDate")
                value.set("NS.time", .float64(time))
                date = value
            case ("datePickerElements", "datePickerElements"):
                elements = try elementFlags(child, context: context)
            case ("color", let key?) where key == "textColor" || key == "backgroundColor":
                colors[key] = try AppKitColorRule.color(child, context: context)
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a <datePickerCell> is not modelled")
            }
        }
        guard let date else {
            throw context.error(.invalidSource, cell, "a date picker cell needs a <date key=\"date\">")
        }
        try CellRule.encode(cell, cellObject, type: .text, contents: date, context: context)
        cellObject.set("NSControlView", picker)
        cellObject.set("NSTimeInterval", .float64(0))
        cellObject.set("NSDatePickerElements", int: elements)
        if let background = colors["backgroundColor"] { cellObject.set("NSBackgroundColor", background) }
        if let text = colors["textColor"] { cellObject.set("NSTextColor", text) }
        cellObject.set("NSDatePickerUseCurrentDateDuringDecoding", .bool(false))
        try ControlRule.encode(element, picker, cell: cell, cellObject: cellObject, sendActionMask: 4, context: context)
        picker.set("presentsCalendarOverlay", .bool(false))
        return picker
    }

    /// `NSDatePickerElementFlags` for `<datePickerElements>`.
    static func elementFlags(_ element: SourceElement, context: AppKitContext) throws(CompileError) -> Int {
        let known = Set(elementBits.flatMap(\.names) + ["key"])
        for name in element.attributes.keys where !known.contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "date picker element \(name) is not modelled")
        }
        var flags = 0
        for (names, bits) in elementBits {
            let set = names.filter { element.flag($0) }
            if set.count == names.count {
                flags |= bits
            } else if !set.isEmpty {
                try context.unmodelled(
                    .unsupportedAttribute, element,
                    "date picker elements \(names.joined(separator: " and ")) only come together")
            }
        }
        return flags
    }
}
