/// `<stackView>` → `NSStackView`, as ibtool archives it (learned from `stackview_identifier`,
/// `test19_layouts`, `todo-test25_hugging` and `transmission_MainMenu`).
///
/// | Source | Archived |
/// |---|---|
/// | the view part | ``AppKitViewEncoder/encodeView(_:_:superview:kind:reversesSubviews:)``; `<subviews>` are the arranged views |
/// | `customClass` | an `NSClassSwapper` from `NSStackView` |
/// | `identifier` | `NSReuseIdentifierKey` |
/// | `orientation` | `NSStackViewOrientation`: horizontal 0, vertical 1 (`NSUserInterfaceLayoutOrientation`) |
/// | `alignment` | `NSStackViewAlignment` (the `NSLayoutConstraint.Attribute`) and `NSStackViewSecondaryAlignment`, see ``alignments`` |
/// | `distribution` | `NSStackViewdistribution` (sic): `NSStackView.Distribution` raw values; `equalSpacing` also `NSStackViewHasEqualSpacing` true |
/// | `spacing` | `NSStackViewSpacing`, float32, 8 when absent |
/// | `horizontalStackHuggingPriority`, `verticalStackHuggingPriority` | `NSStackView{Horizontal,Vertical}Hugging`, float32; 250 when absent (the documented default) |
/// | — | clipping resistance 1000 both ways, `NSStackViewHasFlatViewHierarchy` true |
/// | `<edgeInsets>` | `NSStackViewEdgeInsets.top`, `.left`, `.right`, `.bottom` (float32, 0 when absent; transmission_MainMenu right 4) |
/// | `detachesHiddenViews` | `NSStackViewDetachesHiddenViews` |
/// | arranged views | an `NSStackViewContainer` (`NSStackViewBeginningContainer`: an empty view that lists them in `NSStackViewContainerNonDroppedViews`; custom spacing and visibility priorities nil while all are the defaults); none without views (Sparkle's SUUpdatePermissionPrompt ×2) |
/// | arranged views | an `NSNibConnector` in the connections (without an object id) asking AppKit to decode the stack view early; none without views |
/// | `translatesAutoresizingMaskIntoConstraints="NO"` | `NSDoNotTranslateAutoresizingMask` on the stack view (fixed frame or not), its arranged views and its container |
enum StackViewRule {
    /// `alignment` → (`NSStackViewAlignment`, `NSStackViewSecondaryAlignment`), the pairs seen
    /// (the pairs' stack views and the corpus's eight: vertical leading, horizontal centerY).
    static let alignments: [String: (Int, Int)] = ["leading": (5, 1), "centerY": (10, 3)]

    /// Every `alignment` Interface Builder writes → `NSLayoutConstraint.Attribute`'s public raw
    /// value (left 1 … firstBaseline 12; `baseline` is the last baseline), the archived
    /// `NSStackViewAlignment`.
    static let alignmentAttributes: [String: Int] = [
        "left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5, "trailing": 6, "width": 7, "height": 8,
        "centerX": 9, "centerY": 10, "baseline": 11, "lastBaseline": 11, "firstBaseline": 12,
    ]

    /// The secondary alignment assumed for alignments no compiled nib shows: the cross axis's
    /// position, as the two seen ones give it (the leading edge 1, the center 3), the trailing
    /// edge 2, baselines 1 (they sit at the top of a horizontal stack's row).
    static let assumedSecondaryAlignments: [String: Int] = [
        "left": 1, "top": 1, "leading": 1, "right": 2, "bottom": 2, "trailing": 2, "centerX": 3, "centerY": 3,
        "firstBaseline": 1, "baseline": 1, "lastBaseline": 1, "width": 0, "height": 0,
    ]
    /// `distribution` → `NSStackView.Distribution` raw value.
    static let distributions = [
        "gravityAreas": -1, "fill": 0, "fillEqually": 1, "fillProportionally": 2, "equalSpacing": 3,
        "equalCentering": 4,
    ]
    /// A custom spacing that means "none": `NSStackView.useDefaultSpacing` (FLT_MAX).
    static let defaultSpacing = Double(Float.greatestFiniteMagnitude)
    /// The label of the connector that orders the stack view's decoding.
    static let decodingOrderLabel =
        "Encoding NSStackView requires being decoded before other connections with an early decoding order priority of 999990."

    static let kind = AppKitViewEncoder.Kind(
        attributes: [
            "identifier", "orientation", "alignment", "distribution", "spacing", "horizontalStackHuggingPriority",
            "verticalStackHuggingPriority", "detachesHiddenViews",
        ],
        children: ["visibilityPriorities", "customSpacing", "edgeInsets"])

    /// The archived stack view for `element`.
    static func stackView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let stack = try ControlRule.swapped(ArchivedObject("NSStackView"), for: element, context: context)
        context.track(stack, id: element["id"], parent: parent)
        let rest = try views.encodeView(element, stack, superview: superview, kind: kind)
        var insets: [String: Double] = [:]
        for child in rest where child.name == "edgeInsets" {
            for name in child.attributes.keys where !["key", "top", "left", "right", "bottom"].contains(name) {
                try context.unmodelled(
                    .unsupportedAttribute, child, "attribute \(name) on stack edge insets is unknown")
            }
            for edge in ["top", "left", "right", "bottom"] where child[edge] != nil {
                // Archived as float32: a larger finite value would become infinity.
                guard let value = child.number(edge), SourceNumber.float32Range.contains(value) else {
                    throw context.error(
                        .invalidSource, child, "the \(edge) edge inset is not a number within float32's range")
                }
                insets[edge] = value
            }
        }
        for child in rest where child.name != "edgeInsets" {
            let defaults: Set<Double> = child.name == "visibilityPriorities" ? [1000] : [defaultSpacing]
            for value in child.children {
                guard value.name == "integer" || value.name == "real", let number = value.number("value"),
                    defaults.contains(number)
                else {
                    throw context.error(
                        .unsupportedAttribute, value,
                        "stack views with custom \(child.name == "visibilityPriorities" ? "visibility priorities" : "spacing") are not modelled"
                    )
                }
            }
        }
        if let identifier = element["identifier"] { stack.set("NSReuseIdentifierKey", .string(identifier)) }
        let arranged = arrangedViews(of: stack)
        if element["translatesAutoresizingMaskIntoConstraints"] == "NO" {
            context.stopTranslatingMask(stack)
            for view in arranged { context.stopTranslatingMask(view) }
        }
        let orientations = ["horizontal": 0, "vertical": 1]
        guard let orientation = orientations[element["orientation"] ?? "horizontal"] else {
            throw context.error(
                .unsupportedAttribute, element, "stack orientation \"\(element["orientation"] ?? "")\" is unknown")
        }
        let alignmentName = element["alignment"] ?? ""
        let alignment: (Int, Int)
        if let seen = alignments[alignmentName] {
            alignment = seen
        } else if let attribute = alignmentAttributes[alignmentName],
            let secondary = assumedSecondaryAlignments[alignmentName]
        {
            // Better a stack view that lays out its views than a plain view: the alignment is
            // AppKit's public value; only the secondary one is a guess.
            try context.unmodelled(
                .unsupportedAttribute, element,
                "no compiled nib shows a stack view aligned \(alignmentName); archived with NSStackViewAlignment \(attribute) (NSLayoutConstraint.Attribute) and an assumed secondary alignment \(secondary)"
            )
            alignment = (attribute, secondary)
        } else {
            throw context.error(.unsupportedAttribute, element, "stack alignment \"\(alignmentName)\" is unknown")
        }
        guard let distribution = distributions[element["distribution"] ?? "fill"] else {
            throw context.error(
                .unsupportedAttribute, element, "stack distribution \"\(element["distribution"] ?? "")\" is unknown")
        }
        func priority(_ name: String) throws(CompileError) -> Float {
            // An absent priority is NSStackView's documented default, NSLayoutPriorityDefaultLow
            // (250: `setHuggingPriority(_:for:)`); Interface Builder writes the others.
            guard element[name] != nil else { return 250 }
            guard let value = element.number(name), value.isFinite, (0...1000).contains(value) else {
                throw context.error(.invalidSource, element, "a stack view needs \(name) between 0 and 1000")
            }
            return Float(value)
        }
        let spacing = element.number("spacing") ?? 8
        guard SourceNumber.float32Range.contains(spacing) else {
            throw context.error(.invalidSource, element, "the stack spacing is not a number within float32's range")
        }
        stack.set("NSStackViewOrientation", int: orientation)
        stack.set("NSStackViewSecondaryAlignment", int: alignment.1)
        stack.set("NSStackViewAlignment", int: alignment.0)
        stack.set("NSStackViewVerticalClippingResistance", .float32(1000))
        stack.set("NSStackViewHorizontalClippingResistance", .float32(1000))
        stack.set("NSStackViewVerticalHugging", .float32(try priority("verticalStackHuggingPriority")))
        stack.set("NSStackViewHorizontalHugging", .float32(try priority("horizontalStackHuggingPriority")))
        stack.set("NSStackViewSpacing", .float32(Float(spacing)))
        stack.set("NSStackViewdistribution", int: distribution)
        if element["distribution"] == "equalSpacing" { stack.set("NSStackViewHasEqualSpacing", .bool(true)) }
        for edge in ["top", "left", "right", "bottom"] {
            stack.set("NSStackViewEdgeInsets.\(edge)", .float32(Float(insets[edge] ?? 0)))
        }
        // A stack view without arranged views archives neither container nor connector:
        // Sparkle's SUUpdatePermissionPrompt (toolsVersion 18122 and 21701, all five files),
        // filled by code; every stack view with views has both.
        if !arranged.isEmpty {
            stack.set("NSStackViewBeginningContainer", container(of: stack, arranged: arranged, context: context))
        }
        stack.set("NSStackViewDetachesHiddenViews", .bool(element.flag("detachesHiddenViews")))
        stack.set("NSStackViewHasFlatViewHierarchy", .bool(true))
        guard !arranged.isEmpty else { return stack }
        let connector = ArchivedObject("NSNibConnector")
        connector.set("NSSource", stack)
        connector.set("NSLabel", .string(decodingOrderLabel))
        context.decodingOrderConnectors.append(connector)
        return stack
    }

    /// The views in the stack view's `NSSubviews`, in order.
    private static func arrangedViews(of stack: ArchivedObject) -> [ArchivedObject] {
        guard case .object(let subviews)? = stack.values.first(where: { $0.key == "NSSubviews" })?.value else {
            return []
        }
        return subviews.values.compactMap { entry in
            if case .object(let view) = entry.value, entry.key != "NSInlinedValue" { return view }
            return nil
        }
    }

    /// The stack view's beginning container, which lists the arranged views.
    private static func container(of stack: ArchivedObject, arranged: [ArchivedObject], context: AppKitContext)
        -> ArchivedObject
    {
        let container = ArchivedObject("NSStackViewContainer")
        container.set("NSNextResponder", .null)
        container.set("NSNibTouchBar", .null)
        container.set("NSvFlags", int: 0x100)
        container.set("NSFrameSize", .string("{0, 0}"))
        container.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        context.stopTranslatingMask(container)
        container.set("IBNSSafeAreaLayoutGuide", .null)
        container.set("IBNSLayoutMarginsGuide", .null)
        container.set("IBNSClipsToBounds", int: 0)
        container.set("NSStackViewContainerStackView", stack)
        container.set("NSStackViewContainerViewToCustomAfterSpaceMap", .null)
        container.set("NSStackViewContainerVisibilityPriorities", .null)
        container.set("NSStackViewContainerNonDroppedViews", .collection("NSMutableArray", arranged))
        return container
    }
}
