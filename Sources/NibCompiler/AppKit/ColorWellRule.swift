/// `<colorWell>` → `NSColorWell`, a control without a cell (learned from `test19_2_layouts` and
/// `test19_layouts`).
///
/// | Source | Archived |
/// |---|---|
/// | the view part | ``AppKitViewEncoder/encodeView(_:_:superview:kind:reversesSubviews:)``, with an empty `NSSubviews` (not before Xcode 16) and the `NSColor pasteboard type` drag type |
/// | control keys | enabled, not continuous, regular size, natural alignment 0, line break 0, writing direction 0 (int, not the cells' −1), send-action mask 4 |
/// | `tag` | `NSTag`, when not 0 (scribendi PreferencesController) |
/// | — | `NSIsBordered` true |
/// | `<color key="color">` | `NSColor` (``AppKitColorRule``) |
enum ColorWellRule {
    static let kind = AppKitViewEncoder.Kind(
        attributes: ["tag"], children: ["color"], writesEmptySubviews: true, dragTypes: ["NSColor pasteboard type"])

    /// The archived color well for `element`.
    static func colorWell(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        if element["customClass"] != nil {
            try context.unmodelled(.unsupportedAttribute, element, "color wells with a custom class are not modelled")
        }
        let well = ArchivedObject("NSColorWell")
        context.track(well, id: element["id"], parent: parent)
        // Before Xcode 16 no empty NSSubviews (PreferencesController's 7 color wells, Xcode 14.2).
        var kind = Self.kind
        kind.writesEmptySubviews = context.era >= AppKitEraRule.current
        let rest = try views.encodeView(element, well, superview: superview, kind: kind)
        guard rest.count == 1, let colorElement = rest.first, colorElement["key"] == "color" else {
            throw context.error(.invalidSource, element, "a color well needs one <color key=\"color\">")
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
        well.set("NSColor", try AppKitColorRule.color(colorElement, context: context))
        return well
    }
}
