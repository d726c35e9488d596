/// `<progressIndicator>` → `NSProgressIndicator` (`blocklist_big`, `progressindicator_doublevalue`).
///
/// | Key | Source |
/// |---|---|
/// | view keys | ``AppKitViewEncoder``: always a layer-tree host; hugging default `{250, 750}` |
/// | `NSpiFlags` | indeterminate, not bezeled: bar `0x4006`, spinning `0x5006` (other combinations are not modelled) |
/// | `NSMinValue` | `minValue`, when not 0 |
/// | `NSMaxValue` | `maxValue` (100 when absent) |
/// | `NSProgressIndicatorDoubleValue` | `doubleValue`, when given |
enum AppKitProgressIndicatorRule {
    /// What a progress indicator is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: ["minValue", "maxValue", "doubleValue", "bezeled", "indeterminate", "style"], hugging: (250, 750),
        isLayerTreeHost: true)

    /// (style, indeterminate, bezeled) → `NSpiFlags`, as seen in the pairs.
    static let flags: [String: Int] = ["bar/YES/NO": 0x4006, "spinning/YES/NO": 0x5006]

    /// The archived progress indicator for `element`.
    static func progressIndicator(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let key = "\(element["style"] ?? "bar")/\(element["indeterminate"] ?? "NO")/\(element["bezeled"] ?? "YES")"
        guard let packed = flags[key] else {
            throw context.error(
                .unsupportedAttribute, element,
                "progress indicator style/indeterminate/bezeled \(key) is not modelled")
        }
        func value(_ name: String) throws(CompileError) -> Double? {
            guard element[name] != nil else { return nil }
            guard let number = element.number(name), number.isFinite else {
                throw context.error(.invalidSource, element, "\(name) must be a number")
            }
            return number
        }
        let indicator = ControlRule.swapped(ArchivedObject("NSProgressIndicator"), customClass: element["customClass"])
        context.track(indicator, id: element["id"], parent: parent)
        _ = try views.encodeView(element, indicator, superview: superview, kind: kind)
        indicator.set("NSpiFlags", int: packed)
        if let minimum = try value("minValue"), minimum != 0 { indicator.set("NSMinValue", .float64(minimum)) }
        indicator.set("NSMaxValue", .float64(try value("maxValue") ?? 100))
        if let current = try value("doubleValue") { indicator.set("NSProgressIndicatorDoubleValue", .float64(current)) }
        return indicator
    }
}
