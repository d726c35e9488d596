/// Size-class `<variation>`s → `_UIRelationshipTraitStorage`s, as Xcode 6 and 7 built them.
///
/// A container view's `<variation key="…"><mask key="subviews">` includes or excludes subviews
/// per size class; a subview's own `<variation key="…" fixedFrame="YES"><rect key="frame">`
/// gives it another frame there. ibtool installs only the default configuration and records
/// the rest for UIKit to apply when the trait collection changes:
///
/// | Storage key path | Candidates | Records |
/// |---|---|---|
/// | `traitStorageSubviews` | every subview, in order | one per size class with a subview mask: included subviews added, excluded ones removed |
/// | `traitStorageConstraints` | the prototyping constraints of each of the nine size classes, made afresh per class | all nine classes: that class's constraints added, every other candidate removed |
///
/// The view then lists neither the excluded subviews nor any prototyping constraint itself.
/// (ROMPiOS, built by Xcode 6; TipCalculator, built by Xcode 7.)
///
/// Xcode 10 (Carbook) makes no prototyping constraints; a `<mask key="constraints">` gives a
/// `traitStorageConstraints` storage like the subviews one (candidates: the container's
/// constraints; one record per masked size class), the default class is an empty
/// `UITraitCollection` rather than `nil`, and the list names every descendant view.
enum VariationRule {
    /// A size class: horizontal (width) and vertical (height), 1 compact, 2 regular, `nil` any.
    struct SizeClass: Hashable {
        var horizontal: Int?
        var vertical: Int?

        /// The nine classes in the order ibtool writes their records.
        static let all: [SizeClass] = [nil, 1, 2].flatMap { horizontal in
            [nil, 1, 2].map { SizeClass(horizontal: horizontal, vertical: $0) }
        }

        /// Parses a variation key: `default`, `widthClass=compact`,
        /// `heightClass=regular-widthClass=compact`, …
        init?(key: String) {
            guard key != "default" else { return }
            for part in key.split(separator: "-") {
                let pair = part.split(separator: "=")
                guard pair.count == 2 else { return nil }
                let value: Int
                switch pair[1] {
                case "compact": value = 1
                case "regular": value = 2
                default: return nil
                }
                switch pair[0] {
                case "widthClass" where horizontal == nil: horizontal = value
                case "heightClass" where vertical == nil: vertical = value
                default: return nil
                }
            }
        }

        /// The size class of the device a document previews (`<device id= orientation=>`): an
        /// iPad is regular in both directions; an iPhone is compact wide and regular high in
        /// portrait, compact high in landscape, where the Plus and Max phones (retina5_5,
        /// retina6_5, retina6_7, retina6_72) are regular wide (UIKit's documented size classes).
        init?(device: SourceElement) {
            guard let id = device["id"]?.lowercased() else { return nil }
            if id.hasPrefix("ipad") {
                self.init(horizontal: 2, vertical: 2)
            } else if device["orientation"] == "landscape" {
                let large = ["retina5_5", "retina6_5", "retina6_7", "retina6_72"].contains(id)
                self.init(horizontal: large ? 2 : 1, vertical: 1)
            } else {
                self.init(horizontal: 1, vertical: 2)
            }
        }

        /// A size class from its components.
        init(horizontal: Int?, vertical: Int?) {
            self.horizontal = horizontal
            self.vertical = vertical
        }

        /// Whether a variation for this class applies in `other` (its given components match).
        func applies(in other: SizeClass) -> Bool {
            (horizontal == nil || horizontal == other.horizontal) && (vertical == nil || vertical == other.vertical)
        }

        /// How many components are given.
        var specificity: Int { (horizontal == nil ? 0 : 1) + (vertical == nil ? 0 : 1) }

        /// The `UITraitCollection` of a record; `nil` for the default class unless `emptyDefault`.
        func traitCollection(emptyDefault: Bool) -> ArchivedObject? {
            guard horizontal != nil || vertical != nil || emptyDefault else { return nil }
            let traits = ArchivedObject("UITraitCollection")
            if let horizontal {
                traits.set("UITraitCollectionBuiltinTrait-_UITraitNameHorizontalSizeClass", int: horizontal)
            }
            if let vertical { traits.set("UITraitCollectionBuiltinTrait-_UITraitNameVerticalSizeClass", int: vertical) }
            return traits
        }
    }

    /// One `<mask>`: the ids included and excluded in a size class.
    typealias Mask = (sizeClass: SizeClass, included: Set<String>, excluded: Set<String>)

    /// What a container's variations compile to.
    struct Result {
        /// The subviews installed by default, in order.
        var installed: [ArchivedObject]
        /// The container's constraints installed by default, in order.
        var installedConstraints: [ArchivedObject]
        /// `_UIRelationshipTraitStorage`s for the nib's trait storage list.
        var storages: [ArchivedObject]
        /// Objects IB tracks that no view lists (the prototyping constraint candidates).
        var tracked: [ArchivedObject]
    }

    /// Whether `element` (a container) has masks or one of its subviews has variations.
    static func hasVariations(_ element: SourceElement, subviews: [SourceElement]) -> Bool {
        element.children(named: "variation").contains { $0.child("mask") != nil }
            || subviews.contains { !$0.children(named: "variation").isEmpty }
    }

    /// The variations of a container and its subviews, resolved per size class.
    static func resolve(
        container element: SourceElement, object: ArchivedObject, subviews: [(SourceElement, ArchivedObject)],
        constraints: [(SourceElement, ArchivedObject)], context: UIKitContext
    ) throws(CompileError) -> Result {
        let isModern = try modelEra(element, context: context) >= XcodeEra(10)
        let (subviewMasks, constraintMasks) = try masks(of: element, allowingConstraints: isModern, context: context)
        // ibtool installs the configuration of the device the document previews (duckduckgo
        // Tab, Xcode 13.2, previewed on an iPad: a label's constraint that only regular-regular
        // includes is installed, a stack view's that regular-regular excludes is not); a
        // document without a device (Carbook, an Xcode 7.3 document) installs the default's.
        let defaultClass =
            element.documentElement.child("device").flatMap { SizeClass(device: $0) }
            ?? SizeClass(horizontal: nil, vertical: nil)
        var storages: [ArchivedObject] = []
        if !subviewMasks.isEmpty {
            storages.append(
                storage(
                    object, keyPath: "traitStorageSubviews", masks: subviewMasks, candidates: subviews,
                    isModern: isModern))
        }
        if !constraintMasks.isEmpty {
            storages.append(
                storage(
                    object, keyPath: "traitStorageConstraints", masks: constraintMasks,
                    candidates: constraints,
                    isModern: isModern))
        }
        let installedSubviews = subviews.filter { isInstalled($0.0["id"], in: defaultClass, masks: subviewMasks) }.map(
            \.1)
        let installedConstraints = constraints.filter {
            isInstalled($0.0["id"], in: defaultClass, masks: constraintMasks)
        }.map(\.1)
        if isModern {
            // Xcode 10 makes no prototyping constraints: a subview's frame variations are design-time only.
            return Result(
                installed: installedSubviews, installedConstraints: installedConstraints, storages: storages,
                tracked: [])
        }
        // Prototyping constraints, made afresh for each size class.
        var perClass: [(SizeClass, [ArchivedObject])] = []
        for sizeClass in SizeClass.all {
            var made: [ArchivedObject] = []
            for (subview, subviewObject) in subviews
            where isInstalled(subview["id"], in: sizeClass, masks: subviewMasks) {
                let (frame, fixed) = try placement(subview, in: sizeClass, context: context)
                made += PrototypingConstraintRule.constraints(
                    for: subview, frame: frame, isFixed: fixed, object: subviewObject, superview: object,
                    era: context.era)
            }
            perClass.append((sizeClass, made))
        }
        let candidates = perClass.flatMap(\.1)
        if !candidates.isEmpty {
            let records = perClass.map { sizeClass, made in
                let own = Set(made.map(ObjectIdentifier.init))
                return record(
                    sizeClass, emptyDefault: false, added: made,
                    removed: candidates.filter { !own.contains(ObjectIdentifier($0)) })
            }
            let constraintStorage = ArchivedObject("_UIRelationshipTraitStorage")
            constraintStorage.set("UIObject", object)
            constraintStorage.set("UIKeyPath", .string("traitStorageConstraints"))
            constraintStorage.set("UIRecords", .collection("NSMutableArray", records))
            constraintStorage.set("UIRelationshipCandidates", .orderedSet(candidates))
            storages.append(constraintStorage)
        }
        return Result(
            installed: installedSubviews, installedConstraints: installedConstraints, storages: storages,
            tracked: candidates)
    }

    /// The Xcode whose variation model the nib gets: the imitated one for Xcode 6, 7 and 10 and
    /// later (the pairs' models); Xcode 10's, with a warning, for Xcode 8 and 9 (no pair) and for
    /// an older document whose variations mask constraints (the Xcode 6 and 7 pairs never do;
    /// Carbook, saved by Xcode 7.3, does). Decided once per nib, from the whole document, so
    /// that every container and the nib's storage list agree.
    static func modelEra(_ element: SourceElement, context: UIKitContext) throws(CompileError) -> XcodeEra {
        if let decided = context.variationEra { return decided }
        var era = context.era
        let newer = XcodeEra(10)..<XcodeEra.unbounded
        if era >= XcodeEra(8), era < XcodeEra(10) {
            era = try context.modelledEra(
                for: element, "size-class variations", modelled: newer, newest: .unbounded,
                shown: "Xcode 6, 7 and 10")
        } else if era < XcodeEra(8) {
            if let constraintMask = element.documentElement.firstConstraintMask {
                era = try context.modelledEra(
                    for: constraintMask, "constraint masks in size-class variations", modelled: newer,
                    newest: .unbounded)
            }
        }
        context.variationEra = era
        return era
    }

    /// A container's subview and constraint masks, in size-class order. (A container's
    /// variations without masks give its own frame; its superview resolves them.)
    private static func masks(of element: SourceElement, allowingConstraints: Bool, context: UIKitContext)
        throws(CompileError) -> (subviews: [Mask], constraints: [Mask])
    {
        var subviewMasks: [Mask] = []
        var constraintMasks: [Mask] = []
        for variation in element.children(named: "variation") where variation.child("mask") != nil {
            guard let key = variation["key"], let sizeClass = SizeClass(key: key) else {
                throw context.error(
                    .unsupportedAttribute, variation, "variation key \"\(variation["key"] ?? "")\" is unknown")
            }
            for mask in variation.children where mask.name != "rect" {
                let kind = mask["key"]
                guard mask.name == "mask", kind == "subviews" || (kind == "constraints" && allowingConstraints) else {
                    throw context.error(
                        .unsupportedElement, mask,
                        "<\(mask.name) key=\"\(kind ?? "")\"> in a variation is not modelled"
                    )
                }
                var included: Set<String> = []
                var excluded: Set<String> = []
                for entry in mask.children {
                    guard let reference = entry["reference"], entry.name == "include" || entry.name == "exclude" else {
                        throw context.error(
                            .unsupportedElement, entry, "<\(entry.name)> in a mask is not modelled")
                    }
                    if entry.name == "include" { included.insert(reference) } else { excluded.insert(reference) }
                }
                if kind == "subviews" {
                    subviewMasks.append((sizeClass, included, excluded))
                } else {
                    constraintMasks.append((sizeClass, included, excluded))
                }
            }
        }
        func ordered(_ list: [Mask]) -> [Mask] {
            list.sorted {
                (SizeClass.all.firstIndex(of: $0.sizeClass) ?? 0) < (SizeClass.all.firstIndex(of: $1.sizeClass) ?? 0)
            }
        }
        return (ordered(subviewMasks), ordered(constraintMasks))
    }

    /// Whether the object with source id `id` is installed in `sizeClass`: the masks that
    /// apply there, the more specific last.
    private static func isInstalled(_ id: String?, in sizeClass: SizeClass, masks: [Mask]) -> Bool {
        var installed = true
        for mask in masks.sorted(by: { $0.sizeClass.specificity < $1.sizeClass.specificity })
        where mask.sizeClass.applies(in: sizeClass) {
            if let id, mask.excluded.contains(id) { installed = false }
            if let id, mask.included.contains(id) { installed = true }
        }
        return installed
    }

    /// A subview's frame and fixed-frame flag in `sizeClass`, from its own variations.
    private static func placement(_ subview: SourceElement, in sizeClass: SizeClass, context: UIKitContext)
        throws(CompileError) -> ([Double], Bool)
    {
        let base = subview.child("rect", key: "frame")
        var frame = ["x", "y", "width", "height"].map { base?.number($0) ?? 0 }
        var fixed = subview.flag("fixedFrame")
        var applicable: [(SizeClass, SourceElement)] = []
        for variation in subview.children(named: "variation") {
            guard let key = variation["key"], let variationClass = SizeClass(key: key) else {
                throw context.error(
                    .unsupportedAttribute, variation, "variation key \"\(variation["key"] ?? "")\" is unknown")
            }
            for name in variation.attributes.keys where !["key", "fixedFrame", "misplaced", "ambiguous"].contains(name)
            {
                try context.unmodelled(
                    .unsupportedAttribute, variation, "variation attribute \(name) is not modelled")
            }
            // Masks in a subview's variation are its own subviews', resolved with it.
            for child in variation.children
            where !(child.name == "rect" && child["key"] == "frame") && child.name != "mask" {
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> in a view's variation is not modelled")
            }
            if variationClass.applies(in: sizeClass) { applicable.append((variationClass, variation)) }
        }
        for (_, variation) in applicable.sorted(by: { $0.0.specificity < $1.0.specificity }) {
            if let value = variation["fixedFrame"] { fixed = value == "YES" }
            if let rect = variation.child("rect", key: "frame") {
                frame = ["x", "y", "width", "height"].map { rect.number($0) ?? 0 }
            }
        }
        return (frame, fixed)
    }

    /// A mask storage: every candidate, one record per masked size class.
    private static func storage(
        _ object: ArchivedObject, keyPath: String, masks: [Mask], candidates: [(SourceElement, ArchivedObject)],
        isModern: Bool
    ) -> ArchivedObject {
        let records = masks.map { mask in
            record(
                mask.sizeClass, emptyDefault: isModern,
                added: candidates.filter { mask.included.contains($0.0["id"] ?? "") }.map(\.1),
                removed: candidates.filter { mask.excluded.contains($0.0["id"] ?? "") }.map(\.1))
        }
        let storage = ArchivedObject("_UIRelationshipTraitStorage")
        storage.set("UIObject", object)
        storage.set("UIKeyPath", .string(keyPath))
        storage.set("UIRecords", .collection("NSMutableArray", records))
        storage.set("UIRelationshipCandidates", .orderedSet(candidates.map(\.1)))
        return storage
    }

    /// One `_UIRelationshipTraitStorageRecord`.
    private static func record(
        _ sizeClass: SizeClass, emptyDefault: Bool, added: [ArchivedObject], removed: [ArchivedObject]
    ) -> ArchivedObject {
        let record = ArchivedObject("_UIRelationshipTraitStorageRecord")
        if let traits = sizeClass.traitCollection(emptyDefault: emptyDefault) {
            record.set("UITraitCollection", traits)
        } else {
            record.set("UITraitCollection", .null)
        }
        record.set("UIAddedObjects", .collection("NSSet", added))
        record.set("UIRemovedObjects", .collection("NSSet", removed))
        return record
    }

    /// The `NSNumber` a size-class `<variation>` gives a view attribute, under UIKit's property
    /// name (the KVC key path, the same as the attribute's); nil for an attribute or value
    /// without a rule. Enumerations archive their raw values, booleans 1 or 0 as user-defined
    /// runtime booleans do (``RuntimeAttributeRule``).
    static func attributeVariationValue(_ name: String, _ text: String) -> ArchivedObject? {
        if name == numericVariationAttribute {
            return Double(text).flatMap { abs($0) <= 1e9 ? ArchivedObject.number(double: $0) : nil }
        }
        return attributeVariationCodes[name]?[text].map(ArchivedObject.number)
    }
    /// The enumerated and boolean view attributes a variation can set, with the raw value each
    /// of their values archives.
    static let attributeVariationCodes: [String: [String: Int]] = [
        "axis": ["horizontal": 0, "vertical": 1], "hidden": ["YES": 1, "NO": 0],
        "distribution": ["fill": 0, "fillEqually": 1, "fillProportionally": 2, "equalSpacing": 3, "equalCentering": 4],
    ]
    /// The view attribute a variation can set to a number, archived as it is.
    static let numericVariationAttribute = "spacing"
    /// What a view's attribute is when the document leaves it out.
    static let attributeDefaults: [String: String] = [
        "axis": "horizontal", "hidden": "NO", "spacing": "0", "distribution": "fill",
    ]

    /// A view's own attribute variations (`<variation key="heightClass=compact" axis="horizontal"/>`)
    /// as Xcode 13 archives them, as for a constraint's constant: one `_UIAttributeTraitStorage`
    /// per attribute {`UIObject` the view, `UIKeyPath` the property, `UIRecords`: one
    /// `_UIAttributeTraitStorageRecord` per variation (its size class's `UITraitCollection`,
    /// the value as an `NSNumber`), then the default's (an empty trait collection, the view's own
    /// value)}, listed once (duckduckgo Home, Xcode 13.2: a stack view vertical by default,
    /// horizontal in compact height → "axis", records 0 then 1). The other attributes follow
    /// the same form with UIKit's property names (no pair shows them); before Xcode 13, and
    /// for attributes without a rule, a warning and the view's default value alone.
    static func attributeStorages(_ element: SourceElement, view: ArchivedObject, context: UIKitContext)
        throws(CompileError) -> [ArchivedObject]
    {
        let geometry: Set<String> = ["key", "fixedFrame", "misplaced", "ambiguous"]
        var perAttribute: [(name: String, classes: [(SizeClass, ArchivedObject)])] = []
        for variation in element.children(named: "variation") {
            let names = variation.attributes.keys.filter { !geometry.contains($0) }.sorted()
            guard !names.isEmpty else { continue }
            guard let key = variation["key"], let sizeClass = SizeClass(key: key) else {
                try context.unmodelled(
                    .unsupportedAttribute, variation, "variation key \"\(variation["key"] ?? "")\" is unknown; left out"
                )
                continue
            }
            for name in names {
                guard context.era >= XcodeEra(13) else {
                    try context.unmodelled(
                        .unsupportedAttribute, variation,
                        "view attribute variations are modelled for Xcode 13 only (no earlier pair shows them); \(name) left out"
                    )
                    continue
                }
                guard let value = variation[name].flatMap({ attributeVariationValue(name, $0) }) else {
                    try context.unmodelled(
                        .unsupportedAttribute, variation, "a size-class variation of \(name) is not modelled; left out")
                    continue
                }
                if let index = perAttribute.firstIndex(where: { $0.name == name }) {
                    perAttribute[index].classes.append((sizeClass, value))
                } else {
                    perAttribute.append((name, [(sizeClass, value)]))
                }
            }
        }
        return perAttribute.compactMap { name, classes in
            guard let defaultValue = attributeVariationValue(name, element[name] ?? attributeDefaults[name] ?? "")
            else { return nil }
            return attributeStorage(object: view, keyPath: name, values: classes, defaultValue: defaultValue)
        }
    }

    /// An `_UIAttributeTraitStorage` setting `keyPath` of `object`: one record per size class
    /// with its value, then the default class's (an empty trait collection, shared in the nib).
    private static func attributeStorage(
        object: ArchivedObject, keyPath: String, values: [(SizeClass, ArchivedObject)], defaultValue: ArchivedObject
    ) -> ArchivedObject {
        var records: [ArchivedObject] = []
        for (sizeClass, value) in values + [(SizeClass(horizontal: nil, vertical: nil), defaultValue)] {
            let record = ArchivedObject("_UIAttributeTraitStorageRecord")
            let traits = sizeClass.traitCollection(emptyDefault: true) ?? ArchivedObject("UITraitCollection")
            if sizeClass.specificity == 0 { traits.sharingKey = "traits:empty" }
            record.set("UITraitCollection", traits)
            record.set("UIValue", value)
            records.append(record)
        }
        let storage = ArchivedObject("_UIAttributeTraitStorage")
        storage.set("UIObject", object)
        storage.set("UIKeyPath", .string(keyPath))
        storage.set("UIRecords", .collection("NSMutableArray", records))
        return storage
    }

    /// A constraint's constant variations (`<variation key="heightClass=compact" constant="-86"/>`)
    /// as Xcode 13 archives them: an `_UIAttributeTraitStorage` {`UIObject` the constraint,
    /// `UIKeyPath` "encodedConstant", `UIRecords`: one `_UIAttributeTraitStorageRecord` per
    /// variation (its size class's `UITraitCollection`, an `_NSLayoutConstraintConstant` with
    /// `UISymbolicConstant` nil and `UINumericConstant`), then the default's (an empty trait
    /// collection, the constraint's own constant)}. The storages are in the list twice, as
    /// equal objects, the whole run repeated: the 13 constant variations of the duckduckgo pairs (Xcode 13.2:
    /// HomeRow's two → four storages, Main's one → two, …). Before Xcode 13 they are left out
    /// with a warning (no pair shows them).
    static func constantStorages(_ constraints: [(SourceElement, ArchivedObject)], context: UIKitContext)
        throws(CompileError) -> [ArchivedObject]
    {
        var storages: [() -> ArchivedObject] = []
        for (element, constraint) in constraints {
            let variations = element.children(named: "variation").filter { $0["constant"] != nil }
            guard !variations.isEmpty else { continue }
            guard context.era >= XcodeEra(13) else {
                try context.unmodelled(
                    .unsupportedElement, variations[0],
                    "constraint constant variations are modelled for Xcode 13 only (no earlier pair shows them); left out"
                )
                continue
            }
            var classes: [(SizeClass, Double)] = []
            for variation in variations {
                guard let key = variation["key"], let sizeClass = SizeClass(key: key),
                    let constant = variation.number("constant"), abs(constant) <= 1e9
                else {
                    try context.unmodelled(
                        .unsupportedElement, variation,
                        "a constant variation without a size class and a number; left out")
                    continue
                }
                for name in variation.attributes.keys where !["key", "constant"].contains(name) {
                    try context.unmodelled(
                        .unsupportedAttribute, variation, "constraint variation attribute \(name) is not modelled")
                }
                classes.append((sizeClass, constant))
            }
            guard !classes.isEmpty else { continue }
            let defaultConstant = element.number("constant") ?? 0
            func constantValue(_ value: Double) -> ArchivedObject {
                let constant = ArchivedObject("_NSLayoutConstraintConstant")
                constant.set("UISymbolicConstant", .null)
                constant.set("UINumericConstant", .float64(value))
                return constant
            }
            storages.append { () -> ArchivedObject in
                attributeStorage(
                    object: constraint, keyPath: "encodedConstant",
                    values: classes.map { ($0.0, constantValue($0.1)) }, defaultValue: constantValue(defaultConstant))
            }
        }
        // The whole run twice, in order (HomeRow: constraint A, B, A, B).
        return storages.map { $0() } + storages.map { $0() }
    }

    /// The nib's `_UITraitStorageList` for a top-level view: Xcode 6/7 list no descendants,
    /// Xcode 10 every view below the top-level one (its installed subviews, recursively,
    /// layout guides included). Xcode 13 lists what its storages reach: each storage's object
    /// (but the top-level view), and for a relationship storage its view's direct subviews,
    /// without the top and bottom `_UILayoutGuide`s, and the view's layout guide placeholders
    /// (Home: the root view's constraint masks → its four subviews and the safe area's
    /// placeholder, not its two `_UILayoutGuide`s nor the constraints; ActionMessageView's label
    /// and button; Tab: a constraint with constant variations, a stack view with attribute
    /// variations and masks, its two subviews, not their subviews, and a label with masks).
    static func storageList(
        topLevel: ArchivedObject, storages: [ArchivedObject], era: XcodeEra,
        guidePlaceholders: [ObjectIdentifier: [ArchivedObject]] = [:]
    ) -> ArchivedObject {
        var descendants: [ArchivedObject] = []
        var listed: Set<ObjectIdentifier> = [ObjectIdentifier(topLevel)]
        func add(_ object: ArchivedObject) {
            if listed.insert(ObjectIdentifier(object)).inserted { descendants.append(object) }
        }
        if era >= XcodeEra(13) {
            for storage in storages {
                guard let object = storage.object(forKey: "UIObject") else { continue }
                add(object)
                guard storage.className == "_UIRelationshipTraitStorage" else { continue }
                guidePlaceholders[ObjectIdentifier(object)]?.forEach(add)
                (object.object(forKey: "UISubviews")?.referencedObjects ?? []).filter {
                    $0.className != "_UILayoutGuide"
                }.forEach(add)
            }
        } else if era >= XcodeEra(10) {
            var pending = [topLevel]
            while let view = pending.popLast() {
                let subviews = view.object(forKey: "UISubviews")?.referencedObjects ?? []
                descendants += subviews
                pending += subviews
            }
        }
        let list = ArchivedObject("_UITraitStorageList")
        list.set("UITopLevelObject", topLevel)
        list.set("UITraitStorages", .collection("NSArray", storages))
        list.set("UIDescendants", .collection("NSSet", descendants))
        return list
    }
}
