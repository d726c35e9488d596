/// `<view>` / `<customView>` → `NSView`: `NSvFlags` (autoresizing bits and
/// autoresizes-subviews), the frame as NSString geometry, subviews with their responder links.
/// Controls (`textField`, …) are `NSView`s too: their rules call ``encodeView(_:_:superview:kind:)``
/// for the view part and add their own keys.
struct AppKitViewEncoder {
    let context: AppKitContext
    let usesAutolayout: Bool
    /// Whether custom objects and views are instantiated with `-init` (`NSClassSwapper`).
    var instantiatesDirectly = false

    static let attributes: Set<String> = [
        "id", "key", "userLabel", "translatesAutoresizingMaskIntoConstraints", "wantsLayer", "customClass",
        "fixedFrame", "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority", "clipsToBounds", "toolTip", "ambiguous", "hidden", "customModule",
        "customModuleProvider",
    ]

    /// What a view class adds to `NSView`: the attributes and child elements its rule reads,
    /// and its default content hugging and compression resistance (`NSHuggingPriority` and
    /// `NSAntiCompressionPriority` are written only when the source differs from them).
    struct Kind {
        /// Attributes beyond ``AppKitViewEncoder/attributes``.
        var attributes: Set<String> = []
        /// Child element names the kind's rule handles.
        var children: Set<String> = []
        /// Default (horizontal, vertical) content hugging priority.
        var hugging: (Double, Double) = (250, 250)
        /// Default (horizontal, vertical) compression resistance priority.
        var compression: (Double, Double) = (750, 750)
        /// Whether `NSSubviews` is written even when empty (image views).
        var writesEmptySubviews = false
        /// The `NSDragTypes` the class registers, written as a set when not empty.
        var dragTypes: [String] = []
        /// Whether the class is always a layer-tree host (`NSViewIsLayerTreeHost`).
        var isLayerTreeHost = false

        /// `NSView` itself.
        static let view = Kind()
    }

    /// The archived view for `element`, by element name.
    ///
    /// What no rule models does not stop the compile: a view that is unknown, or that its rule
    /// cannot compile, is archived under its own class with the `NSView` keys (its nearest
    /// modelled superclass, ``ClassHierarchy``), with a warning.
    func view(_ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, isContentView: Bool = false)
        throws(CompileError) -> ArchivedObject
    {
        if let view = try context.attempt(
            element,
            { () throws(CompileError) in
                try modelledView(element, superview: superview, parent: parent, isContentView: isContentView)
            })
        {
            return view
        }
        // The element's rule failed (the warning says where and why): unless that warning
        // already says the element is not modelled, say that it is archived another way.
        let failedInside = !context.diagnostics.lastWarning(saysUnmodelled: element)
        let className = ClassHierarchy.appKitClass(forElement: element.name)
        if let view = try context.attempt(
            element,
            { () throws(CompileError) in
                try genericView(
                    element, className: className, superview: superview, parent: parent, isContentView: isContentView)
            })
        {
            if failedInside {
                try context.unmodelled(
                    .unsupportedElement, element,
                    "<\(element.name)> could not be compiled by its rule (see the warning before); archived as "
                        + "\(className) with the keys of its nearest modelled superclass (NSView)")
            }
            return view
        }
        // Nothing else worked: the view's class with its frame only.
        try context.unmodelled(
            .unsupportedElement, element,
            "<\(element.name)> is archived as \(className) without its keys; what it contains is left out")
        let view = ArchivedObject(className)
        context.track(view, id: element["id"], parent: parent)
        if let superview {
            view.set("NSNextResponder", superview)
            view.set("NSSuperview", superview)
        } else {
            view.set("NSNextResponder", .null)
        }
        return view
    }

    /// `element` as a plain view of `className` (the `NSView` keys, the custom class swapped in
    /// as for `<view>`), reading only the common view attributes and children.
    private func genericView(
        _ element: SourceElement, className: String, superview: ArchivedObject?, parent: ArchivedObject,
        isContentView: Bool
    ) throws(CompileError) -> ArchivedObject {
        let view = try ControlRule.swapped(ArchivedObject(className), for: element, context: context)
        context.track(view, id: element["id"], parent: parent)
        _ = try encodeView(element, view, superview: superview, kind: Kind(), quiet: true)
        return view
    }

    private func modelledView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, isContentView: Bool
    ) throws(CompileError) -> ArchivedObject {
        switch element.name {
        case "view", "customView":
            return try plainView(element, superview: superview, parent: parent, isContentView: isContentView)
        case "textField", "secureTextField", "searchField", "comboBox":
            return try AppKitTextFieldRule.textField(element, superview: superview, parent: parent, views: self)
        case "scrollView":
            return try ScrollViewRule.scrollView(element, superview: superview, parent: parent, views: self)
        case "textView":
            return try AppKitTextViewRule.textView(element, superview: superview, parent: parent, views: self)
        case "tableView", "outlineView":
            return try AppKitTableViewRule.tableView(element, superview: superview, parent: parent, views: self)
        case "datePicker":
            return try AppKitDatePickerRule.datePicker(element, superview: superview, parent: parent, views: self)
        case "progressIndicator":
            return try AppKitProgressIndicatorRule.progressIndicator(
                element, superview: superview, parent: parent, views: self)
        case "segmentedControl":
            return try AppKitSegmentedControlRule.segmentedControl(
                element, superview: superview, parent: parent, views: self)
        case "tabView":
            return try AppKitTabViewRule.tabView(element, superview: superview, parent: parent, views: self)
        case "box":
            return try AppKitBoxRule.box(element, superview: superview, parent: parent, views: self)
        case "imageView":
            return try AppKitImageViewRule.imageView(element, superview: superview, parent: parent, views: self)
        case "stackView":
            return try StackViewRule.stackView(element, superview: superview, parent: parent, views: self)
        case "splitView":
            return try SplitViewRule.splitView(element, superview: superview, parent: parent, views: self)
        case "button":
            return try AppKitButtonRule.button(element, superview: superview, parent: parent, views: self)
        case "popUpButton":
            return try AppKitPopUpButtonRule.popUpButton(element, superview: superview, parent: parent, views: self)
        case "slider":
            return try AppKitSliderRule.slider(element, superview: superview, parent: parent, views: self)
        case "stepper":
            return try AppKitStepperRule.stepper(element, superview: superview, parent: parent, views: self)
        case "matrix":
            return try AppKitMatrixRule.matrix(element, superview: superview, parent: parent, views: self)
        case "visualEffectView":
            return try AppKitVisualEffectViewRule.visualEffectView(
                element, superview: superview, parent: parent, views: self)
        case "colorWell":
            return try ColorWellRule.colorWell(element, superview: superview, parent: parent, views: self)
        case "predicateEditor":
            return try PredicateEditorRule.predicateEditor(element, superview: superview, parent: parent, views: self)
        default:
            throw context.error(
                .unsupportedElement, element,
                "<\(element.name)> (AppKit) is not modelled; archived as \(ClassHierarchy.appKitClass(forElement: element.name)) "
                    + "with the NSView keys")
        }
    }

    private func plainView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, isContentView: Bool
    ) throws(CompileError) -> ArchivedObject {
        // A <view> with a custom class is always a class swapper (test14_custom_classes,
        // test15_custom_classes); a <customView> only with direct instantiation.
        let isCustom = element.name == "customView"
        let customClass = try context.runtimeClassName(of: element) ?? "NSView"
        let swaps = isCustom ? instantiatesDirectly : element["customClass"] != nil
        let view = ArchivedObject(swaps ? "NSClassSwapper" : isCustom ? "NSCustomView" : "NSView")
        if swaps {
            view.set("NSClassName", .string(customClass))
            view.set("NSOriginalClassName", .string("NSView"))
        }
        context.track(view, id: element["id"], parent: parent)
        // Custom views archive their subviews last to first: top-level ones (StatusBar,
        // nkv_overlap, numfmt_dedup, test32_hugging_priority, textfield_formatter) and nested ones
        // (nkv_overlap's custom view inside a tab item); <view>s — window content views, tab
        // item views — keep document order. Before Xcode 11 custom views kept document order too
        // (LuLu's Preferences, 8.3: its two top-level custom views); adium's AccountProfile
        // (Xcode 12) reverses.
        let reverses = isCustom && !isContentView && context.era >= XcodeEra(11)
        _ = try encodeView(
            element, view, superview: superview, kind: Kind(attributes: ["focusRingType"]), reversesSubviews: reverses)
        // focusRingType="none" sets NSvFlags 0x1000, as on table views (MarkupTagsController's
        // tab item view: 4370 = 0x1112).
        if let ring = element["focusRingType"] {
            guard ring == "none", case .integer(let flags)? = view.value(forKey: "NSvFlags") else {
                throw context.error(.unsupportedAttribute, element, "focusRingType \"\(ring)\" is not modelled")
            }
            view.replace("NSvFlags", .integer(flags | 0x1000))
        }
        // A top-level view (outside any window) that opts out of autoresizing-mask constraints
        // stops translating even without a constraint naming it (test_6col, the only such view
        // in the pairs); views inside a window need a constraint (AppKitContext).
        if superview == nil, !isContentView, element["translatesAutoresizingMaskIntoConstraints"] == "NO",
            !element.flag("fixedFrame")
        {
            context.stopTranslatingMask(view)
        }
        if isCustom && !instantiatesDirectly {
            // A named custom class is also recorded as an IBClassReference (test15_custom_classes).
            if let reference = try context.classReference(
                of: element, runtimeName: customClass,
                kind: "a custom view class without direct instantiation", nameKey: "NSClassName")
            {
                view.set("IBClassReference", reference)
            }
            view.set("NSClassName", .string(customClass))
        }
        return view
    }

    /// Writes the `NSView` keys of `element` into `view` (already tracked by the caller) and
    /// encodes its subviews; returns the children named in `kind.children`, in document order,
    /// for the caller's rule. Subviews are tracked in document order; `reversesSubviews`
    /// archives `NSSubviews` last to first.
    ///
    /// An attribute or child no rule reads is left out with a warning (silently with `quiet`,
    /// when the caller has already said the element is compiled as a plain view).
    func encodeView(
        _ element: SourceElement, _ view: ArchivedObject, superview: ArchivedObject?, kind: Kind,
        reversesSubviews: Bool = false, quiet: Bool = false
    ) throws(CompileError) -> [SourceElement] {
        for name in element.attributes.keys.sorted()
        where !quiet && !Self.attributes.contains(name) && !kind.attributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "attribute \(name) on an AppKit <\(element.name)> is not modelled; left out")
        }
        context.viewsBySourceElement[ObjectIdentifier(element)] = view
        if let toolTip = element["toolTip"] {
            AppKitToolTipRule.connect(toolTip, view: view, of: element, context: context)
        }
        var frame: [Double] = [0, 0, 0, 0]
        var mask: Int?
        var subviews: [SourceElement] = []
        var rest: [SourceElement] = []
        var constraintElements: [SourceElement] = []
        var guideElements: [String: SourceElement] = [:]
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"): frame = try SourceGeometry.rect(child, context: context)
            case ("autoresizingMask", "autoresizingMask"): mask = AutoresizingRule.mask(child)
            case ("subviews", _): subviews = child.children
            case ("constraints", _): constraintElements = child.children
            case ("viewLayoutGuide", let key?) where LayoutGuideRule.systemTypes[key] != nil: guideElements[key] = child
            case ("connections", _), ("point", "canvasLocation"): break
            // Interface Builder's design-time guides archive nothing (MarkupTagsController).
            case ("userGuides", nil) where child.children.allSatisfy({ $0.name == "userLayoutGuide" }): break
            case ("string", "toolTip"):
                let text = try AppKitToolTipRule.text(of: child, context: context)
                if !child.flag("base64-UTF8") {
                    AppKitToolTipRule.connect(text, view: view, of: element, context: context)
                }
            case ("accessibility", _):
                try AppKitAccessibilityRule.connect(child, view: view, context: context)
            case ("userDefinedRuntimeAttributes", _):
                try AppKitRuntimeAttributeRule.connect(child, object: view, context: context)
            // An empty <animations/> (Xcode 7 documents) archives nothing (test_animations).
            case ("animations", _) where child.children.isEmpty && child.attributes.isEmpty: break
            case (let name, _) where kind.children.contains(name): rest.append(child)
            default:
                if !quiet {
                    try context.unmodelled(
                        .unsupportedElement, child,
                        "<\(child.name)> inside an AppKit <\(element.name)> is not modelled; left out")
                }
            }
        }
        if let superview {
            view.set("NSNextResponder", superview)
        } else {
            view.set("NSNextResponder", .null)
        }
        view.set("NSNibTouchBar", .null)
        // NSvFlags 0x100 is autoresizesSubviews (GroupingController's box: "NO" → 12, not 268;
        // only boxes accept the attribute, see AppKitBoxRule).
        let resizesSubviews = try CellRule.boolean(element, "autoresizesSubviews", default: true, context)
        // A hidden view sets bit 31 (NSvFlags as a signed 32-bit value): LuLu's UpdateWindow
        // custom view (-2147483380 = 0x8000_010C) and spinning progress indicator, Sparkle's
        // hidden custom views, as hidden scrollers (``ScrollerRule``).
        let hidden: Int64 = element.flag("hidden") ? -0x8000_0000 : 0
        view.set(
            "NSvFlags",
            .integer(hidden | Int64((resizesSubviews ? 0x100 : 0) | (mask ?? (usesAutolayout ? 0x0C : 0x28)))))
        if frame[0] == 0 && frame[1] == 0 {
            view.set("NSFrameSize", .string(AppKitContext.text([frame[2], frame[3]])))
        } else {
            view.set("NSFrame", .string(AppKitContext.text(frame)))
        }
        if let superview { view.set("NSSuperview", superview) }
        if element.flag("wantsLayer") || kind.isLayerTreeHost { view.set("NSViewIsLayerTreeHost", .bool(true)) }
        if element["translatesAutoresizingMaskIntoConstraints"] == "NO", !element.flag("fixedFrame") {
            context.autolayoutViews.insert(ObjectIdentifier(view))
        }
        var children: [ArchivedObject] = []
        for subview in subviews {
            children.append(try self.view(subview, superview: view, parent: view))
        }
        // Constraints are tracked after the subviews, as IB lists its objects.
        let constraints = try LayoutGuideRule.constraints(
            constraintElements, of: element, view: view, guides: guideElements, context: context)
        if reversesSubviews { children.reverse() }
        if !children.isEmpty || kind.writesEmptySubviews {
            view.set("NSSubviews", .collection("NSMutableArray", children))
        }
        if !kind.dragTypes.isEmpty {
            view.set("NSDragTypes", .collection("NSMutableSet", kind.dragTypes.map { ArchivedObject.string($0) }))
        }
        view.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        try priorities(element, view, kind: kind)
        let clips = element.flag("clipsToBounds")
        if clips { view.set("NSViewClipsToBoundsKeyName", .bool(true)) }
        if !constraints.isEmpty { view.set("NSViewConstraints", .collection("NSArray", constraints)) }
        view.set("IBNSSafeAreaLayoutGuide", LayoutGuideRule.systemGuide(guideElements["safeArea"], key: "safeArea"))
        view.set(
            "IBNSLayoutMarginsGuide", LayoutGuideRule.systemGuide(guideElements["layoutMargins"], key: "layoutMargins"))
        view.set("IBNSClipsToBounds", int: clips ? 1 : 0)
        return rest
    }

    /// `NSHuggingPriority` and `NSAntiCompressionPriority` as `{horizontal, vertical}` strings,
    /// when they differ from the kind's defaults.
    private func priorities(_ element: SourceElement, _ view: ArchivedObject, kind: Kind) throws(CompileError) {
        func priority(_ name: String) throws(CompileError) -> Double? {
            guard element[name] != nil else { return nil }
            guard let value = element.number(name), value.isFinite, (1...1000).contains(value) else {
                throw context.error(.invalidSource, element, "\(name) must be a priority between 1 and 1000")
            }
            return value
        }
        // An absent priority is NSView's default, which IB does not write.
        let hugging = (try priority("horizontalHuggingPriority") ?? 250, try priority("verticalHuggingPriority") ?? 250)
        if hugging != kind.hugging {
            view.set("NSHuggingPriority", .string("{\(PriorityText.text(hugging.0)), \(PriorityText.text(hugging.1))}"))
        }
        let compression = (
            try priority("horizontalCompressionResistancePriority") ?? 750,
            try priority("verticalCompressionResistancePriority") ?? 750
        )
        if compression != kind.compression {
            view.set(
                "NSAntiCompressionPriority",
                .string("{\(PriorityText.text(compression.0)), \(PriorityText.text(compression.1))}"))
        }
    }
}
