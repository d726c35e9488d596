import Foundation

/// `.storyboard` (macOS) → `.storyboardc`, laid out as ibtool lays it out (learned from the
/// `sb_*` pairs):
///
/// | Scene | Output |
/// |---|---|
/// | `<application>` | `MainMenu.nib`: the application (`NSCustomObject` `NSApplication` with `IBMainMenu`) and its main menu |
/// | `<windowController>` | `<storyboardIdentifier>.nib`, or `NSWindowController-<id>.nib`: the controller (`NSWindowController`, or a class swapper from `IBNSWindowController`) with `IBWindowTemplate`, the content view controller of its `window.shadowedContentViewController` relationship (`IBWindowTemplateContentViewController`, also set as the window's `contentViewController` runtime attribute), a `storyboard` outlet from each controller to its own `NSStoryboardPlaceholder`, `window` and `sceneController` outlets |
/// | that content controller's view | `<controller id>-view-<view id>.nib`: File's Owner stands for the controller (its `view` outlet); the controller's other connections come from an `UpstreamPlaceholder-1` external object, which the scene nib maps to the controller in `NSExternalObjectsTableForViewLoading` |
/// | the document | `Info.plist`: `NSStoryboardMainMenu`, window controller (and `MainMenu`) identifiers → nib names and → UUIDs, the entry point, `NSStoryboardVersion` 1 |
///
/// Every nib also lists an `NSApplication` custom object. ibtool's UUIDs
/// (`uniqueIdentifierForStoryboardCompilation`, `NSViewControllerIdentifiersToUUIDs`) are random
/// on every compile; this compiler derives version-4-shaped ones from the controller ids, so
/// its output is reproducible.
struct AppKitStoryboardCompiler {
    let document: SourceDocument
    /// The folder holding Apple's ICC profiles (``NibCompiler/Options/colorProfiles``).
    var colorProfiles: URL?

    /// The scene members of the document.
    private struct Scenes {
        var controllers: [SourceElement] = []
        var byID: [String: SourceElement] = [:]
        var firstResponders: Set<String> = ["-1"]
        /// The objects of each scene beside its controller, by the controller's id.
        var members: [String: [SourceElement]] = [:]
    }

    func compile() throws(CompileError) -> [String: [UInt8]] {
        let scenes = try readScenes()
        var files: [String: [UInt8]] = [:]
        var nibNames: [String: String] = [:]
        var uuids: [String: String] = [:]
        var identifiersByID: [String: String] = [:]
        var contentControllers: Set<String> = []
        for controller in scenes.controllers where controller.name == "windowController" {
            if let destination = try contentRelationship(of: controller)?["destination"] {
                contentControllers.insert(destination)
            }
        }
        for controller in scenes.controllers {
            let id = controller["id"] ?? ""
            switch controller.name {
            case "application":
                files["MainMenu.nib"] = try mainMenuNib(controller, scenes: scenes)
                nibNames["MainMenu"] = "MainMenu"
            case "windowController":
                let identifier = try OutputFileName.checked(
                    controller["storyboardIdentifier"] ?? "NSWindowController-\(id)", suffix: ".nib",
                    what: controller["storyboardIdentifier"] == nil ? "controller id" : "storyboard identifier",
                    element: controller, file: document.fileName)
                let compiled = try document.diagnostics.compilingScene(
                    of: controller, in: document.fileName, into: &files
                ) { files throws(CompileError) in
                    for (name, bytes) in try windowControllerNibs(controller, identifier: identifier, scenes: scenes) {
                        files[name] = bytes
                    }
                }
                guard compiled else { continue }
                identifiersByID[id] = identifier
                nibNames[identifier] = identifier
                uuids[identifier] = Self.uuid(for: id)
            case "viewController" where contentControllers.contains(id):
                // Archived in its window controller's scene nib, its view in a nib of its own.
                break
            case "controllerPlaceholder":
                // A storyboard reference stands for a scene of another storyboard.
                try document.diagnostics.recover(
                    error(
                        .unsupportedElement, controller,
                        "<controllerPlaceholder> (a storyboard reference) is not modelled; segues to it are left out"))
            default:
                // A view controller scene of its own (or a tab or split view controller, archived
                // as a view controller of its class).
                let identifier = try OutputFileName.checked(
                    controller["storyboardIdentifier"] ?? "NSViewController-\(id)", suffix: ".nib",
                    what: controller["storyboardIdentifier"] == nil ? "controller id" : "storyboard identifier",
                    element: controller, file: document.fileName)
                let compiled = try document.diagnostics.compilingScene(
                    of: controller, in: document.fileName, into: &files
                ) { files throws(CompileError) in
                    for (name, bytes) in try viewControllerSceneNibs(controller, identifier: identifier, scenes: scenes)
                    {
                        files[name] = bytes
                    }
                }
                guard compiled else { continue }
                identifiersByID[id] = identifier
                nibNames[identifier] = identifier
                uuids[identifier] = Self.uuid(for: id)
            }
        }
        var info: [String: StoryboardInfo.Value] = [
            "NSStoryboardMainMenu": .string("MainMenu"), "NSViewControllerIdentifiersToNibNames": .strings(nibNames),
            "NSViewControllerIdentifiersToUUIDs": .strings(uuids), "NSStoryboardVersion": .integer(1),
        ]
        if let initial = document.root["initialViewController"] {
            if let identifier = identifiersByID[initial] {
                info["NSStoryboardDesignatedEntryPointIdentifier"] = .string(identifier)
            } else {
                try document.diagnostics.recover(
                    error(
                        .unsupportedAttribute, document.root,
                        "the initial controller \"\(initial)\" has no scene nib of its own; the storyboard has no entry point"
                    ))
            }
        }
        files["Info.plist"] = try StoryboardInfo.plist(info, fileName: document.fileName)
        return files
    }

    // MARK: Scenes

    private func readScenes() throws(CompileError) -> Scenes {
        guard let sceneList = document.root.child("scenes") else {
            throw error(.invalidSource, document.root, "the storyboard has no <scenes>")
        }
        var scenes = Scenes()
        for scene in sceneList.children {
            guard scene.name == "scene", let objects = scene.child("objects") else {
                throw error(.invalidSource, scene, "a storyboard scene needs <objects>")
            }
            let controllerID = objects.children.first { $0["sceneMemberID"] == "viewController" }?["id"]
            for object in objects.children {
                switch object["sceneMemberID"] {
                case "viewController":
                    scenes.controllers.append(object)
                    if let id = object["id"] { scenes.byID[id] = object }
                case "firstResponder":
                    if let id = object["id"] { scenes.firstResponders.insert(id) }
                default:
                    // An object beside the controller (the application's delegate, a user
                    // defaults controller, a menu): archived with the controller's nib.
                    guard let controllerID else {
                        try document.diagnostics.recover(
                            error(
                                .unsupportedElement, object,
                                "<\(object.name)> in a scene without a controller is not modelled; left out"))
                        continue
                    }
                    scenes.members[controllerID, default: []].append(object)
                }
            }
        }
        return scenes
    }

    /// The `window.shadowedContentViewController` relationship segue of a window controller.
    private func contentRelationship(of controller: SourceElement) throws(CompileError) -> SourceElement? {
        var relationship: SourceElement?
        for connection in controller.child("connections")?.children ?? [] {
            guard connection.name == "segue", connection["kind"] == "relationship",
                connection["relationship"] == "window.shadowedContentViewController"
            else {
                // Outlets and actions of the window controller are scheduled with the scene.
                if connection.name == "segue" {
                    try document.diagnostics.recover(
                        error(
                            .unsupportedElement, connection,
                            "window controller segues other than the content relationship are not modelled; left out"))
                }
                continue
            }
            relationship = connection
        }
        return relationship
    }

    // MARK: Nibs

    /// A context for one nib, with its File's Owner (`NSCustomObject` `NSObject`).
    private func nibContext(_ scenes: Scenes) -> (AppKitContext, AppKitViewEncoder, ArchivedObject) {
        let context = AppKitXibCompiler.makeContext(for: document, colorProfiles: colorProfiles)
        context.firstResponderIDs = scenes.firstResponders
        context.isStoryboard = true
        let owner = ArchivedObject("NSCustomObject")
        owner.set("NSClassName", .string("NSObject"))
        let views = AppKitViewEncoder(context: context, usesAutolayout: document.root.flag("useAutolayout"))
        return (context, views, owner)
    }

    /// Finishes a nib: the `NSApplication` object every storyboard nib lists, connections of
    /// the given elements, deferred work, serialization.
    private func finish(
        _ context: AppKitContext, owner: ArchivedObject, connectionsOf elements: [SourceElement], name: String
    ) throws(CompileError) -> [UInt8] {
        let application = ArchivedObject("NSCustomObject")
        application.set("NSClassName", .string("NSApplication"))
        context.track(application, id: nil, parent: owner)
        try AppKitConnectionRule.scheduleAll(in: elements, context: context)
        try context.resolve()
        let root = context.makeRoot(owner: owner)
        context.finish(root)
        return try NibCompiler.serialize(root, fileName: name, fallbacks: [:])
    }

    private func mainMenuNib(_ application: SourceElement, scenes: Scenes) throws(CompileError) -> [UInt8] {
        let (context, _, owner) = nibContext(scenes)
        for name in application.attributes.keys where !["id", "sceneMemberID"].contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, application, "attribute \(name) on an application is not modelled")
        }
        let object = ArchivedObject("NSCustomObject")
        context.track(object, id: application["id"], parent: owner)
        var menus: [SourceElement] = []
        for child in application.children {
            switch (child.name, child["key"]) {
            case ("menu", "mainMenu"):
                let menu = try MenuRule.menu(child, parent: owner, context: context)
                object.set("IBMainMenu", menu)
                menus.append(child)
            case ("connections", _): break
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> in an application is not modelled")
            }
        }
        object.set("NSClassName", .string("NSApplication"))
        let members = try archiveMembers(of: application, scenes: scenes, owner: owner, context: context)
        let elements = [application] + (menus + members).flatMap { [$0] + $0.descendants }
        return try finish(context, owner: owner, connectionsOf: elements, name: "MainMenu.nib")
    }

    /// The window controller's scene nib and, for its content view controller, the view nib.
    private func windowControllerNibs(_ element: SourceElement, identifier: String, scenes: Scenes)
        throws(CompileError) -> [String: [UInt8]]
    {
        let (context, views, owner) = nibContext(scenes)
        let allowed: Set<String> = [
            "id", "storyboardIdentifier", "customClass", "customModule", "customModuleProvider", "sceneMemberID",
        ]
        for name in element.attributes.keys where !allowed.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a window controller is not modelled")
        }
        let controller = try Self.controllerObject(
            element, original: "IBNSWindowController", plain: "NSWindowController", context: context)
        context.track(controller, id: element["id"], parent: owner)
        guard let windowElement = element.child("window", key: "window") else {
            throw context.error(.invalidSource, element, "the window controller has no <window key=\"window\">")
        }
        for child in element.children where child !== windowElement && child.name != "connections" {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> in a window controller is not modelled")
        }
        let window = try WindowRule.window(
            windowElement, owner: controller, context: context, views: views, synthesizesContentView: true)
        controller.set("IBWindowTemplate", window)
        var files: [String: [UInt8]] = [:]
        if let relationship = try contentRelationship(of: element) {
            guard let destinationID = relationship["destination"], let content = scenes.byID[destinationID],
                content.name == "viewController"
            else {
                throw context.error(
                    .unsupportedElement, relationship, "the content relationship must lead to a <viewController>")
            }
            let (viewNibName, viewNib, usesUpstream) = try viewControllerViewNib(content, scenes: scenes)
            files[viewNibName + ".nib"] = viewNib
            let contentController = try Self.controllerObject(
                content, original: "NSViewController", plain: "NSViewController", context: context)
            context.track(contentController, id: content["id"], parent: window)
            contentController.set("NSNibName", .string(viewNibName))
            contentController.set(
                "NSExternalObjectsTableForViewLoading",
                .collection(
                    "NSMutableDictionary", usesUpstream ? [.string(Self.upstreamPlaceholder), contentController] : []))
            contentController.set("showSeguePresentationStyle", int: 0)
            contentController.set(
                "uniqueIdentifierForStoryboardCompilation", .string(Self.uuid(for: content["id"] ?? "")))
            controller.set("IBWindowTemplateContentViewController", contentController)
            context.connections.append(
                AppKitConnectionRule.outlet(
                    "storyboard", source: contentController, destination: storyboardPlaceholder(owner, context)))
            let connector = ArchivedObject("NSIBUserDefinedRuntimeAttributesConnector")
            connector.set("NSObject", window)
            connector.set("NSValues", .collection("NSArray", [contentController]))
            connector.set("NSKeyPaths", .collection("NSArray", [.string("contentViewController")]))
            context.connections.append(connector)
        }
        if let storyboardIdentifier = element["storyboardIdentifier"] {
            controller.set("explicitStoryboardIdentifier", .string(storyboardIdentifier))
        }
        connectSceneController(controller, element: element, owner: owner, context: context)
        context.connections.append(AppKitConnectionRule.outlet("window", source: controller, destination: window))
        let members = try archiveMembers(of: element, scenes: scenes, owner: owner, context: context, views: views)
        files[identifier + ".nib"] = try finish(
            context, owner: owner, connectionsOf: ([windowElement] + members).flatMap { [$0] + $0.descendants },
            name: identifier + ".nib")
        return files
    }

    /// What every scene controller carries: its presentation style and compilation UUID, the
    /// owner's `sceneController` outlet to it and its `storyboard` outlet.
    private func connectSceneController(
        _ controller: ArchivedObject, element: SourceElement, owner: ArchivedObject, context: AppKitContext
    ) {
        controller.set("showSeguePresentationStyle", int: 0)
        controller.set("uniqueIdentifierForStoryboardCompilation", .string(Self.uuid(for: element["id"] ?? "")))
        context.connections.append(
            AppKitConnectionRule.outlet("sceneController", source: owner, destination: controller))
        context.connections.append(
            AppKitConnectionRule.outlet(
                "storyboard", source: controller, destination: storyboardPlaceholder(owner, context)))
    }

    /// The scene nib of a view controller that is a scene of its own, and its view nib.
    ///
    /// No reference shows ibtool's output for one; it is archived as a window controller's
    /// scene nib archives its content view controller (owner → `sceneController` → the
    /// controller with `NSNibName`, the view nib's upstream table, `storyboard` outlet), which
    /// is how AppKit's storyboard loads any controller, with a warning.
    private func viewControllerSceneNibs(_ element: SourceElement, identifier: String, scenes: Scenes)
        throws(CompileError) -> [String: [UInt8]]
    {
        let (context, views, owner) = nibContext(scenes)
        let plain = ClassHierarchy.appKitClass(forElement: element.name)
        try context.unmodelled(
            .unsupportedElement, element,
            "no reference shows ibtool's scene nib for a <\(element.name)> of its own; archived as a window controller's content controller is"
        )
        let controller = try Self.controllerObject(element, original: plain, plain: plain, context: context)
        context.track(controller, id: element["id"], parent: owner)
        var files: [String: [UInt8]] = [:]
        if element.child("view", key: "view") != nil {
            let (viewNibName, viewNib, usesUpstream) = try viewControllerViewNib(element, scenes: scenes)
            files[viewNibName + ".nib"] = viewNib
            controller.set("NSNibName", .string(viewNibName))
            controller.set(
                "NSExternalObjectsTableForViewLoading",
                .collection("NSMutableDictionary", usesUpstream ? [.string(Self.upstreamPlaceholder), controller] : []))
        }
        connectSceneController(controller, element: element, owner: owner, context: context)
        // Without a view nib the scene's other objects go with the controller.
        let members =
            element.child("view", key: "view") == nil
            ? try archiveMembers(of: element, scenes: scenes, owner: owner, context: context, views: views) : []
        files[identifier + ".nib"] = try finish(
            context, owner: owner, connectionsOf: members.flatMap { [$0] + $0.descendants }, name: identifier + ".nib")
        return files
    }

    /// The view nib of a content view controller: its name, bytes, and whether the controller
    /// is reached through the upstream placeholder (it has connections of its own).
    private func viewControllerViewNib(_ element: SourceElement, scenes: Scenes) throws(CompileError) -> (
        String, [UInt8], Bool
    ) {
        let (context, views, owner) = nibContext(scenes)
        let allowed: Set<String> = ["id", "customClass", "customModule", "customModuleProvider", "sceneMemberID"]
        for name in element.attributes.keys where !allowed.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a view controller is not modelled")
        }
        guard let viewElement = element.child("view", key: "view"), let viewID = viewElement["id"] else {
            throw context.error(.invalidSource, element, "the view controller has no <view key=\"view\"> with an id")
        }
        for child in element.children where child !== viewElement && child.name != "connections" {
            try context.unmodelled(.unsupportedElement, child, "<\(child.name)> in a view controller is not modelled")
        }
        let controllerID = element["id"] ?? ""
        let name = try OutputFileName.checked(
            "\(controllerID)-view-\(viewID)", suffix: ".nib", what: "controller and view ids", element: viewElement,
            file: document.fileName)
        let view = try views.view(viewElement, superview: nil, parent: owner)
        context.connections.append(AppKitConnectionRule.outlet("view", source: owner, destination: view))
        let referencesController = viewElement.descendants.contains { descendant in
            descendant.parent?.name == "connections"
                && (descendant["destination"] == controllerID || descendant["target"] == controllerID)
        }
        let usesUpstream = element.child("connections") != nil || referencesController
        if usesUpstream {
            let placeholder = ArchivedObject("NSNibExternalObjectPlaceholder")
            placeholder.set("NSExternalObjectPlaceholderIdentifier", .string(Self.upstreamPlaceholder))
            context.track(placeholder, id: controllerID, parent: owner)
        }
        let members = try archiveMembers(of: element, scenes: scenes, owner: owner, context: context, views: views)
        let bytes = try finish(
            context, owner: owner,
            connectionsOf: [element] + ([viewElement] + members).flatMap { [$0] + $0.descendants }, name: name + ".nib")
        return (name, bytes, usesUpstream)
    }

    // MARK: Objects

    /// Archives the objects of `controller`'s scene beside it (custom objects such as the
    /// application's delegate, user defaults controllers, menus, array controllers, views) as
    /// top-level objects of the nib being built, with AppKit xibs' rules for top-level objects
    /// (``AppKitXibCompiler/compileTopLevel(_:owner:ownerClass:direct:views:)``), and returns
    /// them so that their connections are archived with that nib.
    ///
    /// No compiled AppKit storyboard of the corpus shows a scene member (the `sb_*` pairs have
    /// none), so the place is chosen by what loads them: the application's scene nib
    /// (`MainMenu.nib`), a window controller's scene nib, and for a view controller its view
    /// nib, whose top-level objects `NSViewController` keeps and whose views bind and connect to
    /// them. Each scene with members says so in a warning. Custom objects are instantiated directly, as the
    /// scene's controllers are (class swappers in `sb_swift_wc`, `sb_tv_customclass`).
    private func archiveMembers(
        of controller: SourceElement, scenes: Scenes, owner: ArchivedObject, context: AppKitContext,
        views: AppKitViewEncoder? = nil
    ) throws(CompileError) -> [SourceElement] {
        let members = scenes.members[controller["id"] ?? ""] ?? []
        guard let first = members.first else { return [] }
        let views = views ?? AppKitViewEncoder(context: context, usesAutolayout: document.root.flag("useAutolayout"))
        let place = controller.name == "viewController" ? "the view controller's view nib" : "the scene nib"
        var kinds: [String] = []
        for member in members where !kinds.contains("<\(member.name)>") { kinds.append("<\(member.name)>") }
        try context.unmodelled(
            .unsupportedElement, first,
            "no compiled AppKit storyboard shows objects beside a scene's controller; this scene's "
                + "\(kinds.joined(separator: ", ")) archived as a xib's top-level objects in \(place)")
        var archived: [SourceElement] = []
        for member in members {
            // A view of any class (a stack view, a visual effect view) is archived as a xib's
            // top-level `<customView>` is: a view without a superview, File's Owner its parent.
            if ClassHierarchy.isKind(ClassHierarchy.appKitClass(forElement: member.name), of: "NSView", appKit: true) {
                _ = try views.view(member, superview: nil, parent: owner)
                archived.append(member)
                continue
            }
            let compiled: Void? = try context.attempt(member) { () throws(CompileError) in
                try AppKitXibCompiler.compileTopLevel(
                    member, owner: owner, ownerClass: "NSObject", direct: true, views: views)
            }
            if compiled == nil {
                try AppKitXibCompiler.placeholderObject(
                    member, owner: owner, context: context,
                    warn: !context.diagnostics.lastWarning(saysUnmodelled: member), because: "could not be compiled")
            }
            archived.append(member)
        }
        return archived
    }

    /// The identifier under which a view nib finds its controller.
    static let upstreamPlaceholder = "UpstreamPlaceholder-1"

    /// A controller: a class swapper from `original` when it has a custom class, else `plain`.
    private static func controllerObject(
        _ element: SourceElement, original: String, plain: String, context: AppKitContext
    ) throws(CompileError) -> ArchivedObject {
        guard let custom = element["customClass"] else { return ArchivedObject(plain) }
        let (module, needsTarget) = SwiftClassName.module(of: element, target: context.module)
        if needsTarget {
            try context.unmodelled(
                .unsupportedAttribute, element, "customModuleProvider=\"target\" needs the module name: pass --module")
        }
        let swapper = ArchivedObject("NSClassSwapper")
        swapper.set("NSClassName", .string(module.map { SwiftClassName.mangled(custom, module: $0) } ?? custom))
        swapper.set("NSOriginalClassName", .string(original))
        return swapper
    }

    /// A fresh `NSStoryboardPlaceholder` external object (ibtool makes one per controller).
    private func storyboardPlaceholder(_ owner: ArchivedObject, _ context: AppKitContext) -> ArchivedObject {
        let placeholder = ArchivedObject("NSNibExternalObjectPlaceholder")
        placeholder.set("NSExternalObjectPlaceholderIdentifier", .string("NSStoryboardPlaceholder"))
        context.track(placeholder, id: nil, parent: owner)
        return placeholder
    }

    /// A version-4-shaped UUID derived from `id` (ibtool's are random).
    static func uuid(for id: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
            for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }
        var bytes =
            withUnsafeBytes(of: fnv(1).bigEndian) { Array($0) } + withUnsafeBytes(of: fnv(2).bigEndian) { Array($0) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    private func error(_ code: CompileError.Code, _ element: SourceElement, _ message: String) -> CompileError {
        CompileError(
            code: code, file: document.fileName, line: element.line, column: element.column, element: element.summary,
            message: message)
    }
}
