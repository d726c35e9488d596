import Foundation
import NibArchive

/// Stack views read backwards (``StackViewRule``): the arranged views are the subviews; the
/// beginning container and the decoding-order connector are the compiler's.
extension AppKitDecompilation {
    static let stackDistributions = inverted(StackViewRule.distributions)

    /// `<stackView>`'s attributes; returns the keys read.
    func stackView(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known: Set<String> = [
            "NSStackViewOrientation", "NSStackViewSecondaryAlignment", "NSStackViewAlignment",
            "NSStackViewdistribution", "NSStackViewHasEqualSpacing", "NSStackViewSpacing",
            "NSStackViewVerticalHugging", "NSStackViewHorizontalHugging", "NSStackViewDetachesHiddenViews",
            "NSStackViewHasFlatViewHierarchy",
        ]
        if let identifier = reader.string(index, "NSReuseIdentifierKey") {
            element.set("identifier", identifier)
            known.insert("NSReuseIdentifierKey")
        }
        if reader.integer(index, "NSStackViewOrientation") == 1 { element.set("orientation", "vertical") }
        let alignment = (
            reader.integer(index, "NSStackViewAlignment") ?? -1,
            reader.integer(index, "NSStackViewSecondaryAlignment") ?? -1
        )
        if let name = StackViewRule.alignments.first(where: { $0.value == alignment })?.key {
            element.set("alignment", name)
        } else {
            element.append(lost("NSStackView alignment", "stack alignment \(alignment)"))
        }
        let distribution = reader.integer(index, "NSStackViewdistribution") ?? 0
        if distribution != 0, let name = Self.stackDistributions[distribution] { element.set("distribution", name) }
        if let spacing = reader.number(index, "NSStackViewSpacing"), spacing != 8 {
            element.set("spacing", Self.number(spacing))
        }
        for (key, attribute) in [
            ("NSStackViewHorizontalHugging", "horizontalStackHuggingPriority"),
            ("NSStackViewVerticalHugging", "verticalStackHuggingPriority"),
        ] {
            if let value = reader.number(index, key), value != 250 { element.set(attribute, Self.number(value)) }
        }
        if reader.flag(index, "NSStackViewDetachesHiddenViews") == true { element.set("detachesHiddenViews", "YES") }
        for key in ["NSStackViewVerticalClippingResistance", "NSStackViewHorizontalClippingResistance"]
        where reader.number(index, key) == 1000 {
            known.insert(key)
        }
        let insets = DecompiledElement("edgeInsets", [("key", "edgeInsets")])
        for edge in ["left", "right", "top", "bottom"] {
            let key = "NSStackViewEdgeInsets.\(edge)"
            guard let value = reader.number(index, key) else { continue }
            known.insert(key)
            if value != 0 { insets.set(edge, Self.number(value)) }
        }
        if insets.attributes.count > 1 { element.append(insets) }
        // The beginning container lists the arranged views, with default spacing and priorities.
        if let container = reader.reference(index, "NSStackViewBeginningContainer"),
            reader.className(container) == "NSStackViewContainer",
            reader.elements(container, "NSStackViewContainerNonDroppedViews") == reader.elements(index, "NSSubviews"),
            case .nil? = reader.payload(container, "NSStackViewContainerViewToCustomAfterSpaceMap"),
            case .nil? = reader.payload(container, "NSStackViewContainerVisibilityPriorities")
        {
            visited.insert(container)
            known.insert("NSStackViewBeginningContainer")
        }
        return known
    }
}

/// Color wells read backwards (``ColorWellRule``).
extension AppKitDecompilation {
    /// `<colorWell>`: its tag and `<color key="color">`; returns the keys read.
    func colorWell(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known = controlAttributes(index, element).union(["NSDragTypes"])
        if reader.flag(index, "NSIsBordered") == true { known.insert("NSIsBordered") }
        if let color = reader.reference(index, "NSColor"), let colorElement = self.color(color, key: "color") {
            element.append(colorElement)
            known.insert("NSColor")
        }
        return known
    }
}

/// Accessibility and runtime attribute connectors read backwards.
extension AppKitDecompilation {
    static let accessibilityAttributes = Dictionary(
        AppKitAccessibilityRule.attributeTypes.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })

    /// An `NSNibAXAttributeConnector` as its view's `<accessibility>` attribute
    /// (``AppKitAccessibilityRule``); false when it has no source form.
    func accessibility(_ connector: Int) -> Bool {
        guard reader.className(connector) == "NSNibAXAttributeConnector",
            let view = reader.reference(connector, "AXDestinationArchiveKey"), let element = elements[view],
            let type = reader.string(connector, "AXAttributeTypeArchiveKey"),
            let name = Self.accessibilityAttributes[type],
            let value = reader.string(connector, "AXAttributeValueArchiveKey")
        else { return false }
        let accessibility = element.child("accessibility")
        guard accessibility[name] == nil else { return false }
        accessibility.set(name, value)
        return true
    }

    /// An `NSIBUserDefinedRuntimeAttributesConnector` as its object's
    /// `<userDefinedRuntimeAttributes>` (``AppKitRuntimeAttributeRule``): booleans, strings and
    /// colors; false when it has no source form.
    func runtimeAttributes(_ connector: Int) -> Bool {
        guard let object = reader.reference(connector, "NSObject"), let element = elements[object] else {
            return false
        }
        let keyPaths = reader.elements(connector, "NSKeyPaths")
        let values = reader.elements(connector, "NSValues")
        guard keyPaths.count == values.count, !keyPaths.isEmpty else { return false }
        let container = DecompiledElement("userDefinedRuntimeAttributes")
        for (keyPath, value) in zip(keyPaths, values) {
            guard let path = reader.string(at: keyPath) else { return false }
            let attribute = DecompiledElement("userDefinedRuntimeAttribute", [("keyPath", path)])
            if reader.className(value) == "NSNumber", let flag = reader.flag(value, "NS.boolval") {
                attribute.set("type", "boolean")
                attribute.set("value", flag ? "YES" : "NO")
            } else if let text = reader.string(at: value) {
                attribute.set("type", "string")
                attribute.set("value", text)
            } else if let color = self.color(value, key: "value") {
                attribute.set("type", "color")
                attribute.append(color)
            } else {
                return false
            }
            container.append(attribute)
        }
        guard !element.children.contains(where: { $0.name == "userDefinedRuntimeAttributes" }) else { return false }
        element.append(container)
        return true
    }
}

/// A view's constraints and layout guides read backwards (``LayoutGuideRule``,
/// ``ConstraintRule``).
extension AppKitDecompilation {
    /// `<viewLayoutGuide key=…>` for the view's system guides (`IBNSSafeAreaLayoutGuide`,
    /// `IBNSLayoutMarginsGuide`: an `IBNSViewAutolayoutGuide` of its type), the safe area's id
    /// the `NSLayoutGuide` constraints name; `<constraints>` for `NSViewConstraints`. Returns the
    /// keys read.
    func constraintsAndGuides(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known: Set<String> = []
        let constraints = reader.elements(index, "NSViewConstraints")
        if !constraints.isEmpty {
            let list = DecompiledElement("constraints")
            for constraint in constraints {
                guard reader.className(constraint) == "NSLayoutConstraint", let made = layoutConstraint(constraint)
                else {
                    list.append(lost("AppKit constraint", "the constraint object \(constraint)"))
                    continue
                }
                elements[constraint] = made
                list.append(made)
            }
            element.append(list)
            known.insert("NSViewConstraints")
        }
        let guides = reader.elements(index, "NSViewLayoutGuides")
        let safeArea = guides.first {
            reader.className($0) == "NSLayoutGuide"
                && reader.string($0, "NSLayoutGuideIdentifier") == "NSViewSafeAreaLayoutGuide"
        }
        for (key, name) in [("IBNSSafeAreaLayoutGuide", "safeArea"), ("IBNSLayoutMarginsGuide", "layoutMargins")] {
            guard let guide = reader.reference(index, key), reader.className(guide) == "IBNSViewAutolayoutGuide",
                reader.integer(guide, "IBNSLayoutGuideSystemType") == LayoutGuideRule.systemTypes[name]
            else { continue }
            let guideElement = DecompiledElement("viewLayoutGuide", [("key", name)])
            let target = name == "safeArea" ? safeArea ?? guide : guide
            guideElement.set("id", id(target))
            elements[target] = guideElement
            element.append(guideElement)
            if name == "safeArea", let safeArea, guides == [safeArea] { known.insert("NSViewLayoutGuides") }
        }
        return known
    }
}

/// Visual effect views read backwards (``AppKitVisualEffectViewRule``).
extension AppKitDecompilation {
    static let blendingModes = inverted(AppKitVisualEffectViewRule.blendingModes)
    static let effectStates = inverted(AppKitVisualEffectViewRule.states)
    static let materials = inverted(AppKitVisualEffectViewRule.materials)

    /// `<visualEffectView>`: blending mode, state and material, each always written (the rule
    /// takes no default); returns the keys read.
    func visualEffectView(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known: Set<String> = []
        for (key, attribute, table) in [
            ("NSVisualEffectViewBlendingMode", "blendingMode", Self.blendingModes),
            ("NSVisualEffectViewState", "state", Self.effectStates),
            ("NSVisualEffectViewMaterial", "material", Self.materials),
        ] {
            guard let value = reader.integer(index, key), let name = table[value] else { continue }
            element.set(attribute, name)
            known.insert(key)
        }
        let material = reader.integer(index, "NSVisualEffectViewMaterial")
        if reader.integer(index, "IBVisualEffectViewExternalMaterial") == material {
            known.insert("IBVisualEffectViewExternalMaterial")
        }
        if case .nil? = reader.payload(index, "NSVisualEffectViewMaskImage") {
            known.insert("NSVisualEffectViewMaskImage")
        }
        if reader.integer(index, "IBVisualEffectViewAppearanceType") == 0 {
            known.insert("IBVisualEffectViewAppearanceType")
        }
        return known
    }
}

/// Tab views read backwards (``AppKitTabViewRule``): the items and their views; the selected
/// item's view, archived where ibtool laid it out, lays out to itself.
extension AppKitDecompilation {
    static let tabTypes = inverted(AppKitTabViewRule.types)

    /// `<tabView>`'s attributes, font and `<tabViewItems>`; returns the keys read.
    func tabView(_ index: Int, _ element: DecompiledElement, depth: Int) -> Set<String> {
        var known: Set<String> = [
            "NSTvFlags", "NSAllowTruncatedLabels", "NSDrawsBackground", "NSTabViewItems", "NSSelectedTabViewItem",
            "NSNextKeyView", "NSFont",
        ]
        let flags = reader.integer(index, "NSTvFlags") ?? 0
        let sizeBits = AppKitTabViewRule.controlSizes["small"] ?? 0
        if let type = Self.tabTypes[flags & ~sizeBits], type != "topTabsBezelBorder" { element.set("type", type) }
        if Self.tabTypes[flags & ~sizeBits] == nil { element.append(lost("NSTabView.NSTvFlags", "tab flags \(flags)")) }
        if flags & sizeBits != 0 { element.set("controlSize", "small") }
        if reader.flag(index, "NSDrawsBackground") != true { element.set("drawsBackground", "NO") }
        if let font = reader.reference(index, "NSFont").flatMap({ self.font($0) }) {
            element.append(font)
        } else {
            known.remove("NSFont")
        }
        let items = reader.elements(index, "NSTabViewItems")
        if let selected = reader.reference(index, "NSSelectedTabViewItem"), selected != items.first {
            element.set("initialItem", id(selected))
        }
        let container = DecompiledElement("tabViewItems")
        for item in items {
            guard !visited.contains(item), reader.className(item) == "NSTabViewItem" else {
                container.append(lost("AppKit tab view item", "the tab view item object \(item)"))
                continue
            }
            visited.insert(item)
            let itemElement = DecompiledElement("tabViewItem")
            elements[item] = itemElement
            if let label = reader.string(item, "NSLabel") { itemElement.set("label", label) }
            if let identifier = reader.string(item, "NSIdentifier") { itemElement.set("identifier", identifier) }
            itemElement.set("id", id(item))
            if let view = reader.reference(item, "NSView"), !visited.contains(view),
                let viewElement = self.view(view, key: "view", depth: depth + 1, isContentView: true)
            {
                itemElement.append(viewElement)
            }
            var itemKnown: Set<String> = ["NSLabel", "NSIdentifier", "NSView", "NSTabView"]
            if let color = reader.reference(item, "NSColor"), reader.string(color, "NSColorName") == "controlColor" {
                itemKnown.insert("NSColor")
            }
            keepUnread(item, known: itemKnown, in: itemElement)
            container.append(itemElement)
        }
        element.append(container)
        return known
    }
}

/// Segmented controls read backwards (``AppKitSegmentedControlRule``).
extension AppKitDecompilation {
    static let trackingModes = inverted(AppKitSegmentedControlRule.trackingModes)
    static let segmentStyles = inverted(AppKitSegmentedControlRule.styles)
    static let segmentDistributions = inverted(AppKitSegmentedControlRule.distributions)

    /// `<segmentedControl>` and its `<segmentedCell key="cell">` with its `<segments>`; returns
    /// the keys read.
    func segmentedControl(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        let known = controlAttributes(index, element)
        guard let cell = reader.reference(index, "NSCell"), !visited.contains(cell) else { return known }
        visited.insert(cell)
        var cellClass = reader.className(cell)
        var cellCustom: String?
        if cellClass == "NSClassSwapper" {
            cellCustom = reader.string(cell, "NSClassName")
            cellClass = reader.string(cell, "NSOriginalClassName") ?? ""
        }
        guard cellClass == "NSSegmentedCell" else {
            element.append(lost("AppKit segmented cell \(cellClass)", "the \(cellClass) cell"))
            return known
        }
        let cellElement = DecompiledElement("segmentedCell", [("key", "cell")])
        elements[cell] = cellElement
        var cellKnown = Self.impliedTextCellKeys.union([
            "NSSegmentImages", "NSSelectedSegment", "NSTrackingMode", "NSSegmentStyle", "NSSegmentStyleSeparated",
            "NSSegmentDistribution",
        ])
        cellFlags(cell, cellElement, textBorders: true)
        if let mode = reader.integer(cell, "NSTrackingMode"), mode != 0, let name = Self.trackingModes[mode] {
            cellElement.set("trackingMode", name)
        }
        let style = reader.integer(cell, "NSSegmentStyle") ?? 1
        if style != 1, let name = Self.segmentStyles[style] { cellElement.set("style", name) }
        let distribution = reader.integer(cell, "NSSegmentDistribution") ?? 0
        if distribution != 0, let name = Self.segmentDistributions[distribution] {
            cellElement.set("segmentDistribution", name)
        }
        cellElement.set("id", id(cell))
        if let cellCustom { setCustomClass(cellCustom, on: cellElement) }
        appendFont(of: cell, to: cellElement, known: &cellKnown)
        let segments = DecompiledElement("segments")
        for item in reader.elements(cell, "NSSegmentImages") {
            guard reader.className(item) == "NSSegmentItem" else {
                segments.append(lost("AppKit segment", "the segment object \(item)"))
                continue
            }
            let segment = DecompiledElement("segment")
            if let label = reader.string(item, "NSSegmentItemLabel") {
                segment.set("label", label)
            } else {
                segment.append(DecompiledElement("nil", [("key", "label")]))
            }
            // Xcode writes the tool tip right after the label.
            if let toolTip = reader.string(item, "NSSegmentItemTooltip") { segment.set("toolTip", toolTip) }
            if let width = reader.number(item, "NSSegmentItemWidth") { segment.set("width", Self.number(width)) }
            var itemKnown: Set<String> = [
                "NSSegmentItemLabel", "NSSegmentItemWidth", "NSSegmentItemTag", "NSSegmentItemSelected",
                "NSSegmentItemImageScaling", "NSSegmentItemTooltip",
            ]
            if let image = reader.reference(item, "NSSegmentItemImage").flatMap({ self.image($0) }) {
                segment.set("image", image)
                itemKnown.insert("NSSegmentItemImage")
            }
            if let scaling = reader.integer(item, "NSSegmentItemImageScaling"), scaling != 0,
                let name = Self.imageScalings2[scaling]
            {
                segment.set("imageScaling", name)
            }
            if let tag = reader.integer(item, "NSSegmentItemTag"), tag != 0 { segment.set("tag", String(tag)) }
            if reader.flag(item, "NSSegmentItemSelected") == true { segment.set("selected", "YES") }
            if reader.flag(item, "NSSegmentItemDisabled") == true {
                segment.set("enabled", "NO")
                itemKnown.insert("NSSegmentItemDisabled")
            }
            keepUnread(item, known: itemKnown, in: segment)
            segments.append(segment)
        }
        cellElement.append(segments)
        keepUnread(cell, known: cellKnown, in: cellElement)
        element.append(cellElement)
        return known
    }
}

/// Window toolbars read backwards (``ToolbarRule``).
extension AppKitDecompilation {
    static let displayModes = inverted(ToolbarRule.displayModes)
    static let sizeModes = inverted(ToolbarRule.sizeModes)
    /// Item keys every toolbar item archives with a fixed value or one derived from others
    /// (``ToolbarRule``: the button view's border and title, the standard and space items).
    static let impliedToolbarItemKeys: Set<String> = [
        "NSToolbarItemIdentifier", "NSToolbarItemLabel", "NSToolbarItemPaletteLabel", "NSToolbarItemToolTip",
        "NSToolbarItemView", "NSToolbarItemBordered", "NSToolbarItemImage", "NSToolbarItemTitle",
        "NSToolbarItemTarget", "NSToolbarItemAction", "NSToolbarItemMinSize", "NSToolbarItemMaxSize",
        "NSToolbarItemIgnoreMinMaxSizes", "NSToolbarItemEnabled", "NSToolbarItemAutovalidates", "NSToolbarItemTag",
        "NSToolbarItemVisibilityPriority", "NSToolbarItemNavigational", "NSToolbarIsUserRemovable",
        "NSToolbarItemStyle", "NSToolbarItemMenuFormRepresentation",
    ]

    /// `<toolbar key="toolbar">` for the toolbar `index` of a window.
    func toolbar(_ index: Int, depth: Int) -> DecompiledElement {
        visited.insert(index)
        let element = DecompiledElement("toolbar", [("key", "toolbar")])
        elements[index] = element
        if let identifier = reader.string(index, "NSToolbarIdentifier") {
            element.set("implicitIdentifier", identifier)
        }
        if reader.flag(index, "NSToolbarAllowsUserCustomization") == false {
            element.set("allowsUserCustomization", "NO")
        }
        if reader.flag(index, "NSToolbarAutosavesConfiguration") == false {
            element.set("autosavesConfiguration", "NO")
        }
        if let mode = reader.integer(index, "NSToolbarDisplayMode"), mode != 0, let name = Self.displayModes[mode] {
            element.set("displayMode", name)
        }
        if let mode = reader.integer(index, "NSToolbarSizeMode"), mode != 0, let name = Self.sizeModes[mode] {
            element.set("sizeMode", name)
        }
        // Before Xcode 11 the separator is always archived, true by default.
        if let shows = reader.flag(index, "NSToolbarShowsBaselineSeparator"), era >= XcodeEra(11) || !shows {
            element.set("showsBaselineSeparator", shows ? "YES" : "NO")
        }
        element.set("id", id(index))
        let selectable = Set(reader.elements(index, "NSToolbarIBSelectableItems"))
        let allowed = DecompiledElement("allowedToolbarItems")
        for item in reader.elements(index, "NSToolbarIBAllowedItems") {
            allowed.append(toolbarItem(item, selectable: selectable.contains(item), depth: depth))
        }
        element.append(allowed)
        if reader.has(index, "NSToolbarIBDefaultItems") {
            let defaults = DecompiledElement("defaultToolbarItems")
            for item in reader.elements(index, "NSToolbarIBDefaultItems") {
                defaults.append(DecompiledElement("toolbarItem", [("reference", id(item))]))
            }
            element.append(defaults)
        }
        keepUnread(
            index,
            known: [
                "NSToolbarIdentifier", "NSToolbarDelegate", "NSToolbarPrefersToBeShown",
                "NSToolbarShowsBaselineSeparator", "NSToolbarAllowsUserCustomization",
                "NSToolbarAutosavesConfiguration", "NSToolbarDisplayMode", "NSToolbarSizeMode",
                "NSToolbarCenteredItemIdentifier", "NSToolbarIBIdentifiedItems", "NSToolbarIBAllowedItems",
                "NSToolbarIBDefaultItems", "NSToolbarIBSelectableItems",
            ], in: element)
        return element
    }

    /// One `<toolbarItem>`: AppKit's space and standard items by identifier alone, others with
    /// their label, palette label, tool tip, image, tag, sizes and view.
    func toolbarItem(_ index: Int, selectable: Bool, depth: Int) -> DecompiledElement {
        visited.insert(index)
        let element = DecompiledElement("toolbarItem")
        elements[index] = element
        let identifier = reader.string(index, "NSToolbarItemIdentifier") ?? ""
        element.set("implicitItemIdentifier", identifier)
        if ToolbarRule.spaceItems[identifier] != nil || ToolbarRule.standardItems[identifier] != nil {
            element.set("id", id(index))
            return element
        }
        let label = reader.string(index, "NSToolbarItemLabel") ?? ""
        if !label.isEmpty { element.set("label", label) }
        if let palette = reader.string(index, "NSToolbarItemPaletteLabel"), palette != label {
            element.set("paletteLabel", palette)
        }
        if let tip = reader.string(index, "NSToolbarItemToolTip"), !tip.isEmpty { element.set("toolTip", tip) }
        if let tag = reader.integer(index, "NSToolbarItemTag"), tag != 0 { element.set("tag", String(tag)) }
        if let image = reader.reference(index, "NSToolbarItemImage").flatMap({ self.image($0) }) {
            element.set("image", image)
        }
        let automatic = reader.flag(index, "NSToolbarItemIgnoreMinMaxSizes") == true
        if automatic { element.set("sizingBehavior", "auto") }
        if selectable { element.set("selectable", "YES") }
        element.set("id", id(index))
        if !automatic {
            for (key, name) in [("NSToolbarItemMinSize", "minSize"), ("NSToolbarItemMaxSize", "maxSize")] {
                guard let size = Self.numbers(reader.string(index, key)), size.count == 2, size != [0, 0] else {
                    continue
                }
                element.append(
                    DecompiledElement(
                        "size", [("key", name), ("width", Self.number(size[0])), ("height", Self.number(size[1]))]))
            }
        }
        if let view = reader.reference(index, "NSToolbarItemView"), !visited.contains(view),
            let viewElement = self.view(view, key: "view", depth: depth + 1, isContentView: false)
        {
            element.append(viewElement)
        }
        keepUnread(index, known: Self.impliedToolbarItemKeys, in: element)
        return element
    }
}

/// Split views read backwards (``SplitViewRule``): the panes are the subviews.
extension AppKitDecompilation {
    static let dividerStyles = inverted(SplitViewRule.dividerStyles)

    /// `<splitView>`'s attributes; from Xcode 15 the panes' clipping is the split view's, not
    /// theirs. Returns the keys read.
    func splitView(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known: Set<String> = ["NSIsVertical", "NSDividerStyle"]
        if reader.flag(index, "NSIsVertical") == true { element.set("vertical", "YES") }
        if let style = reader.integer(index, "NSDividerStyle"), let name = Self.dividerStyles[style] {
            element.set("dividerStyle", name)
        } else if reader.has(index, "NSDividerStyle") {
            known.remove("NSDividerStyle")
        }
        if let name = reader.string(index, "NSAutosaveName") {
            element.set("autosaveName", name)
            known.insert("NSAutosaveName")
        }
        if era >= XcodeEra(15) {
            for pane in reader.elements(index, "NSSubviews")
            where reader.flag(pane, "NSViewClipsToBoundsKeyName") == true
                && reader.integer(pane, "IBNSClipsToBounds") == 0
            {
                elements[pane]?.remove("clipsToBounds")
            }
        }
        return known
    }
}

/// Date pickers read backwards (``AppKitDatePickerRule``).
extension AppKitDecompilation {
    /// `<datePicker>` and its `<datePickerCell key="cell">`: flags, date, elements, font and
    /// colors; returns the keys read.
    func datePicker(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known = controlAttributes(index, element)
        if reader.flag(index, "presentsCalendarOverlay") == false { known.insert("presentsCalendarOverlay") }
        guard let cell = reader.reference(index, "NSCell"), !visited.contains(cell),
            reader.className(cell) == "NSDatePickerCell"
        else { return known }
        visited.insert(cell)
        let cellElement = DecompiledElement("datePickerCell", [("key", "cell")])
        elements[cell] = cellElement
        var cellKnown = Self.impliedTextCellKeys.union([
            "NSTimeInterval", "NSDatePickerElements", "NSDatePickerUseCurrentDateDuringDecoding",
        ])
        cellFlags(cell, cellElement, textBorders: true)
        cellElement.set("id", id(cell))
        appendFont(of: cell, to: cellElement, known: &cellKnown)
        if let date = reader.reference(cell, "NSContents"), reader.className(date) == "NSDate",
            let time = reader.number(date, "NS.time")
        {
            cellElement.append(
                DecompiledElement(
                    "date", [("key", "date"), ("timeIntervalSinceReferenceDate", Self.number(time))]))
        } else {
            cellKnown.remove("NSContents")
        }
        let flags = reader.integer(cell, "NSDatePickerElements") ?? 0
        let elementsElement = DecompiledElement("datePickerElements", [("key", "datePickerElements")])
        var modelled = 0
        for (names, bits) in AppKitDatePickerRule.elementBits where flags & bits == bits {
            for name in names { elementsElement.set(name, "YES") }
            modelled |= bits
        }
        if flags != modelled { cellElement.append(lost("NSDatePickerCell.NSDatePickerElements", "elements \(flags)")) }
        cellElement.append(elementsElement)
        appendColors(of: cell, to: cellElement, known: &cellKnown)
        keepUnread(cell, known: cellKnown, in: cellElement)
        element.append(cellElement)
        return known
    }
}

/// Matrices of button cells read backwards (``AppKitMatrixRule``).
extension AppKitDecompilation {
    /// A button cell of a matrix or a column, which takes its button's attributes itself.
    func ownButtonCell(_ cell: Int, key: String?) -> DecompiledElement? {
        let holder = DecompiledElement("buttonCell")
        guard let made = buttonCell(cell, key: key ?? "", control: holder, depth: 0, popUp: false) else { return nil }
        for (name, value) in holder.attributes { made.set(name, value) }
        if key == nil { made.remove("key") }
        return made
    }

    /// `<matrix>`: flags, sizes, background color, prototype and `<cells>` (one column, or one
    /// row of one-cell columns); returns the keys read.
    func matrix(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known = controlAttributes(index, element).union([
            "NSCellIsDiscardable", "NSNumRows", "NSNumCols", "NSCells", "NSCellSize", "NSIntercellSpacing",
            "NSMatrixFlags", "NSCellClass", "NSProtoCell", "NSSelectedRow", "NSSelectedCol", "NSBackgroundColor",
            "NSCellBackgroundColor",
        ])
        if let action = reader.reference(index, "NSCell") { visited.insert(action) }
        let flags = reader.integer(index, "NSMatrixFlags") ?? 0
        if flags & 0x0080_0000 == 0 { element.set("autosizesCells", "NO") }
        if flags & 0x1000_0000 == 0 { element.set("allowsEmptySelection", "NO") }
        if flags & ~0x5480_0000 != 0 { element.append(lost("NSMatrix.NSMatrixFlags", "matrix flags \(flags)")) }
        if let color = reader.reference(index, "NSBackgroundColor").flatMap({ self.color($0, key: "backgroundColor") })
        {
            element.append(color)
        } else {
            known.remove("NSBackgroundColor")
        }
        for (key, name) in [("NSCellSize", "cellSize"), ("NSIntercellSpacing", "intercellSpacing")] {
            guard let size = Self.numbers(reader.string(index, key)), size.count == 2 else { continue }
            element.append(
                DecompiledElement(
                    "size", [("key", name), ("width", Self.number(size[0])), ("height", Self.number(size[1]))]))
        }
        if let prototype = reader.reference(index, "NSProtoCell"), !visited.contains(prototype),
            let made = ownButtonCell(prototype, key: "prototype")
        {
            element.append(made)
        }
        let rows = reader.integer(index, "NSNumRows") ?? 0
        let columns = reader.integer(index, "NSNumCols") ?? 0
        let cells = reader.elements(index, "NSCells")
        let (size, overflow) = rows.multipliedReportingOverflow(by: columns)
        guard columns == 1 || rows == 1, !overflow, cells.count == size else {
            element.append(lost("AppKit matrix shape", "a \(rows) × \(columns) matrix"))
            return known
        }
        let container = DecompiledElement("cells")
        var column = DecompiledElement("column")
        for cell in cells {
            guard !visited.contains(cell), let made = ownButtonCell(cell, key: nil) else { continue }
            if rows == 1, !column.children.isEmpty {
                container.append(column)
                column = DecompiledElement("column")
            }
            column.append(made)
        }
        if !column.children.isEmpty { container.append(column) }
        element.append(container)
        return known
    }
}

/// Bindings read backwards (``AppKitConnectionRule/binding(_:source:context:)``).
extension AppKitDecompilation {
    /// `<binding>` for an `NSNibBindingConnector` to `destination`: name, key path, the option
    /// dictionary (booleans, integers, strings) and the binding it follows; nil for one whose
    /// label is not "name: keyPath" or whose options have another type.
    func binding(_ connector: Int, _ destination: Int) -> DecompiledElement? {
        guard let name = reader.string(connector, "NSBinding"), let keyPath = reader.string(connector, "NSKeyPath"),
            reader.string(connector, "NSLabel") == "\(name): \(keyPath)",
            reader.integer(connector, "NSNibBindingConnectorVersion") == 2
        else { return nil }
        let element = DecompiledElement(
            "binding", [("destination", id(destination)), ("name", name), ("keyPath", keyPath)])
        if let previous = reader.reference(connector, "NSPreviousConnector") {
            element.set("previousBinding", id(previous))
        }
        element.set("id", id(connector))
        if let options = reader.reference(connector, "NSOptions") {
            let dictionary = DecompiledElement("dictionary", [("key", "options")])
            for (key, value) in reader.pairs(at: options) {
                guard let keyText = reader.string(at: key) else { return nil }
                if let text = reader.string(at: value) {
                    let entry = DecompiledElement("string", [("key", keyText)])
                    entry.text = text
                    dictionary.append(entry)
                } else if reader.className(value) == "NSNumber", let flag = reader.flag(value, "NS.boolval") {
                    dictionary.append(DecompiledElement("bool", [("key", keyText), ("value", flag ? "YES" : "NO")]))
                } else if reader.className(value) == "NSNumber", let number = reader.integer(value, "NS.intval") {
                    dictionary.append(DecompiledElement("integer", [("key", keyText), ("value", String(number))]))
                } else {
                    return nil
                }
            }
            element.append(dictionary)
        }
        return element
    }
}
