/// A window's `<toolbar key="toolbar">` → `NSToolbar`, archived as the window template's
/// `NSViewClass` (learned from `toolbar_searchfield_view`, `toolbar_button_item` and
/// `sb_toolbar_colors_tv`).
///
/// | Source | Archived |
/// |---|---|
/// | `identifier` or `implicitIdentifier` | `NSToolbarIdentifier` |
/// | `displayMode` | `NSToolbarDisplayMode`: `NSToolbar.DisplayMode` raw values (default 0, iconAndLabel 1, iconOnly 2, labelOnly 3) |
/// | `sizeMode` | `NSToolbarSizeMode`: default 0, regular 1, small 2 |
/// | `autosavesConfiguration`, `allowsUserCustomization` | the two flags, true unless `NO` |
/// | — | `NSToolbarPrefersToBeShown` true; delegate and centered item nil |
/// | `<allowedToolbarItems>` | `NSToolbarIBAllowedItems`, and `NSToolbarIBIdentifiedItems` (identifier → item) |
/// | `<defaultToolbarItems>` (references) | `NSToolbarIBDefaultItems`, absent without the element |
/// | — | `NSToolbarIBSelectableItems`, empty |
/// | a window with a toolbar | no `NSMaxSize` (all three pairs) |
///
/// Items (`NSToolbarItem`): identifier (`explicitItemIdentifier`, else `implicitItemIdentifier`),
/// label and palette label, empty tool tip, the `view` (archived outside any view hierarchy),
/// bordered and titled like their view when it is a button, min/max sizes from `<size>`s, and
/// fixed defaults (enabled, autovalidates, tag 0, visibility priority 0, user removable, style 0).
/// AppKit's standard items (``standardItems``) carry their own label, tool tip, image, action,
/// size and tag, whatever the source says.
enum ToolbarRule {
    /// What ibtool archives for one of AppKit's standard toolbar items.
    struct StandardItem {
        /// `NSToolbarItemLabel` and `NSToolbarItemPaletteLabel`.
        var label: String
        /// `NSToolbarItemToolTip`.
        var toolTip: String
        /// The `NSCustomResource` image name (`IBNamespaceID` nil) and its design size.
        var image: String
        var imageSize: Double
        /// `NSToolbarItemAction` (no target: the first responder).
        var action: String
        /// `NSToolbarItemMinSize` and `NSToolbarItemMaxSize`, as archived.
        var size: String
    }

    /// AppKit's standard items seen in the pairs (`sb_toolbar_colors_tv` only; bordered, tag −1,
    /// empty title, no view). Other `NSToolbar…` identifiers are refused.
    static let standardItems: [String: StandardItem] = [
        "NSToolbarShowColorsItem": StandardItem(
            label: "Colors", toolTip: "Show Color Panel", image: "NSToolbarShowColors", imageSize: 32,
            action: "orderFrontColorPanel:", size: "{44, 42}")
    ]

    static let attributes: Set<String> = [
        "key", "id", "identifier", "implicitIdentifier", "displayMode", "sizeMode", "autosavesConfiguration",
        "allowsUserCustomization", "showsBaselineSeparator",
    ]
    static let itemAttributes: Set<String> = [
        "id", "implicitItemIdentifier", "explicitItemIdentifier", "label", "paletteLabel", "toolTip", "tag", "image",
        "sizingBehavior", "selectable",
    ]

    /// AppKit's space items as Xcode 13 archived them (IRIndexRecordWController): class, palette
    /// label, minimum and maximum size; no label or tool tip, tag −1 and a disabled separator
    /// menu item as menu form representation.
    static let spaceItems: [String: (className: String, paletteLabel: String, min: String, max: String)] = [
        "NSToolbarSpaceItem": ("NSToolbarSpaceItem", "Space", "{22, 22}", "{22, 22}"),
        "NSToolbarFlexibleSpaceItem": ("NSToolbarFlexibleSpaceItem", "Flexible Space", "{1, 22}", "{20000, 22}"),
    ]
    /// The space items' sizes before Xcode 11 (LuLu's Preferences and Rules, Xcode 8.3).
    static let olderSpaceSizes: [String: (min: String, max: String)] = [
        "NSToolbarSpaceItem": ("{32, 5}", "{32, 10000}"),
        "NSToolbarFlexibleSpaceItem": ("{1, 5}", "{20000, 32}"),
    ]
    /// `displayMode` → `NSToolbar.DisplayMode` raw value.
    static let displayModes = ["default": 0, "iconAndLabel": 1, "iconOnly": 2, "labelOnly": 3]
    /// `sizeMode` → `NSToolbar.SizeMode` raw value.
    static let sizeModes = ["default": 0, "regular": 1, "small": 2]

    /// The archived toolbar for `element`, tracked with `window` as its parent.
    static func toolbar(
        _ element: SourceElement, window: ArchivedObject, context: AppKitContext, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        for name in element.attributes.keys where !attributes.contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "attribute \(name) on a toolbar is not modelled")
        }
        guard let identifier = element["identifier"] ?? element["implicitIdentifier"] else {
            throw context.error(.invalidSource, element, "the toolbar has no identifier")
        }
        let toolbar = ArchivedObject("NSToolbar")
        context.track(toolbar, id: element["id"], parent: window)
        var allowed: [ArchivedObject] = []
        var identified: [ArchivedObject] = []
        var itemsByID: [String: ArchivedObject] = [:]
        var defaults: [ArchivedObject]?
        var selectable: [ArchivedObject] = []
        for child in element.children {
            switch child.name {
            case "allowedToolbarItems":
                for itemElement in child.children {
                    let (itemIdentifier, item) = try self.item(
                        itemElement, toolbar: toolbar, context: context, views: views)
                    allowed.append(item)
                    identified += [.string(itemIdentifier), item]
                    if let id = itemElement["id"] { itemsByID[id] = item }
                    // Selectable items, in the allowed items' order (LuLu's Preferences and
                    // Rules: their image items with selectable="YES").
                    if try CellRule.boolean(itemElement, "selectable", default: false, context) {
                        selectable.append(item)
                    }
                }
            case "defaultToolbarItems":
                var list: [ArchivedObject] = []
                for reference in child.children {
                    guard reference.name == "toolbarItem", let id = reference["reference"], let item = itemsByID[id]
                    else {
                        throw context.error(
                            .invalidSource, reference,
                            "default toolbar items must refer to allowed items listed before them")
                    }
                    list.append(item)
                }
                defaults = list
            case "connections": break
            default:
                try context.unmodelled(.unsupportedElement, child, "<\(child.name)> in a toolbar is not modelled")
            }
        }
        func code(_ name: String, _ table: [String: Int]) throws(CompileError) -> Int {
            guard let value = element[name] else { return 0 }
            guard let code = table[value] else {
                throw context.error(.unsupportedAttribute, element, "toolbar \(name) \"\(value)\" is unknown")
            }
            return code
        }
        toolbar.set("NSToolbarIdentifier", .string(identifier))
        toolbar.set("NSToolbarDelegate", .null)
        toolbar.set("NSToolbarPrefersToBeShown", .bool(true))
        // Before Xcode 11 the baseline separator is always archived (true by default: LuLu's
        // Preferences and Rules); from Xcode 13 only when the source sets it.
        if element["showsBaselineSeparator"] != nil || context.era < XcodeEra(11) {
            let shows = try CellRule.boolean(element, "showsBaselineSeparator", default: true, context)
            toolbar.set("NSToolbarShowsBaselineSeparator", .bool(shows))
        }
        toolbar.set("NSToolbarAllowsUserCustomization", .bool(element["allowsUserCustomization"] != "NO"))
        toolbar.set("NSToolbarAutosavesConfiguration", .bool(element["autosavesConfiguration"] != "NO"))
        toolbar.set("NSToolbarDisplayMode", int: try code("displayMode", displayModes))
        toolbar.set("NSToolbarSizeMode", int: try code("sizeMode", sizeModes))
        // Before Xcode 11: no centered item (the macOS 13 SDK's), and mutable item lists (LuLu).
        let older = context.era < XcodeEra(11)
        if !older { toolbar.set("NSToolbarCenteredItemIdentifier", .null) }
        let listClass = older ? "NSMutableArray" : "NSArray"
        toolbar.set("NSToolbarIBIdentifiedItems", .collection("NSMutableDictionary", identified))
        toolbar.set("NSToolbarIBAllowedItems", .collection(listClass, allowed))
        if let defaults { toolbar.set("NSToolbarIBDefaultItems", .collection(listClass, defaults)) }
        toolbar.set("NSToolbarIBSelectableItems", .collection("NSMutableArray", selectable))
        return toolbar
    }

    /// One allowed item and its identifier.
    private static func item(
        _ element: SourceElement, toolbar: ArchivedObject, context: AppKitContext, views: AppKitViewEncoder
    ) throws(CompileError) -> (String, ArchivedObject) {
        guard element.name == "toolbarItem" else {
            throw context.error(.unsupportedElement, element, "<\(element.name)> in toolbar items is not modelled")
        }
        for name in element.attributes.keys where !itemAttributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a toolbar item is not modelled")
        }
        guard let identifier = element["explicitItemIdentifier"] ?? element["implicitItemIdentifier"] else {
            throw context.error(.invalidSource, element, "the toolbar item has no identifier")
        }
        if let space = spaceItems[identifier],
            element.attributes.keys.allSatisfy({ ["id", "implicitItemIdentifier"].contains($0) }),
            element.children.isEmpty
        {
            _ = try context.modelledEra(
                for: element, "toolbar space items", modelled: XcodeEra(0)..<AppKitEraRule.current,
                newest: XcodeEra(13))
            return (identifier, spaceItem(identifier, space, element: element, toolbar: toolbar, context: context))
        }
        let standard = standardItems[identifier]
        if identifier.hasPrefix("NSToolbar"), standard == nil {
            try context.unmodelled(
                .unsupportedAttribute, element, "AppKit's standard toolbar item \(identifier) is not modelled")
        }
        if element["sizingBehavior"] != nil || element["image"] != nil {
            // Xcode 13 pairs and LuLu's Preferences (8.3, with the era pass) show them; a later
            // Xcode's other item keys are still its own.
            _ = try context.modelledEra(
                for: element, "toolbar item images and sizing behavior",
                modelled: XcodeEra(8.3)..<AppKitEraRule.current, newest: XcodeEra(13))
        }
        let item = ArchivedObject("NSToolbarItem")
        context.track(item, id: element["id"], parent: toolbar)
        if let standard {
            guard element.children.isEmpty, element["label"] == nil, element["paletteLabel"] == nil else {
                throw context.error(
                    .unsupportedElement, element,
                    "a standard toolbar item with its own label, view or connections is not modelled")
            }
            encodeStandard(standard, identifier: identifier, into: item)
            return (identifier, item)
        }
        var viewElement: SourceElement?
        var sizes: [String: ArchivedObject] = [:]
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("size", let key?) where key == "minSize" || key == "maxSize":
                guard let width = child.number("width"), let height = child.number("height") else {
                    throw context.error(.invalidSource, child, "a toolbar item size needs a width and a height")
                }
                sizes[key] = .string(AppKitContext.text([width, height]))
            case (_, "view"): viewElement = child
            case ("connections", _): break
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> in a toolbar item is not modelled")
            }
        }
        let label = element["label"] ?? ""
        item.set("NSToolbarItemIdentifier", .string(identifier))
        item.set("NSToolbarItemLabel", .string(label))
        item.set("NSToolbarItemPaletteLabel", .string(element["paletteLabel"] ?? label))
        item.set("NSToolbarItemToolTip", .string(element["toolTip"] ?? ""))
        if let viewElement {
            item.set("NSToolbarItemView", try views.view(viewElement, superview: nil, parent: item))
        } else {
            item.set("NSToolbarItemView", .null)
        }
        let isButton = viewElement?.name == "button"
        let buttonCell = isButton ? viewElement?.child(key: "cell") : nil
        // A borderless button (IRIndexRecordWController's small square) is not bordered.
        let bordered = isButton && (context.era >= AppKitEraRule.current || buttonCell?["borderStyle"] != nil)
        item.set("NSToolbarItemBordered", .bool(bordered))
        if let image = element["image"] {
            item.set("NSToolbarItemImage", try AppKitImageRule.image(image, element: element, context: context))
        } else {
            item.set("NSToolbarItemImage", .null)
        }
        item.set("NSToolbarItemTitle", .string(buttonCell?["title"] ?? ""))
        item.set("NSToolbarItemTarget", .null)
        item.set("NSToolbarItemAction", .null)
        let zero = ArchivedObject.string("{0, 0}")
        // sizingBehavior="auto" (IRIndexRecordWController, small size mode): the view's size, or
        // {22, 22} for an image item, with the minimum and maximum ignored.
        let automatic = element["sizingBehavior"] == "auto"
        if let behavior = element["sizingBehavior"], !automatic || !sizes.isEmpty {
            try context.unmodelled(.unsupportedAttribute, element, "sizingBehavior \"\(behavior)\" is not modelled")
        }
        if automatic {
            let size: String
            if let viewElement {
                let frame = try ScrollViewRule.rect(viewElement, context)
                size = AppKitContext.text([frame[2], frame[3]])
            } else {
                guard element.parent?.parent?["sizeMode"] == "small"
                else {
                    throw context.error(
                        .unsupportedAttribute, element, "automatic sizing outside a small toolbar is not modelled")
                }
                size = "{22, 22}"
            }
            item.set("NSToolbarItemMinSize", .string(size))
            item.set("NSToolbarItemMaxSize", .string(size))
        } else {
            item.set("NSToolbarItemMinSize", sizes["minSize"] ?? zero)
            item.set("NSToolbarItemMaxSize", sizes["maxSize"] ?? zero)
        }
        item.set("NSToolbarItemIgnoreMinMaxSizes", .bool(automatic))
        item.set("NSToolbarItemEnabled", .bool(true))
        item.set("NSToolbarItemAutovalidates", .bool(true))
        let tag = try element["tag"].map { (text) throws(CompileError) -> Int in
            guard let value = Int(text).flatMap({ Int32(exactly: $0) }) else {
                throw context.error(.invalidSource, element, "the toolbar item tag must be an integer")
            }
            return Int(value)
        }
        item.set("NSToolbarItemTag", int: tag ?? 0)
        item.set("NSToolbarItemVisibilityPriority", int: 0)
        item.set("NSToolbarItemNavigational", .bool(false))
        item.set("NSToolbarIsUserRemovable", .bool(true))
        // Xcode 13 wrote no item style (IRIndexRecordWController).
        if context.era >= AppKitEraRule.current { item.set("NSToolbarItemStyle", int: 0) }
        return (identifier, item)
    }

    /// A space or flexible space item (``spaceItems``).
    private static func spaceItem(
        _ identifier: String, _ space: (className: String, paletteLabel: String, min: String, max: String),
        element: SourceElement, toolbar: ArchivedObject, context: AppKitContext
    ) -> ArchivedObject {
        let item = ArchivedObject(space.className)
        context.track(item, id: element["id"], parent: toolbar)
        item.set("NSToolbarItemIdentifier", .string(identifier))
        item.set("NSToolbarItemLabel", .string(""))
        item.set("NSToolbarItemPaletteLabel", .string(space.paletteLabel))
        item.set("NSToolbarItemToolTip", .null)
        item.set("NSToolbarItemView", .null)
        item.set("NSToolbarItemBordered", .bool(false))
        item.set("NSToolbarItemImage", .null)
        item.set("NSToolbarItemTitle", .string(""))
        item.set("NSToolbarItemTarget", .null)
        item.set("NSToolbarItemAction", .null)
        let older = context.era < XcodeEra(11) ? olderSpaceSizes[identifier] : nil
        item.set("NSToolbarItemMinSize", .string(older?.min ?? space.min))
        item.set("NSToolbarItemMaxSize", .string(older?.max ?? space.max))
        item.set("NSToolbarItemIgnoreMinMaxSizes", .bool(false))
        item.set("NSToolbarItemEnabled", .bool(true))
        item.set("NSToolbarItemAutovalidates", .bool(true))
        item.set("NSToolbarItemTag", int: -1)
        item.set("NSToolbarIsUserRemovable", .bool(true))
        item.set("NSToolbarItemVisibilityPriority", int: 0)
        item.set("NSToolbarItemNavigational", .bool(false))
        let menuItem = ArchivedObject("NSMenuItem")
        menuItem.set("NSIsDisabled", .bool(true))
        menuItem.set("NSIsSeparator", .bool(true))
        menuItem.set("NSAllowsKeyEquivalentLocalization", .bool(true))
        menuItem.set("NSAllowsKeyEquivalentMirroring", .bool(true))
        menuItem.set("NSTitle", .string(""))
        menuItem.set("NSKeyEquiv", .string(""))
        menuItem.set("NSKeyEquivModMask", int: 1 << 20)
        menuItem.set("NSMnemonicLoc", int: Int(Int32.max))
        let (on, mixed) = MenuRule.stateImages(context: context)
        menuItem.set("NSOnImage", on)
        menuItem.set("NSMixedImage", mixed)
        item.set("NSToolbarItemMenuFormRepresentation", menuItem)
        return item
    }

    /// The keys of one of AppKit's standard items.
    private static func encodeStandard(_ standard: StandardItem, identifier: String, into item: ArchivedObject) {
        let size = ArchivedObject("NSValue")
        size.set("NS.special", int: 2)
        size.set("NS.sizeval", .string(AppKitContext.text([standard.imageSize, standard.imageSize])))
        let image = ArchivedObject("NSCustomResource")
        image.set("NSClassName", .string("NSImage"))
        image.set("NSResourceName", .string(standard.image))
        image.set("IBNamespaceID", .null)
        image.set("IBDesignSize", size)
        image.set("IBDesignImageConfiguration", .null)
        item.set("NSToolbarItemIdentifier", .string(identifier))
        item.set("NSToolbarItemLabel", .string(standard.label))
        item.set("NSToolbarItemPaletteLabel", .string(standard.label))
        item.set("NSToolbarItemToolTip", .string(standard.toolTip))
        item.set("NSToolbarItemView", .null)
        item.set("NSToolbarItemBordered", .bool(true))
        item.set("NSToolbarItemImage", image)
        item.set("NSToolbarItemTitle", .string(""))
        item.set("NSToolbarItemTarget", .null)
        item.set("NSToolbarItemAction", .string(standard.action))
        item.set("NSToolbarItemMinSize", .string(standard.size))
        item.set("NSToolbarItemMaxSize", .string(standard.size))
        item.set("NSToolbarItemIgnoreMinMaxSizes", .bool(false))
        item.set("NSToolbarItemEnabled", .bool(true))
        item.set("NSToolbarItemAutovalidates", .bool(true))
        item.set("NSToolbarItemTag", int: -1)
        item.set("NSToolbarItemVisibilityPriority", int: 0)
        item.set("NSToolbarItemNavigational", .bool(false))
        item.set("NSToolbarIsUserRemovable", .bool(true))
        item.set("NSToolbarItemStyle", int: 0)
    }
}
