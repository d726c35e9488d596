import Foundation
import KeyedArchive
import NibArchive

extension NibDecompiler {
    /// Decompiles a `.storyboardc` into a `.storyboard`: `nibs` are its nib files (name, such as
    /// `UIViewController-BYZ-38-t0r.nib`, and archive), `infoPlist` its `Info.plist` (the entry
    /// point and the storyboard identifiers), when it has one.
    ///
    /// Each scene nib becomes a `<scene>` with its controller, whose view comes from the view nib
    /// it names (`UINibName`); segue templates become `<segue>`s on the control that triggers them
    /// or on the controller.
    ///
    /// - Throws: ``DecompileError`` when a nib is not a UIKit nib.
    public func decompileStoryboard(nibs: [(name: String, archive: NibArchive)], infoPlist: [UInt8]?)
        throws(DecompileError) -> Result
    {
        var readers: [String: DecompileReader] = [:]
        // A directory nib inside the storyboard (`X.nib/runtime.nib`, `X.nib/objects-14.0+.nib`)
        // counts once, as its newest variant (``NibVariantChoice``).
        let variants = NibVariantChoice(names: nibs.map(\.name))
        let chosen = Set(variants.chosen)
        for (position, (name, archive)) in nibs.enumerated() {
            let reader = DecompileReader(archive)
            guard reader.has(0, "UINibTopLevelObjectsKey") else {
                // An AppKit storyboard: not decompiled yet beyond its document.
                guard reader.has(0, "IB.objectdata") || reader.className(0) == "NSIBObjectData" else {
                    throw DecompileError(message: "\(name) is neither a UIKit nor an AppKit nib")
                }
                var readers: [String: DecompileReader] = [:]
                for (name, archive) in nibs {
                    readers[name.hasSuffix(".nib") ? String(name.dropLast(4)) : name] = DecompileReader(archive)
                }
                var entryPoint: String?
                if let infoPlist, let plist = try? PropertyList(parsing: infoPlist),
                    case .dictionary(let entries) = plist
                {
                    for entry in entries where entry.key == "NSStoryboardDesignatedEntryPointIdentifier" {
                        if case .string(let name) = entry.value { entryPoint = name }
                    }
                }
                return AppKitStoryboardDecompilation(nibs: readers, entryPoint: entryPoint).run()
            }
            guard chosen.contains(position) else { continue }
            let stem = name.split(separator: "/", omittingEmptySubsequences: true).first.map(String.init) ?? name
            readers[stem.hasSuffix(".nib") ? String(stem.dropLast(4)) : stem] = reader
        }
        var entryPoint: String?
        var references: [String: (storyboard: String, identifier: String?)] = [:]
        if let infoPlist, let plist = try? PropertyList(parsing: infoPlist),
            case .dictionary(let entries) = plist
        {
            for entry in entries {
                switch (entry.key, entry.value) {
                case ("UIStoryboardDesignatedEntryPointIdentifier", .string(let name)): entryPoint = name
                case ("UIViewControllerIdentifiersToExternalStoryboardReferences", .dictionary(let scenes)):
                    // StoryboardCompiler's storyboard references: scene name → the storyboard
                    // and, when the reference names one, the controller's identifier.
                    for scene in scenes {
                        guard case .dictionary(let fields) = scene.value else { continue }
                        var storyboard: String?
                        var identifier: String?
                        for field in fields {
                            guard case .string(let text) = field.value else { continue }
                            if field.key == "UIReferencedStoryboardName" { storyboard = text }
                            if field.key == "UIReferencedControllerIdentifier" { identifier = text }
                        }
                        if let storyboard { references[scene.key] = (storyboard, identifier) }
                    }
                default: break
                }
            }
        }
        var result = StoryboardDecompilation(nibs: readers, entryPoint: entryPoint, references: references).run()
        if let deployment = variants.deployment {
            result.document = NibVariantChoice.asking(result.document, for: deployment)
        }
        return result
    }
}

/// A `.storyboardc` → `.storyboard` (``StoryboardCompiler`` read backwards).
final class StoryboardDecompilation {
    let nibs: [String: DecompileReader]
    let entryPoint: String?
    let shared = DecompileShared()
    private var salt = 0
    private var era = XcodeEra(13)
    private var localizable = false
    /// Each controller with its root view's size, for ``previewDevice()``.
    private var rootViews: [(controller: DecompiledElement, width: Double, height: Double)] = []
    /// The navigation bars' tints before Xcode 13, which the document's global tint gives.
    private var barTints: [DecompiledElement] = []
    /// Whether every root view placed has its own tint (the document's global tint reaches the
    /// root views without one: ``StoryboardCompiler``).
    private var rootViewsTinted = true
    /// (salt, index) of the controllers made into scenes: a container that holds itself is met once.
    private var visitedControllers: Set<[Int]> = []

    /// Controller elements by ``StoryboardCompiler/controllers`` read backwards.
    static let controllerElements: [String: String] = {
        var names: [String: String] = [:]
        for (element, className) in StoryboardCompiler.controllers { names[className] = element }
        return names
    }()
    /// Segue kinds by template class (``SegueRule/templateClasses`` read backwards, then the
    /// kinds the compiler does not model yet).
    static let segueKinds: [String: String] = {
        var kinds: [String: String] = [
            "UIStoryboardPresentationSegueTemplate": "presentation", "UIStoryboardModalSegueTemplate": "modal",
            "UIStoryboardEmbedSegueTemplate": "embed",
            "UIStoryboardPopoverPresentationSegueTemplate": "popoverPresentation",
            "UIStoryboardShowDetailSegueTemplate": "showDetail", "UIStoryboardReplaceSegueTemplate": "replace",
        ]
        // Kinds that share a class are told apart by what the template holds (``segueKind(_:_:)``);
        // the first in name order stands for the rest, so that every run writes the same document.
        for (kind, className) in SegueRule.templateClasses.sorted(by: { $0.key < $1.key }) where kinds[className] == nil
        {
            kinds[className] = kind
        }
        return kinds
    }()

    static let transitionStyles = DecompileState.inverted(SegueRule.transitionStyles)
    static let presentationStyles = DecompileState.inverted(SegueRule.presentationStyles)

    /// The kind of segue template `index`: by its class, a show template by the action it
    /// names (``SegueRule``: `showViewController:sender:` or `showDetailViewController:sender:`).
    static func segueKind(_ reader: DecompileReader, _ index: Int) -> String? {
        let templateClass = reader.className(index)
        if templateClass == SegueRule.templateClasses["showDetail"],
            reader.string(index, "UIActionName") == "showDetailViewController:sender:"
        {
            return "showDetail"
        }
        return segueKinds[templateClass]
    }

    /// The storyboard references `Info.plist` names: scene nib → storyboard and controller identifier.
    let references: [String: (storyboard: String, identifier: String?)]

    init(
        nibs: [String: DecompileReader], entryPoint: String?,
        references: [String: (storyboard: String, identifier: String?)] = [:]
    ) {
        self.nibs = nibs
        self.entryPoint = entryPoint
        self.references = references
    }

    private func next() -> Int {
        salt += 1
        return salt
    }

    func run() -> NibDecompiler.Result {
        // The newest Xcode any nib shows, but an Xcode before 13 when any nib lists its own
        // objects before the placeholders (``XcodeEra/listsPlaceholdersFirst``).
        let eras = nibs.values.map { UIKitDecompilation.inferredEra($0, inStoryboard: true) }
        era = eras.max() ?? XcodeEra(13)
        if eras.contains(XcodeEra(12)), era > XcodeEra(12) { era = XcodeEra(12) }
        // A view nib is named `<controller id>-view-<view id>` and holds no controller; a scene
        // nib named after a storyboard identifier may contain "-view-" too (Firebase's
        // card-view-vc and modal-view-vc).
        let viewNibs = Set(
            nibs.filter { name, reader in name.contains("-view-") && Self.controller(in: reader) == nil }.keys)
        let sceneNames = nibs.keys.filter { !viewNibs.contains($0) }.sorted()
        // Controller ids: from the view nib the controller names (`<controller id>-view-<view id>`),
        // else from the scene nib's name (`<class>-<controller id>`), else made up.
        var controllerIDs: [String: String] = [:]
        let registry = DecompileState(reader: DecompileReader(entries: []), shared: shared, salt: next())
        for (position, name) in sceneNames.enumerated() {
            guard let reader = nibs[name] else { continue }
            var id: String?
            if let controller = Self.controller(in: reader), let viewNib = reader.string(controller, "UINibName"),
                let range = viewNib.range(of: "-view-")
            {
                id = String(viewNib[..<range.lowerBound])
            } else if let dash = name.firstIndex(of: "-"),
                name[..<dash].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            {
                id = String(name[name.index(after: dash)...])
            }
            let chosen = id.flatMap { shared.usedIDs.contains($0) ? nil : $0 } ?? registry.id(position + 100_000)
            shared.usedIDs.insert(chosen)
            controllerIDs[name] = chosen
        }
        // Segue destinations the input lacks (a storyboard missing some of its nibs): the segue
        // is kept, leading to a stand-in scene named as the destination, so that the compiler
        // writes the template again; a view nib whose scene nib is missing stands for it.
        var standIns: [(name: String, id: String)] = []
        let destinations = Set(
            nibs.values.flatMap { reader in
                reader.entries.indices.compactMap { reader.string($0, "UIDestinationViewControllerIdentifier") }
            })
        for destination in destinations.sorted() where !destination.isEmpty && controllerIDs[destination] == nil {
            let dash = destination.firstIndex(of: "-")
            let named = dash.map { String(destination[destination.index(after: $0)...]) }
            if let named, destination.hasPrefix("UIViewController-"),
                viewNibs.contains(where: { $0.hasPrefix(named + "-view-") })
            {
                controllerIDs[destination] = named
                continue
            }
            let fromName =
                named.flatMap { id in
                    dash.map { destination[..<$0] }.map { StoryboardCompiler.controllers.values.contains(String($0)) }
                        == true ? id : nil
                }
            let id =
                fromName.flatMap { shared.usedIDs.contains($0) ? nil : $0 }
                ?? registry.id(controllerIDs.count + standIns.count + 200_000)
            shared.usedIDs.insert(id)
            controllerIDs[destination] = id
            standIns.append((destination, id))
        }
        let scenes = DecompiledElement("scenes")
        var initial: String?
        for name in sceneNames {
            guard let reader = nibs[name], let controllerID = controllerIDs[name] else { continue }
            if name == entryPoint { initial = controllerID }
            for made in sceneElements(
                name: name, reader: reader, controllerID: controllerID, controllerIDs: controllerIDs)
            {
                scenes.append(made)
            }
        }
        // Without an Info.plist, the entry point is the scene nothing else reaches: the first
        // scene named after its class and id (no storyboard identifier) that no segue leads to.
        if entryPoint == nil {
            let destinations = Set(
                nibs.values.flatMap { reader in
                    reader.entries.indices.compactMap { reader.string($0, "UIDestinationViewControllerIdentifier") }
                })
            let candidates = sceneNames.filter { name in
                !destinations.contains(name) && name.contains("-")
                    && nibs[name].flatMap { Self.controller(in: $0) }.map {
                        nibs[name]?.has($0, "UIStoryboardIdentifier") == false
                    }
                        == true
            }
            // From Xcode 11 a controller without a custom class is swapped only when it is the
            // initial one or has an identifier (``StoryboardCompiler/swapsPlainController(_:era:)``):
            // such a swapped controller is the entry point. (Without one, the first candidate, as
            // before: a plain one then is swapped, but the scenes it leads to are kept.)
            func isSelfSwapped(_ name: String) -> Bool {
                guard let reader = nibs[name], let controller = Self.controller(in: reader),
                    reader.className(controller) == "UIClassSwapper",
                    let swapped = reader.string(controller, "UIClassName")
                else { return false }
                return swapped == reader.string(controller, "UIOriginalClassName") && swapped.hasPrefix("UI")
            }
            let chosen =
                era >= XcodeEra(11)
                ? candidates.first(where: isSelfSwapped) ?? candidates.first
                : candidates.first
            initial = chosen.flatMap { controllerIDs[$0] }
        }
        // View nibs no scene nib names (a container's child, or a scene nib missing): each gets
        // a scene of its own, a plain controller with the id the nib's name gives.
        var named: Set<String> = []
        // Every controller a scene nib archives names its view nib (containers' children too,
        // nested ones included).
        for name in sceneNames {
            guard let reader = nibs[name] else { continue }
            for index in reader.entries.indices {
                if let viewNib = reader.string(index, "UINibName") { named.insert(viewNib) }
            }
        }
        for name in viewNibs.sorted() where !named.contains(name) {
            guard let range = name.range(of: "-view-") else { continue }
            let controllerID = String(name[..<range.lowerBound])
            scenes.append(orphanScene(viewNib: name, controllerID: controllerID))
        }
        for (name, id) in standIns { scenes.append(standInScene(name: name, controllerID: id)) }
        let device = previewDevice()
        let document = shared.uiKitDocument(
            type: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB", era: era, device: device)
        if let initial { document.set("initialViewController", initial) }
        document.append(scenes)
        // One tint for every bar, and no root view the global tint would give a tint it lacks.
        if let tint = barTints.first, rootViewsTinted,
            barTints.allSatisfy({ $0.attributes.elementsEqual(tint.attributes, by: { $0 == $1 }) })
        {
            document.append(tint)
        } else if !barTints.isEmpty {
            shared.unmapped["navigation bar tint", default: 0] += 1
        }
        if let screen = shared.simulatedScreen(era: era) { document.append(screen) }
        if let resources = shared.resources() { document.append(resources) }
        return NibDecompiler.Result(
            document: document.document(), xcode: era, isBaseLocalized: localizable, unmapped: shared.unmapped)
    }

    /// The device the document previews, for Xcode 13 and later, whose compiler archives each
    /// controller's root view at the previewed screen size unless the controller has a freeform
    /// size (``StoryboardCompiler/screenFrame(for:)``): the device whose screen (portrait or
    /// landscape) most root views have; every root view of another size gets its size as the
    /// controller's freeform size, so that the compiler gives it back. `nil`: the default device.
    private func previewDevice() -> (id: String, landscape: Bool)? {
        guard era >= XcodeEra(13), !rootViews.isEmpty else { return nil }
        var counts: [String: (count: Int, landscape: Bool)] = [:]
        for (_, width, height) in rootViews {
            for (id, screen) in StoryboardCompiler.deviceScreens.sorted(by: { $0.key < $1.key }) {
                if screen.width == width, screen.height == height {
                    counts[id, default: (0, false)].count += 1
                } else if screen.height == width, screen.width == height {
                    counts[id + " landscape", default: (0, true)].count += 1
                }
            }
        }
        let best = counts.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.first
        let id = best.map { $0.value.landscape ? String($0.key.dropLast(" landscape".count)) : $0.key } ?? "retina6_1"
        let landscape = best?.value.landscape ?? false
        guard let screen = StoryboardCompiler.deviceScreens[id] else { return nil }
        let size = landscape ? (screen.height, screen.width) : (screen.width, screen.height)
        for (controller, width, height) in rootViews where (width, height) != size {
            controller.append(
                DecompiledElement(
                    "size", [("key", "freeformSize"), ("width", Self.number(width)), ("height", Self.number(height))]))
            controller.orderChildren([
                "layoutGuides", "view", "tableView", "collectionView", "tabBarItem", "navigationItem", "size",
                "connections",
            ])
        }
        return (id, landscape)
    }

    /// A number as Interface Builder writes it (`375`, `43.5`).
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A scene for a view nib without its scene nib: a view controller with the id and a
    /// storyboard identifier (so that the compiler archives it), and the view.
    /// A scene for a segue destination the input lacks: a view controller whose storyboard
    /// identifier is the destination's scene nib name (the compiler names the scene nib after
    /// it, as the segue templates name it), without a view, with a comment.
    private func standInScene(name: String, controllerID: String) -> DecompiledElement {
        let state = DecompileState(reader: DecompileReader(entries: []), shared: shared, salt: next())
        let scene = DecompiledElement("scene", [("sceneID", state.id(1_000_000))])
        let objects = scene.child("objects")
        let controller = DecompiledElement(
            "viewController",
            [("id", controllerID), ("storyboardIdentifier", name), ("sceneMemberID", "viewController")])
        controller.append(
            state.lost(
                "segue destination not in the input", "the scene nib \(name) a segue leads to (not in the input)"))
        objects.append(controller)
        objects.append(Self.firstResponder(id: state.id(1_000_001)))
        return scene
    }

    private func orphanScene(viewNib: String, controllerID: String) -> DecompiledElement {
        let state = DecompileState(reader: DecompileReader(entries: []), shared: shared, salt: next())
        let scene = DecompiledElement("scene", [("sceneID", state.id(1_000_000))])
        let objects = scene.child("objects")
        let controller = DecompiledElement(
            "viewController",
            [
                ("id", controllerID), ("storyboardIdentifier", "UIViewController-" + controllerID),
                ("sceneMemberID", "viewController"),
            ])
        controller.append(
            state.lost("view nib without its scene nib", "the scene nib of view nib \(viewNib) (not in the input)"))
        objects.append(controller)
        let firstResponder = Self.firstResponder(id: state.id(1_000_001))
        objects.append(firstResponder)
        var externals: [String: DecompiledElement] = [:]
        if let name = nibs[viewNib].flatMap({ Self.controllerPlaceholder(in: $0) }) { externals[name] = controller }
        placeView(
            viewNib, controller: controller, firstResponder: firstResponder, objects: objects, externals: externals)
        controller.orderChildren([
            "layoutGuides", "view", "tableView", "collectionView", "tabBarItem", "navigationItem", "connections",
        ])
        return scene
    }

    /// The upstream placeholder of a view nib that stands for its controller, when the scene
    /// nib that would say so is missing: ``StoryboardCompiler`` reaches the controller from its
    /// view nib through an upstream placeholder, and a segue's trigger through another (the
    /// destination of a `perform:` action); the one placeholder left is the controller's.
    static func controllerPlaceholder(in reader: DecompileReader) -> String? {
        let proxies = reader.elements(0, "UINibTopLevelObjectsKey").filter { index in
            reader.className(index) == "UIProxyObject"
                && reader.string(index, "UIProxiedObjectIdentifier")?.hasPrefix("UpstreamPlaceholder-") == true
        }
        var triggers: Set<Int> = []
        for connection in reader.elements(0, "UINibConnectionsKey")
        where reader.className(connection) == "UIRuntimeEventConnection"
            && reader.string(connection, "UILabel") == "perform:"
        {
            if let destination = reader.reference(connection, "UIDestination") { triggers.insert(destination) }
        }
        let candidates = proxies.filter { !triggers.contains($0) }
        guard candidates.count == 1, let only = candidates.first else { return nil }
        return reader.string(only, "UIProxiedObjectIdentifier")
    }

    /// Decodes view nib `name` into `controller` (its first top-level view as `<view key="view">`,
    /// layout guides) and `objects` (its other top-level objects); returns the segue templates
    /// that a control triggers.
    private func placeView(
        _ name: String, controller: DecompiledElement, firstResponder: DecompiledElement, objects: DecompiledElement,
        externals: [String: DecompiledElement]
    ) {
        guard let viewReader = nibs[name] else { return }
        let view = UIKitDecompilation(reader: viewReader, shared: shared, salt: next())
        view.era = era
        view.inStoryboard = true
        view.externalElements = externals
        view.externalElements["IBFilesOwner"] = controller
        view.externalElements["IBFirstResponder"] = firstResponder
        if let range = name.range(of: "-view-") {
            view.assignRootViewID(String(name[range.upperBound...]))
        }
        let made = view.decodeObjects()
        if view.localizable { localizable = true }
        var placedView = false
        for element in made {
            if !placedView, view.topLevelViews.contains(where: { $0.element === element }) {
                element.set("key", "view")
                controller.append(element)
                placedView = true
                if !element.children.contains(where: { $0.name == "color" && $0["key"] == "tintColor" }) {
                    rootViewsTinted = false
                }
                let frame = element.children.first { $0.name == "rect" && $0["key"] == "frame" }
                if let width = frame?["width"].flatMap(Double.init), let height = frame?["height"].flatMap(Double.init)
                {
                    rootViews.append((controller, width, height))
                }
            } else {
                objects.append(element)
            }
        }
        if !view.layoutGuides.isEmpty {
            let guides = DecompiledElement("layoutGuides")
            for (guide, type) in view.layoutGuides {
                guides.append(DecompiledElement("viewControllerLayoutGuide", [("type", type), ("id", view.id(guide))]))
            }
            controller.append(guides)
        }
    }

    /// `<navigationItem key="navigationItem">` (``NavigationRule/item(_:bar:context:resources:items:)``
    /// read backwards): its title and large title mode; bar button items are kept as comments.
    private func navigationItem(_ index: Int, state: UIKitDecompilation) -> DecompiledElement {
        let reader = state.reader
        let element = DecompiledElement("navigationItem", [("key", "navigationItem")])
        state.register(element, for: index)
        // The bar is its container's (NavigationRule.item writes it from the scene).
        var used: Set<String> = ["UILargeTitleDisplayMode", "UINavigationBar"]
        // The iOS 16 SDK's empty center item groups are the compiler's (XcodeEra.writesCenterItemGroups).
        if state.era.writesCenterItemGroups, reader.elements(index, "UICenterItemGroups").isEmpty {
            used.insert("UICenterItemGroups")
        }
        if let title = reader.string(index, "UITitle") {
            used.insert("UITitle")
            element.set("title", title)
        }
        // Bar button items: the back item, then each side's list (its first item is archived
        // again on its own: NavigationRule.item).
        if let back = reader.reference(index, "UIBackBarButtonItem"),
            let made = state.barButtonItem(back, key: "backBarButtonItem")
        {
            used.insert("UIBackBarButtonItem")
            element.append(made)
        }
        for side in ["left", "right"] {
            let listKey = side == "left" ? "UILeftBarButtonItems" : "UIRightBarButtonItems"
            let singleKey = side == "left" ? "UILeftBarButtonItem" : "UIRightBarButtonItem"
            var items = reader.elements(index, listKey)
            if items.isEmpty, let single = reader.reference(index, singleKey) { items = [single] }
            guard !items.isEmpty, reader.reference(index, singleKey) == items.first else { continue }
            if items.count == 1, let made = state.barButtonItem(items[0], key: side + "BarButtonItem") {
                used.formUnion([listKey, singleKey])
                element.append(made)
                continue
            }
            let list = DecompiledElement(side + "BarButtonItems")
            let made = items.compactMap { state.barButtonItem($0, key: nil) }
            guard made.count == items.count else { continue }
            for item in made { list.append(item) }
            used.formUnion([listKey, singleKey])
            element.append(list)
        }
        let modes = DecompileState.inverted(["automatic": 0, "always": 1, "never": 2])
        if let mode = reader.integer(index, "UILargeTitleDisplayMode"), mode != 0 {
            element.set("largeTitleDisplayMode", modes[mode] ?? "automatic")
        }
        element.set("id", state.id(index))
        for (key, payload) in reader.values(index) where !used.contains(key) {
            element.append(state.lost("UINavigationItem.\(key)", "\(key) (\(payload))"))
        }
        return element
    }

    /// The scene nib's controller: its top-level object that is a view controller.
    static func controller(in reader: DecompileReader) -> Int? {
        reader.elements(0, "UINibTopLevelObjectsKey").first { index in
            let className =
                reader.className(index) == "UIClassSwapper"
                ? reader.string(index, "UIOriginalClassName") ?? "" : reader.className(index)
            return ClassHierarchy.isKind(className, of: "UIViewController")
        }
    }

    /// The scene of scene nib `name`'s controller (or of `given`, a container's child in the same
    /// nib, with the container's `givenState`), then the scenes of its children.
    private func sceneElements(
        name: String, reader: DecompileReader, controllerID: String, controllerIDs: [String: String],
        index given: Int? = nil, state givenState: UIKitDecompilation? = nil
    ) -> [DecompiledElement] {
        let state = givenState ?? UIKitDecompilation(reader: reader, shared: shared, salt: next())
        state.era = era
        state.inStoryboard = true
        // The scene nib's localizable strings name their objects' ids (navigation items, bar
        // button items, titles), as a view nib's do.
        if givenState == nil {
            state.assignLocalizationIDs()
            if state.localizable { localizable = true }
        }
        // Ids of the scene and its First Responder: a container's children share its state, so
        // each child's pair is its own (before, a child's scene could take its container's
        // First Responder id, and every child repeated that id).
        let sceneIndex = 1_000_000 + 2 * (given ?? 0)
        let scene = DecompiledElement("scene", [("sceneID", state.id(sceneIndex))])
        let objects = scene.child("objects")
        if given == nil, let reference = references[name] {
            return [storyboardReference(reference, reader: reader, state: state, id: controllerID, scene: scene)]
        }
        guard let index = given ?? Self.controller(in: reader), visitedControllers.insert([state.salt, index]).inserted
        else {
            objects.append(state.lost("scene without a view controller", "the scene nib \(name) without a controller"))
            return [scene]
        }
        // Reserved for this controller when the scenes were named: `assign` would refuse it.
        state.ids[index] = controllerID
        var extra: [DecompiledElement] = []
        var used: Set<String> = ["UIParentViewController"]
        let swapped = reader.className(index) == "UIClassSwapper"
        let className =
            swapped ? reader.string(index, "UIOriginalClassName") ?? "UIViewController" : reader.className(index)
        // A controller class whose element is not named after it (GLKViewController:
        // `<glkViewController>`, alboxer2000 smash-hit's scene nib GLKViewController-<id>).
        let elementName =
            Self.controllerElements[className]
            ?? ClassHierarchy.uiKitElementClasses.first { $0.value == className && $0.key.hasSuffix("Controller") }?.key
            ?? (ClassHierarchy.superclasses[className] != nil && className.hasPrefix("UI")
                ? UIKitDecompilation.elementName(className) : "viewController")
        let controller = DecompiledElement(elementName)
        controller.set("id", controllerID)
        if swapped {
            used.formUnion(["UIClassName", "UIOriginalClassName"])
            if let custom = reader.string(index, "UIClassName"), custom != className {
                let (plain, module) = DecompileState.demangled(custom)
                controller.set("customClass", plain)
                if let module { controller.set("customModule", module) }
            }
        }
        if let identifier = reader.string(index, "UIStoryboardIdentifier") {
            used.insert("UIStoryboardIdentifier")
            controller.set("storyboardIdentifier", identifier)
            if reader.string(index, "UIRestorationIdentifier") == identifier {
                used.insert("UIRestorationIdentifier")
                controller.set("useStoryboardIdentifierAsRestorationIdentifier", "YES")
            }
        }
        if let title = reader.string(index, "UITitle") {
            used.insert("UITitle")
            controller.set("title", title)
        }
        if reader.flag(index, "UIAutoresizesArchivedViewToFullSize") == false {
            used.formUnion([
                "UIAutoresizesArchivedViewToFullSize", "UIContentSizeForViewInPopover", "UIPreferredContentSize",
            ])
            controller.set("autoresizesArchivedViewToFullSize", "NO")
        }
        if reader.integer(index, "UIKeyAutomaticallyAdjustsScrollViewInsets") == 0 {
            used.insert("UIKeyAutomaticallyAdjustsScrollViewInsets")
            controller.set("automaticallyAdjustsScrollViewInsets", "NO")
        }
        if let clears = reader.flag(index, "UIClearsSelectionOnViewWillAppear") {
            used.insert("UIClearsSelectionOnViewWillAppear")
            if !clears { controller.set("clearsSelectionOnViewWillAppear", "NO") }
        }
        // Presentation and layout flags (StoryboardCompiler.encodeLayoutFlags, encodeModalStyles).
        for (key, attribute) in [
            ("UIHidesBottomBarWhenPushed", "hidesBottomBarWhenPushed"),
            ("UIDefinesPresentationContext", "definesPresentationContext"),
        ] where reader.flag(index, key) == true {
            used.insert(key)
            controller.set(attribute, "YES")
        }
        if reader.integer(index, "UIKeyExtendedLayoutIncludesOpaqueBars") == 1 {
            used.insert("UIKeyExtendedLayoutIncludesOpaqueBars")
            controller.set("extendedLayoutIncludesOpaqueBars", "YES")
        }
        for (key, attribute, table) in [
            ("UIModalTransitionStyle", "modalTransitionStyle", Self.transitionStyles),
            ("UIModalPresentationStyle", "modalPresentationStyle", Self.presentationStyles),
        ] {
            if let code = reader.integer(index, key), let name = table[code] {
                used.insert(key)
                controller.set(attribute, name)
            }
        }
        if let bits = reader.integer(index, "UIKeyEdgesForExtendedLayout") {
            used.insert("UIKeyEdgesForExtendedLayout")
            let edges = DecompiledElement("extendedEdge", [("key", "edgesForExtendedLayout")])
            for (name, bit) in [("top", 1), ("left", 2), ("bottom", 4), ("right", 8)] where bits & bit != 0 {
                edges.set(name, "YES")
            }
            controller.append(edges)
        }
        // The items a navigation controller's toolbar shows for this controller.
        let toolbarItems = reader.elements(index, "UIToolbarItems")
        let madeToolbarItems = toolbarItems.compactMap { state.barButtonItem($0, key: nil) }
        if !toolbarItems.isEmpty, madeToolbarItems.count == toolbarItems.count {
            used.insert("UIToolbarItems")
            let list = DecompiledElement("toolbarItems")
            for item in madeToolbarItems { list.append(item) }
            controller.append(list)
        }
        if let item = reader.reference(index, "UITabBarItem"), let made = state.tabBarItem(item) {
            used.insert("UITabBarItem")
            controller.append(made)
        }
        if let item = reader.reference(index, "UINavigationItem"), reader.className(item) == "UINavigationItem" {
            used.insert("UINavigationItem")
            controller.append(navigationItem(item, state: state))
        }
        controller.set("sceneMemberID", "viewController")
        state.register(controller, for: index)
        objects.append(controller)
        let firstResponder = Self.firstResponder(id: state.id(sceneIndex + 1))
        objects.append(firstResponder)

        // A container's child archived in this nib: the relationship segue to it, and its scene
        // (unless it has a scene nib of its own: a storyboard identifier).
        func relate(_ child: Int, _ relationship: String) {
            let childID = Self.controllerID(reader, child) ?? state.id(child)
            controller.child("connections").append(
                DecompiledElement(
                    "segue",
                    [
                        ("destination", childID), ("kind", "relationship"), ("relationship", relationship),
                        ("id", state.id(UIKitDecompilation.syntheticBase + child)),
                    ]))
            if !controllerIDs.contains(where: { $0.key != name && $0.value == childID }) {
                extra += sceneElements(
                    name: name, reader: reader, controllerID: childID, controllerIDs: controllerIDs, index: child,
                    state: state)
            }
        }
        // A navigation controller: its bar, and its root controller (archived in this nib) as a
        // scene of its own that a relationship segue leads to (StoryboardCompiler's containers).
        if ClassHierarchy.isKind(className, of: "UINavigationController") {
            used.formUnion(["UIViewControllers", "UIChildViewControllers", "UINavigationBar"])
            // StoryboardCompiler: a hidden bar's flag after the bar.
            if reader.flag(index, "UINavigationBarHidden") == true {
                used.insert("UINavigationBarHidden")
                controller.set("navigationBarHidden", "YES")
            }
            if let bar = reader.reference(index, "UINavigationBar") {
                controller.append(navigationBar(bar, state: state))
            }
            // Its toolbar (StoryboardCompiler.navigationToolbar), shown or not.
            if let toolbar = reader.reference(index, "UIToolbar"), let made = state.decodeView(toolbar) {
                used.formUnion(["UIToolbar", "UIToolbarShown"])
                made.setKey("toolbar")
                controller.append(made)
                if reader.flag(index, "UIToolbarShown") == true { controller.set("toolbarHidden", "NO") }
            }
            for child in reader.elements(index, "UIViewControllers") { relate(child, "rootViewController") }
        }
        // A tab bar controller: its bar and its children (archived in this nib), each a scene of
        // its own that a viewControllers relationship segue leads to (TabBarRule, StoryboardCompiler).
        if ClassHierarchy.isKind(className, of: "UITabBarController") {
            used.formUnion(["UIViewControllers", "UIChildViewControllers", "UITabBar", "UICustomizableViewControllers"])
            if let bar = reader.reference(index, "UITabBar") { controller.append(tabBar(bar, state: state)) }
            for child in reader.elements(index, "UIViewControllers") { relate(child, "viewControllers") }
        }
        // A split view controller: its master and detail (archived in this nib), each a scene of
        // its own that a relationship segue leads to (StoryboardCompiler's containers).
        if ClassHierarchy.isKind(className, of: "UISplitViewController") {
            used.insert("UIChildViewControllers")
            if reader.integer(index, "UISplitViewControllerPrimaryEdge") == 0 {
                used.insert("UISplitViewControllerPrimaryEdge")
            }
            let relationships = StoryboardCompiler.containerRelationships["splitViewController"] ?? []
            for (position, child) in reader.elements(index, "UIChildViewControllers").enumerated() {
                guard position < relationships.count else {
                    let childID = Self.controllerID(reader, child) ?? state.id(child)
                    controller.child("connections").append(
                        state.lost("split view child", "the split view controller's child \(childID)"))
                    continue
                }
                relate(child, relationships[position])
            }
        }
        // Segue templates: by template object, for the view nib's triggers.
        used.insert("UIStoryboardSegueTemplates")
        var segues: [Int: DecompiledElement] = [:]
        var segueOrder: [Int] = []
        for template in reader.elements(index, "UIStoryboardSegueTemplates") {
            let templateClass = reader.className(template)
            let destinationName = reader.string(template, "UIDestinationViewControllerIdentifier") ?? ""
            guard let kind = Self.segueKind(reader, template), let destination = controllerIDs[destinationName] else {
                controller.child("connections").append(
                    state.lost("segue \(templateClass)", "the \(templateClass) to \(destinationName)"))
                continue
            }
            let segue = DecompiledElement("segue", [("destination", destination), ("kind", kind)])
            if let identifier = reader.string(template, "UIIdentifier") { segue.set("identifier", identifier) }
            segueAttributes(template, kind: kind, reader: reader, into: segue)
            segue.set("id", state.id(template))
            segues[template] = segue
            segueOrder.append(template)
        }
        // Scene members (gesture recognizers, custom objects, views: StoryboardCompiler's
        // sceneMember) before the view nib, which refers to them: those the controller keeps
        // alive, else the nib's other top-level objects no other controller claimed.
        var members: [Int: DecompiledElement] = [:]
        let keptAlive = reader.elements(index, "UITopLevelObjectsToKeepAliveFromStoryboard")
        let keptByOthers: Set<Int> =
            keptAlive.isEmpty
            ? Set(
                reader.entries.indices.filter { $0 != index }.flatMap {
                    reader.elements($0, "UITopLevelObjectsToKeepAliveFromStoryboard")
                }) : []
        for other in keptAlive.isEmpty ? reader.elements(0, "UINibTopLevelObjectsKey") : keptAlive where other != index
        {
            if reader.className(other) == "UIProxyObject" || state.hasElement(other) { continue }
            // The scene's container or children, which are scenes of their own.
            if ClassHierarchy.isKind(UIKitDecompilation.actualClass(reader, other), of: "UIViewController") { continue }
            // Members another controller of the nib keeps alive are that controller's.
            if keptByOthers.contains(other) { continue }
            if let member = state.gestureRecognizer(other) ?? state.customObject(other) ?? state.decodeView(other) {
                members[other] = member
                objects.append(member)
            } else {
                objects.append(
                    state.lost(
                        "scene member \(reader.className(other))",
                        "the scene member \(reader.className(other)) \(other)"))
            }
        }
        used.insert("UITopLevelObjectsToKeepAliveFromStoryboard")
        // The view nib.
        used.formUnion(["UINibName", "UIExternalObjectsTableForViewLoading"])
        var triggered: Set<Int> = []
        if let viewNibName = reader.string(index, "UINibName"), nibs[viewNibName] != nil {
            var externals: [String: DecompiledElement] = [:]
            if let table = reader.reference(index, "UIExternalObjectsTableForViewLoading") {
                for (key, target) in reader.pairs(at: table) {
                    guard let placeholder = reader.string(at: key) else { continue }
                    if target == index {
                        externals[placeholder] = controller
                    } else if let member = members[target] {
                        externals[placeholder] = member
                    } else if let segue = segues[target] {
                        externals[placeholder] = segue
                        triggered.insert(target)
                    }
                }
            }
            placeView(
                viewNibName, controller: controller, firstResponder: firstResponder, objects: objects,
                externals: externals)
        } else if let viewNibName = reader.string(index, "UINibName") {
            controller.append(
                state.lost("missing view nib", "the view nib \(viewNibName), missing from the storyboard,"))
            // A stand-in root view with the view nib's id (`<controller id>-view-<view id>`), so
            // that the compiler names the view nib again and writes the table of its
            // placeholders; what the view held is not known.
            if let range = viewNibName.range(of: "-view-"), viewNibName[..<range.lowerBound] == controllerID {
                let element =
                    ClassHierarchy.isKind(className, of: "UITableViewController")
                    ? "tableView"
                    : ClassHierarchy.isKind(className, of: "UICollectionViewController") ? "collectionView" : "view"
                let view = DecompiledElement(
                    element,
                    [
                        ("key", "view"), ("contentMode", "scaleToFill"),
                        ("id", String(viewNibName[range.upperBound...])),
                    ])
                view.append(
                    DecompiledElement(
                        "autoresizingMask",
                        [("key", "autoresizingMask"), ("widthSizable", "YES"), ("heightSizable", "YES")]))
                controller.append(view)
            }
        }
        // A template the view nib names but places on no trigger (a popover segue whose
        // placeholder only names its anchor view) is the controller's.
        for template in segueOrder {
            guard let segue = segues[template],
                !triggered.contains(template) || !shared.placedSegues.contains(ObjectIdentifier(segue))
            else { continue }
            controller.child("connections").append(segue)
        }
        controller.orderChildren([
            "layoutGuides", "view", "tableView", "collectionView", "toolbarItems", "tabBarItem", "navigationItem",
            "connections",
        ])
        for (key, payload) in reader.values(index) where !used.contains(key) {
            controller.append(state.lost("\(className).\(key)", "\(key) (\(payload))"))
        }
        // The scene nib's own connections and runtime attributes, once its controllers (a
        // container's children too) and their items have elements.
        if givenState == nil { state.connectScene() }
        return [scene] + extra
    }

    /// A presentation segue's `animates` and modal styles, a custom segue's class, a popover
    /// segue's arrow directions (``SegueRule/template(_:destination:fileName:diagnostics:module:)``
    /// read backwards).
    private func segueAttributes(_ template: Int, kind: String, reader: DecompileReader, into segue: DecompiledElement)
    {
        switch kind {
        case "presentation", "modal":
            for (key, attribute, table) in [
                ("UIModalPresentationStyle", "modalPresentationStyle", Self.presentationStyles),
                ("UIModalTransitionStyle", "modalTransitionStyle", Self.transitionStyles),
            ] {
                if let code = reader.integer(template, key), let name = table[code] { segue.set(attribute, name) }
            }
            if reader.flag(template, "UIAnimates") == false { segue.set("animates", "NO") }
        case "custom":
            if let custom = reader.string(template, "UISegueClassName") {
                let (plain, module) = DecompileState.demangled(custom)
                segue.set("customClass", plain)
                if let module { segue.set("customModule", module) }
            }
        case "popoverPresentation":
            if let bits = reader.integer(template, "UIPermittedArrowDirections"), bits != 15 {
                let arrows = DecompiledElement("popoverArrowDirection", [("key", "popoverArrowDirection")])
                for (name, bit) in [("up", 1), ("down", 2), ("left", 4), ("right", 8)] where bits & bit != 0 {
                    arrows.set(name, "YES")
                }
                segue.append(arrows)
            }
        default:
            break
        }
    }

    /// The keys ``NavigationRule/bar(_:controller:context:)`` writes for every bar, from no
    /// attribute of the document.
    static let impliedBarKeys: Set<String> = [
        "UIBounds", "UICenter", "UIDeepDrawRect", "UIAutoresizeSubviews", "UIAutoresizingMask",
        "UIViewInsetsLayoutMarginsFromSafeArea",
        "UIViewSemanticContentAttribute", "UIViewLayoutMargins", "UIDelegate", "UIBarPosition", "UIBarTranslucence",
        "UIOpaque", "UIViewLargeContentStoredProperties", "UIItems", "UITintColor",
    ]

    /// `<navigationBar key="navigationBar">`: its frame, priorities, large titles, colors and
    /// text attributes; what the bar rule does not write is kept as comments.
    private func navigationBar(_ index: Int, state: UIKitDecompilation) -> DecompiledElement {
        let reader = state.reader
        let bar = DecompiledElement("navigationBar", [("key", "navigationBar"), ("contentMode", "scaleToFill")])
        var used = Self.impliedBarKeys
        // NavigationRule.setPriorities: hugging other than the default (always archived), and
        // both compression resistance priorities whenever the key is archived, for the rule
        // writes it only when the document gives one (Umarovm's "{750, 750}").
        if let hugging = state.priorities(reader.string(index, "UIViewContentHuggingPriority")) {
            used.insert("UIViewContentHuggingPriority")
            if hugging != (250, 250) {
                bar.set("horizontalHuggingPriority", Self.number(hugging.0))
                bar.set("verticalHuggingPriority", Self.number(hugging.1))
            }
        }
        if let resistance = state.priorities(reader.string(index, "UIViewContentCompressionResistancePriority")) {
            used.insert("UIViewContentCompressionResistancePriority")
            bar.set("horizontalCompressionResistancePriority", Self.number(resistance.0))
            bar.set("verticalCompressionResistancePriority", Self.number(resistance.1))
        }
        // The lock Xcode 15 adds (XcodeEra.locksNavigationBars); a hidden bar, as any view.
        if state.era.locksNavigationBars, reader.flag(index, "UIIsLocked") == true { used.insert("UIIsLocked") }
        if reader.flag(index, "UIHidden") == true {
            used.insert("UIHidden")
            bar.set("hidden", "YES")
        }
        // NavigationRule.modernBar: the margins flag as on any view; an opaque bar is not
        // translucent (UIBarTranslucence 2, UIOpaque).
        if reader.integer(index, "UIViewInsetsLayoutMarginsFromSafeArea") == 0 {
            bar.set("insetsLayoutMarginsFromSafeArea", "NO")
        }
        let modern = NavigationRule.writesModernBar(state.era)
        if modern, reader.integer(index, "UIBarTranslucence") == 2 {
            used.insert("UIOpaque")
            bar.set("translucent", "NO")
        }
        if reader.flag(index, "UIBarPrefersLargeTitles") == true {
            used.insert("UIBarPrefersLargeTitles")
            bar.set("largeTitles", "YES")
        }
        bar.set("id", state.id(index))
        if let frame = state.frame(index) { bar.append(frame) }
        bar.append(DecompiledElement("autoresizingMask", [("key", "autoresizingMask")]))
        if modern, let background = state.color(reader.reference(index, "UIBackgroundColor"), key: "backgroundColor") {
            used.insert("UIBackgroundColor")
            bar.append(background)
        }
        if let tint = state.color(reader.reference(index, "UITintColor"), key: "tintColor") {
            // Before Xcode 13 a bar's tint is the document's global tint (NavigationRule.bar).
            if state.era >= XcodeEra(13) { bar.append(tint) } else { barTints.append(tint) }
        }
        // Interface Builder's order: the title's attributes, then the large title's.
        if modern {
            for (key, name) in [
                ("UITitleTextAttributes", "titleTextAttributes"),
                ("UIBarLargeTitleTextAttributes", "largeTitleTextAttributes"),
            ] {
                guard let attributes = reader.reference(index, key),
                    let made = textAttributes(attributes, key: name, state: state)
                else { continue }
                used.insert(key)
                bar.append(made)
            }
        }
        for (key, payload) in reader.values(index) where !used.contains(key) {
            bar.append(state.lost("UINavigationBar.\(key)", "\(key) (\(payload))"))
        }
        return bar
    }

    /// `<textAttributes key=…>` from a bar's text attributes dictionary
    /// (NavigationRule.textAttributes read backwards): `NSFont` → the font description, then
    /// `NSColor` → `<color key="textColor">`, in Interface Builder's order; nil when the
    /// dictionary holds anything else or an unreadable value.
    private func textAttributes(_ index: Int, key: String, state: UIKitDecompilation) -> DecompiledElement? {
        let reader = state.reader
        var font: DecompiledElement?
        var color: DecompiledElement?
        for (name, value) in reader.pairs(at: index) {
            switch reader.string(at: name) {
            case "NSColor"? where color == nil:
                guard let made = state.color(value, key: "textColor") else { return nil }
                color = made
            case "NSFont"? where font == nil:
                guard let made = state.font(value, key: "fontDescription") else { return nil }
                font = made
            default: return nil
            }
        }
        guard font != nil || color != nil else { return nil }
        let made = DecompiledElement("textAttributes", [("key", key)])
        for child in [font, color].compactMap({ $0 }) { made.append(child) }
        return made
    }

    /// A storyboard reference's scene (``StoryboardCompiler``'s reference nib read backwards):
    /// `<viewControllerPlaceholder>` with the storyboard and identifier `Info.plist` names, and
    /// the navigation item the nib lists, then First Responder.
    private func storyboardReference(
        _ reference: (storyboard: String, identifier: String?), reader: DecompileReader, state: UIKitDecompilation,
        id: String, scene: DecompiledElement
    ) -> DecompiledElement {
        let objects = scene.child("objects")
        let element = DecompiledElement("viewControllerPlaceholder", [("storyboardName", reference.storyboard)])
        if let identifier = reference.identifier { element.set("referencedIdentifier", identifier) }
        element.set("id", id)
        element.set("sceneMemberID", "viewController")
        if let placeholder = reader.elements(0, "UINibTopLevelObjectsKey").first(where: {
            reader.className($0) == "UIStoryboardViewControllerPlaceholder"
        }) {
            state.ids[placeholder] = id
            state.register(element, for: placeholder)
        } else {
            element.append(state.lost("storyboard reference without its placeholder", "the reference scene \(id)"))
        }
        if let item = reader.entries.indices.first(where: { reader.className($0) == "UINavigationItem" }) {
            element.append(navigationItem(item, state: state))
        }
        objects.append(element)
        objects.append(Self.firstResponder(id: state.id(1_000_001)))
        return scene
    }

    /// The keys ``TabBarRule/bar(_:controller:context:)`` writes for every bar, from no
    /// attribute of the document.
    static let impliedTabBarKeys: Set<String> = [
        "UIBounds", "UICenter", "UIOpaque", "UIAutoresizeSubviews", "UIAutoresizingMask",
        "UIViewContentHuggingPriority",
        "UIViewSemanticContentAttribute", "UIDelegate", "UIBarTranslucence", "UIItems", "UIDeepDrawRect",
        "UIViewLargeContentStoredProperties",
    ]

    /// `<tabBar key="tabBar">` (``TabBarRule/bar(_:controller:context:)`` read backwards): its
    /// origin and height (the rule sets the width by Xcode), custom class, margins flag, mask
    /// and background; the items are the children's.
    private func tabBar(_ index: Int, state: UIKitDecompilation) -> DecompiledElement {
        let reader = state.reader
        let bar = DecompiledElement("tabBar", [("key", "tabBar"), ("contentMode", "scaleToFill")])
        var used = Self.impliedTabBarKeys
        if state.setCustomClass(index, on: bar) { used.formUnion(["UIClassName", "UIOriginalClassName"]) }
        if reader.integer(index, "UIViewInsetsLayoutMarginsFromSafeArea") == 0 {
            used.insert("UIViewInsetsLayoutMarginsFromSafeArea")
            bar.set("insetsLayoutMarginsFromSafeArea", "NO")
        }
        bar.set("id", state.id(index))
        if let frame = state.frame(index) { bar.append(frame) }
        let mask = DecompiledElement("autoresizingMask", [("key", "autoresizingMask")])
        let bits = reader.integer(index, "UIAutoresizingMask") ?? 0
        for (name, bit) in AutoresizingRule.bits where bits & bit != 0 {
            mask.set(name, "YES")
        }
        bar.append(mask)
        if let background = state.color(reader.reference(index, "UIBackgroundColor"), key: "backgroundColor") {
            used.insert("UIBackgroundColor")
            bar.append(background)
        }
        for (key, payload) in reader.values(index) where !used.contains(key) {
            bar.append(state.lost("UITabBar.\(key)", "\(key) (\(payload))"))
        }
        return bar
    }

    /// A scene's First Responder placeholder.
    static func firstResponder(id: String) -> DecompiledElement {
        DecompiledElement(
            "placeholder",
            [("placeholderIdentifier", "IBFirstResponder"), ("id", id), ("sceneMemberID", "firstResponder")])
    }

    /// A controller's id from the view nib it names (`<controller id>-view-<view id>`).
    static func controllerID(_ reader: DecompileReader, _ controller: Int) -> String? {
        guard let viewNib = reader.string(controller, "UINibName"), let range = viewNib.range(of: "-view-") else {
            return nil
        }
        return String(viewNib[..<range.lowerBound])
    }
}
