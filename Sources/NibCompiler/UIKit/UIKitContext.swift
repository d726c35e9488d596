/// What the UIKit rules share while one nib is compiled: objects by source id, the object list,
/// connections, and the constraints and outlets resolved once every object exists.
final class UIKitContext: DiagnosingContext {
    let fileName: String
    /// Source id → the archived object made for it.
    var objectsByID: [String: ArchivedObject] = [:]
    /// `UINibObjectsKey`, in the order IB tracks them.
    var allObjects: [ArchivedObject] = []
    var topLevel: [ArchivedObject] = []
    var connections: [ArchivedObject] = []
    /// The destination arrays of the outlet collections made so far, by source object and
    /// property (``ConnectionRule``: one connection per collection).
    var outletCollections: [ObjectIdentifier: [String: ArchivedObject]] = [:]
    var keyValuePairs: [ArchivedObject] = []
    var accessibility: [ArchivedObject] = []
    /// Supplies objects that live outside this nib (a storyboard scene's controller seen from
    /// its view nib), or `nil`.
    var externalObject: ((String) -> ArchivedObject?)?
    /// Supplies the object a control's `<segue>` triggers (an upstream placeholder standing for
    /// the segue template in the scene nib), or `nil` outside storyboards.
    var segueTrigger: ((SourceElement) -> ArchivedObject)?
    /// In a scene nib: the segue templates by segue id, which the scene's own bar button items
    /// (navigation and toolbar items) trigger directly.
    var sceneSegueTemplates: [String: ArchivedObject]?
    /// The static tables' data sources (``TableViewRule/encodeStaticSections(_:table:_:_:)``),
    /// which the storyboard compiler lists as top-level objects with File's Owner's
    /// `staticDataSource` outlet.
    var staticDataSources: [ArchivedObject] = []
    /// Size-class trait storages of the nib's views (``VariationRule``).
    var traitStorages: [ArchivedObject] = []
    /// The placeholder guides listed for each view's layout guide elements (safe area, scroll
    /// guides), by the view they belong to (``VariationRule/storageList(topLevel:storages:era:guidePlaceholders:)``).
    var guidePlaceholders: [ObjectIdentifier: [ArchivedObject]] = [:]
    /// The Xcode whose size-class variation model the nib gets, once decided
    /// (``VariationRule/modelEra(_:context:)``).
    var variationEra: XcodeEra?
    /// `UINibTraitStorageListsKey`'s lists.
    var traitStorageLists: [ArchivedObject] = []
    /// Work that needs every object to exist (constraints, connections).
    var deferred: [() throws -> Void] = []

    /// Whether the source lives in `Base.lproj`: its strings are then `NSLocalizableString`s.
    let isBaseLocalized: Bool

    /// The module for `customModuleProvider="target"` classes (`--module`).
    let module: String?

    /// The ibtool being imitated.
    let era: XcodeEra

    /// Whether ibtool could find the images the source names.
    let imagesAvailable: Bool

    /// Where warnings go; shared by every context of one compile.
    let diagnostics: CompileDiagnostics

    /// The PostScript names of the fonts the app ships (the document's `<customFonts>`), which
    /// ibtool cannot load on the Mac (``FontRule/namedFont(_:size:element:in:)``).
    let customFonts: Set<String>

    init(
        fileName: String, isBaseLocalized: Bool, module: String? = nil, era: XcodeEra = XcodeEra(13),
        imagesAvailable: Bool = true, customFonts: Set<String> = [],
        diagnostics: CompileDiagnostics = CompileDiagnostics()
    ) {
        self.era = era
        self.customFonts = customFonts
        self.diagnostics = diagnostics
        self.imagesAvailable = imagesAvailable
        self.fileName = fileName
        self.isBaseLocalized = isBaseLocalized
        self.module = module
        ArchiveArena.current?.add(self)
    }

    /// A user-visible string: `NSLocalizableString` (key `<id>.<property>`) in `Base.lproj`
    /// sources, plain `NSString` otherwise. An empty string has nothing to translate and stays
    /// an `NSString` (duckduckgo Settings, Xcode 13.2: a section's `footerTitle=""`).
    func text(_ value: String, id: String?, property: String) -> ArchivedObject {
        guard isBaseLocalized, let id, !value.isEmpty else { return .string(value) }
        let string = ArchivedObject("NSLocalizableString")
        string.set("NS.bytes", .data(Array(value.utf8)))
        string.set("NSKey", .string("\(id).\(property)"))
        string.set("NSDev", .string(value))
        return string
    }

    func error(_ code: CompileError.Code, _ element: SourceElement, _ message: String) -> CompileError {
        CompileError(
            code: code, file: fileName, line: element.line, column: element.column, element: element.summary,
            message: message)
    }

    /// The object for source id `id`, or an error naming the element that refers to it.
    func object(_ id: String, from element: SourceElement) throws(CompileError) -> ArchivedObject {
        if objectsByID[id] == nil, let external = externalObject?(id) { objectsByID[id] = external }
        guard let object = objectsByID[id] else {
            throw error(.invalidSource, element, "refers to id \"\(id)\", which names no compiled object")
        }
        return object
    }

    /// Registers an object IB tracks.
    func track(_ object: ArchivedObject, id: String?) {
        if let id { objectsByID[id] = object }
        allObjects.append(object)
    }

    /// A `UIProxyObject` for a placeholder identifier.
    static func proxy(_ identifier: String) -> ArchivedObject {
        let proxy = ArchivedObject("UIProxyObject")
        proxy.set("UIProxiedObjectIdentifier", .string(identifier))
        return proxy
    }

    /// A `UIRuntimeOutletConnection`.
    func addOutlet(_ label: String, source: ArchivedObject, destination: ArchivedObject) {
        let connection = ArchivedObject("UIRuntimeOutletConnection")
        connection.set("UILabel", .string(label))
        connection.set("UISource", source)
        connection.set("UIDestination", destination)
        connections.append(connection)
    }

    /// Runs the deferred work, in order. Work that fails on something the compiler has no rule
    /// for (a constraint, a connection) is left out with a warning.
    func resolve() throws(CompileError) {
        let work = deferred
        deferred = []
        try CompileError.run(work, file: fileName, recovering: diagnostics)
    }

    /// What has been recorded so far, to go back to when an element cannot be compiled as its
    /// rule says and is compiled again another way (``rollBack(to:element:)``).
    struct Checkpoint {
        var allObjects: Int
        var connections: Int
        var keyValuePairs: Int
        var accessibility: Int
        var traitStorages: Int
        var traitStorageLists: Int
        var deferred: Int
        var diagnostics: (warnings: Int, refusals: Int)
    }

    /// The current ``Checkpoint``.
    func checkpoint() -> Checkpoint {
        Checkpoint(
            allObjects: allObjects.count, connections: connections.count, keyValuePairs: keyValuePairs.count,
            accessibility: accessibility.count, traitStorages: traitStorages.count,
            traitStorageLists: traitStorageLists.count, deferred: deferred.count, diagnostics: diagnostics.mark)
    }

    /// Forgets what was recorded for `element` and its subtree since `checkpoint`.
    func rollBack(to checkpoint: Checkpoint, element: SourceElement) {
        allObjects.truncate(to: checkpoint.allObjects)
        connections.truncate(to: checkpoint.connections)
        // A collection whose connection was rolled back starts again with its next element.
        outletCollections = [:]
        keyValuePairs.truncate(to: checkpoint.keyValuePairs)
        accessibility.truncate(to: checkpoint.accessibility)
        traitStorages.truncate(to: checkpoint.traitStorages)
        traitStorageLists.truncate(to: checkpoint.traitStorageLists)
        deferred.truncate(to: checkpoint.deferred)
        diagnostics.truncate(to: checkpoint.diagnostics)
        for node in [element] + element.descendants {
            if let id = node["id"] { objectsByID[id] = nil }
        }
    }

    /// The root object of a UIKit nib: the seven `UINib…Key` arrays.
    func makeRoot() -> ArchivedObject {
        let root = ArchivedObject("NSObject")
        let empty = ArchivedObject.collection("NSArray", [])
        func array(_ list: [ArchivedObject]) -> ArchivedObject { list.isEmpty ? empty : .collection("NSArray", list) }
        root.set("UINibTopLevelObjectsKey", array(topLevel))
        root.set("UINibObjectsKey", array(allObjects))
        root.set("UINibConnectionsKey", array(connections))
        root.set("UINibVisibleWindowsKey", empty)
        root.set("UINibAccessibilityConfigurationsKey", array(accessibility))
        root.set("UINibTraitStorageListsKey", array(traitStorageLists))
        root.set("UINibKeyValuePairsKey", array(keyValuePairs))
        if era.writesLaunchNibVersion { LaunchNibRule.apply(to: root) }
        return root
    }
}

extension UIKitContext: RollingBackContext {}

extension UIKitContext: ArchiveArena.Member {
    /// Drops the deferred work and the external-object lookup, whose closures refer back to
    /// contexts.
    func releaseForArena() {
        deferred = []
        externalObject = nil
    }
}
