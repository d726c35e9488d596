/// `<textView>` → `UITextView`: the scroll view's zoom bounce, the content size of the laid-out
/// text, font and alignment. Only empty text views are compiled: a text view archives the size
/// its text lays out to (`UIContentSize`) and, for non-empty text, an `NSAttributedString`,
/// which need the font's metrics.
enum TextViewRule {
    /// The `textView` entry of ``ViewRule/all``.
    static let rule = ViewRule(
        className: "UITextView",
        attributes: ["text", "textAlignment"],
        children: ["fontDescription", "textInputTraits", "color"],
        encode: { element, object, context, _ throws(CompileError) in try encode(element, object, context) })

    /// The height of an empty text view's content, by font type and point size: the default
    /// text container insets (8 + 8) plus one line of the font, rounded up, as the pairs show
    /// (system 14 pt: 33 under the iOS 7/8 SDKs' Helvetica Neue).
    static let emptyContentHeights: [String: Double] = ["system 14": 33]

    /// Appends the text view's own keys.
    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext) throws(CompileError)
    {
        if let text = element["text"], !text.isEmpty {
            throw context.error(
                .unsupportedAttribute, element,
                "text views with text are not supported yet (their content size needs the font's metrics)")
        }
        guard context.era < XcodeEra(8) else {
            throw context.error(
                .unsupportedElement, element,
                "text views are modelled for Xcode 6 and 7 only (this is Xcode \(context.era))")
        }
        guard let font = element.child("fontDescription", key: "fontDescription"),
            let size = font.number("pointSize"),
            let height = emptyContentHeights["\(font["type"] ?? font["name"] ?? "?") \(PriorityText.text(size))"]
        else {
            throw context.error(
                .unsupportedAttribute, element,
                "the content size of a text view is known for a 14 pt system font only")
        }
        for color in element.children(named: "color") where color["key"] != "backgroundColor" {
            throw context.error(
                .unsupportedAttribute, color, "text view color \(color["key"] ?? "?") is not supported yet")
        }
        if let traits = element.child("textInputTraits", key: "textInputTraits") {
            for name in traits.attributes.keys where name != "key" {
                // Sentences is the text view's default capitalization and is not archived.
                guard name == "autocapitalizationType", traits[name] == "sentences" else {
                    throw context.error(
                        .unsupportedAttribute, traits, "text view input trait \(name) is not supported yet")
                }
            }
        }
        let width = element.child("rect", key: "frame")?.number("width") ?? 0
        object.set("UIBouncesZoom", .bool(true))
        object.set("UIContentSize", ArchivedObject.geometry([width, height]))
        object.set("UIFont", try FontRule.font(font, in: context))
        let alignment = element["textAlignment"] ?? "left"
        guard let alignmentCode = LabelRule.alignments[alignment] else {
            throw context.error(.unsupportedAttribute, element, "textAlignment \"\(alignment)\" is unknown")
        }
        // The alignment is written even when it is the default (left).
        object.set("UITextAlignment", int: alignmentCode)
    }
}
