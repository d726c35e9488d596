import Foundation

/// `.storyboard` (iOS) → `.storyboardc`: `Info.plist`, one scene nib per controller named
/// `<UIKitClass>-<controllerID>`, and one view nib per controller view named
/// `<controllerID>-view-<viewID>`.
struct StoryboardCompiler {
    let document: SourceDocument

    /// Controller elements and the UIKit class ibtool names their scene nib after.
    static let controllers: [String: String] = [
        "viewController": "UIViewController", "tableViewController": "UITableViewController",
    ]
    static let controllerAttributes: Set<String> = [
        "id", "sceneMemberID", "customClass", "customModule", "customModuleProvider", "userLabel",
        "storyboardIdentifier",
        "autoresizesArchivedViewToFullSize", "automaticallyAdjustsScrollViewInsets", "title",
        "useStoryboardIdentifierAsRestorationIdentifier", "clearsSelectionOnViewWillAppear", "separatorStyle",
        "numberOfPrototypes",
    ]

    func compile() throws(CompileError) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var identifiers: [String: String] = [:]
        var entryPoint: String?
        let resources = UIKitResources(document: document.root)
        for scenes in document.root.children(named: "scenes") {
            for scene in scenes.children(named: "scene") {
                guard let objects = scene.child("objects") else { continue }
                guard let controller = objects.children.first(where: { $0["sceneMemberID"] == "viewController" }) else {
                    throw error(.unsupportedElement, scene, "a scene without a view controller is not supported yet")
                }
                guard let uiKitClass = Self.controllers[controller.name], let controllerID = controller["id"] else {
                    throw error(.unsupportedElement, controller, "<\(controller.name)> scenes are not supported yet")
                }
                for name in controller.attributes.keys where !Self.controllerAttributes.contains(name) {
                    throw error(
                        .unsupportedAttribute, controller, "attribute \(name) on a view controller is not supported yet"
                    )
                }
                for other in objects.children where other !== controller {
                    guard other.name == "placeholder", other["placeholderIdentifier"] == "IBFirstResponder" else {
                        throw error(.unsupportedElement, other, "<\(other.name)> in a scene is not supported yet")
                    }
                }
                let firstResponderID = objects.children.first { $0["placeholderIdentifier"] == "IBFirstResponder" }?[
                    "id"]
                // A scene with a storyboard identifier is named after it.
                let sceneName = controller["storyboardIdentifier"] ?? "\(uiKitClass)-\(controllerID)"
                var viewNibName: String?
                var upstream: [String] = []
                if let view = controller.child(key: "view") {
                    let name = "\(controllerID)-view-\(view["id"] ?? "")"
                    viewNibName = name
                    let (bytes, placeholders) = try viewNib(
                        controller: controller, view: view, firstResponderID: firstResponderID, resources: resources)
                    files[name + ".nib"] = bytes
                    upstream = placeholders
                }
                files[sceneName + ".nib"] = try sceneNib(
                    controller: controller, className: uiKitClass, viewNibName: viewNibName, upstream: upstream)
                identifiers[controller["storyboardIdentifier"] ?? sceneName] = sceneName
                if document.root["initialViewController"] == controllerID { entryPoint = sceneName }
            }
        }
        var info: [String: Any] = ["UIViewControllerIdentifiersToNibNames": identifiers, "UIStoryboardVersion": 1]
        if let entryPoint { info["UIStoryboardDesignatedEntryPointIdentifier"] = entryPoint }
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
            files["Info.plist"] = [UInt8](data)
        } catch let failure {
            throw CompileError(
                code: .output, file: document.fileName, line: 0, column: 0, element: nil,
                message: "Info.plist could not be written: \(failure)")
        }
        return files
    }

    /// Storyboards saved for size classes by Interface Builder before Xcode 9 (tools version
    /// below 13000) compile each controller's root view at the 600 × 600 "any size" canvas,
    /// whatever device the document previews.
    var rootViewFrame: [Double]? {
        let tools = Double(document.root["toolsVersion"] ?? "") ?? 0
        guard document.root.flag("useTraitCollections"), tools < 13000, !document.era.keepsDeviceSizeForRootViews else {
            return nil
        }
        return [0, 0, 600, 600]
    }

    private func error(_ code: CompileError.Code, _ element: SourceElement, _ message: String) -> CompileError {
        CompileError(
            code: code, file: document.fileName, line: element.line, column: element.column, element: element.summary,
            message: message)
    }

    private func sceneNib(controller: SourceElement, className: String, viewNibName: String?, upstream: [String])
        throws(CompileError) -> [UInt8]
    {
        let context = UIKitContext(
            fileName: document.fileName, isBaseLocalized: document.isBaseLocalized, module: document.module,
            era: document.era)
        let object = ArchivedObject(className)
        object.set(
            "UIExternalObjectsTableForViewLoading",
            ArchivedObject.dictionary("NSDictionary", upstream.map { (.string($0), object) }))
        if let viewNibName { object.set("UINibName", .string(viewNibName)) }
        if let title = controller["title"] {
            object.set("UITitle", context.text(title, id: controller["id"], property: "title"))
        }
        if let identifier = controller["storyboardIdentifier"] {
            object.set("UIStoryboardIdentifier", .string(identifier))
            if controller.flag("useStoryboardIdentifierAsRestorationIdentifier") {
                object.set("UIRestorationIdentifier", .string(identifier))
            }
        }
        if controller["autoresizesArchivedViewToFullSize"] == "NO" {
            object.set("UIAutoresizesArchivedViewToFullSize", .bool(false))
            let frame = controller.child(key: "view")?.child("rect", key: "frame")
            let size = ArchivedObject.geometry([frame?.number("width") ?? 0, frame?.number("height") ?? 0])
            object.set("UIContentSizeForViewInPopover", size)
            object.set("UIPreferredContentSize", size)
        }
        if className == "UITableViewController", controller["clearsSelectionOnViewWillAppear"] != "NO" {
            object.set("UIClearsSelectionOnViewWillAppear", .bool(true))
        }
        if controller["automaticallyAdjustsScrollViewInsets"] == "NO" {
            object.set("UIKeyAutomaticallyAdjustsScrollViewInsets", int: 0)
        }
        for child in controller.children {
            switch (child.name, child["key"]) {
            case ("view", "view"), ("imageView", "view"), ("tableView", "view"), ("layoutGuides", _): break
            case ("connections", _):
                for connection in child.children where connection.name != "outlet" {
                    throw error(
                        .unsupportedElement, connection,
                        "<\(connection.name)> on a view controller is not supported yet")
                }
            case ("point", _), ("size", "freeformSize"): break
            default:
                throw error(.unsupportedElement, child, "<\(child.name)> inside a view controller is not supported yet")
            }
        }
        let controllerObject = try ClassSwapRule.wrap(object, element: controller, context: context)
        if controllerObject.className != "UIClassSwapper", context.era.swapsPlainControllers {
            controllerObject.set("UIClassName", .string(className))
            controllerObject.set("UIOriginalClassName", .string(className))
            controllerObject.swapClass("UIClassSwapper")
        }
        let owner = UIKitContext.proxy("IBFilesOwner")
        let firstResponder = UIKitContext.proxy("IBFirstResponder")
        let placeholder = UIKitContext.proxy("UIStoryboardPlaceholder")
        context.topLevel =
            context.era.listsPlaceholdersFirst
            ? [owner, firstResponder, placeholder, controllerObject]
            : [controllerObject, owner, firstResponder, placeholder]
        context.allObjects = context.topLevel
        context.addOutlet("sceneViewController", source: owner, destination: controllerObject)
        context.addOutlet("storyboard", source: controllerObject, destination: placeholder)
        return try NibCompiler.serialize(context.makeRoot(), fileName: document.fileName)
    }

    /// The view nib's bytes and the `UpstreamPlaceholder-…` names it uses for the controller.
    private func viewNib(
        controller: SourceElement, view: SourceElement, firstResponderID: String?, resources: UIKitResources
    ) throws(CompileError) -> ([UInt8], [String]) {
        let context = UIKitContext(
            fileName: document.fileName, isBaseLocalized: document.isBaseLocalized, module: document.module,
            era: document.era)
        let owner = UIKitContext.proxy("IBFilesOwner")
        let firstResponder = UIKitContext.proxy("IBFirstResponder")
        // The controller seen from its view nib is not File's Owner but an upstream placeholder,
        // which the scene nib maps back to the controller. ibtool names it with a random id;
        // here the controller's id stands in for it.
        var upstream: [(name: String, proxy: ArchivedObject)] = []
        let controllerID = controller["id"]
        context.externalObject = { id in
            guard id == controllerID else { return nil }
            let name = "UpstreamPlaceholder-\(id)"
            let proxy = UIKitContext.proxy(name)
            upstream.append((name, proxy))
            return proxy
        }
        if let firstResponderID { context.objectsByID[firstResponderID] = firstResponder }
        var guides = controller.child("layoutGuides")?.children(named: "viewControllerLayoutGuide") ?? []
        // Documents saved by Xcode 5 (tools version below 6000) list no layout guides, but every
        // auto-layout controller view still gets a top and a bottom one.
        if guides.isEmpty, document.root.flag("useAutolayout"),
            (Double(document.root["toolsVersion"] ?? "") ?? 0) < 6000
        {
            guides = ["top", "bottom"].map {
                SourceElement(
                    name: "viewControllerLayoutGuide", attributes: ["type": $0], line: controller.line,
                    column: controller.column)
            }
        }
        var guideObjects: [ArchivedObject] = []
        var guideConstraints: [ArchivedObject] = []
        let encoder = ViewEncoder(context: context, resources: resources)
        // The guides need the view object, so they are made after it and attached below.
        var pendingGuides: [(SourceElement, ArchivedObject)] = []
        for guide in guides {
            guard let type = guide["type"], type == "top" || type == "bottom" else {
                throw error(.unsupportedAttribute, guide, "layout guide type \"\(guide["type"] ?? "")\" is unknown")
            }
            let object = ArchivedObject("_UILayoutGuide")
            if let id = guide["id"] { context.objectsByID[id] = object }
            pendingGuides.append((guide, object))
            guideObjects.append(object)
        }
        let viewObject = try encoder.encode(
            view, frameOverride: rootViewFrame, extraSubviews: guideObjects, extraConstraints: [])
        // The document's global tint applies to every controller's root view.
        if let tint = document.root.child("color", key: "tintColor"), !viewObject.has("UITintColor") {
            viewObject.set("UITintColor", try ColorRule.color(tint, in: context))
        }
        for (guide, object) in pendingGuides {
            let isTop = guide["type"] == "top"
            let leading = ConstraintRule.generated(
                "NSLayoutConstraint", first: object, attribute: 5, second: viewObject)
            let height = ConstraintRule.generated("NSLayoutConstraint", first: object, attribute: 8, era: context.era)
            let edge =
                isTop
                ? ConstraintRule.generated("NSLayoutConstraint", first: object, attribute: 3, second: viewObject)
                : ConstraintRule.generated("NSLayoutConstraint", first: viewObject, attribute: 4, second: object)
            let width = ConstraintRule.generated(
                "_UILayoutSupportConstraint", first: object, attribute: 7, priority: 999, era: context.era)
            if context.era.writesDeepDrawRect { object.set("UIDeepDrawRect", .bool(true)) }
            object.set("UIOpaque", .bool(true))
            object.set("UIHidden", .bool(true))
            object.set("UIAutoresizeSubviews", .bool(true))
            object.set("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", .bool(true))
            object.set("UIViewAutolayoutConstraints", .collection("NSMutableArray", [width]))
            if context.era.writesSemanticContentAttribute { object.set("UIViewSemanticContentAttribute", int: 0) }
            if context.era.writesLargeContentProperties { object.set("UIViewLargeContentStoredProperties", .null) }
            object.set("_UILayoutGuideIdentifier", .string(isTop ? "_UIViewControllerTop" : "_UIViewControllerBottom"))
            object.set(
                "_UILayoutGuideConstraintsToRemove",
                .collection("NSArray", isTop ? [leading, edge, height] : [leading, height, edge]))
            guideConstraints += [leading, edge, height]
        }
        viewObject.appendElements(guideConstraints, toCollection: "UIViewAutolayoutConstraints")
        context.allObjects.removeAll { $0 === viewObject }
        context.topLevel =
            context.era.listsPlaceholdersFirst
            ? [owner, firstResponder, viewObject] : [viewObject, owner, firstResponder]
        context.allObjects = [viewObject, owner, firstResponder] + context.allObjects + guideObjects
        if let connections = controller.child("connections") {
            let inView = Set(([view] + view.descendants(outside: "prototypes")).compactMap { $0["id"] })
            ConnectionRule.schedule(
                connections, sourceID: controller["id"] ?? "", context: context, accept: { inView.contains($0) })
        }
        // Connections inside a prototype cell belong to the cell's own nib.
        for element in [view] + view.descendants(outside: "prototypes") {
            if let connections = element.child("connections"), let id = element["id"] {
                ConnectionRule.schedule(connections, sourceID: id, context: context)
            }
        }
        context.addOutlet("view", source: owner, destination: viewObject)
        try context.resolve()
        context.topLevel += upstream.map(\.proxy)
        context.allObjects += upstream.map(\.proxy)
        return (try NibCompiler.serialize(context.makeRoot(), fileName: document.fileName), upstream.map(\.name))
    }
}
