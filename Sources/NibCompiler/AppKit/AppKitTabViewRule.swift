/// `<tabView>` → `NSTabView`, `<tabViewItem>` → `NSTabViewItem`.
///
/// | Key | Source |
/// |---|---|
/// | view keys | ``AppKitViewEncoder``; `NSSubviews` = [the selected item's view] (empty without items) |
/// | `NSTabViewItems` | the items, in document order |
/// | `NSSelectedTabViewItem` | `initialItem`, else the first item (absent without items) |
/// | `NSNextKeyView` | the selected item's view, start of the loop ``AppKitKeyViewLoopRule`` writes |
/// | `NSFont` | the `<font key="font">`; absent: the small system font (nkv_overlap only) |
/// | `NSTvFlags` | `type`: topTabsBezelBorder 0 (absent), noTabsNoBorder 6; `controlSize="small"` adds 0x0800_0000 (the four small tab views of scribendi's keyed archives) |
/// | `NSAllowTruncatedLabels` | true |
/// | `NSDrawsBackground` | true unless `drawsBackground="NO"` |
///
/// `NSTabViewItem` (tracked after the tab view, parent the tab view; its view follows with the
/// item as parent):
///
/// | Key | Source |
/// |---|---|
/// | `NSIdentifier` | `identifier` |
/// | `NSView` | the `<view key="view">` |
/// | `NSLabel` | `label` |
/// | `NSColor` | catalog `controlColor` |
/// | `NSTabView` | the tab view |
///
/// The selected item's view is the tab view's subview (superview and next responder the tab
/// view); other items' views have neither (scribendi PreferencesController and
/// MarkupTagsController, AVRFuses — keyed archives, not compared). Every view keeps its source
/// frame and mask (nkv_overlap, tabview_scrollview_chain). Items with other attributes or
/// children are refused.
enum AppKitTabViewRule {
    /// What a tab view is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ["type", "drawsBackground", "initialItem", "controlSize"], children: ["font", "tabViewItems"],
        writesEmptySubviews: true)

    /// `type` → `NSTabViewType`, for the types seen in the pairs.
    static let types: [String: Int] = ["topTabsBezelBorder": 0, "noTabsNoBorder": 6]

    /// `controlSize` → its `NSTvFlags` bits, for the sizes seen in the pairs.
    static let controlSizes: [String: Int] = ["regular": 0, "small": 0x0800_0000]

    /// The attributes a `<tabViewItem>` may carry.
    static let itemAttributes: Set<String> = ["id", "label", "identifier"]

    /// The archived tab view for `element`.
    static func tabView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        if let subviews = element.child("subviews"), !subviews.children.isEmpty {
            throw context.error(.unsupportedElement, subviews, "tab view subviews come from its items")
        }
        let type = try CellRule.value(element, "type", types, default: 0, context)
        let size = try CellRule.value(element, "controlSize", controlSizes, default: 0, context)
        let tabView = ControlRule.swapped(ArchivedObject("NSTabView"), customClass: element["customClass"])
        context.track(tabView, id: element["id"], parent: parent)
        let children = try views.encodeView(element, tabView, superview: superview, kind: kind)
        let itemElements = children.first { $0.name == "tabViewItems" }?.children ?? []
        let selectedIndex = try selected(element, itemElements, context: context)
        var items: [ArchivedObject] = []
        for (index, itemElement) in itemElements.enumerated() {
            let (item, view) = try self.item(
                itemElement, tabView: tabView, isSelected: index == selectedIndex, views: views)
            items.append(item)
            if index == selectedIndex {
                tabView.replace("NSSubviews", .object(.collection("NSMutableArray", [view])))
                tabView.set("NSSelectedTabViewItem", item)
            }
        }
        if let selectedIndex, let viewElement = itemElements[selectedIndex].child("view", key: "view") {
            try AppKitKeyViewLoopRule.link(itemView: viewElement, tabView: tabView, context: context)
        }
        tabView.set("NSTabViewItems", .collection("NSMutableArray", items))
        if let font = children.first(where: { $0.name == "font" && $0["key"] == "font" }) {
            tabView.set("NSFont", try AppKitFontRule.font(font, context: context))
        } else if let small = AppKitFontRule.metaFonts["smallSystem"] {
            tabView.set(
                "NSFont",
                AppKitFontRule.make(
                    name: small.name, size: small.size, type: small.type, textStyle: nil, usesAppearanceSize: false))
        }
        tabView.set("NSTvFlags", int: type | size)
        tabView.set("NSAllowTruncatedLabels", .bool(true))
        if element["drawsBackground"] != "NO" { tabView.set("NSDrawsBackground", .bool(true)) }
        return tabView
    }

    /// The index of the selected item: `initialItem`, else the first; `nil` without items.
    private static func selected(_ element: SourceElement, _ items: [SourceElement], context: AppKitContext)
        throws(CompileError) -> Int?
    {
        guard let initial = element["initialItem"] else { return items.isEmpty ? nil : 0 }
        guard let index = items.firstIndex(where: { $0["id"] == initial }) else {
            throw context.error(
                .invalidSource, element, "initialItem \"\(initial)\" names none of the tab view's items")
        }
        return index
    }

    /// The archived item for `element` and its view.
    private static func item(
        _ element: SourceElement, tabView: ArchivedObject, isSelected: Bool, views: AppKitViewEncoder
    ) throws(CompileError) -> (item: ArchivedObject, view: ArchivedObject) {
        let context = views.context
        guard element.name == "tabViewItem" else {
            throw context.error(
                .unsupportedElement, element, "<\(element.name)> inside <tabViewItems> is not supported")
        }
        for name in element.attributes.keys where !itemAttributes.contains(name) {
            throw context.error(
                .unsupportedAttribute, element, "attribute \(name) on a tab view item is not supported yet")
        }
        // Outlets (initialFirstResponder) are connectors, made by the compiler's connection walk
        // (scribendi's keyed archives: NSNibOutletConnector from the NSTabViewItem).
        for child in element.children
        where !(child.name == "view" && child["key"] == "view") && child.name != "connections" {
            throw context.error(
                .unsupportedElement, child, "<\(child.name)> inside a tab view item is not supported yet")
        }
        guard let identifier = element["identifier"], let label = element["label"] else {
            throw context.error(
                .unsupportedAttribute, element, "a tab view item without an identifier or a label is not supported yet")
        }
        guard let viewElement = element.child("view", key: "view") else {
            throw context.error(.unsupportedElement, element, "a tab view item without a view is not supported yet")
        }
        let item = ArchivedObject("NSTabViewItem")
        context.track(item, id: element["id"], parent: tabView)
        let view = try views.view(
            viewElement, superview: isSelected ? tabView : nil, parent: item, isContentView: true)
        item.set("NSIdentifier", .string(identifier))
        item.set("NSView", view)
        item.set("NSLabel", .string(label))
        item.set("NSColor", try AppKitColorRule.catalogColor("controlColor", element: element, context: context))
        item.set("NSTabView", tabView)
        return (item, view)
    }
}
