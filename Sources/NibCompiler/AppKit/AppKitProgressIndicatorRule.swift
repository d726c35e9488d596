/// `<progressIndicator>` → `NSProgressIndicator` (`blocklist_big`, `progressindicator_doublevalue`).
///
/// | Key | Source |
/// |---|---|
/// | view keys | ``AppKitViewEncoder``: always a layer-tree host; hugging default `{250, 750}` |
/// | `NSpiFlags` | `0x4004`, with `0x2` indeterminate, `0x1` bezeled (the default), `0x1000` spinning, `0x8` a layer (`wantsLayer`), `0x2000` not displayed when stopped, `0x100` small (``flags(_:context:)``) |
/// | `NSMinValue` | `minValue`, when not 0 |
/// | `NSMaxValue` | `maxValue` (100 when absent) |
/// | `NSProgressIndicatorDoubleValue` | `doubleValue`, when given |
enum AppKitProgressIndicatorRule {
    /// What a progress indicator is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(
        attributes: [
            "minValue", "maxValue", "doubleValue", "bezeled", "indeterminate", "style", "displayedWhenStopped",
            "controlSize",
        ], hugging: (250, 750),
        isLayerTreeHost: true)

    /// `NSpiFlags` for `element`. Every progress indicator of the pairs fits: bar and spinning,
    /// indeterminate and not bezeled (`0x4006`, `0x5006`: blocklist_big, Sparkle SUStatus,
    /// progressindicator_doublevalue); a bezeled determinate bar with a layer (`0x400D`, Aerial ×2);
    /// a hidden spinning one with a layer (`0x500E`, LuLu UpdateWindow); small spinning ones with a
    /// layer, not displayed when stopped (`0x710E`, LuLu Preferences, adium LogViewer). Bit `0x8`
    /// is set on all four with `wantsLayer` and on none of the four without.
    static func flags(_ element: SourceElement, context: AppKitContext) throws(CompileError) -> Int {
        let style = element["style"] ?? "bar"
        guard style == "bar" || style == "spinning" else {
            throw context.error(.unsupportedAttribute, element, "progress indicator style \"\(style)\" is not modelled")
        }
        let size = element["controlSize"] ?? "regular"
        guard size == "regular" || size == "small" else {
            throw context.error(
                .unsupportedAttribute, element, "progress indicator controlSize \"\(size)\" is not modelled")
        }
        var flags = 0x4004
        if try CellRule.boolean(element, "indeterminate", default: false, context) { flags |= 0x2 }
        if try CellRule.boolean(element, "bezeled", default: true, context) { flags |= 0x1 }
        if style == "spinning" { flags |= 0x1000 }
        if element.flag("wantsLayer") { flags |= 0x8 }
        if !(try CellRule.boolean(element, "displayedWhenStopped", default: true, context)) { flags |= 0x2000 }
        if size == "small" { flags |= 0x100 }
        return flags
    }

    /// The archived progress indicator for `element`.
    static func progressIndicator(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let packed = try flags(element, context: context)
        func value(_ name: String) throws(CompileError) -> Double? {
            guard element[name] != nil else { return nil }
            guard let number = element.number(name), number.isFinite else {
                throw context.error(.invalidSource, element, "\(name) must be a number")
            }
            return number
        }
        let indicator = try ControlRule.swapped(ArchivedObject("NSProgressIndicator"), for: element, context: context)
        context.track(indicator, id: element["id"], parent: parent)
        // For a deployment target before 10.14 a progress indicator is a layer-tree host only
        // with `wantsLayer` (Sparkle's SUStatus, 10.11 and 10.13: none; blocklist_big, the same
        // bar without a target: one; LuLu's, adium's and Aerial's say wantsLayer).
        var kind = kind
        if views.context.targetsBeforeMojave { kind.isLayerTreeHost = false }
        _ = try views.encodeView(element, indicator, superview: superview, kind: kind)
        indicator.set("NSpiFlags", int: packed)
        if let minimum = try value("minValue"), minimum != 0 { indicator.set("NSMinValue", .float64(minimum)) }
        indicator.set("NSMaxValue", .float64(try value("maxValue") ?? 100))
        if let current = try value("doubleValue") { indicator.set("NSProgressIndicatorDoubleValue", .float64(current)) }
        return indicator
    }
}
