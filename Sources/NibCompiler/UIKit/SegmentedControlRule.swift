/// `<segmentedControl>` → `UISegmentedControl` with one `UISegment` per `<segment>`, as Xcode 9
/// archives them (Idrill7: two plain controls of three titled segments).
///
/// | Source | Archived |
/// |---|---|
/// | `<segment title="T">` | `UISegment`: bounds {0, 0, 0, control height}, center {0, height / 2}, `UISegmentInfo` T, `UISegmentStyle` 5 (plain), `UISegmentPosition` 0 first (not archived), 3 middle, 1 last |
/// | the segments | both `UISubviews` and `UISegments` (the same objects, in order; not in `UINibObjectsKey`) |
/// | `selectedSegmentIndex` | `UISelectedSegmentIndex` (0 too) |
/// | `<color key="tintColor">` | `UISegmentedControlTintColor` instead of `UITintColor` |
/// | `contentHorizontalAlignment`, `contentVerticalAlignment` | `UIContentHorizontalAlignment`, `UIContentVerticalAlignment` (left 1, top 1; center not archived) |
///
/// The default hugging priority is written out (`{250, 250}`). The iOS 13 SDK (Xcode 11 and
/// later; Umarovm Whats-Cooking's two controls, Xcode 12) adds `UIViewLargeContentStoredProperties`
/// nil on each segment, the vertical alignment again as `UIContentVerticalAlignment2`, and
/// `<color key="selectedSegmentTintColor">` as `UISegmentedControlSelectedSegmentTintColor`
/// after the selected index. Other styles and segment images are left out with a warning.
enum SegmentedControlRule {
    /// The `segmentedControl` entry of ``ViewRule/all``.
    static let rule = ViewRule(
        className: "UISegmentedControl",
        attributes: [
            "contentHorizontalAlignment", "contentVerticalAlignment", "segmentControlStyle", "selectedSegmentIndex",
        ],
        children: ["segments", "color"],
        encode: { element, object, context, _ throws(CompileError) in try encode(element, object, context) })

    /// Appends the control's own keys.
    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext) throws(CompileError)
    {
        _ = try context.modelledEra(
            for: element, "segmented controls", modelled: XcodeEra(9)..<XcodeEra(13), newest: XcodeEra(12),
            shown: "Xcode 9 and 12")
        if let style = element["segmentControlStyle"], style != "plain" {
            try context.unmodelled(.unsupportedAttribute, element, "segmentControlStyle \"\(style)\" is not modelled")
        }
        guard let selectedText = element["selectedSegmentIndex"], let selected = Int(selectedText) else {
            throw context.error(
                .unsupportedAttribute, element,
                "a segmented control without a selectedSegmentIndex is not modelled")
        }
        let height = element.child("rect", key: "frame")?.number("height") ?? 0
        let sources = element.child("segments")?.children ?? []
        guard sources.count >= 2, selected >= -1, selected < sources.count else {
            throw context.error(
                .unsupportedElement, element,
                "segmented controls with \(sources.count) segments (selected \(selected)) are not modelled")
        }
        var segments: [ArchivedObject] = []
        for (index, source) in sources.enumerated() {
            guard source.name == "segment", let title = source["title"], source.children.isEmpty,
                source.attributes.keys.allSatisfy({ $0 == "title" })
            else {
                throw context.error(.unsupportedElement, source, "only <segment title=…> segments are modelled")
            }
            for name in source.attributes.keys where name != "title" {
                throw context.error(.unsupportedAttribute, source, "segment attribute \(name) is not modelled")
            }
            let segment = ArchivedObject("UISegment")
            segment.set("UIBounds", ArchivedObject.geometry([0, 0, 0, height]))
            segment.set("UICenter", ArchivedObject.geometry([0, height / 2]))
            if context.era.writesDeepDrawRect { segment.set("UIDeepDrawRect", .bool(true)) }
            segment.set("UIAutoresizeSubviews", .bool(true))
            if context.era.writesSemanticContentAttribute { segment.set("UIViewSemanticContentAttribute", int: 0) }
            if context.era.writesLargeContentProperties { segment.set("UIViewLargeContentStoredProperties", .null) }
            segment.set("UISegmentInfo", context.text(title, id: element["id"], property: "segmentTitles[\(index)]"))
            segment.set("UISegmentStyle", int: 5)
            let position = index == 0 ? 0 : index == sources.count - 1 ? 1 : 3
            if position != 0 { segment.set("UISegmentPosition", int: position) }
            segments.append(segment)
        }
        if context.isBaseLocalized {
            try context.unmodelled(.unsupportedElement, element, "localizable segment titles are not modelled")
        }
        object.set("UISubviews", .collection("NSMutableArray", segments))
        if let tint = object.value(forKey: "UITintColor") {
            object.remove("UITintColor")
            object.set("UISegmentedControlTintColor", tint)
        }
        if !object.has("UIViewContentHuggingPriority") {
            object.set("UIViewContentHuggingPriority", .string("{250, 250}"))
        }
        var selectedTint: ArchivedObject?
        for color in element.children(named: "color") where color["key"] != "tintColor" {
            if color["key"] == "selectedSegmentTintColor", context.era.writesLargeContentProperties {
                selectedTint = try context.recovered({ () throws(CompileError) in
                    try ColorRule.color(color, in: context)
                })
                continue
            }
            try context.unmodelled(
                .unsupportedAttribute, color, "segmented control color \(color["key"] ?? "?") is not modelled")
        }
        for (name, table, key) in [
            ("contentVerticalAlignment", ButtonRule.vertical, "UIContentVerticalAlignment"),
            ("contentHorizontalAlignment", ButtonRule.horizontal, "UIContentHorizontalAlignment"),
        ] {
            guard let value = element[name] else { continue }
            guard let code = table[value] else {
                throw context.error(.unsupportedAttribute, element, "\(name)=\"\(value)\" is unknown")
            }
            if code != 0 { object.set(key, int: code) }
            if code != 0, key == "UIContentVerticalAlignment", context.era.writesLargeContentProperties {
                object.set("UIContentVerticalAlignment2", int: code)
            }
        }
        object.set("UISegments", .collection("NSMutableArray", segments))
        object.set("UISelectedSegmentIndex", int: selected)
        if let selectedTint { object.set("UISegmentedControlSelectedSegmentTintColor", selectedTint) }
    }
}
