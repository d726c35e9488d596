/// `<fontDescription>` → `UIFont` (fallback `NSFont`) with a `UIFontDescriptor` whose
/// attributes name the CoreText usage, as the iOS 9–12 SDKs' ibtool writes system fonts:
/// `.SFUIText` below 20 points, `.SFUIDisplay` from 20, with `-Bold` for bold.
enum FontRule {
    static func font(_ element: SourceElement, in context: UIKitContext) throws(CompileError) -> ArchivedObject {
        // A weight or text style would change the font: refused rather than dropped.
        for name in element.attributes.keys where !["key", "type", "pointSize", "name", "family"].contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "font attribute \(name) is not modelled")
        }
        guard let size = element.number("pointSize") else {
            throw context.error(
                .unsupportedAttribute, element, "fonts without a pointSize (text styles) are not modelled")
        }
        let type = element["type"]
        if let name = element["name"] { return try namedFont(name, size: size, element: element, in: context) }
        guard type == "system" || type == "boldSystem" else {
            throw context.error(
                .unsupportedAttribute, element,
                "font \(element["name"] ?? type ?? "?") is not modelled (system and boldSystem are)")
        }
        let bold = type == "boldSystem"
        let name = context.era.systemFontName(size: size, bold: bold)
        let attributes: [(ArchivedObject, ArchivedObject)] =
            [(.string("NSCTFontUIUsageAttribute"), .string(bold ? "CTFontEmphasizedUsage" : "CTFontRegularUsage"))]
            + [(.string("NSFontSizeAttribute"), sizeNumber(size))]
            + (bold && context.era.writesBoldUsageOverride
                ? [(.string("NSCTFontUIUsageOverrideAttribute"), .string("CTFontBoldUsage"))] : [])
        let descriptor = ArchivedObject("UIFontDescriptor")
        descriptor.set("UIFontDescriptorAttributes", .dictionary("NSMutableDictionary", attributes))
        let font = ArchivedObject("UIFont")
        font.set("UIFontName", .string(name))
        font.set("UIFontDescriptor", descriptor)
        font.set("UIFontPointSize", .float64(size))
        font.set("UIFontTraits", int: bold ? 2 : 0)
        font.set("UISystemFont", .bool(true))
        font.set("NSName", .string(name))
        font.set("NSSize", .float64(size))
        addScalingKeys(font, in: context)
        return font
    }

    /// Symbolic traits (`UIFontTraits`) of the named fonts seen in the pairs; a font that is
    /// not listed is an error rather than a guess.
    static let namedFontTraits: [String: Int] = [
        "Helvetica": 0,
        // Idrill7 (labels, a button title), pogoros Sylladise (a text view): UIFontTraits in Apple's output.
        "Copperplate": 0, "HelveticaNeue": 0, "Optima-Bold": 2,
    ]

    /// A font by PostScript name: its descriptor names the font and size, and it is not a
    /// system font (canoelover pairs: Helvetica 22 and 36 pt).
    static func namedFont(_ name: String, size: Double, element: SourceElement, in context: UIKitContext)
        throws(CompileError) -> ArchivedObject
    {
        guard let traits = namedFontTraits[name] else {
            throw context.error(
                .unsupportedAttribute, element, "font \(name) is not modelled (its traits are not known)")
        }
        let attributes: [(ArchivedObject, ArchivedObject)] = [
            (.string("NSFontSizeAttribute"), sizeNumber(size)),
            (.string("NSFontNameAttribute"), .string(name)),
        ]
        let descriptor = ArchivedObject("UIFontDescriptor")
        descriptor.set("UIFontDescriptorAttributes", .dictionary("NSMutableDictionary", attributes))
        let font = ArchivedObject("UIFont")
        font.set("UIFontName", .string(name))
        font.set("UIFontDescriptor", descriptor)
        font.set("UIFontPointSize", .float64(size))
        font.set("UIFontTraits", int: traits)
        font.set("UISystemFont", .bool(false))
        font.set("NSName", .string(name))
        font.set("NSSize", .float64(size))
        addScalingKeys(font, in: context)
        return font
    }

    /// A point size as the descriptor's `NSNumber`: an integer when it is whole.
    private static func sizeNumber(_ size: Double) -> ArchivedObject {
        Int(exactly: size).map { .number($0) } ?? .number(double: size)
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
