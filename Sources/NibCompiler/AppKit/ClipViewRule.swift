import NibArchive

/// `<clipView key="contentView">` → `NSClipView`, the scroll view's content view. Its frame is
/// set by ``ScrollViewRule`` when it tiles the scroll view.
///
/// | Key | Source |
/// |---|---|
/// | `NSvFlags` | 0x100 (the autoresizing mask is not archived) |
/// | `NSDocView`, `NSNextKeyView` | the only subview |
/// | `NSBGColor` | `<color key="backgroundColor">`, else a table document view's background color |
/// | `NScvFlags` | `drawsBackground` (absent: YES) 4, `copiesOnScroll="NO"` 2; written when not 0 |
/// | `NSAutomaticallyAdjustsContentInsets` | always true |
enum ClipViewRule {
    /// The clip view attributes this rule reads.
    static let attributes: Set<String> = ["drawsBackground", "copiesOnScroll"]

    /// Encodes `element` into `clip` (already tracked), whose superview is `scroll`; returns the
    /// archived document view.
    static func encode(
        _ element: SourceElement, _ clip: ArchivedObject, scroll: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject? {
        let context = views.context
        let kind = AppKitViewEncoder.Kind(attributes: attributes, children: ["color"])
        let rest = try views.encodeView(element, clip, superview: scroll, kind: kind)
        // The scroll view sizes its clip view itself: the autoresizing mask is not archived.
        clip.replace("NSvFlags", int: 0x100)
        var background: ArchivedObject?
        for child in rest {
            guard child.name == "color", child["key"] == "backgroundColor" else {
                throw context.error(
                    .unsupportedElement, child, "<\(child.name)> inside a <clipView> is not supported yet")
            }
            background = try AppKitColorRule.color(child, context: context)
        }
        let subviews = clip.object(forKey: "NSSubviews").map(Self.elements) ?? []
        guard subviews.count <= 1 else {
            throw context.error(.unsupportedElement, element, "a <clipView> with several subviews is not supported yet")
        }
        let document = subviews.first
        if let document {
            clip.set("NSNextKeyView", document)
            clip.set("NSDocView", document)
        }
        if let background { clip.set("NSBGColor", background) }
        var flags = 0
        if element["drawsBackground"] != "NO" { flags |= 4 }
        if element["copiesOnScroll"] == "NO" { flags |= 2 }
        if flags != 0 { clip.set("NScvFlags", int: flags) }
        clip.set("NSAutomaticallyAdjustsContentInsets", .bool(true))
        return document
    }

    /// The elements of an inlined collection.
    static func elements(_ collection: ArchivedObject) -> [ArchivedObject] {
        collection.values.compactMap { entry in
            guard entry.key == NibArchive.Builder.emptyKey, case .object(let object) = entry.value else { return nil }
            return object
        }
    }
}
