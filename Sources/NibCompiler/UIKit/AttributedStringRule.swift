/// `<attributedString>` with one `<fragment>` → the pieces of an `NSAttributedString`: its text
/// and its attribute dictionary (`NSFont`, `NSColor`, `NSBackgroundColor`, `NSParagraphStyle`),
/// as Idrill7's labels (Xcode 9) and pogoros' button titles show them.
///
/// | Source | Archived |
/// |---|---|
/// | `<fragment content="T">` | the string T |
/// | `<font key="NSFont" name="N" size="S">` | `UIFont` N at S points (named fonts only) |
/// | `<color key="NSColor">`, `<color key="NSBackgroundColor">` | `UIColor` (``ColorRule``) |
/// | `<paragraphStyle key="NSParagraphStyle" alignment=…>` | `NSParagraphStyle`: `NSAlignment` in AppKit's numbering (center 2, justified 3), `NSTabStops` nil |
///
/// A paragraph style's `lineBreakMode="wordWrapping"`, `baseWritingDirection="natural"` and
/// `tighteningFactorForTruncation="0.0"` archive nothing (the defaults). Several fragments
/// (attribute runs), other attributes and other values are refused.
enum AttributedStringRule {
    /// One fragment's text and attributes, before a control normalizes them.
    struct Fragment {
        /// The fragment's text.
        var text: String
        /// The `NSFont` attribute.
        var font: ArchivedObject?
        /// The `NSColor` attribute.
        var color: ArchivedObject?
        /// The `NSBackgroundColor` attribute.
        var backgroundColor: ArchivedObject?
        /// The paragraph alignment's name (`center`, `justified`) when a paragraph style is given.
        var alignment: String?
        /// Whether the fragment has an `NSParagraphStyle`.
        var hasParagraphStyle = false
    }

    /// Paragraph alignments seen in the pairs → `NSAlignment` (AppKit's `NSTextAlignment`
    /// numbering, which `NSParagraphStyle` archives on iOS too: center 2 where UIKit's is 1).
    static let paragraphAlignments: [String: Int] = ["center": 2, "justified": 3]

    /// Reads the single fragment of `element` (an `<attributedString>`).
    static func fragment(_ element: SourceElement, in context: UIKitContext) throws(CompileError) -> Fragment {
        let fragments = element.children(named: "fragment")
        guard fragments.count == 1, element.children.count == 1, let source = fragments.first else {
            throw context.error(
                .unsupportedElement, element,
                "attributed strings with \(fragments.count) fragments are not modelled (one fragment is)")
        }
        for name in source.attributes.keys where name != "content" {
            try context.unmodelled(.unsupportedAttribute, source, "fragment attribute \(name) is not modelled")
        }
        guard let text = source["content"] else {
            throw context.error(
                .unsupportedElement, source, "a <fragment> without a content attribute is not modelled")
        }
        var fragment = Fragment(text: text)
        for child in source.children {
            guard child.name == "attributes" else {
                throw context.error(
                    .unsupportedElement, child, "<\(child.name)> inside <fragment> is not modelled")
            }
            for attribute in child.children {
                switch (attribute.name, attribute["key"]) {
                case ("font", "NSFont"):
                    fragment.font = try font(attribute, in: context)
                case ("color", "NSColor"):
                    fragment.color = try ColorRule.color(attribute, in: context)
                case ("color", "NSBackgroundColor"):
                    fragment.backgroundColor = try ColorRule.color(attribute, in: context)
                case ("paragraphStyle", "NSParagraphStyle"):
                    fragment.alignment = try paragraphAlignment(attribute, in: context)
                    fragment.hasParagraphStyle = true
                default:
                    try context.unmodelled(
                        .unsupportedElement, attribute,
                        "attributed string attribute <\(attribute.name) key=\"\(attribute["key"] ?? "")\"> is not modelled"
                    )
                }
            }
        }
        return fragment
    }

    /// An `NSParagraphStyle`-kind object: `NSAlignment` when an alignment is given, the line
    /// break mode when it is not word wrapping (0), and `NSTabStops` nil.
    static func paragraphStyle(className: String, alignment: String?, lineBreakMode: Int) -> ArchivedObject {
        let style = ArchivedObject(className)
        if let alignment, let code = paragraphAlignments[alignment] { style.set("NSAlignment", int: code) }
        if lineBreakMode != 0 { style.set("NSLineBreakMode", int: lineBreakMode) }
        style.set("NSTabStops", .null)
        return style
    }

    /// `<font key="NSFont" name= size=>`: a named font (``FontRule/namedFont(_:size:element:in:)``).
    private static func font(_ element: SourceElement, in context: UIKitContext) throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys where !["key", "name", "size", "family"].contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "NSFont attribute \(name) is not modelled")
        }
        guard let name = element["name"], let size = element.number("size") else {
            throw context.error(
                .unsupportedAttribute, element, "an NSFont without a name and size is not modelled")
        }
        return try FontRule.namedFont(name, size: size, element: element, in: context)
    }

    /// Checks a `<paragraphStyle>` and returns its alignment name (nil when absent).
    private static func paragraphAlignment(_ element: SourceElement, in context: UIKitContext) throws(CompileError)
        -> String?
    {
        for name in element.attributes.keys {
            let value = element[name] ?? ""
            switch (name, value) {
            case ("key", _), ("lineBreakMode", "wordWrapping"), ("baseWritingDirection", "natural"):
                break
            case ("tighteningFactorForTruncation", _) where element.number(name) == 0:
                break
            case ("alignment", _) where paragraphAlignments[value] != nil:
                break
            default:
                try context.unmodelled(
                    .unsupportedAttribute, element, "paragraph style \(name)=\"\(value)\" is not modelled")
            }
        }
        if let child = element.children.first {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside <paragraphStyle> is not modelled")
        }
        return element["alignment"]
    }
}
