/// `<tapGestureRecognizer>` and the other recognizer elements → `UI…GestureRecognizer`.
///
/// In a xib a recognizer is a top-level object; in a storyboard it is a member of its scene
/// (beside the controller), archived in the scene nib and seen from the view nib through an
/// upstream placeholder (``StoryboardCompiler``). Views attach it with an outlet collection
/// (`gestureRecognizers`, `appends="YES"`), its actions are event connections without an
/// event mask.
///
/// UIKit's coder writes `UIGestureRecognizer.allowedTouchTypes` and
/// `UIGestureRecognizer.requiresExclusiveTouchType` (true) on every recognizer, then what
/// differs from the class's defaults under `<Class>.<property>` keys; a tap recognizer keeps
/// its settings in a `UITapRecognizer` under `UITapGestureRecognizer._imp`. Evidence: the
/// duckduckgo pairs (21 tap recognizers, Xcode 13.2: allowed touch types 15) and the corpus's
/// compiled nibs (0senno-atmosphere: a pinch recognizer with the same two keys and a tap
/// recognizer whose `UITapRecognizer.numberOfTapsRequired` is 2; gavinolsen-SaverApp, an
/// older build: allowed touch types 7). The mask is UITouchType's bits: direct, indirect and
/// pencil (7) from iOS 9, plus the indirect pointer from iOS 13.4 (15, Xcode 11.4); both keys
/// are iOS 9 API, so builds before Xcode 7 write neither. Properties without such evidence
/// (touch counts, press durations, swipe directions, delays) are left out with a warning.
enum GestureRecognizerRule {
    /// Recognizer elements and their classes (`pongPressGestureRecognizer` is Interface
    /// Builder's own spelling of the long-press element).
    static let classes: [String: String] = [
        "tapGestureRecognizer": "UITapGestureRecognizer", "pongPressGestureRecognizer": "UILongPressGestureRecognizer",
        "panGestureRecognizer": "UIPanGestureRecognizer", "pinchGestureRecognizer": "UIPinchGestureRecognizer",
        "rotationGestureRecognizer": "UIRotationGestureRecognizer",
        "swipeGestureRecognizer": "UISwipeGestureRecognizer",
        "screenEdgePanGestureRecognizer": "UIScreenEdgePanGestureRecognizer",
    ]

    /// Whether `element` is a gesture recognizer.
    static func handles(_ element: SourceElement) -> Bool { classes[element.name] != nil }

    /// The recognizer for `element` (wrapped in a `UIClassSwapper` for a custom class); its
    /// connections are the caller's to schedule.
    static func recognizer(_ element: SourceElement, context: UIKitContext) throws(CompileError) -> ArchivedObject {
        let className = classes[element.name] ?? "UIGestureRecognizer"
        let object = ArchivedObject(className)
        if context.era >= XcodeEra(7) {
            let allowed = context.era.version >= 11.4 ? 15 : 7
            object.set("UIGestureRecognizer.allowedTouchTypes", int: allowed)
            object.set("UIGestureRecognizer.requiresExclusiveTouchType", .bool(true))
        }
        var tapsRequired: Int?
        for name in element.attributes.keys.sorted() {
            switch name {
            case "id", "customClass", "customModule", "customModuleProvider", "userLabel": break
            case "numberOfTapsRequired" where element.name == "tapGestureRecognizer":
                guard let taps = element.number(name), taps >= 1, taps <= 1000, taps == taps.rounded() else {
                    try context.unmodelled(
                        .invalidSource, element, "numberOfTapsRequired \"\(element[name] ?? "")\" is not a count")
                    continue
                }
                tapsRequired = Int(taps)
            default:
                try context.unmodelled(
                    .unsupportedAttribute, element, "gesture recognizer attribute \(name) is not modelled; left out")
            }
        }
        for child in element.children where child.name != "connections" {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside a gesture recognizer is not modelled; left out")
        }
        if element.name == "tapGestureRecognizer" {
            let imp = ArchivedObject("UITapRecognizer")
            if let tapsRequired, tapsRequired != 1 {
                imp.set("UITapRecognizer.numberOfTapsRequired", int: tapsRequired)
            }
            object.set("UITapGestureRecognizer._imp", imp)
        }
        return try ClassSwapRule.wrap(object, element: element, context: context)
    }
}
