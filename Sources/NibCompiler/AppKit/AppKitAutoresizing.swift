/// AppKit's autoresizing, as ibtool applies it when it resizes a view while compiling (a clip
/// view's document view when the scroll view is tiled: test10_next_key). A superview whose size
/// changes by (dw, dh) gives each subview's flexible parts — left margin (`flexibleMinX`),
/// width, right margin (`flexibleMaxX`); bottom margin (`flexibleMinY`), height, top margin
/// (`flexibleMaxY`) — the whole change. Only one flexible part per axis is modelled (the change
/// is then exact); several are an error, as AppKit shares the change among them in proportion.
enum AppKitAutoresizing {
    /// Resizes the archived views of `element`'s subviews (found by id), after `element`'s own
    /// size changed from `oldSize` to `newSize`, and their subviews in turn; returns the new
    /// frames of the direct subviews, in document order.
    @discardableResult
    static func resizeSubviews(
        of element: SourceElement, from oldSize: [Double], to newSize: [Double], views: AppKitViewEncoder
    ) throws(CompileError) -> [[Double]] {
        let context = views.context
        let delta = [newSize[0] - oldSize[0], newSize[1] - oldSize[1]]
        var frames: [[Double]] = []
        for subview in element.child("subviews")?.children ?? [] {
            guard let id = subview["id"], let archived = context.objectsByID[id] else {
                throw context.error(.unsupportedElement, subview, "resizing this view is not modelled")
            }
            let frame = try ScrollViewRule.rect(subview, context)
            guard delta != [0, 0] else {
                frames.append(frame)
                continue
            }
            // An absent mask is the document's default, as AppKitViewEncoder archives it.
            let mask =
                subview.child("autoresizingMask", key: "autoresizingMask").map(AutoresizingRule.mask)
                ?? (views.usesAutolayout ? 0x0C : 0x28)
            var resized = frame
            // Per axis: the bits of the low margin, the size and the high margin.
            for (axis, parts) in [(0, [1, 2, 4]), (1, [8, 16, 32])] {
                let flexibleParts = parts.filter { mask & $0 != 0 }
                guard delta[axis] != 0, !flexibleParts.isEmpty else { continue }
                // Several flexible parts share the change equally: "distributes the size
                // difference as evenly as possible among the flexible portions" (NSView's
                // autoresizingMask documentation). No pair shows it, so it is a warning.
                if flexibleParts.count > 1 {
                    try context.unmodelled(
                        .unsupportedElement, subview,
                        "no pair shows a view with several flexible parts on one axis resized; the change is shared "
                            + "equally among them, as NSView's documentation says")
                }
                let share = delta[axis] / Double(flexibleParts.count)
                if flexibleParts.contains(parts[0]) { resized[axis] += share }
                if flexibleParts.contains(parts[1]) { resized[axis + 2] += share }
            }
            guard resized[2] >= 0, resized[3] >= 0 else {
                throw context.error(.unsupportedElement, subview, "this view would shrink below zero size")
            }
            ScrollViewRule.setFrame(archived, resized)
            try resizeSubviews(of: subview, from: [frame[2], frame[3]], to: [resized[2], resized[3]], views: views)
            frames.append(resized)
        }
        return frames
    }
}
