import Foundation
import NibArchive

/// An AppKit `.storyboardc` → `.storyboard` (``AppKitStoryboardCompiler`` read backwards): the
/// `MainMenu.nib` becomes the `<application>` scene; each window controller's scene nib a
/// `<windowController>` scene with its `<window key="window">`, and its content view controller
/// (`IBWindowTemplateContentViewController`, whose `NSNibName` names its view nib
/// `<controller id>-view-<view id>`) a `<viewController>` scene joined by the
/// `window.shadowedContentViewController` relationship, its view and outlets read from the view
/// nib (the `UpstreamPlaceholder-1` external object stands for the controller). What the
/// compiler adds to every scene — the `sceneController`, `storyboard`, `window` and `view`
/// outlets, the storyboard placeholders, the window's `contentViewController` runtime attribute,
/// the `NSApplication` object, a window's placeholder content view — is left to it. A nib of
/// another shape (a view controller scene of its own, which no reference shows) is kept as a
/// comment.
final class AppKitStoryboardDecompilation {
    let nibs: [String: DecompileReader]
    let entryPoint: String?
    let shared = DecompileShared()
    private var salt = 0
    private var era = AppKitEraRule.current
    private var localizable = false

    /// `nibs`: the storyboard's nibs by name without `.nib`; `entryPoint`: the Info.plist's
    /// `NSStoryboardDesignatedEntryPointIdentifier`.
    init(nibs: [String: DecompileReader], entryPoint: String?) {
        self.nibs = nibs
        self.entryPoint = entryPoint
    }

    func run() -> NibDecompiler.Result {
        let scenes = DecompiledElement("scenes")
        var initial: String?
        var eraSeen: XcodeEra?
        let overlayScrollers = AppKitDecompilation.showsOverlayScrollers(nibs.keys.sorted().compactMap { nibs[$0] })
        for name in nibs.keys.sorted() where !name.contains("-view-") {
            guard let reader = nibs[name] else { continue }
            salt += 1
            let scene = AppKitDecompilation(reader: reader, shared: shared, salt: salt)
            scene.isStoryboard = true
            scene.overlayScrollers = overlayScrollers
            guard let made = scene.storyboardScenes(name: name, viewNibs: nibs, salt: &salt) else {
                let count = reader.entries.count
                shared.unmapped["AppKit storyboard nib", default: 0] += 1
                scenes.append(.comment("nibtool decompile: the nib \(name) (\(count) objects) has no source form"))
                continue
            }
            if eraSeen == nil { eraSeen = scene.era }
            localizable = localizable || scene.localizable
            if name == entryPoint { initial = made.controllerID }
            for element in made.scenes { scenes.append(element) }
        }
        era = eraSeen ?? AppKitEraRule.current
        let tools = AppKitDecompilation.toolsVersion(era)
        let document = DecompiledElement(
            "document",
            [
                ("type", "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB"), ("version", "3.0"),
                ("toolsVersion", tools), ("targetRuntime", "MacOSX.Cocoa"), ("propertyAccessControl", "none"),
                ("useAutolayout", "YES"),
            ])
        if let initial { document.set("initialViewController", initial) }
        document.child("dependencies").append(
            DecompiledElement("plugIn", [("identifier", "com.apple.InterfaceBuilder.CocoaPlugin"), ("version", tools)]))
        document.append(scenes)
        if let resources = shared.resources() { document.append(resources) }
        var result = NibDecompiler.Result(
            document: document.document(), xcode: era, isBaseLocalized: localizable, unmapped: shared.unmapped)
        result.overlayScrollers = overlayScrollers
        result.buildArchitecture = AppKitDecompilation.buildArchitecture(
            nibs.keys.sorted().compactMap { nibs[$0] }, era: era)
        return result
    }
}

extension AppKitDecompilation {
    /// The scenes one scene nib holds, and the id of its controller; nil for a nib of another shape.
    func storyboardScenes(name: String, viewNibs: [String: DecompileReader], salt: inout Int)
        -> (scenes: [DecompiledElement], controllerID: String)?
    {
        let (data, root, _) = prepare()
        guard let root else { return nil }
        visited.insert(root)
        let connectors = reader.elements(data, "NSConnections")
        // The owner's `sceneController` outlet names the scene's controller (``AppKitStoryboardCompiler``).
        let sceneController = connectors.first {
            reader.className($0) == "NSNibOutletConnector" && reader.reference($0, "NSSource") == root
                && reader.string($0, "NSLabel") == "sceneController"
        }
        if name == "MainMenu" { return applicationScene(connectors: connectors, root: root) }
        guard let sceneController, let controller = reader.reference(sceneController, "NSDestination") else {
            return nil
        }
        var className = reader.className(controller)
        var custom: String?
        if className == "NSClassSwapper" {
            custom = reader.string(controller, "NSClassName")
            className = reader.string(controller, "NSOriginalClassName") ?? ""
        }
        guard className == "NSWindowController" || className == "IBNSWindowController",
            let windowIndex = reader.reference(controller, "IBWindowTemplate"),
            reader.className(windowIndex) == "NSWindowTemplate"
        else { return nil }
        // The nib is named after the storyboard identifier, else `NSWindowController-<id>`.
        let prefix = "NSWindowController-"
        if name.hasPrefix(prefix) { assign(String(name.dropFirst(prefix.count)), to: controller) }
        let element = DecompiledElement("windowController")
        if let identifier = reader.string(controller, "explicitStoryboardIdentifier") {
            element.set("storyboardIdentifier", identifier)
        }
        element.set("id", id(controller))
        if let custom { setCustomClass(custom, on: element) }
        element.set("sceneMemberID", "viewController")
        elements[controller] = element
        visited.insert(controller)
        var skipped: Set<Int> = [sceneController]
        // A window of a storyboard has no content view of its own: ibtool's placeholder, an empty
        // view of the content rect's size, is the compiler's (``WindowRule``).
        if let contentView = reader.reference(windowIndex, "NSWindowView"),
            reader.className(contentView) == "NSView", reader.elements(contentView, "NSSubviews").isEmpty,
            (reader.integer(contentView, "NSvFlags") ?? 0) == 0x100
        {
            visited.insert(contentView)
        }
        let window = self.window(windowIndex)
        window.setKey("window")
        element.append(window)
        let members = sceneMembers(root: root)
        var scenes = [scene(element, members: members)]
        // The content view controller and its view nib.
        if let content = reader.reference(controller, "IBWindowTemplateContentViewController"),
            let viewScene = contentScene(content, viewNibs: viewNibs, window: windowIndex, salt: &salt)
        {
            element.child("connections").append(
                DecompiledElement(
                    "segue",
                    [
                        ("destination", viewScene.controllerID), ("kind", "relationship"),
                        ("relationship", "window.shadowedContentViewController"), ("id", freshID()),
                    ]))
            scenes.append(viewScene.scene)
            // Its `storyboard` outlet and the window's `contentViewController` attribute.
            for connector in connectors {
                if reader.className(connector) == "NSIBUserDefinedRuntimeAttributesConnector",
                    reader.reference(connector, "NSObject") == windowIndex,
                    reader.elements(connector, "NSKeyPaths").compactMap({ reader.string(at: $0) }) == [
                        "contentViewController"
                    ]
                {
                    skipped.insert(connector)
                }
            }
        }
        for connector in connectors where reader.className(connector) == "NSNibOutletConnector" {
            let label = reader.string(connector, "NSLabel")
            let destination = reader.reference(connector, "NSDestination")
            let isStoryboardOutlet =
                label == "storyboard"
                && destination.map {
                    reader.className($0) == "NSNibExternalObjectPlaceholder"
                        && reader.string($0, "NSExternalObjectPlaceholderIdentifier") == "NSStoryboardPlaceholder"
                } == true
            let isWindowOutlet =
                label == "window" && reader.reference(connector, "NSSource") == controller
                && destination == windowIndex
            if isStoryboardOutlet || isWindowOutlet { skipped.insert(connector) }
        }
        markCompilerObjects()
        connect(connectors.filter { !skipped.contains($0) })
        return (scenes, id(controller))
    }

    /// The `<application>` scene of `MainMenu.nib`: the `NSApplication` object holding
    /// `IBMainMenu`.
    func applicationScene(connectors: [Int], root: Int) -> (scenes: [DecompiledElement], controllerID: String)? {
        guard
            let application = objectOrder.first(where: {
                parents[$0] == root && reader.className($0) == "NSCustomObject"
                    && reader.string($0, "NSClassName") == "NSApplication" && reader.has($0, "IBMainMenu")
            }), let menu = reader.reference(application, "IBMainMenu"), reader.className(menu) == "NSMenu"
        else { return nil }
        let element = DecompiledElement("application", [("id", id(application)), ("sceneMemberID", "viewController")])
        elements[application] = element
        visited.insert(application)
        element.append(self.menu(menu, key: "mainMenu", depth: 0))
        keepUnread(application, known: ["NSClassName", "IBMainMenu"], in: element)
        let members = sceneMembers(root: root)
        markCompilerObjects()
        connect(connectors)
        return ([scene(element, members: members)], id(application))
    }

    /// The `<viewController>` scene of a window controller's content controller, its view from
    /// the view nib `NSNibName` names. When the storyboard lacks that nib (the corpus keeps
    /// some storyboards' nibs apart), the controller is written all the same, with an empty view
    /// of the window's content size standing for the missing one and a comment saying so
    /// (counted as `AppKit storyboard view nib missing`): the window controller's nib names only
    /// the controller and the view nib's name.
    func contentScene(_ content: Int, viewNibs: [String: DecompileReader], window: Int, salt: inout Int)
        -> (scene: DecompiledElement, controllerID: String)?
    {
        var className = reader.className(content)
        var custom: String?
        if className == "NSClassSwapper" {
            custom = reader.string(content, "NSClassName")
            className = reader.string(content, "NSOriginalClassName") ?? ""
        }
        guard className == "NSViewController", let nibName = reader.string(content, "NSNibName"),
            let separator = nibName.range(of: "-view-")
        else { return nil }
        let viewReader = viewNibs[nibName]
        let contentRect = Self.numbers(reader.string(window, "NSWindowRect")) ?? []
        guard viewReader != nil || contentRect.count == 4 else { return nil }
        let controllerID = String(nibName[..<separator.lowerBound])
        let viewID = String(nibName[separator.upperBound...])
        assign(controllerID, to: content)
        visited.insert(content)
        let element = DecompiledElement("viewController", [("id", id(content))])
        if let custom { setCustomClass(custom, on: element) }
        element.set("sceneMemberID", "viewController")
        elements[content] = element
        guard let viewReader else {
            shared.unmapped["AppKit storyboard view nib missing", default: 0] += 1
            element.append(
                .comment(
                    "nibtool decompile: the view nib \(nibName) is not in the storyboard: an empty view of the window's content size stands for it"
                ))
            let view = DecompiledElement("view", [("key", "view"), ("id", viewID)])
            view.append(Self.rect("frame", [0, 0, contentRect[2], contentRect[3]]))
            view.append(DecompiledElement("autoresizingMask", [("key", "autoresizingMask")]))
            element.append(view)
            return (scene(element), id(content))
        }
        salt += 1
        let viewNib = AppKitDecompilation(reader: viewReader, shared: shared, salt: salt)
        viewNib.isStoryboard = true
        viewNib.overlayScrollers = overlayScrollers
        guard let members = viewNib.contentView(of: element, controllerID: id(content), viewID: viewID) else {
            return nil
        }
        return (scene(element, members: members), id(content))
    }

    /// Reads a view nib into `controller`: the owner's `view` outlet is `<view key="view">`, the
    /// upstream placeholder is the controller, whose outlets and actions join its `<connections>`.
    /// Returns the scene's other members (the nib's other top-level objects), nil when the nib
    /// is of another shape.
    func contentView(of controller: DecompiledElement, controllerID: String, viewID: String) -> [DecompiledElement]? {
        let (data, root, keys) = prepare()
        guard let root else { return nil }
        visited.insert(root)
        let connectors = reader.elements(data, "NSConnections")
        guard
            let outlet = connectors.first(where: {
                reader.className($0) == "NSNibOutletConnector" && reader.reference($0, "NSSource") == root
                    && reader.string($0, "NSLabel") == "view"
            }), let view = reader.reference(outlet, "NSDestination")
        else { return nil }
        for index in keys
        where reader.className(index) == "NSNibExternalObjectPlaceholder"
            && reader.string(index, "NSExternalObjectPlaceholderIdentifier")
                == AppKitStoryboardCompiler.upstreamPlaceholder
        {
            ids[index] = controllerID
            elements[index] = controller
            visited.insert(index)
        }
        assign(viewID, to: view)
        guard let viewElement = self.view(view, key: "view", depth: 0, isContentView: true) else { return nil }
        controller.append(viewElement)
        let members = sceneMembers(root: root)
        markCompilerObjects()
        connect(connectors.filter { $0 != outlet })
        return members
    }

    /// The objects of a scene beside its controller: the nib's top-level objects no rule has read
    /// yet, other than what the compiler adds to every nib (placeholders, the `NSApplication`
    /// object), read as a xib's top-level objects are (``AppKitStoryboardCompiler`` archives
    /// them so).
    func sceneMembers(root: Int) -> [DecompiledElement] {
        objectOrder.compactMap { index in
            guard parents[index] == root, !visited.contains(index) else { return nil }
            switch reader.className(index) {
            case "NSNibExternalObjectPlaceholder": return nil
            case "NSCustomObject" where reader.string(index, "NSClassName") == "NSApplication": return nil
            default: return topLevelObject(index)
            }
        }
    }

    /// The `NSApplication` object and the storyboard placeholders every storyboard nib lists.
    func markCompilerObjects() {
        for index in objectOrder {
            let className = reader.className(index)
            if className == "NSCustomObject", reader.string(index, "NSClassName") == "NSApplication",
                !reader.has(index, "IBMainMenu")
            {
                visited.insert(index)
            }
            if className == "NSNibExternalObjectPlaceholder",
                reader.string(index, "NSExternalObjectPlaceholderIdentifier") == "NSStoryboardPlaceholder"
            {
                visited.insert(index)
            }
        }
        for index in objectOrder
        where !visited.contains(index)
            && parents[index]
                == reader.reference(
                    reader.reference(0, "IB.objectdata") ?? 0, "NSRoot")
        {
            shared.unmapped["AppKit storyboard object \(reader.className(index))", default: 0] += 1
        }
    }

    /// `<scene>` holding `controller`, the scene's First Responder and its other `members`.
    func scene(_ controller: DecompiledElement, members: [DecompiledElement] = []) -> DecompiledElement {
        let scene = DecompiledElement("scene", [("sceneID", freshID())])
        let objects = scene.child("objects")
        objects.append(controller)
        objects.append(
            DecompiledElement(
                "customObject",
                [
                    ("id", freshID()), ("userLabel", "First Responder"), ("customClass", "NSResponder"),
                    ("sceneMemberID", "firstResponder"),
                ]))
        for member in members { objects.append(member) }
        return scene
    }

    /// An id for an element no archived object stands for (scenes, segues, First Responders).
    func freshID() -> String {
        var candidate = reader.entries.count + 1_000_000
        while ids[candidate] != nil { candidate += 1 }
        return id(candidate)
    }
}
