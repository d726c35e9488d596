/// `<tabView>` without items → `NSTabView` (`tabview_notabsnoborder`). Tab view items (their
/// views become the selected item's subview and join the key-view loop, `nkv_overlap`) are not
/// modelled yet.
///
/// | Key | Source |
/// |---|---|
/// | view keys | ``AppKitViewEncoder`` (`NSSubviews` always) |
/// | `NSTabViewItems` | empty |
/// | `NSFont` | the `<font key="font">` |
/// | `NSTvFlags` | `type`: topTabsBezelBorder 0 (absent), noTabsNoBorder 6 |
/// | `NSAllowTruncatedLabels` | true |
/// | `NSDrawsBackground` | true unless `drawsBackground="NO"` |
enum AppKitTabViewRule {
    /// What a tab view is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ["type", "drawsBackground"], children: ["font", "tabViewItems"], writesEmptySubviews: true)

    /// `type` → `NSTabViewType`, for the types seen in the pairs.
    static let types: [String: Int] = ["topTabsBezelBorder": 0, "noTabsNoBorder": 6]

    /// The archived tab view for `element`.
    static func tabView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        if let items = element.child("tabViewItems"), !items.children.isEmpty {
            throw context.error(.unsupportedElement, items, "tab view items are not supported yet")
        }
        if let subviews = element.child("subviews"), !subviews.children.isEmpty {
            throw context.error(.unsupportedElement, subviews, "tab view subviews come from its items")
        }
        let type = try CellRule.value(element, "type", types, default: 0, context)
        let tabView = ControlRule.swapped(ArchivedObject("NSTabView"), customClass: element["customClass"])
        context.track(tabView, id: element["id"], parent: parent)
        let children = try views.encodeView(element, tabView, superview: superview, kind: kind)
        tabView.set("NSTabViewItems", .collection("NSMutableArray", []))
        guard let font = children.first(where: { $0.name == "font" && $0["key"] == "font" }) else {
            throw context.error(.invalidSource, element, "a tab view needs a <font key=\"font\">")
        }
        tabView.set("NSFont", try AppKitFontRule.font(font, context: context))
        tabView.set("NSTvFlags", int: type)
        tabView.set("NSAllowTruncatedLabels", .bool(true))
        if element["drawsBackground"] != "NO" { tabView.set("NSDrawsBackground", .bool(true)) }
        return tabView
    }
}
