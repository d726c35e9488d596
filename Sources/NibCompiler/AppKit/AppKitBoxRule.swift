/// `<box boxType="separator">` → `NSBox` (`box_separator_autoresize`). Boxes with a content
/// view are not modelled: ibtool lays their content view out with AppKit's title metrics
/// (`test_box_titled`: a 560 × 100 box's content view becomes 560 × 88, offsets `{0, 0}`).
///
/// | Key | Value |
/// |---|---|
/// | `NSSubviews` | empty |
/// | `NSOffsets` | `{5, 5}` |
/// | `NSTitleCell` | an `NSTextFieldCell` with the title ("Title" by default), the small system font, centered, `NSControlView` nil, `textBackgroundColor` background and `labelColor` text |
/// | `NSBorderType` | 3 |
/// | `NSBoxType` | 2 (separator) |
/// | `NSTitlePosition` | 2 |
/// | `NSTransparent` | false |
enum AppKitBoxRule {
    /// What a box is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(attributes: ["boxType", "title"], writesEmptySubviews: true)

    /// The archived separator box for `element`.
    static func box(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        guard element["boxType"] == "separator" else {
            throw context.error(
                .unsupportedAttribute, element, "boxes other than separators are not supported yet")
        }
        if let subviews = element.child("subviews"), !subviews.children.isEmpty {
            throw context.error(.unsupportedElement, subviews, "a separator box with subviews is not supported yet")
        }
        let box = ControlRule.swapped(ArchivedObject("NSBox"), customClass: element["customClass"])
        context.track(box, id: element["id"], parent: parent)
        _ = try views.encodeView(element, box, superview: superview, kind: kind)
        box.set("NSOffsets", .string("{5, 5}"))
        let title = ArchivedObject("NSTextFieldCell")
        title.set("NSCellFlags", .integer(0x0400_0000))
        title.set("NSCellFlags2", .integer(0x0800_0000))
        title.set("NSContents", .string(element["title"] ?? "Title"))
        title.set(
            "NSSupport",
            AppKitFontRule.make(
                name: AppKitFontRule.system, size: 11, type: 12, textStyle: nil, usesAppearanceSize: false))
        title.set("NSControlView", .null)
        title.set(
            "NSBackgroundColor",
            try AppKitColorRule.catalogColor("textBackgroundColor", element: element, context: context))
        title.set("NSTextColor", try AppKitColorRule.catalogColor("labelColor", element: element, context: context))
        box.set("NSTitleCell", title)
        box.set("NSBorderType", int: 3)
        box.set("NSBoxType", int: 2)
        box.set("NSTitlePosition", int: 2)
        box.set("NSTransparent", .bool(false))
        return box
    }
}
