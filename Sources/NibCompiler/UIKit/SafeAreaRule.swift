/// A view's `<viewLayoutGuide key="safeArea">` (documents with `useSafeAreas="YES"`, Xcode 9
/// and later) → a `UILayoutGuide` that ibtool archives without an owning view when no
/// constraint uses it: the guide UIKit's view makes at run time replaces it.
///
/// | Key | Value |
/// |---|---|
/// | `UILayoutGuideOwningView` | nil |
/// | `UILayoutGuideIdentifier` | "" |
/// | `UILayoutGuideOwningViewIsLocked`, `UILayoutGuideShouldBeArchived`, `UILayoutGuideAllowsNegativeDimensions` | false |
///
/// It is listed in `UINibObjectsKey` only (not a subview, not top-level). Learned from the
/// corpus's compiled nibs, whose sources are not in the corpus: the 86 guides of this shape
/// in 75 nibs (Xcode 9 to 15 builds, coder 9 and 10), among them the compiled Xcode launch
/// screen templates (leeja328 Random-Photo, ashwinivishwas EdgeSDk, chadanewsom build.io, …),
/// which `Tests/NibCompilerTests/SafeAreaTests.swift` compiles from the templates' sources.
///
/// A safe area that constraints use is owned by its view, with system constraints that hold the
/// design device's insets: not modelled (no source shows which insets ibtool writes).
enum SafeAreaRule {
    /// The archived guide for `element`, or an error when a constraint uses it.
    static func guide(_ element: SourceElement, context: UIKitContext) throws(CompileError) -> ArchivedObject {
        for name in element.attributes.keys where name != "key" && name != "id" {
            throw context.error(.unsupportedAttribute, element, "safe area attribute \(name) is not modelled")
        }
        if let child = element.children.first {
            throw context.error(.unsupportedElement, child, "<\(child.name)> inside a safe area guide is not modelled")
        }
        if let id = element["id"] {
            var root = element
            while let parent = root.parent { root = parent }
            if let constraint = root.descendants.first(where: {
                $0.name == "constraint" && ($0["firstItem"] == id || $0["secondItem"] == id)
            }) {
                throw context.error(
                    .unsupportedElement, constraint,
                    "constraints to a view's safe area are not modelled (ibtool archives the design device's "
                        + "insets as the guide's system constraints)")
            }
        }
        let guide = ArchivedObject("UILayoutGuide")
        guide.set("UILayoutGuideOwningView", .null)
        guide.set("UILayoutGuideIdentifier", .string(""))
        guide.set("UILayoutGuideOwningViewIsLocked", .bool(false))
        guide.set("UILayoutGuideShouldBeArchived", .bool(false))
        guide.set("UILayoutGuideAllowsNegativeDimensions", .bool(false))
        return guide
    }
}
