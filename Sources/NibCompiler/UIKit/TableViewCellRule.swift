/// `<tableViewCell>` → `UITableViewCell` with its `UITableViewCellContentView` and the
/// separator view ibtool generates; a prototype cell becomes a nested nib in a `UINib`.
enum TableViewCellRule {
    static let attributes: Set<String> = [
        "id", "contentMode", "selectionStyle", "hidesAccessoryWhenEditing", "indentationLevel", "indentationWidth",
        "reuseIdentifier", "restorationIdentifier", "customClass", "customModule", "customModuleProvider", "rowHeight",
        "opaque", "translatesAutoresizingMaskIntoConstraints", "clipsSubviews", "preservesSuperviewLayoutMargins",
        "userInteractionEnabled", "accessoryType", "style", "textLabel", "detailTextLabel", "imageView",
        "insetsLayoutMarginsFromSafeArea", "tag", "hidden",
        // Interface Builder's canvas sizes and the document outline's label, not archived.
        "userLabel",
        "placeholderIntrinsicWidth", "placeholderIntrinsicHeight",
    ]
    static let selectionStyles: [String: Int] = ["none": 0, "blue": 1, "gray": 2, "default": 3]
    /// `UITableViewCell.AccessoryType`.
    static let accessoryTypes: [String: Int] = [
        "none": 0, "disclosureIndicator": 1, "detailDisclosureButton": 2, "checkmark": 3, "detailButton": 4,
    ]
    /// Interface Builder's cell styles → `UITableViewCell.CellStyle`.
    static let cellStyles: [String: Int] = [
        "IBUITableViewCellStyleDefault": 0, "IBUITableViewCellStyleValue1": 1, "IBUITableViewCellStyleValue2": 2,
        "IBUITableViewCellStyleSubtitle": 3,
    ]

    /// A `UINib` whose `archiveData` is the cell compiled as its own nib.
    static func prototypeNib(_ element: SourceElement, context outer: UIKitContext, resources: UIKitResources)
        throws(CompileError) -> (nib: ArchivedObject, externalObjects: ArchivedObject)
    {
        try PrototypeNib.nib(element, context: outer) { context throws(CompileError) in
            try self.cell(element, context: context, resources: resources, isPrototype: true)
        }
    }

    /// Where ibtool's generated separator starts: 15 points in before Xcode 13; from Xcode 13,
    /// UIView's default layout margin, 8, for a cell alone or in a plain or grouped table (every
    /// separator of the duckduckgo pairs, Xcode 13.2, and of the corpus's nibs with iOS 14 SDK
    /// keys: kiralab, 0senno, ertmuirm), still 15 in an inset grouped table (Umarovm's 28, whose
    /// cells are the table's width less 40).
    static func separatorInset(_ element: SourceElement, context: UIKitContext) -> Double {
        guard context.era.writesModernTableKeys else { return 15 }
        var ancestor = element.parent
        while let node = ancestor, node.name != "tableView" { ancestor = node.parent }
        return ancestor?["style"] == "insetGrouped" ? 15 : 8
    }

    /// The background view and color UIKit's iOS 14 SDK gives a cell whose selection style is
    /// `none` and that has no background color of its own: every such cell of the duckduckgo
    /// pairs (Xcode 13.2; nine, in xibs, storyboard prototypes and static tables, plain and
    /// grouped) and of Umarovm's nibs (Xcode 12, without the iOS 15 SDK's image keys) archives a `_UISystemBackgroundView` with the default list-cell
    /// `UIBackgroundConfiguration`, and the configuration's color, `tableCellPlainBackgroundColor`,
    /// as its compatibility `UIBackgroundColor`; the other 87 cells (a background color, or
    /// another selection style) archive nil. The color and the clear stroke are one object each
    /// per nib.
    static func systemBackgroundView(_ element: SourceElement, background: SourceElement?, context: UIKitContext)
        -> (view: ArchivedObject, color: ArchivedObject)?
    {
        guard context.era.writesCellConfigurationKeys, element["selectionStyle"] == "none", background == nil,
            let frame = element.child("rect", key: "frame")
        else { return nil }
        // The background view covers the cell in whole points, its size rounded up: 43.5,
        // 43.67 and 44.33 high cells have 44, 44 and 45 high background views, whole sizes
        // their own (the 12 background views of the duckduckgo pairs, Xcode 13.2).
        let width = (frame.number("width") ?? 0).rounded(.up)
        let height = (frame.number("height") ?? 0).rounded(.up)
        let color = ColorRule.grayColor(white: 1, alpha: 1, systemName: "tableCellPlainBackgroundColor")
        color.sharingKey = "color:uikit:tableCellPlainBackgroundColor"
        let clear = ColorRule.grayColor(white: 0, alpha: 0, systemName: "clearColor")
        clear.sharingKey = "color:uikit:clearColor"
        let configuration = backgroundConfiguration(color: color, stroke: clear, defaultStyle: 1, era: context.era)
        let view = ArchivedObject("_UISystemBackgroundView")
        view.set("UIBounds", ArchivedObject.geometry([0, 0, width, height]))
        view.set("UICenter", ArchivedObject.geometry([width / 2, height / 2]))
        view.set("UIDeepDrawRect", .bool(true))
        view.set("UIOpaque", .bool(true))
        view.set("UIAutoresizeSubviews", .bool(true))
        view.set("UIViewSemanticContentAttribute", int: 0)
        view.set("UIViewLargeContentStoredProperties", .null)
        view.set("configurationAPI", configuration)
        return (view, color)
    }

    /// A `UIBackgroundConfiguration` with UIKit's defaults but its color, stroke color and
    /// default style, in the form of `era`'s SDK. The class's coder writes the same keys
    /// whatever configuration it holds, so the forms come from every archived one: cells'
    /// (Umarovm, Xcode 12: the iOS 14 SDK's; the duckduckgo pairs, 13.2: adds the iOS 15 SDK's
    /// `image`, `imageContentMode`) and buttons' (man12nam, 14 era: adds `strokeLocation` and
    /// `hasCustomized-maskedCorners`; 0senno's nine, 16 era: adds `visualEffectGroupName`,
    /// `visualEffectblurClippingMode` and `defaultStyle_v2`, drops `shadowType`). The new
    /// style of the iOS 18 SDK (`defaultStyle_v2`) is 0 for buttons' configurations, whose
    /// `defaultStyle` is 0; a cell's, whose `defaultStyle` is 1, is assumed to keep the value
    /// (no nib of the 16 era shows a cell's).
    static func backgroundConfiguration(
        color: ArchivedObject, stroke: ArchivedObject, defaultStyle: Int, era: XcodeEra
    ) -> ArchivedObject {
        let hasImage = era.writesModernTableKeys
        let isSDK16 = era.writesFontDescriptorOptions
        let isSDK18 = era.writesBackgroundStyleV2
        let configuration = ArchivedObject("UIBackgroundConfiguration")
        configuration.set("customView", .null)
        configuration.set("cornerRadius", .float64(0))
        configuration.set("maskedCorners", int: 15)
        configuration.set("backgroundColor", color)
        configuration.set("backgroundColorTransformerIdentifier", int: 0)
        configuration.set("visualEffect", .null)
        if isSDK18 {
            configuration.set("visualEffectGroupName", .null)
            configuration.set("visualEffectblurClippingMode", int: 0)
        }
        if hasImage {
            configuration.set("image", .null)
            configuration.set("imageContentMode", int: 0)
        }
        configuration.set("backgroundInsets", .string("{0, 0, 0, 0}"))
        configuration.set("edgesAddingLayoutMarginsToBackgroundInsets", int: 0)
        configuration.set("strokeColor", stroke)
        configuration.set("strokeColorTransformerIdentifier", int: 0)
        configuration.set("strokeWidth", .float64(0))
        configuration.set("strokeOutset", .float64(0))
        if isSDK16 { configuration.set("strokeLocation", int: 0) }
        if isSDK18 {
            configuration.set("defaultStyle_v2", int: defaultStyle)
        } else {
            configuration.set("shadowType", int: 0)
        }
        configuration.set("defaultStyle", int: defaultStyle)
        var customizable = [
            "customView", "cornerRadius", "backgroundInsets", "edgesAddingLayoutMarginsToBackgroundInsets",
            "backgroundColor", "backgroundColorTransformerIdentifier", "visualEffect",
        ]
        if isSDK18 { customizable.append("visualEffectGroupName") }
        if hasImage { customizable += ["image", "imageContentMode"] }
        customizable += ["strokeColor", "strokeColorTransformerIdentifier", "strokeWidth", "strokeOutset"]
        if isSDK16 { customizable.append("maskedCorners") }
        for property in customizable { configuration.set("hasCustomized-" + property, .bool(false)) }
        return configuration
    }

    /// The cell for `element`: a prototype (the top-level view of its own nib), a cell placed in
    /// a view, or (`isTopLevel`) a top-level object of a xib.
    static func cell(
        _ element: SourceElement, context: UIKitContext, resources: UIKitResources, isPrototype: Bool,
        isTopLevel: Bool = false
    )
        throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys where !attributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "table view cell attribute \(name) is not modelled")
        }
        // hidesAccessoryWhenEditing archives nothing either way in the pairs (NO: mobilewits,
        // absent: Aura).
        // A content mode other than scaleToFill archives as any view's, after the autoresizing
        // mask (Umarovm's seven bottom-aligned static cells, Xcode 12: `UIContentMode` 6 between
        // `UIAutoresizeSubviews` and `UIClipsToBounds`).
        var contentMode = 0
        if let mode = element["contentMode"], let code = ViewEncoder.contentModes[mode] {
            contentMode = code
        } else {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "table view cell contentMode \"\(element["contentMode"] ?? "")\" is unknown; archived as scaleToFill")
        }
        let cell = ArchivedObject("UITableViewCell")
        if isPrototype {
            if let id = element["id"] { context.objectsByID[id] = cell }
        } else {
            context.track(cell, id: element["id"])
        }
        guard let frame = element.child("rect", key: "frame"),
            let contentElement = element.child(key: "contentView"),
            ["tableViewCellContentView", "view"].contains(contentElement.name)
        else {
            throw context.error(.invalidSource, element, "the cell needs a frame and a content view")
        }
        // The cell's own colors, as any view's (duckduckgo's Autocomplete cells, Xcode 13.2).
        let background = element.child("color", key: "backgroundColor")
        let tint = element.child("color", key: "tintColor")
        let safeArea = element.child("viewLayoutGuide", key: "safeArea")
        for child in element.children
        where !["rect", "autoresizingMask", "connections"].contains(child.name) && child !== contentElement
            && child !== background && child !== tint && child !== safeArea
            // Interface Builder's canvas position and translators' notes: never archived.
            && !(child.name == "point" && child["key"] == "canvasLocation")
            && !(child.name == "attributedString" && child["key"] == "userComments")
        {
            switch (child.name, child["key"]) {
            // A cell is a view: its runtime attributes and accessibility are applied at load as
            // any view's are (RuntimeAttributeRule, AccessibilityRule).
            case ("userDefinedRuntimeAttributes", _):
                try RuntimeAttributeRule.schedule(child, object: cell, context: context, resources: resources)
            case ("accessibility", "accessibilityConfiguration"):
                try AccessibilityRule.configure(child, view: cell, id: element["id"], context: context)
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a table view cell is not modelled")
            }
        }
        let width = frame.number("width") ?? 0
        let height = frame.number("height") ?? 0
        let doesNotTranslate = element["translatesAutoresizingMaskIntoConstraints"] == "NO"
        // A cell that does not translate its mask archives the default mask, whatever the source says.
        let mask =
            doesNotTranslate
            ? 36 : element.child("autoresizingMask", key: "autoresizingMask").map(AutoresizingRule.mask) ?? 36
        let encoder = ViewEncoder(context: context, resources: resources)
        // Xcode 5 documents write the content view as `<view key="contentView">`.
        // An Xcode 5 `<view key="contentView">` is archived with the cell's bounds (its source
        // frame leaves out the separator: 50.5 for a 51 cell); a `<tableViewCellContentView>`
        // keeps its own frame (43 in a 44 cell, Aura).
        let content = try encoder.encode(
            contentElement, frameOverride: contentElement.name == "view" ? [0, 0, width, height] : nil,
            kind: "tableViewCellContentView")
        // A styled cell's own labels are UIKit's UITableViewLabel (every styled cell of the
        // duckduckgo pairs and of the corpus's nibs: 68 text labels, 6 detail labels).
        let styleViews = ["textLabel", "detailTextLabel", "imageView"].map { name in
            element[name].flatMap { context.objectsByID[$0] }
        }
        for label in styleViews.prefix(2).compactMap({ $0 }) where label.className == "UILabel" {
            label.swapClass("UITableViewLabel")
            // A cell's own label with attributed text stops following the trait collection's
            // text color, where a free attributed label does not (Xcode 13.2: duckduckgo's two
            // attributed UITableViewLabels, Feedback's CategoryCell and PrivacyProtection's
            // PracticesCell, archive true; its 69 other attributed labels false).
            if label.has("UIAttributedText"), label.has("UIDisableUpdateTextColorOnTraitCollectionChange") {
                label.replace("UIDisableUpdateTextColorOnTraitCollectionChange", .bool(true))
            }
        }
        // A clear background on the content view (its default) is not archived before Xcode 13
        // (duckduckgo's cells, Xcode 13.2, archive it).
        if let clear = contentElement.child("color", key: "backgroundColor"), clear.number("alpha") == 0,
            !context.era.writesModernTableKeys
        {
            content.remove("UIBackgroundColor")
        }
        // The cell's own safe area, as any view's (SafeAreaRule), from Xcode 13: its placeholder
        // guide is listed right after the content view, before the content's subviews
        // (duckduckgo's cells, Xcode 13.2: BrowsingMenuEntryViewCell, PrivacyProtectionHeaderCell).
        // Xcode 10.1 leaves it out (zbrateam's cell).
        if let safeArea, context.era.writesModernTableKeys {
            try SafeAreaRule.encode(safeArea, view: cell, context: context)
            if let placeholder = context.allObjects.last, placeholder.className == "UILayoutGuide",
                let index = context.allObjects.firstIndex(where: { $0 === content })
            {
                context.allObjects.removeLast()
                context.allObjects.insert(placeholder, at: index + 1)
            }
        }
        let separator = ArchivedObject("_UITableViewCellSeparatorView")
        let inset = separatorInset(element, context: context)
        // One point high. Half a point in zbrateam's cell (Xcode 10.1) and xuyuntest's 45 (Xcode
        // 9 or 10), where chadanewsom's (Xcode 9 or 10 too: safe area guides, no iOS 13 SDK keys)
        // and the duckduckgo pairs' 150 (Xcode 13.2) are a full point, all on 2× simulated
        // devices: the Mac that ran ibtool (a Retina display?) decides, which no source says.
        let lineHeight = 1.0
        separator.set("UIBounds", ArchivedObject.geometry([0, 0, width - inset, lineHeight]))
        separator.set("UICenter", ArchivedObject.geometry([inset + (width - inset) / 2, height - lineHeight / 2]))
        // The separator and the cell are views like any other: UIDeepDrawRect from Xcode 8
        // (zbrateam's cell, Xcode 10; duckduckgo's, Xcode 13.2), the large-content key from 11
        // (duckduckgo).
        if context.era.writesDeepDrawRect { separator.set("UIDeepDrawRect", .bool(true)) }
        separator.set("UIOpaque", .bool(true))
        separator.set("UIAutoresizeSubviews", .bool(true))
        if context.era.writesSemanticContentAttribute { separator.set("UIViewSemanticContentAttribute", int: 0) }
        if context.era.writesLargeContentProperties { separator.set("UIViewLargeContentStoredProperties", .null) }
        cell.set("UIBounds", ArchivedObject.geometry([0, 0, width, height]))
        // A prototype is the top-level view of its own nib: its position in the table is dropped
        // up to Xcode 10; Xcode 13 keeps it (duckduckgo's Autocomplete prototypes: centers 51
        // and 97 for frames at y 28 and 74).
        let keepsPosition = !isPrototype || context.era.writesModernTableKeys
        let origin = keepsPosition ? (frame.number("x") ?? 0, frame.number("y") ?? 0) : (0.0, 0.0)
        cell.set("UICenter", ArchivedObject.geometry([origin.0 + width / 2, origin.1 + height / 2]))
        cell.set("UISubviews", .collection("NSMutableArray", [content, separator]))
        // A cell that is a top-level object of a xib gets the cell background UIKit gives cells
        // outside a table in Xcode 7 output (Aura), not in Xcode 10's (zbrateam); nothing
        // between shows which, so the change is put at 10.
        let namesTopLevelBackground = isTopLevel && context.era < XcodeEra(10) && background == nil
        let backgroundColor: ArchivedObject? =
            if let background {
                // Wrapped when chromatic, as any view's background (``ColorRule/backgroundColor(_:in:)``:
                // Umarovm's systemRed static cell, Xcode 12).
                try context.recovered({ () throws(CompileError) in
                    try ColorRule.backgroundColor(background, in: context)
                })
            } else {
                nil
            }
        let systemBackground = systemBackgroundView(element, background: background, context: context)
        if let backgroundColor {
            cell.set("UIBackgroundColor", backgroundColor)
        } else if let systemBackground {
            cell.set("UIBackgroundColor", systemBackground.color)
            cell.set("UIDidEncodeCompatibilityBackgroundColor", .bool(true))
        } else if namesTopLevelBackground {
            cell.set("UIBackgroundColor", ColorRule.namedSystemColor("tableCellBackgroundColor"))
        }
        if context.era.writesDeepDrawRect { cell.set("UIDeepDrawRect", .bool(true)) }
        cell.setFlag("UIOpaque", element["opaque"] != "NO")
        // A cell is a view: hidden as any view is (duckduckgo Settings' hidden static cell).
        cell.setFlag("UIHidden", element.flag("hidden"))
        cell.setFlag("UIUserInteractionDisabled", element["userInteractionEnabled"] == "NO")
        // The tag follows the opaque flag, as any view's (the corpus's two tagged cells).
        if let tagText = element["tag"] {
            if let tag = Int(tagText), tag != 0 {
                cell.set("UITag", int: tag)
            } else if Int(tagText) == nil {
                try context.unmodelled(.invalidSource, element, "tag \"\(tagText)\" is not an integer; left out")
            }
        }
        cell.set("UIAutoresizeSubviews", .bool(true))
        if mask != 0 { cell.set("UIAutoresizingMask", int: mask) }
        if contentMode != 0 { cell.set("UIContentMode", int: contentMode) }
        cell.setFlag("UIClipsToBounds", element.flag("clipsSubviews"))
        cell.setFlag("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", doesNotTranslate)
        cell.setFlag("UIViewPreservesSuperviewMargins", element.flag("preservesSuperviewLayoutMargins"))
        if element.flag("preservesSuperviewLayoutMargins"), context.era.writesSpecificSuperviewMargins {
            cell.set("UIViewPreservesSpecificSuperviewMargins", int: 15)
        }
        if element["insetsLayoutMarginsFromSafeArea"] == "NO" {
            cell.set("UIViewInsetsLayoutMarginsFromSafeArea", int: 0)
        }
        if context.era.writesSemanticContentAttribute { cell.set("UIViewSemanticContentAttribute", int: 0) }
        if let tint,
            let color = try context.recovered({ () throws(CompileError) in try ColorRule.color(tint, in: context) })
        {
            cell.set("UITintColor", color)
        }
        if context.era.writesLargeContentProperties { cell.set("UIViewLargeContentStoredProperties", .null) }
        // Seen in Xcode 6 output only: on the cell, and on a prototype's content view.
        if context.era < XcodeEra(7) {
            cell.set("UIViewPreservesSuperviewMargins", .bool(true))
            // Not on the content views of documents saved by Xcode 5.
            if isPrototype, element.savedBy >= XcodeEra(6), !content.has("UIViewPreservesSuperviewMargins") {
                content.set("UIViewPreservesSuperviewMargins", .bool(true))
            }
        }
        if let restoration = element["restorationIdentifier"] {
            cell.set("UIRestorationIdentifier", .string(restoration))
        }
        if let reuse = element["reuseIdentifier"] { cell.set("UIReuseIdentifier", .string(reuse)) }
        // The style (default 0 left out) and the accessory, in this order before the
        // indentation width (the corpus's styled cells: Value1 1, Subtitle 3; disclosure
        // indicator 1, checkmark 3).
        if let style = element["style"] {
            if let code = cellStyles[style] {
                if code != 0 { cell.set("UITableViewCellStyle", int: code) }
            } else {
                try context.unmodelled(.unsupportedAttribute, element, "table view cell style \"\(style)\" is unknown")
            }
        }
        if let level = element["indentationLevel"].flatMap(Int.init), level != 0 {
            cell.set("UIIndentationLevel", int: level)
        }
        if let style = element["selectionStyle"] {
            guard let code = selectionStyles[style] else {
                throw context.error(.unsupportedAttribute, element, "selectionStyle \"\(style)\" is unknown")
            }
            if code != 3 { cell.set("UISelectionStyle", int: code) }
        }
        if let accessory = element["accessoryType"] {
            if let code = accessoryTypes[accessory] {
                if code != 0 { cell.set("UIAccessoryType", int: code) }
            } else {
                try context.unmodelled(
                    .unsupportedAttribute, element, "table view cell accessoryType \"\(accessory)\" is unknown")
            }
        }
        // From Xcode 12 the indentation width is written even at its default, 10 (duckduckgo's
        // cells, Xcode 13.2; Umarovm's, Xcode 12); earlier output leaves 10 out (zbrateam, Xcode 10).
        if let indentation = element.number("indentationWidth"),
            indentation != 10 || context.era.writesCellConfigurationKeys
        {
            guard indentation.isFinite, abs(indentation) <= Double(Float.greatestFiniteMagnitude) else {
                throw context.error(.invalidSource, element, "indentationWidth \"\(indentation)\" is not a width")
            }
            cell.set("UIIndentationWidth", .float32(Float(indentation)))
        }
        // A background set on the cell (in the source, or UIKit's for a top-level cell) sets
        // UIKit's flag too (Aura; duckduckgo's Autocomplete cells).
        if namesTopLevelBackground || backgroundColor != nil { cell.set("UITableCellBackgroundColorSet", .bool(true)) }
        // The iOS 14 SDK's content configuration and background slots, nil (every cell of the
        // duckduckgo pairs, Xcode 13.2, and of Umarovm's nibs, Xcode 12).
        if context.era.writesCellConfigurationKeys {
            cell.set("UISystemBackgroundView", systemBackground.map { .object($0.view) } ?? .null)
            if context.era.writesContentConfigurationIdentifier { cell.set("UIContentConfigurationIdentifier", .null) }
            cell.set("UIContentConfigurationView", .null)
        }
        cell.set("UIContentView", content)
        for (key, view) in zip(["UITextLabel", "UIDetailTextLabel", "UIImageView"], styleViews) {
            cell.set(key, view.map { .object($0) } ?? .null)
        }
        return try ClassSwapRule.wrap(cell, element: element, context: context)
    }
}
