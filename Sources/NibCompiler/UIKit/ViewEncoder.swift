/// Encodes a UIKit view element and its subviews: the common `UIView` keys in ibtool's order,
/// then the kind's own keys from ``ViewRule``.
struct ViewEncoder {
    let context: UIKitContext
    let resources: UIKitResources

    static let commonAttributes: Set<String> = [
        "id", "key", "contentMode", "opaque", "clipsSubviews", "userInteractionEnabled", "hidden",
        "multipleTouchEnabled",
        "translatesAutoresizingMaskIntoConstraints", "horizontalHuggingPriority", "verticalHuggingPriority",
        "horizontalCompressionResistancePriority", "verticalCompressionResistancePriority", "userLabel", "misplaced",
        "ambiguous", "fixedFrame", "customClass", "customModule", "customModuleProvider", "tag", "alpha",
        "insetsLayoutMarginsFromSafeArea", "clearsContextBeforeDrawing", "preservesSuperviewLayoutMargins",
        "semanticContentAttribute", "autoresizesSubviews",
    ]

    /// `semanticContentAttribute` values → `UISemanticContentAttribute`.
    static let semanticContentAttributes: [String: Int] = [
        "unspecified": 0, "playback": 1, "spatial": 2, "forceLeftToRight": 3, "forceRightToLeft": 4,
    ]
    static let ignoredChildren: Set<String> = ["point", "freeformSimulatedSizeMetrics", "simulatedMetricsContainer"]

    /// `<simulatedStatusBarMetrics>`, `<simulatedScreenMetrics>`, … (design-time).
    static func isSimulatedMetrics(_ name: String) -> Bool { name.hasPrefix("simulated") && name.hasSuffix("Metrics") }

    static let contentModes: [String: Int] = [
        "scaleToFill": 0, "scaleAspectFit": 1, "scaleAspectFill": 2, "redraw": 3, "center": 4, "top": 5, "bottom": 6,
        "left": 7, "right": 8, "topLeft": 9, "topRight": 10, "bottomLeft": 11, "bottomRight": 12,
    ]

    /// Compiles `element` (and its subtree); `extraSubviews` are appended to `UISubviews`
    /// (the controller's layout guides), `extraConstraints` to its constraints; `kind` names the
    /// rule when the element name does not (a cell's `<view key="contentView">`).
    ///
    /// What no rule models does not stop the compile: an unknown attribute or child is left out
    /// with a warning, and an element that is unknown, or that its rule cannot compile, is
    /// archived under its own class with the keys of its nearest modelled superclass
    /// (``ClassHierarchy``): the `UIView` keys for views, none for other objects.
    func encode(
        _ element: SourceElement, frameOverride: [Double]? = nil, extraSubviews: [ArchivedObject] = [],
        extraConstraints: [ArchivedObject] = [], kind: String? = nil
    ) throws(CompileError) -> ArchivedObject {
        if element.name == "collectionViewCell" { CollectionViewCellRule.normalize(element) }
        let className = Self.fallbackClass(element, kind: kind)
        let modelled = element.name == "tableViewCell" || ViewRule.all[kind ?? element.name] != nil
        if let view = try context.attempt(
            element,
            { () throws(CompileError) in
                guard modelled else {
                    throw context.error(
                        .unsupportedElement, element,
                        "<\(element.name)> is not modelled; archived as \(className) with the keys of its nearest "
                            + "modelled superclass")
                }
                return try encodeModelled(
                    element, frameOverride: frameOverride, extraSubviews: extraSubviews,
                    extraConstraints: extraConstraints, kind: kind, fallbackClass: nil)
            })
        {
            return view
        }
        // The element's rule failed (the warning says where and why): unless that warning
        // already says the element is not modelled, say that it is archived another way.
        let failedInside = !context.diagnostics.lastWarning(saysUnmodelled: element)
        let isView =
            ClassHierarchy.isKind(className, of: "UIView") || element.child("rect", key: "frame") != nil
            || frameOverride != nil
        if isView,
            let view = try context.attempt(
                element,
                { () throws(CompileError) in
                    try encodeModelled(
                        element, frameOverride: frameOverride, extraSubviews: extraSubviews,
                        extraConstraints: extraConstraints, kind: kind, fallbackClass: className)
                })
        {
            if failedInside {
                try context.unmodelled(
                    .unsupportedElement, element,
                    "<\(element.name)> could not be compiled by its rule (see the warning before); archived as "
                        + "\(className) with the keys of its nearest modelled superclass")
            }
            return view
        }
        // Nothing else worked: the object with its class only (and its custom class).
        try context.unmodelled(
            .unsupportedElement, element,
            "<\(element.name)> is archived as \(className) without its keys; what it contains is left out")
        let object = ArchivedObject(className)
        context.track(object, id: element["id"])
        return try ClassSwapRule.wrap(object, element: element, context: context)
    }

    /// The `<edgeInsets key="layoutMargins" top= left= bottom= right=>` of `element`, as
    /// UIEdgeInsets order (top, left, bottom, right); `nil` when it has none.
    func layoutMargins(_ element: SourceElement) -> [Double]? {
        guard let insets = element.child("edgeInsets", key: "layoutMargins") else { return nil }
        return ["top", "left", "bottom", "right"].map { insets.number($0) ?? 0 }
    }

    /// The class an element is archived as when its rule cannot compile it: the rule's class,
    /// else the class the element name stands for.
    static func fallbackClass(_ element: SourceElement, kind: String?) -> String {
        if element.name == "tableViewCell" { return "UITableViewCell" }
        return ViewRule.all[kind ?? element.name]?.className ?? ClassHierarchy.uiKitClass(forElement: element.name)
    }

    /// An `<inset>` as `UIEdgeInsets` (top, left, bottom, right) from its minY, minX, maxY and
    /// maxX (missing ones 0): table separator insets, button edge insets.
    static func edgeInsets(_ inset: SourceElement, in context: UIKitContext) throws(CompileError) -> [Double] {
        let edges = ["minY", "minX", "maxY", "maxX"].map { inset.number($0) ?? 0 }
        guard edges.allSatisfy(\.isFinite) else {
            throw context.error(.invalidSource, inset, "the \(inset["key"] ?? "inset") is not made of numbers")
        }
        return edges
    }

    /// The size ibtool gives a view that has no `<rect key="frame">`: a controller's or the
    /// document's root view fills the simulated device (`<device id=… orientation=…>`); any
    /// other view is empty.
    static func implicitFrame(for element: SourceElement) -> [Double] {
        let parent = element.parent?.name ?? ""
        let isRoot = parent == "objects" || parent.hasSuffix("Controller") || element["key"] == "view"
        guard isRoot else { return [0, 0, 0, 0] }
        let device = element.documentElement.child("device")
        var size = DeviceSizes.points[device?["id"] ?? ""] ?? DeviceSizes.defaultSize
        if device?["orientation"] == "landscape" { size = (size.height, size.width) }
        return [0, 0, size.width, size.height]
    }

    /// Encodes `element` with its rule, or, with `fallbackClass`, as a plain view of that class
    /// that reads only the common view attributes and children.
    private func encodeModelled(
        _ element: SourceElement, frameOverride: [Double]?, extraSubviews: [ArchivedObject],
        extraConstraints: [ArchivedObject], kind: String?, fallbackClass: String?
    ) throws(CompileError) -> ArchivedObject {
        // A cell placed directly in a view or at the top level of a xib is archived in place.
        if fallbackClass == nil, element.name == "tableViewCell", frameOverride == nil, extraSubviews.isEmpty,
            extraConstraints.isEmpty
        {
            return try TableViewCellRule.cell(
                element, context: context, resources: resources, isPrototype: false,
                isTopLevel: element.parent?.name == "objects")
        }
        let rule: ViewRule
        if let fallbackClass {
            rule = ViewRule(className: fallbackClass)
        } else if let modelled = ViewRule.all[kind ?? element.name] {
            rule = modelled
        } else {
            throw context.error(.unsupportedElement, element, "<\(element.name)> is not modelled")
        }
        let reportsUnread = fallbackClass == nil
        for name in element.attributes.keys.sorted()
        where reportsUnread && !Self.commonAttributes.contains(name) && !rule.attributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name)=\"\(element[name] ?? "")\" is not modelled; left out"
            )
        }
        let object = ArchivedObject(rule.className)
        context.track(object, id: element["id"])
        var constraintElements: [SourceElement] = []
        var subviewElements: [SourceElement] = []
        var background: SourceElement?
        var tint: SourceElement?
        var mask = 36
        var frame: [Double]?
        var contentStretch: [Double]?
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"):
                frame = try SourceGeometry.rect(child, context: context)
            case ("autoresizingMask", "autoresizingMask"):
                mask = AutoresizingRule.mask(child)
            case ("rect", "contentStretch"):
                contentStretch = ["x", "y", "width", "height"].map { child.number($0) ?? 0 }
            case ("subviews", _):
                subviewElements = child.children
            case ("color", "backgroundColor"):
                background = child
            case ("color", "tintColor"):
                tint = child
            case ("constraints", _):
                constraintElements = child.children(named: "constraint")
            case ("connections", _), ("variation", _):
                // Size-class variations are resolved with the container (VariationRule).
                break
            case ("userDefinedRuntimeAttributes", _):
                try RuntimeAttributeRule.schedule(child, object: object, context: context, resources: resources)
            case ("accessibility", "accessibilityConfiguration"):
                try AccessibilityRule.configure(child, view: object, id: element["id"], context: context)
            case ("edgeInsets", "layoutMargins"):
                // Read with the other margins (layoutMargins(_:)).
                break
            case ("viewLayoutGuide", "safeArea"):
                try SafeAreaRule.encode(child, view: object, context: context)
            // A scroll view's content and frame guides (Xcode 11 and later).
            case ("viewLayoutGuide", "contentLayoutGuide"), ("viewLayoutGuide", "frameLayoutGuide"):
                try SafeAreaRule.encodeScrollGuide(child, view: object, context: context)
            case ("nil", let key?) where key.hasPrefix("simulated") || key == "highlightedColor" || key == "textColor":
                break
            // Interface Builder's simulated metrics (status, navigation, tab and tool bars,
            // screen, orientation) are design-time only: ibtool drops them, as it does a
            // controller's (``StoryboardCompiler``).
            case (let name, _) where Self.ignoredChildren.contains(name) || Self.isSimulatedMetrics(name):
                break
            // The empty marker IB writes beside a gestureRecognizers outlet collection (which is
            // what ibtool archives): duckduckgo OmniBar's three views (Xcode 13.2) equal Apple's.
            case ("gestureRecognizers", _) where child.children.isEmpty:
                break
            // A note for translators: it goes to the strings file ibtool exports
            // (LocalizableProperty), never into the nib (duckduckgo HomeRow, Settings).
            case ("attributedString", "userComments"):
                break
            case (let name, _) where rule.children.contains(name):
                break
            default:
                if reportsUnread {
                    try context.unmodelled(
                        .unsupportedElement, child, "<\(child.name)> inside <\(element.name)> is not modelled; left out"
                    )
                }
            }
        }
        if let frameOverride { frame = frameOverride }
        let bounds = frame ?? Self.implicitFrame(for: element)
        object.set("UIBounds", ArchivedObject.geometry([0, 0, bounds[2], bounds[3]]))
        object.set("UICenter", ArchivedObject.geometry([bounds[0] + bounds[2] / 2, bounds[1] + bounds[3] / 2]))
        var subviews: [ArchivedObject] = []
        // Subviews are compiled after this view's constraints are tracked (IB's object order).
        // A constraint without a rule is left out with a warning, not the whole view.
        var compiledConstraints: [(SourceElement, ArchivedObject)] = []
        for constraint in constraintElements where !ConstraintRule.isRemovedAtBuildTime(constraint) {
            guard
                let object = try context.recovered({ () throws(CompileError) in
                    try ConstraintRule.constraint(constraint, container: element, context: context)
                })
            else { continue }
            context.track(object, id: constraint["id"])
            compiledConstraints.append((constraint, object))
            // A constraint's user-defined runtime attributes are set on it at load time like a
            // view's (duckduckgo TabSwitcher, Xcode 13.2: layer.cornerRadius 8 on a height
            // constraint → a UINibKeyValuePair naming the constraint). Its constant variations
            // are read with the view's storages (VariationRule).
            for child in constraint.children {
                switch child.name {
                case "userDefinedRuntimeAttributes":
                    try RuntimeAttributeRule.schedule(child, object: object, context: context, resources: resources)
                case "variation":
                    break
                default:
                    try context.unmodelled(
                        .unsupportedElement, child, "<\(child.name)> inside a <constraint> is not modelled; left out")
                }
            }
        }
        var constraintObjects = compiledConstraints.map(\.1)
        // A view's storages precede its subviews': its attribute variations, its masks, then its
        // constraints' constants (duckduckgo Home, Xcode 13.2: the root view's constraint masks,
        // the two constant storages of one of its constraints, then the collection view's
        // masks; Tab: a stack view's axis and distribution, then its masks, then a subview's).
        let attributeStorages = try VariationRule.attributeStorages(element, view: object, context: context)
        let constantStorages = try VariationRule.constantStorages(compiledConstraints, context: context)
        let storageMark = context.traitStorages.count
        var prototyping: [ArchivedObject] = []
        var encodedSubviews: [(SourceElement, ArchivedObject)] = []
        for subview in subviewElements {
            let child = try encode(subview)
            encodedSubviews.append((subview, child))
            subviews.append(child)
            prototyping += PrototypingConstraintRule.constraints(
                for: subview, object: child, superview: object, era: context.era)
        }
        if VariationRule.hasVariations(element, subviews: subviewElements) {
            // Only the default configuration is installed; trait storages record the others.
            let resolved = try VariationRule.resolve(
                container: element, object: object, subviews: encodedSubviews,
                constraints: compiledConstraints, context: context)
            subviews = resolved.installed
            constraintObjects = resolved.installedConstraints
            prototyping = []
            context.traitStorages.insert(
                contentsOf: attributeStorages + resolved.storages + constantStorages, at: storageMark)
            context.allObjects += resolved.tracked
        } else {
            context.traitStorages.insert(contentsOf: attributeStorages + constantStorages, at: storageMark)
        }
        subviews += extraSubviews
        if !subviews.isEmpty { object.set("UISubviews", .collection("NSMutableArray", subviews)) }
        // A color no rule models leaves out the color, not the view.
        if let background,
            let color = try context.recovered({ () throws(CompileError) in
                try ColorRule.backgroundColor(background, in: context)
            })
        {
            object.set("UIBackgroundColor", color)
        }
        if context.era.writesDeepDrawRect { object.set("UIDeepDrawRect", .bool(true)) }
        object.setFlag("UIOpaque", element["opaque"] != "NO")
        object.setFlag("UIHidden", element.flag("hidden"))
        object.setFlag("UIUserInteractionDisabled", element["userInteractionEnabled"] == "NO")
        object.setFlag("UIMultipleTouchEnabled", element.flag("multipleTouchEnabled"))
        // UIView archives autoresizesSubviews only when it is on (its default): duckduckgo's
        // ActionMessageView (Xcode 13.2) has no UIAutoresizeSubviews on its
        // autoresizesSubviews="NO" view, every other view of the pairs true.
        if element["autoresizesSubviews"] != "NO" { object.set("UIAutoresizeSubviews", .bool(true)) }
        if mask != 0 { object.set("UIAutoresizingMask", int: mask) }
        // An alpha other than 1, float32, between the mask and the content mode (duckduckgo
        // DaxOnboarding's two views at 0, Xcode 13.2; ertmuirm's label at 0.6).
        if element["alpha"] != nil {
            let alpha = try SourceNumber.attribute("alpha", of: element, in: 0...1, default: 1, context: context)
            if alpha != 1 { object.set("UIAlpha", .float32(Float(alpha))) }
        }
        // The (deprecated) content stretch rectangle, in unit coordinates (Idrill7's image view).
        if let contentStretch { object.set("UIContentStretch", ArchivedObject.geometry(contentStretch)) }
        if let mode = element["contentMode"] {
            // A capitalized name is the same mode (duckduckgo BrowsingMenuButton, Xcode 13.2:
            // contentMode="TopLeft" archives topLeft, 9).
            let normalized = mode.prefix(1).lowercased() + mode.dropFirst()
            guard let code = Self.contentModes[mode] ?? Self.contentModes[normalized] else {
                throw context.error(.unsupportedAttribute, element, "contentMode \"\(mode)\" is unknown")
            }
            if code != 0 { object.set("UIContentMode", int: code) }
        }
        if element["clearsContextBeforeDrawing"] == "NO" { object.set("UIClearsContextBeforeDrawing", .bool(false)) }
        object.setFlag("UIClipsToBounds", element.flag("clipsSubviews"))
        // From Xcode 8, a view with a fixed frame keeps translating its autoresizing mask,
        // whatever the flag says.
        object.setFlag(
            "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints",
            element["translatesAutoresizingMaskIntoConstraints"] == "NO"
                && !(element.flag("fixedFrame") && context.era >= XcodeEra(8)))
        let allConstraints = constraintObjects + prototyping + extraConstraints
        if !allConstraints.isEmpty {
            object.set("UIViewAutolayoutConstraints", .collection("NSMutableArray", allConstraints))
        }
        // Layout priorities are 1–1000 (UILayoutPriority); any other value is reported, not archived.
        func priority(_ name: String, _ fallback: Double) throws(CompileError) -> Double {
            try SourceNumber.attribute(name, of: element, in: 1...1000, default: fallback, context: context)
        }
        let hugging = (
            try priority("horizontalHuggingPriority", 250), try priority("verticalHuggingPriority", 250)
        )
        if rule.defaultHugging.map({ [hugging.0, hugging.1] != $0 }) ?? true {
            object.set(
                "UIViewContentHuggingPriority",
                .string("{\(PriorityText.text(hugging.0)), \(PriorityText.text(hugging.1))}"))
        }
        let resistance = (
            try priority("horizontalCompressionResistancePriority", 750),
            try priority("verticalCompressionResistancePriority", 750)
        )
        if resistance != (750, 750) {
            object.set(
                "UIViewContentCompressionResistancePriority",
                .string("{\(PriorityText.text(resistance.0)), \(PriorityText.text(resistance.1))}"))
        }
        object.setFlag("UIViewPreservesSuperviewMargins", element.flag("preservesSuperviewLayoutMargins"))
        if element.flag("preservesSuperviewLayoutMargins"), context.era.writesSpecificSuperviewMargins,
            rule.className == "UITableViewCellContentView"
        {
            object.set("UIViewPreservesSpecificSuperviewMargins", int: 15)
        }
        // Layout margins: the document's <edgeInsets key="layoutMargins">, else the kind's
        // default (stack views: zero, written on all 38 in the corpus).
        if let margins = layoutMargins(element) ?? rule.defaultLayoutMargins {
            object.set("UIViewLayoutMargins", ArchivedObject.geometry(margins))
        }
        // insetsLayoutMarginsFromSafeArea="NO" (iOS 11): UIViewInsetsLayoutMarginsFromSafeArea 0,
        // just before the semantic content attribute (duckduckgo BrowsingMenuViewController,
        // Xcode 13.2.1; a table view cell in the corpus's compiled nibs).
        if element["insetsLayoutMarginsFromSafeArea"] == "NO" {
            object.set("UIViewInsetsLayoutMarginsFromSafeArea", int: 0)
        }
        let semantic = element["semanticContentAttribute"] ?? "unspecified"
        guard let semanticCode = Self.semanticContentAttributes[semantic],
            semanticCode == 0 || context.era.writesSemanticContentAttribute
        else {
            throw context.error(
                .unsupportedAttribute, element,
                "semanticContentAttribute \"\(semantic)\" is unknown for Xcode \(context.era)")
        }
        if context.era.writesSemanticContentAttribute {
            object.set("UIViewSemanticContentAttribute", int: semanticCode)
        }
        if context.era.writesLargeContentProperties { object.set("UIViewLargeContentStoredProperties", .null) }
        if let tint,
            let color = try context.recovered({ () throws(CompileError) in
                try ColorRule.color(tint, in: context)
            })
        {
            object.set("UITintColor", color)
        }
        if let tagText = element["tag"] {
            guard let tag = Int(tagText) else {
                throw context.error(.unsupportedAttribute, element, "tag \"\(tagText)\" is not an integer")
            }
            // The default tag, 0, is not archived.
            if tag != 0 { object.set("UITag", int: tag) }
        }
        try rule.encode(element, object, context, resources)
        return try ClassSwapRule.wrap(object, element: element, context: context)
    }
}

/// Priorities as `NSString` geometry text: integers without a fraction.
enum PriorityText {
    /// `250`, `999.5`; values too large for an integer keep their floating-point text.
    static func text(_ value: Double) -> String {
        if let integer = Int(exactly: value) { return String(integer) }
        return String(value)
    }
}

/// `<autoresizingMask>` → `UIAutoresizingMask` bits.
enum AutoresizingRule {
    static let bits: [(String, Int)] = [
        ("flexibleMinX", 1), ("widthSizable", 2), ("flexibleMaxX", 4), ("flexibleMinY", 8), ("heightSizable", 16),
        ("flexibleMaxY", 32),
    ]

    static func mask(_ element: SourceElement) -> Int {
        bits.reduce(0) { $0 | (element.flag($1.0) ? $1.1 : 0) }
    }
}

/// `customClass` → the object's own keys plus `UIClassName` and `UIOriginalClassName`, under
/// the class `UIClassSwapper`.
enum ClassSwapRule {
    static func wrap(_ object: ArchivedObject, element: SourceElement, context: UIKitContext) throws(CompileError)
        -> ArchivedObject
    {
        guard let custom = element["customClass"] else { return object }
        let (module, needsTarget) = SwiftClassName.module(of: element, target: context.module)
        if needsTarget {
            try context.unmodelled(
                .invalidSource, element,
                "customModuleProvider=\"target\" needs the module name (--module); the class is archived without one")
        }
        object.set("UIClassName", .string(module.map { SwiftClassName.mangled(custom, module: $0) } ?? custom))
        object.set("UIOriginalClassName", .string(object.className))
        object.swapClass("UIClassSwapper")
        return object
    }
}

/// The screen sizes, in points, of the devices Interface Builder simulates (`<device id=…>`), in
/// portrait: Apple's published display sizes of each iPhone and iPad family.
enum DeviceSizes {
    static let points: [String: (width: Double, height: Double)] = [
        "retina3_5": (320, 480), "retina4_0": (320, 568), "retina4_7": (375, 667), "retina5_5": (414, 736),
        "retina5_9": (375, 812), "retina6_1": (414, 896), "retina6_5": (414, 896), "retina5_4": (375, 812),
        "retina6_0": (390, 844), "retina6_7": (428, 926), "retina6_12": (393, 852), "retina6_72": (430, 932),
        "ipad9_7": (768, 1024), "ipad10_2": (810, 1080), "ipad10_5": (834, 1112), "ipad10_9rounded": (820, 1180),
        "ipad11": (834, 1194), "ipad12_9": (1024, 1366), "ipad12_9rounded": (1024, 1366),
    ]
    /// Interface Builder's default device before documents recorded one (iPhone 6/7/8).
    static let defaultSize: (width: Double, height: Double) = (375, 667)
}
