/// A view's `<viewLayoutGuide key="safeArea">` (documents with `useSafeAreas="YES"`, Xcode 9
/// and later) → the `UILayoutGuide`s ibtool archives for it.
///
/// Every safe area gets an ownerless placeholder guide, listed in `UINibObjectsKey` only (not
/// a subview, not top-level), right after its view:
///
/// | Key | Value |
/// |---|---|
/// | `UILayoutGuideOwningView` | nil |
/// | `UILayoutGuideIdentifier` | "" |
/// | `UILayoutGuideOwningViewIsLocked`, `UILayoutGuideShouldBeArchived`, `UILayoutGuideAllowsNegativeDimensions` | false |
///
/// When constraints use the safe area, they name a second guide instead, the view's own: the
/// view lists it as `UIViewLayoutGuides`, and it is not in `UINibObjectsKey`:
///
/// | Key | Value |
/// |---|---|
/// | `UILayoutGuideOwningView` | the view |
/// | `UILayoutGuideIdentifier` | "UIViewSafeAreaLayoutGuide" |
/// | `UILayoutGuideOwningViewIsLocked`, `UILayoutGuideShouldBeArchived`, `UILayoutGuideAllowsNegativeDimensions` | true |
/// | `UILayoutGuideSystemConstraints` | four unarchived (`NSShouldBeArchived` false) equalities with no constant, identified "UIViewSafeAreaLayoutGuide-top", "-left", "-bottom", "-right": guide.top = view.top, guide.left = view.left, view.bottom = guide.bottom, view.right = guide.right (UIKit sets the insets at run time) |
///
/// Learned from the corpus's compiled nibs, whose sources are not in the corpus: 86 placeholder
/// guides in 75 nibs and 46 owned guides, all of these shapes (Xcode 9 to 15 builds, coder 9
/// and 10); the compiled Xcode launch screen templates (chadanewsom build.io, leeja328
/// Random-Photo) are compiled from the templates' sources in
/// `Tests/NibCompilerTests/SafeAreaTests.swift`.
enum SafeAreaRule {
    /// The identifier of a view's own safe area guide.
    static let identifier = "UIViewSafeAreaLayoutGuide"

    /// Archives the safe area `element` of `view`: tracks the placeholder and, when a constraint
    /// uses the safe area, gives the view its own guide, which constraints then name.
    static func encode(_ element: SourceElement, view: ArchivedObject, context: UIKitContext) throws(CompileError) {
        try trackPlaceholder(element, view: view, context: context)
        guard let id = element["id"], element.documentElement.constraintItemIDs.contains(id) else { return }
        let guide = ArchivedObject("UILayoutGuide")
        guide.set("UILayoutGuideOwningView", view)
        guide.set("UILayoutGuideIdentifier", .string(identifier))
        guide.set("UILayoutGuideOwningViewIsLocked", .bool(true))
        guide.set("UILayoutGuideShouldBeArchived", .bool(true))
        guide.set("UILayoutGuideAllowsNegativeDimensions", .bool(true))
        // (edge, attribute, whether the guide is the first item)
        let edges: [(String, Int, Bool)] = [
            ("top", 3, true), ("left", 1, true), ("bottom", 4, false), ("right", 2, false),
        ]
        let system = edges.map { edge, attribute, guideFirst in
            let constraint = ConstraintRule.generated(
                "NSLayoutConstraint", first: guideFirst ? guide : view, attribute: attribute,
                second: guideFirst ? view : guide)
            constraint.replace("NSShouldBeArchived", .bool(false))
            constraint.set("NSLayoutIdentifier", .string("\(identifier)-\(edge)"))
            return constraint
        }
        guide.set("UILayoutGuideSystemConstraints", .collection("NSArray", system))
        view.set("UIViewLayoutGuides", .collection("NSMutableArray", [guide]))
        context.objectsByID[id] = guide
    }

    /// Reports what a layout guide element holds beyond its key and id, and tracks the
    /// ownerless placeholder guide ibtool lists for it (remembered as `view`'s).
    private static func trackPlaceholder(_ element: SourceElement, view: ArchivedObject, context: UIKitContext)
        throws(CompileError)
    {
        for name in element.attributes.keys where name != "key" && name != "id" {
            try context.unmodelled(.unsupportedAttribute, element, "layout guide attribute \(name) is not modelled")
        }
        if let child = element.children.first {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside a layout guide is not modelled")
        }
        let placeholder = ArchivedObject("UILayoutGuide")
        placeholder.set("UILayoutGuideOwningView", .null)
        placeholder.set("UILayoutGuideIdentifier", .string(""))
        placeholder.set("UILayoutGuideOwningViewIsLocked", .bool(false))
        placeholder.set("UILayoutGuideShouldBeArchived", .bool(false))
        placeholder.set("UILayoutGuideAllowsNegativeDimensions", .bool(false))
        context.track(placeholder, id: element["id"])
        context.guidePlaceholders[ObjectIdentifier(view), default: []].append(placeholder)
    }

    /// A scroll view's `<viewLayoutGuide key="contentLayoutGuide">` or `key="frameLayoutGuide"`
    /// (Xcode 11 and later): the placeholder guide of a safe area, listed after the view; when a
    /// constraint uses the guide, UIKit's own guide, which only the constraints reach (no key of
    /// the scroll view names it):
    ///
    /// | Key | Content guide | Frame guide |
    /// |---|---|---|
    /// | class | `_UIScrollViewLayoutGuide` | `UILayoutGuide` |
    /// | `UILayoutGuideOwningView` | the scroll view | the scroll view |
    /// | `UILayoutGuideIdentifier` | "UIScrollView-contentLayoutGuide" | "UIScrollView-frameLayoutGuide" |
    /// | `UILayoutGuideOwningViewIsLocked` | true | true |
    /// | `UILayoutGuideShouldBeArchived`, `UILayoutGuideAllowsNegativeDimensions` | false | false |
    /// | `UILayoutGuideSystemConstraints` | guide.left = view.left ("-minX"), guide.top = view.top ("-minY") | the same, then width ("-width") and height ("-height") |
    ///
    /// The system constraints are not archived (`NSShouldBeArchived` false) and are identified by
    /// the guide's identifier and the suffix. Evidence: 0senno's EmailViewController (content
    /// guide) and duckduckgo Settings' scroll views (Xcode 13.2: both guides; their unreferenced
    /// guides archive only the placeholders, as do Feedback's and Onboarding's).
    static func encodeScrollGuide(_ element: SourceElement, view: ArchivedObject, context: UIKitContext)
        throws(CompileError)
    {
        let isContent = element["key"] == "contentLayoutGuide"
        let owned = ArchivedObject(isContent ? "_UIScrollViewLayoutGuide" : "UILayoutGuide")
        let identifier = isContent ? "UIScrollView-contentLayoutGuide" : "UIScrollView-frameLayoutGuide"
        try trackPlaceholder(element, view: view, context: context)
        guard let id = element["id"], element.documentElement.constraintItemIDs.contains(id) else { return }
        owned.set("UILayoutGuideOwningView", view)
        owned.set("UILayoutGuideIdentifier", .string(identifier))
        owned.set("UILayoutGuideOwningViewIsLocked", .bool(true))
        owned.set("UILayoutGuideShouldBeArchived", .bool(false))
        owned.set("UILayoutGuideAllowsNegativeDimensions", .bool(false))
        var edges: [(String, Int)] = [("minX", 1), ("minY", 3)]
        if !isContent { edges += [("width", 7), ("height", 8)] }
        let system = edges.map { suffix, attribute in
            let constraint = ConstraintRule.generated(
                "NSLayoutConstraint", first: owned, attribute: attribute, second: view)
            constraint.replace("NSShouldBeArchived", .bool(false))
            constraint.set("NSLayoutIdentifier", .string("\(identifier)-\(suffix)"))
            return constraint
        }
        owned.set("UILayoutGuideSystemConstraints", .collection("NSArray", system))
        context.objectsByID[id] = owned
    }
}
