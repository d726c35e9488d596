/// `<textView>` → `UITextView`: the scroll view's zoom bounce, the content size of the laid-out
/// text, the text (plain and attributed), font, color, alignment and the editable and
/// selectable switches.
///
/// | Key | Source |
/// |---|---|
/// | `UIBouncesZoom` | always true |
/// | `UIContentSize` | {frame width, 8 + 8 text container insets + one line of the font} |
/// | `UIText` | `text`, when not empty |
/// | `UIAttributedText` | with text: an `NSAttributedString` of the same string whose attributes are `NSColor` (the text color, when given), `NSParagraphStyle` (an `NSMutableParagraphStyle` with the alignment) and `NSFont` (the same font object) |
/// | `UIFont` | `<fontDescription>` |
/// | `UITextColor` | `<color key="textColor">` |
/// | `UITextAlignment` | `textAlignment`, written even when left |
/// | `UIEditable`, `UISelectable` | false for `editable="NO"`, `selectable="NO"`; absent otherwise |
///
/// Learned from the mobilewits Files and SQLite pairs (empty text views, system 14 pt) and the
/// pogoros Sylladise pairs ("Sylladise", Optima-Bold 75 pt, centered, white, neither editable
/// nor selectable; Xcode 7 builds).
///
/// The content size is the one value that needs text layout: the line height of each font
/// the pairs show is known (``lineHeights``). For text, or another font, NibKit assumes one
/// line (of 1.2 × the point size, rounded up, for an unknown font) and reports the size as an
/// approximation (``NibCompiler/Approximations``); UIKit lays the text out again when the view
/// is shown.
enum TextViewRule {
    /// The `textView` entry of ``ViewRule/all``.
    static let rule = ViewRule(
        className: "UITextView",
        attributes: ["text", "textAlignment", "editable", "selectable"],
        children: ["fontDescription", "textInputTraits", "color"],
        encode: { element, object, context, _ throws(CompileError) in try encode(element, object, context) })

    /// The height of one line of a font, by font type or name and point size, as the pairs show
    /// it (content height − 16): system 14 pt, 17 under the iOS 7/8 SDKs' Helvetica Neue (33 in
    /// mobilewits); Optima-Bold 75 pt, 92 (108 in Sylladise).
    static let lineHeights: [String: Double] = ["system 14": 17, "Optima-Bold 75": 92]

    /// The top and bottom text container insets of a text view.
    static let verticalInsets = 16.0

    /// Appends the text view's own keys.
    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext) throws(CompileError)
    {
        _ = try context.modelledEra(
            for: element, "text views", modelled: XcodeEra(0)..<XcodeEra(8), newest: XcodeEra(7),
            shown: "Xcode 6 and 7")
        guard let fontElement = element.child("fontDescription", key: "fontDescription"),
            let size = fontElement.number("pointSize"), size > 0, size < 10_000
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
        let text = element["text"] ?? ""
        if !text.isEmpty, context.isBaseLocalized {
            try context.unmodelled(
                .unsupportedAttribute, element, "localizable text view text is not modelled (no pair shows it)")
        }
        let width = element.child("rect", key: "frame")?.number("width") ?? 0
        let fontKey = "\(fontElement["type"] ?? fontElement["name"] ?? "?") \(PriorityText.text(size))"
        let known = lineHeights[fontKey]
        let lineHeight = known ?? (size * 1.2).rounded(.up)
        if known == nil || !text.isEmpty {
            try context.approximate(
                .textLayout, element,
                "the content size {\(PriorityText.text(width)), \(PriorityText.text(verticalInsets + lineHeight))} "
                    + "assumes \(text.isEmpty ? "" : "the text fits on ")one line of \(fontKey) pt "
                    + (known == nil ? "estimated as 1.2 × the point size " : "")
                    + "(NibKit has no glyph metrics; UIKit lays the text out again)")
        }
        let font = try FontRule.font(fontElement, in: context)
        // A text view is a scroll view: the SDK's inset adjustment keys around the zoom bounce and
        // content size, as ``UIKitScrollViewRule`` writes them (duckduckgo Feedback's text view,
        // Xcode 13.2).
        if context.era.writesScrollIndicatorInsetAdjustment {
            object.set("UIScrollViewIndicatorInsetAdjustmentBehavior", int: 1)
        }
        object.set("UIBouncesZoom", .bool(true))
        object.set("UIContentSize", ArchivedObject.geometry([width, verticalInsets + lineHeight]))
        if context.era.writesContentInsetAdjustment {
            object.set("UIScrollViewContentInsetAdjustmentBehavior", int: 0)
        }
        if !text.isEmpty {
            let string = ArchivedObject.string(text)
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
            attributed.set("NSString", string)
            attributed.set("NSAttributes", .dictionary("NSDictionary", attributes))
            object.set("UIAttributedText", attributed)
        }
        object.set("UIFont", font)
        if let textColor { object.set("UITextColor", textColor) }
        // The alignment is written even when it is the default (left).
        object.set("UITextAlignment", int: alignmentCode)
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
    }
}
