/// `<visualEffectView>` → `NSVisualEffectView` (one pair: HSChooserWindow, toolsVersion 18122).
///
/// | Key | Source |
/// |---|---|
/// | view keys | ``AppKitViewEncoder`` (the source's `wantsLayer="YES"` makes it a layer-tree host) |
/// | `NSVisualEffectViewBlendingMode` | `blendingMode`: behindWindow 0 |
/// | `NSVisualEffectViewState` | `state`: followsWindowActiveState 0 |
/// | `NSVisualEffectViewMaskImage` | nil |
/// | `NSVisualEffectViewMaterial`, `IBVisualEffectViewExternalMaterial` | `material`: sidebar 7 (both) |
/// | `IBVisualEffectViewAppearanceType` | 0 |
///
/// The values are `NSVisualEffectView`'s raw values; only those the pair shows are accepted (an
/// absent attribute, other blending modes, states and materials are refused: which default IB
/// leaves out, and whether the external material differs for the deprecated materials, is not
/// shown).
enum AppKitVisualEffectViewRule {
    /// What a visual effect view is in the view encoder's terms.
    static let kind = AppKitViewEncoder.Kind(attributes: ["blendingMode", "material", "state"])
    /// `blendingMode` → `NSVisualEffectViewBlendingMode`.
    static let blendingModes: [String: Int] = ["behindWindow": 0]
    /// `state` → `NSVisualEffectViewState`.
    static let states: [String: Int] = ["followsWindowActiveState": 0]
    /// `material` → `NSVisualEffectViewMaterial` and `IBVisualEffectViewExternalMaterial`.
    static let materials: [String: Int] = ["sidebar": 7]

    /// The archived visual effect view for `element`.
    static func visualEffectView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        func value(_ name: String, _ table: [String: Int]) throws(CompileError) -> Int {
            guard let text = element[name], let value = table[text] else {
                throw context.error(
                    .unsupportedAttribute, element,
                    "a visual effect view with \(name) \"\(element[name] ?? "(absent)")\" is not modelled")
            }
            return value
        }
        let blending = try value("blendingMode", blendingModes)
        let state = try value("state", states)
        let material = try value("material", materials)
        let view = try ControlRule.swapped(ArchivedObject("NSVisualEffectView"), for: element, context: context)
        context.track(view, id: element["id"], parent: parent)
        _ = try views.encodeView(element, view, superview: superview, kind: kind)
        view.set("NSVisualEffectViewBlendingMode", int: blending)
        view.set("NSVisualEffectViewState", int: state)
        view.set("NSVisualEffectViewMaskImage", .null)
        view.set("NSVisualEffectViewMaterial", int: material)
        view.set("IBVisualEffectViewExternalMaterial", int: material)
        view.set("IBVisualEffectViewAppearanceType", int: 0)
        return view
    }
}
