/// `<popUpButton>` → `NSPopUpButton` with its `<popUpButtonCell key="cell">` →
/// `NSPopUpButtonCell` and the cell's `<menu key="menu">` (`test_popup_textured`, `popup_empty`,
/// `popup_explicit_font`, `popup_default_hugging`, `test_pulldown_title`, `test33_popup_pulldown`,
/// `nkv_overlap`, `StatusBar`).
///
/// | Key | Source |
/// |---|---|
/// | view, control and button cell keys | ``AppKitButtonRule`` (hugging default `{250, 750}`; `borderStyle="borderAndBezel"` → `NSCellFlags` `0x0040_0000` and `NSButtonFlags` `0x0080_0000`) |
/// | cell `tag` | nothing (the menu items carry their own tags) |
/// | cell `NSMenuItem` | the `selectedItem`, nil when absent |
/// | cell `NSMenuItemRespectAlignment` | true |
/// | cell `NSSupport` | the font; `metaFont="system"` is archived as the menu font (type 6, `test33_popup_pulldown`) |
/// | cell `NSMenu` | the menu (``MenuRule``; its items' action `_popUpItemAction:` targets the cell; `NSMenuItems` even when empty, `popup_empty`; a pull-down's first item is hidden, `test33_popup_pulldown`) |
/// | cell `NSPullDown` | `pullsDown="YES"` |
/// | cell `NSSelectedIndex` | pop-ups only: the selected item's index when not 0, -1 without `selectedItem` |
/// | cell `NSPreferredEdge` | `preferredEdge` as `NSRectEdge` (minX 0, minY 1 when absent, maxX 2, maxY 3) |
/// | cell `NSUsesItemFromMenu`, `NSAltersState` | true |
/// | cell `NSArrowPosition` | `arrowPosition`: arrowAtCenter 1, arrowAtBottom 2 (absent); `noArrow` writes nothing |
enum AppKitPopUpButtonRule {
    /// The pop-up button cell class.
    static let cellKind = AppKitButtonRule.CellKind(
        className: "NSPopUpButtonCell", elementName: "popUpButtonCell", borderStyle: "borderAndBezel",
        borders: .popUpButton, attributes: ["pullsDown", "arrowPosition", "preferredEdge", "selectedItem", "tag"],
        fontSubstitutes: ["system": "menu"])
    /// `preferredEdge` → `NSRectEdge`.
    static let edges: [String: Int] = ["minX": 0, "minY": 1, "maxX": 2, "maxY": 3]
    /// `arrowPosition` → `NSPopUpButton.ArrowPosition`.
    static let arrowPositions: [String: Int] = ["noArrow": 0, "arrowAtCenter": 1, "arrowAtBottom": 2]

    /// The archived pop-up button for `element`.
    static func popUpButton(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let control = try ControlRule.swapped(ArchivedObject("NSPopUpButton"), for: element, context: context)
        context.track(control, id: element["id"], parent: parent)
        let kind = AppKitViewEncoder.Kind(
            attributes: ControlRule.attributes, children: ["popUpButtonCell"], hugging: (250, 750))
        let children = try views.encodeView(element, control, superview: superview, kind: kind)
        guard children.count == 1, let cell = children.first, cell["key"] == "cell" else {
            throw context.error(
                .invalidSource, element, "a pop-up button needs exactly one <popUpButtonCell key=\"cell\">")
        }
        let cellObject = try AppKitButtonRule.buttonCell(
            cell, kind: cellKind, button: element, control: control, context: context)
        if let tag = cell["tag"], Int32(tag) == nil {
            throw context.error(.invalidSource, cell, "the tag must be an integer")
        }
        guard let menuElement = cell.child("menu", key: "menu") else {
            throw context.error(.invalidSource, cell, "a pop-up button cell needs a <menu key=\"menu\">")
        }
        let pullsDown = try CellRule.boolean(cell, "pullsDown", default: false, context)
        let menu = try MenuRule.menu(
            menuElement, parent: cellObject, popUp: (cellObject, pullsDown: pullsDown), context: context)
        var selected: ArchivedObject?
        var selectedIndex = -1
        if let id = cell["selectedItem"] {
            let items = menu.object(forKey: "NSMenuItems")?.referencedObjects ?? []
            guard let object = context.objectsByID[id], let index = items.firstIndex(where: { $0 === object }) else {
                throw context.error(.invalidSource, cell, "selectedItem \"\(id)\" is not an item of the pop-up's menu")
            }
            selected = object
            selectedIndex = index
        }
        cellObject.set("NSMenuItem", selected.map { .object($0) } ?? .null)
        cellObject.set("NSMenuItemRespectAlignment", .bool(true))
        cellObject.set("NSMenu", menu)
        if pullsDown {
            cellObject.set("NSPullDown", .bool(true))
        } else if selectedIndex != 0 {
            cellObject.set("NSSelectedIndex", int: selectedIndex)
        }
        cellObject.set("NSPreferredEdge", int: try CellRule.value(cell, "preferredEdge", edges, default: 1, context))
        cellObject.set("NSUsesItemFromMenu", .bool(true))
        cellObject.set("NSAltersState", .bool(true))
        let arrow = try CellRule.value(cell, "arrowPosition", arrowPositions, default: 2, context)
        if arrow != 0 { cellObject.set("NSArrowPosition", int: arrow) }
        try ControlRule.encode(
            element, control, cell: cell, cellObject: cellObject, sendActionMask: 4, context: context)
        control.set("IBNSShadowedSymbolConfiguration", .null)
        return control
    }
}
