/// AppKit `<font>` → `NSFont`: `NSName`, `NSSize` (float64) and `NSfFlags`.
///
/// `NSfFlags` is `type << 8 | 0x10 | type`, where `type` is AppKit's meta-font number (0 for a
/// font named in the source); every pair agrees. Equal fonts are one archived object, as
/// AppKit's cached font instances are.
enum AppKitFontRule {
    /// A meta font: the font AppKit resolves it to and its meta-font number.
    struct MetaFont {
        /// The PostScript name archived as `NSName`.
        var name: String
        /// The size when the source gives none.
        var size: Double
        /// AppKit's meta-font number, packed into `NSfFlags`.
        var type: Int
        /// The text style of the `NSTextStyleDescriptor` ibtool adds, if any.
        var textStyle: String? = nil
    }

    /// The system font's PostScript name as ibtool archives it.
    static let system = ".AppleSystemUIFont"
    /// The bold system font's PostScript name.
    static let systemBold = ".AppleSystemUIFontBold"

    /// `metaFont` → font, learned from the macOS pairs (`metafonts_extra` holds most of them).
    static let metaFonts: [String: MetaFont] = [
        "system": MetaFont(name: system, size: 13, type: 4),
        "systemBold": MetaFont(name: systemBold, size: 13, type: 8),
        "smallSystem": MetaFont(name: system, size: 11, type: 12),
        "smallSystemBold": MetaFont(name: systemBold, size: 11, type: 13),
        "miniSystem": MetaFont(name: system, size: 9, type: 14),
        "miniSystemBold": MetaFont(name: systemBold, size: 9, type: 15),
        "message": MetaFont(name: system, size: 13, type: 6),
        "menu": MetaFont(name: system, size: 13, type: 6),
        "label": MetaFont(name: system, size: 10, type: 11),
        "cellTitle": MetaFont(name: system, size: 12, type: 19),
        "controlContent": MetaFont(name: system, size: 12, type: 10),
        "menuBar": MetaFont(name: system, size: 14, type: 16),
        "palette": MetaFont(name: system, size: 11, type: 7),
        "toolTip": MetaFont(name: system, size: 11, type: 9),
        "titleBar": MetaFont(name: systemBold, size: 13, type: 3, textStyle: "UICTFontTextStyleHeadline"),
        "user": MetaFont(name: "Helvetica", size: 12, type: 1),
    ]

    /// The attributes a `<font>` may carry.
    static let attributes: Set<String> = ["key", "metaFont", "size", "name", "usesAppearanceFont", "textStyle"]

    /// The point size of each text style on macOS, as Apple's Human Interface Guidelines list
    /// them (the Dynamic Type sizes for macOS): what a text-style font without a size is
    /// archived at.
    static let textStyleSizes: [String: Double] = [
        "largeTitle": 26, "title1": 22, "title2": 17, "title3": 15, "headline": 13, "body": 13, "callout": 12,
        "subheadline": 11, "footnote": 10, "caption1": 10, "caption2": 10,
    ]

    /// The `NSFont` for `element`; `substitutes` replaces meta-font names (pop-up button cells
    /// archive `system` as `menu`, ``AppKitPopUpButtonRule``).
    static func font(_ element: SourceElement, substitutes: [String: String] = [:], context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys where !attributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on an AppKit font is not modelled")
        }
        var size: Double?
        if element["size"] != nil {
            guard let given = element.number("size"), given.isFinite, given > 0, given < 10_000 else {
                throw context.error(.invalidSource, element, "the font size must be a positive number")
            }
            size = given
        }
        if element.flag("usesAppearanceFont") {
            // The system font at the size the appearance gives; seen only without other attributes.
            guard element["metaFont"] == nil, element["name"] == nil, size == nil else {
                throw context.error(
                    .unsupportedAttribute, element,
                    "usesAppearanceFont with a metaFont, name or size is not modelled")
            }
            return make(name: system, size: 13, type: 4, textStyle: nil, usesAppearanceSize: true)
        }
        switch (element["metaFont"], element["name"]) {
        case (let given?, nil):
            if let style = element["textStyle"] {
                try context.unmodelled(
                    .unsupportedAttribute, element, "text style \(style) on a meta font is not modelled; left out")
            }
            let meta = substitutes[given] ?? given
            var nearest = metaFonts[meta]
            if nearest == nil { nearest = try approximated(meta, element: element, context: context) }
            guard var font = nearest else {
                throw context.error(.unsupportedAttribute, element, "metaFont \"\(meta)\" is not modelled")
            }
            // Before Xcode 16 the menu font was meta font 5 (NSfFlags 1301: AVRFuses' four pop-ups,
            // Xcode 14.0 and 15.3); Xcode 16 archives 6, as the message font (popup_empty). No
            // pair shows what an older Xcode made of a pop-up's system font.
            if meta == "menu", context.era < AppKitEraRule.current {
                guard given == "menu" else {
                    throw context.error(
                        .unsupportedAttribute, element,
                        "a pop-up button's \(given) font for Xcode \(context.era) is not known yet")
                }
                font.type = 5
            }
            return make(
                name: font.name, size: size ?? font.size, type: font.type, textStyle: font.textStyle,
                usesAppearanceSize: false)
        case (nil, let name?):
            if let style = element["textStyle"] {
                // A text-style font (Interface Builder's "Text Styles", 34 wild macOS fonts): no
                // compiled nib shows one, so it is the named font at the style's size, without
                // the text style that would make it follow the user's settings.
                guard let styleSize = size ?? textStyleSizes[style] else {
                    throw context.error(.unsupportedAttribute, element, "text style \"\(style)\" is unknown")
                }
                try context.unmodelled(
                    .unsupportedAttribute, element,
                    "no compiled nib shows an AppKit text-style font; \(style) is archived as \(name) \(PriorityText.text(styleSize)) pt"
                )
                return make(name: name, size: styleSize, type: 0, textStyle: nil, usesAppearanceSize: false)
            }
            guard let size else {
                throw context.error(.invalidSource, element, "a named font needs a size")
            }
            return make(name: name, size: size, type: 0, textStyle: nil, usesAppearanceSize: false)
        default:
            throw context.error(.invalidSource, element, "a font needs either a metaFont or a name")
        }
    }

    /// The weighted system meta fonts Interface Builder offers from Xcode 12 (wild macOS
    /// documents: systemSemibold 91, systemHeavy 85, systemMedium 58, systemLight 7, systemBlack
    /// 6); no compiled nib of the corpus or the pairs names a weighted system font.
    static let weightedSystemMetaFonts: Set<String> = [
        "systemUltraLight", "systemThin", "systemLight", "systemMedium", "systemSemibold", "systemHeavy",
        "systemBlack",
    ]

    /// The nearest modelled font for a meta font no nib shows, with a warning: a weighted system
    /// font as the system font (the control keeps its text, its size and its connections, where
    /// refusing the font lost the whole control), `fixedUser` as AppKit's default user
    /// fixed-pitch font, Menlo 11, meta font 2 (between user 1 and titleBar 3). `nil` for names
    /// Interface Builder does not write.
    private static func approximated(_ meta: String, element: SourceElement, context: AppKitContext)
        throws(CompileError) -> MetaFont?
    {
        let font: MetaFont
        if weightedSystemMetaFonts.contains(meta) {
            font = MetaFont(name: system, size: 13, type: 4)
        } else if meta == "fixedUser" {
            font = MetaFont(name: "Menlo-Regular", size: 11, type: 2)
        } else {
            return nil
        }
        try context.unmodelled(
            .unsupportedAttribute, element,
            "no compiled nib shows metaFont \"\(meta)\"; archived as \(font.name), meta font \(font.type)")
        return font
    }

    /// The archived font, shared with every equal one in the nib.
    static func make(name: String, size: Double, type: Int, textStyle: String?, usesAppearanceSize: Bool)
        -> ArchivedObject
    {
        let key = "NSFont:\(name):\(size.bitPattern):\(type):\(textStyle ?? ""):\(usesAppearanceSize)"
        let font = ArchivedObject("NSFont", sharingKey: key)
        font.set("NSName", .string(name))
        if usesAppearanceSize { font.set("NSFontUsesAppearanceFontSize", .bool(true)) }
        font.set("NSSize", .float64(size))
        font.set("NSfFlags", int: type << 8 | 0x10 | type)
        if let textStyle {
            // As the pairs show for titleBar: size category 3, the text style as UI usage, the size.
            let descriptor = ArchivedObject("NSFontDescriptor")
            descriptor.set(
                "NSFontDescriptorAttributes",
                .dictionary(
                    "NSDictionary",
                    [
                        (.string("NSCTFontSizeCategoryAttribute"), .number(3)),
                        (.string("NSCTFontUIUsageAttribute"), .string(textStyle)),
                        (.string("NSFontSizeAttribute"), .number(double: size)),
                    ]))
            descriptor.set("NSFontDescriptorOptions", .integer(2_147_517_444))
            font.set("NSTextStyleDescriptor", descriptor)
            font.set("NSHasWidth", .bool(false))
        }
        return font
    }
}
