/// `IBUINibLNEVersionKey`: from Xcode 15 (``XcodeEra/writesLaunchNibVersion``) ibtool marks
/// some nibs with this key, 1, after the root's seven arrays. What decides it is not
/// documented; the corpus shows it on the nibs whose objects hold only what a launch screen's
/// plain views hold (the name suggests a launch nib encoding):
///
/// * 12 nibs of 0senno, eagle-eyexk, ertmuirm and iOS-Apps-Code-UNO have it: launch screens'
///   view and controller nibs, scene nibs of plain or custom controllers, a xib of colored
///   views with constraints;
/// * the other 37 nibs of those apps do not, and each holds a key none of the 12 has: fonts,
///   images, buttons, navigation items, a controller's restoration identifier (0senno's four
///   Settings scenes differ from its Login scene by that key alone), a view's old top and
///   bottom layout guides (`_UILayoutGuide`).
///
/// So a nib gets the key when every (class, key) of its objects is one of ``allowedKeys``, and
/// every swapped object a view or a view controller (``allowedOriginalClasses``),
/// the union of what the 12 nibs hold (a `UIClassSwapper` holds its original class's keys, so
/// swapped views and controllers share the views' and controllers' lists). A nib with a key
/// the 12 do not show gets no key: what the rule does not know, it does not claim.
enum LaunchNibRule {
    /// Marks `root` when every object reachable from it holds only ``allowedKeys``.
    static func apply(to root: ArchivedObject) {
        if qualifies(root) { root.set("IBUINibLNEVersionKey", int: 1) }
    }

    /// Whether every object reachable from `root` holds only ``allowedKeys``.
    static func qualifies(_ root: ArchivedObject) -> Bool {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var pending = [root]
        while let object = pending.popLast() {
            guard let allowed = allowedKeys[object.className] else { return false }
            if object.className == "UIClassSwapper" {
                guard case .object(let original)? = object.value(forKey: "UIOriginalClassName"),
                    let name = original.sharingKey, allowedOriginalClasses.contains(name)
                else { return false }
            }
            for (key, value) in object.values {
                guard allowed.contains(key) else { return false }
                if case .object(let target) = value, seen.insert(ObjectIdentifier(target)).inserted {
                    pending.append(target)
                }
            }
        }
        return true
    }

    /// The classes the marked nibs' swapped objects are (as their `UIOriginalClassName`s, shared
    /// strings): views and view controllers. ikyih's table view controller scene (15 era), whose
    /// every key is one the 12 hold, has no mark.
    static let allowedOriginalClasses: Set<String> = ["s:UIView", "s:UIViewController"]

    /// The keys of plain and swapped views and controllers in the 12 marked nibs.
    private static let viewKeys: Set<String> = [
        "UIAutoresizeSubviews", "UIAutoresizingMask", "UIBackgroundColor", "UIBounds", "UICenter", "UIDeepDrawRect",
        "UIOpaque", "UISubviews", "UITintColor", "UIViewAutolayoutConstraints",
        "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", "UIViewLargeContentStoredProperties",
        "UIViewLayoutGuides", "UIViewSemanticContentAttribute",
        // Controllers (scene nibs) and the swapper's own keys.
        "UIExternalObjectsTableForViewLoading", "UINibName", "UIStoryboardIdentifier", "UIClassName",
        "UIOriginalClassName",
    ]

    /// Every (class, key) of the 12 marked nibs of the corpus.
    static let allowedKeys: [String: Set<String>] = [
        "NSObject": [
            "UINibTopLevelObjectsKey", "UINibObjectsKey", "UINibConnectionsKey", "UINibVisibleWindowsKey",
            "UINibAccessibilityConfigurationsKey", "UINibTraitStorageListsKey", "UINibKeyValuePairsKey",
        ],
        "NSArray": ["NSInlinedValue", "UINibEncoderEmptyKey"],
        "NSMutableArray": ["NSInlinedValue", "UINibEncoderEmptyKey"],
        "NSDictionary": ["NSInlinedValue", "UINibEncoderEmptyKey"],
        "NSString": ["NS.bytes"],
        "UIProxyObject": ["UIProxiedObjectIdentifier"],
        "UIRuntimeOutletConnection": ["UISource", "UIDestination", "UILabel"],
        "UIView": viewKeys,
        "UIClassSwapper": viewKeys,
        "UIColor": [
            "UIColorComponentCount", "UISystemColorName", "UIWhite", "UIRed", "UIGreen", "UIBlue", "UIAlpha",
            "UIRed-Double", "UIGreen-Double", "UIBlue-Double", "NSWhite", "NSRGB", "NSColorSpace",
        ],
        "UILayoutGuide": [
            "UILayoutGuideAllowsNegativeDimensions", "UILayoutGuideIdentifier", "UILayoutGuideOwningView",
            "UILayoutGuideOwningViewIsLocked", "UILayoutGuideShouldBeArchived", "UILayoutGuideSystemConstraints",
        ],
        "NSLayoutConstraint": [
            "NSFirstItem", "NSFirstAttribute", "NSFirstAttributeV2", "NSSecondItem", "NSSecondAttribute",
            "NSSecondAttributeV2", "NSConstant", "NSConstantV2", "NSShouldBeArchived", "NSLayoutIdentifier",
        ],
    ]
}
