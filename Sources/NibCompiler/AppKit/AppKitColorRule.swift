import Foundation

/// AppKit `<color>` → `NSColor`, as the macOS pairs show it.
///
/// | Source `colorSpace` | `NSColorSpace` | Components |
/// |---|---|---|
/// | `calibratedRGB` | 1 | `NSRGB` "r g b[ a]\0" |
/// | `deviceRGB` | 2 | `NSRGB` "r g b[ a]\0" |
/// | `calibratedWhite` | 3 | `NSWhite` "w[ a]\0" |
/// | `deviceWhite` | 4 | `NSWhite` "w[ a]\0" |
/// | `catalog` | 6 | `NSCatalogName`, `NSColorName`, and the color it resolves to as `NSColor` |
///
/// Components are written with ten significant digits (`%.10g`), the alpha only when it is not
/// 1, NUL-terminated. A catalog color's resolved value is a gray in Generic Gray Gamma 2.2
/// (`NSColorSpace` 3 with `NSCustomColorSpace`, `NSComponents` in the profile's gamma and
/// `NSLinearExposure` "1") or an sRGB color (`NSColorSpace` 1), or another catalog color;
/// those carry Apple's ICC profile (``ColorProfiles``).
enum AppKitColorRule {
    /// What a System catalog color resolves to when ibtool archives it (learned from the pairs).
    enum Resolved {
        /// A gray in Generic Gray Gamma 2.2: `NSWhite` (calibrated) and `NSComponents`
        /// (white and alpha in the profile's gamma), both as ibtool writes them.
        case gray(white: String, components: String)
        /// An sRGB color: `NSRGB` (calibrated) and `NSComponents` (sRGB with alpha).
        case sRGB(rgb: String, components: String)
        /// Another System catalog color.
        case catalog(String)
    }

    /// The System catalog colors seen in the pairs, with their resolved values.
    static let systemCatalog: [String: Resolved] = [
        "textColor": .gray(white: "0", components: "0 1"),
        "controlTextColor": .gray(white: "0", components: "0 1"),
        "labelColor": .gray(white: "0", components: "0 1"),
        "headerTextColor": .gray(white: "0", components: "0 1"),
        "selectedTextColor": .gray(white: "0", components: "0 1"),
        "textBackgroundColor": .gray(white: "1", components: "1 1"),
        "headerColor": .gray(white: "1", components: "1 1"),
        "controlColor": .gray(white: "0.602715373", components: "0.6666666667 1"),
        "controlBackgroundColor": .gray(white: "0.602715373", components: "0.6666666667 1"),
        "selectedTextBackgroundColor": .gray(white: "0.602715373", components: "0.6666666667 1"),
        "gridColor": .gray(white: "0.4246723652", components: "0.5 1"),
        "tertiaryLabelColor": .gray(white: "0.4246723652", components: "0.5 1"),
        "windowBackgroundColor": .gray(white: "0.4246723652", components: "0.5 1"),
        "secondaryLabelColor": .gray(white: "0.2637968361", components: "0.3333333333 1"),
        "systemBlueColor": .sRGB(rgb: "0 0 0.9981992245", components: "0 0 1 1"),
        "linkColor": .sRGB(rgb: "0 0 0.9981992245", components: "0 0 1 1"),
        "separatorColor": .catalog("gridColor"),
        "textInsertionPointColor": .catalog("systemBlueColor"),
    ]

    /// The attributes a `<color>` may carry.
    static let attributes: Set<String> = [
        "key", "colorSpace", "customColorSpace", "catalog", "name", "white", "red", "green", "blue", "alpha",
    ]

    /// The `NSColor` for `element`.
    static func color(_ element: SourceElement, context: AppKitContext) throws(CompileError) -> ArchivedObject {
        for name in element.attributes.keys where !attributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on an AppKit color is not modelled")
        }
        let space = element["colorSpace"] ?? ""
        switch space {
        case "catalog":
            guard element["catalog"] == "System", let name = element["name"] else {
                throw context.error(
                    .unsupportedAttribute, element,
                    "catalog \"\(element["catalog"] ?? "")\" colors are not modelled (System is)")
            }
            return try catalogColor(name, element: element, context: context)
        case "calibratedWhite", "deviceWhite":
            let white = try component("white", element, context)
            let color = ArchivedObject("NSColor")
            color.set("NSColorSpace", int: space == "calibratedWhite" ? 3 : 4)
            color.set("NSWhite", .data(text([white], alpha: try alpha(element, context))))
            return color
        case "calibratedRGB", "deviceRGB":
            let rgb = [
                try component("red", element, context), try component("green", element, context),
                try component("blue", element, context),
            ]
            let color = ArchivedObject("NSColor")
            color.set("NSColorSpace", int: space == "calibratedRGB" ? 1 : 2)
            color.set("NSRGB", .data(text(rgb, alpha: try alpha(element, context))))
            return color
        case "custom" where element["customColorSpace"] == "sRGB":
            return try customSRGB(element, context: context)
        case "custom" where element["customColorSpace"] == "genericGamma22GrayColorSpace":
            return try customGamma22Gray(element, context: context)
        case "custom"
        where ["calibratedWhite", "calibratedRGB", "displayP3"].contains(element["customColorSpace"] ?? ""):
            return try customWithoutProfile(element, context: context)
        case "custom":
            throw context.error(
                .unsupportedAttribute, element,
                "custom color space \"\(element["customColorSpace"] ?? "")\" needs ColorSync's conversion to calibrated components, which is not modelled yet"
            )
        case "" where element["name"] != nil:
            return try assetCatalogColor(element, context: context)
        default:
            throw context.error(.unsupportedAttribute, element, "color space \"\(space)\" is not modelled")
        }
    }

    /// An asset catalog color (`<color key=… name="Accent"/>`, 21 wild macOS documents): no
    /// compiled AppKit nib of the corpus or the pairs names one (their catalog colors are all
    /// System's), so how ibtool archives it is not known. The control keeps the value the
    /// document records for it (`<resources><namedColor name=…>`, the light appearance), with a
    /// warning: a fixed color where the app's would follow the appearance. Without a recorded
    /// value the color has no rule.
    private static func assetCatalogColor(_ element: SourceElement, context: AppKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let name = element["name"] ?? ""
        let recorded = element.documentElement.child("resources")?.children.first {
            $0.name == "namedColor" && $0["name"] == name
        }
        guard let value = recorded?.child("color"), value["name"] == nil else {
            throw context.error(
                .unsupportedAttribute, element,
                "asset catalog color \"\(name)\" is not modelled and <resources> records no value for it")
        }
        try context.unmodelled(
            .unsupportedAttribute, element,
            "no compiled nib shows an AppKit asset catalog color; \"\(name)\" is archived as the value <resources> records for it"
        )
        return try color(value, context: context)
    }

    /// A custom sRGB color (HSChooserWindow): calibrated RGB `NSRGB` (NSColorSpace 1) holding
    /// ColorSync's conversion to Generic RGB, clamped to 0…1 (systemBlueColor's sRGB blue is
    /// "0 0 0.9981992245"), with the sRGB profile, the source components as `NSComponents` and
    /// `NSLinearExposure` "1". The conversion is ``ColorConversion/sRGBToGenericRGB(_:)``'s
    /// approximation (within 8e-8 of Apple's on the two colors known), so each such color
    /// is a warning, or an error when the options refuse approximations.
    private static func customSRGB(_ element: SourceElement, context: AppKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let source = [
            try component("red", element, context), try component("green", element, context),
            try component("blue", element, context),
        ]
        let alpha = try alpha(element, context)
        let documented = "see docs/COMPILE.md, \"NSColor (`AppKitColorRule`)\""
        let converted = ColorConversion.sRGBToGenericRGB(source).map { min(max($0, 0), 1) }
        let color = ArchivedObject("NSColor")
        color.set("NSColorSpace", int: 1)
        color.set("NSRGB", .data(text(converted, alpha: alpha)))
        if let space = try context.colorSpace(.sRGB, for: element) {
            color.set("NSCustomColorSpace", space)
            color.set(
                "NSComponents",
                .data(Array((source + [alpha]).map { String(format: "%.10g", $0) }.joined(separator: " ").utf8)))
            color.set("NSLinearExposure", .data(Array("1".utf8)))
        }
        try context.approximate(
            .colorConversion, element,
            "sRGB color's calibrated components approximated as \(converted.map { String(format: "%.10g", $0) }.joined(separator: " ")); ColorSync's may differ by about 1e-7 (\(documented))"
        )
        return color
    }

    /// Generic Gray Gamma 2.2 levels and the calibrated whites ibtool archives for them: the
    /// resolved values of the System catalog's grays (``systemCatalog``: labelColor 0,
    /// secondaryLabelColor 1/3, gridColor 1/2, controlColor 2/3, textBackgroundColor 1), the
    /// only such conversions the pairs show. They fit no single power law (exponents 1.213,
    /// 1.236 and 1.249), so ColorSync's curve is not reproduced.
    static let gamma22GrayPoints: [(level: Double, white: Double)] = [
        (0, 0), (1.0 / 3, 0.2637968361), (0.5, 0.4246723652), (2.0 / 3, 0.602715373), (1, 1),
    ]

    /// The calibrated white for a Generic Gray Gamma 2.2 `level`: exact at the points of
    /// ``gamma22GrayPoints``, between them interpolated in log space (a local power law).
    static func calibratedWhite(gamma22 level: Double) -> Double {
        let points = gamma22GrayPoints
        guard level > 0 else { return 0 }
        guard level < 1 else { return 1 }
        if let exact = points.first(where: { abs($0.level - level) < 1e-9 }) { return exact.white }
        guard let upper = points.firstIndex(where: { $0.level > level }), upper > 0 else { return level }
        let (x0, y0) = points[upper - 1]
        let (x1, y1) = points[upper]
        // Below the first gray: the power law through black and that gray.
        guard x0 > 0 else { return pow(level, log(y1) / log(x1)) }
        let exponent = (log(y1) - log(y0)) / (log(x1) - log(x0))
        return y0 * pow(level / x0, exponent)
    }

    /// A custom Generic Gray Gamma 2.2 color (`customColorSpace="genericGamma22GrayColorSpace"`,
    /// 27 colors of the wild corpus): archived as the catalog grays are (`NSColorSpace` 3,
    /// `NSWhite` calibrated, the profile, `NSComponents` white and alpha, `NSLinearExposure`),
    /// the calibrated white approximated by ``calibratedWhite(gamma22:)`` with a warning.
    private static func customGamma22Gray(_ element: SourceElement, context: AppKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let level = try component("white", element, context)
        let alpha = try alpha(element, context)
        let white = calibratedWhite(gamma22: level)
        let color = ArchivedObject("NSColor")
        color.set("NSColorSpace", int: 3)
        color.set("NSWhite", .data(text([white], alpha: alpha)))
        if let space = try context.colorSpace(.genericGrayGamma22, for: element) {
            color.set("NSCustomColorSpace", space)
            color.set(
                "NSComponents",
                .data(Array([level, alpha].map { String(format: "%.10g", $0) }.joined(separator: " ").utf8)))
            color.set("NSLinearExposure", .data(Array("1".utf8)))
        }
        if !gamma22GrayPoints.contains(where: { abs($0.level - level) < 1e-9 }) {
            try context.approximate(
                .colorConversion, element,
                "Generic Gray Gamma 2.2 level \(String(format: "%.10g", level)) archived as calibrated white "
                    + "\(String(format: "%.10g", white)), interpolated between the catalog grays' conversions; "
                    + "ColorSync's value may differ by about 1e-2")
        }
        return color
    }

    /// A color in a custom calibrated white, calibrated RGB or Display P3 space: no compiled nib
    /// shows one, nor Apple's Generic Gray, Generic RGB or Display P3 profiles, so it is written
    /// as the calibrated color AppKit falls back to without the profile — the components
    /// themselves for the calibrated spaces, Display P3 converted to Generic RGB
    /// (``ColorConversion/displayP3ToGenericRGB(_:)``, clamped as the sRGB conversion is) —
    /// with a warning.
    private static func customWithoutProfile(_ element: SourceElement, context: AppKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let space = element["customColorSpace"] ?? ""
        let alpha = try alpha(element, context)
        let color = ArchivedObject("NSColor")
        if space == "calibratedWhite" {
            color.set("NSColorSpace", int: 3)
            color.set("NSWhite", .data(text([try component("white", element, context)], alpha: alpha)))
        } else {
            var rgb = [
                try component("red", element, context), try component("green", element, context),
                try component("blue", element, context),
            ]
            if space == "displayP3" { rgb = ColorConversion.displayP3ToGenericRGB(rgb).map { min(max($0, 0), 1) } }
            color.set("NSColorSpace", int: 1)
            color.set("NSRGB", .data(text(rgb, alpha: alpha)))
        }
        try context.approximate(
            .colorConversion, element,
            "no compiled nib shows a color in a custom \(space) space (nor its ICC profile); written as a calibrated "
                + "color without the embedded profile")
        return color
    }

    /// A System catalog color with its resolved value.
    static func catalogColor(_ name: String, element: SourceElement, context: AppKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let resolved: Resolved
        if let known = systemCatalog[name] {
            resolved = known
        } else {
            // AppKit looks a catalog color up by its name when it loads the nib; the resolved
            // value is only a fallback. Which value ibtool resolves this name to no pair shows:
            // a background's stands in for backgrounds, the label's for the rest.
            let standIn = name.lowercased().contains("background") ? "textBackgroundColor" : "labelColor"
            try context.unmodelled(
                .unsupportedAttribute, element,
                "System catalog color \"\(name)\": the value ibtool resolves it to is not known; archived by name "
                    + "(AppKit looks the name up at load time) with \(standIn)'s value")
            resolved = systemCatalog[standIn] ?? .gray(white: "0", components: "0 1")
        }
        let color = ArchivedObject("NSColor")
        color.set("NSColorSpace", int: 6)
        color.set("NSCatalogName", .string("System"))
        color.set("NSColorName", .string(name))
        let value = ArchivedObject("NSColor")
        switch resolved {
        case .gray(let white, let components):
            value.set("NSColorSpace", int: 3)
            if context.era < XcodeEra(11) {
                // Before Xcode 11 the resolved gray is a calibrated white holding the catalog's
                // own white, without a profile: controlColor "0.6666666667", labelColor "0" in
                // LuLu ×6 and Aerial (7.3 to 9.2); adium's (11) embed the profile as later ones.
                let own = components.split(separator: " ").first.map(String.init) ?? white
                value.set("NSWhite", .data(Array(own.utf8) + [0]))
                break
            }
            value.set("NSWhite", .data(Array(white.utf8) + [0]))
            if let space = try context.colorSpace(.genericGrayGamma22, for: element) {
                value.set("NSCustomColorSpace", space)
                value.set("NSComponents", .data(Array(components.utf8)))
                value.set("NSLinearExposure", .data(Array("1".utf8)))
            }
        case .sRGB(let rgb, let components):
            value.set("NSColorSpace", int: 1)
            value.set("NSRGB", .data(Array(rgb.utf8) + [0]))
            if let space = try context.colorSpace(.sRGB, for: element) {
                value.set("NSCustomColorSpace", space)
                value.set("NSComponents", .data(Array(components.utf8)))
                value.set("NSLinearExposure", .data(Array("1".utf8)))
            }
        case .catalog(let other):
            color.set("NSColor", try catalogColor(other, element: element, context: context))
            return color
        }
        color.set("NSColor", value)
        return color
    }

    /// Components as AppKit writes them: `%.10g` each, separated by spaces, alpha only when
    /// it is not 1, NUL-terminated.
    static func text(_ components: [Double], alpha: Double) -> [UInt8] {
        let values = alpha == 1 ? components : components + [alpha]
        return Array(values.map { String(format: "%.10g", $0) }.joined(separator: " ").utf8) + [0]
    }

    /// The component attribute `name`, which must be a number between 0 and 1.
    private static func component(_ name: String, _ element: SourceElement, _ context: AppKitContext)
        throws(CompileError) -> Double
    {
        guard let value = element.number(name), value.isFinite, (0...1).contains(value) else {
            throw context.error(
                .invalidSource, element, "the color needs a \(name) component between 0 and 1")
        }
        return value
    }

    /// The `alpha` attribute (1 when absent).
    private static func alpha(_ element: SourceElement, _ context: AppKitContext) throws(CompileError) -> Double {
        element["alpha"] == nil ? 1 : try component("alpha", element, context)
    }
}
