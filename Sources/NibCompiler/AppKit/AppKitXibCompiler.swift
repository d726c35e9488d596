import Foundation

/// `.xib` (macOS) → one `.nib` with an `NSIBObjectData` root: File's Owner is `NSRoot`, every
/// other object is listed with its parent and an object id.
struct AppKitXibCompiler {
    let document: SourceDocument
    /// The folder holding Apple's ICC profiles (``NibCompiler/Options/colorProfiles``).
    var colorProfiles: URL?

    /// A context for one nib of `document`: its tools version and image resources.
    static func makeContext(for document: SourceDocument, colorProfiles: URL?) -> AppKitContext {
        let context = AppKitContext(
            fileName: document.fileName, module: document.module, colorProfiles: colorProfiles)
        context.toolsVersion = XcodeEra.toolsBuild(document.root["toolsVersion"])
        context.overlayScrollers = document.overlayScrollers
        context.deployment = document.appKitDeployment
        context.menuStateImageSizes = document.menuStateImageSizes
        context.diagnostics = document.diagnostics
        context.era = document.builtBy ?? AppKitEraRule.current
        context.buildArchitecture = document.buildArchitecture
        context.isBaseLocalized = document.isBaseLocalized
        for image in document.root.child("resources")?.children(named: "image") ?? [] {
            if let name = image["name"] { context.imageResources[name] = image }
        }
        return context
    }

    func compile() throws(CompileError) -> [UInt8] {
        try NibCompiler.serialize(compileRoot(), fileName: document.fileName, fallbacks: [:])
    }

    /// The archive's root object (`IB.objectdata`'s holder), before it is written.
    func compileRoot() throws(CompileError) -> ArchivedObject {
        let context = Self.makeContext(for: document, colorProfiles: colorProfiles)
        guard let objects = document.root.child("objects") else {
            throw context.error(.invalidSource, document.root, "the document has no <objects>")
        }
        let direct = document.root["customObjectInstantitationMethod"] == "direct"
        guard let ownerElement = objects.children.first(where: { $0["id"] == "-2" }) else {
            throw context.error(.invalidSource, objects, "the document has no File's Owner (id -2)")
        }
        let ownerClass = ownerElement["customClass"] ?? "NSObject"
        let owner = try CustomObjectRule.object(ownerElement, ownerClass: ownerClass, direct: direct, context: context)
        context.objectsByID["-2"] = owner
        var views = AppKitViewEncoder(context: context, usesAutolayout: document.root.flag("useAutolayout"))
        views.instantiatesDirectly = direct
        for element in objects.children where element !== ownerElement {
            let compiled: Void? = try context.attempt(element) { () throws(CompileError) in
                try Self.compileTopLevel(element, owner: owner, ownerClass: ownerClass, direct: direct, views: views)
            }
            if compiled == nil {
                // The object's rule failed on something it has no rule for: its class only,
                // said at the object too unless the failure already says it is not modelled.
                try Self.placeholderObject(
                    element, owner: owner, context: context,
                    warn: !context.diagnostics.lastWarning(saysUnmodelled: element), because: "could not be compiled")
            }
        }
        try AppKitConnectionRule.scheduleAll(
            in: objects.children.flatMap { [$0] + $0.descendants }, context: context)
        try context.resolve()
        let root = context.makeRoot(owner: owner)
        context.finish(root)
        return root
    }

    /// Archives one top-level object of the document (or a scene member of a storyboard,
    /// ``AppKitStoryboardCompiler``), tracked with `owner` as its parent.
    static func compileTopLevel(
        _ element: SourceElement, owner: ArchivedObject, ownerClass: String, direct: Bool, views: AppKitViewEncoder
    ) throws(CompileError) {
        let context = views.context
        switch element.name {
        case "customObject" where element["id"] == "-1":
            return
        case "customObject":
            let object = try CustomObjectRule.object(
                element, ownerClass: ownerClass, direct: direct, context: context)
            context.track(object, id: element["id"], parent: owner)
        case "window":
            _ = try WindowRule.window(element, owner: owner, context: context, views: views)
        case "customView", "view":
            _ = try views.view(element, superview: nil, parent: owner)
        case "menu":
            _ = try MenuRule.menu(element, parent: owner, context: context)
        case "userDefaultsController":
            _ = try AppKitUserDefaultsControllerRule.controller(element, owner: owner, context: context)
        case "arrayController":
            try AppKitArrayControllerRule.controller(element, owner: owner, context: context)
        default:
            try Self.placeholderObject(element, owner: owner, context: context, warn: true)
        }
    }

    /// A top-level object no rule models (an array controller, a cell view…) as its class and
    /// custom class only, so that outlets to it still connect.
    static func placeholderObject(
        _ element: SourceElement, owner: ArchivedObject, context: AppKitContext, warn: Bool,
        because reason: String = "is not modelled"
    ) throws(CompileError) {
        let className = ClassHierarchy.appKitClass(forElement: element.name)
        if warn {
            try context.unmodelled(
                .unsupportedElement, element,
                "top-level <\(element.name)> (AppKit) \(reason); archived as \(className) without its keys "
                    + "(what it contains is left out)")
        }
        let object = ArchivedObject(element["customClass"] != nil ? "NSClassSwapper" : className)
        if let custom = element["customClass"] {
            object.set("NSClassName", .string(custom))
            object.set("NSOriginalClassName", .string(className))
        }
        context.track(object, id: element["id"], parent: owner)
    }
}
