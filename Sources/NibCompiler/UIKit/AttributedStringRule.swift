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
        /// The paragraph style's line break mode name (`wordWrapping`, `truncatingTail`, …).
        var paragraphLineBreakMode: String?
        /// The paragraph style's spacing and line height values, as `NSParagraphStyle` archives
        /// them (`NSLineSpacing`, `NSLineHeightMultiple`, `NSMinLineHeight`, …).
        var paragraphMetrics: [(key: String, value: Double)] = []
    }

    /// `NSParagraphStyle`'s line break modes (`NSLineBreakMode`) by Interface Builder name.
    static let paragraphLineBreakModes: [String: Int] = [
        "wordWrapping": 0, "charWrapping": 1, "clipping": 2, "truncatingHead": 3, "truncatingTail": 4,
        "truncatingMiddle": 5,
    ]
    /// Every `NSTextAlignment` in AppKit's numbering, which `NSParagraphStyle` archives on iOS
    /// too (duckduckgo's 69 attributed labels, Xcode 13.2: natural 4, center 2, right 1).
    static let allParagraphAlignments: [String: Int] = [
        "left": 0, "right": 1, "center": 2, "justified": 3, "natural": 4,
    ]
    /// Paragraph style attributes with a number → the `NSParagraphStyle` key they archive as
    /// (duckduckgo: lineSpacing, lineHeightMultiple and minimumLineHeight, 40 styles).
    static let paragraphMetricKeys: [(attribute: String, key: String)] = [
        ("lineSpacing", "NSLineSpacing"), ("minimumLineHeight", "NSMinLineHeight"),
        ("lineHeightMultiple", "NSLineHeightMultiple"),
    ]

    /// Paragraph alignments seen in the pairs → `NSAlignment` (AppKit's `NSTextAlignment`
    /// numbering, which `NSParagraphStyle` archives on iOS too: center 2 where UIKit's is 1).
    static let paragraphAlignments: [String: Int] = ["center": 2, "justified": 3]

    /// The `NSAlignment` an `NSParagraphStyle` archives for a source alignment: AppKit's
    /// number, nil for left (0), which the style's coder leaves out as its zero default. No
    /// iOS nib of the corpus archives 0, while the pairs' sources hold three left-aligned
    /// paragraph styles (ActionMessageView, Feedback ×2; Xcode 13.2) and their natural (4),
    /// right (1), center (2) and justified (3) styles all archive the number.
    static func archivedAlignment(_ alignment: String?) -> Int? {
        guard let alignment, let code = allParagraphAlignments[alignment], code != 0 else { return nil }
        return code
    }

    /// Reads the single fragment of `element` (an `<attributedString>`).
    /// `readsEveryParagraphStyle` accepts every alignment, line break mode and the line
    /// metrics (the Xcode 13 label form); otherwise only what the older forms show is read and
    /// the rest is reported.
    static func fragment(_ element: SourceElement, in context: UIKitContext, readsEveryParagraphStyle: Bool = false)
        throws(CompileError) -> Fragment
    {
        let fragments = element.children(named: "fragment")
        guard fragments.count == 1, element.children.count == 1, let source = fragments.first else {
            throw context.error(
                .unsupportedElement, element,
                "attributed strings with \(fragments.count) fragments are not modelled (one fragment is)")
        }
        for name in source.attributes.keys where name != "content" {
            try context.unmodelled(.unsupportedAttribute, source, "fragment attribute \(name) is not modelled")
        }
        // A text with line breaks is written as a `<string key="content">` child.
        guard let text = source["content"] ?? source.child("string", key: "content")?.text else {
            throw context.error(
                .unsupportedElement, source, "a <fragment> without a content attribute is not modelled")
        }
        var fragment = Fragment(text: text)
        for child in source.children where !(child.name == "string" && child["key"] == "content") {
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
                    fragment.alignment = try paragraphAlignment(
                        attribute, in: context, readsEverything: readsEveryParagraphStyle)
                    fragment.hasParagraphStyle = true
                    fragment.paragraphLineBreakMode = attribute["lineBreakMode"]
                    fragment.paragraphMetrics = paragraphMetricKeys.compactMap { name, key in
                        attribute.number(name).flatMap { abs($0) <= 1e9 ? (key, $0) : nil }
                    }
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

    /// An `NSParagraphStyle`-kind object: `NSAlignment` when an alignment other than left is
    /// given (``archivedAlignment(_:)``), the line break mode when it is not word wrapping (0),
    /// and `NSTabStops` nil.
    static func paragraphStyle(className: String, alignment: String?, lineBreakMode: Int) -> ArchivedObject {
        let style = ArchivedObject(className)
        if let code = archivedAlignment(alignment) { style.set("NSAlignment", int: code) }
        if lineBreakMode != 0 { style.set("NSLineBreakMode", int: lineBreakMode) }
        style.set("NSTabStops", .null)
        return style
    }

    /// `<font key="NSFont" name= size=>`: a named font (``FontRule/namedFont(_:size:element:in:)``);
    /// `metaFont="system"`: the system font at that size.
    ///
    /// ibtool resolves an attributed string's fonts when it compiles, against the fonts installed
    /// on the Mac that runs it: a named font that is no font the rules know macOS to have is not
    /// found, and the string gets the system font at the same size, with a warning here since the
    /// build Mac's fonts are not known. The fonts an app ships (`<customFonts>`) are not installed
    /// there, so they are not found either, although `<fontDescription>`s naming them keep the name.
    /// Evidence: duckduckgo, Xcode 13.2 — PrivacyProtectionHomeCell (ProximaNova-Semibold 16 without
    /// `<customFonts>` → `.SFUI-Regular` 16), DaxOnboarding (ProximaNova-Bold 32, listed in
    /// `<customFonts>` → `.SFUI-Regular` 32 while the same document's buttons keep ProximaNova-Bold),
    /// Feedback and PrivacyProtection (ProximaNova-Regular and -Semibold, listed, likewise).
    private static func font(_ element: SourceElement, in context: UIKitContext) throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys where !["key", "name", "size", "family", "metaFont"].contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "NSFont attribute \(name) is not modelled")
        }
        guard let size = element.number("size"), size > 0, size <= 1e6 else {
            throw context.error(.unsupportedAttribute, element, "an NSFont without a size is not modelled")
        }
        if let name = element["name"] {
            if FontRule.namedFontTraits[name] != nil {
                return try FontRule.namedFont(name, size: size, element: element, in: context)
            }
            try context.unmodelled(
                .unsupportedAttribute, element,
                "font \(name) is not a font known to be installed on the Mac (an app's own <customFonts> are not); archived as the system font, as ibtool does for a font it cannot find"
            )
        } else if let meta = element["metaFont"], meta != "system" {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "NSFont metaFont \"\(meta)\" is not modelled; archived as the system font")
        }
        return try FontRule.font(
            SourceElement(
                name: "fontDescription", attributes: ["type": "system", "pointSize": GeometryFormat.text(size)],
                line: element.line, column: element.column),
            in: context)
    }

    /// Checks a `<paragraphStyle>` and returns its alignment name (nil when absent).
    private static func paragraphAlignment(_ element: SourceElement, in context: UIKitContext, readsEverything: Bool)
        throws(CompileError) -> String?
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
            case ("allowsDefaultTighteningForTruncation", "NO") where readsEverything:
                break
            case ("lineBreakMode", _) where readsEverything && paragraphLineBreakModes[value] != nil:
                break
            case ("alignment", _) where readsEverything && allParagraphAlignments[value] != nil:
                break
            case (_, _)
            where readsEverything && paragraphMetricKeys.contains(where: { $0.attribute == name })
                && element.number(name) != nil:
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
