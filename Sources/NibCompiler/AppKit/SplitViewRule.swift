/// `<splitView>` → `NSSplitView` (learned from `test_splitview_props`).
///
/// | Source | Archived |
/// |---|---|
/// | the view part | ``AppKitViewEncoder/encodeView(_:_:superview:kind:reversesSubviews:)``; `<subviews>` are the panes |
/// | `vertical="YES"` | `NSIsVertical` true |
/// | `dividerStyle` | `NSDividerStyle`: `NSSplitView.DividerStyle` raw values (thick 1, thin 2, paneSplitter 3) |
/// | `autosaveName` | `NSAutosaveName` |
/// | `<holdingPriorities>` | nothing while every pane holds at the default 250 |
/// | each pane | `NSViewClipsToBoundsKeyName` true (split views clip their panes; `IBNSClipsToBounds` stays 0), from Xcode 15 (AVRFuses: 14.0 no, 15.3 yes) |
enum SplitViewRule {
    /// `dividerStyle` → `NSSplitView.DividerStyle` raw value.
    static let dividerStyles = ["thick": 1, "thin": 2, "paneSplitter": 3]

    static let kind = AppKitViewEncoder.Kind(
        attributes: ["vertical", "dividerStyle", "autosaveName"], children: ["holdingPriorities"])

    /// The archived split view for `element`.
    static func splitView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        if element["customClass"] != nil {
            try context.unmodelled(.unsupportedAttribute, element, "split views with a custom class are not modelled")
        }
        let split = ArchivedObject("NSSplitView")
        context.track(split, id: element["id"], parent: parent)
        let rest = try views.encodeView(element, split, superview: superview, kind: kind)
        for value in rest.flatMap(\.children) where value.name != "real" || value.number("value") != 250 {
            try context.unmodelled(
                .unsupportedAttribute, value, "split view holding priorities other than 250 are not modelled")
        }
        // Xcode 14.0 did not clip the panes (AVRFuses a08b56f5); 15.3 does (dbb7734b), as 16.
        if context.era >= XcodeEra(15),
            case .object(let panes)? = split.values.first(where: { $0.key == "NSSubviews" })?.value
        {
            for case (let key, .object(let pane)) in panes.values
            where key != "NSInlinedValue" && !pane.has("NSViewClipsToBoundsKeyName") {
                pane.set("NSViewClipsToBoundsKeyName", .bool(true))
            }
        }
        if element.flag("vertical") { split.set("NSIsVertical", .bool(true)) }
        if let style = element["dividerStyle"] {
            guard let code = dividerStyles[style] else {
                throw context.error(.unsupportedAttribute, element, "divider style \"\(style)\" is unknown")
            }
            split.set("NSDividerStyle", int: code)
        }
        if let name = element["autosaveName"] { split.set("NSAutosaveName", .string(name)) }
        return split
    }
}
