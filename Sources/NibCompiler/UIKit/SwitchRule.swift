import Foundation

/// `<switch>` → `UISwitch`.
///
/// | Source | Archived |
/// |---|---|
/// | the frame | bounds 51 × 31 (the switch's own size) centred at the origin plus half of it, and a `UINibKeyValuePair` "frame" (an `NSValue` rect with the source's own digits): UISwitch keeps its own size when decoded, and the pair restores the document's at load time |
/// | `enabled="NO"` | `UIDisabled` true; otherwise `UISwitchEnabled` true |
/// | `on="YES"` | `UISwitchOn` true |
/// | `<color key="onTintColor">` | `UISwitchOnTintColor` |
/// | hugging | the class hugs at 750: a source saying 750 archives none, one saying nothing `{250, 250}` |
///
/// Centered content alignments archive nothing. Evidence: ROMPiOS (Xcode 6: the frame pair,
/// `UISwitchEnabled`, `{250, 250}` hugging) and the 18 switches of duckduckgo's Settings (Xcode
/// 13.2: the same frame pairs, `UISwitchEnabled` then `UISwitchOn`, no hugging at 750, the
/// compression resistance when the source changes it) and of the corpus's nibs (a disabled one
/// with `UIDisabled`, two with `UISwitchOnTintColor`).
enum SwitchRule {
    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext) throws(CompileError)
    {
        for name in ["contentHorizontalAlignment", "contentVerticalAlignment"]
        where element[name].map({ $0 != "center" }) ?? false {
            try context.unmodelled(
                .unsupportedAttribute, element, "switch \(name) other than center is not modelled")
        }
        // The switch archives its own size, 51 × 31 (iOS 7 and later), centred on the source
        // frame's origin plus half that size: duckduckgo's frames of 51 × 31.000000000000004
        // archive {51, 31} at y + 15.5.
        let frame = element.child("rect", key: "frame")
        let origin = (frame?.number("x") ?? 0, frame?.number("y") ?? 0)
        object.replace("UIBounds", ArchivedObject.geometry([0, 0, 51, 31]))
        object.replace("UICenter", ArchivedObject.geometry([origin.0 + 25.5, origin.1 + 15.5]))
        // The rect string has each number to 17 significant digits, as "%.17g" writes them
        // (duckduckgo: "{{345, 6.6666666666666679}, {51, 31.000000000000004}}").
        let value = RuntimeAttributeRule.geometryValue(
            "rect", ["x", "y", "width", "height"].map { frame?.number($0) ?? 0 })
        context.keyValuePairs.append(RuntimeAttributeRule.pair(object: object, keyPath: "frame", value: value))
        if element["enabled"] == "NO" {
            object.set("UIDisabled", .bool(true))
        } else {
            object.set("UISwitchEnabled", .bool(true))
        }
        object.setFlag("UISwitchOn", element.flag("on"))
        for color in element.children(named: "color") {
            switch color["key"] {
            case "onTintColor": object.set("UISwitchOnTintColor", try ColorRule.color(color, in: context))
            case "backgroundColor", "tintColor": break
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color, "switch color \(color["key"] ?? "?") is not modelled; left out")
            }
        }
    }
}
