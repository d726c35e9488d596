/// `<toolbar>` → `UIToolbar`, as the corpus's nine compiled toolbars show it (duckduckgo
/// TabSwitcher and BlankSnapshot, Xcode 13.2; ertmuirm, ikyih, kiralab and three navigation
/// controllers' toolbars):
///
/// - the view's keys, with `UIViewContentHuggingPriority` always archived ("{250, 250}" for
///   every toolbar whose source gives no priority: the class's own priorities are not UIView's);
/// - then `UIBarTintColor` (`<color key="barTintColor">`), `UIItems` (an `NSArray` of the
///   `<items>`' bar button items, ``BarButtonItemRule``; empty when there are none),
///   `UIBarPosition` 1 (every toolbar, wherever it sits) and `UIBarTranslucence` (2 for
///   `translucent="NO"`, 1 otherwise: four and five toolbars).
///
/// A bar style other than the default appears in no compiled toolbar: left out with a warning.
enum UIKitToolbarRule {
    static let rule = ViewRule(
        className: "UIToolbar", attributes: ["translucent", "barStyle"], children: ["items", "color"],
        defaultHugging: nil,
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        for color in element.children(named: "color") {
            switch color["key"] {
            case "backgroundColor", "tintColor": break
            case "barTintColor":
                if let value = try context.recovered({ () throws(CompileError) in
                    try ColorRule.color(color, in: context)
                }) {
                    object.set("UIBarTintColor", value)
                }
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color, "toolbar color \(color["key"] ?? "?") is not modelled; left out")
            }
        }
        var items: [ArchivedObject] = []
        for list in element.children(named: "items") {
            for item in list.children {
                guard item.name == "barButtonItem" else {
                    try context.unmodelled(
                        .unsupportedElement, item, "<\(item.name)> in a toolbar's items is not modelled; left out")
                    continue
                }
                if let made = try context.recovered({ () throws(CompileError) in
                    try BarButtonItemRule.item(
                        item, context: context, resources: resources, schedulesConnections: false)
                }) {
                    items.append(made)
                }
            }
        }
        object.set("UIItems", .collection("NSArray", items))
        object.set("UIBarPosition", int: 1)
        object.set("UIBarTranslucence", int: element["translucent"] == "NO" ? 2 : 1)
        if let style = element["barStyle"], style != "default" {
            try context.unmodelled(
                .unsupportedAttribute, element, "toolbar barStyle \"\(style)\" is not modelled; left out")
        }
    }
}
