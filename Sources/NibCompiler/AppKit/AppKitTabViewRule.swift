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
/// MarkupTagsController, AVRFuses). The selected item's view fills the tab view's content rect,
/// other items' views keep their source frames (``layOut(_:_:in:views:)``). Items with other
/// attributes or children are refused.
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
            try context.unmodelled(.unsupportedElement, subviews, "tab view subviews come from its items")
        }
        let type = try CellRule.value(element, "type", types, default: 0, context)
        let size = try CellRule.value(element, "controlSize", controlSizes, default: 0, context)
        let tabView = try ControlRule.swapped(ArchivedObject("NSTabView"), for: element, context: context)
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

    /// The selected item's view fills the tab view's content rect, and its subviews follow
    /// their autoresizing masks: ibtool tiles the tab view it loads. Top tabs: {10, 33,
    /// width − 20, height − 46} (nkv_overlap, AVRFuses), small top tabs {10, 29, width − 20,
    /// height − 42} (scribendi: MarkupTagsController's "XML Tags" item, saved at {10, 25, 272,
    /// 90} in a 292 × 128 tab view, archives {10, 29, 272, 86} with its subviews 4 points lower),
    /// no tabs and no border: the whole bounds (tabview_scrollview_chain). Other items' views
    /// keep their source frames.
    private static func layOut(
        _ view: ArchivedObject, _ viewElement: SourceElement, in tabElement: SourceElement, views: AppKitViewEncoder
    ) throws(CompileError) {
        let context = views.context
        let tab = try ScrollViewRule.rect(tabElement, context)
        let source = try ScrollViewRule.rect(viewElement, context)
        let content: [Double]
        let top = tabElement["type"] == nil || tabElement["type"] == "topTabsBezelBorder"
        switch (top, tabElement["type"], tabElement["controlSize"]) {
        case (true, _, nil), (true, _, "regular"): content = [10, 33, tab[2] - 20, tab[3] - 46]
        case (true, _, "small"): content = [10, 29, tab[2] - 20, tab[3] - 42]
        case (_, "noTabsNoBorder", _): content = [0, 0, tab[2], tab[3]]
        default: return  // No pair shows other layouts; AppKitTabViewRule.controlSizes refuses other sizes.
        }
        guard content != source else { return }
        guard content[2] >= 0, content[3] >= 0 else {
            throw context.error(
                .unsupportedElement, tabElement, "a tab view smaller than its tabs is not modelled")
        }
        ScrollViewRule.setFrame(view, content)
        try AppKitAutoresizing.resizeSubviews(
            of: viewElement, from: [source[2], source[3]], to: [content[2], content[3]], views: views)
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
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a tab view item is not modelled")
        }
        // Outlets (initialFirstResponder) are connectors, made by the compiler's connection walk
        // (scribendi's keyed archives: NSNibOutletConnector from the NSTabViewItem).
        for child in element.children
        where !(child.name == "view" && child["key"] == "view") && child.name != "connections" {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside a tab view item is not modelled")
        }
        guard let identifier = element["identifier"], let label = element["label"] else {
            throw context.error(
                .unsupportedAttribute, element, "a tab view item without an identifier or a label is not modelled")
        }
        guard let viewElement = element.child("view", key: "view") else {
            throw context.error(.unsupportedElement, element, "a tab view item without a view is not modelled")
        }
        let item = ArchivedObject("NSTabViewItem")
        context.track(item, id: element["id"], parent: tabView)
        let view = try views.view(
            viewElement, superview: isSelected ? tabView : nil, parent: item, isContentView: true)
        if isSelected, let tabElement = element.parent?.parent {
            try layOut(view, viewElement, in: tabElement, views: views)
        }
        item.set("NSIdentifier", .string(identifier))
        item.set("NSView", view)
        item.set("NSLabel", .string(label))
        item.set("NSColor", try AppKitColorRule.catalogColor("controlColor", element: element, context: context))
        item.set("NSTabView", tabView)
        return (item, view)
    }
}
