/// `<colorWell>` → `NSColorWell`, a control without a cell (`test19_2_layouts`).
///
/// | Key | Value |
/// |---|---|
/// | view keys | ``AppKitViewEncoder``: `NSSubviews` always, `NSDragTypes` {"NSColor pasteboard type"} |
/// | `NSEnabled` | true |
/// | `NSAllowsLogicalLayoutDirection`, `NSControlContinuous`, `NSControlRefusesFirstResponder`, `NSControlUsesSingleLineMode` | false |
/// | `NSControlSize`, `NSControlTextAlignment`, `NSControlLineBreakMode`, `NSControlWritingDirection` | 0 (no cell to take them from; the writing direction is 0, not -1) |
/// | `NSControlSendActionMask` | 4 |
/// | `NSTag` | `tag`, when not 0 (scribendi PreferencesController) |
/// | `NSIsBordered` | true |
/// | `NSColor` | the `<color key="color">` |
enum AppKitColorWellRule {
    /// What a color well is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ["tag"], children: ["color"], writesEmptySubviews: true, dragTypes: ["NSColor pasteboard type"])

    /// The archived color well for `element`.
    static func colorWell(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        if element["customClass"] != nil {
            throw context.error(.unsupportedAttribute, element, "custom color well classes are not supported yet")
        }
        let well = ArchivedObject("NSColorWell")
        context.track(well, id: element["id"], parent: parent)
        let children = try views.encodeView(element, well, superview: superview, kind: kind)
        guard children.count == 1, let color = children.first, color["key"] == "color" else {
            throw context.error(.invalidSource, element, "a color well needs exactly one <color key=\"color\">")
        }
        well.set("NSEnabled", .bool(true))
        well.set("NSAllowsLogicalLayoutDirection", .bool(false))
        well.set("NSControlSize", int: 0)
        well.set("NSControlContinuous", .bool(false))
        well.set("NSControlRefusesFirstResponder", .bool(false))
        well.set("NSControlUsesSingleLineMode", .bool(false))
        well.set("NSControlTextAlignment", int: 0)
        well.set("NSControlLineBreakMode", int: 0)
        well.set("NSControlWritingDirection", int: 0)
        well.set("NSControlSendActionMask", int: 4)
        try ControlRule.encodeTag(element, well, context: context)
        well.set("NSIsBordered", .bool(true))
        well.set("NSColor", try AppKitColorRule.color(color, context: context))
        return well
    }
}
