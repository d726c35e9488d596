/// `<button>` → `UIButton`: per-state `UIButtonContent` (title, title and shadow colors,
/// images) in `UIButtonStatefulContent`, the button type, and the font (system 15 points when
/// the source names none, as Interface Builder's default).
enum ButtonRule {
    static let rule = ViewRule(
        className: "UIButton",
        attributes: [
            "buttonType", "lineBreakMode", "contentHorizontalAlignment", "contentVerticalAlignment", "enabled",
            "selected", "highlighted", "hasAttributedTitle", "reversesTitleShadowWhenHighlighted",
            "adjustsImageWhenHighlighted", "adjustsImageWhenDisabled", "showsTouchWhenHighlighted",
        ],
        children: ["state", "fontDescription", "color", "inset", "buttonConfiguration"],
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    static let types: [String: Int] = [
        "custom": 0, "system": 1, "roundedRect": 1, "detailDisclosure": 2, "infoLight": 3, "infoDark": 4,
        "contactAdd": 5,
    ]
    static let states: [String: Int] = ["normal": 0, "highlighted": 1, "disabled": 2, "selected": 4]
    static let horizontal: [String: Int] = ["center": 0, "left": 1, "right": 2, "fill": 3, "leading": 4, "trailing": 5]
    static let vertical: [String: Int] = ["center": 0, "top": 1, "bottom": 2, "fill": 3]

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        if element["highlighted"] != nil {
            try context.unmodelled(.unsupportedAttribute, element, "button attribute highlighted is not modelled")
        }
        // UIControl's disabled flag, before the control's alignments: the corpus's three disabled
        // buttons (0senno, COVIDSAFE), a switch and a refresh control archive UIDisabled true
        // after the view keys.
        if element["enabled"] == "NO" { object.set("UIDisabled", .bool(true)) }
        // UIControl's selected flag, at the same place: the corpus's 22 selected buttons
        // (Google61's SocialClub, xuyuntest's cells; Xcode 8 to 10) archive UISelected true right
        // after the view keys, before the button's content.
        if element["selected"] == "YES" { object.set("UISelected", .bool(true)) }
        var lineBreakMode: Int?
        if let mode = element["lineBreakMode"] {
            guard let code = LabelRule.lineBreakModes[mode] else {
                throw context.error(.unsupportedAttribute, element, "button lineBreakMode \"\(mode)\" is unknown")
            }
            // A button's default is middle truncation, which is not archived.
            if code != 5 { lineBreakMode = code }
        }
        // UIControl's content alignments, before the button's own keys, center left out: the
        // order and codes UISegmentedControl's pairs show for the same UIControl keys, and
        // UIContentHorizontalAlignment 5 for "trailing" before UIButtonStatefulContent in
        // duckduckgo's ActionMessageView (Xcode 13.2) and 1 for "left" in 0senno-atmosphere.
        for (name, table, key) in [
            ("contentVerticalAlignment", vertical, "UIContentVerticalAlignment"),
            ("contentHorizontalAlignment", horizontal, "UIContentHorizontalAlignment"),
        ] {
            guard let value = element[name] else { continue }
            guard let code = table[value] else {
                throw context.error(.unsupportedAttribute, element, "\(name)=\"\(value)\" is unknown")
            }
            if code != 0 { object.set(key, int: code) }
        }
        var configuration: ArchivedObject?
        if let source = element.child("buttonConfiguration", key: "configuration") {
            if context.era.writesButtonConfiguration {
                configuration = try context.recovered { () throws(CompileError) in
                    try ButtonConfigurationRule.configuration(
                        source, button: element, context: context, resources: resources)
                }
            } else {
                try context.unmodelled(
                    .unsupportedElement, source,
                    "a button configuration (iOS 15 SDK) before Xcode 13 is not modelled; left out")
            }
        }
        var contents: [(ArchivedObject, ArchivedObject)] = []
        var attributedFont: ArchivedObject?
        for state in element.children(named: "state") {
            guard let key = state["key"], let code = states[key] else {
                throw context.error(.unsupportedAttribute, state, "button state \"\(state["key"] ?? "")\" is unknown")
            }
            let content = ArchivedObject("UIButtonContent")
            // `catalog="system"` repeats what <resources> says of the image (an SF Symbol).
            for name in state.attributes.keys
            where !["key", "title", "image", "backgroundImage"].contains(name)
                && !(name == "catalog" && state[name] == "system")
            {
                try context.unmodelled(.unsupportedAttribute, state, "button state attribute \(name) is not modelled")
            }
            if let title = state["title"] {
                content.set("UITitle", context.text(title, id: element["id"], property: "\(key)Title"))
            }
            if let image = state["image"] {
                content.set(
                    "UIImage",
                    try ImageRule.placeholder(named: image, element: state, context: context, resources: resources))
            }
            if let image = state["backgroundImage"] {
                content.set(
                    "UIBackgroundImage",
                    try ImageRule.placeholder(named: image, element: state, context: context, resources: resources))
            }
            for child in state.children {
                switch (child.name, child["key"]) {
                case ("color", "titleColor"): content.set("UITitleColor", try ColorRule.color(child, in: context))
                case ("color", "titleShadowColor"):
                    content.set("UIShadowColor", try ColorRule.color(child, in: context))
                case ("imageReference", "image"):
                    if let image = try context.recovered({ () throws(CompileError) in
                        try ImageRule.reference(child, context: context, resources: resources)
                    }) {
                        content.set("UIImage", image)
                    }
                case ("preferredSymbolConfiguration", "preferredSymbolConfiguration"):
                    if let configuration = try context.recovered({ () throws(CompileError) in
                        try symbolConfiguration(child, in: context)
                    }) {
                        content.set("UIImageSymbolConfiguration", configuration)
                    }
                case ("attributedString", "attributedTitle") where element.flag("hasAttributedTitle"):
                    let title = try attributedTitle(child, in: context)
                    content.set("UIAttributedTitle", title.string)
                    if code == 0 { attributedFont = title.font }
                default:
                    try context.unmodelled(
                        .unsupportedElement, child, "<\(child.name)> in a button state is not modelled")
                }
            }
            // Empty states are dropped; so is a shadow color alone on the image-only system types.
            let hasVisibleContent =
                state["title"] != nil || state["image"] != nil || state["backgroundImage"] != nil
                || content.has("UIAttributedTitle")
            let isImageType = ["detailDisclosure", "infoLight", "infoDark", "contactAdd"].contains(
                element["buttonType"] ?? "")
            if content.values.isEmpty || (isImageType && !hasVisibleContent) { continue }
            contents.append((.number(code), content))
        }
        if !contents.isEmpty { object.set("UIButtonStatefulContent", .dictionary("NSMutableDictionary", contents)) }
        if let lineBreakMode { object.set("UILineBreakMode", int: lineBreakMode) }
        // UIButton writes these flags as they are: every one of the corpus's 332 buttons has both
        // adjusts-image keys (all true, IB's defaults), and duckduckgo OmniBar's three buttons
        // with reversesTitleShadowWhenHighlighted="YES" (Xcode 13.2) add UIReversesTitleShadow…
        // before them, as a corpus nib's showsTouchWhenHighlighted button adds UIShowsTouch….
        object.setFlag("UIReversesTitleShadowWhenHighlighted", element.flag("reversesTitleShadowWhenHighlighted"))
        object.setFlag("UIShowsTouchWhenHighlighted", element.flag("showsTouchWhenHighlighted"))
        object.set("UIAdjustsImageWhenHighlighted", .bool(element["adjustsImageWhenHighlighted"] != "NO"))
        object.set("UIAdjustsImageWhenDisabled", .bool(element["adjustsImageWhenDisabled"] != "NO"))
        let type = element["buttonType"] ?? "custom"
        guard let typeCode = types[type] else {
            throw context.error(.unsupportedAttribute, element, "buttonType \"\(type)\" is unknown")
        }
        if typeCode != 0 { object.set("UIButtonType", int: typeCode) }
        if typeCode >= 2, !object.has("UIViewContentHuggingPriority") {
            // The image-only system types record their (default) hugging priority explicitly.
            object.set("UIViewContentHuggingPriority", .string("{250, 250}"))
        }
        for color in element.children(named: "color")
        where color["key"] != "backgroundColor" && color["key"] != "tintColor" {
            try context.unmodelled(
                .unsupportedAttribute, color, "button color \(color["key"] ?? "?") is not modelled")
        }
        if let font = element.child("fontDescription", key: "fontDescription") {
            object.set("UIFont", try FontRule.font(font, in: context))
        } else if let attributedFont {
            // A button whose normal title is attributed takes that title's font (Idrill7).
            object.set("UIFont", attributedFont)
        } else if configuration == nil,
            (type == "roundedRect" || type == "system") && context.era.writesDefaultSystemButtonFont
                || context.era.writesButtonConfiguration
        {
            // System buttons default to 15 points (not in Xcode 11 and 12:
            // ``XcodeEra/writesDefaultSystemButtonFont``); from Xcode 13 custom ones archive 18.
            // A configured button archives none (``ButtonConfigurationRule``).
            let size = type == "roundedRect" || type == "system" ? "15" : "18"
            let standard = SourceElement(
                name: "fontDescription", attributes: ["type": "system", "pointSize": size], line: element.line,
                column: element.column)
            object.set("UIFont", try FontRule.font(standard, in: context))
        }
        // Edge insets after the font, as UIEdgeInsets (top, left, bottom, right) from the inset's
        // minY, minX, maxY, maxX: duckduckgo's OmniBar (contentEdgeInsets maxY 21 → {0, 0, 21, 0},
        // minX/maxX 6 → {0, 6, 0, 6}) and its image insets ({0, -5, 0, 0}).
        for (name, key) in [
            ("contentEdgeInsets", "UIContentEdgeInsets"), ("titleEdgeInsets", "UITitleEdgeInsets"),
            ("imageEdgeInsets", "UIImageEdgeInsets"),
        ] {
            guard let inset = element.child("inset", key: name) else { continue }
            let edges = try ViewEncoder.edgeInsets(inset, in: context)
            if edges != [0, 0, 0, 0] { object.set(key, ArchivedObject.geometry(edges)) }
        }
        for inset in element.children(named: "inset")
        where !["contentEdgeInsets", "titleEdgeInsets", "imageEdgeInsets"].contains(inset["key"] ?? "") {
            try context.unmodelled(.unsupportedElement, inset, "button inset \(inset["key"] ?? "?") is not modelled")
        }
        if context.era.writesButtonConfiguration {
            object.set("UIButtonConfiguration", configuration.map { .object($0) } ?? .null)
        }
    }

    /// `UIImage.SymbolScale` raw values (public API).
    static let symbolScales: [String: Int] = ["default": -1, "unspecified": 0, "small": 1, "medium": 2, "large": 3]
    /// `UIImage.SymbolWeight` raw values (public API).
    static let symbolWeights: [String: Int] = [
        "unspecified": 0, "ultraLight": 1, "thin": 2, "light": 3, "regular": 4, "medium": 5, "semibold": 6,
        "bold": 7, "heavy": 8, "black": 9,
    ]

    /// A state's `<preferredSymbolConfiguration>` → the content's `UIImageSymbolConfiguration`:
    /// `UITraitCollection` nil, then what the source sets of `UISymbolScale`, `UIPointSize`
    /// (float32, `configurationType="pointSize"`) and `UISymbolWeight`, UIKit's public raw
    /// values: Umarovm's two symbol buttons (Xcode 12: scale 3 large, 100 and 29 points, weight 7
    /// bold), duckduckgo Settings' (13.2: `weight="semibold"` alone → `UISymbolWeight` 6). A
    /// configuration by text style (`configurationType="font"`) is not shown by any nib.
    static func symbolConfiguration(_ element: SourceElement, in context: UIKitContext) throws(CompileError)
        -> ArchivedObject
    {
        for name in element.attributes.keys.sorted()
        where !["key", "configurationType", "pointSize", "scale", "weight"].contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "symbol configuration attribute \(name) is not modelled")
        }
        if let type = element["configurationType"], type != "pointSize" {
            throw context.error(
                .unsupportedElement, element,
                "a symbol configuration by \(type) is not modelled (no nib shows one)")
        }
        func code(_ name: String, _ table: [String: Int]) throws(CompileError) -> Int? {
            guard let value = element[name] else { return nil }
            guard let code = table[value] else {
                throw context.error(.unsupportedAttribute, element, "symbol \(name) \"\(value)\" is unknown")
            }
            return code
        }
        let configuration = ArchivedObject("UIImageSymbolConfiguration")
        configuration.set("UITraitCollection", .null)
        if let scale = try code("scale", symbolScales) { configuration.set("UISymbolScale", int: scale) }
        if element["configurationType"] == "pointSize" {
            guard let size = element.number("pointSize"), size.isFinite, size >= 0, size <= 10_000 else {
                throw context.error(.invalidSource, element, "the symbol configuration's pointSize is not a size")
            }
            configuration.set("UIPointSize", .float32(Float(size)))
        }
        if let weight = try code("weight", symbolWeights) { configuration.set("UISymbolWeight", int: weight) }
        return configuration
    }

    /// A state's `<attributedString key="attributedTitle">` → `UIAttributedTitle`: the fragment
    /// as written, an `NSAttributedString` with `NSColor`, `NSParagraphStyle` (an immutable
    /// `NSParagraphStyle`) and `NSFont` when given (Idrill7, Xcode 9: "CONVERTIR" in
    /// HelveticaNeue 24, centered), and the font for the button's `UIFont`.
    static func attributedTitle(_ element: SourceElement, in context: UIKitContext) throws(CompileError)
        -> (string: ArchivedObject, font: ArchivedObject?)
    {
        _ = try context.modelledEra(
            for: element, "attributed button titles", modelled: XcodeEra(7)..<XcodeEra.unbounded,
            newest: XcodeEra.unbounded)
        if context.isBaseLocalized {
            try context.unmodelled(.unsupportedElement, element, "localizable attributed titles are not modelled")
        }
        // Xcode 13 reads every paragraph alignment of a title as it does a label's (duckduckgo,
        // Xcode 13.2: ActionMessageView's right-aligned "Edit" archives NSAlignment 1).
        let fragment = try AttributedStringRule.fragment(
            element, in: context, readsEveryParagraphStyle: context.era.archivesAttributedTextAsGiven)
        if fragment.backgroundColor != nil {
            try context.unmodelled(
                .unsupportedElement, element, "NSBackgroundColor in an attributed button title is not modelled")
        }
        var attributes: [(ArchivedObject, ArchivedObject)] = []
        if let color = fragment.color { attributes.append((.string("NSColor"), color)) }
        if fragment.hasParagraphStyle {
            attributes.append(
                (
                    .string("NSParagraphStyle"),
                    AttributedStringRule.paragraphStyle(
                        className: "NSParagraphStyle", alignment: fragment.alignment, lineBreakMode: 0)
                ))
        }
        if let font = fragment.font { attributes.append((.string("NSFont"), font)) }
        let string = ArchivedObject("NSAttributedString")
        string.set("NSString", .string(fragment.text))
        string.set("NSAttributes", .dictionary("NSDictionary", attributes))
        return (string, fragment.font)
    }
}
