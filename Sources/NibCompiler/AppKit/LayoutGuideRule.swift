/// An AppKit view's `<constraints>` and `<viewLayoutGuide>`s.
///
/// | Source | Archived |
/// |---|---|
/// | `<constraint>`s of a view | `NSViewConstraints` (an `NSArray` of `NSLayoutConstraint`, built by ``ConstraintRule`` as for UIKit), each tracked with the view as parent |
/// | `<viewLayoutGuide key="safeArea">` | `IBNSSafeAreaLayoutGuide` → `IBNSViewAutolayoutGuide` with `IBNSLayoutGuideSystemType` 2 |
/// | `<viewLayoutGuide key="layoutMargins">` | `IBNSLayoutMarginsGuide` → `IBNSViewAutolayoutGuide` with `IBNSLayoutGuideSystemType` 1 |
/// | a safe-area guide a constraint uses | an `NSLayoutGuide` (`NSViewSafeAreaLayoutGuide`, negative size, locked to its view, no system constraints) in the view's `NSViewLayoutGuides` |
///
/// Learned from the `layout_guide` pair. A constraint to the layout-margins guide has no pair
/// to learn from: its id names no compiled object, so it is refused with that error.
enum LayoutGuideRule {
    /// `<viewLayoutGuide key>` → `IBNSLayoutGuideSystemType`.
    static let systemTypes = ["layoutMargins": 1, "safeArea": 2]

    /// The constraints of `view`, built now and tracked; their items resolve once every object exists.
    static func constraints(
        _ elements: [SourceElement], of container: SourceElement, view: ArchivedObject,
        guides: [String: SourceElement], context: AppKitContext
    ) throws(CompileError) -> [ArchivedObject] {
        if let safeArea = guides["safeArea"], let id = safeArea["id"] {
            let guide = ArchivedObject("NSLayoutGuide")
            guide.set("NSLayoutGuideIdentifier", .string("NSViewSafeAreaLayoutGuide"))
            guide.set("NSShouldBeArchived", .bool(true))
            guide.set("NSLayoutGuideNegativeSize", .bool(true))
            guide.set("NSLayoutGuideLockedToOwningView", .bool(true))
            guide.set("NSLayoutGuideSystemConstraints", .collection("NSMutableArray", []))
            context.layoutGuides[id] = (guide, false)
            context.finishing.append {
                if context.layoutGuides[id]?.referenced == true {
                    view.set("NSViewLayoutGuides", .collection("NSArray", [guide]))
                }
            }
        }
        var constraints: [ArchivedObject] = []
        for element in elements {
            guard element.name == "constraint" else {
                throw context.error(
                    .unsupportedElement, element, "<\(element.name)> in AppKit constraints is not modelled")
            }
            // A constraint without a rule is left out with a warning, not the whole view.
            guard !ConstraintRule.isRemovedAtBuildTime(element),
                let constraint = try context.recovered({ () throws(CompileError) in
                    try ConstraintRule.constraint(element, container: container, context: context)
                })
            else { continue }
            context.track(constraint, id: element["id"], parent: view)
            context.constraints.append(constraint)
            constraints.append(constraint)
        }
        return constraints
    }

    /// The `IBNSViewAutolayoutGuide` for a `<viewLayoutGuide>`, or nil.
    static func systemGuide(_ element: SourceElement?, key: String) -> ArchivedObject.Value {
        guard element != nil, let type = systemTypes[key] else { return .null }
        let guide = ArchivedObject("IBNSViewAutolayoutGuide")
        guide.set("IBNSLayoutGuideSystemType", int: type)
        return .object(guide)
    }
}
