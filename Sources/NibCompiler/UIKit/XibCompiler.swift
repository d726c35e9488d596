/// `.xib` (iOS) → one `.nib`: placeholders become `UIProxyObject`s, views are compiled with
/// ``ViewEncoder``, connections are resolved once every object exists.
struct XibCompiler {
    let document: SourceDocument

    func compile() throws(CompileError) -> [UInt8] {
        let context = UIKitContext(
            fileName: document.fileName, isBaseLocalized: document.isBaseLocalized, module: document.module,
            era: document.era, imagesAvailable: document.imagesAvailable, customFonts: document.customFontNames,
            diagnostics: document.diagnostics)
        try compileObjects(context: context)
        try context.resolve()
        // Nothing reads the source below the document element once the objects are made and
        // connected: the tree goes before the archive is built (it was a fifth of the memory a
        // large document's compile peaked at). `compileObjects` holds the elements it walks
        // only while it runs.
        document.root.children = []
        return try UIKitRuntimeForm.serialize(context, fileName: document.fileName)
    }

    /// Makes the top-level objects and schedules their connections.
    private func compileObjects(context: UIKitContext) throws(CompileError) {
        let resources = UIKitResources(document: document.root)
        let encoder = ViewEncoder(context: context, resources: resources)
        guard let objects = document.root.child("objects") else {
            throw context.error(.invalidSource, document.root, "the document has no <objects>")
        }
        for element in objects.children {
            switch element.name {
            case "placeholder":
                guard let identifier = element["placeholderIdentifier"] else {
                    throw context.error(.invalidSource, element, "the placeholder has no placeholderIdentifier")
                }
                let proxy = UIKitContext.proxy(identifier)
                context.track(proxy, id: element["id"])
                context.topLevel.append(proxy)
            case _ where GestureRecognizerRule.handles(element):
                let recognizer = try GestureRecognizerRule.recognizer(element, context: context)
                context.track(recognizer, id: element["id"])
                context.topLevel.append(recognizer)
            case _ where UIKitCustomObjectRule.handles(element):
                context.topLevel.append(
                    try UIKitCustomObjectRule.object(element, context: context, resources: resources))
            default:
                // A top-level view's size-class variations get a storage list of their own, as a
                // storyboard scene's view does (duckduckgo ActionMessageView, Xcode 13.2: a
                // default-class constraint mask → one list naming the view and its subviews).
                let storageCount = context.traitStorages.count
                let view = try encoder.encode(element)
                context.topLevel.append(view)
                if context.traitStorages.count > storageCount {
                    context.traitStorageLists.append(
                        VariationRule.storageList(
                            topLevel: view, storages: Array(context.traitStorages[storageCount...]),
                            era: context.variationEra ?? context.era, guidePlaceholders: context.guidePlaceholders))
                }
            }
            for node in [element] + element.descendantsOutsidePrototypes {
                if let connections = node.child("connections"), let id = node["id"] {
                    ConnectionRule.schedule(connections, sourceID: id, context: context)
                }
            }
        }
    }
}
