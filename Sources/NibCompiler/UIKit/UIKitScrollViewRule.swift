/// `<scrollView>` → `UIScrollView`, and the `UIScrollView` keys every subclass shares
/// (collection views, ``CollectionViewRule``; text views, ``TextViewRule``).
///
/// After the common view keys, in this order (the corpus's 22 scroll views, 8 collection views
/// and 130 table views: every pair of these keys that occurs together occurs in this order):
///
/// | Key | Value | Source |
/// |---|---|---|
/// | `UIScrollViewIndicatorInsetAdjustmentBehavior` | 1 | always, from the iOS 13 SDK (``XcodeEra/writesScrollIndicatorInsetAdjustment``) |
/// | `UIBounceEnabled` | false | `bounces="NO"` |
/// | `UIIndicatorStyle` | black 1, white 2 (`UIScrollView.IndicatorStyle`) | `indicatorStyle` |
/// | `UIShowsHorizontalScrollIndicator`, `UIShowsVerticalScrollIndicator` | false | `shows…ScrollIndicator="NO"` |
/// | `UIScrollDisabled` | true | `scrollEnabled="NO"` |
/// | `UIPagingEnabled` | true | `pagingEnabled="YES"` |
/// | `UIBouncesZoom` | true | unless `bouncesZoom="NO"` (every scroll view of the corpus has it) |
/// | `UIAlwaysBounceVertical` | true | `alwaysBounceVertical="YES"` |
/// | `UIDirectionalLockEnabled` | true | `directionalLockEnabled="YES"` |
/// | `UIDelegate` | nil | collection views, iOS 13 SDK |
/// | `UIContentSize` | {width, 0} | collection views before the iOS 13 SDK (chadanewsom); a text view's own (``TextViewRule``) |
/// | `UIKeyboardDismissMode` | onDrag 1, interactive 2 | `keyboardDismissMode` |
/// | `UIScrollViewContentInsetAdjustmentBehavior` | automatic 0, scrollableAxes 1, never 2, always 3 | from the iOS 11 SDK (``XcodeEra/writesContentInsetAdjustment``) |
///
/// What no compiled nib shows (zoom scales other than 1, content and indicator insets,
/// horizontal bouncing, touch delays) is left out with a warning.
enum UIKitScrollViewRule {
    /// The attributes ``encodeScrollKeys(_:_:_:isCollectionView:)`` reads.
    static let attributes: Set<String> = [
        "bounces", "indicatorStyle", "showsHorizontalScrollIndicator", "showsVerticalScrollIndicator",
        "scrollEnabled", "pagingEnabled", "bouncesZoom", "alwaysBounceVertical", "alwaysBounceHorizontal",
        "directionalLockEnabled", "keyboardDismissMode", "contentInsetAdjustmentBehavior", "minimumZoomScale",
        "maximumZoomScale", "delaysContentTouches", "canCancelContentTouches",
    ]
    /// The child elements scroll views have beyond a view's (their layout guides are the view
    /// encoder's, ``SafeAreaRule``).
    static let children: Set<String> = ["inset"]

    static let rule = ViewRule(
        className: "UIScrollView", attributes: attributes, children: children,
        encode: { element, object, context, _ throws(CompileError) in
            try encodeScrollKeys(element, object, context, isCollectionView: false)
        })

    /// `UIScrollView.IndicatorStyle`.
    static let indicatorStyles: [String: Int] = ["default": 0, "black": 1, "white": 2]
    /// `UIScrollView.KeyboardDismissMode`.
    static let keyboardDismissModes: [String: Int] = ["none": 0, "onDrag": 1, "interactive": 2]
    /// `UIScrollView.ContentInsetAdjustmentBehavior`.
    static let contentInsetAdjustmentBehaviors: [String: Int] = [
        "automatic": 0, "scrollableAxes": 1, "never": 2, "always": 3,
    ]

    /// Appends the `UIScrollView` keys of `element` to `object`; a subclass that archives its
    /// content size (text views, older table views) passes it as `contentSize`, written where the
    /// scroll view keys have it (before the keyboard dismiss mode). A subclass that reads its own
    /// `<inset>` children (table views' separator inset) passes `reportsInsets: false`.
    static func encodeScrollKeys(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, isCollectionView: Bool,
        contentSize: [Double]? = nil, reportsInsets: Bool = true
    ) throws(CompileError) {
        if context.era.writesScrollIndicatorInsetAdjustment {
            object.set("UIScrollViewIndicatorInsetAdjustmentBehavior", int: 1)
        }
        if element["bounces"] == "NO" { object.set("UIBounceEnabled", .bool(false)) }
        if let style = try code(element, "indicatorStyle", indicatorStyles, context), style != 0 {
            object.set("UIIndicatorStyle", int: style)
        }
        if element["showsHorizontalScrollIndicator"] == "NO" {
            object.set("UIShowsHorizontalScrollIndicator", .bool(false))
        }
        if element["showsVerticalScrollIndicator"] == "NO" {
            object.set("UIShowsVerticalScrollIndicator", .bool(false))
        }
        if element["scrollEnabled"] == "NO" { object.set("UIScrollDisabled", .bool(true)) }
        object.setFlag("UIPagingEnabled", element.flag("pagingEnabled"))
        object.setFlag("UIBouncesZoom", element["bouncesZoom"] != "NO")
        object.setFlag("UIAlwaysBounceVertical", element.flag("alwaysBounceVertical"))
        object.setFlag("UIDirectionalLockEnabled", element.flag("directionalLockEnabled"))
        if let contentSize { object.set("UIContentSize", ArchivedObject.geometry(contentSize)) }
        if isCollectionView {
            if context.era.writesScrollIndicatorInsetAdjustment {
                object.set("UIDelegate", .null)
            } else {
                let width = element.child("rect", key: "frame")?.number("width") ?? 0
                object.set("UIContentSize", ArchivedObject.geometry([width, 0]))
            }
        }
        if let mode = try code(element, "keyboardDismissMode", keyboardDismissModes, context), mode != 0 {
            object.set("UIKeyboardDismissMode", int: mode)
        }
        let adjustment = try code(element, "contentInsetAdjustmentBehavior", contentInsetAdjustmentBehaviors, context)
        if context.era.writesContentInsetAdjustment {
            object.set("UIScrollViewContentInsetAdjustmentBehavior", int: adjustment ?? 0)
        }
        try reportUnmodelled(element, context, reportsInsets: reportsInsets)
    }

    /// The enumeration `table[element[name]]`; nil when the attribute is absent, and nil with a
    /// warning when its value is unknown.
    private static func code(
        _ element: SourceElement, _ name: String, _ table: [String: Int], _ context: UIKitContext
    ) throws(CompileError) -> Int? {
        guard let value = element[name] else { return nil }
        guard let code = table[value] else {
            try context.unmodelled(
                .unsupportedAttribute, element, "scroll view \(name) \"\(value)\" is unknown; left out")
            return nil
        }
        return code
    }

    /// Scroll view settings no compiled nib of the corpus shows, reported when they differ
    /// from UIKit's defaults.
    private static func reportUnmodelled(
        _ element: SourceElement, _ context: UIKitContext, reportsInsets: Bool
    ) throws(CompileError) {
        for (name, fallback) in [("minimumZoomScale", 1.0), ("maximumZoomScale", 1.0)] {
            if let text = element[name], element.number(name) != fallback {
                try context.unmodelled(
                    .unsupportedAttribute, element, "scroll view \(name)=\"\(text)\" is not modelled; left out")
            }
        }
        for (name, fallback) in [
            ("alwaysBounceHorizontal", "NO"), ("delaysContentTouches", "YES"), ("canCancelContentTouches", "YES"),
        ] {
            if let value = element[name], value != fallback {
                try context.unmodelled(
                    .unsupportedAttribute, element, "scroll view \(name)=\"\(value)\" is not modelled; left out")
            }
        }
        for inset in element.children(named: "inset") where reportsInsets {
            try context.unmodelled(
                .unsupportedElement, inset, "scroll view inset \(inset["key"] ?? "?") is not modelled; left out")
        }
    }
}
