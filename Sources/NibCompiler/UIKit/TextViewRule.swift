/// `<textView>` → `UITextView`: the scroll view's keys (``UIKitScrollViewRule``: a text view is a
/// scroll view), the content size, the text (plain, localizable or attributed), font, color,
/// alignment, the editable and selectable switches and the data detectors.
///
/// | Key | Source |
/// |---|---|
/// | `UIScrollView…`, `UIBounceEnabled`, `UIShows…ScrollIndicator`, `UIScrollDisabled`, `UIBouncesZoom`, … | the scroll view attributes, as ``UIKitScrollViewRule`` writes them |
/// | `UIContentSize` | `scrollEnabled="NO"`: the frame's size; otherwise {frame width, 8 + 8 text container insets + one line of the font} |
/// | `UIText` | `text` or `<string key="text">`, when not empty (`NSLocalizableString` under `Base.lproj`); attributed: the fragment's text, a plain `NSString` |
/// | `UIAttributedText` | with text: an `NSAttributedString` of the same string whose attributes are `NSColor` (the text color, when given), `NSParagraphStyle` (an `NSMutableParagraphStyle` with the alignment) and `NSFont` (the same font object); attributed (Xcode 13): the fragment's attributes |
/// | `UIAllowsEditingTextAttributes` | true for `allowsEditingTextAttributes="YES"` |
/// | `UIAdjustsFontForContentSizeCategory` | true for `adjustsFontForContentSizeCategory="YES"` |
/// | `UIFont` | `<fontDescription>`; attributed: the fragment's `NSFont` |
/// | `UITextColor` | `<color key="textColor">`; attributed: the fragment's `NSColor` |
/// | `UITextAlignment` | `textAlignment`, written even when left; attributed: the paragraph style's, natural without one |
/// | `UIEditable`, `UISelectable` | false for `editable="NO"`, `selectable="NO"`; absent otherwise |
/// | `UIDataDetectorTypes` | `<dataDetectorType>`: `UIDataDetectorTypes` bits (phone number 1, link 2, address 4, calendar event 8, shipment tracking number 16, flight number 32, lookup suggestion 64) |
///
/// Learned from the mobilewits Files and SQLite pairs (empty text views, system 14 pt) and the
/// pogoros Sylladise pairs ("Sylladise", Optima-Bold 75 pt, centered, white, neither editable
/// nor selectable; Xcode 7 builds), and for Xcode 13.2 from duckduckgo's Feedback and Settings
/// (five text views: scroll view attributes, localizable text, attributed text, data detectors).
/// The corpus's eleven compiled text views (iOS 11 to 13 SDKs) archive the same scroll view keys.
///
/// The content size is the one value that needs text layout: a text view that does not scroll
/// is as large as its text, so ibtool archives its frame's size (the four such text views of the
/// corpus's nibs and the four of Settings). Otherwise the line height of each font the pairs
/// show is known (``lineHeights``); for text, or another font, NibKit assumes one line (of 1.2 ×
/// the point size, rounded up, for an unknown font) and reports the size as an approximation
/// (``NibCompiler/Approximations``); UIKit lays the text out again when the view is shown.
enum TextViewRule {
    /// The `textView` entry of ``ViewRule/all``.
    static let rule = ViewRule(
        className: "UITextView",
        attributes: UIKitScrollViewRule.attributes.union([
            "text", "textAlignment", "editable", "selectable", "usesAttributedText", "allowsEditingTextAttributes",
            "adjustsFontForContentSizeCategory",
        ]),
        children: UIKitScrollViewRule.children.union([
            "fontDescription", "textInputTraits", "color", "string", "attributedString", "dataDetectorType",
        ]),
        encode: { element, object, context, _ throws(CompileError) in try encode(element, object, context) })

    /// The height of one line of a font, by font type or name and point size, as the pairs show
    /// it (content height − 16): system 14 pt, 17 under the iOS 7/8 SDKs' Helvetica Neue (33 in
    /// mobilewits); Optima-Bold 75 pt, 92 (108 in Sylladise).
    static let lineHeights: [String: Double] = ["system 14": 17, "Optima-Bold 75": 92]

    /// The top and bottom text container insets of a text view.
    static let verticalInsets = 16.0

    /// `UIDataDetectorTypes` bits by `<dataDetectorType>` attribute (UIKit's public values).
    static let dataDetectorBits: [String: Int] = [
        "phoneNumber": 1, "link": 2, "address": 4, "calendarEvent": 8, "shipmentTrackingNumber": 16,
        "flightNumber": 32, "lookupSuggestion": 64,
    ]

    /// Appends the text view's own keys.
    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext) throws(CompileError)
    {
        // Xcode 6 and 7 (mobilewits, pogoros) and 13 (duckduckgo) are shown by pairs.
        if context.era >= XcodeEra(8) {
            _ = try context.modelledEra(
                for: element, "text views", modelled: XcodeEra(13)..<XcodeEra(14), newest: XcodeEra(13),
                shown: "Xcode 6, 7 and 13")
        }
        if element.flag("usesAttributedText") {
            guard context.era.archivesAttributedTextAsGiven else {
                throw context.error(
                    .unsupportedElement, element, "attributed text view text is modelled for Xcode 13 only")
            }
            return try encodeAttributed(element, object, context)
        }
        guard let fontElement = element.child("fontDescription", key: "fontDescription") else {
            throw context.error(.invalidSource, element, "a text view needs a <fontDescription>")
        }
        let font = try FontRule.font(fontElement, in: context)
        // A text style's size is the style's on iOS (Settings' footnote text view).
        guard
            let size = fontElement.number("pointSize")
                ?? fontElement["style"].flatMap({ FontRule.iOSTextStyleSizes[$0] }),
            size > 0, size < 10_000
        else {
            throw context.error(.invalidSource, element, "a text view needs a font with a point size")
        }
        var textColor: ArchivedObject?
        for color in element.children(named: "color") {
            switch color["key"] {
            case "backgroundColor": break
            case "textColor": textColor = try ColorRule.color(color, in: context)
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color, "text view color \(color["key"] ?? "?") is not modelled")
            }
        }
        let alignment = element["textAlignment"] ?? "left"
        guard let alignmentCode = LabelRule.alignments[alignment] else {
            throw context.error(.unsupportedAttribute, element, "textAlignment \"\(alignment)\" is unknown")
        }
        let text = element["text"] ?? element.child("string", key: "text")?.text ?? ""
        try UIKitScrollViewRule.encodeScrollKeys(
            element, object, context, isCollectionView: false,
            contentSize: try contentSize(element, context, text: text, font: fontElement, pointSize: size))
        if !text.isEmpty {
            let string = context.text(text, id: element["id"], property: "text")
            object.set("UIText", string)
            var attributes: [(ArchivedObject, ArchivedObject)] = []
            if let textColor { attributes.append((.string("NSColor"), textColor)) }
            attributes.append(
                (
                    .string("NSParagraphStyle"),
                    AttributedStringRule.paragraphStyle(
                        className: "NSMutableParagraphStyle", alignment: alignment, lineBreakMode: 0)
                ))
            attributes.append((.string("NSFont"), font))
            let attributed = ArchivedObject("NSAttributedString")
            // A localizable text's attributed string holds its development string (Settings).
            attributed.set("NSString", string.object(forKey: "NSDev") ?? string)
            attributed.set("NSAttributes", .dictionary("NSDictionary", attributes))
            object.set("UIAttributedText", attributed)
        }
        object.setFlag("UIAdjustsFontForContentSizeCategory", element.flag("adjustsFontForContentSizeCategory"))
        object.set("UIFont", font)
        if let textColor {
            object.set("UITextColor", textColor)
            // Before the iOS 13 SDK a text view's color is fixed against trait changes as a
            // label's is (``XcodeEra/writesTraitTextColorFlag``): the corpus's 5 text views of
            // Xcode 8 to 10 (Google61, chadanewsom) have the flag after their color; none of the
            // iOS 13 SDK's with a color (Umarovm ×2, COVIDSAFE) has it.
            if context.era.writesTraitTextColorFlag, !context.era.writesLargeContentProperties {
                object.set("UIDisableUpdateTextColorOnTraitCollectionChange", .bool(true))
            }
        }
        // The alignment is written even when it is the default (left).
        object.set("UITextAlignment", int: alignmentCode)
        try encodeSwitches(element, object, context)
    }

    /// A text view with `usesAttributedText="YES"`, as Xcode 13.2 archives it (Settings' GPC
    /// text view): `UIText` the fragment's text as a plain `NSString` (not localizable), the
    /// `NSAttributedString` of that string with the fragment's attributes, `UIFont` and
    /// `UITextColor` the fragment's `NSFont` and `NSColor`, the alignment the paragraph style's
    /// (natural without one).
    private static func encodeAttributed(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext)
        throws(CompileError)
    {
        guard let source = element.child("attributedString", key: "attributedText") else {
            throw context.error(
                .invalidSource, element,
                "usesAttributedText=\"YES\" without an <attributedString key=\"attributedText\">")
        }
        let fragment = try AttributedStringRule.fragment(source, in: context, readsEveryParagraphStyle: true)
        guard let font = fragment.font else {
            throw context.error(
                .unsupportedElement, source, "attributed text view text without an NSFont is not modelled")
        }
        for child in element.children where ["fontDescription", "string"].contains(child.name) {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> on a text view with attributed text is ignored")
        }
        for color in element.children(named: "color") where color["key"] != "backgroundColor" {
            try context.unmodelled(
                .unsupportedAttribute, color,
                "color \(color["key"] ?? "?") on a text view with attributed text is not modelled; left out")
        }
        try UIKitScrollViewRule.encodeScrollKeys(
            element, object, context, isCollectionView: false,
            contentSize: try contentSize(
                element, context, text: fragment.text, font: nil, pointSize: pointSize(of: font) ?? 12))
        let string = ArchivedObject.string(fragment.text)
        object.set("UIText", string)
        var attributes: [(ArchivedObject, ArchivedObject)] = [(.string("NSFont"), font)]
        if let color = fragment.color { attributes.append((.string("NSColor"), color)) }
        if fragment.hasParagraphStyle {
            let style = ArchivedObject("NSParagraphStyle")
            if let code = AttributedStringRule.archivedAlignment(fragment.alignment ?? "natural") {
                style.set("NSAlignment", int: code)
            }
            let mode = fragment.paragraphLineBreakMode.flatMap { AttributedStringRule.paragraphLineBreakModes[$0] } ?? 0
            if mode != 0 { style.set("NSLineBreakMode", int: mode) }
            for (key, value) in fragment.paragraphMetrics { style.set(key, .float64(value)) }
            style.set("NSTabStops", .null)
            attributes.append((.string("NSParagraphStyle"), style))
        }
        if let background = fragment.backgroundColor { attributes.append((.string("NSBackgroundColor"), background)) }
        let attributed = ArchivedObject("NSAttributedString")
        attributed.set("NSString", string)
        attributed.set("NSAttributes", .dictionary("NSDictionary", attributes))
        object.set("UIAttributedText", attributed)
        object.setFlag("UIAllowsEditingTextAttributes", element.flag("allowsEditingTextAttributes"))
        object.setFlag("UIAdjustsFontForContentSizeCategory", element.flag("adjustsFontForContentSizeCategory"))
        object.set("UIFont", font)
        if let color = fragment.color { object.set("UITextColor", color) }
        let alignment = fragment.hasParagraphStyle ? fragment.alignment ?? "natural" : "natural"
        object.set("UITextAlignment", int: LabelRule.alignments[alignment] ?? 4)
        try encodeSwitches(element, object, context)
    }

    /// The point size an archived font holds.
    private static func pointSize(of font: ArchivedObject) -> Double? {
        switch font.value(forKey: "UIFontPointSize") {
        case .float64(let points)?: points
        case .float32(let points)?: Double(points)
        case .integer(let points)?: Double(points)
        default: nil
        }
    }

    /// The content size: a text view that does not scroll is archived at its frame's size; one
    /// that scrolls holds one line of its font (an approximation unless the pairs show it).
    private static func contentSize(
        _ element: SourceElement, _ context: UIKitContext, text: String, font: SourceElement?, pointSize: Double
    ) throws(CompileError) -> [Double] {
        let frame = element.child("rect", key: "frame")
        let width = frame?.number("width") ?? 0
        if element["scrollEnabled"] == "NO" { return [width, frame?.number("height") ?? 0] }
        let fontKey = "\(font?["type"] ?? font?["name"] ?? "?") \(PriorityText.text(pointSize))"
        let known = lineHeights[fontKey]
        let lineHeight = known ?? (pointSize * 1.2).rounded(.up)
        if known == nil || !text.isEmpty {
            try context.approximate(
                .textLayout, element,
                "the content size {\(PriorityText.text(width)), \(PriorityText.text(verticalInsets + lineHeight))} "
                    + "assumes \(text.isEmpty ? "" : "the text fits on ")one line of \(fontKey) pt "
                    + (known == nil ? "estimated as 1.2 × the point size " : "")
                    + "(NibKit has no glyph metrics; UIKit lays the text out again)")
        }
        return [width, verticalInsets + lineHeight]
    }

    /// The text input traits, the editable and selectable switches and the data detectors.
    private static func encodeSwitches(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext)
        throws(CompileError)
    {
        // The traits follow the alignment (two text views of the corpus's nibs with
        // UIEnablesReturnKeyAutomatically); sentences is the text view's own capitalization.
        try TextInputTraitsRule.encode(element, on: object, defaultCapitalization: "sentences", context: context)
        for name in ["editable", "selectable"] {
            switch element[name] {
            case nil, "YES": break
            case "NO": object.set(name == "editable" ? "UIEditable" : "UISelectable", .bool(false))
            case let value?:
                throw context.error(.invalidSource, element, "\(name)=\"\(value)\" is not YES or NO")
            }
        }
        defer { if context.era.writesTextHighlightKeys { encodeTextHighlight(object) } }
        guard let detectors = element.child("dataDetectorType", key: "dataDetectorTypes") else { return }
        var bits = 0
        for (name, value) in detectors.attributes where name != "key" {
            guard let bit = dataDetectorBits[name] else {
                try context.unmodelled(
                    .unsupportedAttribute, detectors, "data detector \(name) is not modelled; left out")
                continue
            }
            if value == "YES" { bits |= bit }
        }
        if bits != 0 { object.set("UIDataDetectorTypes", int: bits) }
    }

    /// The iOS 18 SDK's text view keys (``XcodeEra/writesTextHighlightKeys``), last:
    /// `UITextAllowsNumberPadPopover` true and the default `UITextHighlightAttributes`, an
    /// `NSDictionary` of `NSColor` (systemBlueColor as the Mac that ran ibtool resolved it: 0,
    /// 0.533, 1) and `NSTextHighlightOutlineColor` (secondarySystemFillColor: 0.471, 0.471, 0.502,
    /// alpha 0.16), as eagle-eyexk's text view (16) archives them.
    private static func encodeTextHighlight(_ object: ArchivedObject) {
        func resolved(_ name: String, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> ArchivedObject
        {
            let components = ColorRule.rgbColor(red: red, green: green, blue: blue, alpha: alpha)
            let color = ArchivedObject("UIColor")
            color.set("UISystemColorName", .string(name))
            for (key, value) in components.values { color.set(key, value) }
            color.sharingKey = "color:uikit:resolved:\(name)"
            return color
        }
        object.set("UITextAllowsNumberPadPopover", .bool(true))
        object.set(
            "UITextHighlightAttributes",
            .dictionary(
                "NSDictionary",
                [
                    (.string("NSColor"), resolved("systemBlueColor", 0, 136.0 / 255, 1, 1)),
                    (
                        .string("NSTextHighlightOutlineColor"),
                        resolved("secondarySystemFillColor", 120.0 / 255, 120.0 / 255, 128.0 / 255, 0.16)
                    ),
                ]))
    }
}
