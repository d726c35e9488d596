/// `<slider>` → `UISlider`.
///
/// | Source | Archived |
/// |---|---|
/// | `value` | `UIValue` (float32), when not 0 |
/// | `<color key="minimumTrackTintColor">`, `maximumTrackTintColor` | `UIMinimumTintColor`, `UIMaximumTintColor` |
/// | hugging | archived whatever it is: a source saying nothing archives `{250, 250}` |
/// | — | `UIBehavioralStyle` 0 (automatic) from Xcode 13 (the iOS 15 SDK's `behavioralStyle`) |
///
/// Centered content alignments, a 0…1 range and an enabled, continuous slider archive nothing.
/// Evidence: the one compiled slider of the corpus, duckduckgo Settings' text size slider (Xcode
/// 13.2: value 0.5, clear track tints, `{250, 250}` hugging, `UIBehavioralStyle` 0). No nib shows
/// the keys of another range, a thumb tint or images: they are left out with a warning.
enum SliderRule {
    /// The `slider` entry of ``ViewRule/all``.
    static let rule = ViewRule(
        className: "UISlider",
        attributes: ["contentHorizontalAlignment", "contentVerticalAlignment", "value", "minValue", "maxValue"],
        children: ["color"], defaultHugging: nil,
        encode: { element, object, context, _ throws(CompileError) in try encode(element, object, context) })

    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext) throws(CompileError)
    {
        for name in ["contentHorizontalAlignment", "contentVerticalAlignment"]
        where element[name].map({ $0 != "center" }) ?? false {
            try context.unmodelled(.unsupportedAttribute, element, "slider \(name) other than center is not modelled")
        }
        for (name, fallback) in [("minValue", 0.0), ("maxValue", 1.0)]
        where element[name] != nil && element.number(name) != fallback {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "slider \(name)=\"\(element[name] ?? "")\" is not modelled (no compiled nib shows the key); left out")
        }
        if element["value"] != nil {
            let value = try SourceNumber.attribute(
                "value", of: element, in: SourceNumber.float32Range, default: 0, context: context)
            if value != 0 { object.set("UIValue", .float32(Float(value))) }
        }
        for color in element.children(named: "color") {
            switch color["key"] {
            case "minimumTrackTintColor": object.set("UIMinimumTintColor", try ColorRule.color(color, in: context))
            case "maximumTrackTintColor": object.set("UIMaximumTintColor", try ColorRule.color(color, in: context))
            case "backgroundColor", "tintColor": break
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color, "slider color \(color["key"] ?? "?") is not modelled; left out")
            }
        }
        if context.era >= XcodeEra(13) { object.set("UIBehavioralStyle", int: 0) }
    }
}
