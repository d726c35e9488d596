/// What every AppKit control archives after its view keys (`NSControl`), read from the control
/// element and its cell:
///
/// | Key | Source |
/// |---|---|
/// | `NSEnabled` | true |
/// | `NSCell` | the cell |
/// | `NSAllowsLogicalLayoutDirection` | false |
/// | `NSControlSize` | cell `controlSize`: regular 0, small 1, mini 2 |
/// | `NSControlContinuous` | false |
/// | `NSControlRefusesFirstResponder` | cell `refusesFirstResponder` |
/// | `NSControlUsesSingleLineMode` | cell `usesSingleLineMode` |
/// | `NSControlTextAlignment` | cell `alignment` as `NSTextAlignment` (natural 4 when absent) |
/// | `NSControlLineBreakMode` | cell `lineBreakMode` (word wrapping 0 when absent) |
/// | `NSControlWritingDirection` | -1 (natural) |
/// | `NSControlSendActionMask` | the control's default (text fields: 4, end editing) |
/// | `NSControlAllowsExpansionToolTips` | `allowsExpansionToolTips="YES"` only |
/// | `NSTag` | the control's `tag`, when not 0 (`HSChooserWindow`) |
enum ControlRule {
    /// The control attributes this rule reads.
    /// (`focusRingType` on a control leaves no trace in the control itself: SUUpdatePermissionPrompt's
    /// buttons and the pairs' 45 text fields; the cell's own `focusRingType` is in its flags,
    /// ``CellRule``.)
    static let attributes: Set<String> = ["allowsExpansionToolTips", "tag", "focusRingType"]

    /// Appends the `NSControl` keys for `element` with `cell` to `control`.
    static func encode(
        _ element: SourceElement, _ control: ArchivedObject, cell: SourceElement, cellObject: ArchivedObject,
        sendActionMask: Int, context: AppKitContext
    ) throws(CompileError) {
        control.set("NSEnabled", .bool(true))
        control.set("NSCell", cellObject)
        control.set("NSAllowsLogicalLayoutDirection", .bool(false))
        control.set(
            "NSControlSize", int: try CellRule.value(cell, "controlSize", CellRule.controlSizes, default: 0, context))
        control.set("NSControlContinuous", .bool(false))
        control.set("NSControlRefusesFirstResponder", .bool(cell.flag("refusesFirstResponder")))
        control.set("NSControlUsesSingleLineMode", .bool(cell.flag("usesSingleLineMode")))
        control.set(
            "NSControlTextAlignment",
            int: try CellRule.value(cell, "alignment", CellRule.textAlignments, default: 4, context))
        control.set("NSControlLineBreakMode", int: try CellRule.lineBreakMode(cell, context))
        control.set("NSControlWritingDirection", int: -1)
        control.set("NSControlSendActionMask", int: sendActionMask)
        if element.flag("allowsExpansionToolTips") { control.set("NSControlAllowsExpansionToolTips", .bool(true)) }
        try encodeTag(element, control, context: context)
    }

    /// `NSTag` for the control's `tag`, when it is not 0.
    static func encodeTag(_ element: SourceElement, _ control: ArchivedObject, context: AppKitContext)
        throws(CompileError)
    {
        guard let text = element["tag"] else { return }
        guard let tag = Int(text).flatMap({ Int32(exactly: $0) }) else {
            throw context.error(.invalidSource, element, "the tag must be an integer")
        }
        if tag != 0 { control.set("NSTag", int: Int(tag)) }
    }

    /// `object` as an `NSClassSwapper` for `element`'s custom class (names first), or unchanged:
    /// how ibtool archives every control and cell with a custom class (image views, segmented
    /// controls and their cells, search field cells in the pairs; the other controls are assumed
    /// to follow). A class in a Swift module is named by its runtime name
    /// (``AppKitContext/runtimeClassName(of:)``).
    static func swapped(_ object: ArchivedObject, for element: SourceElement, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        guard let customClass = try context.runtimeClassName(of: element) else { return object }
        let original = object.className
        object.swapClass("NSClassSwapper")
        object.set("NSClassName", .string(customClass))
        object.set("NSOriginalClassName", .string(original))
        return object
    }
}
