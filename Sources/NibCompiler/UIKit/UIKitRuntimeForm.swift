/// The older forms an iOS directory nib's `runtime.nib` holds (``UIKitNibVariants``): the same
/// objects as `objects-<V>+.nib`, changed where iOS before `V` cannot decode the newer form.
/// Each nib is archived as usual, then changed in place, archived again and put back as it was.
///
/// Modelled, each from Apple's pairs of files in the corpus (every pair of that version agreeing):
///
/// - **13.0, named colors**: `runtime.nib` adds one `_UIColorAttributeTraitStorage` per use of
///   an asset catalog color (`UIObject` the object, `UIKeyPath` the property, `UIRecords` an
///   empty `NSMutableArray`, `UINamedColor` a `_UICoreUICatalogColorWrapper` of `UIAssetName`,
///   `UIAssetBundleID` nil and `UIFallbackColor` the color the document's `<namedColor>`
///   records, without the catalog name), in the `_UITraitStorageList` of the top-level view the
///   object is in; the colors themselves stay as they are. Evidence: ertmuirm's Beacon
///   framework, the two `runtime.nib` files with named colors (HSBeaconArticlesFooterCell, whose
///   `objects-13.0+.nib` differs only there; BeaconMessaging's oqp-Of-qwo view: three
///   backgrounds). The key path is the document's name for the property: `backgroundColor`
///   (three uses), a button state's `normalTitleColor` (state and key; archived twice, as the
///   footer cell's one use is), a user-defined runtime attribute's own key path
///   (`borderColor`). A new list has the top-level object, the storages and an empty
///   `UIDescendants` set; an existing one (size-class variations) takes the color storages
///   without listing their objects among its descendants (oqp-Of-qwo's list names only its
///   two constraints). Order: a view's colors, then the storages it already had (its
///   constraints' variations), then its subviews, depth first (oqp-Of-qwo: the view's
///   background, its constraints' four, then two subviews' backgrounds).
/// - **12.3, collection view cells**: the cell's four `UIIBSystemGenerated` constraints pinning
///   its content view and the content view's `UIViewDoesNotTranslateAutoresizingMaskIntoConstraints`
///   are left out (kiralab's JSQMessagesCollectionViewCellIncoming: the only two differences
///   between its files; Outgoing's `runtime.nib` has the same form).
///
/// Not modelled (warned, `runtime.nib` keeps the newer form there): named colors elsewhere
/// (attributed strings, appearances, configurations, objects outside a top-level view, prototype
/// cells, which are nibs inside the nib), collection view cells in prototypes, 11.0 (the safe
/// area as layout guides) and 14.0's symbols rendered as images.
final class UIKitRuntimeForm: @unchecked Sendable {
    /// The form being recorded by the compile in progress on this task, if any.
    @TaskLocal static var current: UIKitRuntimeForm?

    /// One use of a named color that `runtime.nib` gives a trait storage.
    struct ColorUse {
        /// The `<color>`.
        var element: SourceElement
        /// The element of the object whose property it is.
        var owner: SourceElement
        /// The owner's ancestors, outermost first (kept: the compiler may drop the source tree).
        var ancestors: [SourceElement]
        /// The key paths, one storage each.
        var keyPaths: [String]
        /// The catalog name.
        var asset: String
        /// The `<color>` inside the document's `<namedColor>`: the fallback.
        var recorded: SourceElement
    }

    /// The named colors' uses (13.0), in document order; empty when 13.0 is not modelled.
    let colorUses: [ColorUse]
    /// Whether collection view cells lose their pinning constraints (12.3).
    let unpinsCells: Bool
    /// `runtime.nib` by the bytes of the nib it goes with.
    private(set) var runtimeNibs: [[UInt8]: [UInt8]] = [:]
    /// The `<color>`s given a storage so far.
    private(set) var placed: Set<ObjectIdentifier> = []

    /// A recorder for the named colors' `uses` (13.0) and, with `unpinsCells`, the 12.3 form.
    init(colorUses: [ColorUse], unpinsCells: Bool) {
        self.colorUses = colorUses
        self.unpinsCells = unpinsCells
    }

    /// The `runtime.nib` that goes with `nib`, or `nib` itself when nothing differs.
    func runtimeNib(for nib: [UInt8]) -> [UInt8] { runtimeNibs[nib] ?? nib }

    // MARK: Reading the document

    /// What in `document` asks for a form this type models, and what it cannot: the named
    /// colors' uses (`nil` when one is not modelled, with the first such `<color>`), and whether
    /// every cell that asks for 12.3 can be unpinned (else the first that cannot).
    static func read(_ document: SourceDocument) -> (
        colors: [ColorUse]?, unmodelledColor: SourceElement?, cell: SourceElement?
    ) {
        let root = document.root
        let named = Dictionary(
            (root.child("resources")?.children(named: "namedColor") ?? []).compactMap { entry in
                entry["name"].map { ($0, entry) }
            }, uniquingKeysWith: { first, _ in first })
        var uses: [ColorUse] = []
        var unmodelled: SourceElement?
        var cell: SourceElement?
        func walk(_ element: SourceElement, ancestors: [SourceElement]) {
            if element.name == "color", let name = element["name"], let entry = named[name],
                element.parent?.name != "namedColor"
            {
                if let use = colorUse(element, entry: entry, ancestors: ancestors) {
                    uses.append(use)
                } else if unmodelled == nil {
                    unmodelled = element
                }
            }
            if element.name == "collectionViewCell", cell == nil,
                element.child(key: "contentView")?.child("subviews")?.children.isEmpty == false,
                ancestors.contains(where: isPrototypeContainer)
            {
                cell = element
            }
            for child in element.children { walk(child, ancestors: ancestors + [element]) }
        }
        if let objects = root.child("objects") { walk(objects, ancestors: [root]) }
        for scenes in root.children(named: "scenes") { walk(scenes, ancestors: [root]) }
        return (unmodelled == nil ? uses : nil, unmodelled, cell)
    }

    /// A table or collection view, whose cells are nibs of their own.
    private static func isPrototypeContainer(_ element: SourceElement) -> Bool {
        element.name == "prototypes" || element.name == "cells" || element.name == "collectionView"
            || element.name == "tableView"
    }

    /// The use `color` makes of a named color, when it is one of the modelled kinds.
    private static func colorUse(_ color: SourceElement, entry: SourceElement, ancestors: [SourceElement])
        -> ColorUse?
    {
        guard let key = color["key"], let recorded = entry.child("color"), recorded["name"] == nil,
            let asset = entry["name"], let parent = color.parent
        else { return nil }
        let parentAncestors = Array(ancestors.dropLast())
        func use(owner: SourceElement, ownerAncestors: [SourceElement], keyPaths: [String]) -> ColorUse? {
            // In a storyboard only the controller's view and what it holds (the view nib): the
            // scene's controller-level objects (bars, items) have no evidence.
            let chain = ownerAncestors + [owner]
            if let controller = chain.lastIndex(where: { $0.name.hasSuffix("Controller") }) {
                guard controller + 1 < chain.count, chain[controller + 1]["key"] == "view" else { return nil }
            }
            guard owner["id"] != nil, !ownerAncestors.contains(where: isPrototypeContainer) else { return nil }
            return ColorUse(
                element: color, owner: owner, ancestors: ownerAncestors, keyPaths: keyPaths, asset: asset,
                recorded: recorded)
        }
        switch parent.name {
        case "state":
            // A button state's title colors: `normalTitleColor`, archived twice for the normal
            // state (HSBeaconArticlesFooterCell).
            guard let state = parent["key"], let button = parent.parent, button.name == "button",
                key == "titleColor" || key == "titleShadowColor"
            else { return nil }
            let keyPath = state + key.prefix(1).uppercased() + key.dropFirst()
            return use(
                owner: button, ownerAncestors: Array(parentAncestors.dropLast()),
                keyPaths: state == "normal" && key == "titleColor" ? [keyPath, keyPath] : [keyPath])
        case "userDefinedRuntimeAttribute":
            guard key == "value", let keyPath = parent["keyPath"], let list = parent.parent,
                list.name == "userDefinedRuntimeAttributes", let object = list.parent
            else { return nil }
            return use(owner: object, ownerAncestors: Array(parentAncestors.dropLast(2)), keyPaths: [keyPath])
        default:
            // A property of the object itself (`<color key="backgroundColor">` of a view).
            guard parent["id"] != nil, !["fontDescription", "attributedString"].contains(parent.name) else {
                return nil
            }
            return use(owner: parent, ownerAncestors: parentAncestors, keyPaths: [key])
        }
    }

    // MARK: Writing

    /// Runs `body` (a compile) with `form` recording.
    static func run<Result>(_ form: UIKitRuntimeForm?, _ body: () throws(CompileError) -> Result)
        throws(CompileError) -> Result
    {
        guard let form else { return try body() }
        do {
            return try $current.withValue(form) { try body() }
        } catch let error as CompileError {
            throw error
        } catch {
            // `body` throws only CompileError; `withValue` erases the type.
            throw CompileError(code: .output, file: "", line: 0, column: 0, element: nil, message: "\(error)")
        }
    }

    /// Archives the nib `context` made; when a form is being recorded, its `runtime.nib` too.
    static func serialize(_ context: UIKitContext, fileName: String) throws(CompileError) -> [UInt8] {
        let root = context.makeRoot()
        let coderVersion = context.era.iOSNibCoderVersion
        let nib = try NibCompiler.serialize(root, fileName: fileName, coderVersion: coderVersion)
        guard let form = current else { return nib }
        var saved: [(ArchivedObject, [(key: String, value: ArchivedObject.Value)])] = []
        func save(_ object: ArchivedObject) {
            if !saved.contains(where: { $0.0 === object }) { saved.append((object, object.values)) }
        }
        defer { for (object, values) in saved.reversed() { object.restoreValues(values) } }
        var changed = false
        if form.unpinsCells { changed = form.unpinCells(below: root, save: save) || changed }
        if !form.colorUses.isEmpty {
            changed = try form.addColorStorages(root, context: context, save: save) || changed
        }
        guard changed else { return nib }
        let runtime = try NibCompiler.serialize(root, fileName: fileName, coderVersion: coderVersion)
        form.runtimeNibs[nib] = runtime
        return nib
    }

    /// Leaves out the cells' `UIIBSystemGenerated` constraints and their content views'
    /// `UIViewDoesNotTranslateAutoresizingMaskIntoConstraints`; whether there were any.
    private func unpinCells(below root: ArchivedObject, save: (ArchivedObject) -> Void) -> Bool {
        let marker = ArchivedObject.Value.data(Array("UIIBSystemGenerated".utf8))
        var changed = false
        for object in Self.reachable(from: root) {
            guard let constraints = object.object(forKey: "UIViewAutolayoutConstraints") else { continue }
            let elements = constraints.referencedObjects
            let pins = elements.filter { constraint in
                constraint.object(forKey: "NSFirstItem") === object
                    && constraint.object(forKey: "NSLayoutIdentifier")?.value(forKey: "NS.bytes").map {
                        Self.equal($0, marker)
                    } == true
            }
            guard !pins.isEmpty else { continue }
            save(object)
            let kept = elements.filter { element in !pins.contains { $0 === element } }
            if kept.isEmpty {
                object.remove("UIViewAutolayoutConstraints")
            } else {
                object.replace("UIViewAutolayoutConstraints", .object(.collection(constraints.className, kept)))
            }
            for content in pins.compactMap({ $0.object(forKey: "NSSecondItem") }) {
                save(content)
                content.remove("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints")
            }
            changed = true
        }
        return changed
    }

    /// Adds the named colors' storages to the trait storage lists of `root`; whether any use
    /// is in this nib.
    private func addColorStorages(
        _ root: ArchivedObject, context: UIKitContext, save: (ArchivedObject) -> Void
    ) throws(CompileError) -> Bool {
        let topLevel = Set(context.topLevel.map(ObjectIdentifier.init))
        // Each use in this nib, by the top-level element it is in.
        var byTop: [(top: SourceElement, object: ArchivedObject, uses: [ColorUse])] = []
        var reached: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
        func reaches(_ top: ArchivedObject, _ object: ArchivedObject) -> Bool {
            if reached[ObjectIdentifier(top)] == nil {
                reached[ObjectIdentifier(top)] = Set(Self.reachable(from: top).map(ObjectIdentifier.init))
            }
            return reached[ObjectIdentifier(top)]?.contains(ObjectIdentifier(object)) ?? false
        }
        for use in colorUses {
            // The outermost top-level object holding the owner (a storyboard's view nib lists
            // the controller too, as an upstream placeholder).
            guard let id = use.owner["id"], let owner = context.objectsByID[id],
                let (top, topObject) = (use.ancestors + [use.owner]).lazy.compactMap({
                    element -> (SourceElement, ArchivedObject)? in
                    guard let object = element["id"].flatMap({ context.objectsByID[$0] }),
                        topLevel.contains(ObjectIdentifier(object)), reaches(object, owner)
                    else { return nil }
                    return (element, object)
                }).first
            else { continue }
            if let index = byTop.firstIndex(where: { $0.top === top }) {
                byTop[index].uses.append(use)
            } else {
                byTop.append((top, topObject, [use]))
            }
        }
        guard !byTop.isEmpty else { return false }
        var lists = root.object(forKey: "UINibTraitStorageListsKey")?.referencedObjects ?? []
        var added: [ArchivedObject] = []
        for (top, topObject, uses) in byTop {
            var storagesByOwner: [ObjectIdentifier: [ArchivedObject]] = [:]
            for use in uses {
                guard let id = use.owner["id"], let owner = context.objectsByID[id] else { continue }
                let fallback = try ColorRule.color(use.recorded, in: context)
                for keyPath in use.keyPaths {
                    storagesByOwner[ObjectIdentifier(owner), default: []].append(
                        Self.colorStorage(object: owner, keyPath: keyPath, asset: use.asset, fallback: fallback))
                }
                placed.insert(ObjectIdentifier(use.element))
            }
            if let list = lists.first(where: { $0.object(forKey: "UITopLevelObject") === topObject }) {
                let existing = list.object(forKey: "UITraitStorages")?.referencedObjects ?? []
                save(list)
                list.replace(
                    "UITraitStorages",
                    .object(
                        .collection(
                            "NSArray",
                            Self.ordered(
                                top: top, colors: storagesByOwner, existing: existing, context: context))))
            } else {
                let list = ArchivedObject("_UITraitStorageList")
                list.set("UITopLevelObject", topObject)
                list.set(
                    "UITraitStorages",
                    .object(
                        .collection(
                            "NSArray", Self.ordered(top: top, colors: storagesByOwner, existing: [], context: context)))
                )
                list.set("UIDescendants", .object(.collection("NSSet", [])))
                added.append(list)
            }
        }
        lists += added
        save(root)
        root.replace("UINibTraitStorageListsKey", .object(.collection("NSArray", lists)))
        return true
    }

    /// The storages of one list: depth first from `top`, each object's colors, then the
    /// storages it already had (its own, its constraints'), then its children's; storages
    /// whose object is not found last, in their order.
    private static func ordered(
        top: SourceElement, colors: [ObjectIdentifier: [ArchivedObject]], existing: [ArchivedObject],
        context: UIKitContext
    ) -> [ArchivedObject] {
        // The element that owns each existing storage: its object's, or for a constraint the
        // view whose `<constraints>` hold it.
        var elementsByObject: [ObjectIdentifier: SourceElement] = [:]
        for element in [top] + top.descendants {
            guard let id = element["id"], let object = context.objectsByID[id] else { continue }
            var owner = element
            if element.name == "constraint", let view = element.parent?.parent { owner = view }
            if elementsByObject[ObjectIdentifier(object)] == nil { elementsByObject[ObjectIdentifier(object)] = owner }
        }
        var existingByOwner: [ObjectIdentifier: [ArchivedObject]] = [:]
        var unowned: [ArchivedObject] = []
        for storage in existing {
            if let object = storage.object(forKey: "UIObject"), let owner = elementsByObject[ObjectIdentifier(object)] {
                existingByOwner[ObjectIdentifier(owner), default: []].append(storage)
            } else {
                unowned.append(storage)
            }
        }
        var result: [ArchivedObject] = []
        func visit(_ element: SourceElement) {
            if let id = element["id"], let object = context.objectsByID[id] {
                result += colors[ObjectIdentifier(object)] ?? []
            }
            result += existingByOwner[ObjectIdentifier(element)] ?? []
            for child in element.children { visit(child) }
        }
        visit(top)
        return result + unowned
    }

    /// One `_UIColorAttributeTraitStorage`.
    private static func colorStorage(object: ArchivedObject, keyPath: String, asset: String, fallback: ArchivedObject)
        -> ArchivedObject
    {
        let wrapper = ArchivedObject("_UICoreUICatalogColorWrapper")
        wrapper.set("UIAssetName", .object(.string(asset)))
        wrapper.set("UIAssetBundleID", .null)
        wrapper.set("UIFallbackColor", fallback)
        let storage = ArchivedObject("_UIColorAttributeTraitStorage")
        storage.set("UIObject", object)
        storage.set("UIKeyPath", .object(.string(keyPath)))
        storage.set("UIRecords", .object(.collection("NSMutableArray", [])))
        storage.set("UINamedColor", wrapper)
        return storage
    }

    /// Every object reachable from `start`, `start` first.
    static func reachable(from start: ArchivedObject) -> [ArchivedObject] {
        var seen: Set<ObjectIdentifier> = []
        var result: [ArchivedObject] = []
        var pending = [start]
        while let object = pending.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            result.append(object)
            pending += object.referencedObjects.reversed()
        }
        return result
    }

    /// Whether two values are the same bytes.
    private static func equal(_ lhs: ArchivedObject.Value, _ rhs: ArchivedObject.Value) -> Bool {
        if case .data(let a) = lhs, case .data(let b) = rhs { return a == b }
        return false
    }
}
