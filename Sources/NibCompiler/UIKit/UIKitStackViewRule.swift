import NibArchive

/// `<stackView>` → `UIStackView`: the common view keys (with `UIViewLayoutMargins`, zero by
/// default), then the arranged subviews and the stack's layout.
///
/// Evidence: the corpus's 38 compiled stack views and the duckduckgo pairs (Xcode 13.2.1:
/// BrowsingMenuViewController). Every one writes `UIViewLayoutMargins` (a stack view's default
/// margins are zero, not UIView's 8) between the compression resistance and the semantic
/// content attribute, and after the view keys, in this order: `UIStackViewArrangedSubviews` (an
/// `NSArray` of the subviews, only when there are some: 37 of 38), `UIStackViewAxis`,
/// `UIStackViewDistribution`, `UIStackViewAlignment` (integers), `UIStackViewSpacing` (a
/// float64), `UIStackViewBaselineRelative` and `UIStackViewLayoutMarginsRelative` (booleans),
/// all written even at their defaults. The values are UIKit's public enums
/// (`NSLayoutConstraint.Axis`, `UIStackView.Distribution`, `UIStackView.Alignment`); the
/// corpus shows axes 0 and 1, distributions 0, 1 and 3, alignments 0, 1, 3 and 4.
enum UIKitStackViewRule {
    static let axes: [String: Int] = ["horizontal": 0, "vertical": 1]
    static let distributions: [String: Int] = [
        "fill": 0, "fillEqually": 1, "fillProportionally": 2, "equalSpacing": 3, "equalCentering": 4,
    ]
    static let alignments: [String: Int] = [
        "fill": 0, "leading": 1, "top": 1, "firstBaseline": 2, "center": 3, "trailing": 4, "bottom": 4,
        "lastBaseline": 5,
    ]

    static let rule = ViewRule(
        className: "UIStackView",
        attributes: [
            "axis", "distribution", "alignment", "spacing", "baselineRelativeArrangement",
            "layoutMarginsRelativeArrangement",
        ],
        defaultLayoutMargins: [0, 0, 0, 0],
        encode: { element, object, context, _ throws(CompileError) in
            if case .object(let subviews)? = object.value(forKey: "UISubviews") {
                let arranged = subviews.values.compactMap { entry -> ArchivedObject? in
                    if case .object(let view) = entry.value, entry.key == NibArchive.Builder.emptyKey { return view }
                    return nil
                }
                if !arranged.isEmpty {
                    object.set("UIStackViewArrangedSubviews", .collection("NSArray", arranged))
                }
            }
            func value(_ name: String, in table: [String: Int]) throws(CompileError) -> Int {
                guard let text = element[name] else { return 0 }
                guard let code = table[text] else {
                    try context.unmodelled(
                        .unsupportedAttribute, element, "stack view \(name) \"\(text)\" is unknown; the default is used"
                    )
                    return 0
                }
                return code
            }
            object.set("UIStackViewAxis", int: try value("axis", in: axes))
            object.set("UIStackViewDistribution", int: try value("distribution", in: distributions))
            object.set("UIStackViewAlignment", int: try value("alignment", in: alignments))
            object.set("UIStackViewSpacing", .float64(element.number("spacing") ?? 0))
            object.set("UIStackViewBaselineRelative", .bool(element.flag("baselineRelativeArrangement")))
            object.set("UIStackViewLayoutMarginsRelative", .bool(element.flag("layoutMarginsRelativeArrangement")))
        })
}
