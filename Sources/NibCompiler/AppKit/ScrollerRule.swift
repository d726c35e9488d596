/// `<scroller key="horizontalScroller|verticalScroller">` → `NSScroller`, targeting its scroll
/// view with `_doScroller:`.
///
/// | Key | Source |
/// |---|---|
/// | `NSvFlags` | the view flags, `0x8000_0000` when `hidden="YES"` |
/// | `NSViewIsLayerTreeHost` | `wantsLayer`, or always with overlay scrollers (``NibCompiler/Options/overlayScrollers``) |
/// | `NSsFlags` | `horizontal="YES"` 1, `controlSize="small"` 0x100; written when not 0 |
/// | `NSControlSize` | always 0 (the size lives in `NSsFlags`) |
/// | `NSCurValue` | `doubleValue`, when not 0 |
/// | `NSControlTarget`, `NSTarget` | the scroll view |
/// | `NSControlAction`, `NSAction` | `_doScroller:` |
/// | `NSControlSendActionMask` | 4 |
enum ScrollerRule {
    /// The scroller attributes this rule reads.
    static let attributes: Set<String> = ["hidden", "horizontal", "doubleValue", "controlSize"]
    /// `controlSize` → the size bits of the scroller's `NSsFlags`.
    static let controlSizes: [String: Int] = ["regular": 0, "small": 0x100]

    /// The archived scroller for `element` in `scroll`; `tiledFrame` is the frame ibtool gives a
    /// visible scroller when it tiles the scroll view (nil: the source frame is kept).
    static func scroller(
        _ element: SourceElement, scroll: ArchivedObject, tiledFrame: [Double]?, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let scroller = ArchivedObject("NSScroller")
        context.track(scroller, id: element["id"], parent: scroll)
        // Overlay scrollers are layer-backed whatever the source says (the six pairs built
        // with them; Scripts/compile-xcode.tsv).
        let kind = AppKitViewEncoder.Kind(
            attributes: attributes, hugging: (250, 750), isLayerTreeHost: context.overlayScrollers)
        _ = try views.encodeView(element, scroller, superview: scroll, kind: kind)
        if let tiledFrame { ScrollViewRule.setFrame(scroller, tiledFrame) }
        if element.flag("hidden"), case .integer(let flags)? = scroller.value(forKey: "NSvFlags") {
            scroller.replace("NSvFlags", .integer(Int64(Int32(truncatingIfNeeded: flags | 0x8000_0000))))
        }
        var flags = try CellRule.value(element, "controlSize", controlSizes, default: 0, context)
        if element.flag("horizontal") { flags |= 1 }
        let action = ArchivedObject.string("_doScroller:")
        scroller.set("NSAllowsLogicalLayoutDirection", .bool(false))
        scroller.set("NSControlAction", action)
        scroller.set("NSControlTarget", scroll)
        scroller.set("NSControlSize", int: 0)
        scroller.set("NSControlContinuous", .bool(false))
        scroller.set("NSControlRefusesFirstResponder", .bool(false))
        scroller.set("NSControlUsesSingleLineMode", .bool(false))
        scroller.set("NSControlTextAlignment", int: 0)
        scroller.set("NSControlLineBreakMode", int: 0)
        scroller.set("NSControlWritingDirection", int: 0)
        scroller.set("NSControlSendActionMask", int: 4)
        if flags != 0 { scroller.set("NSsFlags", int: flags) }
        scroller.set("NSTarget", scroll)
        scroller.set("NSAction", action)
        if element["doubleValue"] != nil {
            guard let value = element.number("doubleValue"), value.isFinite else {
                throw context.error(.invalidSource, element, "doubleValue must be a number")
            }
            if value != 0 { scroller.set("NSCurValue", .float64(value)) }
        }
        return scroller
    }
}
