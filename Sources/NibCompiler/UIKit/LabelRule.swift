/// `<label>` → `UILabel`: text (localizable under `Base.lproj`), font, colors and the
/// adjust-to-fit keys.
enum LabelRule {
    static let rule = ViewRule(
        className: "UILabel",
        attributes: [
            "text", "textAlignment", "lineBreakMode", "baselineAdjustment", "minimumFontSize", "adjustsFontSizeToFit",
            "numberOfLines", "minimumScaleFactor", "adjustsLetterSpacingToFitWidth", "enabled", "highlighted",
            "preferredMaxLayoutWidth", "usesAttributedText", "adjustsFontForContentSizeCategory",
        ],
        children: ["fontDescription", "color", "size", "string", "attributedString"],
        encode: { element, object, context, _ throws(CompileError) in try encode(element, object, context) })

    static let alignments: [String: Int] = ["left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4]
    static let lineBreakModes: [String: Int] = [
        "wordWrap": 0, "characterWrap": 1, "clip": 2, "headTruncation": 3, "tailTruncation": 4, "middleTruncation": 5,
    ]

    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext) throws(CompileError)
    {
        for name in ["enabled", "highlighted"] where element[name] != nil {
            try context.unmodelled(.unsupportedAttribute, element, "label attribute \(name) is not modelled")
        }
        if element.flag("usesAttributedText") {
            if context.era.archivesAttributedTextAsGiven { return try encodeModernAttributed(element, object, context) }
            if element["adjustsLetterSpacingToFitWidth"] != nil {
                try context.unmodelled(
                    .unsupportedAttribute, element,
                    "adjustsLetterSpacingToFitWidth on an attributed label before Xcode 13 is not modelled")
            }
            return try encodeAttributed(element, object, context)
        }
        // A translator's note (`key="userComments"`) goes to the strings file, not the nib.
        if let attributed = element.children(named: "attributedString").first(where: { $0["key"] != "userComments" }) {
            try context.unmodelled(
                .unsupportedElement, attributed,
                "<attributedString> without usesAttributedText=\"YES\" is not modelled")
        }
        // Long or multi-line texts are written as a `<string key="text">` child.
        for string in element.children(named: "string") where string["key"] != "text" {
            try context.unmodelled(
                .unsupportedElement, string, "<string key=\"\(string["key"] ?? "")\"> is not modelled")
        }
        if let text = element["text"] ?? element.child("string", key: "text")?.text {
            object.set("UIText", context.text(text, id: element["id"], property: "text"))
        }
        // Between the text and the font (the corpus's three such labels and text view: ikyih-seed,
        // ertmuirm ×2).
        object.setFlag("UIAdjustsFontForContentSizeCategory", element.flag("adjustsFontForContentSizeCategory"))
        var pointSize: Double?
        if let font = element.child("fontDescription", key: "fontDescription") {
            let made = try FontRule.font(font, in: context)
            object.set("UIFont", made)
            // The font's size on iOS: a text style's, or the size the font archives (a zero
            // size resolved).
            if let style = font["style"], font["pointSize"] == nil {
                pointSize = FontRule.iOSTextStyleSizes[style]
            } else if case .float64(let size)? = made.value(forKey: "NSSize") {
                pointSize = size
            }
        }
        var hasTextColor = false
        for color in element.children(named: "color") {
            switch color["key"] {
            case "textColor":
                object.set("UITextColor", try textColor(color, in: context))
                hasTextColor = true
            case "backgroundColor", "tintColor":
                break
            case "highlightedColor":
                object.set("UIHighlightedColor", try ColorRule.color(color, in: context))
            case "shadowColor":
                object.set("UIShadowColor", try ColorRule.color(color, in: context))
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color, "label color \(color["key"] ?? "?") is not modelled")
            }
        }
        // `<nil key="textColor"/>`: Xcode 8 archives UIKit's blackColor and leaves the text color
        // following the trait collection (allianad, seven labels in three pairs); no pair shows
        // an older Xcode.
        let isNilColor = element.children.contains { $0.name == "nil" && $0["key"] == "textColor" }
        if isNilColor {
            _ = try context.modelledEra(
                for: element, "labels with a nil text color", modelled: XcodeEra(8)..<XcodeEra.unbounded,
                newest: .unbounded)
            // From the iOS 13 SDK (Xcode 11) UIKit's default is the dynamic labelColor: 118
            // labels of the corpus's nibs and the duckduckgo pairs with iOS 13 SDK keys, plain and
            // cells' UITableViewLabel, against blackColor in the 24 without them.
            object.set(
                "UITextColor",
                context.era.writesLargeContentProperties
                    ? ColorRule.grayColor(white: 0, alpha: 1, systemName: "labelColor") : ColorRule.black(in: context))
        } else if !hasTextColor {
            // No color in the source: the label's default is archived, darkTextColor, or black in
            // documents saved by Xcode 5 (which left a black text color out). From the iOS 13 SDK
            // the default is the dynamic labelColor (duckduckgo Settings, Xcode 13.2: a static
            // cell's label without a color element), as for a nil color above.
            let color =
                if element.savedBy < XcodeEra(6) {
                    ColorRule.black(in: context)
                } else if context.era.writesLargeContentProperties {
                    ColorRule.grayColor(white: 0, alpha: 1, systemName: "labelColor")
                } else {
                    ColorRule.grayColor(white: 0, alpha: 1, systemName: "darkTextColor")
                }
            object.set("UITextColor", color)
            hasTextColor = true
        }
        // An absent alignment is left. From Xcode 7 (iOS 9 SDK) the alignment is always archived
        // (left 0 in pogoros and TipCalculator, natural 4 in Byjuanamn); before, only non-left ones.
        let alignment = element["textAlignment"] ?? "left"
        guard let alignmentCode = alignments[alignment] else {
            throw context.error(.unsupportedAttribute, element, "textAlignment \"\(alignment)\" is unknown")
        }
        try encodeLayout(
            element, object, context, pointSize: pointSize, alignment: alignmentCode, attributedText: nil,
            disablesTraitTextColor: !isNilColor)
    }

    /// The label's keys from its shadow offset on, shared by plain and attributed labels:
    /// `UIShadowOffset` (UILabel's default {0, -1} when the source has none), the adjust-to-fit
    /// keys, line break mode and number of lines, `UITextAlignment` (`alignment`), then
    /// `attributedText` when given, the baseline adjustment, minimum scale factor, preferred
    /// width and `UIDisableUpdateTextColorOnTraitCollectionChange`.
    private static func encodeLayout(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, pointSize: Double?,
        alignment alignmentCode: Int, attributedText: ArchivedObject?, disablesTraitTextColor: Bool
    ) throws(CompileError) {
        // UILabel leaves a zero shadow offset out: Idrill7's attributed labels (Xcode 9) and the
        // five plain labels of the corpus's nibs without the key (0senno's, Xcode 16; COVIDSAFE's,
        // Xcode 11), against the 335 labels of the corpus's nibs that have the key.
        let offset = element.child("size", key: "shadowOffset")
        let shadow = [offset?.number("width") ?? 0, offset?.number("height") ?? -1]
        if shadow != [0, 0] { object.set("UIShadowOffset", ArchivedObject.geometry(shadow)) }
        // Interface Builder's autoshrink: "Minimum Font Size" writes minimumFontSize, "Minimum
        // Font Scale" minimumScaleFactor, both without adjustsFontSizeToFit (on by default);
        // "Fixed Font Size" writes adjustsFontSizeToFit="NO". A scale factor archives the minimum
        // font size it gives at the label's point size (duckduckgo Onboarding, Xcode 13.2: 32 ×
        // 0.5 → 16 and, for attributed text in 17-point ProximaNova, 8.5).
        let adjusts =
            element.flag("adjustsFontSizeToFit")
            || (element["adjustsFontSizeToFit"] == nil && element.number("minimumScaleFactor") != nil)
        if let minimum = element.number("minimumFontSize") {
            object.set("UIAdjustsFontSizeToFit", .bool(true))
            object.set("UIMinimumFontSize", .float32(Float(minimum)))
        } else if adjusts {
            object.set("UIAdjustsFontSizeToFit", .bool(true))
            if let factor = element.number("minimumScaleFactor"), let pointSize, abs(factor * pointSize) <= 1e9 {
                object.set("UIMinimumFontSize", .float32(Float(factor * pointSize)))
            }
        }
        if let mode = element["lineBreakMode"] {
            guard let code = lineBreakModes[mode] else {
                throw context.error(.unsupportedAttribute, element, "lineBreakMode \"\(mode)\" is unknown")
            }
            if code != 4 { object.set("UILineBreakMode", int: code) }
        }
        if let lines = element["numberOfLines"], let count = Int(lines), count != 1 {
            object.set("UINumberOfLines", int: count)
        }
        if alignmentCode != 0 || context.era.writesLabelAlignmentAlways {
            object.set("UITextAlignment", int: alignmentCode)
        }
        if let attributedText { object.set("UIAttributedText", attributedText) }
        try encodeBaselineAdjustment(element, into: object, context: context)
        if let factor = element.number("minimumScaleFactor") {
            object.set("UIMinimumScaleFactor", .float32(Float(factor)))
        } else if let minimum = element.number("minimumFontSize"), let pointSize, pointSize > 0 {
            object.set("UIMinimumScaleFactor", .float32(Float(minimum / pointSize)))
        }
        // After the scale factor (Onboarding's two labels, Debug's).
        if element.flag("adjustsLetterSpacingToFitWidth") { object.set("UIAdjustsLetterSpacingToFit", .bool(true)) }
        if let width = element.number("preferredMaxLayoutWidth") {
            object.set("UIPreferredMaxLayoutWidth", .float32(Float(width)))
        }
        if context.era.writesTraitTextColorFlag {
            object.set("UIDisableUpdateTextColorOnTraitCollectionChange", .bool(disablesTraitTextColor))
        }
    }

    /// A label with `usesAttributedText="YES"` as Xcode 13's ibtool archives it, learned from
    /// the 69 attributed labels of the duckduckgo pairs (Xcode 13.2):
    ///
    /// - `UIText` is the fragment's text (a plain `NSString`), `UIFont` its `NSFont`, `UITextColor`
    ///   its `NSColor`, or the dynamic `labelColor` when it has none (Feedback's three);
    /// - the layout keys are a plain label's (``encodeLayout(_:_:_:pointSize:alignment:attributedText:disablesTraitTextColor:)``,
    ///   shadow offset {0, -1}), `UITextAlignment` being the paragraph style's alignment (natural
    ///   without one), and `UIDisableUpdateTextColorOnTraitCollectionChange` false;
    /// - `UIAttributedText` is an `NSMutableAttributedString` whose attributes are exactly the
    ///   fragment's (no `NSShadow`): the paragraph style takes the label's line break mode, and is
    ///   an `NSMutableParagraphStyle` when that changed it (source `wordWrapping` under a
    ///   tail-truncating label: 29 styles) or an `NSParagraphStyle` when not (`truncatingTail`:
    ///   13), its mode left out when it is word wrapping (0); `NSAlignment` in AppKit's
    ///   numbering, the line metrics, `NSTabStops` nil.
    ///
    /// Several fragments (attribute runs) keep the first one's attributes, with a warning.
    static func encodeModernAttributed(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext)
        throws(CompileError)
    {
        guard let source = element.child("attributedString", key: "attributedText") else {
            throw context.error(
                .invalidSource, element,
                "usesAttributedText=\"YES\" without an <attributedString key=\"attributedText\">")
        }
        let fragments = source.children(named: "fragment")
        guard let first = fragments.first else {
            throw context.error(.invalidSource, source, "the attributed text has no <fragment>")
        }
        if fragments.count > 1 {
            try context.unmodelled(
                .unsupportedElement, source,
                "attributed text with \(fragments.count) attribute runs is not modelled; archived with the first run's attributes"
            )
        }
        var texts: [String] = []
        var fragment: AttributedStringRule.Fragment?
        for piece in fragments {
            let wrapper = SourceElement(
                name: "attributedString", attributes: [:], line: source.line, column: source.column)
            wrapper.children = [piece]
            let read = try AttributedStringRule.fragment(wrapper, in: context, readsEveryParagraphStyle: true)
            texts.append(read.text)
            if piece === first { fragment = read }
        }
        guard let fragment else { return }
        for child in element.children where ["fontDescription", "string"].contains(child.name) {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> on a label with attributed text is ignored, as ibtool does"
            )
        }
        let text = texts.joined()
        object.set("UIText", .string(text))
        object.setFlag("UIAdjustsFontForContentSizeCategory", element.flag("adjustsFontForContentSizeCategory"))
        let font: ArchivedObject
        if let given = fragment.font {
            font = given
        } else {
            // No NSFont: UILabel's default, the 17-point system font.
            font = try FontRule.font(
                SourceElement(
                    name: "fontDescription", attributes: ["type": "system", "pointSize": "17"], line: element.line,
                    column: element.column),
                in: context)
        }
        object.set("UIFont", font)
        object.set("UITextColor", fragment.color ?? ColorRule.grayColor(white: 0, alpha: 1, systemName: "labelColor"))
        for color in element.children(named: "color") {
            switch color["key"] {
            case "backgroundColor", "tintColor", "textColor": break
            case "highlightedColor": object.set("UIHighlightedColor", try ColorRule.color(color, in: context))
            case "shadowColor": object.set("UIShadowColor", try ColorRule.color(color, in: context))
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color,
                    "color \(color["key"] ?? "?") on a label with attributed text is not modelled")
            }
        }
        let mode = element["lineBreakMode"] ?? "tailTruncation"
        let lineBreakCode = lineBreakModes[mode] ?? 4
        var attributes: [(ArchivedObject, ArchivedObject)] = []
        if let color = fragment.color { attributes.append((.string("NSColor"), color)) }
        if fragment.hasParagraphStyle {
            let sourceMode =
                fragment.paragraphLineBreakMode.flatMap { AttributedStringRule.paragraphLineBreakModes[$0] } ?? 0
            let style = ArchivedObject(sourceMode == lineBreakCode ? "NSParagraphStyle" : "NSMutableParagraphStyle")
            if let code = AttributedStringRule.archivedAlignment(fragment.alignment ?? "natural") {
                style.set("NSAlignment", int: code)
            }
            // NSParagraphStyle leaves its default mode (word wrapping, 0) out, as it does the
            // natural alignment (Feedback's CategoryCell title, Xcode 13.2).
            if lineBreakCode != 0 { style.set("NSLineBreakMode", int: lineBreakCode) }
            for (key, value) in fragment.paragraphMetrics { style.set(key, .float64(value)) }
            style.set("NSTabStops", .null)
            attributes.append((.string("NSParagraphStyle"), style))
        }
        if let font = fragment.font { attributes.append((.string("NSFont"), font)) }
        if let background = fragment.backgroundColor { attributes.append((.string("NSBackgroundColor"), background)) }
        let mutableText = ArchivedObject("NSMutableString")
        mutableText.set("NS.bytes", .data(Array(text.utf8)))
        let string = ArchivedObject("NSMutableAttributedString")
        string.set("NSString", mutableText)
        string.set("NSAttributes", .dictionary("NSDictionary", attributes))
        let alignment = alignments[fragment.hasParagraphStyle ? fragment.alignment ?? "natural" : "natural"] ?? 4
        let fontSize =
            first.child("attributes")?.children.first { $0.name == "font" && $0["key"] == "NSFont" }?.number("size")
        try encodeLayout(
            element, object, context, pointSize: fontSize ?? 17, alignment: alignment, attributedText: string,
            disablesTraitTextColor: false)
    }

    /// A label's text color. Xcode 7's ibtool archived a black calibrated or device RGB text
    /// color as UIKit's `darkTextColor` (Byjuanamn, built by Xcode 7.0: five labels; Xcode 9/10
    /// keep RGB black, Idrill7). Seen in one pair only.
    static func textColor(_ element: SourceElement, in context: UIKitContext) throws(CompileError) -> ArchivedObject {
        let isBlackRGB =
            ["calibratedRGB", "deviceRGB"].contains(element["colorSpace"] ?? "")
            && ["red", "green", "blue"].allSatisfy { element.number($0) == 0 } && (element.number("alpha") ?? 1) == 1
        if isBlackRGB, context.era >= XcodeEra(7), context.era < XcodeEra(8) {
            let color = ColorRule.grayColor(white: 0, alpha: 1, systemName: "darkTextColor")
            color.sharingKey = ColorRule.sourceKey(element)
            return color
        }
        return try ColorRule.color(element, in: context)
    }

    /// iOS `NSTextAlignment` of the paragraph alignments ``AttributedStringRule`` accepts.
    static let paragraphTextAlignments: [String: Int] = ["center": 1, "justified": 3]

    /// A label with `usesAttributedText="YES"`, as Xcode 9's ibtool archives it (Idrill7, three
    /// labels): the label's text, font and text color are the fragment's string, `NSFont` and
    /// `NSColor` (the same objects), its alignment the paragraph style's, and `UIAttributedText`
    /// is what UILabel makes of the fragment: an `NSMutableAttributedString` on the same
    /// `NSMutableString`, whose paragraph style (`NSMutableParagraphStyle`) takes the label's
    /// line break mode (middle truncation 5 although the source style says word wrapping) and
    /// which gains `NSShadow` (nil color: the label has no shadow). The label archives no
    /// `UIShadowOffset` (the source's is zero) and `UIDisableUpdateTextColorOnTraitCollectionChange`
    /// false. Other Xcodes, shadows, a missing font, color or paragraph style are refused.
    static func encodeAttributed(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext)
        throws(CompileError)
    {
        _ = try context.modelledEra(
            for: element, "labels with attributed text", modelled: XcodeEra(9)..<XcodeEra.unbounded,
            newest: .unbounded)
        for name in ["text", "textAlignment", "minimumFontSize", "minimumScaleFactor", "preferredMaxLayoutWidth"]
        where element[name] != nil {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a label with attributed text is not modelled"
            )
        }
        if context.isBaseLocalized {
            try context.unmodelled(
                .unsupportedAttribute, element, "localizable attributed label text is not modelled")
        }
        guard let source = element.child("attributedString", key: "attributedText") else {
            throw context.error(
                .invalidSource, element,
                "usesAttributedText=\"YES\" without an <attributedString key=\"attributedText\">")
        }
        for child in element.children where ["fontDescription", "string"].contains(child.name) {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> on a label with attributed text is not modelled")
        }
        let fragment = try AttributedStringRule.fragment(source, in: context)
        guard let font = fragment.font, let color = fragment.color, fragment.hasParagraphStyle,
            let alignment = fragment.alignment, let alignmentCode = paragraphTextAlignments[alignment]
        else {
            throw context.error(
                .unsupportedElement, source,
                "attributed label text without NSFont, NSColor and an aligned NSParagraphStyle is not modelled")
        }
        // The label's shadow becomes the string's NSShadow: only "no shadow" is modelled.
        let offset = element.child("size", key: "shadowOffset")
        guard let offset, offset.number("width") == 0, offset.number("height") == 0 else {
            throw context.error(
                .unsupportedElement, element, "attributed label text with a shadow offset is not modelled")
        }
        for color in element.children(named: "color") {
            switch color["key"] {
            case "backgroundColor", "tintColor": break
            case "highlightedColor": object.set("UIHighlightedColor", try ColorRule.color(color, in: context))
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color,
                    "color \(color["key"] ?? "?") on a label with attributed text is not modelled")
            }
        }
        let text = ArchivedObject("NSMutableString")
        text.set("NS.bytes", .data(Array(fragment.text.utf8)))
        object.set("UIText", text)
        object.setFlag("UIAdjustsFontForContentSizeCategory", element.flag("adjustsFontForContentSizeCategory"))
        object.set("UIFont", font)
        object.set("UITextColor", color)
        if let lines = element["numberOfLines"], let count = Int(lines), count != 1 {
            object.set("UINumberOfLines", int: count)
        }
        let mode = element["lineBreakMode"] ?? "tailTruncation"
        guard let lineBreakCode = lineBreakModes[mode] else {
            throw context.error(.unsupportedAttribute, element, "lineBreakMode \"\(mode)\" is unknown")
        }
        if lineBreakCode != 4 { object.set("UILineBreakMode", int: lineBreakCode) }
        object.set("UITextAlignment", int: alignmentCode)
        try encodeBaselineAdjustment(element, into: object, context: context)
        if element.flag("adjustsFontSizeToFit") { object.set("UIAdjustsFontSizeToFit", .bool(true)) }
        let shadow = ArchivedObject("NSShadow")
        shadow.set("NSShadowColor", .null)
        var attributes: [(ArchivedObject, ArchivedObject)] = [
            (.string("NSFont"), font),
            (
                .string("NSParagraphStyle"),
                AttributedStringRule.paragraphStyle(
                    className: "NSMutableParagraphStyle", alignment: alignment, lineBreakMode: lineBreakCode)
            ),
        ]
        if let background = fragment.backgroundColor { attributes.append((.string("NSBackgroundColor"), background)) }
        attributes += [(.string("NSShadow"), shadow), (.string("NSColor"), color)]
        let string = ArchivedObject("NSMutableAttributedString")
        string.set("NSString", text)
        string.set("NSAttributes", .dictionary("NSDictionary", attributes))
        object.set("UIAttributedText", string)
        if context.era.writesTraitTextColorFlag {
            object.set("UIDisableUpdateTextColorOnTraitCollectionChange", .bool(false))
        }
    }

    /// `UIBaselineAdjustment`: an absent `baselineAdjustment` is Interface Builder's default,
    /// alignCenters (1); alignBaselines (0) writes nothing.
    private static func encodeBaselineAdjustment(
        _ element: SourceElement, into object: ArchivedObject, context: UIKitContext
    ) throws(CompileError) {
        switch element["baselineAdjustment"] {
        case "alignBaselines": break
        case nil, "alignCenters": object.set("UIBaselineAdjustment", int: 1)
        case "none": object.set("UIBaselineAdjustment", int: 2)
        case let other?:
            try context.unmodelled(.unsupportedAttribute, element, "baselineAdjustment \"\(other)\" is unknown")
        }
    }
}
