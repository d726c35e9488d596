import Foundation

/// What the AppKit rules share while one nib is compiled: the objects IB tracks with their
/// parents (`NSObjectsKeys` / `NSObjectsValues`), visible windows and connections, assembled
/// into `NSIBObjectData` at the end.
final class AppKitContext: DiagnosingContext {
    let fileName: String
    /// Source id → archived object.
    var objectsByID: [String: ArchivedObject] = [:]
    /// Every view encoded so far by its source element, for views without an id (older
    /// documents' box content views: `<view key="contentView">`), which the key-view loop
    /// reaches too (``AppKitKeyViewLoopRule``).
    var viewsBySourceElement: [ObjectIdentifier: ArchivedObject] = [:]
    /// Every tracked object except the root, with its parent, in document order.
    var objects: [(object: ArchivedObject, parent: ArchivedObject)] = []
    var visibleWindows: [ArchivedObject] = []
    var connections: [ArchivedObject] = []
    /// `NSNibAXAttributeConnector`s from `<accessibility>` elements (``AppKitAccessibilityRule``).
    var accessibilityConnectors: [ArchivedObject] = []
    var deferred: [() throws -> Void] = []

    /// The module for `customModuleProvider="target"` classes (`--module`).
    let module: String?
    /// The document's `<resources>` images by name (their cached design sizes).
    var imageResources: [String: SourceElement] = [:]
    /// The `NSImage`s decoded from image resources that store one, by name
    /// (``AppKitImageRule/embeddedImage(_:context:)``).
    var embeddedImages: [String: ArchivedObject] = [:]
    /// The document's `toolsVersion` (the Interface Builder build that saved it), for defaults
    /// that changed between builds.
    var toolsVersion: Double?
    /// Whether ibtool ran with overlay scrollers (``NibCompiler/Options/overlayScrollers``).
    var overlayScrollers = false
    /// The macOS deployment target (``SourceDocument/appKitDeployment``); `nil`: none.
    var deployment: AppKitNibVariants.Version?
    /// Whether the deployment target is before macOS 10.14, for which ibtool archives image
    /// views and progress indicators in their older form (``AppKitImageViewRule``,
    /// ``AppKitProgressIndicatorRule``).
    var targetsBeforeMojave: Bool { deployment.map { $0 < .mojave } ?? false }
    /// The menu state images' design sizes given with
    /// ``NibCompiler/Options/menuStateImageSizes`` (``MenuRule/stateImages(context:)``).
    var menuStateImageSizes: MenuStateImageSizes?
    /// The Xcode whose ibtool is imitated (``AppKitEraRule``).
    var era = AppKitEraRule.current
    /// The processor of the Mac that ran ibtool, given with
    /// ``NibCompiler/Options/buildArchitecture``; `nil`: the one ``era``'s nibs show.
    var buildArchitecture: BuildArchitecture?
    /// The processor whose text alignment numbering the nib archives (``AppKitEraRule``).
    var architecture: BuildArchitecture { buildArchitecture ?? .default(for: era) }
    /// Whether the document lives in `Base.lproj`: its titles are then `NSLocalizableString`s
    /// (``title(_:)``).
    var isBaseLocalized = false
    /// The binding connectors made so far, by the `<binding>`'s id (for `previousBinding`).
    var bindingConnectors: [String: ArchivedObject] = [:]
    /// Where Apple's ICC profiles are read from (`--color-profiles`).
    let colorProfiles: ColorProfiles
    /// One `NSColorSpace` per profile, shared by every color that uses it, as AppKit's
    /// archiver shares its color space singletons.
    private var colorSpaces: [ColorProfiles.Profile: ArchivedObject] = [:]
    /// The profiles found missing: their first color warns, for all of them (a document's
    /// catalog colors share one profile: 23 identical warnings in one wild document before).
    private var missingProfiles: Set<ColorProfiles.Profile> = []

    /// Where warnings go; shared by every context of one compile.
    var diagnostics = CompileDiagnostics()

    init(fileName: String, module: String? = nil, colorProfiles: URL? = nil) {
        self.fileName = fileName
        self.module = module
        self.colorProfiles = ColorProfiles(directory: colorProfiles)
        ArchiveArena.current?.add(self)
    }

    /// The shared `NSColorSpace` for `profile` (`NSID`, `NSModel` for gray, the profile as
    /// `NSICC` data); `element` is the color that needs it, for the warning when the profile is
    /// missing.
    ///
    /// Without Apple's profile (any machine but a Mac, unless `--color-profiles` names a folder
    /// holding it) this is `nil` after a `color-conversion` approximation: the caller writes the
    /// color in its calibrated form only (`NSColorSpace` 1 or 3 with `NSRGB` / `NSWhite`, the
    /// form nibs had before colors carried a color space), which AppKit loads as the same
    /// components in the calibrated space. `--strict` refuses it.
    func colorSpace(_ profile: ColorProfiles.Profile, for element: SourceElement) throws(CompileError)
        -> ArchivedObject?
    {
        if let known = colorSpaces[profile] { return known }
        if missingProfiles.contains(profile) { return nil }
        let bytes: [UInt8]
        switch colorProfiles.bytes(of: profile) {
        case .success(let loaded): bytes = loaded
        case .failure(let failure):
            try approximate(
                .colorConversion, element,
                "\(failure.message); written as a calibrated color without the embedded profile, as is every later color of this nib that embeds it"
            )
            missingProfiles.insert(profile)
            return nil
        }
        let space = ArchivedObject("NSColorSpace")
        switch profile {
        case .genericGrayGamma22:
            space.set("NSID", int: 9)
            space.set("NSModel", int: 0)
        case .sRGB:
            space.set("NSID", int: 7)
        }
        let data = ArchivedObject("NSData")
        data.set("NS.bytes", .data(bytes))
        space.set("NSICC", data)
        colorSpaces[profile] = space
        return space
    }

    func error(_ code: CompileError.Code, _ element: SourceElement, _ message: String) -> CompileError {
        CompileError(
            code: code, file: fileName, line: element.line, column: element.column, element: element.summary,
            message: message)
    }

    /// Whether the nib is compiled from a storyboard (some defaults differ).
    var isStoryboard = false
    /// Whether the nib is nested in another (a view-based table's prototype cell view; some
    /// defaults differ, as in storyboards).
    var isNestedNib = false

    /// The source ids of First Responder: actions sent to it have no destination (`-1` in a
    /// xib; each storyboard scene has its own).
    var firstResponderIDs: Set<String> = ["-1"]

    /// Named system images (`NSCustomResource`s) the document shares, by name.
    private var sharedImages: [String: ArchivedObject] = [:]

    /// The document's one `NSCustomResource` for the system image `name`, as ibtool shares it
    /// (menu items all point at the same checkmark and mixed-state images).
    func sharedImage(_ name: String, designSize: String) -> ArchivedObject {
        if let image = sharedImages[name] { return image }
        let size = ArchivedObject("NSValue")
        size.set("NS.special", int: 2)
        size.set("NS.sizeval", .string(designSize))
        let image = ArchivedObject("NSCustomResource")
        image.set("NSClassName", .string("NSImage"))
        image.set("NSResourceName", .string(name))
        image.set("IBNamespaceID", .null)
        image.set("IBDesignSize", size)
        image.set("IBDesignImageConfiguration", .null)
        sharedImages[name] = image
        return image
    }

    /// The class name ibtool archives for `element`'s `customClass`: the name itself, or for a
    /// class in a Swift module (`customModule`, or `--module` for `customModuleProvider="target"`)
    /// the Swift runtime name `_TtC<length><module><length><class>` — custom objects
    /// (`module_override`: `_TtC10TestModule10MyDelegate`, the target's module winning over the
    /// saved one), storyboard controllers (`sb_swift_wc`) and a table cell view (Aerial's
    /// `_TtC6Aerial13CheckCellView`) all archive it; views, controls, cells, menu items and
    /// windows are assumed to follow. A target class without `--module` keeps its plain name,
    /// with a warning.
    func runtimeClassName(of element: SourceElement) throws(CompileError) -> String? {
        guard let custom = element["customClass"] else { return nil }
        let (module, needsTarget) = SwiftClassName.module(of: element, target: module)
        if needsTarget {
            try unmodelled(
                .unsupportedAttribute, element,
                "customModuleProvider=\"target\" needs the module name: pass --module; archived as \"\(custom)\"")
        }
        guard let module, !module.isEmpty else { return custom }
        return SwiftClassName.mangled(custom, module: module)
    }

    /// The `IBClassReference` recorded beside a named custom class (windows, custom views
    /// without direct instantiation: test15_custom_classes), nil without `customClass`. Every one
    /// in the corpus names no module; for a class in a module (`runtimeName` is its mangled
    /// name) the module is assumed, with a warning naming `kind` and the archived class name key.
    func classReference(of element: SourceElement, runtimeName: String, kind: String, nameKey: String)
        throws(CompileError) -> ArchivedObject?
    {
        guard let named = element["customClass"] else { return nil }
        let module = runtimeName == named ? nil : SwiftClassName.module(of: element, target: module).module
        if module != nil {
            try unmodelled(
                .unsupportedAttribute, element,
                "no compiled nib shows \(kind) in a Swift module: \(nameKey) \"\(runtimeName)\" and an "
                    + "IBClassReference naming the module are assumed")
        }
        return CustomObjectRule.classReference(named, module: module)
    }

    /// The `title` of `element` as ibtool archives it: in a `Base.lproj` document a non-empty
    /// title is an `NSLocalizableString` keyed `<id>.title` with the text as its development
    /// value, else a plain string. Seen on window, menu, menu item, button cell and text field
    /// cell titles in LuLu's MainMenu (keyed, Xcode 8.3) and Sparkle's SUUpdateAlert and
    /// SUUpdatePermissionPrompt (NIBArchive, Xcode 14 and later); their empty titles (separator
    /// items, empty labels) stay plain strings, and eqMac's and scribendi's Base.lproj nibs hold
    /// no such title.
    ///
    /// A title given as a `<string key="title">` child (Interface Builder's form for text with
    /// line breaks: 134 text field cells, 65 menu items and 8 button cells of the wild corpus)
    /// is the same title: SUUpdatePermissionPrompt's two-paragraph label archives the child's text.
    func title(_ element: SourceElement) throws(CompileError) -> ArchivedObject {
        var value = element["title"] ?? ""
        if element["title"] == nil, let child = element.child("string", key: "title") {
            value = try AppKitButtonRule.text(of: child, context: self)
        }
        return localizable(value, property: "title", of: element)
    }

    /// `value` as ibtool archives a localizable property of `element`: in a `Base.lproj`
    /// document a non-empty value is an `NSLocalizableString` keyed `<id>.<property>` with the
    /// value as its development value (``title(_:)``; tool tips, keyed `ibShadowedToolTip`:
    /// ``AppKitToolTipRule``), else a plain string.
    func localizable(_ value: String, property: String, of element: SourceElement) -> ArchivedObject {
        guard isBaseLocalized, !value.isEmpty, let id = element["id"] else { return .string(value) }
        let string = ArchivedObject("NSLocalizableString")
        string.set("NS.bytes", .data(Array(value.utf8)))
        string.set("NSKey", .string("\(id).\(property)"))
        string.set("NSDev", .string(value))
        return string
    }

    /// Rewrites a finished nib's graph as the imitated ibtool writes it: a base-localized
    /// build's controls (``AppKitLocalizationRule``), then the era's and the building Mac's forms
    /// (``AppKitEraRule``).
    func finish(_ root: ArchivedObject) {
        if isBaseLocalized { AppKitLocalizationRule.allowLogicalLayoutDirection(in: root) }
        AppKitEraRule.apply(to: root, era: era, architecture: architecture)
    }

    /// A context for a nib nested in this one (a view-based table's prototype cell view,
    /// ``AppKitTableCellViewRule``): the same file, module, profiles, tools version, era, images and localization,
    /// its own objects and connections.
    func nestedContext() -> AppKitContext {
        let nested = AppKitContext(fileName: fileName, module: module, colorProfiles: colorProfiles.directory)
        nested.toolsVersion = toolsVersion
        nested.overlayScrollers = overlayScrollers
        nested.deployment = deployment
        nested.menuStateImageSizes = menuStateImageSizes
        nested.diagnostics = diagnostics
        nested.imageResources = imageResources
        nested.isStoryboard = isStoryboard
        nested.isNestedNib = true
        nested.isBaseLocalized = isBaseLocalized
        nested.era = era
        nested.buildArchitecture = buildArchitecture
        return nested
    }

    /// The prototype cell views of each view-based table (by table), archived once the scroll
    /// view has tiled the table (``AppKitTableCellViewRule``).
    var prototypeCellViews: [ObjectIdentifier: [AppKitTableCellViewRule.Prototype]] = [:]

    /// Views' safe-area layout guides by source id: created with their view, archived in
    /// `NSViewLayoutGuides` only once a constraint refers to them.
    var layoutGuides: [String: (guide: ArchivedObject, referenced: Bool)] = [:]

    func track(_ object: ArchivedObject, id: String?, parent: ArchivedObject) {
        if let id { objectsByID[id] = object }
        objects.append((object, parent))
    }

    /// Work that needs the deferred work done (for example, which layout guides constraints use).
    var finishing: [() -> Void] = []
    /// Every constraint of the document, for ``markConstrainedViews()``.
    var constraints: [ArchivedObject] = []
    /// Views with `translatesAutoresizingMaskIntoConstraints="NO"` and no fixed frame.
    var autolayoutViews: Set<ObjectIdentifier> = []

    /// What has been recorded so far, to go back to when an element cannot be compiled as its
    /// rule says and is compiled again another way (``rollBack(to:element:)``).
    struct Checkpoint {
        var objects: Int
        var visibleWindows: Int
        var connections: Int
        var accessibilityConnectors: Int
        var deferred: Int
        var finishing: Int
        var constraints: Int
        var diagnostics: (warnings: Int, refusals: Int)
        /// Missing profiles whose warning is among the diagnostics kept.
        var missingProfiles: Set<ColorProfiles.Profile>
    }

    /// The current ``Checkpoint``.
    func checkpoint() -> Checkpoint {
        Checkpoint(
            objects: objects.count, visibleWindows: visibleWindows.count, connections: connections.count,
            accessibilityConnectors: accessibilityConnectors.count, deferred: deferred.count,
            finishing: finishing.count, constraints: constraints.count, diagnostics: diagnostics.mark,
            missingProfiles: missingProfiles)
    }

    /// Forgets what was recorded for `element` and its subtree since `checkpoint`.
    func rollBack(to checkpoint: Checkpoint, element: SourceElement) {
        objects.truncate(to: checkpoint.objects)
        visibleWindows.truncate(to: checkpoint.visibleWindows)
        connections.truncate(to: checkpoint.connections)
        accessibilityConnectors.truncate(to: checkpoint.accessibilityConnectors)
        deferred.truncate(to: checkpoint.deferred)
        finishing.truncate(to: checkpoint.finishing)
        constraints.truncate(to: checkpoint.constraints)
        diagnostics.truncate(to: checkpoint.diagnostics)
        // A missing profile's warning forgotten with the part: the next color warns again.
        missingProfiles = checkpoint.missingProfiles
        for node in [element] + element.descendants {
            if let id = node["id"] { objectsByID[id] = nil }
        }
    }

    /// Runs the deferred work; work that fails on something the compiler has no rule for (a
    /// constraint, a connection) is left out with a warning.
    func resolve() throws(CompileError) {
        let work = deferred
        deferred = []
        try CompileError.run(work, file: fileName, recovering: diagnostics)
        for step in finishing { step() }
        finishing = []
        markConstrainedViews()
    }

    /// ibtool writes `NSDoNotTranslateAutoresizingMask` only on the views that opt out of
    /// autoresizing-mask constraints *and* that a constraint positions (`layout_guide`,
    /// `test21_masktranslate`, `HSChooserWindow`: opted-out views no constraint names keep
    /// translating, as do views with a fixed frame).
    private func markConstrainedViews() {
        for constraint in constraints {
            for case (let key, .object(let item)) in constraint.values
            where key == "NSFirstItem" || key == "NSSecondItem" {
                if autolayoutViews.contains(ObjectIdentifier(item)) { stopTranslatingMask(item) }
            }
        }
    }

    /// Connectors that only order decoding (a stack view's): listed in `NSConnections`, but
    /// ibtool gives them no object id.
    var decodingOrderConnectors: [ArchivedObject] = []

    /// Views already given `NSDoNotTranslateAutoresizingMask`.
    private var nonTranslatingViews: Set<ObjectIdentifier> = []

    /// Writes `NSDoNotTranslateAutoresizingMask` on `view`, once.
    func stopTranslatingMask(_ view: ArchivedObject) {
        if nonTranslatingViews.insert(ObjectIdentifier(view)).inserted {
            view.set("NSDoNotTranslateAutoresizingMask", .bool(true))
        }
    }

    /// The archive root: `IB.objectdata` → `NSIBObjectData`, and `IB.systemFontUpdateVersion`.
    func makeRoot(owner: ArchivedObject) -> ArchivedObject {
        let data = ArchivedObject("NSIBObjectData")
        data.set("NSRoot", owner)
        data.set("NSVisibleWindows", .collection("NSMutableSet", visibleWindows))
        data.set("NSConnections", .collection("NSMutableArray", connections + decodingOrderConnectors))
        data.set("NSObjectsKeys", .collection("NSArray", objects.map(\.object)))
        data.set("NSObjectsValues", .collection("NSArray", objects.map(\.parent)))
        let oidObjects = [owner] + objects.map(\.object) + connections
        data.set("NSOidsKeys", .collection("NSArray", oidObjects))
        data.set("NSOidsValues", .collection("NSArray", oidObjects.indices.map { ArchivedObject.number($0 + 1) }))
        data.set("NSAccessibilityConnectors", .collection("NSMutableArray", accessibilityConnectors))
        if accessibilityConnectors.isEmpty {
            let emptyArray = ArchivedObject.collection("NSArray", [])
            data.set("NSAccessibilityOidsKeys", emptyArray)
            data.set("NSAccessibilityOidsValues", emptyArray)
        } else {
            data.set("NSAccessibilityOidsKeys", .collection("NSArray", accessibilityConnectors))
            let first = oidObjects.count + 1
            data.set(
                "NSAccessibilityOidsValues",
                .collection("NSArray", accessibilityConnectors.indices.map { ArchivedObject.number(first + $0) }))
        }
        let root = ArchivedObject("NSObject")
        root.set("IB.objectdata", data)
        root.set("IB.systemFontUpdateVersion", int: 1)
        return root
    }

    /// Geometry as AppKit's NSString form: `{w, h}` or `{{x, y}, {w, h}}`, integers without
    /// a fraction.
    static func text(_ values: [Double]) -> String {
        let parts = values.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : String($0) }
        if parts.count == 4 { return "{{\(parts[0]), \(parts[1])}, {\(parts[2]), \(parts[3])}}" }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

extension AppKitContext: ConstraintContext {
    /// The AppKit documents of the corpus all come from Xcode 8 or later, whose one-item
    /// constraints have no second attribute.
    var writesZeroSecondAttribute: Bool { false }

    /// The object for source id `id` (a layout guide is marked as used), or an error naming
    /// the element that refers to it.
    func object(_ id: String, from element: SourceElement) throws(CompileError) -> ArchivedObject {
        if let object = objectsByID[id] { return object }
        if let entry = layoutGuides[id] {
            layoutGuides[id]?.referenced = true
            return entry.guide
        }
        throw error(.invalidSource, element, "refers to id \"\(id)\", which names no compiled object")
    }
}

extension AppKitContext: ArchiveArena.Member {
    /// Drops the deferred work, whose closures refer back to this context.
    func releaseForArena() {
        deferred = []
        finishing = []
        prototypeCellViews = [:]
    }
}

extension AppKitContext: RollingBackContext {}
