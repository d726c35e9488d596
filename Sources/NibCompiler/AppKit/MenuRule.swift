/// `<menu>` → `NSMenu` and `<menuItem>` → `NSMenuItem`, as ibtool archives them.
///
/// | Source | Archived |
/// |---|---|
/// | menu `title` | `NSTitle` |
/// | menu `systemMenu` | `NSName` (`_NSMainMenu`, `_NSAppleMenu`, …, see ``systemMenuNames``) |
/// | menu `autoenablesItems="NO"` | `NSNoAutoenable` true |
/// | `<items>` | `NSMenuItems`, an `NSMutableArray`, also when empty |
/// | item `title`, `keyEquivalent` | `NSTitle`, `NSKeyEquiv` (`""` when absent) |
/// | no `<modifierMask>` | `NSKeyEquivModMask` ⌘ (1 << 20), except on separators |
/// | `<modifierMask>` flags | `NSKeyEquivModMask`, `NSEvent.ModifierFlags` raw values; 0 is not written |
/// | `isSeparatorItem="YES"` | `NSIsSeparator` and `NSIsDisabled` true |
/// | `enabled="NO"` | `NSIsDisabled` true (the corpus's keyed nibs: 8 disabled items besides 255 separators) |
/// | `toolTip` | an `NSIBHelpConnector` to the item (``AppKitToolTipRule``; HotReloading's MainMenu) |
/// | `allowsKeyEquivalentWhenHidden="YES"` | `NSKEAllowedWhenHidden` true (9 items of the corpus's keyed nibs) |
/// | `customClass` (`customModule`) | an `NSClassSwapper`, as for controls (``ControlRule/swapped(_:for:context:)``) |
/// | `tag`, `state`, `hidden`, `alternate` | `NSTag`, `NSState`, `NSIsHidden`, `NSIsAlternate` |
/// | an empty `<attributedString key="attributedTitle"/>` | `NSAttributedTitle`: an `NSAttributedString` with `NSString` "" (scribendi MainMenu; text refused) |
/// | `<integer key="representedObject">` | `NSRepObject`, an `NSNumber` (`pred_compound_chain`) |
/// | item `image` | `NSImage` (``AppKitImageRule``, `StatusBar`; with `catalog="system"` an SF Symbol, transmission_MainMenu) |
/// | item `secondaryImage` (with `catalog`) or `<imageReference key="secondaryImage">` | `NSActionImage` (an SF Symbol, ``AppKitImageRule``) and `NSHasActionImage` true (transmission_MainMenu) |
/// | `<string key="keyEquivalent">` (plain or base64) | `NSKeyEquiv` (transmission_MainMenu: "CA", a backspace) |
/// | a `<menu key="submenu">` | `NSSubmenu` and `NSTarget` (the submenu), `NSAction` `submenuAction:` |
/// | items of a pop-up button's menu | `NSAction` `_popUpItemAction:`, `NSTarget` the pop-up button cell (`test_popup_textured`) |
/// | every item | `NSMenu` (its menu), `NSMnemonicLoc` `INT32_MAX`, key-equivalent localization and mirroring true, `NSHiddenInRepresentation` false, `NSOnImage`/`NSMixedImage` (the shared `NSMenuCheckmark` and `NSMenuMixedState` images) |
enum MenuRule {
    static let menuAttributes: Set<String> = ["id", "key", "title", "systemMenu", "autoenablesItems", "userLabel"]
    static let itemAttributes: Set<String> = [
        "id", "title", "keyEquivalent", "isSeparatorItem", "tag", "state", "hidden", "alternate", "userLabel", "image",
        "secondaryImage", "catalog", "customClass", "customModule", "customModuleProvider", "enabled", "toolTip",
        "allowsKeyEquivalentWhenHidden",
    ]
    /// `systemMenu` → the menu's `NSName`.
    static let systemMenuNames = [
        "main": "_NSMainMenu", "apple": "_NSAppleMenu", "services": "_NSServicesMenu", "window": "_NSWindowsMenu",
        "font": "_NSFontMenu", "recentDocuments": "_NSRecentDocumentsMenu", "help": "_NSHelpMenu",
    ]
    /// `<modifierMask>` flags → `NSEvent.ModifierFlags` raw values (AppKit's public headers).
    static let modifierBits: [(String, Int)] = [
        ("shift", 1 << 17), ("control", 1 << 18), ("option", 1 << 19), ("command", 1 << 20),
    ]
    /// `state` → `NSControl.StateValue` raw values.
    static let states = ["off": 0, "on": 1, "mixed": -1]

    /// Archives `element` and everything in it; `parent` is its parent in the object table.
    /// `popUp`, for a pop-up button's menu, is its cell (the target of the items' action) and
    /// whether it pulls down (its first item is then hidden).
    static func menu(
        _ element: SourceElement, parent: ArchivedObject, popUp: (cell: ArchivedObject, pullsDown: Bool)? = nil,
        context: AppKitContext
    ) throws(CompileError) -> ArchivedObject {
        for name in element.attributes.keys where !menuAttributes.contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "attribute \(name) on a menu is not modelled")
        }
        let menu = ArchivedObject("NSMenu")
        context.track(menu, id: element["id"], parent: parent)
        menu.set("NSTitle", try context.title(element))
        var items: [ArchivedObject] = []
        for child in element.children {
            switch child.name {
            case "items":
                for itemElement in child.children {
                    guard itemElement.name == "menuItem" else {
                        throw context.error(
                            .unsupportedElement, itemElement, "<\(itemElement.name)> in a menu is not modelled")
                    }
                    let hides = popUp?.pullsDown == true && items.isEmpty
                    items.append(
                        try item(itemElement, menu: menu, popUpCell: popUp?.cell, hidden: hides, context: context))
                }
            case "point", "connections": break
            default:
                try context.unmodelled(.unsupportedElement, child, "<\(child.name)> inside a menu is not modelled")
            }
        }
        // Written even empty: empty pop-up menus (popup_empty), Services and other empty submenus
        // (transmission_MainMenu, scribendi MainMenu and IRIndexRecordWController, AVRFuses).
        menu.set("NSMenuItems", .collection("NSMutableArray", items))
        if let system = element["systemMenu"] {
            guard let name = systemMenuNames[system] else {
                throw context.error(.unsupportedAttribute, element, "systemMenu \"\(system)\" is not modelled")
            }
            menu.set("NSName", .string(name))
        }
        if element["autoenablesItems"] == "NO" { menu.set("NSNoAutoenable", .bool(true)) }
        return menu
    }

    /// The document's shared check mark and mixed-state images. Their design sizes are the
    /// ones AppKit gave the images on the Mac that ran ibtool, which the source does not
    /// record: ``NibCompiler/Options/menuStateImageSizes`` when given, else what the imitated
    /// Xcode's pairs show. Before Xcode 14.2 {14, 13} and {14, 4} (GroupingController and
    /// IRIndexRecordWController, Xcode 13; AVRFuses a08b56f5, Xcode 14.0); from 14.2 {18, 16}
    /// and {18, 4} (scribendi MainMenu and PreferencesController, Xcode 14.2; every NIBArchive
    /// pair). Other Macs: MarkupTagsController (Xcode 14.2, the same toolsVersion 21507 and
    /// the same kind of small pop-up menus as PreferencesController) {15, 13} and {15, 4};
    /// AVRFuses dbb7734b (Xcode 15.3) {18, 17} and {18, 5}.
    /// The state image sizes the pairs of Xcode `era` show (``stateImages(context:)``).
    static func defaultStateImageSizes(_ era: XcodeEra) -> MenuStateImageSizes {
        era < XcodeEra(14.2)
            ? MenuStateImageSizes(checkMark: (14, 13), mixedState: (14, 4))
            : MenuStateImageSizes(checkMark: (18, 16), mixedState: (18, 4))
    }

    static func stateImages(context: AppKitContext) -> (on: ArchivedObject, mixed: ArchivedObject) {
        let sizes = context.menuStateImageSizes ?? defaultStateImageSizes(context.era)
        return (
            context.sharedImage("NSMenuCheckmark", designSize: AppKitContext.text(sizes.checkMarkComponents)),
            context.sharedImage("NSMenuMixedState", designSize: AppKitContext.text(sizes.mixedStateComponents))
        )
    }

    private static func item(
        _ element: SourceElement, menu: ArchivedObject, popUpCell: ArchivedObject?, hidden: Bool,
        context: AppKitContext
    ) throws(CompileError) -> ArchivedObject {
        for name in element.attributes.keys where !itemAttributes.contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "attribute \(name) on a menu item is not modelled")
        }
        let item = try ControlRule.swapped(ArchivedObject("NSMenuItem"), for: element, context: context)
        context.track(item, id: element["id"], parent: menu)
        if let toolTip = element["toolTip"] {
            AppKitToolTipRule.connect(toolTip, view: item, of: element, context: context)
        }
        let isSeparator = element.flag("isSeparatorItem")
        var modifiers: Int? = isSeparator ? nil : 1 << 20
        var submenuElement: SourceElement?
        var hasEmptyAttributedTitle = false
        var represented: ArchivedObject?
        var keyEquivalent = element["keyEquivalent"]
        var secondaryImage: ArchivedObject?
        if let name = element["secondaryImage"] {
            secondaryImage = try AppKitImageRule.image(
                name, catalog: element["catalog"], element: element, context: context)
        }
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("modifierMask", "keyEquivalentModifierMask"):
                for name in child.attributes.keys
                where name != "key" && !modifierBits.contains(where: { $0.0 == name }) {
                    try context.unmodelled(.unsupportedAttribute, child, "modifier \(name) is not modelled")
                }
                modifiers = modifierBits.reduce(0) { $0 | (child.flag($1.0) ? $1.1 : 0) }
            case ("menu", "submenu"): submenuElement = child
            case ("integer", "representedObject"):
                guard let value = child["value"].flatMap({ Int($0) }) else {
                    throw context.error(.invalidSource, child, "the represented object needs an integer value")
                }
                represented = .number(value)
            case ("string", "title") where element["title"] == nil: break  // the title (AppKitContext.title)
            case ("string", "keyEquivalent"):
                guard keyEquivalent == nil else {
                    throw context.error(.invalidSource, child, "the menu item has two key equivalents")
                }
                keyEquivalent = try AppKitButtonRule.text(of: child, context: context)
            case ("imageReference", "secondaryImage"):
                guard secondaryImage == nil else {
                    throw context.error(.invalidSource, child, "the menu item has two secondary images")
                }
                secondaryImage = try AppKitImageRule.imageReference(child, context: context)
            case ("connections", _): break
            // An empty attributed title (scribendi MainMenu: 7 "Label n" items) archives an empty
            // NSAttributedString after the tag; attributed text is not modelled yet.
            case ("attributedString", "attributedTitle") where child.children.isEmpty && child.attributes.count == 1:
                hasEmptyAttributedTitle = true
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a menu item is not modelled")
            }
        }
        item.set("NSMenu", menu)
        if isSeparator || element["enabled"] == "NO" { item.set("NSIsDisabled", .bool(true)) }
        if isSeparator { item.set("NSIsSeparator", .bool(true)) }
        if element.flag("hidden") || hidden { item.set("NSIsHidden", .bool(true)) }
        item.set("NSAllowsKeyEquivalentLocalization", .bool(true))
        item.set("NSAllowsKeyEquivalentMirroring", .bool(true))
        if secondaryImage != nil { item.set("NSHasActionImage", .bool(true)) }
        item.set("NSTitle", try context.title(element))
        item.set("NSKeyEquiv", .string(keyEquivalent ?? ""))
        if let modifiers, modifiers != 0 { item.set("NSKeyEquivModMask", int: modifiers) }
        item.set("NSMnemonicLoc", .integer(Int64(Int32.max)))
        // After NSMnemonicLoc (StatusBar); its place relative to NSState is not in the pairs.
        if let image = element["image"] {
            item.set(
                "NSImage",
                try AppKitImageRule.image(image, catalog: element["catalog"], element: element, context: context))
        }
        if let secondaryImage { item.set("NSActionImage", secondaryImage) }
        if let state = element["state"] {
            guard let value = states[state] else {
                throw context.error(.unsupportedAttribute, element, "menu item state \"\(state)\" is unknown")
            }
            if value != 0 { item.set("NSState", int: value) }
        }
        let (on, mixed) = stateImages(context: context)
        item.set("NSOnImage", on)
        item.set("NSMixedImage", mixed)
        if let submenuElement {
            let submenu = try self.menu(submenuElement, parent: item, context: context)
            item.set("NSAction", .string("submenuAction:"))
            item.set("NSTarget", submenu)
            item.set("NSSubmenu", submenu)
        } else if let popUpCell {
            item.set("NSAction", .string("_popUpItemAction:"))
            item.set("NSTarget", popUpCell)
        }
        if let represented { item.set("NSRepObject", represented) }
        if element.flag("allowsKeyEquivalentWhenHidden") { item.set("NSKEAllowedWhenHidden", .bool(true)) }
        if let tag = element["tag"] {
            guard let value = Int(tag) else {
                throw context.error(.invalidSource, element, "menu item tag \"\(tag)\" is not an integer")
            }
            if value != 0 { item.set("NSTag", int: value) }
        }
        if element.flag("alternate") { item.set("NSIsAlternate", .bool(true)) }
        if hasEmptyAttributedTitle {
            let title = ArchivedObject("NSAttributedString")
            title.set("NSString", .string(""))
            item.set("NSAttributedTitle", title)
        }
        item.set("NSHiddenInRepresentation", .bool(false))
        return item
    }
}
