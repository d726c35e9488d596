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

        /// The `UITraitCollection` of a record; `nil` for the default class.
        func traitCollection() -> ArchivedObject? {
            guard horizontal != nil || vertical != nil else { return nil }
            let traits = ArchivedObject("UITraitCollection")
            if let horizontal {
                traits.set("UITraitCollectionBuiltinTrait-_UITraitNameHorizontalSizeClass", int: horizontal)
            }
            if let vertical { traits.set("UITraitCollectionBuiltinTrait-_UITraitNameVerticalSizeClass", int: vertical) }
            return traits
        }
    }

    /// What a container's variations compile to.
    struct Result {
        /// The subviews installed by default, in order.
        var installed: [ArchivedObject]
        /// `_UIRelationshipTraitStorage`s for the nib's trait storage list.
        var storages: [ArchivedObject]
        /// Objects IB tracks that no view lists (the prototyping constraint candidates).
        var tracked: [ArchivedObject]
    }

    /// Whether `element` (a container) has subview masks or one of its subviews has variations.
    static func hasVariations(_ element: SourceElement, subviews: [SourceElement]) -> Bool {
        element.children(named: "variation").contains { $0.child("mask") != nil }
            || subviews.contains { !$0.children(named: "variation").isEmpty }
    }

    /// The variations of a container and its subviews, resolved per size class.
    static func resolve(
        container element: SourceElement, object: ArchivedObject, subviews: [(SourceElement, ArchivedObject)],
        context: UIKitContext
    ) throws(CompileError) -> Result {
        guard context.era < XcodeEra(8) else {
            throw context.error(
                .unsupportedElement, element,
                "size-class variations are modelled as Xcode 6 and 7 built them only (this is Xcode \(context.era))")
        }
        // The container's subview masks by size class.
        var masks: [(SizeClass, included: Set<String>, excluded: Set<String>)] = []
        // (A container's variations without masks give its own frame; its superview resolves them.)
        for variation in element.children(named: "variation") where variation.child("mask") != nil {
            guard let key = variation["key"], let sizeClass = SizeClass(key: key) else {
                throw context.error(
                    .unsupportedAttribute, variation, "variation key \"\(variation["key"] ?? "")\" is unknown")
            }
            var included: Set<String> = []
            var excluded: Set<String> = []
            for mask in variation.children where mask.name != "rect" {
                guard mask.name == "mask", mask["key"] == "subviews" else {
                    throw context.error(
                        .unsupportedElement, mask,
                        "<\(mask.name) key=\"\(mask["key"] ?? "")\"> in a variation is not supported yet (subview masks are)"
                    )
                }
                for entry in mask.children {
                    guard let reference = entry["reference"], entry.name == "include" || entry.name == "exclude" else {
                        throw context.error(
                            .unsupportedElement, entry, "<\(entry.name)> in a mask is not supported yet")
                    }
                    if entry.name == "include" { included.insert(reference) } else { excluded.insert(reference) }
                }
            }
            masks.append((sizeClass, included, excluded))
        }
        let orderedMasks = masks.sorted { left, right in
            (SizeClass.all.firstIndex(of: left.0) ?? 0) < (SizeClass.all.firstIndex(of: right.0) ?? 0)
        }
        func installed(_ id: String?, in sizeClass: SizeClass) -> Bool {
            var isInstalled = true
            for (variation, included, excluded) in orderedMasks.sorted(by: { $0.0.specificity < $1.0.specificity })
            where variation.applies(in: sizeClass) {
                if let id, excluded.contains(id) { isInstalled = false }
                if let id, included.contains(id) { isInstalled = true }
            }
            return isInstalled
        }
        // Each subview's frame and fixed-frame flag by size class.
        func placement(_ subview: SourceElement, in sizeClass: SizeClass) throws(CompileError) -> ([Double], Bool) {
            let base = subview.child("rect", key: "frame")
            var frame = ["x", "y", "width", "height"].map { base?.number($0) ?? 0 }
            var fixed = subview.flag("fixedFrame")
            var applicable: [(SizeClass, SourceElement)] = []
            for variation in subview.children(named: "variation") {
                guard let key = variation["key"], let variationClass = SizeClass(key: key) else {
                    throw context.error(
                        .unsupportedAttribute, variation, "variation key \"\(variation["key"] ?? "")\" is unknown")
                }
                for name in variation.attributes.keys
                where !["key", "fixedFrame", "misplaced", "ambiguous"].contains(name) {
                    throw context.error(
                        .unsupportedAttribute, variation, "variation attribute \(name) is not supported yet")
                }
                // Masks in a subview's variation are its own subviews', resolved with it.
                for child in variation.children
                where !(child.name == "rect" && child["key"] == "frame") && child.name != "mask" {
                    throw context.error(
                        .unsupportedElement, child, "<\(child.name)> in a view's variation is not supported yet")
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
        var storages: [ArchivedObject] = []
        if !masks.isEmpty {
            let records = orderedMasks.map { sizeClass, included, excluded in
                record(
                    sizeClass,
                    added: subviews.filter { included.contains($0.0["id"] ?? "") }.map(\.1),
                    removed: subviews.filter { excluded.contains($0.0["id"] ?? "") }.map(\.1))
            }
            storages.append(
                storage(object, keyPath: "traitStorageSubviews", records: records, candidates: subviews.map(\.1)))
        }
        // Prototyping constraints, made afresh for each size class.
        var perClass: [(SizeClass, [ArchivedObject])] = []
        for sizeClass in SizeClass.all {
            var constraints: [ArchivedObject] = []
            for (subview, subviewObject) in subviews where installed(subview["id"], in: sizeClass) {
                let (frame, fixed) = try placement(subview, in: sizeClass)
                constraints += PrototypingConstraintRule.constraints(
                    for: subview, frame: frame, isFixed: fixed, object: subviewObject, superview: object,
                    era: context.era)
            }
            perClass.append((sizeClass, constraints))
        }
        let candidates = perClass.flatMap(\.1)
        if !candidates.isEmpty {
            let records = perClass.map { sizeClass, constraints in
                let own = Set(constraints.map(ObjectIdentifier.init))
                return record(
                    sizeClass, added: constraints, removed: candidates.filter { !own.contains(ObjectIdentifier($0)) })
            }
            storages.append(
                storage(object, keyPath: "traitStorageConstraints", records: records, candidates: candidates))
        }
        let defaultClass = SizeClass(horizontal: nil, vertical: nil)
        return Result(
            installed: subviews.filter { installed($0.0["id"], in: defaultClass) }.map(\.1), storages: storages,
            tracked: candidates)
    }

    private static func record(_ sizeClass: SizeClass, added: [ArchivedObject], removed: [ArchivedObject])
        -> ArchivedObject
    {
        let record = ArchivedObject("_UIRelationshipTraitStorageRecord")
        if let traits = sizeClass.traitCollection() {
            record.set("UITraitCollection", traits)
        } else {
            record.set("UITraitCollection", .null)
        }
        record.set("UIAddedObjects", .collection("NSSet", added))
        record.set("UIRemovedObjects", .collection("NSSet", removed))
        return record
    }

    private static func storage(
        _ object: ArchivedObject, keyPath: String, records: [ArchivedObject], candidates: [ArchivedObject]
    ) -> ArchivedObject {
        let storage = ArchivedObject("_UIRelationshipTraitStorage")
        storage.set("UIObject", object)
        storage.set("UIKeyPath", .string(keyPath))
        storage.set("UIRecords", .collection("NSMutableArray", records))
        storage.set("UIRelationshipCandidates", .collection("NSOrderedSet", candidates))
        return storage
    }

    /// The nib's `_UITraitStorageList` for a top-level view (Xcode 6/7: no descendants listed).
    static func storageList(topLevel: ArchivedObject, storages: [ArchivedObject]) -> ArchivedObject {
        let list = ArchivedObject("_UITraitStorageList")
        list.set("UITopLevelObject", topLevel)
        list.set("UITraitStorages", .collection("NSArray", storages))
        list.set("UIDescendants", .collection("NSSet", []))
        return list
    }
}
