/// `<progressView>` → `UIProgressView`, as the corpus's three compiled progress views show it
/// (duckduckgo WebContainer and PrivacyProtection, Xcode 13.2; man12nam's, iOS 13 SDK):
///
/// - the view is 4 points high, its own default-style height, placed at the source frame's
///   origin (WebContainer: a 375 × 2 frame at y 64 archives {375, 4} centred at y 66), like a
///   switch's own size;
/// - vertical content hugging 750 is the class's own (`verticalHuggingPriority="750"`, in 16 of
///   the 18 wild and pair sources, archives no priority);
/// - after the view's keys: `UIProgress` (float32, when not 0), `UIProgressProgressTintColor`
///   (`<color key="progressTintColor">`), `UIProgressProgressImage` (`progressImage`).
///
/// The track tint color and image, and the bar style, appear in no compiled nib: left out with
/// a warning.
enum ProgressViewRule {
    static let rule = ViewRule(
        className: "UIProgressView", attributes: ["progress", "progressViewStyle", "progressImage", "trackImage"],
        children: ["color"], defaultHugging: [250, 750],
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        if let frame = element.child("rect", key: "frame"),
            let x = frame.number("x"), let y = frame.number("y"), let width = frame.number("width"),
            [x, y, width].allSatisfy({ abs($0) <= 1e9 })
        {
            object.replace("UIBounds", ArchivedObject.geometry([0, 0, width, 4]))
            object.replace("UICenter", ArchivedObject.geometry([x + width / 2, y + 2]))
        }
        let progress = try SourceNumber.attribute("progress", of: element, in: 0...1, default: 0, context: context)
        if progress != 0 { object.set("UIProgress", .float32(Float(progress))) }
        for color in element.children(named: "color") {
            switch color["key"] {
            case "backgroundColor", "tintColor": break
            case "progressTintColor":
                if let value = try context.recovered({ () throws(CompileError) in
                    try ColorRule.color(color, in: context)
                }) {
                    object.set("UIProgressProgressTintColor", value)
                }
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color, "progress view color \(color["key"] ?? "?") is not modelled; left out"
                )
            }
        }
        if let name = element["progressImage"], !name.isEmpty,
            let image = try context.recovered({ () throws(CompileError) in
                try ImageRule.placeholder(named: name, element: element, context: context, resources: resources)
            })
        {
            object.set("UIProgressProgressImage", image)
        }
        for name in ["trackImage", "progressViewStyle"] where element[name] != nil && element[name] != "default" {
            try context.unmodelled(.unsupportedAttribute, element, "progress view \(name) is not modelled; left out")
        }
    }
}
