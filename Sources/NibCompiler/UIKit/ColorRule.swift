import Foundation

/// `<color>` → `UIColor` (fallback `NSColor`), in the three shapes the pairs show.
enum ColorRule {
    /// `cocoaTouchSystemColor` names with their gray level, as UIKit archives them.
    static let systemGrays: [String: (white: Double, alpha: Double)] = [
        "darkTextColor": (0, 1), "lightTextColor": (1, 0.6), "groupTableViewBackgroundColor": (0.937, 1),
        "whiteColor": (1, 1), "blackColor": (0, 1), "clearColor": (0, 0), "lightGrayColor": (0.667, 1),
        "darkGrayColor": (0.333, 1), "grayColor": (0.5, 1),
    ]

    /// Dynamic system colors whose light appearance is a gray. (`systemGroupedBackgroundColor`
    /// is not one: ertmuirm's launch screen archives it as RGB 242, 242, 247, the value its
    /// document records in `<resources>`.)
    static let dynamicGrays: [String: (white: Double, alpha: Double)] = [
        "systemBackgroundColor": (1, 1), "labelColor": (0, 1),
    ]

    /// UIKit's named colors whose value is RGB white, archived with their name.
    static let systemWhites: Set<String> = [
        "tableBackgroundColor", "tableCellGroupedBackgroundColor", "tableCellBackgroundColor",
    ]

    /// A named UIKit color from ``systemWhites``.
    static func namedSystemColor(_ name: String) -> ArchivedObject {
        let color = rgbColor(red: 1, green: 1, blue: 1, alpha: 1, doubles: false)
        color.set("UISystemColorName", .string(name))
        return color
    }

    /// The color for a `<color>` element. ibtool makes one runtime color per distinct source
    /// color in a nib: every later equal `<color>` archives as the first one, even when a rule
    /// replaced that one (a table's white background archived as `tableBackgroundColor` stands
    /// for the white background of the view around it).
    static func color(_ element: SourceElement, in context: UIKitContext) throws(CompileError) -> ArchivedObject {
        for name in element.attributes.keys where !attributes.contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "color attribute \(name) is not modelled")
        }
        let color = try runtimeColor(element, in: context)
        color.sharingKey = sourceKey(element)
        return color
    }

    /// The `<color>` attributes the rules read.
    static let attributes: Set<String> = [
        "key", "colorSpace", "customColorSpace", "white", "red", "green", "blue", "alpha", "cocoaTouchSystemColor",
        "systemColor", "xcode11CocoaTouchSystemColor", "name",
    ]

    /// The color Interface Builder recorded in the document's `<resources>` for the asset
    /// catalog color or system color `name` (`<namedColor name=…><color …/>` or
    /// `<systemColor name=…><color …/>`): the value it showed, which ibtool archives.
    static func resourceColor(named name: String, kind: String, for element: SourceElement) -> SourceElement? {
        let resources = element.documentElement.children(named: "resources")
        let entry = resources.lazy.flatMap { $0.children(named: kind) }.first { $0["name"] == name }
        return entry?.child("color")
    }

    /// `base`'s keys after `leading`, as one new color.
    /// The system colors with hues (UIKit's "system colors" proper, against its grays and
    /// semantic backgrounds, fills and labels).
    static let chromaticSystemColors: Set<String> = [
        "systemRedColor", "systemOrangeColor", "systemYellowColor", "systemGreenColor", "systemMintColor",
        "systemTealColor", "systemCyanColor", "systemBlueColor", "systemIndigoColor", "systemPurpleColor",
        "systemPinkColor", "systemBrownColor",
    ]

    /// The light-appearance value (sRGB, 0–255) a system color has in the SDK of `era`'s
    /// Xcode where that differs from what earlier Xcodes recorded in a document's
    /// `<resources>`: systemTeal, (90, 200, 250) in the iOS 13 and 14 SDKs and (48, 176, 199)
    /// from iOS 15 (Xcode 13), as Apple's Human Interface Guidelines list it. ibtool archives
    /// its SDK's value, not the recorded one: duckduckgo TabSwitcher, saved with teal
    /// (90, 200, 250) in `<resources>` and built by Xcode 13.2, archives (48, 176, 199);
    /// CodeBrewFramework (an Xcode 11 or 12 build) keeps (90, 200, 250). The other system
    /// colors archive the recorded value (every one of the corpus's nibs agrees with it).
    static func sdkSystemColor(_ name: String, era: XcodeEra) -> (Int, Int, Int)? {
        guard name == "systemTealColor" else { return nil }
        return era >= XcodeEra(13) ? (48, 176, 199) : (90, 200, 250)
    }

    /// A view's `<color key="backgroundColor">`. A chromatic system color there archives inside
    /// a modified-color wrapper: `UIDynamicModifiedBaseColor` the system color,
    /// `UIDynamicModifiedAlphaComponent` `DBL_MAX` (alpha unchanged), `UIDynamicModifiedContrast`
    /// 0, then the system color's own components. All seven chromatic system backgrounds of
    /// the corpus's nibs (systemRed, Orange, Yellow, Teal on views, a cell, a collection view and
    /// buttons: duckduckgo DaxOnboarding and TabSwitcher, Xcode 13.2; CodeBrewFramework,
    /// Whats-Cooking) are wrapped; no system gray or semantic background (172), and no
    /// chromatic tint or text color, is.
    static func backgroundColor(_ element: SourceElement, in context: UIKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let color = try self.color(element, in: context)
        guard context.era.resolvesSystemColors, let name = element["systemColor"],
            chromaticSystemColors.contains(name)
        else { return color }
        let wrapper = ArchivedObject(color.className)
        wrapper.set("UIDynamicModifiedBaseColor", color)
        wrapper.set("UIDynamicModifiedAlphaComponent", .float64(Double.greatestFiniteMagnitude))
        wrapper.set("UIDynamicModifiedContrast", int: 0)
        for (key, value) in color.values where key != "UISystemColorName" { wrapper.set(key, value) }
        return wrapper
    }

    static func prefixed(_ leading: [(String, ArchivedObject.Value)], _ base: ArchivedObject) -> ArchivedObject {
        let color = ArchivedObject(base.className)
        for (key, value) in leading { color.set(key, value) }
        for (key, value) in base.values { color.set(key, value) }
        return color
    }

    /// The system color an Xcode 11 document names for Xcode 11 and later
    /// (`xcode11CocoaTouchSystemColor`, beside a `cocoaTouchSystemColor` for older Xcodes), when
    /// the imitated ibtool resolves dynamic colors; `nil` otherwise. It archives as that
    /// `systemColor` would (leeja328 Random-Photo's launch screen, an Xcode 13 build:
    /// `systemBackgroundColor` as a gray with its name).
    static func xcode11SystemColor(_ element: SourceElement, era: XcodeEra) -> String? {
        era.resolvesSystemColors ? element["xcode11CocoaTouchSystemColor"] : nil
    }

    /// What makes two `<color>` elements the same color: the system name, or the color space
    /// (`customColorSpace` or `colorSpace`) and the components.
    static func sourceKey(_ element: SourceElement) -> String {
        if let name = element["name"] { return "color:catalog:" + name }
        if let name = element["xcode11CocoaTouchSystemColor"] { return "color:xcode11:" + name }
        if let name = element["cocoaTouchSystemColor"] { return "color:system:" + name }
        if let name = element["systemColor"] { return "color:dynamic:" + name }
        let space = element["colorSpace"] == "custom" ? element["customColorSpace"] : element["colorSpace"]
        let components = ["white", "red", "green", "blue", "alpha"].map { name in
            element.number(name).map { "\(name)=\($0.bitPattern)" } ?? ""
        }
        return "color:\(space ?? "?"):" + components.joined(separator: ",")
    }

    private static func runtimeColor(_ element: SourceElement, in context: UIKitContext) throws(CompileError)
        -> ArchivedObject
    {
        if let name = element["name"], element["catalog"] == "System" {
            // AppKit's system catalog (a color pasted from a Mac document): UIKit has no such
            // catalog, and ibtool archives opaque black RGB (duckduckgo PrivacyProtectionHomeCell,
            // Xcode 13.2: textColor from "System" → 0 0 0; 15 such colors in the wild iOS sources).
            try context.unmodelled(
                .unsupportedAttribute, element,
                "AppKit system color \"\(name)\" has no UIKit counterpart; archived as opaque black, as ibtool does")
            return rgbColor(red: 0, green: 0, blue: 0, alpha: 1, doubles: false)
        }
        if let name = element["name"] {
            // An asset catalog color (Xcode 9 and later): its name, looked up in the app's
            // catalog at load time, and the value the document's <resources> recorded. The
            // corpus's compiled nibs show it on 55 colors: UIDynamicCatalogName,
            // UIDynamicCatalogUseNibBundle true, then the color's own keys.
            guard let recorded = resourceColor(named: name, kind: "namedColor", for: element),
                recorded["name"] == nil
            else {
                throw context.error(
                    .invalidSource, element, "the named color \"\(name)\" has no <namedColor> value in <resources>")
            }
            return prefixed(
                [("UIDynamicCatalogName", .object(.string(name))), ("UIDynamicCatalogUseNibBundle", .bool(true))],
                try runtimeColor(recorded, in: context))
        }
        let dynamicName = xcode11SystemColor(element, era: context.era) ?? element["systemColor"]
        if dynamicName == nil, let name = element["cocoaTouchSystemColor"], systemWhites.contains(name) {
            return namedSystemColor(name)
        }
        if let name = dynamicName {
            // Dynamic system colors (iOS 13 SDK) archive their name and, from Xcode 11, their
            // light-appearance gray (Xcode 11 and later), known here for the colors in the table.
            guard context.era.resolvesSystemColors else {
                let color = ArchivedObject("UIColor")
                color.set("UISystemColorName", .string(name))
                return color
            }
            if let gray = dynamicGrays[name] {
                return grayColor(white: gray.white, alpha: gray.alpha, systemName: name)
            }
            // A system color whose value the imitated Xcode's SDK changed: the SDK's value,
            // whatever the saving Xcode recorded in <resources>.
            if let components = sdkSystemColor(name, era: context.era) {
                let sRGB = SourceElement(
                    name: "color",
                    attributes: [
                        "red": "\(Double(components.0) / 255)", "green": "\(Double(components.1) / 255)",
                        "blue": "\(Double(components.2) / 255)", "alpha": "1", "colorSpace": "custom",
                        "customColorSpace": "sRGB",
                    ],
                    line: element.line, column: element.column)
                return prefixed([("UISystemColorName", .object(.string(name)))], try runtimeColor(sRGB, in: context))
            }
            // Other system colors: their name and the light value the document's <resources>
            // recorded (UISystemColorName before an RGB or gray color's keys: 25 RGB and 205 gray
            // system colors in the corpus's compiled nibs).
            guard let recorded = resourceColor(named: name, kind: "systemColor", for: element),
                recorded["name"] == nil, recorded["systemColor"] == nil
            else {
                // UIKit resolves a system color by its name when it loads the nib (the form
                // Xcodes before 11 archive): the name alone keeps the color right at run time.
                try context.unmodelled(
                    .unsupportedAttribute, element,
                    "system color \"\(name)\" has no <systemColor> value in <resources> and its light value is not "
                        + "known here; archived by name only, which UIKit resolves at load time")
                let color = ArchivedObject("UIColor")
                color.set("UISystemColorName", .string(name))
                return color
            }
            if let white = recorded.number("white") {
                return grayColor(white: white, alpha: recorded.number("alpha") ?? 1, systemName: name)
            }
            return prefixed([("UISystemColorName", .object(.string(name)))], try runtimeColor(recorded, in: context))
        }
        if let name = element["cocoaTouchSystemColor"] {
            guard let gray = systemGrays[name] else {
                throw context.error(.unsupportedAttribute, element, "system color \"\(name)\" is not modelled")
            }
            return grayColor(white: gray.white, alpha: gray.alpha, systemName: name)
        }
        let alpha = element.number("alpha") ?? 1
        let isCustom = element["colorSpace"] == "custom"
        let space = isCustom ? element["customColorSpace"] : element["colorSpace"]
        // Colors are matched only from Xcode 8, and only in documents saved as color-matched
        // (`colorMatched="YES"`, the Xcode 8 format): Carbook (Xcode 10, an Xcode 7.3 document)
        // keeps its calibrated RGB components unchanged.
        let legacy = context.era < XcodeEra(8) || !element.documentIsColorMatched
        if let white = element.number("white") {
            // Before Xcode 8 (iOS 10 SDK, wide color), ibtool stored calibrated and device grays
            // as RGB with the same components, without color matching.
            // Copied components carry no float64 doubles (Carbook, built by Xcode 10).
            if legacy, ["calibratedWhite", "deviceWhite"].contains(space ?? "") {
                return rgbColor(red: white, green: white, blue: white, alpha: alpha, doubles: false)
            }
            switch (space, isCustom) {
            case ("genericGamma22GrayColorSpace", _):
                // A gray copied from the source keeps the components float32 cannot hold as
                // doubles right after each (duckduckgo FavoriteHomeCell: 0.333… at alpha 0.398…;
                // the corpus's four other grays with doubles), like RGB colors.
                // In a storyboard, rounded to ten places as sRGB components are (Home's search
                // cell: 0.66666666666666663 → 0.6666666667).
                if roundsDoubles(element, context) {
                    return uiKitGray(
                        white: roundedToTenDigits(white), alpha: roundedToTenDigits(alpha), doubles: true)
                }
                return uiKitGray(white: white, alpha: alpha, doubles: context.era.writesDoubleColorComponents)
            case ("calibratedWhite", false):
                // Matched by ColorSync to UIKit's gray: decoded with Generic Gray's gamma 1.8,
                // encoded with the sRGB curve (allianad ×3: 0.5 → 0.57230675, which the formula
                // gives to float32 precision). One source value shows it.
                return uiKitGray(white: matchedCalibratedGray(white), alpha: alpha)
            case ("deviceWhite", false):
                // Matched to UIKit's gray by ColorSync; no pair shows a device gray other than
                // black or white.
                guard white == 0 || white == 1 else {
                    throw context.error(
                        .unsupportedAttribute, element,
                        "gray \(white) in \(space ?? "?") needs a color-space conversion that is not modelled yet")
                }
                return uiKitGray(white: white, alpha: alpha)
            case ("calibratedWhite", true):
                // A custom calibrated gray is matched to sRGB; exact only at black and white.
                guard white == 0 || white == 1 else {
                    throw context.error(
                        .unsupportedAttribute, element,
                        "gray \(white) in \(space ?? "?") needs a color-space conversion that is not modelled yet")
                }
                return rgbColor(
                    red: white, green: white, blue: white, alpha: alpha,
                    doubles: context.era.writesDoubleColorComponents)
            default:
                try context.unmodelled(
                    .unsupportedAttribute, element, "gray color space \"\(space ?? "none")\" is not modelled")
            }
        }
        guard let red = element.number("red"), let green = element.number("green"), let blue = element.number("blue")
        else {
            throw context.error(
                .unsupportedElement, element,
                "this kind of color (\(element.attributes.keys.sorted().joined(separator: ", "))) is not modelled")
        }
        switch space {
        case "sRGB":
            // Xcode 13 writes the double components of a storyboard view's sRGB color rounded
            // to ten significant digits (duckduckgo, Xcode 13.2: the plain sRGB colors of its 20
            // storyboards, such as 0.13333333333333333 → 0.1333333333, 0.99999600649999998 →
            // 0.9999960065), while its xibs, attributed-string colors and named colors keep
            // every digit (NotificationView.xib: 0.68627450980392157 → 0.6862745098039216).
            if roundsDoubles(element, context) {
                let rounded = [red, green, blue, alpha].map(Self.roundedToTenDigits)
                return rgbColor(red: rounded[0], green: rounded[1], blue: rounded[2], alpha: rounded[3])
            }
            return rgbColor(
                red: red, green: green, blue: blue, alpha: alpha, doubles: context.era.writesDoubleColorComponents)
        case "calibratedRGB", "deviceRGB":
            if legacy {
                return rgbColor(red: red, green: green, blue: blue, alpha: alpha, doubles: false)
            }
            // Xcode 13's ColorSync matches calibrated white to 1.0000001 (float32's next value
            // above 1) in every component: 39 colors of the duckduckgo pairs (Xcode 13.2: Settings'
            // title attributes, TabSwitcher's label and tints, Home's tint), no `-Double` keys.
            if context.era.matchesCalibratedWhiteAboveOne, space == "calibratedRGB", red == 1, green == 1, blue == 1 {
                let above = Double(Float(1).nextUp)
                return rgbColor(red: above, green: above, blue: above, alpha: alpha, doubles: false)
            }
            // Black and white come out of ColorSync unchanged (allianad, Xcode 8).
            if red == green, green == blue, red == 0 || red == 1 {
                return rgbColor(
                    red: red, green: green, blue: blue, alpha: alpha, doubles: context.era.writesDoubleColorComponents)
            }
            // ColorSync matches calibrated RGB to extended sRGB through Apple's Generic RGB
            // profile (allianad: calibrated cyan 0, 1, 1 archives as -0.17282835, 0.9914395,
            // 1.0007813). No pair shows what a device RGB color becomes.
            guard space == "calibratedRGB" else {
                throw context.error(
                    .unsupportedAttribute, element,
                    "deviceRGB colors other than black and white are matched to sRGB by ColorSync in a way no pair shows"
                )
            }
            return try matchedColor(
                ColorConversion.genericRGBToSRGB(
                    [red, green, blue], relativeToWhite: context.era.matchesColorsRelativeToWhite),
                alpha: alpha, space: "calibratedRGB",
                element, in: context)
        case "displayP3":
            // Idrill7 (Xcode 9): P3 red (1, 0, 0) archives as extended sRGB 1.0930339,
            // -0.22667006, -0.15010196.
            return try matchedColor(
                ColorConversion.displayP3ToSRGB(
                    [red, green, blue], relativeToWhite: context.era.matchesColorsRelativeToWhite),
                alpha: alpha, space: "displayP3", element,
                in: context)
        default:
            throw context.error(
                .unsupportedAttribute, element, "color space \"\(space ?? "none")\" is not modelled")
        }
    }

    /// A color ColorSync would convert, converted by ``ColorConversion`` instead: float32
    /// components (ColorSync computes in float32, so no `-Double` keys), an approximation
    /// (a warning, or an error when the options refuse approximations).
    private static func matchedColor(
        _ components: [Double], alpha: Double, space: String, _ element: SourceElement, in context: UIKitContext
    ) throws(CompileError) -> ArchivedObject {
        let documented = "see docs/COMPILE.md, \"Color matching (iOS)\""
        let rounded = components.map { Double(Float($0)) }
        guard components.count == 3, rounded.allSatisfy(\.isFinite) else {
            throw context.error(.invalidSource, element, "the \(space) components are not finite numbers")
        }
        try context.approximate(
            .colorConversion, element,
            "\(space) color converted to extended sRGB (\(rounded.map { String(Float($0)) }.joined(separator: ", "))) with the color spaces' ICC colorants (relative to their whites for Xcode 13 and later); ColorSync's float32 components may differ by up to about 3e-7 (\(documented))"
        )
        return rgbColor(red: rounded[0], green: rounded[1], blue: rounded[2], alpha: alpha, doubles: false)
    }

    /// A calibrated (Generic Gray, gamma 1.8) gray level as ColorSync matches it to UIKit's
    /// gray: linearized with gamma 1.8, then encoded with the sRGB transfer curve. Exact at
    /// black and white.
    static func matchedCalibratedGray(_ white: Double) -> Double {
        guard white > 0 else { return 0 }
        guard white < 1 else { return 1 }
        let linear = pow(white, 1.8)
        return linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// Black as ibtool archives a control's default color: RGB before Xcode 8, UIKit's
    /// `blackColor` singleton after.
    static func black(in context: UIKitContext) -> ArchivedObject {
        context.era < XcodeEra(8)
            ? rgbColor(red: 0, green: 0, blue: 0, alpha: 1, doubles: false) : uiKitGray(white: 0, alpha: 1)
    }

    /// `+colorWithWhite:alpha:` returns UIKit's cached singletons for white, black and clear,
    /// which archive with their system name.
    static func uiKitGray(white: Double, alpha: Double, doubles: Bool = false) -> ArchivedObject {
        switch (white, alpha) {
        case (1, 1): grayColor(white: 1, alpha: 1, systemName: "whiteColor")
        case (0, 1): grayColor(white: 0, alpha: 1, systemName: "blackColor")
        case (0, 0): grayColor(white: 0, alpha: 0, systemName: "clearColor")
        default: grayColor(white: white, alpha: alpha, systemName: nil, doubles: doubles)
        }
    }

    /// Whether a color's double components are rounded to ten significant digits: an element's own
    /// color in an Xcode 13 storyboard; not an attributed string's, not a system color's value
    /// recorded in `<resources>` (duckduckgo Home's search cell keeps systemBlueColor's
    /// 0.47843137254901963), not a xib's.
    static func roundsDoubles(_ element: SourceElement, _ context: UIKitContext) -> Bool {
        guard context.era.roundsColorDoubles, element.parent?.name != "attributes",
            element.documentElement["type"]?.contains("Storyboard") == true
        else { return false }
        var ancestor = element.parent
        while let node = ancestor {
            if node.name == "resources" { return false }
            ancestor = node.parent
        }
        return true
    }

    /// `value` rounded to ten significant digits, as `%.10g` prints it (TabSwitcher's
    /// 0.086260028180000003 → 0.08626002818, where ten decimal places would give 0.0862600282).
    static func roundedToTenDigits(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        return Double(String(format: "%.10g", value)) ?? value
    }

    static func rgbColor(red: Double, green: Double, blue: Double, alpha: Double, doubles: Bool = true)
        -> ArchivedObject
    {
        let color = ArchivedObject("UIColor")
        color.set("UIColorComponentCount", int: 4)
        // Each component's double right after its float, as every corpus color with doubles
        // has them (the duckduckgo pairs' 73, COVIDSAFE's 23, 0senno's 17, …: UIRed,
        // UIRed-Double, UIGreen, …).
        for (key, value) in [("UIRed", red), ("UIGreen", green), ("UIBlue", blue), ("UIAlpha", alpha)] {
            color.set(key, .float32(Float(value)))
            if doubles, Double(Float(value)) != value { color.set(key + "-Double", .float64(value)) }
        }
        color.set("NSRGB", .data(Array(componentText([red, green, blue], alpha: alpha).utf8)))
        color.set("NSColorSpace", int: 2)
        return color
    }

    static func grayColor(white: Double, alpha: Double, systemName: String?, doubles: Bool = false) -> ArchivedObject {
        let color = ArchivedObject("UIColor")
        if let systemName { color.set("UISystemColorName", .string(systemName)) }
        color.set("UIColorComponentCount", int: 2)
        for (key, value) in [("UIWhite", white), ("UIAlpha", alpha)] {
            color.set(key, .float32(Float(value)))
            if doubles, Double(Float(value)) != value { color.set(key + "-Double", .float64(value)) }
        }
        color.set("NSWhite", .data(Array(componentText([white], alpha: alpha).utf8)))
        color.set("NSColorSpace", int: 4)
        return color
    }

    /// `NSRGB` / `NSWhite` text: components to 3 significant digits, alpha only when not 1.
    static func componentText(_ components: [Double], alpha: Double) -> String {
        (components + (alpha == 1 ? [] : [alpha])).map(shortNumber).joined(separator: " ")
    }

    static func shortNumber(_ value: Double) -> String {
        var text = String(format: "%.3g", value)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
