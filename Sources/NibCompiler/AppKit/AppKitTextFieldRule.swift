/// `<textField>` → `NSTextField` with its `<textFieldCell key="cell">` → `NSTextFieldCell`.
///
/// | Key | Source |
/// |---|---|
/// | view and control keys | ``AppKitViewEncoder``, ``ControlRule`` (hugging default `{250, 750}`) |
/// | `NSPreferredMaxLayoutWidth` | `preferredMaxLayoutWidth`, when not 0 |
/// | `NSTextFieldAlignmentRectInsetsVersion` | 2 |
/// | `NSAllowsWritingTools`, `NSTextFieldAllowsWritingToolsAffordance` | true, false |
/// | `NS.resolvesNaturalAlignmentWithBaseWritingDirection` | false |
/// | cell: flags, contents, font | ``CellRule`` (text cell type) |
/// | cell `NSControlView` | the text field |
/// | cell `NSDrawsBackground` | `drawsBackground="YES"` only |
/// | cell `NSBackgroundColor`, `NSTextColor` | the `backgroundColor` and `textColor` colors |
/// | cell `NSCharacterPickerEnabled` | `allowsCharacterPickerTouchBarItem="YES"`, which documents saved before the attribute existed (tools ≤ 11762) imply |
enum AppKitTextFieldRule {
    /// The text field attributes beyond the view's.
    static let attributes: Set<String> =
        ControlRule.attributes.union(["allowsCharacterPickerTouchBarItem", "preferredMaxLayoutWidth"])

    /// The cell attributes beyond ``CellRule/attributes``.
    static let cellAttributes: Set<String> = ["drawsBackground"]

    /// What a text field is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(attributes: attributes, children: ["textFieldCell"], hugging: (250, 750))

    /// Documents saved by Interface Builder up to this tools version have no
    /// `allowsCharacterPickerTouchBarItem` attribute, and ibtool enables the picker for them
    /// (seen for 11762); from 15505 on, an absent attribute means off. Between the two, the
    /// default is unknown.
    static let characterPickerDefaults: (onUpTo: Double, offFrom: Double) = (11762, 15505)

    /// The archived text field for `element`.
    static func textField(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        guard element.name == "textField" else {
            throw context.error(.unsupportedElement, element, "<\(element.name)> (AppKit) is not supported yet")
        }
        let field = ArchivedObject("NSTextField")
        context.track(field, id: element["id"], parent: parent)
        let children = try views.encodeView(element, field, superview: superview, kind: kind)
        guard children.count == 1, let cell = children.first, cell["key"] == "cell" else {
            throw context.error(.invalidSource, element, "a text field needs exactly one <textFieldCell key=\"cell\">")
        }
        let cellObject = ArchivedObject("NSTextFieldCell")
        context.track(cellObject, id: cell["id"], parent: field)
        try encodeCell(cell, cellObject, control: field, field: element, context: context)
        try ControlRule.encode(element, field, cell: cell, cellObject: cellObject, sendActionMask: 4, context: context)
        if let width = element["preferredMaxLayoutWidth"] {
            guard let value = Double(width), value.isFinite, value >= 0 else {
                throw context.error(.invalidSource, element, "preferredMaxLayoutWidth must be a width")
            }
            if value != 0 { field.set("NSPreferredMaxLayoutWidth", .float64(value)) }
        }
        field.set("NSTextFieldAlignmentRectInsetsVersion", int: 2)
        field.set("NSAllowsWritingTools", .bool(true))
        field.set("NSTextFieldAllowsWritingToolsAffordance", .bool(false))
        field.set("NS.resolvesNaturalAlignmentWithBaseWritingDirection", .bool(false))
        return field
    }

    /// The `NSTextFieldCell` keys of `cell` (whose text field is `field`, archived as `control`).
    static func encodeCell(
        _ cell: SourceElement, _ object: ArchivedObject, control: ArchivedObject, field: SourceElement,
        context: AppKitContext
    ) throws(CompileError) {
        for name in cell.attributes.keys where !CellRule.attributes.contains(name) && !cellAttributes.contains(name) {
            throw context.error(
                .unsupportedAttribute, cell, "attribute \(name) on a <\(cell.name)> is not supported yet")
        }
        var colors: [String: ArchivedObject] = [:]
        for child in cell.children {
            switch (child.name, child["key"]) {
            case ("font", "font"): break
            case ("color", let key?) where key == "textColor" || key == "backgroundColor":
                colors[key] = try AppKitColorRule.color(child, context: context)
            case ("connections", _): break
            default:
                throw context.error(
                    .unsupportedElement, child, "<\(child.name)> inside a <\(cell.name)> is not supported yet")
            }
        }
        try CellRule.encode(cell, object, type: .text, context: context)
        object.set("NSControlView", control)
        if cell.flag("drawsBackground") { object.set("NSDrawsBackground", .bool(true)) }
        if let background = colors["backgroundColor"] { object.set("NSBackgroundColor", background) }
        if let text = colors["textColor"] { object.set("NSTextColor", text) }
        if try characterPicker(field, context: context) { object.set("NSCharacterPickerEnabled", .bool(true)) }
    }

    /// Whether the character picker is enabled (see ``characterPickerDefaults``).
    static func characterPicker(_ field: SourceElement, context: AppKitContext) throws(CompileError) -> Bool {
        if let value = field["allowsCharacterPickerTouchBarItem"] { return value == "YES" }
        guard let tools = context.toolsVersion else { return false }
        if tools <= characterPickerDefaults.onUpTo { return true }
        if tools >= characterPickerDefaults.offFrom { return false }
        throw context.error(
            .unsupportedAttribute, field,
            "the character picker default of documents saved with tools version \(Int(tools)) is not known yet")
    }
}
