/// `<buttonConfiguration key="configuration">` (iOS 15 SDK, Xcode 13 and later) →
/// `UIButtonConfiguration`, in the button's `UIButtonConfiguration` slot.
///
/// Learned from the corpus's ten configured buttons (0senno's nine, Xcode 16 era: four plain
/// image and title buttons, five filled ones with base colors, a Poppins title font, content
/// insets, a trailing image, corner style 2; man12nam's filled one, Xcode 14 era), read with
/// UIKit's public `UIButton.Configuration` API for the meaning of each key:
///
/// | Key | Source |
/// |---|---|
/// | `UIButtonConfigurationButtonStyle` | `style`: plain 0, filled 3 (seen); tinted 1, gray 2 (`UIButton.Configuration`'s order, not seen: a warning) |
/// | `UIButtonConfigurationBackground` | a `UIBackgroundConfiguration` (``TableViewCellRule/backgroundConfiguration(color:stroke:defaultStyle:era:)``) with a button's defaults: corner radius 5.949999999999999, clear stroke 1 wide (both customized); its color `<backgroundConfiguration><color key="backgroundColor">` (customized), else clear for plain, the base background color or the tint for filled |
/// | `…CornerStyle`, `…ButtonSize`, `…MacIdiomStyle` | `cornerStyle` (fixed -1, dynamic 0, small 1, medium 2, large 3, capsule 4), `buttonSize` (medium 0, small 1, mini 2, large 3), 0 |
/// | `…BaseBackgroundColor`, `…BaseForegroundColor` | `<color key="baseBackgroundColor">`, `<color key="baseForegroundColor">`, else nil |
/// | `…Image`, `…PreferredSymbolConfigurationForImage`, `…ShowsActivityIndicator` | `<imageReference key="image">` (or an `image` attribute; a placeholder), nil, `showsActivityIndicator` |
/// | `…Title`, `…Subtitle` | `NSAttributedString`s: the text (localizable as `id.configuration.title`), with `NSAttributes` holding `NSFont` from `<fontDescription key="titleFontDescription">` (empty when there is a title and no font; absent without a title) |
/// | `…ContentInset` | `<directionalEdgeInsets key="contentInsets">` as "{top, leading, bottom, trailing}", only when given |
/// | `…ImagePlacement`, `…ImagePadding`, `…TitlePadding`, `…TitleAlignment` | `imagePlacement` (top 1, leading 2, bottom 4, trailing 8), `imagePadding` (0), `titlePadding` (1), `titleAlignment` (automatic 0, leading 1, center 2, trailing 3) |
///
/// A configured button archives no default font (none of the ten has `UIFont`).
enum ButtonConfigurationRule {
    static let styles: [String: Int] = ["plain": 0, "tinted": 1, "gray": 2, "filled": 3]
    /// Styles a compiled nib shows.
    static let seenStyles: Set<String> = ["plain", "filled"]
    static let cornerStyles: [String: Int] = [
        "fixed": -1, "dynamic": 0, "small": 1, "medium": 2, "large": 3, "capsule": 4,
    ]
    static let sizes: [String: Int] = ["medium": 0, "small": 1, "mini": 2, "large": 3]
    static let imagePlacements: [String: Int] = ["top": 1, "leading": 2, "bottom": 4, "trailing": 8]
    static let titleAlignments: [String: Int] = ["automatic": 0, "leading": 1, "center": 2, "trailing": 3]
    static let attributes: Set<String> = [
        "key", "style", "title", "subtitle", "image", "cornerStyle", "buttonSize", "imagePlacement", "imagePadding",
        "titlePadding", "titleAlignment", "showsActivityIndicator",
    ]

    /// The configuration of `button` (its `<buttonConfiguration>` is `element`).
    static func configuration(
        _ element: SourceElement, button: SourceElement, context: UIKitContext, resources: UIKitResources
    ) throws(CompileError) -> ArchivedObject {
        for name in element.attributes.keys.sorted() where !attributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "button configuration attribute \(name) is not modelled")
        }
        let style = element["style"] ?? "plain"
        guard let styleCode = styles[style] else {
            throw context.error(.unsupportedAttribute, element, "button configuration style \"\(style)\" is unknown")
        }
        if !seenStyles.contains(style) {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "no compiled nib shows a \(style) button configuration; archived as style \(styleCode) (UIButton.Configuration's order) with a filled one's background"
            )
        }
        func code(_ name: String, _ table: [String: Int], default fallback: Int) throws(CompileError) -> Int {
            guard let value = element[name] else { return fallback }
            guard let code = table[value] else {
                throw context.error(
                    .unsupportedAttribute, element, "button configuration \(name) \"\(value)\" is unknown")
            }
            return code
        }
        func number(_ name: String, default fallback: Float) throws(CompileError) -> Float {
            guard element[name] != nil else { return fallback }
            guard let value = element.number(name), value.isFinite, abs(value) <= 1e6 else {
                throw context.error(.invalidSource, element, "button configuration \(name) is not a length")
            }
            return Float(value)
        }
        var baseBackground: ArchivedObject?
        var baseForeground: ArchivedObject?
        var backgroundColor: ArchivedObject?
        var titleFont: ArchivedObject?
        var contentInset: String?
        var imageName = element["image"]
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("color", "baseBackgroundColor"):
                baseBackground = try context.recovered { () throws(CompileError) in
                    try ColorRule.color(child, in: context)
                }
            case ("color", "baseForegroundColor"):
                baseForeground = try context.recovered { () throws(CompileError) in
                    try ColorRule.color(child, in: context)
                }
            case ("backgroundConfiguration", "background"):
                for part in child.children {
                    if part.name == "color", part["key"] == "backgroundColor" {
                        backgroundColor = try context.recovered { () throws(CompileError) in
                            try ColorRule.color(part, in: context)
                        }
                    } else {
                        try context.unmodelled(
                            .unsupportedElement, part,
                            "<\(part.name)> in a button's background configuration is not modelled")
                    }
                }
            case ("fontDescription", "titleFontDescription"):
                titleFont = try context.recovered { () throws(CompileError) in try FontRule.font(child, in: context) }
            // Interface Builder writes the image as a reference (two wild documents); an
            // `image` attribute is read too.
            case ("imageReference", "image"):
                for name in child.attributes.keys.sorted() where !["key", "image", "catalog"].contains(name) {
                    try context.unmodelled(
                        .unsupportedAttribute, child, "image reference attribute \(name) is not modelled")
                }
                imageName = child["image"]
            case ("directionalEdgeInsets", "contentInsets"):
                let edges = ["top", "leading", "bottom", "trailing"].map { child.number($0) ?? 0 }
                guard edges.allSatisfy({ $0.isFinite && abs($0) <= 1e6 }) else {
                    throw context.error(.invalidSource, child, "the content insets are not made of numbers")
                }
                contentInset = "{" + edges.map(PriorityText.text).joined(separator: ", ") + "}"
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> in a button configuration is not modelled; left out")
            }
        }
        let clear = ColorRule.grayColor(white: 0, alpha: 0, systemName: "clearColor")
        clear.sharingKey = "color:uikit:clearColor"
        let fill: ArchivedObject
        if let backgroundColor {
            fill = backgroundColor
        } else if styleCode == 0 {
            fill = clear
        } else if let baseBackground {
            fill = baseBackground
        } else {
            fill = try tint(of: button, context: context)
        }
        let background = TableViewCellRule.backgroundConfiguration(
            color: fill, stroke: clear, defaultStyle: 0, era: context.era)
        // 5.949999999999999, UIKit's computed dynamic radius (0x4017CCCCCCCCCCCC, one ulp below 5.95).
        background.replace("cornerRadius", .float64(Double(bitPattern: 0x4017_CCCC_CCCC_CCCC)))
        background.replace("strokeWidth", .float64(1))
        background.replace("hasCustomized-strokeColor", .bool(true))
        background.replace("hasCustomized-strokeWidth", .bool(true))
        if backgroundColor != nil { background.replace("hasCustomized-backgroundColor", .bool(true)) }

        let configuration = ArchivedObject("UIButtonConfiguration")
        configuration.set("UIButtonConfigurationButtonStyle", int: styleCode)
        configuration.set("UIButtonConfigurationBackground", background)
        configuration.set("UIButtonConfigurationCornerStyle", int: try code("cornerStyle", cornerStyles, default: 0))
        configuration.set("UIButtonConfigurationButtonSize", int: try code("buttonSize", sizes, default: 0))
        configuration.set("UIButtonConfigurationMacIdiomStyle", int: 0)
        configuration.set("UIButtonConfigurationBaseBackgroundColor", baseBackground.map { .object($0) } ?? .null)
        configuration.set("UIButtonConfigurationBaseForegroundColor", baseForeground.map { .object($0) } ?? .null)
        if let image = imageName {
            configuration.set(
                "UIButtonConfigurationImage",
                try ImageRule.placeholder(named: image, element: element, context: context, resources: resources))
        } else {
            configuration.set("UIButtonConfigurationImage", .null)
        }
        configuration.set("UIButtonConfigurationPreferredSymbolConfigurationForImage", .null)
        configuration.set("UIButtonConfigurationShowsActivityIndicator", .bool(element.flag("showsActivityIndicator")))
        configuration.set(
            "UIButtonConfigurationTitle",
            attributedText(
                element["title"], font: titleFont, id: button["id"], property: "configuration.title", context))
        configuration.set(
            "UIButtonConfigurationSubtitle",
            attributedText(
                element["subtitle"], font: nil, id: button["id"], property: "configuration.subtitle", context))
        if let contentInset { configuration.set("UIButtonConfigurationContentInset", .string(contentInset)) }
        configuration.set(
            "UIButtonConfigurationImagePlacement", int: try code("imagePlacement", imagePlacements, default: 2))
        configuration.set("UIButtonConfigurationImagePadding", .float32(try number("imagePadding", default: 0)))
        configuration.set("UIButtonConfigurationTitlePadding", .float32(try number("titlePadding", default: 1)))
        configuration.set(
            "UIButtonConfigurationTitleAlignment", int: try code("titleAlignment", titleAlignments, default: 0))
        return configuration
    }

    /// A title or subtitle: the text with its attributes (`NSFont`), an empty dictionary for a
    /// text without a font, none for no text (0senno's untitled image buttons: an empty string
    /// alone).
    private static func attributedText(
        _ text: String?, font: ArchivedObject?, id: String?, property: String, _ context: UIKitContext
    ) -> ArchivedObject {
        let string = ArchivedObject("NSAttributedString")
        guard let text else {
            string.set("NSString", .string(""))
            return string
        }
        string.set("NSString", context.text(text, id: id, property: property))
        let attributes: [(ArchivedObject, ArchivedObject)] = font.map { [(.string("NSFont"), $0)] } ?? []
        string.set("NSAttributes", .dictionary("NSDictionary", attributes))
        return string
    }

    /// The color a filled configuration without a base background color fills with: the
    /// button's tint, else the document's, else UIKit's system blue (man12nam's: 0, 0.478, 1).
    private static func tint(of button: SourceElement, context: UIKitContext) throws(CompileError) -> ArchivedObject {
        if let tint = button.child("color", key: "tintColor") ?? button.documentElement.child("color", key: "tintColor")
        {
            return try ColorRule.color(tint, in: context)
        }
        let blue = SourceElement(
            name: "color",
            attributes: [
                "red": "0.0", "green": "0.47843137254901963", "blue": "1", "alpha": "1", "colorSpace": "custom",
                "customColorSpace": "sRGB",
            ],
            line: button.line, column: button.column)
        return try ColorRule.color(blue, in: context)
    }
}
