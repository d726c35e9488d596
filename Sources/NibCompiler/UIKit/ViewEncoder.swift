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
        "semanticContentAttribute",
    ]

    /// `semanticContentAttribute` values → `UISemanticContentAttribute`.
    static let semanticContentAttributes: [String: Int] = [
        "unspecified": 0, "playback": 1, "spatial": 2, "forceLeftToRight": 3, "forceRightToLeft": 4,
    ]
    static let ignoredChildren: Set<String> = ["point", "freeformSimulatedSizeMetrics", "simulatedMetricsContainer"]

    static let contentModes: [String: Int] = [
        "scaleToFill": 0, "scaleAspectFit": 1, "scaleAspectFill": 2, "redraw": 3, "center": 4, "top": 5, "bottom": 6,
        "left": 7, "right": 8, "topLeft": 9, "topRight": 10, "bottomLeft": 11, "bottomRight": 12,
    ]

    /// Compiles `element` (and its subtree); `extraSubviews` are appended to `UISubviews`
    /// (the controller's layout guides), `extraConstraints` to its constraints; `kind` names the
    /// rule when the element name does not (a cell's `<view key="contentView">`).
    func encode(
        _ element: SourceElement, frameOverride: [Double]? = nil, extraSubviews: [ArchivedObject] = [],
        extraConstraints: [ArchivedObject] = [], kind: String? = nil
    ) throws(CompileError) -> ArchivedObject {
        // A cell placed directly in a view or at the top level of a xib is archived in place.
        if element.name == "tableViewCell", frameOverride == nil, extraSubviews.isEmpty, extraConstraints.isEmpty {
            return try TableViewCellRule.cell(
                element, context: context, resources: resources, isPrototype: false,
                isTopLevel: element.parent?.name == "objects")
        }
        guard let rule = ViewRule.all[kind ?? element.name] else {
            throw context.error(.unsupportedElement, element, "<\(element.name)> is not modelled")
        }
        for name in element.attributes.keys
        where !Self.commonAttributes.contains(name) && !rule.attributes.contains(name) {
            throw context.error(
                .unsupportedAttribute, element, "attribute \(name)=\"\(element[name] ?? "")\" is not modelled")
        }
        for name in ["alpha", "insetsLayoutMarginsFromSafeArea"] where element[name] != nil {
            throw context.error(.unsupportedAttribute, element, "attribute \(name) is not modelled")
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
                frame = ["x", "y", "width", "height"].map { child.number($0) ?? 0 }
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
                try RuntimeAttributeRule.schedule(child, object: object, context: context)
            case ("viewLayoutGuide", "safeArea"):
                try SafeAreaRule.encode(child, view: object, context: context)
            case ("nil", let key?) where key.hasPrefix("simulated") || key == "highlightedColor" || key == "textColor":
                break
            case (let name, _) where Self.ignoredChildren.contains(name):
                break
            case (let name, _) where rule.children.contains(name):
                break
            default:
                throw context.error(
                    .unsupportedElement, child, "<\(child.name)> inside <\(element.name)> is not modelled")
            }
        }
        if let frameOverride { frame = frameOverride }
        guard let frame else { throw context.error(.invalidSource, element, "the view has no frame") }
        object.set("UIBounds", ArchivedObject.geometry([0, 0, frame[2], frame[3]]))
        object.set("UICenter", ArchivedObject.geometry([frame[0] + frame[2] / 2, frame[1] + frame[3] / 2]))
        var subviews: [ArchivedObject] = []
        // Subviews are compiled after this view's constraints are tracked (IB's object order).
        var constraintObjects = try constraintElements.map { (constraint) throws(CompileError) in
            let object = try ConstraintRule.constraint(constraint, container: element, context: context)
            context.track(object, id: constraint["id"])
            return object
        }
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
                constraints: Array(zip(constraintElements, constraintObjects)), context: context)
            subviews = resolved.installed
            constraintObjects = resolved.installedConstraints
            prototyping = []
            context.traitStorages += resolved.storages
            context.allObjects += resolved.tracked
        }
        subviews += extraSubviews
        if !subviews.isEmpty { object.set("UISubviews", .collection("NSMutableArray", subviews)) }
        if let background { object.set("UIBackgroundColor", try ColorRule.color(background, in: context)) }
        if context.era.writesDeepDrawRect { object.set("UIDeepDrawRect", .bool(true)) }
        object.setFlag("UIOpaque", element["opaque"] != "NO")
        object.setFlag("UIHidden", element.flag("hidden"))
        object.setFlag("UIUserInteractionDisabled", element["userInteractionEnabled"] == "NO")
        object.setFlag("UIMultipleTouchEnabled", element.flag("multipleTouchEnabled"))
        object.set("UIAutoresizeSubviews", .bool(true))
        if mask != 0 { object.set("UIAutoresizingMask", int: mask) }
        // The (deprecated) content stretch rectangle, in unit coordinates (Idrill7's image view).
        if let contentStretch { object.set("UIContentStretch", ArchivedObject.geometry(contentStretch)) }
        if let mode = element["contentMode"] {
            guard let code = Self.contentModes[mode] else {
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
        let hugging = (
            element.number("horizontalHuggingPriority") ?? 250, element.number("verticalHuggingPriority") ?? 250
        )
        if hugging != (250, 250) {
            object.set(
                "UIViewContentHuggingPriority",
                .string("{\(PriorityText.text(hugging.0)), \(PriorityText.text(hugging.1))}"))
        }
        let resistance = (
            element.number("horizontalCompressionResistancePriority") ?? 750,
            element.number("verticalCompressionResistancePriority") ?? 750
        )
        if resistance != (750, 750) {
            object.set(
                "UIViewContentCompressionResistancePriority",
                .string("{\(PriorityText.text(resistance.0)), \(PriorityText.text(resistance.1))}"))
        }
        object.setFlag("UIViewPreservesSuperviewMargins", element.flag("preservesSuperviewLayoutMargins"))
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
        if let tint { object.set("UITintColor", try ColorRule.color(tint, in: context)) }
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
            throw context.error(
                .unsupportedAttribute, element, "customModuleProvider=\"target\" needs the module name: pass --module")
        }
        object.set("UIClassName", .string(module.map { SwiftClassName.mangled(custom, module: $0) } ?? custom))
        object.set("UIOriginalClassName", .string(object.className))
        object.swapClass("UIClassSwapper")
        return object
    }
}
