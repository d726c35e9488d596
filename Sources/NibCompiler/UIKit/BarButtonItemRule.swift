/// `<barButtonItem>` → `UIBarButtonItem` (in a navigation item, ``NavigationRule``, or a
/// toolbar, ``UIKitToolbarRule``); its user-defined runtime attributes name the item.
///
/// Keys in Apple's order, as 37 bar button items of the duckduckgo pairs show them (Xcode
/// 13.2): `UICustomView` (a `<view key="customView">` or control), `UIEnabled` (true unless
/// `enabled="NO"`), `UIIsSystemItem` and `UISystemItem` for a system item, `UIStyle`, `UITitle`,
/// `UIImage` (an image placeholder), `UIImageInsets`. Interface Builder's default style is the
/// bordered one (1: every item without `style` archives 1); `plain` is 0 and left out, `done` 2.
/// System items are UIBarButtonSystemItem's raw values (UIKit's declaration; the pairs show
/// done 0, cancel 1, edit 2, save 3 and action 9).
enum BarButtonItemRule {
    static let systemItems: [String: Int] = [
        "done": 0, "cancel": 1, "edit": 2, "save": 3, "add": 4, "flexibleSpace": 5, "fixedSpace": 6,
        "compose": 7, "reply": 8, "action": 9, "organize": 10, "bookmarks": 11, "search": 12, "refresh": 13,
        "stop": 14, "camera": 15, "trash": 16, "play": 17, "pause": 18, "rewind": 19, "fastForward": 20, "undo": 21,
        "redo": 22, "pageCurl": 23, "close": 24,
    ]
    static let styles: [String: Int] = ["plain": 0, "bordered": 1, "done": 2]

    /// The item for `element`, tracked under its id. Its connections are scheduled here unless
    /// `schedulesConnections` is false (a toolbar's items are inside a view, whose compiler
    /// schedules every descendant's connections).
    static func item(
        _ element: SourceElement, context: UIKitContext, resources: UIKitResources?, schedulesConnections: Bool = true
    ) throws(CompileError) -> ArchivedObject {
        let item = ArchivedObject("UIBarButtonItem")
        for name in element.attributes.keys.sorted() {
            switch name {
            case "key", "id", "title", "style", "systemItem", "enabled", "image", "userLabel", "customClass",
                "customModule", "customModuleProvider", "width":
                break
            // An SF Symbol's catalog, which the image's resource also records.
            case "catalog" where element[name] == "system": break
            default:
                try context.unmodelled(
                    .unsupportedAttribute, element, "bar button item attribute \(name) is not modelled; left out")
            }
        }
        var insets: [Double]?
        var tint: ArchivedObject?
        for child in element.children {
            switch child.name {
            case "connections": break
            case "userDefinedRuntimeAttributes":
                try RuntimeAttributeRule.schedule(child, object: item, context: context, resources: resources)
            case "inset" where child["key"] == "imageInsets":
                insets = ["minY", "minX", "maxY", "maxX"].map { child.number($0) ?? 0 }
            case "color" where child["key"] == "tintColor":
                tint = try context.recovered({ () throws(CompileError) in try ColorRule.color(child, in: context) })
            case _ where child["key"] == "customView":
                guard let resources else {
                    try context.unmodelled(
                        .unsupportedElement, child, "a bar button item's custom view is not modelled here; left out")
                    continue
                }
                item.set("UICustomView", try ViewEncoder(context: context, resources: resources).encode(child))
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a bar button item is not modelled; left out")
            }
        }
        if element["enabled"] != "NO" { item.set("UIEnabled", .bool(true)) }
        if let name = element["systemItem"] {
            if let value = systemItems[name] {
                item.set("UIIsSystemItem", .bool(true))
                item.set("UISystemItem", int: value)
            } else {
                try context.unmodelled(.unsupportedAttribute, element, "system item \"\(name)\" is unknown; left out")
            }
        }
        let style = element["style"].map { styles[$0] } ?? 1
        if let style {
            if style != 0 { item.set("UIStyle", int: style) }
        } else {
            try context.unmodelled(
                .unsupportedAttribute, element, "bar button item style \"\(element["style"] ?? "")\" is unknown")
        }
        if let title = element["title"] {
            item.set("UITitle", context.text(title, id: element["id"], property: "title"))
        }
        // A fixed width, float32 between the title and the image: ertmuirm's two Beacon picker
        // toolbars' items (`UIWidth` 44 after `UITitle` or `UIStyle`, before `UIImage`).
        if let width = element.number("width") { item.set("UIWidth", .float32(Float(width))) }
        if let name = element["image"], !name.isEmpty, let resources {
            item.set(
                "UIImage",
                try ImageRule.placeholder(named: name, element: element, context: context, resources: resources))
        }
        // The tint follows the title and image (the corpus's 14 tinted items: UIEnabled, UIStyle,
        // UITitle, UIImage, UITintColor).
        if let tint { item.set("UITintColor", tint) }
        if let insets { item.set("UIImageInsets", ArchivedObject.geometry(insets)) }
        let object = try ClassSwapRule.wrap(item, element: element, context: context)
        context.track(object, id: element["id"])
        if schedulesConnections, let connections = element.child("connections"), let id = element["id"] {
            ConnectionRule.schedule(connections, sourceID: id, context: context)
        }
        return object
    }
}
