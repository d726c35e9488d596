/// `<fontDescription>` → `UIFont` (fallback `NSFont`) with a `UIFontDescriptor` whose
/// attributes name the CoreText usage, as the iOS 9–12 SDKs' ibtool writes system fonts:
/// `.SFUIText` below 20 points, `.SFUIDisplay` from 20, with `-Bold` for bold.
enum FontRule {
    static func font(_ element: SourceElement, in context: UIKitContext) throws(CompileError) -> ArchivedObject {
        // A weight or text style would change the font: refused rather than dropped.
        for name in element.attributes.keys.sorted()
        where !["key", "type", "pointSize", "name", "family", "style", "weight"].contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "font attribute \(name) is not modelled")
        }
        var weight = element["weight"].flatMap { $0 == "regular" ? nil : $0 }
        if let named = weight,
            element["type"] != "system" || (weights[named] == nil && named != "bold")
                || context.era < XcodeEra(7)
        {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "font weight \(named) is not modelled for this font and Xcode; archived as the regular weight")
            weight = nil
        }
        if let style = element["style"], element["pointSize"] == nil {
            return try textStyleFont(style, element: element, in: context)
        }
        guard var size = element.number("pointSize") else {
            throw context.error(.invalidSource, element, "the font has neither a pointSize nor a text style")
        }
        let type = element["type"]
        // A system font of size 0 is UIKit's small system font size, 12 (duckduckgo Debug,
        // Xcode 13.2: three cell labels at pointSize 0 archive 12-point fonts).
        if size == 0, type == "system" || type == "boldSystem" { size = 12 }
        if let name = element["name"] { return try namedFont(name, size: size, element: element, in: context) }
        guard type == "system" || type == "boldSystem" else {
            throw context.error(
                .unsupportedAttribute, element,
                "font \(element["name"] ?? type ?? "?") is not modelled (system and boldSystem are)")
        }
        let bold = type == "boldSystem" || weight == "bold"
        var name = context.era.systemFontName(size: size, bold: bold)
        var usageName = bold ? "CTFontEmphasizedUsage" : "CTFontRegularUsage"
        var traits = bold ? 2 : 0
        if let weight, let known = weights[weight] {
            name = context.era.systemFontName(size: size, weight: known.suffix)
            usageName = known.usage
            traits = known.traits
        }
        let usage = (ArchivedObject.string("NSCTFontUIUsageAttribute"), ArchivedObject.string(usageName))
        let sizeAttribute = (ArchivedObject.string("NSFontSizeAttribute"), sizeNumber(size, in: context))
        var attributes: [(ArchivedObject, ArchivedObject)] =
            (context.era.writesSFUIFontDescriptors ? [sizeAttribute, usage] : [usage, sizeAttribute])
            + (bold && context.era.writesBoldUsageOverride
                ? [(.string("NSCTFontUIUsageOverrideAttribute"), .string("CTFontBoldUsage"))] : [])
        if context.era.writesSortedFontAttributes { attributes = sortedByKey(attributes) }
        let descriptor = ArchivedObject("UIFontDescriptor")
        descriptor.set(
            "UIFontDescriptorAttributes",
            .dictionary(
                attributesClass(in: context, overridesUsage: bold && context.era.writesBoldUsageOverride), attributes))
        setOptions(of: descriptor, systemFont: true, installed: true, in: context)
        let font = ArchivedObject("UIFont")
        font.set("UIFontName", .string(name))
        font.set("UIFontDescriptor", descriptor)
        font.set("UIFontPointSize", .float64(size))
        font.set("UIFontTraits", int: traits)
        font.set("UISystemFont", .bool(true))
        font.set("NSName", .string(name))
        font.set("NSSize", .float64(size))
        addScalingKeys(font, in: context)
        return font
    }

    /// System font weights other than regular and bold: the font name's suffix, the CoreText
    /// usage and `UIFontTraits`. zbrateam's pair (Xcode 10): `weight="semibold"` 17 pt →
    /// `.SFUIText-Semibold`, `CTFontDemiUsage`, traits 2; the corpus's compiled nibs:
    /// `.SFUI-Semibold` and `.SFUIDisplay-Semibold` likewise, `.SFUI-Medium` and
    /// `.SFUIDisplay-Medium` with `CTFontMediumUsage` and traits 0; the one light system font of
    /// the corpus's nibs, `.SFUIText-Light` with `CTFontLightUsage` and traits 8 (UIKit's own
    /// value, not a `UIFontDescriptor` symbolic trait: archived as Apple's nib has it). Other
    /// weights (thin, heavy, black, …) are not modelled: no compiled nib shows them.
    static let weights: [String: (suffix: String, usage: String, traits: Int)] = [
        "medium": ("Medium", "CTFontMediumUsage", 0), "semibold": ("Semibold", "CTFontDemiUsage", 2),
        "light": ("Light", "CTFontLightUsage", 8),
    ]

    /// Symbolic traits (`UIFontTraits`) of the named fonts seen in the pairs; a font that is
    /// not listed is an error rather than a guess.
    static let namedFontTraits: [String: Int] = [
        "Helvetica": 0,
        // Idrill7 (labels, a button title), pogoros Sylladise (a text view): UIFontTraits in Apple's output.
        "Copperplate": 0, "HelveticaNeue": 0, "Optima-Bold": 2,
    ]

    /// A font by PostScript name: its descriptor names the font and size, and it is not a
    /// system font (canoelover pairs: Helvetica 22 and 36 pt).
    ///
    /// A font the app ships (listed in the document's `<customFonts>`) is not installed on the
    /// Mac that runs ibtool, which archives what it knows without loading it: `UIFontTraits` 0
    /// whatever the style, and no scaling keys. Evidence: all 181 ProximaNova fonts (Regular,
    /// Semibold, Bold, Extrabld) of the 18 duckduckgo pairs (Xcode 13.2), while that Xcode's
    /// system fonts have the scaling keys; fonts macOS has (Helvetica, HelveticaNeue,
    /// Copperplate, Optima-Bold in the canoelover, jdrharding, Idrill7 and pogoros pairs) have
    /// their traits (Optima-Bold 2) and, from Xcode 9, the scaling keys.
    static func namedFont(_ name: String, size: Double, element: SourceElement, in context: UIKitContext)
        throws(CompileError) -> ArchivedObject
    {
        let installed = !context.customFonts.contains(name)
        let traits: Int
        if !installed {
            traits = 0
        } else if let known = namedFontTraits[name] {
            traits = known
        } else {
            // The font's symbolic traits come from the font file, which the document does not
            // carry: read them from the PostScript name's style suffix (UIFontDescriptor's
            // traitItalic = 1, traitBold = 2), with a warning.
            let style = name.split(separator: "-").dropFirst().joined(separator: "-").lowercased()
            let bold = ["bold", "black", "heavy", "semibold", "demi"].contains { style.contains($0) } ? 2 : 0
            let italic = ["italic", "oblique"].contains { style.contains($0) } ? 1 : 0
            traits = bold | italic
            try context.unmodelled(
                .unsupportedAttribute, element,
                "the traits of font \(name) are not known; archived as \(traits) (from the style in its name)")
        }
        var attributes: [(ArchivedObject, ArchivedObject)] = [
            (.string("NSFontSizeAttribute"), sizeNumber(size, in: context)),
            (.string("NSFontNameAttribute"), .string(name)),
        ]
        if context.era.writesSortedFontAttributes { attributes = sortedByKey(attributes) }
        let descriptor = ArchivedObject("UIFontDescriptor")
        descriptor.set(
            "UIFontDescriptorAttributes", .dictionary(attributesClass(in: context), attributes))
        setOptions(of: descriptor, systemFont: false, installed: installed, in: context)
        let font = ArchivedObject("UIFont")
        font.set("UIFontName", .string(name))
        font.set("UIFontDescriptor", descriptor)
        font.set("UIFontPointSize", .float64(size))
        font.set("UIFontTraits", int: traits)
        font.set("UISystemFont", .bool(false))
        font.set("NSName", .string(name))
        font.set("NSSize", .float64(size))
        if installed { addScalingKeys(font, in: context) }
        return font
    }

    /// The point size of each text style on iOS at the default content size category, as
    /// Apple's Human Interface Guidelines list them (Dynamic Type, Large): what a label's
    /// minimum scale factor applies to (duckduckgo Debug, Xcode 13.2: Body × 0.5 → a minimum
    /// font size of 8.5), where the archived font keeps Interface Builder's Mac sizes below.
    static let iOSTextStyleSizes: [String: Double] = [
        "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22,
        "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17,
        "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13,
        "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// The font name and size ibtool archives for each text style: the style's font on the Mac
    /// that ran ibtool, not on a device (UIKit resolves the style again at run time from
    /// `UIIBTextStyle`). Seen in the corpus's compiled nibs (eagle-eyexk tiligo-webapp's
    /// FIRInAppMessageDisplayStoryboard, 10 fonts).
    static let textStyles: [String: (name: String, size: Double)] = [
        "UICTFontTextStyleBody": (".SFUI-Regular", 14), "UICTFontTextStyleTitle1": (".SFUI-Regular", 25),
        "UICTFontTextStyleTitle2": (".SFUI-Regular", 19), "UICTFontTextStyleTitle3": (".SFUI-Regular", 17),
        "UICTFontTextStyleSubhead": (".SFUI-Regular", 12), "UICTFontTextStyleHeadline": (".SFUI-Semibold", 14),
    ]

    /// The size of each text style at the smallest Dynamic Type category (xSmall), as Apple's
    /// Human Interface Guidelines list them: the sizes ibtool archives. Every style the corpus
    /// shows has its xSmall size (``textStyles``: Body and Headline 14, Title1 25, Title2 19,
    /// Title3 17, Subhead 12) and so does duckduckgo Settings' Footnote (12, Xcode 13.2), which
    /// is not its default size less 3 as the others are: the HIG's footnote and captions stop
    /// shrinking at 12 and 11.
    static let xSmallTextStyleSizes: [String: Double] = [
        "UICTFontTextStyleTitle0": 31, "UICTFontTextStyleTitle1": 25, "UICTFontTextStyleTitle2": 19,
        "UICTFontTextStyleTitle3": 17, "UICTFontTextStyleHeadline": 14, "UICTFontTextStyleBody": 14,
        "UICTFontTextStyleCallout": 13, "UICTFontTextStyleSubhead": 12, "UICTFontTextStyleFootnote": 12,
        "UICTFontTextStyleCaption1": 11, "UICTFontTextStyleCaption2": 11,
    ]

    /// A text-style font (`<fontDescription style="UICTFontTextStyleBody"/>`): `UIFontName`,
    /// `UIIBTextStyle`, `UIFontPointSize` 0, the scaling keys, `UIFontTraits` 0, `UISystemFont`,
    /// `NSName` and `NSSize`, without a descriptor (the corpus's 10 text-style fonts). A style the
    /// corpus does not show is archived with Body's font and size and a warning.
    static func textStyleFont(_ style: String, element: SourceElement, in context: UIKitContext)
        throws(CompileError) -> ArchivedObject
    {
        var metrics = textStyles["UICTFontTextStyleBody"] ?? (".SFUI-Regular", 14)
        if let known = textStyles[style] {
            metrics = known
        } else if let size = xSmallTextStyleSizes[style] {
            // The others at their xSmall size, regular weight (Headline is the semibold one).
            metrics = (".SFUI-Regular", size)
        } else {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "the font ibtool archives for text style \(style) is not known; archived with Body's (UIKit resolves the style at run time)"
            )
        }
        let font = ArchivedObject("UIFont")
        font.set("UIFontName", .string(metrics.name))
        font.set("UIIBTextStyle", .string(style))
        font.set("UIFontPointSize", .float64(0))
        addScalingKeys(font, in: context)
        font.set("UIFontTraits", int: 0)
        font.set("UISystemFont", .bool(true))
        font.set("NSName", .string(metrics.name))
        font.set("NSSize", .float64(metrics.size))
        return font
    }

    /// `UIFontDescriptorOptions` (``XcodeEra/writesFontDescriptorOptions``): 0 for a font the
    /// app ships (0senno's 31 Poppins fonts, man12nam's 10 MONSTERTRUCK ones, all listed in
    /// their documents' custom fonts by their missing traits and scaling keys), 0x80000000 for
    /// a named font macOS has (0senno's Arial-BoldMT, with its traits and scaling keys), and
    /// for system fonts of every weight 0x80008006 in the 14 era (man12nam's 6 regular ones)
    /// and 0x80008404 from 15 (52 regular, semibold and bold ones of four apps; AppKit's header
    /// fonts change at the same Xcode, ``AppKitEraRule``). An int32
    /// in the nib: 2147516422 and 2147517444 as Apple's nibs have them.
    private static func setOptions(
        of descriptor: ArchivedObject, systemFont: Bool, installed: Bool, in context: UIKitContext
    ) {
        guard context.era.writesFontDescriptorOptions else { return }
        let options: Int
        if systemFont {
            options = context.era.writesSortedFontAttributes ? 0x8000_8404 : 0x8000_8006
        } else {
            options = installed ? 0x8000_0000 : 0
        }
        descriptor.set("UIFontDescriptorOptions", int: options)
    }

    /// Attributes in the order of their keys (``XcodeEra/writesSortedFontAttributes``).
    private static func sortedByKey(_ pairs: [(ArchivedObject, ArchivedObject)]) -> [(ArchivedObject, ArchivedObject)] {
        // The keys are strings, shared by their text: their sharing keys sort as the texts do.
        pairs.sorted { ($0.0.sharingKey ?? "") < ($1.0.sharingKey ?? "") }
    }

    /// The class of a descriptor's attributes (``XcodeEra/writesSFUIFontDescriptors``). A bold
    /// system font, whose attributes add the bold usage override, keeps a mutable dictionary in
    /// every era: the two such fonts of the corpus's nibs with immutable descriptors elsewhere
    /// (ashwinivishwas EdgeSDk's `.SFUI-Bold` beside three immutable regular ones; ertmuirm's
    /// Beacon messaging, beside 13 immutable ones).
    private static func attributesClass(in context: UIKitContext, overridesUsage: Bool = false) -> String {
        context.era.writesSFUIFontDescriptors && !overridesUsage ? "NSDictionary" : "NSMutableDictionary"
    }

    /// A point size as the descriptor's `NSNumber`: an integer when it is whole, up to Xcode 13
    /// (``XcodeEra/writesDoubleFontSizes``).
    private static func sizeNumber(_ size: Double, in context: UIKitContext) -> ArchivedObject {
        if context.era.writesDoubleFontSizes { return .number(double: size) }
        return Int(exactly: size).map { .number($0) } ?? .number(double: size)
    }

    /// The scaling keys of the iOS 11 SDK and later.
    private static func addScalingKeys(_ font: ArchivedObject, in context: UIKitContext) {
        if context.era.writesFontScalingKeys {
            font.set("UIFontTextStyleForScaling", .null)
            font.set("UIFontPointSizeForScaling", .float64(0))
            font.set("UIFontMaximumPointSizeAfterScaling", .float64(0))
        }
    }
}
