import Foundation

/// `.storyboard` (iOS) → `.storyboardc`: `Info.plist`, one scene nib per controller named
/// `<UIKitClass>-<controllerID>`, and one view nib per controller view named
/// `<controllerID>-view-<viewID>`.
struct StoryboardCompiler {
    let document: SourceDocument
    /// The controllers that embed segues lead to (``screenFrame(for:)``), and whether the
    /// document simulates a destination screen (``rootViewFrame``): found in one walk of the
    /// document, not once per scene.
    private let embeddedControllerIDs: Set<String>
    private let simulatesScreen: Bool

    init(document: SourceDocument) {
        self.document = document
        var embedded: Set<String> = []
        var simulates = false
        for element in document.root.descendants {
            if element.name == "segue", element["kind"] == "embed", let destination = element["destination"] {
                embedded.insert(destination)
            }
            if element.name == "simulatedScreenMetrics", element["key"] == "destination" { simulates = true }
        }
        embeddedControllerIDs = embedded
        simulatesScreen = simulates
    }

    /// Controller elements and the UIKit class ibtool names their scene nib after. A collection
    /// view controller is a view controller whose view is its collection view, as a table view
    /// controller's is its table (duckduckgo Settings' AppIconSettingsViewController, Xcode 13.2:
    /// UICollectionViewController-jbD-Oy-Cmw.nib and its view nib as Apple's).
    static let controllers: [String: String] = [
        "viewController": "UIViewController", "tableViewController": "UITableViewController",
        "collectionViewController": "UICollectionViewController",
        "navigationController": "UINavigationController", "tabBarController": "UITabBarController",
        "splitViewController": "UISplitViewController",
    ]

    /// Container controllers and the relationships naming the children archived in their scene
    /// nib, in the order the children are archived (a split view controller's master, then its
    /// detail: ikyih seed's, Xcode 15).
    static let containerRelationships: [String: [String]] = [
        "navigationController": ["rootViewController"], "tabBarController": ["viewControllers"],
        "splitViewController": ["masterViewController", "detailViewController"],
    ]
    /// Scene members that stand for a scene of another storyboard.
    static let referenceElements: Set<String> = ["viewControllerPlaceholder"]

    /// The scene nib a segue's template names: its destination's, or none for an unwind segue,
    /// whose destination is the source scene's Exit (``SegueRule``); `nil` when the destination
    /// has no nib.
    static func templateDestination(_ segue: SourceElement, _ destinationID: String, _ sceneNames: [String: String])
        -> String?
    {
        segue["kind"] == "unwind" ? "" : sceneNames[destinationID]
    }

    static let controllerAttributes: Set<String> = [
        "id", "sceneMemberID", "customClass", "customModule", "customModuleProvider", "userLabel",
        "storyboardIdentifier",
        "autoresizesArchivedViewToFullSize", "automaticallyAdjustsScrollViewInsets", "title",
        "useStoryboardIdentifierAsRestorationIdentifier", "clearsSelectionOnViewWillAppear", "separatorStyle",
        "numberOfPrototypes", "definesPresentationContext", "hidesBottomBarWhenPushed",
        "extendedLayoutIncludesOpaqueBars", "toolbarHidden", "modalPresentationStyle", "modalTransitionStyle",
        "navigationBarHidden",
    ]

    /// A navigation controller's `<toolbar key="toolbar">`: a toolbar (``UIKitToolbarRule``)
    /// with a flexible width and top margin (mask 10) whatever the source says, 50 points high
    /// from Xcode 13 at the source's origin, or, without a frame, 1000 × 50 at the origin
    /// (Xcode 13) or 0 × 44 (Xcode 10). Evidence: the corpus's four navigation controllers'
    /// toolbars (duckduckgo Bookmarks, shown, 375 × 50 at y 623; PrivacyProtection, hidden,
    /// without a frame; kiralab's share extension; zbrateam's launch screen, Xcode 10).
    static func navigationToolbar(_ element: SourceElement, context: UIKitContext, resources: UIKitResources)
        throws(CompileError) -> ArchivedObject
    {
        let toolbar = try ViewEncoder(context: context, resources: resources).encode(element)
        let modern = context.era >= XcodeEra(13)
        let height = modern ? 50.0 : 44.0
        var frame = modern ? [0, 0, 1000, height] : [0, 0, 0, height]
        if let rect = element.child("rect", key: "frame"), let x = rect.number("x"), let y = rect.number("y"),
            let width = rect.number("width"), [x, y, width].allSatisfy({ abs($0) <= 1e9 })
        {
            frame = [x, y, width, modern ? height : rect.number("height") ?? height]
        }
        toolbar.replace("UIBounds", ArchivedObject.geometry([0, 0, frame[2], frame[3]]))
        toolbar.replace("UICenter", ArchivedObject.geometry([frame[0] + frame[2] / 2, frame[1] + frame[3] / 2]))
        if toolbar.has("UIAutoresizingMask") {
            toolbar.replace("UIAutoresizingMask", int: 10)
        } else {
            toolbar.insert("UIAutoresizingMask", .integer(10), after: "UIAutoresizeSubviews")
        }
        return toolbar
    }

    /// A controller's modal transition and presentation styles (`UIModalTransitionStyle`,
    /// `UIModalPresentationStyle`, the segue templates' codes), after the objects it keeps alive:
    /// 0senno-atmosphere's JoinSessionViewController (crossDissolve 2, fullScreen 0) and the
    /// corpus's 19 other controllers with a presentation style. An unknown name is a warning.
    func encodeModalStyles(_ controller: SourceElement, into object: ArchivedObject) throws(CompileError) {
        for (attribute, key, table) in [
            ("modalTransitionStyle", "UIModalTransitionStyle", SegueRule.transitionStyles),
            ("modalPresentationStyle", "UIModalPresentationStyle", SegueRule.presentationStyles),
        ] {
            guard let value = controller[attribute] else { continue }
            guard let code = table[value] else {
                try unmodelled(.unsupportedAttribute, controller, "\(attribute) \"\(value)\" is unknown; left out")
                continue
            }
            object.set(key, int: code)
        }
    }

    /// A controller's presentation and layout flags, in Apple's order:
    /// `UIHidesBottomBarWhenPushed` (kiralab), `UIDefinesPresentationContext`,
    /// `UIKeyEdgesForExtendedLayout` (the `<extendedEdge key="edgesForExtendedLayout">` edges as
    /// `UIRectEdge` bits, top 1, left 2, bottom 4, right 8, when not all four, the default:
    /// BlankSnapshot's and Main's empty element → 0, Xcode 13.2; kiralab's bottom → 4, ertmuirm's
    /// top → 1), `UIKeyExtendedLayoutIncludesOpaqueBars` 1 (ertmuirm).
    static func encodeLayoutFlags(_ controller: SourceElement, into object: ArchivedObject) {
        object.setFlag("UIHidesBottomBarWhenPushed", controller.flag("hidesBottomBarWhenPushed"))
        object.setFlag("UIDefinesPresentationContext", controller.flag("definesPresentationContext"))
        if let edges = controller.child("extendedEdge", key: "edgesForExtendedLayout") {
            let bits = [("top", 1), ("left", 2), ("bottom", 4), ("right", 8)].reduce(0) { bits, edge in
                edges.flag(edge.0) ? bits | edge.1 : bits
            }
            if bits != 15 { object.set("UIKeyEdgesForExtendedLayout", int: bits) }
        }
        if controller.flag("extendedLayoutIncludesOpaqueBars") {
            object.set("UIKeyExtendedLayoutIncludesOpaqueBars", int: 1)
        }
    }

    /// Whether a controller without a custom class is archived as a `UIClassSwapper` naming its
    /// own class: from Xcode 11 (``XcodeEra/swapsPlainControllers``), when code or UIKit
    /// instantiates it directly — the storyboard's initial controller or one with a storyboard
    /// identifier (the iOS 13 SDK's `instantiateViewController(identifier:creator:)` and
    /// `instantiateInitialViewController(creator:)` call a creator for those). The others stay
    /// plain: Umarovm's four table view controllers and two view controllers reached by segues
    /// (Xcode 12, beside its swapped navigation and tab bar controllers, all with identifiers),
    /// COVIDSAFE's debug tab bar controller, ertmuirm's launch screen root inside its swapped
    /// (initial) navigation controller; the corpus's swapped ones are initial or identified
    /// (duckduckgo's LaunchScreen and Onboarding, Xcode 13.2; the launch screens of 0senno,
    /// ashwinivishwas, franktchatseu, man12nam).
    func swapsPlainController(_ scene: Scene, era: XcodeEra) -> Bool {
        era.swapsPlainControllers
            && (scene.controller["storyboardIdentifier"] != nil
                || document.root["initialViewController"] == scene.controllerID)
    }

    /// `automaticallyAdjustsScrollViewInsets="NO"` on a container: `UIKeyAutomaticallyAdjustsScrollViewInsets`
    /// 0 after its child controllers, before `UIViewControllers` (the corpus's navigation
    /// controllers that have it: Sn0wFX, xuyuntest, ertmuirm, leeja328, man12nam).
    static func encodeScrollViewInsetsFlag(_ controller: SourceElement, into object: ArchivedObject) {
        if controller["automaticallyAdjustsScrollViewInsets"] == "NO" {
            object.set("UIKeyAutomaticallyAdjustsScrollViewInsets", int: 0)
        }
    }

    /// One scene: its controller element and the name of the nib it is archived in.
    struct Scene {
        var element: SourceElement
        var controller: SourceElement
        var controllerID: String
        var uiKitClass: String
        var sceneName: String
        var firstResponderID: String?
        /// Scene members archived with the controller (gesture recognizers), in order.
        var members: [SourceElement] = []
        /// A storyboard reference (`<viewControllerPlaceholder>`): its scene nib holds a
        /// placeholder that UIKit replaces with the referenced storyboard's controller.
        var isReference = false
    }

    func compile() throws(CompileError) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var identifiers: [String: String] = [:]
        var references: [String: [String: String]] = [:]
        var entryPoint: String?
        let resources = UIKitResources(document: document.root)
        let scenes = Self.reachable(try self.scenes(), initial: document.root["initialViewController"])
        // A container's children (a navigation controller's root, a tab bar controller's tabs)
        // are archived inside its scene nib.
        var embedded: Set<String> = []
        for scene in scenes {
            for segue in childSegues(of: scene) { if let child = segue["destination"] { embedded.insert(child) } }
        }
        var sceneNames: [String: String] = [:]
        // Segues can lead to the scenes that have their own nib.
        for scene in scenes where sceneNames[scene.controllerID] == nil && !embedded.contains(scene.controllerID) {
            sceneNames[scene.controllerID] = scene.sceneName
        }
        // A container's child with a storyboard identifier also gets its own scene nib, without
        // its parent, so that code can instantiate it by identifier: a tab (Sylladise1.3,
        // Xcode 7: home.nib besides the tab bar controller's nib) and a navigation controller's
        // root (duckduckgo Debug and Bookmarks, Xcode 13.2: DebugMenu.nib and
        // BookmarksViewController.nib); every such child of the pairs has its nib.
        var pending = scenes.filter {
            !embedded.contains($0.controllerID) || $0.controller["storyboardIdentifier"] != nil
        }
        var compiledIDs: Set<String> = []
        var attempted: Set<String> = []
        while !pending.isEmpty {
            var leftOut: [Scene] = []
            for scene in pending where attempted.insert(scene.controllerID).inserted {
                // A scene whose controller the rules cannot archive is left out (its nibs, its
                // identifier), with the problem as a warning; the other scenes still compile.
                let compiled = try document.diagnostics.compilingScene(
                    of: scene.controller, in: document.fileName, into: &files
                ) { files throws(CompileError) in
                    files[scene.sceneName + ".nib"] =
                        scene.isReference
                        ? try referenceNib(scene, resources: resources)
                        : try sceneNib(
                            scene, scenes: scenes, sceneNames: sceneNames, files: &files, resources: resources)
                }
                guard compiled else {
                    leftOut.append(scene)
                    continue
                }
                compiledIDs.insert(scene.controllerID)
                identifiers[scene.controller["storyboardIdentifier"] ?? scene.sceneName] = scene.sceneName
                if let reference = Self.externalReference(scene) { references[scene.sceneName] = reference }
                if document.root["initialViewController"] == scene.controllerID { entryPoint = scene.sceneName }
            }
            // The children of a container left out would be lost with it: each is compiled as a
            // scene of its own instead (no reference shows this; it keeps what can be kept).
            pending = []
            for container in leftOut {
                for segue in childSegues(of: container) {
                    guard let id = segue["destination"], !attempted.contains(id),
                        let child = scenes.first(where: { $0.controllerID == id })
                    else { continue }
                    try unmodelled(
                        .unsupportedElement, child.controller,
                        "its container \(container.controller.summary) is left out; compiled as a scene of its own")
                    sceneNames[id] = child.sceneName
                    pending.append(child)
                }
            }
        }
        // A reference archived inside its container's nib (``referencePlaceholder``) is looked
        // up by its scene name too.
        for scene in scenes where embedded.contains(scene.controllerID) && references[scene.sceneName] == nil {
            if let reference = Self.externalReference(scene) { references[scene.sceneName] = reference }
        }
        if let initial = document.root["initialViewController"], embedded.contains(initial) {
            try unmodelled(
                .unsupportedAttribute, document.root,
                "the initial view controller \"\(initial)\" is archived inside its container; this is not modelled"
            )
        }
        var info: [String: StoryboardInfo.Value] = [
            "UIViewControllerIdentifiersToNibNames": .strings(identifiers), "UIStoryboardVersion": .integer(1),
        ]
        if let entryPoint { info["UIStoryboardDesignatedEntryPointIdentifier"] = .string(entryPoint) }
        if !references.isEmpty {
            info["UIViewControllerIdentifiersToExternalStoryboardReferences"] = .dictionaries(references)
        }
        files["Info.plist"] = try StoryboardInfo.plist(info, fileName: document.fileName)
        return files
    }

    /// A storyboard reference's entry in `Info.plist`'s external references: the storyboard,
    /// and the controller identifier when the reference names one; nil for other scenes.
    static func externalReference(_ scene: Scene) -> [String: String]? {
        guard scene.isReference, let storyboard = scene.controller["storyboardName"] else { return nil }
        var reference = ["UIReferencedStoryboardName": storyboard]
        if let identifier = scene.controller["referencedIdentifier"] {
            reference["UIReferencedControllerIdentifier"] = identifier
        }
        return reference
    }

    /// The scenes a running app can reach: the initial controller's, those with a storyboard
    /// identifier (code can instantiate them) and the destinations of segues from reachable
    /// scenes. ibtool archives no others (Sylladise1-6.3: a navigation controller without an
    /// identifier that nothing leads to has no nib, and its root, which has an identifier,
    /// gets its own scene nib as if it had no parent).
    static func reachable(_ scenes: [Scene], initial: String?) -> [Scene] {
        var reached: Set<String> = []
        var pending: [String] = scenes.compactMap { scene in
            scene.controllerID == initial || scene.controller["storyboardIdentifier"] != nil ? scene.controllerID : nil
        }
        let byID = Dictionary(scenes.map { ($0.controllerID, $0) }, uniquingKeysWith: { first, _ in first })
        while let id = pending.popLast() {
            guard reached.insert(id).inserted, let scene = byID[id] else { continue }
            for segue in scene.element.descendants where segue.name == "segue" {
                if let destination = segue["destination"], !reached.contains(destination) {
                    pending.append(destination)
                }
            }
        }
        return scenes.filter { reached.contains($0.controllerID) }
    }

    /// The scenes in document order, checked.
    private func scenes() throws(CompileError) -> [Scene] {
        var scenes: [Scene] = []
        for sceneList in document.root.children(named: "scenes") {
            for scene in sceneList.children(named: "scene") {
                guard let objects = scene.child("objects") else { continue }
                guard let controller = objects.children.first(where: { $0["sceneMemberID"] == "viewController" }) else {
                    try unmodelled(
                        .unsupportedElement, scene, "a scene without a view controller is not modelled; left out")
                    continue
                }
                guard let controllerID = controller["id"] else {
                    try unmodelled(.invalidSource, controller, "the view controller has no id; its scene is left out")
                    continue
                }
                let uiKitClass: String
                if let known = Self.controllers[controller.name] {
                    uiKitClass = known
                } else if Self.referenceElements.contains(controller.name) {
                    // A storyboard reference stands for a scene of another storyboard
                    // (``referenceNib(_:resources:)``).
                    let known: Set = [
                        "id", "sceneMemberID", "storyboardName", "referencedIdentifier", "bundleIdentifier",
                    ]
                    for name in controller.attributes.keys.sorted() where !known.contains(name) {
                        try unmodelled(
                            .unsupportedAttribute, controller,
                            "attribute \(name) on a storyboard reference is not modelled; left out")
                    }
                    if controller["bundleIdentifier"] != nil {
                        try unmodelled(
                            .unsupportedAttribute, controller,
                            "a storyboard reference's bundleIdentifier is not modelled (no compiled nib shows it); the storyboard is looked up in the app's bundle"
                        )
                    }
                    guard controller["storyboardName"] != nil else {
                        try unmodelled(
                            .invalidSource, controller, "a storyboard reference without a storyboardName is left out")
                        continue
                    }
                    let sceneName = try OutputFileName.checked(
                        "UIViewController-\(controllerID)", suffix: ".nib", what: "controller id", element: controller,
                        file: document.fileName)
                    scenes.append(
                        Scene(
                            element: scene, controller: controller, controllerID: controllerID,
                            uiKitClass: "UIViewController", sceneName: sceneName, firstResponderID: nil,
                            isReference: true))
                    continue
                } else {
                    // Another controller kind: archived as a view controller of its own class.
                    uiKitClass = ClassHierarchy.uiKitClass(forElement: controller.name)
                    try unmodelled(
                        .unsupportedElement, controller,
                        "<\(controller.name)> scenes are not modelled; archived as a view controller of class \(uiKitClass)"
                    )
                }
                for name in controller.attributes.keys.sorted() where !Self.controllerAttributes.contains(name) {
                    try unmodelled(
                        .unsupportedAttribute, controller,
                        "attribute \(name) on a view controller is not modelled; left out")
                }
                var members: [SourceElement] = []
                for other in objects.children where other !== controller {
                    // Objects in the scene beside its controller: gesture recognizers, custom
                    // objects and views (``sceneMember(_:context:resources:)``).
                    if GestureRecognizerRule.handles(other) || UIKitCustomObjectRule.handles(other)
                        || ViewRule.all[other.name] != nil,
                        other["id"] != nil
                    {
                        members.append(other)
                        continue
                    }
                    // The scene's Exit: what unwind segues point at in Interface Builder; the
                    // templates carry the action (``SegueRule``), nothing archives the exit.
                    if other.name == "exit" { continue }
                    guard other.name == "placeholder", other["placeholderIdentifier"] == "IBFirstResponder" else {
                        try unmodelled(
                            .unsupportedElement, other, "<\(other.name)> in a scene is not modelled; left out")
                        continue
                    }
                }
                let firstResponderID = objects.children.first { $0["placeholderIdentifier"] == "IBFirstResponder" }?[
                    "id"]
                // Before Xcode 7, ibtool named every scene nib after UIViewController.
                let nibClass =
                    Self.containerRelationships[controller.name] != nil && document.era < XcodeEra(7)
                    ? "UIViewController" : uiKitClass
                // A scene with a storyboard identifier is named after it.
                let sceneName = try OutputFileName.checked(
                    controller["storyboardIdentifier"] ?? "\(nibClass)-\(controllerID)", suffix: ".nib",
                    what: controller["storyboardIdentifier"] == nil ? "controller id" : "storyboard identifier",
                    element: controller, file: document.fileName)
                scenes.append(
                    Scene(
                        element: scene, controller: controller, controllerID: controllerID, uiKitClass: uiKitClass,
                        sceneName: sceneName, firstResponderID: firstResponderID, members: members))
            }
        }
        return scenes
    }

    /// A container's relationship segues to the children archived in its scene nib, in order.
    private func childSegues(of scene: Scene) -> [SourceElement] {
        guard let relationships = Self.containerRelationships[scene.controller.name] else { return [] }
        let segues = scene.controller.child("connections")?.children(named: "segue") ?? []
        let rank = { (segue: SourceElement) in relationships.firstIndex(of: segue["relationship"] ?? "") }
        return segues.enumerated().filter { $0.element["kind"] == "relationship" && rank($0.element) != nil }
            .sorted { (rank($0.element) ?? 0, $0.offset) < (rank($1.element) ?? 0, $1.offset) }.map(\.element)
    }

    /// Size-class storyboards that preview a `<device>` (the Xcode 8 document format) compile
    /// their controllers' root views at the 600 × 600 "any size" canvas, whatever device the
    /// document previews, when Xcode 7 or 8 builds them (hekaiyou, lfabreges, UEA: 375 × 667 or
    /// 1024 × 768 → 600 × 600). Later Xcodes keep the frame, except in storyboards other than
    /// launch screens that declare an unversioned iOS deployment (`<deployment identifier="iOS"/>`:
    /// BestKai and Idrill7 → 600 × 600; Idrill7 without the declaration, mioppong,
    /// blakeleftwich and the other launch screens keep theirs). Older documents name their
    /// frame for the simulated screen and keep it (ROMPiOS, ibrahimtaleb 320 × 568, allianad).
    /// The deployment exception is seen from Xcode 9 and 10 builds only (Idrill7, BestKai); the
    /// corpus's compiled nibs show later builds keeping the device size of template storyboards
    /// that declare it (eagle-eyexk tiligo-webapp 375 × 667, man12nam ios-63 852 × 393, both coder
    /// 10), so from Xcode 11 every root view keeps its frame.
    ///
    /// A size-class storyboard that previews no device at all (neither `<device>` nor a
    /// simulated destination screen) is drawn on the "any size" canvas, and every Xcode compiles
    /// its root views at 600 × 600 whatever their frame (duckduckgo's share extension,
    /// MainInterface-19873ba8: an Xcode 9 document at 375 × 667, built by Xcode 13.2), launch
    /// screens excepted (Carbook's 414 × 736 is kept).
    var rootViewFrame: [Double]? {
        guard document.root.flag("useTraitCollections") else { return nil }
        guard document.root.child("device") != nil else {
            return simulatesScreen || document.root.flag("launchScreen") ? nil : [0, 0, 600, 600]
        }
        let declaresDeployment =
            document.root.child("dependencies")?.children(named: "deployment").contains {
                $0["identifier"] == "iOS" && $0["version"] == nil
            } ?? false
        let deploymentResizes =
            declaresDeployment && !document.root.flag("launchScreen") && document.era < XcodeEra(11)
        guard !document.era.keepsDeviceSizeForRootViews || deploymentResizes else { return nil }
        return [0, 0, 600, 600]
    }

    /// The point size (portrait) of the screen of each `<device id>` Interface Builder previews
    /// on, as Apple's device specifications give them.
    static let deviceScreens: [String: (width: Double, height: Double)] = [
        "retina3_5": (320, 480), "retina4_0": (320, 568), "retina4_7": (375, 667), "retina5_5": (414, 736),
        "retina5_4": (375, 812), "retina5_9": (375, 812), "retina6_0": (390, 844), "retina6_1": (414, 896),
        "retina6_5": (414, 896), "retina6_7": (428, 926), "retina6_12": (393, 852), "retina6_72": (430, 932),
        "retina6_3": (402, 874), "retina6_9": (440, 956), "ipad9_7": (768, 1024), "ipad10_2": (810, 1080),
        "ipad10_5": (834, 1112), "ipad10_9rounded": (820, 1180), "ipad11_0rounded": (834, 1194),
        "ipad12_9": (1024, 1366), "ipad12_9rounded": (1024, 1366),
    ]

    /// Xcode 13 archives a controller's root view at the size it has on the previewed device,
    /// not the frame the document keeps for it under its simulated bars: the controller's
    /// freeform size when it has one, else the device's screen; an embedded controller's view
    /// keeps its frame (its container sizes it). Evidence: the 62 controller views of the
    /// duckduckgo pairs (Xcode 13.2), 61 of them by this rule (Settings' 414 × 808 → 414 × 896 on
    /// a retina6_5, PrivacyProtection's freeform 414 × 736 and 375 × 812 on a retina5_9,
    /// Bookmarks' 591-high views → 667 but its embedded folders table kept at 591), the 62nd
    /// by ``rootViewFrame`` (no device). `nil`: keep the document's frame (earlier Xcodes, no
    /// or an unknown device).
    func screenFrame(for controller: SourceElement) -> [Double]? {
        guard document.era >= XcodeEra(13), let device = document.root.child("device"),
            let id = controller["id"]
        else { return nil }
        guard !embeddedControllerIDs.contains(id) else { return nil }
        if let freeform = controller.child("size", key: "freeformSize"), let width = freeform.number("width"),
            let height = freeform.number("height"), [width, height].allSatisfy({ $0 >= 0 && $0 <= 1e6 })
        {
            return [0, 0, width, height]
        }
        guard let screen = Self.deviceScreens[device["id"]?.lowercased() ?? ""] else { return nil }
        return device["orientation"] == "landscape"
            ? [0, 0, screen.height, screen.width] : [0, 0, screen.width, screen.height]
    }

    private func error(_ code: CompileError.Code, _ element: SourceElement, _ message: String) -> CompileError {
        CompileError(
            code: code, file: document.fileName, line: element.line, column: element.column, element: element.summary,
            message: message)
    }

    /// Reports something no rule models at `element` as a warning and goes on (an error with
    /// `--strict`, after the whole document was looked at).
    private func unmodelled(_ code: CompileError.Code, _ element: SourceElement, _ message: String) throws(CompileError)
    {
        try document.diagnostics.recover(error(code, element, message))
    }

    /// The scene nib: File's Owner, the controller (with, for a navigation controller, its bar
    /// and root controller) and the storyboard placeholders. View nibs are added to `files`.
    private func sceneNib(
        _ scene: Scene, scenes: [Scene], sceneNames: [String: String], files: inout [String: [UInt8]],
        resources: UIKitResources
    ) throws(CompileError) -> [UInt8] {
        let context = newContext()
        let owner = UIKitContext.proxy("IBFilesOwner")
        let firstResponder = UIKitContext.proxy("IBFirstResponder")
        let placeholder = UIKitContext.proxy("UIStoryboardPlaceholder")
        // A container's children's storyboard placeholders lead the top-level objects.
        var leading: [ArchivedObject] = []
        var members: [ArchivedObject] = []
        // Scene members (gesture recognizers) are top-level objects before the controller.
        var topLevelMembers: [ArchivedObject] = []
        // A container's children's scene members (a root controller's gesture recognizer) are
        // top-level objects of the container's nib, after the container (duckduckgo Settings,
        // Xcode 13.2: the settings controller's tap recognizer follows its navigation
        // controller).
        var childTopLevelMembers: [ArchivedObject] = []
        let controllerObject: ArchivedObject
        if let relationships = Self.containerRelationships[scene.controller.name] {
            let container = try archiveContainer(
                scene, relationships: relationships, parent: nil, scenes: scenes, context: context,
                sceneNames: sceneNames, files: &files, resources: resources)
            controllerObject = container.object
            members = container.members
            leading = container.leading
            childTopLevelMembers = container.topLevelMembers
        } else {
            let (object, templates, sceneMembers, objects) = try archive(
                scene, parent: nil, bar: nil, context: context, sceneNames: sceneNames, files: &files,
                resources: resources)
            controllerObject = object
            topLevelMembers = sceneMembers
            // A tab archived on its own (see compile()) keeps its tab bar item; a controller
            // with a navigation item outside a navigation controller (Sylladise1-6.3's home.nib)
            // lists that item too.
            members =
                templates
                + [object.object(forKey: "UINavigationItem"), object.object(forKey: "UITabBarItem")].compactMap { $0 }
                + objects
            for template in templates { context.addOutlet("viewController", source: template, destination: object) }
        }
        context.topLevel =
            context.era.listsPlaceholdersFirst
            ? leading + [owner, firstResponder, placeholder] + topLevelMembers + [controllerObject]
                + childTopLevelMembers
                // Before Xcode 13 a container's children's scene members lead (xuyuntest bee's
                // EditViewController scene: ten views, then its storyboard placeholder, then the
                // navigation controller).
            : childTopLevelMembers + leading + topLevelMembers + [controllerObject]
                + [owner, firstResponder, placeholder]
        // Each object once (a tab's own tab bar item is also its tab bar's); with what the rules
        // tracked on the way (a scene member view's subviews, constraints and guides).
        var listed: Set<ObjectIdentifier> = []
        context.allObjects = (context.topLevel + members + context.allObjects).filter {
            listed.insert(ObjectIdentifier($0)).inserted
        }
        context.connections.insert(
            contentsOf: [
                Self.outlet("sceneViewController", source: owner, destination: controllerObject),
                Self.outlet("storyboard", source: controllerObject, destination: placeholder),
            ], at: 0)
        // The scene members' own connections (a recognizer's action to the controller).
        try context.resolve()
        return try UIKitRuntimeForm.serialize(context, fileName: document.fileName)
    }

    /// How deep containers may nest in one scene nib (real interfaces nest two or three).
    static let maximumContainerDepth = 16

    /// What archiving a container controller gives the scene nib that holds it.
    private struct ArchivedContainer {
        /// The container (class-swapped when its class is custom).
        var object: ArchivedObject
        /// The nib's other objects it brings: bars, children, items, segue templates.
        var members: [ArchivedObject]
        /// Its children's storyboard placeholders, top-level objects before the controller.
        var leading: [ArchivedObject]
        /// Its children's scene members, top-level objects after the controller.
        var topLevelMembers: [ArchivedObject]
    }

    /// Archives a navigation, tab bar or split view controller (`relationships` name its
    /// children's segues) with its bar and its children, into the scene nib `context` builds;
    /// `parent` is set for a container inside another (a tab bar controller's navigation
    /// controllers). The children's view nibs go to `files`. `enclosing` holds the ids of the
    /// containers around this one: a document whose containers hold each other (or nest deeper
    /// than any interface does) is refused rather than followed forever.
    private func archiveContainer(
        _ scene: Scene, relationships: [String], parent: ArchivedObject?, scenes: [Scene], context: UIKitContext,
        sceneNames: [String: String], files: inout [String: [UInt8]], resources: UIKitResources,
        enclosing: Set<String> = []
    ) throws(CompileError) -> ArchivedContainer {
        guard !enclosing.contains(scene.controllerID) else {
            throw error(
                .invalidSource, scene.controller, "the container contains itself through its relationship segues")
        }
        guard enclosing.count < Self.maximumContainerDepth else {
            throw error(
                .invalidSource, scene.controller,
                "containers nest more than \(Self.maximumContainerDepth) deep; the scene is not archived")
        }
        var leading: [ArchivedObject] = []
        var members: [ArchivedObject] = []
        var templatesOf: [(ArchivedObject, ArchivedObject)] = []
        var childTopLevelMembers: [ArchivedObject] = []
        // Navigation controllers: Xcode 6 to 8 (allianad-489d01fe is Xcode 8 output) and 13
        // (duckduckgo); tab bar controllers: Xcode 6 and 7 (the pairs), 9, 11, 12, 14 and 15
        // (the corpus's tab bar controllers, ``TabBarRule``).
        var barEra = context.era
        let isNavigation = relationships == ["rootViewController"]
        let isSplit = scene.controller.name == "splitViewController"
        if isNavigation {
            // Xcode 9 and 10: the older bar, zero wide (chadanewsom build.io's five bars, which
            // round-trip, and xuyuntest bee's); Xcode 11 and 12: the iOS 13 SDK's view keys, as
            // Xcode 13 writes them (COVIDSAFE's, which round-trips; Umarovm's), with their own bar
            // height (``NavigationRule/barHeight(_:era:)``).
            if (XcodeEra(9)..<XcodeEra(13)).contains(context.era) {
                barEra = context.era < XcodeEra(11) ? XcodeEra(8) : XcodeEra(13)
            }
        } else if isSplit {
            // One split view controller in the corpus (ikyih seed, Xcode 15).
            _ = try context.modelledEra(
                for: scene.controller, "<\(scene.controller.name)> scenes",
                modelled: XcodeEra(15)..<XcodeEra(16), newest: XcodeEra(15), shown: "Xcode 15")
        } else {
            _ = try context.modelledEra(
                for: scene.controller, "<\(scene.controller.name)> scenes",
                modelled: XcodeEra(0)..<XcodeEra(16), newest: XcodeEra(15), shown: "Xcode 6 to 15")
        }
        var children: [Scene] = []
        for segue in childSegues(of: scene) {
            guard let child = scenes.first(where: { $0.controllerID == segue["destination"] }) else {
                throw error(.invalidSource, segue, "the segue's destination is no scene")
            }
            children.append(child)
        }
        // A container without children is archived with empty lists (ikyih, Xcode 15: four
        // navigation controllers without a root and a tab bar controller without tabs; kiralab's
        // TabView, Xcode 14); a navigation controller has one root at most.
        guard !isNavigation || children.count <= 1 else {
            throw error(
                .invalidSource, scene.controller,
                "a \(scene.controller.name) has more than one rootViewController segue")
        }
        let container = ArchivedObject(scene.uiKitClass)
        let barKey = isNavigation ? "navigationBar" : "tabBar"
        let bar: ArchivedObject?
        if isSplit {
            bar = nil
        } else {
            guard let barElement = scene.controller.child(barKey, key: barKey) else {
                throw error(.invalidSource, scene.controller, "the \(scene.controller.name) has no <\(barKey)>")
            }
            bar =
                isNavigation
                ? try NavigationRule.bar(barElement, controller: container, context: context, era: barEra)
                : try TabBarRule.bar(barElement, controller: container, context: context)
        }
        var childObjects: [ArchivedObject] = []
        var childMembers: [ArchivedObject] = []
        var items: [ArchivedObject] = []
        for child in children {
            let childObject: ArchivedObject
            let templates: [ArchivedObject]
            let childSceneMembers: [ArchivedObject]
            let childSceneObjects: [ArchivedObject]
            if let childRelationships = Self.containerRelationships[child.controller.name] {
                // A container inside a container (a tab bar controller's navigation controllers):
                // archived the same way, with its parent, in the outer container's nib
                // (chadanewsom build.io, Xcode 9: five navigation controllers and their roots in
                // the tab bar controller's nib; Umarovm Whats-Cooking, Xcode 12: four).
                let nested = try archiveContainer(
                    child, relationships: childRelationships, parent: container, scenes: scenes, context: context,
                    sceneNames: sceneNames, files: &files, resources: resources,
                    enclosing: enclosing.union([scene.controllerID]))
                (childObject, templates) = (nested.object, [])
                (childSceneMembers, childSceneObjects) = (nested.topLevelMembers, nested.members)
                leading = nested.leading + leading
            } else if child.isReference {
                childObject = try referencePlaceholder(child, context: context)
                (templates, childSceneMembers, childSceneObjects) = ([], [], [])
            } else {
                (childObject, templates, childSceneMembers, childSceneObjects) = try archive(
                    child, parent: container, bar: isNavigation ? bar : nil, context: context,
                    sceneNames: sceneNames, files: &files, resources: resources)
            }
            childObjects.append(childObject)
            let item = childObject.object(forKey: isNavigation ? "UINavigationItem" : "UITabBarItem")
            if let item, !isSplit { items.append(item) }
            childMembers.append(childObject)
            childMembers += childSceneObjects
            childTopLevelMembers += childSceneMembers
            templatesOf.append(contentsOf: templates.map { ($0, childObject) })
            // Each child has its own storyboard placeholder; they lead the top-level objects,
            // the last child's first.
            let childPlaceholder = UIKitContext.proxy("UIStoryboardPlaceholder")
            leading.insert(childPlaceholder, at: 0)
            context.addOutlet("storyboard", source: childObject, destination: childPlaceholder)
        }
        var toolbarObjects: [ArchivedObject] = []
        // A container's own navigation item is UIViewController's, first (it is used when
        // another container pushes it): a tab bar controller's (Sylladise1.3, Xcode 7) and a
        // navigation controller's (Umarovm's EditMeal, Xcode 12: UILargeTitleDisplayMode 2
        // for `largeTitleDisplayMode="never"`, right after the tab bar item, before the
        // identifier), listed with its bar button items.
        if let item = scene.controller.child("navigationItem", key: "navigationItem") {
            var barItems: [ArchivedObject] = []
            let navigationItem = try NavigationRule.item(
                item, bar: nil, context: context, resources: resources, items: &barItems)
            context.track(navigationItem, id: item["id"])
            container.set("UINavigationItem", navigationItem)
            members.append(navigationItem)
            members += barItems
        }
        // UIViewController's keys, the same for every container: the identifiers first
        // (duckduckgo Bookmarks, Xcode 13.2; Sylladise1.3's tab bar controller, Xcode 7; ikyih's
        // split view controller, Xcode 15), the parent when nested (Umarovm's navigation
        // controllers), the children, the presentation and layout flags.
        try encodeContainerController(scene.controller, container, parent: parent, children: childObjects)
        if isNavigation {
            if !childObjects.isEmpty {
                container.set("UIViewControllers", .collection("NSMutableArray", childObjects))
            }
            if let bar { container.set("UINavigationBar", bar) }
            // A hidden navigation bar: `UINavigationBarHidden` true right after the bar
            // (Sn0wFX phoenix-ida's and COVIDSAFE's navigation controllers).
            if scene.controller.flag("navigationBarHidden") { container.set("UINavigationBarHidden", .bool(true)) }
            if let element = scene.controller.child("toolbar", key: "toolbar") {
                let toolbar = try Self.navigationToolbar(element, context: context, resources: resources)
                container.set("UIToolbar", toolbar)
                toolbarObjects = [toolbar]
                if scene.controller["toolbarHidden"] == "NO" { container.set("UIToolbarShown", .bool(true)) }
            }
        } else if isSplit {
            // ikyih seed's split view controller (Xcode 15): its master and detail are
            // UIChildViewControllers only (no UIViewControllers), then the primary edge,
            // UISplitViewController's `primaryEdge` (iOS 14 SDK, Xcode 12: Apple's documentation),
            // 0 for leading.
            if context.era >= XcodeEra(12) { container.set("UISplitViewControllerPrimaryEdge", int: 0) }
        } else {
            if let bar { container.set("UITabBar", bar) }
            container.set("UICustomizableViewControllers", .collection("NSMutableArray", childObjects))
            container.set("UIViewControllers", .collection("NSMutableArray", childObjects))
        }
        if let bar, isNavigation, barEra >= XcodeEra(13) {
            // After the view keys, only when there is an item (duckduckgo: five bars with
            // their root's item, PrivacyProtection's without one).
            if !items.isEmpty {
                // Right before the delegate: after the large title keys (Umarovm's seven
                // bars) and, from Xcode 16, the bar's lock (ikyih's six bars).
                bar.insert("UIItems", .object(.collection("NSMutableArray", items)), before: "UIDelegate")
            }
        } else if let bar {
            // A navigation bar's items come before its delegate (Sn0wFX phoenix-ida's bar: …,
            // UIViewSemanticContentAttribute, UIItems, UIDelegate, UIBarPosition), a tab
            // bar's right after it (the corpus's 5 tab bars: UIDelegate, UIItems,
            // UIBarTranslucence); either way before a custom class's names.
            let list = ArchivedObject.Value.object(
                .collection(isNavigation ? NavigationRule.itemsClass(context.era) : "NSArray", items))
            if isNavigation {
                bar.insert("UIItems", list, before: "UIDelegate")
            } else {
                bar.insert("UIItems", list, after: "UIDelegate")
            }
        }
        try checkChildren(
            of: scene.controller, allowing: isSplit ? [] : isNavigation ? [barKey, "toolbar"] : [barKey])
        // A container's own tab bar item (a navigation controller that is a tab) is
        // UIViewController's `UITabBarItem`, before the container's own keys: the corpus's
        // navigation controllers archived in their tab bar controllers' nibs (chadanewsom ×2,
        // Umarovm, swindlesmccoop: UITitle, UITabBarItem, then the controller hierarchy).
        // Its title comes first (chadanewsom's navigation controllers, Xcode 9: UITitle before
        // UITabBarItem), as UIViewController's; a title with a line break is a child element.
        let existing = container.values
        container.removeAllValues()
        if let title = scene.controller["title"] ?? scene.controller.child("string", key: "title")?.text {
            container.set("UITitle", context.text(title, id: scene.controller["id"], property: "title"))
        }
        if let item = scene.controller.child("tabBarItem", key: "tabBarItem"),
            let tabBarItem = try context.recovered({ () throws(CompileError) in
                try TabBarRule.item(item, context: context, resources: resources)
            })
        {
            container.set("UITabBarItem", tabBarItem)
            members.append(tabBarItem)
        }
        for (key, value) in existing { container.set(key, value) }
        let controllerObject = try ClassSwapRule.wrap(container, element: scene.controller, context: context)
        // Containers without a custom class are swapped too from Xcode 11, as controllers are
        // (duckduckgo Onboarding's UINavigationController, Xcode 13.2).
        if controllerObject.className != "UIClassSwapper", swapsPlainController(scene, era: context.era) {
            controllerObject.set("UIClassName", .string(scene.uiKitClass))
            controllerObject.set("UIOriginalClassName", .string(scene.uiKitClass))
            controllerObject.swapClass("UIClassSwapper")
        }
        try scheduleRuntimeAttributes(
            of: scene.controller, object: controllerObject, context: context, resources: resources)
        for (template, source) in templatesOf {
            context.addOutlet("viewController", source: template, destination: source)
        }
        return ArchivedContainer(
            object: controllerObject,
            members: (bar.map { [$0] } ?? []) + toolbarObjects + childMembers + items + members + templatesOf.map(\.0),
            leading: leading, topLevelMembers: childTopLevelMembers)
    }

    /// The scene nib of a storyboard reference: File's Owner, First Responder and the storyboard
    /// placeholder, then a `UIStoryboardViewControllerPlaceholder` whose `UIStoryboardIdentifier`
    /// is the scene's own name, which File's Owner's `sceneViewController` outlet names; a
    /// navigation item the reference carries is listed among the objects only. UIKit looks the
    /// scene's name up in `Info.plist`'s `UIViewControllerIdentifiersToExternalStoryboardReferences`
    /// (storyboard name, and the controller identifier when the reference names one) and loads
    /// that controller instead. Evidence: the 18 storyboard references of seven duckduckgo
    /// storyboards (Xcode 13.2), with and without identifiers and navigation items.
    private func referenceNib(_ scene: Scene, resources: UIKitResources) throws(CompileError) -> [UInt8] {
        let context = newContext()
        let owner = UIKitContext.proxy("IBFilesOwner")
        let firstResponder = UIKitContext.proxy("IBFirstResponder")
        let placeholder = UIKitContext.proxy("UIStoryboardPlaceholder")
        let reference = ArchivedObject("UIStoryboardViewControllerPlaceholder")
        reference.set("UIStoryboardIdentifier", .string(scene.sceneName))
        var members: [ArchivedObject] = []
        for child in scene.controller.children {
            if child.name == "navigationItem", child["key"] == "navigationItem" {
                var barItems: [ArchivedObject] = []
                let item = try NavigationRule.item(
                    child, bar: nil, context: context, resources: resources, items: &barItems)
                members += [item] + barItems
            } else {
                try unmodelled(
                    .unsupportedElement, child,
                    "<\(child.name)> inside a storyboard reference is not modelled; left out")
            }
        }
        context.topLevel =
            context.era.listsPlaceholdersFirst
            ? [owner, firstResponder, placeholder, reference] : [reference, owner, firstResponder, placeholder]
        context.allObjects = context.topLevel + members
        context.connections.insert(Self.outlet("sceneViewController", source: owner, destination: reference), at: 0)
        try context.resolve()
        return try UIKitRuntimeForm.serialize(context, fileName: document.fileName)
    }

    /// A fresh context for one nib of the storyboard.
    private func newContext() -> UIKitContext {
        UIKitContext(
            fileName: document.fileName, isBaseLocalized: document.isBaseLocalized, module: document.module,
            era: document.era, imagesAvailable: document.imagesAvailable, customFonts: document.customFontNames,
            diagnostics: document.diagnostics)
    }

    /// A `UIRuntimeOutletConnection` record.
    private static func outlet(_ label: String, source: ArchivedObject, destination: ArchivedObject) -> ArchivedObject {
        let connection = ArchivedObject("UIRuntimeOutletConnection")
        connection.set("UILabel", .string(label))
        connection.set("UISource", source)
        connection.set("UIDestination", destination)
        return connection
    }

    /// An object of a scene beside its controller, archived in the scene nib as a top-level
    /// object before the controller and kept alive by it (`UITopLevelObjectsToKeepAliveFromStoryboard`):
    /// a gesture recognizer (duckduckgo HomeRow, Home, Authentication, Xcode 13.2), a view
    /// (xuyuntest bee's EditViewController scene, ten views beside the controller, Xcode 10 or
    /// 11), a custom object (``UIKitCustomObjectRule``; by analogy: no compiled scene shows one).
    private func sceneMember(_ member: SourceElement, context: UIKitContext, resources: UIKitResources)
        throws(CompileError) -> ArchivedObject
    {
        if GestureRecognizerRule.handles(member) {
            return try GestureRecognizerRule.recognizer(member, context: context)
        }
        if UIKitCustomObjectRule.handles(member) {
            return try UIKitCustomObjectRule.object(member, context: context, resources: resources)
        }
        return try ViewEncoder(context: context, resources: resources).encode(member)
    }

    /// The keys every container archives as a `UIViewController`, in Apple's order: storyboard
    /// and restoration identifiers, the parent of a nested container, the children, the
    /// presentation and layout flags.
    private func encodeContainerController(
        _ controller: SourceElement, _ container: ArchivedObject, parent: ArchivedObject?, children: [ArchivedObject]
    ) throws(CompileError) {
        if let identifier = controller["storyboardIdentifier"] {
            container.set("UIStoryboardIdentifier", .string(identifier))
            if controller.flag("useStoryboardIdentifierAsRestorationIdentifier") {
                container.set("UIRestorationIdentifier", .string(identifier))
            }
        }
        if let parent { container.set("UIParentViewController", parent) }
        if !children.isEmpty { container.set("UIChildViewControllers", .collection("NSMutableArray", children)) }
        try encodeModalStyles(controller, into: container)
        Self.encodeLayoutFlags(controller, into: container)
        Self.encodeScrollViewInsetsFlag(controller, into: container)
    }

    /// A storyboard reference that is a container's child (a tab that lives in another
    /// storyboard): the `UIStoryboardViewControllerPlaceholder` a reference's own scene nib holds
    /// (``referenceNib(_:resources:)``: only `UIStoryboardIdentifier`, the reference's scene
    /// name, which `Info.plist` maps to the other storyboard). No compiled nib shows one inside
    /// a container (a warning); UIKit replaces the placeholder when it decodes it, and the
    /// referenced controller brings its own tab bar item, so the reference's is left out.
    private func referencePlaceholder(_ scene: Scene, context: UIKitContext) throws(CompileError) -> ArchivedObject {
        try unmodelled(
            .unsupportedElement, scene.controller,
            "no compiled nib shows a storyboard reference inside a container; archived as the placeholder a reference's scene nib holds (its own tab bar item or navigation item left out)"
        )
        let placeholder = ArchivedObject("UIStoryboardViewControllerPlaceholder")
        placeholder.set("UIStoryboardIdentifier", .string(scene.sceneName))
        context.track(placeholder, id: scene.controllerID)
        return placeholder
    }

    /// `<value key="contentSizeForViewInPopover" type="size">` (UIViewController's
    /// `preferredContentSize`, which ibtool archives under both its names when the archived view
    /// keeps its size: duckduckgo's pairs), nil without one.
    static func popoverContentSize(of controller: SourceElement) -> ArchivedObject.Value? {
        guard
            let value = controller.children.first(where: {
                $0.name == "value" && $0["key"] == "contentSizeForViewInPopover"
            }),
            value["type"] == "size", let width = value.number("width"), let height = value.number("height"),
            [width, height].allSatisfy({ $0 >= 0 && $0 <= 1e6 })
        else { return nil }
        return ArchivedObject.geometry([width, height])
    }

    /// A controller's user-defined runtime attributes: key-value pairs of the scene nib that
    /// holds the controller, set on it at load time (chadanewsom build.io, Xcode 9: the root
    /// controllers' five attributes in their tab bar controller's nib; kiralab dmcc, Xcode 14: a
    /// tab bar controller's `selectedIndex`).
    private func scheduleRuntimeAttributes(
        of controller: SourceElement, object: ArchivedObject, context: UIKitContext, resources: UIKitResources
    ) throws(CompileError) {
        guard let list = controller.child("userDefinedRuntimeAttributes") else { return }
        try RuntimeAttributeRule.schedule(list, object: object, context: context, resources: resources)
    }

    /// Reports controller children without a rule (left out with a warning).
    private func checkChildren(of controller: SourceElement, allowing extra: Set<String>) throws(CompileError) {
        for child in controller.children {
            switch (child.name, child["key"]) {
            case (_, "view"), ("layoutGuides", _): break
            case ("navigationItem", "navigationItem"), ("tabBarItem", "tabBarItem"): break
            // Interface Builder's simulated metrics are design-time only.
            case ("nil", let key?) where key.hasPrefix("simulated"): break
            case (let name, let key?) where name.hasPrefix("simulated") && key.hasPrefix("simulated"): break
            case ("connections", _):
                for connection in child.children {
                    let isRelationship = connection.name == "segue" && connection["kind"] == "relationship"
                    let isContainer = Self.containerRelationships[controller.name] != nil
                    // Outlets and outlet collections to the view's objects are archived in the
                    // view nib (``viewNib(controller:view:firstResponderID:memberIDs:resources:)``;
                    // duckduckgo Settings' 41 collections are Apple's, one for one).
                    let allowed =
                        connection.name == "outlet" || connection.name == "outletCollection"
                        || (isRelationship
                            && Self.containerRelationships[controller.name]?.contains(connection["relationship"] ?? "")
                                == true)
                        || (connection.name == "segue" && !isRelationship && !isContainer)
                    if !allowed {
                        try unmodelled(
                            .unsupportedElement, connection,
                            "<\(connection.name)> on a \(controller.name) is not modelled; left out")
                    }
                }
            case ("point", _), ("size", "freeformSize"): break
            // Read with the controller's toolbar items; runtime attributes with the controller.
            case ("toolbarItems", _), ("userDefinedRuntimeAttributes", _): break
            // Interface Builder's note that a container's controllers come from its relationship
            // segues (GitHawk, LoopKit, RocketChat…): nothing of its own.
            case ("nil", nil) where child["name"] == "viewControllers": break
            // Read by ``encodeLayoutFlags(_:into:)`` and with the title.
            case ("extendedEdge", "edgesForExtendedLayout"), ("string", "title"): break
            // The simulated destination size (freeform, page sheet, …) is Interface Builder's
            // canvas, like the other simulated metrics: ibtool archives nothing for it.
            case (let name, "simulatedDestinationMetrics") where name.hasSuffix("SimulatedSizeMetrics"): break
            case ("value", "contentSizeForViewInPopover"):
                // Written when the archived view is not resized; the view's size is archived then.
                let frame = controller.child(key: "view")?.child("rect", key: "frame")
                guard child["type"] == "size", controller["autoresizesArchivedViewToFullSize"] == "NO",
                    child.number("width") == frame?.number("width"), child.number("height") == frame?.number("height")
                else {
                    // Archived as the evidence's keys hold it (``popoverContentSize(of:)``).
                    try unmodelled(
                        .unsupportedElement, child,
                        "no compiled nib shows a contentSizeForViewInPopover other than a view's size that is not resized; archived as UIContentSizeForViewInPopover and UIPreferredContentSize"
                    )
                    break
                }
            case (let name, _) where extra.contains(name): break
            default:
                try unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a view controller is not modelled; left out")
            }
        }
    }

    /// Archives a view or table view controller (its view nib goes to `files`): the controller
    /// object and the segue templates its controls trigger. `parent` and `bar` are set for a
    /// navigation controller's root controller.
    private func archive(
        _ scene: Scene, parent: ArchivedObject?, bar: ArchivedObject?, context: UIKitContext,
        sceneNames: [String: String], files: inout [String: [UInt8]], resources: UIKitResources
    ) throws(CompileError) -> (ArchivedObject, [ArchivedObject], [ArchivedObject], [ArchivedObject]) {
        let controller = scene.controller
        try checkChildren(of: controller, allowing: [])
        let className = scene.uiKitClass
        let object = ArchivedObject(className)
        var viewNibName: String?
        var upstream: [(name: String, target: String)] = []
        // Outlets from the controller to objects of the scene nib (its bar items).
        var itemOutlets: [(String, ArchivedObject)] = []
        // Objects of the scene nib besides the top-level ones (bar button items).
        var sceneObjects: [ArchivedObject] = []
        // Scene members (gesture recognizers) live in the scene nib; the view nib sees them
        // through upstream placeholders, as it sees the controller.
        var membersByID: [String: ArchivedObject] = [:]
        var memberObjects: [ArchivedObject] = []
        for member in scene.members {
            guard let id = member["id"] else { continue }
            guard
                let object = try context.recovered({ () throws(CompileError) in
                    try sceneMember(member, context: context, resources: resources)
                })
            else { continue }
            context.objectsByID[id] = object
            membersByID[id] = object
            memberObjects.append(object)
        }
        if let view = controller.child(key: "view") {
            let name = try OutputFileName.checked(
                "\(scene.controllerID)-view-\(view["id"] ?? "")", suffix: ".nib", what: "controller and view ids",
                element: view, file: document.fileName)
            viewNibName = name
            let (bytes, placeholders) = try viewNib(
                controller: controller, view: view, firstResponderID: scene.firstResponderID,
                memberIDs: Set(membersByID.keys), resources: resources)
            files[name + ".nib"] = bytes
            upstream = placeholders
        }
        // Segue templates, by segue id, for the segues the view's controls trigger.
        var templates: [ArchivedObject] = []
        var templatesByID: [String: ArchivedObject] = [:]
        // The templates of the segues `elements` trigger, in document order.
        func collectTemplates(of elements: [SourceElement]) throws(CompileError) {
            for element in elements {
                for segue in element.child("connections")?.children(named: "segue") ?? [] {
                    guard let id = segue["id"], let destinationID = segue["destination"] else {
                        throw error(.invalidSource, segue, "the segue has no id or destination")
                    }
                    guard let destination = Self.templateDestination(segue, destinationID, sceneNames) else {
                        try unmodelled(
                            .invalidSource, segue,
                            "the segue's destination \"\(destinationID)\" is no scene with a nib; the segue is left out"
                        )
                        continue
                    }
                    guard
                        let template = try SegueRule.template(
                            segue, destination: destination, fileName: document.fileName,
                            diagnostics: document.diagnostics, module: document.module)
                    else { continue }
                    templates.append(template)
                    templatesByID[id] = template
                }
            }
        }
        try collectTemplates(of: controller.child(key: "view").map { [$0] + $0.descendantsOutsidePrototypes } ?? [])
        // A segue from the controller itself (performed from code) is a template too, with no
        // trigger in the view nib (ibrahimtaleb: a push to "conversationsview"). These come
        // first, in document order, then the view's (duckduckgo Main: eight presentations, then
        // two container embeds and a bar button item's presentation; Bookmarks, DaxOnboarding).
        let viewTemplates = templates
        templates = []
        for segue in controller.child("connections")?.children(named: "segue") ?? []
        where segue["kind"] != "relationship" {
            guard let destinationID = segue["destination"],
                let destination = Self.templateDestination(segue, destinationID, sceneNames)
            else {
                try unmodelled(
                    .invalidSource, segue, "the segue's destination is no scene with a nib; the segue is left out")
                continue
            }
            if let template = try SegueRule.template(
                segue, destination: destination, fileName: document.fileName, diagnostics: document.diagnostics,
                module: document.module)
            {
                templates.append(template)
                // The view nib may reach it too (a popover segue's anchor view).
                if let id = segue["id"] { templatesByID[id] = template }
            }
        }
        templates += viewTemplates
        // Then the segues of the scene's own bar button items (navigation and toolbar items),
        // in document order; the items trigger them in the scene nib (``ConnectionRule``).
        for container in controller.children
        where (container.name == "navigationItem" && container["key"] == "navigationItem")
            || container.name == "toolbarItems"
        {
            try collectTemplates(of: container.descendants.filter { $0.name == "barButtonItem" })
        }
        // A container's children share its scene nib's context: their templates join (segue
        // ids are unique in a document).
        context.sceneSegueTemplates = (context.sceneSegueTemplates ?? [:]).merging(templatesByID) { $1 }
        if let item = controller.child("navigationItem", key: "navigationItem") {
            // Outside a navigation controller the item has no bar (Sylladise1-6.3's home.nib).
            var barItems: [ArchivedObject] = []
            object.set(
                "UINavigationItem",
                try NavigationRule.item(item, bar: bar, context: context, resources: resources, items: &barItems))
            sceneObjects += barItems
            // The controller's outlets to its bar button items live in the scene nib.
            let ids = Set(item.descendants.compactMap { $0["id"] })
            for outlet in controller.child("connections")?.children(named: "outlet") ?? [] {
                guard let destination = outlet["destination"], ids.contains(destination),
                    let property = outlet["property"], let target = context.objectsByID[destination]
                else { continue }
                itemOutlets.append((property, target))
            }
        } else if bar != nil, context.era < XcodeEra(9) {
            // Xcode 6 to 8 always wrote the root's item; a later document may have none (duckduckgo
            // PrivacyProtection's root, Xcode 13.2: the bar has no items then).
            throw error(
                .unsupportedElement, controller, "a navigation controller's root controller needs a <navigationItem>")
        }
        if let item = controller.child("tabBarItem", key: "tabBarItem") {
            // A tab's controller, or any other (Sylladise1-6.3: a navigation controller's root
            // controller keeps its system item the same way).
            let tabBarItem = try TabBarRule.item(item, context: context, resources: resources)
            object.set("UITabBarItem", tabBarItem)
            // The controller's outlets to its own tab bar item live in the scene nib.
            for outlet in controller.child("connections")?.children(named: "outlet") ?? []
            where outlet["destination"] == item["id"] && item["id"] != nil {
                guard let property = outlet["property"] else {
                    throw error(.invalidSource, outlet, "the outlet has no property")
                }
                itemOutlets.append((property, tabBarItem))
            }
        }
        var table: [(ArchivedObject, ArchivedObject)] = []
        for (name, target) in upstream {
            table.append(
                (
                    .string(name),
                    target == scene.controllerID ? object : membersByID[target] ?? templatesByID[target] ?? object
                ))
        }
        // A controller without a view (its class makes one in code) has no view nib, nor the
        // table the view nib's placeholders are looked up in (chadanewsom build.io, Xcode 9:
        // three root controllers without either, beside two with both).
        if let viewNibName {
            object.set("UIExternalObjectsTableForViewLoading", ArchivedObject.dictionary("NSDictionary", table))
            object.set("UINibName", .string(viewNibName))
        }
        if let parent { object.set("UIParentViewController", parent) }
        if !templates.isEmpty { object.set("UIStoryboardSegueTemplates", .collection("NSArray", templates)) }
        // A title with a line break is a `<string key="title">` child (duckduckgo Onboarding).
        if let title = controller["title"] ?? controller.child("string", key: "title")?.text {
            object.set("UITitle", context.text(title, id: controller["id"], property: "title"))
        }
        if let identifier = controller["storyboardIdentifier"] {
            object.set("UIStoryboardIdentifier", .string(identifier))
            if controller.flag("useStoryboardIdentifierAsRestorationIdentifier") {
                object.set("UIRestorationIdentifier", .string(identifier))
            }
        }
        // The items a navigation controller's toolbar shows for this controller (duckduckgo
        // Bookmarks, Xcode 13.2: an NSArray after the storyboard identifier); they live in the
        // scene nib, with the controller's outlets to them.
        if let list = controller.child("toolbarItems"), !list.children.isEmpty {
            var items: [ArchivedObject] = []
            for element in list.children {
                guard element.name == "barButtonItem" else {
                    try unmodelled(
                        .unsupportedElement, element, "<\(element.name)> in toolbar items is not modelled; left out")
                    continue
                }
                if let item = try context.recovered({ () throws(CompileError) in
                    try BarButtonItemRule.item(element, context: context, resources: resources)
                }) {
                    items.append(item)
                }
            }
            object.set("UIToolbarItems", .collection("NSArray", items))
            sceneObjects += items
            let ids = Set(list.descendants.compactMap { $0["id"] })
            for outlet in controller.child("connections")?.children(named: "outlet") ?? [] {
                guard let destination = outlet["destination"], ids.contains(destination),
                    let property = outlet["property"], let target = context.objectsByID[destination]
                else { continue }
                itemOutlets.append((property, target))
            }
        }
        if !memberObjects.isEmpty {
            // HomeRow, Home, Authentication (Xcode 13.2): after the storyboard identifier.
            object.set("UITopLevelObjectsToKeepAliveFromStoryboard", .collection("NSArray", memberObjects))
        }
        // As on containers (Sylladise1.3's tab bar controller): duckduckgo's HomeViewController
        // (Xcode 13.2) archives it after the objects kept alive.
        try encodeModalStyles(controller, into: object)
        Self.encodeLayoutFlags(controller, into: object)
        if controller["autoresizesArchivedViewToFullSize"] == "NO" {
            object.set("UIAutoresizesArchivedViewToFullSize", .bool(false))
            let frame = controller.child(key: "view")?.child("rect", key: "frame")
            let size = ArchivedObject.geometry([frame?.number("width") ?? 0, frame?.number("height") ?? 0])
            object.set("UIContentSizeForViewInPopover", size)
            object.set("UIPreferredContentSize", size)
        } else if let size = Self.popoverContentSize(of: controller) {
            // A popover size of its own (freeotp, ish, duckduckgo's PrivacyDashboard: 400 × 565):
            // the same two keys, with the warning of checkChildren(of:allowing:).
            object.set("UIContentSizeForViewInPopover", size)
            object.set("UIPreferredContentSize", size)
        }
        // Up to Xcode 8 a table view controller archives its default, true (mobilewits, Sylladise);
        // Xcode 13 writes only a NO, on table and collection view controllers alike (duckduckgo
        // Settings: six table view controllers without the key, a collection view controller
        // with false). Xcode 9 and 10 already leave the default out: xuyuntest's six table view
        // controllers (iOS 11 SDK keys, no iOS 13 SDK key) have no UIClearsSelectionOnViewWillAppear,
        // nor has any other of the corpus's 18 nibs with a table view controller.
        if context.era >= XcodeEra(9) {
            if ["UITableViewController", "UICollectionViewController"].contains(className),
                controller["clearsSelectionOnViewWillAppear"] == "NO"
            {
                object.set("UIClearsSelectionOnViewWillAppear", .bool(false))
            }
        } else if className == "UITableViewController", controller["clearsSelectionOnViewWillAppear"] != "NO" {
            object.set("UIClearsSelectionOnViewWillAppear", .bool(true))
        }
        if controller["automaticallyAdjustsScrollViewInsets"] == "NO" {
            object.set("UIKeyAutomaticallyAdjustsScrollViewInsets", int: 0)
        }
        let controllerObject = try ClassSwapRule.wrap(object, element: controller, context: context)
        if controllerObject.className != "UIClassSwapper", swapsPlainController(scene, era: context.era) {
            controllerObject.set("UIClassName", .string(className))
            controllerObject.set("UIOriginalClassName", .string(className))
            controllerObject.swapClass("UIClassSwapper")
        }
        try scheduleRuntimeAttributes(of: controller, object: controllerObject, context: context, resources: resources)
        for (property, item) in itemOutlets { context.addOutlet(property, source: controllerObject, destination: item) }
        if context.objectsByID[scene.controllerID] == nil { context.objectsByID[scene.controllerID] = controllerObject }
        // The controller's outlets (and outlet collections) to its scene members and what they
        // hold are the scene nib's (duckduckgo Tab, Xcode 13.2: a tap recognizer; xuyuntest bee:
        // the buttons inside the views beside EditViewController).
        let inMembers = Set(
            scene.members.filter { $0["id"].flatMap { membersByID[$0] } != nil }
                .flatMap { [$0] + $0.descendantsOutsidePrototypes }.compactMap { $0["id"] })
        if let connections = controller.child("connections"), !inMembers.isEmpty {
            ConnectionRule.schedule(
                connections, sourceID: scene.controllerID, context: context, accept: { inMembers.contains($0) },
                includesSegues: false)
        }
        // A member's connections to the controller's view belong to the view nib (``viewNib``).
        let view = controller.child(key: "view")
        let inView = Set((view.map { [$0] + $0.descendantsOutsidePrototypes } ?? []).compactMap { $0["id"] })
        for member in scene.members where member["id"].flatMap({ membersByID[$0] }) != nil {
            // A member view's own subviews' connections too.
            for node in [member] + member.descendantsOutsidePrototypes {
                guard let id = node["id"], let connections = node.child("connections") else { continue }
                ConnectionRule.schedule(connections, sourceID: id, context: context, accept: { !inView.contains($0) })
            }
        }
        return (controllerObject, templates, memberObjects, sceneObjects)
    }

    /// `placeholders` renamed `UpstreamPlaceholder-1`, `-2`, … in the order `connections` first
    /// refer to them (as source, destination or element of a destination collection), as
    /// ibtool numbers them (``XcodeEra/numbersUpstreamPlaceholders``); unreferenced ones last.
    static func numbered(
        _ placeholders: [(name: String, proxy: ArchivedObject, target: String)], by connections: [ArchivedObject]
    ) -> [(name: String, proxy: ArchivedObject, target: String)] {
        var rank: [ObjectIdentifier: Int] = [:]
        for connection in connections {
            var objects = [connection.object(forKey: "UISource"), connection.object(forKey: "UIDestination")]
            objects += connection.object(forKey: "UIDestination")?.referencedObjects ?? []
            for case let object? in objects where rank[ObjectIdentifier(object)] == nil {
                rank[ObjectIdentifier(object)] = rank.count
            }
        }
        let ordered = placeholders.enumerated().sorted {
            (rank[ObjectIdentifier($0.element.proxy)] ?? Int.max, $0.offset)
                < (rank[ObjectIdentifier($1.element.proxy)] ?? Int.max, $1.offset)
        }
        return ordered.enumerated().map { index, entry in
            let name = "UpstreamPlaceholder-\(index + 1)"
            entry.element.proxy.replace("UIProxiedObjectIdentifier", .object(.string(name)))
            return (name, entry.element.proxy, entry.element.target)
        }
    }

    /// The view nib's bytes and the `UpstreamPlaceholder-…` names it uses, each with the id of
    /// what it stands for in the scene nib (the controller, or a segue whose template it is).
    private func viewNib(
        controller: SourceElement, view: SourceElement, firstResponderID: String?, memberIDs: Set<String>,
        resources: UIKitResources
    ) throws(CompileError) -> ([UInt8], [(name: String, target: String)]) {
        let context = newContext()
        let owner = UIKitContext.proxy("IBFilesOwner")
        let firstResponder = UIKitContext.proxy("IBFirstResponder")
        // The controller seen from its view nib is not File's Owner but an upstream placeholder,
        // which the scene nib maps back to the controller. ibtool names it with a random id;
        // here the controller's id stands in for it.
        var upstream: [(name: String, proxy: ArchivedObject, target: String)] = []
        let controllerID = controller["id"]
        context.externalObject = { id in
            guard id == controllerID || memberIDs.contains(id) else { return nil }
            let name = "UpstreamPlaceholder-\(id)"
            let proxy = UIKitContext.proxy(name)
            upstream.append((name, proxy, id))
            return proxy
        }
        // A control's segue is triggered through a placeholder for its template.
        context.segueTrigger = { segue in
            let id = segue["id"] ?? ""
            let name = "UpstreamPlaceholder-\(id)"
            let proxy = UIKitContext.proxy(name)
            upstream.append((name, proxy, id))
            return proxy
        }
        if let firstResponderID { context.objectsByID[firstResponderID] = firstResponder }
        var guides = controller.child("layoutGuides")?.children(named: "viewControllerLayoutGuide") ?? []
        // Documents saved by Xcode 5 (tools version below 6000) list no layout guides, but every
        // auto-layout controller view still gets a top and a bottom one.
        if guides.isEmpty, document.root.flag("useAutolayout"),
            (XcodeEra.toolsBuild(document.root["toolsVersion"]) ?? 0) < 6000
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
            view, frameOverride: rootViewFrame ?? screenFrame(for: controller), extraSubviews: guideObjects,
            extraConstraints: [])
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
        if !context.traitStorages.isEmpty {
            context.traitStorageLists = [
                VariationRule.storageList(
                    topLevel: viewObject, storages: context.traitStorages,
                    era: context.variationEra ?? context.era, guidePlaceholders: context.guidePlaceholders)
            ]
        }
        context.allObjects.removeAll { $0 === viewObject }
        context.topLevel =
            context.era.listsPlaceholdersFirst
            ? [owner, firstResponder, viewObject] : [viewObject, owner, firstResponder]
        // A static table's data source follows the view, reached from the controller
        // (``TableViewRule/encodeStaticSections(_:table:_:_:)``); its outlet is the first
        // connection (duckduckgo Debug, Settings, PrivacyProtection).
        context.topLevel += context.staticDataSources
        let staticOutletCount = context.connections.count
        for dataSource in context.staticDataSources {
            context.addOutlet("staticDataSource", source: owner, destination: dataSource)
        }
        let staticOutlets = context.connections[staticOutletCount...]
        context.connections.removeSubrange(staticOutletCount...)
        context.connections.insert(contentsOf: staticOutlets, at: 0)
        context.allObjects = [viewObject, owner, firstResponder] + context.allObjects + guideObjects
        let inView = Set(([view] + view.descendantsOutsidePrototypes).compactMap { $0["id"] })
        if let connections = controller.child("connections") {
            ConnectionRule.schedule(
                connections, sourceID: controller["id"] ?? "", context: context, accept: { inView.contains($0) },
                includesSegues: false)
        }
        // A popover segue's anchor in the view is the template's anchorView outlet, from the
        // template's upstream placeholder (duckduckgo Tab, Xcode 13.2).
        for segue in controller.child("connections")?.children(named: "segue") ?? []
        where segue["kind"] == "popoverPresentation" {
            guard let anchor = segue["popoverAnchorView"], inView.contains(anchor), let trigger = context.segueTrigger
            else { continue }
            context.deferred.append { () throws(CompileError) in
                context.addOutlet(
                    "anchorView", source: trigger(segue), destination: try context.object(anchor, from: segue))
            }
        }
        // A scene member's outlets to the view's objects are the view nib's, their source the
        // member's upstream placeholder (duckduckgo Authentication, Xcode 13.2: a tap recognizer's
        // delegate outlet to the view).
        for member in controller.parent?.children ?? [] {
            guard let id = member["id"], memberIDs.contains(id), let connections = member.child("connections") else {
                continue
            }
            ConnectionRule.schedule(
                connections, sourceID: id, context: context, accept: { inView.contains($0) }, includesSegues: false)
        }
        // Connections inside a prototype cell belong to the cell's own nib.
        for element in [view] + view.descendantsOutsidePrototypes {
            if let connections = element.child("connections"), let id = element["id"] {
                ConnectionRule.schedule(connections, sourceID: id, context: context)
            }
        }
        context.addOutlet("view", source: owner, destination: viewObject)
        try context.resolve()
        if context.era.numbersUpstreamPlaceholders {
            upstream = Self.numbered(upstream, by: context.connections)
            let count = context.topLevel.count >= 2 ? 2 : 0
            context.topLevel.insert(contentsOf: upstream.map(\.proxy), at: count)
        } else {
            context.topLevel += upstream.map(\.proxy)
        }
        context.allObjects += upstream.map(\.proxy)
        return (
            try UIKitRuntimeForm.serialize(context, fileName: document.fileName),
            upstream.map { ($0.name, $0.target) }
        )
    }
}
