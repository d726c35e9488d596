/// What ibtool archives differently when it compiles a base-localized document (a `.xib` or
/// `.storyboard` in `Base.lproj`, flattened: ``AppKitContext/isBaseLocalized``), beyond its
/// `NSLocalizableString` titles (``AppKitContext/localizable(_:property:of:)``).
///
/// | Key | Base-localized | Otherwise |
/// |---|---|---|
/// | `NSAllowsLogicalLayoutDirection` (every control, scroller and table) | true | false |
///
/// Seen: every control of the corpus's nibs that hold localizable strings is true (Sparkle's
/// SUUpdateAlert ×2 and SUUpdatePermissionPrompt ×2, toolsVersion 18122 and 21701, every
/// `keyedobjects` variant: 8 to 12 controls each, text fields, buttons, image views, tables,
/// scrollers) and every control of the nibs without is false (the 142 other macOS nib files of
/// the pairs and `nib/` that archive the key, Sparkle's own SUStatus among them, and the
/// editable bundles Interface Builder saved in `Base.lproj`, scribendi ×5 and AVRFuses ×2,
/// whose strings are plain too).
/// AppKit lets such a control follow the user interface's layout direction (right-to-left
/// localizations).
enum AppKitLocalizationRule {
    /// Sets `NSAllowsLogicalLayoutDirection` on every object reachable from `root` that
    /// archives it.
    static func allowLogicalLayoutDirection(in root: ArchivedObject) {
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        while let object = pending.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            pending += object.referencedObjects
            if case .bool(false)? = object.value(forKey: "NSAllowsLogicalLayoutDirection") {
                object.replace("NSAllowsLogicalLayoutDirection", .bool(true))
            }
        }
    }
}
