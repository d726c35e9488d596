/// `<visualEffectView>` → `UIVisualEffectView`: the common view keys, then
/// `UIVisualEffectViewEffect` (a `UIBlurEffect` with its `UIBlurEffectStyle`) and
/// `UIVisualEffectViewContentView`, the document's `<view key="contentView">` archived as UIKit's
/// `_UIVisualEffectContentView` with its subviews.
///
/// No compiled nib of the corpus holds a visual effect view, so the keys are UIKit's coder
/// keys, as public decompilations of `-[UIVisualEffectView initWithCoder:]` and
/// `-[UIBlurEffect encodeWithCoder:]` and open nib readers and writers (xibdump, WinObjC's
/// xib2nib) name them; every visual effect view is reported as an approximation of Apple's
/// output, but its content and what refers to it are kept, and the nib loads. The blur styles
/// are `UIBlurEffect.Style`'s public values. A vibrancy effect is left out with a warning (its
/// coder keys are not known).
enum VisualEffectViewRule {
    /// The `visualEffectView` entry of ``ViewRule/all``.
    static let rule = ViewRule(
        className: "UIVisualEffectView", children: ["view", "blurEffect", "vibrancyEffect"],
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    /// `UIBlurEffect.Style` by Interface Builder name.
    static let blurStyles: [String: Int] = [
        "extraLight": 0, "light": 1, "dark": 2, "regular": 4, "prominent": 5,
        "systemUltraThinMaterial": 6, "systemThinMaterial": 7, "systemMaterial": 8, "systemThickMaterial": 9,
        "systemChromeMaterial": 10, "systemUltraThinMaterialLight": 11, "systemThinMaterialLight": 12,
        "systemMaterialLight": 13, "systemThickMaterialLight": 14, "systemChromeMaterialLight": 15,
        "systemUltraThinMaterialDark": 16, "systemThinMaterialDark": 17, "systemMaterialDark": 18,
        "systemThickMaterialDark": 19, "systemChromeMaterialDark": 20,
    ]

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        try context.unmodelled(
            .unsupportedElement, element,
            "no compiled nib of the corpus shows a visual effect view: archived with UIKit's coder keys "
                + "(UIVisualEffectViewEffect, UIVisualEffectViewContentView), which may differ from ibtool's output")
        for child in element.children {
            switch child.name {
            case "blurEffect":
                guard let name = child["style"], let style = blurStyles[name] else {
                    try context.unmodelled(
                        .unsupportedAttribute, child,
                        "blur effect style \"\(child["style"] ?? "")\" is unknown; left out")
                    continue
                }
                let effect = ArchivedObject("UIBlurEffect")
                effect.set("UIBlurEffectStyle", int: style)
                object.set("UIVisualEffectViewEffect", effect)
            case "vibrancyEffect":
                try context.unmodelled(
                    .unsupportedElement, child,
                    "a vibrancy effect is not modelled (its coder keys are not known); left out")
            case "view" where child["key"] == "contentView":
                let content = try ViewEncoder(context: context, resources: resources).encode(child)
                if content.className == "UIView" { content.swapClass("_UIVisualEffectContentView") }
                object.set("UIVisualEffectViewContentView", content)
            default:
                break
            }
        }
    }
}
