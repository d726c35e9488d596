/// `<accessibility key="accessibilityConfiguration">` on a UIKit view →
/// `UIRuntimeAccessibilityConfiguration` in `UINibAccessibilityConfigurationsKey`, which UIKit
/// applies to the view after loading.
///
/// Evidence: the duckduckgo pairs (Xcode 13.2.1: OmniBar, SiteRatingView, Settings, …) and the
/// corpus's compiled nibs (32 configurations). Keys, in Apple's order (sorted by name):
/// `UIAccessibileObject` (sic: the view), `UIAccessibilityHint` (user-visible text, as the
/// label: duckduckgo TabSwitcher's close button, "Close"), `UIAccessibilityIdentifier` (an
/// `NSString`), `UIAccessibilityLabel` (user-visible text: an `NSLocalizableString` keyed
/// `<view id>.accessibilityLabel` in `Base.lproj` sources), `UIAccessibilityTraits` (an
/// `NSNumber` of the `UIAccessibilityTraits` bits), `UIIsAccessibilityElement` (an `NSNumber`).
/// Values appear in no reference output and are left out with a warning.
enum AccessibilityRule {
    /// `<accessibilityTraits>` attributes → `UIAccessibilityTraits` bits (UIKit's public
    /// `UIAccessibilityTraits` constants).
    static let traitBits: [String: Int] = [
        "button": 1 << 0, "link": 1 << 1, "image": 1 << 2, "selected": 1 << 3, "playsSound": 1 << 4,
        "keyboardKey": 1 << 5, "staticText": 1 << 6, "summaryElement": 1 << 7, "notEnabled": 1 << 8,
        "updatesFrequently": 1 << 9, "searchField": 1 << 10, "startsMediaSession": 1 << 11, "adjustable": 1 << 12,
        "allowsDirectInteraction": 1 << 13, "causesPageTurn": 1 << 14, "tabBar": 1 << 15, "header": 1 << 16,
    ]

    /// Records the configuration `element` describes for `view` (source id `id`).
    static func configure(
        _ element: SourceElement, view: ArchivedObject, id: String?, context: UIKitContext
    ) throws(CompileError) {
        for name in element.attributes.keys.sorted() where !["key", "hint", "identifier", "label"].contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "accessibility \(name) is not modelled; left out")
        }
        var traits: Int?
        var isElement: Bool?
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("accessibilityTraits", "traits"):
                var bits = 0
                for name in child.attributes.keys.sorted() where name != "key" {
                    guard let bit = traitBits[name] else {
                        try context.unmodelled(
                            .unsupportedAttribute, child, "accessibility trait \(name) is not modelled; left out")
                        continue
                    }
                    if child.flag(name) { bits |= bit }
                }
                traits = bits
            case ("bool", "isElement"):
                isElement = child.flag("value")
            default:
                try context.unmodelled(
                    .unsupportedElement, child,
                    "<\(child.name)> in an accessibility configuration is not modelled; left out")
            }
        }
        let configuration = ArchivedObject("UIRuntimeAccessibilityConfiguration")
        configuration.set("UIAccessibileObject", view)
        if let hint = element["hint"] {
            configuration.set("UIAccessibilityHint", context.text(hint, id: id, property: "accessibilityHint"))
        }
        if let identifier = element["identifier"] {
            configuration.set("UIAccessibilityIdentifier", .string(identifier))
        }
        if let label = element["label"] {
            configuration.set("UIAccessibilityLabel", context.text(label, id: id, property: "accessibilityLabel"))
        }
        if let traits { configuration.set("UIAccessibilityTraits", .number(traits)) }
        if let isElement { configuration.set("UIIsAccessibilityElement", .number(isElement ? 1 : 0)) }
        context.accessibility.append(configuration)
    }
}
