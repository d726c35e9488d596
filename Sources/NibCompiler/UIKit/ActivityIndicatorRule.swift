/// `<activityIndicatorView>` → `UIActivityIndicatorView`, in two forms.
///
/// The iOS 13 SDK form (Xcode 11 and later):
///
/// | Source | Key | Value |
/// |---|---|---|
/// | `style` | `UIActivityIndicatorViewStyle-Modern` | the style: whiteLarge 0, white 1, gray 2, medium 100, large 101 |
/// | `style` | `UIActivityIndicatorViewStyle` | the pre-iOS 13 style: the same for 0–2, whiteLarge 0 for large, gray 2 for medium |
/// | `hidesWhenStopped` | `UIHidesWhenStopped` | false unless the source says YES (Interface Builder's default is NO, UIKit's YES) |
/// | `animating="YES"` | `UIAnimating` | true |
/// | `<color key="color">` | `UIColor` | the color, with `UIDisableUpdateColorOnTraitCollectionChange` true; nil without one |
///
/// Evidence: the three indicators of the duckduckgo pairs (Xcode 13.2: gray 2/2 with `UIColor`
/// nil, hidden with hidesWhenStopped YES and no `UIHidesWhenStopped`, animating without it and
/// `UIHidesWhenStopped` false, hugging 750 not archived), COVIDSAFE's large ones (101/0, with
/// a color) and ertmuirm's (gray, animating) in the corpus's nibs. The legacy value for medium
/// is not shown by any nib: gray, the small style UIKit draws in the same color, with a warning.
///
/// The older form (Xcode 8 to 10, before the iOS 13 SDK, when the indicator's color was its
/// tint): `UIActivityIndicatorViewStyle` alone, the same `UIHidesWhenStopped` and `UIAnimating`,
/// and a source color as `UITintColor`, with `UIDisableUpdateColorOnTraitCollectionChange` true
/// from Xcode 9; no color, no key. Evidence: the corpus's 10 indicators without the iOS 13 SDK's
/// keys (no nib of that SDK has `UIActivityIndicatorViewStyle-Modern` or `UIColor` on one):
/// chadanewsom's (Xcode 9 or 10: whiteLarge, a 0.667 white `UITintColor` with the flag, not
/// hiding, animating) and Google61's nine (Xcode 8, labels with the iOS 10 SDK's trait flag:
/// colors without the flag).
///
/// The class hugs its content at 750 in both directions, so a source saying 750 archives no
/// hugging priority and one saying nothing archives `{250, 250}` (Google61).
enum ActivityIndicatorRule {
    static let styles = ["whiteLarge": 0, "white": 1, "gray": 2, "medium": 100, "large": 101]

    static let rule = ViewRule(
        className: "UIActivityIndicatorView", attributes: ["style", "hidesWhenStopped", "animating"],
        children: ["color"], defaultHugging: [750, 750],
        encode: { element, object, context, _ throws(CompileError) in try encode(element, object, context) })

    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext) throws(CompileError)
    {
        let era = try context.modelledEra(
            for: element, "activity indicators", modelled: XcodeEra(8)..<XcodeEra(.infinity), newest: XcodeEra(13))
        let name = element["style"] ?? "whiteLarge"
        var style = styles[name]
        if style == nil {
            try context.unmodelled(
                .unsupportedAttribute, element, "activity indicator style \"\(name)\" is unknown; archived as medium")
            style = 100
        }
        let modern = style ?? 100
        if era < XcodeEra(11) { return try encodeBeforeIOS13(element, object, context, era: era, style: modern) }
        if modern == 100 {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "no nib shows the pre-iOS 13 style ibtool archives for a medium activity indicator; archived as gray")
        }
        let legacy = modern == 101 ? 0 : modern == 100 ? 2 : modern
        object.set("UIActivityIndicatorViewStyle-Modern", int: modern)
        object.set("UIActivityIndicatorViewStyle", int: legacy)
        if !element.flag("hidesWhenStopped") { object.set("UIHidesWhenStopped", .bool(false)) }
        object.setFlag("UIAnimating", element.flag("animating"))
        var color: ArchivedObject?
        for child in element.children(named: "color") {
            switch child["key"] {
            case "color": color = try ColorRule.color(child, in: context)
            case "backgroundColor", "tintColor": break
            default:
                try context.unmodelled(
                    .unsupportedAttribute, child, "activity indicator color \(child["key"] ?? "?") is not modelled")
            }
        }
        if let color {
            object.set("UIColor", color)
            object.set("UIDisableUpdateColorOnTraitCollectionChange", .bool(true))
        } else {
            object.set("UIColor", .null)
        }
    }

    /// The form before the iOS 13 SDK (see the type's documentation).
    static func encodeBeforeIOS13(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, era: XcodeEra, style: Int
    ) throws(CompileError) {
        var legacy = style
        if style >= 100 {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "activity indicator style \"\(element["style"] ?? "")\" needs the iOS 13 SDK (Xcode 11); archived as \(style == 101 ? "whiteLarge" : "gray")"
            )
            legacy = style == 101 ? 0 : 2
        }
        object.set("UIActivityIndicatorViewStyle", int: legacy)
        if !element.flag("hidesWhenStopped") { object.set("UIHidesWhenStopped", .bool(false)) }
        object.setFlag("UIAnimating", element.flag("animating"))
        for child in element.children(named: "color") {
            switch child["key"] {
            case "color":
                // The color was the view's tint: it replaces a tint the view encoder wrote.
                object.remove("UITintColor")
                object.set("UITintColor", try ColorRule.color(child, in: context))
                if era >= XcodeEra(9) { object.set("UIDisableUpdateColorOnTraitCollectionChange", .bool(true)) }
            case "backgroundColor", "tintColor": break
            default:
                try context.unmodelled(
                    .unsupportedAttribute, child, "activity indicator color \(child["key"] ?? "?") is not modelled")
            }
        }
    }
}
