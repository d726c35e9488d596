import NibArchive

/// `<clipView key="contentView">` → `NSClipView`, the scroll view's content view. Its frame is
/// set by ``ScrollViewRule`` when it tiles the scroll view.
///
/// | Key | Source |
/// |---|---|
/// | `NSvFlags` | 0x100 (the autoresizing mask is not archived) |
/// | `NSDocView`, `NSNextKeyView` | the only subview |
/// | `NSBGColor` | `<color key="backgroundColor">`, else a table document view's background color, else catalog `controlBackgroundColor`; none for `<nil key="backgroundColor">` (HSChooserWindow) |
/// | `NSCursor` | the I-beam (type 0, hot spot {1, -1}) when the document is a text view |
/// | `NScvFlags` | `drawsBackground` (absent: YES) 4, `copiesOnScroll="NO"` 2; written when not 0 |
/// | `NSAutomaticallyAdjustsContentInsets` | always true |
enum ClipViewRule {
    /// The clip view attributes this rule reads.
    static let attributes: Set<String> = ["drawsBackground", "copiesOnScroll"]

    /// Encodes `element` into `clip` (already tracked), whose superview is `scroll`; returns the
    /// archived document view.
    static func encode(
        _ element: SourceElement, _ clip: ArchivedObject, scroll: ArchivedObject?, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject? {
        let context = views.context
        let kind = AppKitViewEncoder.Kind(attributes: attributes, children: ["color", "nil"])
        let rest = try views.encodeView(element, clip, superview: scroll, kind: kind)
        // A scroll view sizes its clip view itself: the autoresizing mask is not archived.
        if scroll != nil { clip.replace("NSvFlags", int: 0x100) }
        var background: ArchivedObject?
        var hasNoBackground = false
        for child in rest {
            if child.name == "nil", child["key"] == "backgroundColor" {
                hasNoBackground = true
                continue
            }
            guard child.name == "color", child["key"] == "backgroundColor" else {
                throw context.error(
                    .unsupportedElement, child, "<\(child.name)> inside a <clipView> is not modelled")
            }
            background = try AppKitColorRule.color(child, context: context)
        }
        let subviews = clip.object(forKey: "NSSubviews").map(Self.elements) ?? []
        guard subviews.count <= 1 else {
            throw context.error(.unsupportedElement, element, "a <clipView> with several subviews is not modelled")
        }
        let document = subviews.first
        if let document {
            clip.set("NSNextKeyView", document)
            clip.set("NSDocView", document)
        }
        if hasNoBackground {
            // No background color at all (HSChooserWindow).
        } else if let background {
            clip.set("NSBGColor", background)
        } else if let document, let tableBackground = document.object(forKey: "NSBackgroundColor"),
            AppKitTableViewRule.isTable(document)
        {
            clip.set("NSBGColor", tableBackground)
        } else {
            clip.set(
                "NSBGColor",
                try AppKitColorRule.catalogColor("controlBackgroundColor", element: element, context: context))
        }
        if let document, AppKitTextViewRule.isTextView(document) {
            // The I-beam cursor over a text document.
            let cursor = ArchivedObject("NSCursor")
            cursor.set("NSHotSpot", .string("{1, -1}"))
            cursor.set("NSCursorType", int: 0)
            clip.set("NSCursor", cursor)
        }
        var flags = 0
        if element["drawsBackground"] != "NO" { flags |= 4 }
        if element["copiesOnScroll"] == "NO" { flags |= 2 }
        if flags != 0 { clip.set("NScvFlags", int: flags) }
        clip.set("NSAutomaticallyAdjustsContentInsets", .bool(true))
        return document
    }

    /// A window's `<clipView key="contentView">` (test6_whitecolor, test7_clipview): it keeps its
    /// origin and autoresizing mask and takes the window's content size; its text document view,
    /// as large as the clip view in the source, takes that size too.
    static func contentView(
        _ element: SourceElement, window: ArchivedObject, contentSize: [Double], views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let clip = ArchivedObject("NSClipView")
        context.track(clip, id: element["id"], parent: window)
        let document = try encode(element, clip, scroll: nil, views: views)
        let frame = try ScrollViewRule.rect(element, context)
        guard let document, AppKitTextViewRule.isTextView(document),
            let documentElement = element.child("subviews")?.children.first,
            try ScrollViewRule.rect(documentElement, context)[2...] == frame[2...],
            documentElement.child("autoresizingMask", key: "autoresizingMask").map({
                $0.flag("widthSizable") && $0.flag("heightSizable")
            }) ?? false
        else {
            throw context.error(
                .unsupportedElement, element,
                "a window content clip view other than one filled by a sizable text view is not modelled")
        }
        ScrollViewRule.setFrame(clip, [frame[0], frame[1], contentSize[0], contentSize[1]])
        ScrollViewRule.setFrame(document, [0, 0, contentSize[0], contentSize[1]])
        AppKitTextViewRule.setWidth(document, contentSize[0])
        return clip
    }

    /// The elements of an inlined collection.
    static func elements(_ collection: ArchivedObject) -> [ArchivedObject] {
        collection.values.compactMap { entry in
            guard entry.key == NibArchive.Builder.emptyKey, case .object(let object) = entry.value else { return nil }
            return object
        }
    }
}
