/// `<navigationController>`'s `<navigationBar>` → `UINavigationBar`, and a controller's
/// `<navigationItem>` → `UINavigationItem`, as the Xcode 6, 7 and 8 pairs show them (Xcode 8,
/// allianad-489d01fe: the same, with `UIDeepDrawRect` on the bar).
enum NavigationRule {
    /// The navigation bar of a navigation controller up to Xcode 10. Whatever the source's frame
    /// and mask, the pairs show a 320 × 44 bar (zero wide from Xcode 9) at the source's y (0
    /// without a frame), mask widthSizable, the hugging written out, at the top position,
    /// translucent.
    static func bar(
        _ element: SourceElement, controller: ArchivedObject, context: UIKitContext, era: XcodeEra? = nil
    ) throws(CompileError) -> ArchivedObject {
        if (era ?? context.era) >= XcodeEra(13) {
            return try modernBar(element, controller: controller, context: context)
        }
        for name in element.attributes.keys.sorted()
        where !["key", "contentMode", "id", "insetsLayoutMarginsFromSafeArea", "hidden", "largeTitles"].contains(name)
            && !customClassAttributes.contains(name) && !priorityAttributes.contains(name)
        {
            try context.unmodelled(.unsupportedAttribute, element, "navigation bar attribute \(name) is not modelled")
        }
        if let mode = element["contentMode"], mode != "scaleToFill" {
            try context.unmodelled(
                .unsupportedAttribute, element, "navigation bar contentMode \(mode) is not modelled")
        }
        var y = 0.0
        var frameHeight: Double?
        for child in element.children {
            switch child.name {
            case "autoresizingMask": break
            case "rect" where child["key"] == "frame":
                y = child.number("y") ?? 0
                frameHeight = child.number("height")
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a navigation bar is not modelled")
            }
        }
        // From Xcode 9 (the iOS 11 SDK) the bar is zero wide, as Xcode 11's and later are:
        // xuyuntest bee's and chadanewsom build.io's six bars (iOS 11/12 SDK view keys, no iOS 13
        // one); Xcode 8's (allianad-489d01fe) and older are 320 wide.
        guard abs(y) <= 1e9 else {
            throw context.error(.invalidSource, element, "the navigation bar's y is not a position")
        }
        let width = context.era >= XcodeEra(9) ? 0.0 : 320
        let height = Self.barHeight(frameHeight, era: context.era)
        let bar = ArchivedObject("UINavigationBar")
        bar.set("UIBounds", ArchivedObject.geometry([0, 0, width, height]))
        bar.set("UICenter", ArchivedObject.geometry([width / 2, y + height / 2]))
        if context.era.writesDeepDrawRect { bar.set("UIDeepDrawRect", .bool(true)) }
        // A hidden bar (IB writes hidden="YES" on the bar of a navigationBarHidden controller):
        // UIView's flag, after the deep draw flag (COVIDSAFE's, Xcode 11).
        bar.setFlag("UIHidden", element.flag("hidden"))
        bar.set("UIAutoresizeSubviews", .bool(true))
        bar.set("UIAutoresizingMask", int: 2)
        try setPriorities(of: element, on: bar, context: context)
        // The document's global tint reaches the bar as it reaches root views (Sylladise1-6.3).
        if let tint = element.documentElement.child("color", key: "tintColor") {
            bar.set("UITintColor", try ColorRule.color(tint, in: context))
        }
        // insetsLayoutMarginsFromSafeArea="NO", as on any view: just before the semantic content
        // attribute (duckduckgo WebContainer's bar, Xcode 13.2).
        if element["insetsLayoutMarginsFromSafeArea"] == "NO" {
            bar.set("UIViewInsetsLayoutMarginsFromSafeArea", int: 0)
        }
        if context.era.writesSemanticContentAttribute { bar.set("UIViewSemanticContentAttribute", int: 0) }
        // The iOS 8 SDK's default bar margins (Xcode 6 output only).
        if context.era < XcodeEra(7) { bar.set("UIViewLayoutMargins", ArchivedObject.geometry([0, 16, 0, 16])) }
        // Large titles (the iOS 11 SDK): chadanewsom build.io's five bars (iOS 11/12 SDK view
        // keys) archive the flag after the semantic content attribute, before the items.
        bar.setFlag("UIBarPrefersLargeTitles", element.flag("largeTitles"))
        bar.set("UIDelegate", controller)
        bar.set("UIBarPosition", int: 2)
        bar.set("UIBarTranslucence", int: 1)
        return try ClassSwapRule.wrap(bar, element: element, context: context)
    }

    /// The class of a navigation bar's `UIItems`: `NSArray` for Xcode 9 and 10 (xuyuntest bee's
    /// and chadanewsom build.io's six bars), `NSMutableArray` before (Sn0wFX, njbhatt18, the
    /// Xcode 6–8 pairs) and after (the 14 bars of the corpus's nibs from Xcode 11 on: COVIDSAFE,
    /// Umarovm, ikyih, …; the duckduckgo pairs).
    static func itemsClass(_ era: XcodeEra) -> String {
        (XcodeEra(9)..<XcodeEra(11)).contains(era) ? "NSArray" : "NSMutableArray"
    }

    /// Whether a navigation controller of a document saved by `era` gets ``modernBar(_:controller:context:)``:
    /// from Xcode 11, the iOS 13 SDK's view keys (``StoryboardCompiler`` compiles Xcode 11 and 12
    /// bars as Xcode 13 writes them, Xcode 9 and 10 ones with ``bar(_:controller:context:era:)``);
    /// the decompiler reads the modern bar's keys back from the same era.
    static func writesModernBar(_ era: XcodeEra) -> Bool { era >= XcodeEra(11) }

    /// A navigation bar's height by Xcode, as tab bars' (``TabBarRule``): 44 whatever the
    /// frame to Xcode 8 (the pairs); the source frame's height from Xcode 9 to 11 (xuyuntest
    /// bee's and COVIDSAFE's 44, chadanewsom build.io's large-title bars 102; COVIDSAFE's tab bar
    /// keeps its 49 too); 50 whatever the frame from Xcode 12 (Umarovm, kiralab, ikyih, the
    /// duckduckgo pairs, whose sources say 44 or 56). A frame height that is no size gives 44.
    static func barHeight(_ frameHeight: Double?, era: XcodeEra) -> Double {
        if era >= XcodeEra(12) { return 50 }
        guard era >= XcodeEra(9), let frameHeight, frameHeight > 0, frameHeight <= 1e6 else { return 44 }
        return frameHeight
    }

    /// A bar's custom class, as on any view (``ClassSwapRule``: `UIClassName` and
    /// `UIOriginalClassName` last, the object a `UIClassSwapper`).
    static let customClassAttributes: Set<String> = ["customClass", "customModule", "customModuleProvider"]

    /// The navigation bar as Xcode 13's ibtool archives it (the six navigation controllers of
    /// the duckduckgo pairs, Xcode 13.2; the corpus's nibs with the iOS 13 SDK's view keys show
    /// the same zero width): a zero-width bar 50 points high at the source's y, whatever its
    /// frame (44 and 56 in the sources), mask widthSizable, its layout priorities
    /// (``setPriorities(of:on:context:)``), opaque and `UIBarTranslucence` 2 when
    /// `translucent="NO"` (translucent: not opaque, 1), its background and tint colors (else the
    /// document's tint), large titles (`largeTitles="YES"`, `<textAttributes
    /// key="largeTitleTextAttributes">`), `UITitleTextAttributes` from `<textAttributes
    /// key="titleTextAttributes">` (``textAttributes(_:context:)``), at the top position.
    /// The caller adds `UIItems` (only when the root controller has a navigation item:
    /// PrivacyProtection's bar has none).
    static func modernBar(_ element: SourceElement, controller: ArchivedObject, context: UIKitContext)
        throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys.sorted()
        where ![
            "key", "contentMode", "id", "insetsLayoutMarginsFromSafeArea", "translucent", "hidden", "largeTitles",
        ].contains(name)
            && !customClassAttributes.contains(name) && !priorityAttributes.contains(name)
        {
            try context.unmodelled(.unsupportedAttribute, element, "navigation bar attribute \(name) is not modelled")
        }
        if let mode = element["contentMode"], mode != "scaleToFill" {
            try context.unmodelled(
                .unsupportedAttribute, element, "navigation bar contentMode \(mode) is not modelled")
        }
        var y = 0.0
        var frameHeight: Double?
        var background: SourceElement?
        var tint: SourceElement?
        var titleAttributes: SourceElement?
        var largeTitleAttributes: SourceElement?
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("autoresizingMask", _): break
            case ("rect", "frame"):
                y = child.number("y") ?? 0
                frameHeight = child.number("height")
            case ("color", "backgroundColor"): background = child
            case ("color", "tintColor"): tint = child
            case ("textAttributes", "titleTextAttributes"): titleAttributes = child
            case ("textAttributes", "largeTitleTextAttributes"): largeTitleAttributes = child
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a navigation bar is not modelled; left out")
            }
        }
        guard abs(y) <= 1e9 else {
            throw context.error(.invalidSource, element, "the navigation bar's y is not a position")
        }
        let isOpaque = element["translucent"] == "NO"
        let bar = ArchivedObject("UINavigationBar")
        // Xcode 11 and 12 documents are compiled as Xcode 13 writes them, but for the height.
        let height = Self.barHeight(frameHeight, era: context.era)
        bar.set("UIBounds", ArchivedObject.geometry([0, 0, 0, height]))
        bar.set("UICenter", ArchivedObject.geometry([0, y + height / 2]))
        if let background,
            let color = try context.recovered({ () throws(CompileError) in
                try ColorRule.color(background, in: context)
            })
        {
            bar.set("UIBackgroundColor", color)
        }
        bar.set("UIDeepDrawRect", .bool(true))
        // UIView's order: opaque, then hidden (78 corpus views with both flags).
        bar.setFlag("UIOpaque", isOpaque)
        bar.setFlag("UIHidden", element.flag("hidden"))
        bar.set("UIAutoresizeSubviews", .bool(true))
        bar.set("UIAutoresizingMask", int: 2)
        if let tintElement = tint ?? element.documentElement.child("color", key: "tintColor"),
            let color = try context.recovered({ () throws(CompileError) in try ColorRule.color(tintElement, in: context)
            })
        {
            bar.set("UITintColor", color)
        }
        try setPriorities(of: element, on: bar, context: context)
        if element["insetsLayoutMarginsFromSafeArea"] == "NO" {
            bar.set("UIViewInsetsLayoutMarginsFromSafeArea", int: 0)
        }
        bar.set("UIViewSemanticContentAttribute", int: 0)
        bar.set("UIViewLargeContentStoredProperties", .null)
        // Large titles: `largeTitles="YES"` → UIBarPrefersLargeTitles true after the view keys
        // (Umarovm's seven bars, Xcode 12; ertmuirm's and ikyih's, Xcode 15: before the lock),
        // then the large title's text attributes (Umarovm's seven: right after the flag; their
        // place before the lock is inferred, no locked bar of the corpus has them).
        bar.setFlag("UIBarPrefersLargeTitles", element.flag("largeTitles"))
        if let largeTitleAttributes, let attributes = try textAttributes(largeTitleAttributes, context: context) {
            bar.set("UIBarLargeTitleTextAttributes", attributes)
        }
        bar.setFlag("UIIsLocked", context.era.locksNavigationBars)
        bar.set("UIDelegate", controller)
        if let titleAttributes, let attributes = try textAttributes(titleAttributes, context: context) {
            bar.set("UITitleTextAttributes", attributes)
        }
        bar.set("UIBarPosition", int: 2)
        bar.set("UIBarTranslucence", int: isOpaque ? 2 : 1)
        return try ClassSwapRule.wrap(bar, element: element, context: context)
    }

    /// `<textAttributes>` (`titleTextAttributes`, `largeTitleTextAttributes`) → an `NSDictionary`
    /// of string attributes: `NSColor` from `<color key="textColor">` (duckduckgo Settings' white
    /// title), `NSFont` from a `<fontDescription>`, in that order whatever the document's
    /// (Interface Builder writes the font first; Umarovm's 14 dictionaries with both, Xcode 12,
    /// hold the color first); nil when none is readable. A text shadow (`<color
    /// key="textShadowColor">`, `<offsetWrapper key="textShadowOffset">`) is a warning: no nib of
    /// the corpus shows how ibtool archives it.
    static func textAttributes(_ element: SourceElement, context: UIKitContext) throws(CompileError)
        -> ArchivedObject?
    {
        var color: ArchivedObject?
        var font: ArchivedObject?
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("color", "textColor"):
                color = try context.recovered { () throws(CompileError) in try ColorRule.color(child, in: context) }
            case ("fontDescription", _):
                font = try context.recovered { () throws(CompileError) in try FontRule.font(child, in: context) }
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> in text attributes is not modelled; left out")
            }
        }
        let pairs = [("NSColor", color), ("NSFont", font)].compactMap { name, value in
            value.map { (ArchivedObject.string(name), $0) }
        }
        return pairs.isEmpty ? nil : .dictionary("NSDictionary", pairs)
    }

    /// A bar's layout priorities, as on any view (``ViewEncoder``): the attributes a bar may
    /// carry.
    static let priorityAttributes: Set<String> = [
        "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority",
    ]

    /// `UIViewContentHuggingPriority`, always written on a navigation bar (every bar of the
    /// corpus; `verticalHuggingPriority="750"` gives xuyuntest bee's "{250, 750}"), then
    /// `UIViewContentCompressionResistancePriority` when the document sets either priority,
    /// even to the default 750: Umarovm's seven bars archive "{750, 750}" and chadanewsom's
    /// five "{750, 250}", and no other view of the corpus's nibs archives "{750, 750}" (plain
    /// views leave the default out). That the key follows the attributes is inferred: no
    /// document of the corpus gives a bar a priority.
    static func setPriorities(of element: SourceElement, on bar: ArchivedObject, context: UIKitContext)
        throws(CompileError)
    {
        func priority(_ name: String, _ fallback: Double) throws(CompileError) -> String {
            PriorityText.text(
                try SourceNumber.attribute(name, of: element, in: 1...1000, default: fallback, context: context))
        }
        let hugging = (try priority("horizontalHuggingPriority", 250), try priority("verticalHuggingPriority", 250))
        bar.set("UIViewContentHuggingPriority", .string("{\(hugging.0), \(hugging.1)}"))
        guard
            element["horizontalCompressionResistancePriority"] != nil
                || element["verticalCompressionResistancePriority"] != nil
        else { return }
        let resistance = (
            try priority("horizontalCompressionResistancePriority", 750),
            try priority("verticalCompressionResistancePriority", 750)
        )
        bar.set("UIViewContentCompressionResistancePriority", .string("{\(resistance.0), \(resistance.1)}"))
    }

    /// A controller's navigation item, shown in `bar` when the controller is a navigation
    /// controller's root.
    ///
    /// Its bar button items (`<barButtonItem key="leftBarButtonItem">`, `…rightBarButtonItem`,
    /// `…backBarButtonItem`, or lists under `<leftBarButtonItems>` / `<rightBarButtonItems>`)
    /// follow the title in Apple's order: `UIBackBarButtonItem`, `UILeftBarButtonItem`,
    /// `UIRightBarButtonItem` (the first of each list), `UILeftBarButtonItems`,
    /// `UICenterItemGroups` (empty, ``XcodeEra/writesCenterItemGroups``), `UIRightBarButtonItems`
    /// (an `NSArray`), then `UILargeTitleDisplayMode` (written from
    /// Xcode 9, the iOS 11 SDK that added large titles: every navigation item of the Xcode 13.2
    /// pairs has it, none of the Xcode 6 to 8 ones) and `UINavigationBar`. The items are
    /// tracked (outlets and actions reach them) and listed in `items`.
    static func item(
        _ element: SourceElement, bar: ArchivedObject?, context: UIKitContext, resources: UIKitResources? = nil,
        items barItems: inout [ArchivedObject]
    ) throws(CompileError) -> ArchivedObject {
        let largeTitleModes = ["automatic": 0, "always": 1, "never": 2]
        for name in element.attributes.keys.sorted()
        where !["key", "title", "id", "largeTitleDisplayMode"].contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "navigation item attribute \(name) is not modelled")
        }
        var back: ArchivedObject?
        var left: [ArchivedObject] = []
        var right: [ArchivedObject] = []
        func barItem(_ child: SourceElement) throws(CompileError) -> ArchivedObject? {
            try context.recovered { () throws(CompileError) in
                try BarButtonItemRule.item(child, context: context, resources: resources)
            }
        }
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("barButtonItem", "backBarButtonItem"): back = try barItem(child)
            case ("barButtonItem", "leftBarButtonItem"): left += [try barItem(child)].compactMap { $0 }
            case ("barButtonItem", "rightBarButtonItem"): right += [try barItem(child)].compactMap { $0 }
            case ("leftBarButtonItems", _), ("rightBarButtonItems", _):
                var list: [ArchivedObject] = []
                for entry in child.children {
                    guard entry.name == "barButtonItem" else {
                        try context.unmodelled(
                            .unsupportedElement, entry, "<\(entry.name)> in \(child.name) is not modelled; left out")
                        continue
                    }
                    if let object = try barItem(entry) { list.append(object) }
                }
                if child.name == "leftBarButtonItems" { left += list } else { right += list }
            // A translator's note goes to the strings file, not the nib.
            case ("attributedString", "userComments"):
                break
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a navigation item is not modelled; left out")
            }
        }
        let item = ArchivedObject("UINavigationItem")
        if let title = element["title"] {
            item.set("UITitle", context.text(title, id: element["id"], property: "title"))
        }
        if let back { item.set("UIBackBarButtonItem", back) }
        if let first = left.first { item.set("UILeftBarButtonItem", first) }
        if let first = right.first { item.set("UIRightBarButtonItem", first) }
        if !left.isEmpty { item.set("UILeftBarButtonItems", .collection("NSArray", left)) }
        if context.era.writesCenterItemGroups { item.set("UICenterItemGroups", .collection("NSArray", [])) }
        if !right.isEmpty { item.set("UIRightBarButtonItems", .collection("NSArray", right)) }
        if context.era >= XcodeEra(9) {
            let mode = element["largeTitleDisplayMode"].map { largeTitleModes[$0] } ?? 0
            if let mode {
                item.set("UILargeTitleDisplayMode", int: mode)
            } else {
                try context.unmodelled(
                    .unsupportedAttribute, element,
                    "largeTitleDisplayMode \"\(element["largeTitleDisplayMode"] ?? "")\" is unknown")
            }
        }
        if let bar { item.set("UINavigationBar", bar) }
        barItems += [back].compactMap { $0 } + left + right
        return item
    }
}

/// `<segue>` → a `UIStoryboard…SegueTemplate` in the source controller's scene nib, which a
/// control in the view nib triggers through an upstream placeholder (`perform:`).
///
/// The templates by kind, as the corpus's 170 compiled templates show them (every key after
/// `UIIdentifier` and `UIDestinationViewControllerIdentifier`):
///
/// | Kind | Class | Keys |
/// |---|---|---|
/// | `show` | `UIStoryboardShowSegueTemplate` | `UIActionName` "showViewController:sender:" (90) |
/// | `showDetail` | the same | `UIActionName` "showDetailViewController:sender:" (the action UIKit documents for Show Detail; inferred) |
/// | `push` | `UIStoryboardPushSegueTemplate` | `UIDestinationContainmentContext` 0, `UISplitViewControllerIndex` 0 (13) |
/// | `presentation`, `modal` | `UIStoryboardPresentationSegueTemplate` | `UIAnimates` false when `animates="NO"`, `UIModalPresentationStyle` and `UIModalTransitionStyle` when the source sets them (27); `modal`, the kind's iOS 5 name, inferred |
/// | `embed` | `UIStoryboardEmbedSegueTemplate` | `UIPerformOnViewLoad` true, `UIContainerView` nil (12; the view nib's container view is the template's `containerView` outlet) |
/// | `custom` | `UIStoryboardSegueTemplate` | `UISegueClassName` (the custom class, mangled) before the destination (ertmuirm's HSReplaceSegue) |
/// | `unwind` | `UIStoryboardUnwindSegueTemplate` | `UIDestinationViewControllerIdentifier` nil, `UIAction` the `unwindAction` (man12nam's ResultViewController) |
/// | `popoverPresentation` | `UIStoryboardPopoverPresentationSegueTemplate` | `UIPermittedArrowDirections` (the `<popoverArrowDirection>` edges, up 1, down 2, left 4, right 8; all when none is given), `UIPassthroughViews`, `UIAnchorBarButtonItem`, `UIAnchorView` nil (duckduckgo Tab, Xcode 13.2); the anchor view is the template's `anchorView` outlet in the view nib |
enum SegueRule {
    /// Template classes by segue kind.
    static let templateClasses: [String: String] = [
        "push": "UIStoryboardPushSegueTemplate", "show": "UIStoryboardShowSegueTemplate",
        "showDetail": "UIStoryboardShowSegueTemplate", "presentation": "UIStoryboardPresentationSegueTemplate",
        "modal": "UIStoryboardPresentationSegueTemplate", "embed": "UIStoryboardEmbedSegueTemplate",
        "custom": "UIStoryboardSegueTemplate", "popoverPresentation": "UIStoryboardPopoverPresentationSegueTemplate",
        "unwind": "UIStoryboardUnwindSegueTemplate",
    ]
    /// `UIModalPresentationStyle`.
    static let presentationStyles: [String: Int] = [
        "fullScreen": 0, "pageSheet": 1, "formSheet": 2, "currentContext": 3, "custom": 4, "overFullScreen": 5,
        "overCurrentContext": 6, "popover": 7, "none": -1, "automatic": -2,
    ]
    /// `UIModalTransitionStyle`.
    static let transitionStyles: [String: Int] = [
        "coverVertical": 0, "flipHorizontal": 1, "crossDissolve": 2, "partialCurl": 3,
    ]

    /// The template for `segue`, whose destination scene nib is `destination`; `nil` (with a
    /// warning in `diagnostics`) for a kind no rule models.
    ///
    /// A segue's `identifier` is the template's `UIIdentifier`, the first key: the corpus's
    /// compiled storyboards show it on 27 show, 6 presentation, 1 embed and 1 custom segue
    /// templates, always before `UIDestinationViewControllerIdentifier`.
    static func template(
        _ segue: SourceElement, destination: String, fileName: String, diagnostics: CompileDiagnostics,
        module: String? = nil
    ) throws(CompileError) -> ArchivedObject? {
        func problem(_ message: String) -> CompileError {
            CompileError(
                code: .unsupportedAttribute, file: fileName, line: segue.line, column: segue.column,
                element: segue.summary, message: message)
        }
        guard let kind = segue["kind"], let className = templateClasses[kind] else {
            try diagnostics.recover(
                problem(
                    "segues of kind \"\(segue["kind"] ?? "")\" are not modelled (show, showDetail, push, presentation, modal, popoverPresentation, embed, custom and unwind are); the segue is left out"
                ))
            return nil
        }
        var known: Set = ["id", "destination", "kind", "identifier"]
        switch kind {
        case "presentation", "modal": known.formUnion(["modalPresentationStyle", "modalTransitionStyle", "animates"])
        case "custom": known.formUnion(["customClass", "customModule", "customModuleProvider"])
        case "popoverPresentation": known.insert("popoverAnchorView")
        case "unwind": known.insert("unwindAction")
        default: break
        }
        for name in segue.attributes.keys.sorted() where !known.contains(name) {
            try diagnostics.recover(problem("segue attribute \(name) is not modelled; left out"))
        }
        let template = ArchivedObject(className)
        if let identifier = segue["identifier"] { template.set("UIIdentifier", .string(identifier)) }
        if kind == "custom" {
            guard let custom = segue["customClass"] else {
                try diagnostics.recover(problem("a custom segue without a customClass is left out"))
                return nil
            }
            let (segueModule, _) = SwiftClassName.module(of: segue, target: module)
            template.set(
                "UISegueClassName",
                .string(segueModule.map { SwiftClassName.mangled(custom, module: $0) } ?? custom))
        }
        if kind == "unwind" {
            // man12nam's ResultViewController (Xcode 14): no destination controller, the action
            // the unwind sends (UIAction), triggered from the view nib as other segues are.
            guard let action = segue["unwindAction"] else {
                try diagnostics.recover(problem("an unwind segue without an unwindAction is left out"))
                return nil
            }
            template.set("UIDestinationViewControllerIdentifier", .null)
            template.set("UIAction", .string(action))
            return template
        }
        template.set("UIDestinationViewControllerIdentifier", .string(destination))
        switch kind {
        case "show", "showDetail":
            // allianad-489d01fe (Xcode 8): a show segue names the action it sends.
            template.set(
                "UIActionName",
                .string(kind == "show" ? "showViewController:sender:" : "showDetailViewController:sender:"))
        case "push":
            template.set("UIDestinationContainmentContext", int: 0)
            template.set("UISplitViewControllerIndex", int: 0)
        case "presentation", "modal":
            if segue["animates"] == "NO" { template.set("UIAnimates", .bool(false)) }
            for (attribute, key, table) in [
                ("modalPresentationStyle", "UIModalPresentationStyle", presentationStyles),
                ("modalTransitionStyle", "UIModalTransitionStyle", transitionStyles),
            ] {
                guard let value = segue[attribute] else { continue }
                guard let code = table[value] else {
                    try diagnostics.recover(problem("segue \(attribute) \"\(value)\" is unknown; left out"))
                    continue
                }
                template.set(key, int: code)
            }
        case "embed":
            template.set("UIPerformOnViewLoad", .bool(true))
            template.set("UIContainerView", .null)
        case "popoverPresentation":
            var directions = 15
            for child in segue.children {
                guard child.name == "popoverArrowDirection" else {
                    try diagnostics.recover(problem("<\(child.name)> inside a popover segue is not modelled; left out"))
                    continue
                }
                directions = [("up", 1), ("down", 2), ("left", 4), ("right", 8)].reduce(0) { bits, edge in
                    child.flag(edge.0) ? bits | edge.1 : bits
                }
            }
            template.set("UIPermittedArrowDirections", int: directions)
            template.set("UIPassthroughViews", .null)
            template.set("UIAnchorBarButtonItem", .null)
            template.set("UIAnchorView", .null)
        default:
            break
        }
        return template
    }
}

/// `<tabBarController>`'s `<tabBar>` → `UITabBar`, and a child's `<tabBarItem>` →
/// `UITabBarItem`, as the Xcode 6 pairs and the corpus's tab bars of later Xcodes show them.
enum TabBarRule {
    /// The tab bar at the source's origin, with its mask and background, opaque, the default
    /// hugging written out, translucent; its width and height by Xcode, as the corpus's tab
    /// bars show (ibtool's own view of a bar, whatever the frame: the sources write 49 high and
    /// the device's width):
    ///
    /// | Xcode | size | evidence |
    /// |---|---|---|
    /// | 6 to 10 | 320 wide, the source's height | Sylladise1.3, canoelover (6, 7); chadanewsom build.io (9) |
    /// | 11 | zero width, the source's height | COVIDSAFE's debug tab bar controller (49) |
    /// | 12 and later | zero width, 50 high | Umarovm Whats-Cooking (12), kiralab dmcc (14), ikyih seed (15) |
    ///
    /// As on any view, `UIDeepDrawRect` from Xcode 8 (chadanewsom and later) and the iOS 13
    /// SDK's `UIViewLargeContentStoredProperties` from Xcode 11; `insetsLayoutMarginsFromSafeArea="NO"`
    /// is `UIViewInsetsLayoutMarginsFromSafeArea` 0 before the semantic content attribute
    /// (COVIDSAFE, Umarovm); a custom class swaps the bar (chadanewsom's `TabBar`).
    static func bar(_ element: SourceElement, controller: ArchivedObject, context: UIKitContext) throws(CompileError)
        -> ArchivedObject
    {
        for name in element.attributes.keys.sorted()
        where !["key", "contentMode", "id", "insetsLayoutMarginsFromSafeArea"].contains(name)
            && !NavigationRule.customClassAttributes.contains(name)
        {
            try context.unmodelled(.unsupportedAttribute, element, "tab bar attribute \(name) is not modelled")
        }
        if let mode = element["contentMode"], mode != "scaleToFill" {
            try context.unmodelled(.unsupportedAttribute, element, "tab bar contentMode \(mode) is not modelled")
        }
        // Interface Builder leaves the frame out of some documents (AltStore's launch screen,
        // Xcode 12): the bar is then at the top, UIKit's 49 points high (from Xcode 12 ibtool
        // writes 50 whatever the frame).
        let frame = element.child("rect", key: "frame")
        let y = frame?.number("y") ?? 0
        var mask = 36
        var background: ArchivedObject?
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"): break
            case ("autoresizingMask", "autoresizingMask"): mask = AutoresizingRule.mask(child)
            case ("color", "backgroundColor"): background = try ColorRule.color(child, in: context)
            default:
                try context.unmodelled(.unsupportedElement, child, "<\(child.name)> inside a tab bar is not modelled")
            }
        }
        let x = frame?.number("x") ?? 0
        guard abs(x) <= 1e9, abs(y) <= 1e9 else {
            throw context.error(.invalidSource, element, "the tab bar's frame is not a position")
        }
        let sourceHeight = frame?.number("height").flatMap { (0...1e6).contains($0) ? $0 : nil }
        let height = context.era >= XcodeEra(12) ? 50 : sourceHeight ?? 49
        let bar = ArchivedObject("UITabBar")
        if context.era >= XcodeEra(11) {
            bar.set("UIBounds", ArchivedObject.geometry([0, 0, 0, height]))
            bar.set("UICenter", ArchivedObject.geometry([x, y + height / 2]))
        } else {
            bar.set("UIBounds", ArchivedObject.geometry([0, 0, 320, height]))
            bar.set("UICenter", ArchivedObject.geometry([160, y + height / 2]))
        }
        if let background { bar.set("UIBackgroundColor", background) }
        if context.era.writesDeepDrawRect { bar.set("UIDeepDrawRect", .bool(true)) }
        bar.set("UIOpaque", .bool(true))
        bar.set("UIAutoresizeSubviews", .bool(true))
        if mask != 0 { bar.set("UIAutoresizingMask", int: mask) }
        bar.set("UIViewContentHuggingPriority", .string("{250, 250}"))
        if element["insetsLayoutMarginsFromSafeArea"] == "NO" {
            bar.set("UIViewInsetsLayoutMarginsFromSafeArea", int: 0)
        }
        if context.era.writesSemanticContentAttribute { bar.set("UIViewSemanticContentAttribute", int: 0) }
        if context.era.writesLargeContentProperties { bar.set("UIViewLargeContentStoredProperties", .null) }
        bar.set("UIDelegate", controller)
        bar.set("UIBarTranslucence", int: 1)
        return try ClassSwapRule.wrap(bar, element: element, context: context)
    }

    /// `UITabBarItem.SystemItem` raw values by `systemItem` name (the UIKit SDK's enumeration).
    static let systemItems: [String: Int] = [
        "more": 0, "favorites": 1, "featured": 2, "topRated": 3, "recents": 4, "contacts": 5, "history": 6,
        "bookmarks": 7, "search": 8, "downloads": 9, "mostRecent": 10, "mostViewed": 11,
    ]

    /// A tab bar item with a title and images: `image` → `UIImage`, `selectedImage` →
    /// `UISelectedTemplateImage` (image placeholders, pogoros Sylladise1.3, Xcode 7); `tag="0"`
    /// archives nothing.
    ///
    /// A system item (`systemItem="more"` in pogoros Sylladise1-6.3, on a navigation
    /// controller's root controller) archives `UISystemItem` first and no image: UIKit draws
    /// the system's, so its `selectedImage` is dropped (a title or image beside a system item is
    /// refused: no pair shows one). Its `<accessibilityConfiguration>` there says only
    /// `isElement` NO with no traits, and archives nothing.
    static func item(_ element: SourceElement, context: UIKitContext, resources: UIKitResources)
        throws(CompileError) -> ArchivedObject
    {
        // `catalog="system"` repeats what the image's resource says (an SF Symbol), as on image
        // views. Other attributes and children are left out with a warning, and the item (with
        // its scene) is kept: the wild corpus lost whole scenes to a tag or a runtime attribute.
        let allowed = ["key", "title", "id", "image", "selectedImage", "systemItem", "catalog", "enabled"]
        for name in element.attributes.keys.sorted() where !allowed.contains(name) {
            guard name == "tag", element[name] == "0" else {
                try context.unmodelled(
                    .unsupportedAttribute, element, "tab bar item attribute \(name) is not modelled; left out")
                continue
            }
        }
        let item = ArchivedObject("UITabBarItem")
        var badge: ArchivedObject?
        for child in element.children {
            let isPlainAccessibility =
                child.name == "accessibilityConfiguration" && child.attributes.keys.allSatisfy { $0 == "key" }
                && child.children.allSatisfy {
                    ($0.name == "isElement" && $0["value"] == "NO" && $0.children.isEmpty)
                        || ($0.name == "traits" && $0.attributes.keys.allSatisfy { $0 == "key" } && $0.children.isEmpty)
                }
            switch (child.name, child["key"]) {
            case _ where isPlainAccessibility: break
            // UITabBarItem's badge color, after the title (Umarovm Whats-Cooking, Xcode 12: four
            // items with UIBadgeColor between UITitle and UIImage).
            case ("color", "badgeColor"):
                badge = try context.recovered({ () throws(CompileError) in try ColorRule.color(child, in: context) })
            // Set on the item at load time, as on a bar button item (both are UIBarItems).
            case ("userDefinedRuntimeAttributes", _):
                try RuntimeAttributeRule.schedule(child, object: item, context: context, resources: resources)
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a tab bar item is not modelled; left out")
            }
        }
        if let name = element["systemItem"] {
            guard let systemItem = systemItems[name] else {
                throw context.error(.unsupportedAttribute, element, "systemItem \"\(name)\" is unknown")
            }
            if element["title"] != nil || element["image"] != nil {
                try context.unmodelled(
                    .unsupportedAttribute, element, "a title or image beside a system item is not modelled")
            }
            item.set("UISystemItem", int: systemItem)
            item.set("UIEnabled", .bool(element["enabled"] != "NO"))
            if let badge { item.set("UIBadgeColor", badge) }
            return item
        }
        // UIBarItem's flag, archived on every bar item of the corpus (19 tab bar items, 40 bar
        // button items, all true); `enabled="NO"` is its false.
        item.set("UIEnabled", .bool(element["enabled"] != "NO"))
        if let title = element["title"] {
            item.set("UITitle", context.text(title, id: element["id"], property: "title"))
        }
        if let badge { item.set("UIBadgeColor", badge) }
        for (attribute, key) in [("image", "UIImage"), ("selectedImage", "UISelectedTemplateImage")] {
            if let name = element[attribute], !name.isEmpty {
                item.set(
                    key,
                    try ImageRule.placeholder(named: name, element: element, context: context, resources: resources))
            }
        }
        return item
    }
}
