/// `<segmentedControl>` → `NSSegmentedControl` with its `<segmentedCell key="cell">` →
/// `NSSegmentedCell` (`segmented_fillprop`; segment keys also from `test23_segmented`).
///
/// | Key | Source |
/// |---|---|
/// | view and control keys | ``AppKitViewEncoder`` (`NSSubviews` always, hugging default `{250, 750}`), ``ControlRule`` |
/// | cell flags, font | ``CellRule`` (no `NSContents`) |
/// | cell `NSSegmentImages` | one `NSSegmentItem` per `<segment>`: `NSSegmentItemWidth` (`width`), `NSSegmentItemImage` (`image`), `NSSegmentItemLabel` (`label`, "" when absent, no key for `<nil key="label">`), `NSSegmentItemTag` (when not 0), `NSSegmentItemSelected` (`selected="YES"`), `NSSegmentItemImageScaling` (`imageScaling`, proportionallyDown 0 when absent) |
/// | cell `NSSelectedSegment` | the last selected segment's index, -1 when none |
/// | cell `NSTrackingMode` | `trackingMode` when not selectOne: selectAny 1, momentary 2 |
/// | cell `NSSegmentStyle` | `style`: rounded 1, texturedRounded 2, roundRect 3, texturedSquare 4, capsule 5, smallSquare 6, separated 9 (also `NSSegmentStyleSeparated` 1) |
/// | `customClass` | on the control or the cell: an `NSClassSwapper` naming the original class |
/// | cell `NSSegmentDistribution` | `segmentDistribution`: fit 0 (absent), fill 1, fillEqually 2, fillProportionally 3 |
enum AppKitSegmentedControlRule {
    /// What a segmented control is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ControlRule.attributes, children: ["segmentedCell"], hugging: (250, 750), writesEmptySubviews: true)

    /// The cell attributes beyond ``CellRule/attributes``.
    static let cellAttributes: Set<String> = [
        "style", "trackingMode", "segmentDistribution", "customClass", "customModule",
        "customModuleProvider",
    ]
    /// `trackingMode` → `NSSegmentSwitchTracking`.
    static let trackingModes: [String: Int] = ["selectOne": 0, "selectAny": 1, "momentary": 2]
    /// `style` → `NSSegmentStyle` (`test23_segmented`).
    static let styles: [String: Int] = [
        "rounded": 1, "texturedRounded": 2, "roundRect": 3, "texturedSquare": 4, "capsule": 5, "smallSquare": 6,
        "separated": 9,
    ]
    /// `segmentDistribution` → `NSSegmentDistribution`.
    static let distributions: [String: Int] = ["fit": 0, "fill": 1, "fillEqually": 2, "fillProportionally": 3]

    /// The archived segmented control for `element`.
    static func segmentedControl(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let control = try ControlRule.swapped(ArchivedObject("NSSegmentedControl"), for: element, context: context)
        context.track(control, id: element["id"], parent: parent)
        let children = try views.encodeView(element, control, superview: superview, kind: kind)
        guard children.count == 1, let cell = children.first, cell["key"] == "cell" else {
            throw context.error(
                .invalidSource, element, "a segmented control needs exactly one <segmentedCell key=\"cell\">")
        }
        for name in cell.attributes.keys where !CellRule.attributes.contains(name) && !cellAttributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, cell, "attribute \(name) on a <segmentedCell> is not modelled")
        }
        if cell["title"] != nil {
            try context.unmodelled(.unsupportedAttribute, cell, "a segmented cell with a title is not modelled")
        }
        let cellObject = try ControlRule.swapped(ArchivedObject("NSSegmentedCell"), for: cell, context: context)
        context.track(cellObject, id: cell["id"], parent: control)
        var segments: [ArchivedObject] = []
        var selected = -1
        for child in cell.children {
            switch (child.name, child["key"]) {
            case ("font", "font"): break
            case ("segments", nil):
                for segment in child.children {
                    if segment.flag("selected") { selected = segments.count }
                    segments.append(
                        try self.segment(segment, index: segments.count, of: cell, context: context))
                }
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a <segmentedCell> is not modelled")
            }
        }
        let type: CellRule.CellType = cell.child("font", key: "font") == nil ? .null : .text
        try CellRule.encode(cell, cellObject, type: type, contents: nil, borders: .segmented, context: context)
        cellObject.set("NSControlView", control)
        cellObject.set("NSSegmentImages", .collection("NSMutableArray", segments))
        cellObject.set("NSSelectedSegment", int: selected)
        let tracking = try CellRule.value(cell, "trackingMode", trackingModes, default: 0, context)
        if tracking != 0 { cellObject.set("NSTrackingMode", int: tracking) }
        let style = try CellRule.value(cell, "style", styles, default: 1, context)
        if style == 9 { cellObject.set("NSSegmentStyleSeparated", int: 1) }
        cellObject.set("NSSegmentStyle", int: style)
        cellObject.set(
            "NSSegmentDistribution",
            int: try CellRule.value(cell, "segmentDistribution", distributions, default: 0, context))
        try ControlRule.encode(
            element, control, cell: cell, cellObject: cellObject, sendActionMask: 4, context: context)
        return control
    }

    /// One `<segment>`, the `index`th of `cell`, → `NSSegmentItem`. In a `Base.lproj` document
    /// its label and tool tip are `NSLocalizableString`s keyed `<cell id>.ibShadowedLabels[i]` and
    /// `<cell id>.ibShadowedToolTips[i]`; `toolTip` is `NSSegmentItemTooltip` and `enabled="NO"`
    /// `NSSegmentItemDisabled` (Skype's LocationMessageMapView and restel's DictionaryWindow,
    /// keyed).
    static func segment(_ segment: SourceElement, index: Int, of cell: SourceElement, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        guard segment.name == "segment" else {
            throw context.error(.unsupportedElement, segment, "<\(segment.name)> inside <segments> is not supported")
        }
        for name in segment.attributes.keys
        where !["label", "width", "tag", "image", "imageScaling", "selected", "toolTip", "enabled"].contains(name) {
            try context.unmodelled(.unsupportedAttribute, segment, "segment attribute \(name) is not modelled")
        }
        var hasLabel = true
        for child in segment.children {
            guard child.name == "nil", child["key"] == "label", segment["label"] == nil else {
                throw context.error(.unsupportedElement, child, "<\(child.name)> inside a segment is not modelled")
            }
            hasLabel = false
        }
        let item = ArchivedObject("NSSegmentItem")
        if segment["width"] != nil {
            guard let width = segment.number("width"), width.isFinite, width >= 0 else {
                throw context.error(.invalidSource, segment, "the segment width must be a number")
            }
            item.set("NSSegmentItemWidth", .float64(width))
        }
        if let image = segment["image"] {
            item.set("NSSegmentItemImage", try AppKitImageRule.image(image, element: segment, context: context))
        }
        if hasLabel {
            item.set(
                "NSSegmentItemLabel",
                context.localizable(segment["label"] ?? "", property: "ibShadowedLabels[\(index)]", of: cell))
        }
        if let toolTip = segment["toolTip"] {
            item.set(
                "NSSegmentItemTooltip",
                context.localizable(toolTip, property: "ibShadowedToolTips[\(index)]", of: cell))
        }
        if let tagText = segment["tag"] {
            guard let tag = Int(tagText).flatMap({ Int32(exactly: $0) }) else {
                throw context.error(.invalidSource, segment, "the segment tag must be an integer")
            }
            if tag != 0 { item.set("NSSegmentItemTag", int: Int(tag)) }
        }
        if segment.flag("selected") { item.set("NSSegmentItemSelected", .bool(true)) }
        if segment["enabled"] == "NO" { item.set("NSSegmentItemDisabled", .bool(true)) }
        item.set(
            "NSSegmentItemImageScaling",
            int: try CellRule.value(segment, "imageScaling", AppKitImageViewRule.scalings, default: 0, context))
        return item
    }
}
