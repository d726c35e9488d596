import Foundation
import KeyedArchive
import NibArchive

/// An AppKit nib (`NSIBObjectData`) → `.xib`: File's Owner, First Responder and Application, the
/// top-level objects of the object table (custom objects, windows, views, menus) with their
/// subviews and menu items, and the outlets and actions of `NSConnections`. Each key is read with
/// the table or bit the compiler's rule writes it with (``CustomObjectRule``, ``WindowRule``,
/// ``AppKitViewEncoder``, ``MenuRule``, ``AppKitConnectionRule``, ``AppKitEraRule``); objects of
/// classes no part models yet are kept as comments and counted.
final class AppKitDecompilation: DecompileState {
    /// Object index → its element, for connections.
    var elements: [Int: DecompiledElement] = [:]
    var visited: Set<Int> = []
    /// Object → its parent in the object table (`NSObjectsKeys` / `NSObjectsValues`).
    var parents: [Int: Int] = [:]
    /// The objects of the object table, in its order.
    var objectOrder: [Int] = []
    var era = AppKitEraRule.current
    var direct = false
    /// Whether the nib is one of a storyboard's (text views archive the compiling Mac's flags).
    var isStoryboard = false
    /// The `toolsVersion` a headerless table's detached corner view asks for, when the era's
    /// does not give it (``ScrollViewRule/hidesDetachedCorner(_:context:)``).
    var detachedCornerToolsVersion: String?
    var localizable = false
    /// Whether the Mac that built the nib showed overlay scrollers (``showsOverlayScrollers(_:)``):
    /// the scrollers' layer-tree flag is then the option's, not `wantsLayer`.
    lazy var overlayScrollers = Self.showsOverlayScrollers([reader])
    /// Number formatter limits a keyed archive beside the nib holds as doubles (`minimum 0`):
    /// a NIBArchive merges a whole double with an equal integer (PreferencesController's
    /// `<real key="minimum" value="0.0"/>` is `NS.intval` 0 in `keyedobjects-101300.nib`, a
    /// double in `keyedobjects.nib`), so only the keyed file tells `<real>` from `<integer>`.
    var realLimits: Set<String> = []
    /// How deep views and menus nest before the rest is left out (a comment).
    static let maximumDepth = 200

    /// Window style mask bits → attribute (``WindowRule/styleBits``).
    static let styleBits = WindowRule.styleBits
    /// `NSWTFlags` bits of the window's position struts (``WindowRule/strutBits(_:)``).
    static let strutMask = 0x78_0000

    /// Keys every archived view has without a source attribute (``AppKitViewEncoder/encodeView``).
    static let impliedViewKeys: Set<String> = [
        "NSNextResponder", "NSNibTouchBar", "NSSuperview", "NSViewWantsBestResolutionOpenGLSurface",
        "IBNSSafeAreaLayoutGuide", "IBNSLayoutMarginsGuide", "IBNSClipsToBounds", "NSvFlags", "NSFrame", "NSFrameSize",
        "NSSubviews", "NSClassName", "NSOriginalClassName", "IBClassReference", "NSViewIsLayerTreeHost",
        "NSViewClipsToBoundsKeyName", "NSHuggingPriority", "NSAntiCompressionPriority",
        "NSDoNotTranslateAutoresizingMask",
    ]
    /// Keys every window template has without a source attribute (``WindowRule``).
    static let impliedWindowKeys: Set<String> = [
        "NSWindowStyleMask", "NSWindowBacking", "NSWindowRect", "NSWTFlags", "NSWindowTitle", "NSWindowSubtitle",
        "NSWindowClass", "NSViewClass", "NSUserInterfaceItemIdentifier", "NSWindowView", "NSScreenRect", "NSMinSize",
        "NSMaxSize", "NSWindowIsRestorable", "NSMinFullScreenContentSize", "NSMaxFullScreenContentSize",
        "NSWindowTabbingMode", "NSWindowContentMinSize", "NSFrameAutosaveName", "NSWindowCollectionBehavior",
        "IBClassReference", "NSWindowToolbarStyle",
    ]
    /// Keys every menu item has without a source attribute (``MenuRule``).
    static let impliedMenuItemKeys: Set<String> = [
        "NSMenu", "NSIsDisabled", "NSIsSeparator", "NSIsHidden", "NSAllowsKeyEquivalentLocalization",
        "NSAllowsKeyEquivalentMirroring", "NSTitle", "NSKeyEquiv", "NSKeyEquivModMask", "NSMnemonicLoc", "NSState",
        "NSOnImage", "NSMixedImage", "NSAction", "NSTarget", "NSSubmenu", "NSTag", "NSIsAlternate",
        "NSHiddenInRepresentation", "NSKEAllowedWhenHidden", "NSClassName", "NSOriginalClassName",
    ]

    /// The document; for a storyboard, `storyboard` holds every nib's reader, whose objects are
    /// all counted (AppKit storyboards are not decompiled yet).
    func run(storyboard: [DecompileReader]? = nil) -> NibDecompiler.Result {
        if let storyboard { return storyboardShell(storyboard) }
        let (data, root, keys) = prepare()
        let objects = DecompiledElement("objects")
        let owner = DecompiledElement("customObject", [("id", "-2"), ("userLabel", "File's Owner")])
        if let root {
            elements[root] = owner
            ids[root] = "-2"
            shared.usedIDs.insert("-2")
            visited.insert(root)
            if let custom = customClass(root) { owner.set("customClass", custom) }
        }
        objects.append(owner)
        objects.append(
            DecompiledElement(
                "customObject", [("id", "-1"), ("userLabel", "First Responder"), ("customClass", "FirstResponder")]))
        let topLevel = keys.filter { $0 != root && parents[$0] == root }
        // Application (`-3`): the first top-level custom object of class NSApplication (``CustomObjectRule``).
        if let application = topLevel.first(where: {
            reader.className($0) == "NSCustomObject" && reader.string($0, "NSClassName") == "NSApplication"
        }) {
            let element = DecompiledElement("customObject", [("id", "-3"), ("userLabel", "Application")])
            // Xcode 13 and later record the class named in the document (IBClassReference); the
            // Application placeholder's is NSObject when it names one.
            if let named = classReference(application) {
                element.set("customClass", named)
            } else if era < XcodeEra(13) {
                element.set("customClass", "NSObject")
            }
            ids[application] = "-3"
            shared.usedIDs.insert("-3")
            elements[application] = element
            visited.insert(application)
            objects.append(element)
        }
        for index in topLevel where !visited.contains(index) {
            objects.append(topLevelObject(index))
        }
        connect(reader.elements(data, "NSConnections"))
        for index in reader.elements(data, "NSAccessibilityConnectors") where !accessibility(index) {
            objects.append(lost("AppKit accessibility", "the accessibility connector object \(index)"))
        }
        let tools = detachedCornerToolsVersion ?? Self.toolsVersion(era)
        var attributes: [(String, String)] = [
            ("type", "com.apple.InterfaceBuilder3.Cocoa.XIB"), ("version", "3.0"),
            ("toolsVersion", tools), ("targetRuntime", "MacOSX.Cocoa"),
            ("propertyAccessControl", "none"), ("useAutolayout", "YES"),
        ]
        if direct { attributes.append(("customObjectInstantitationMethod", "direct")) }
        let document = DecompiledElement("document", attributes)
        let dependencies = document.child("dependencies")
        if let deployment = olderFormsTarget() {
            dependencies.append(
                DecompiledElement(
                    "deployment", [("version", deployment.documentVersion), ("identifier", "macosx")]))
        }
        dependencies.append(
            DecompiledElement(
                "plugIn",
                [("identifier", "com.apple.InterfaceBuilder.CocoaPlugin"), ("version", tools)]
            ))
        document.append(objects)
        if let resources = shared.resources() { document.append(resources) }
        var result = NibDecompiler.Result(
            document: document.document(), xcode: era, isBaseLocalized: localizable, unmapped: unmapped)
        result.overlayScrollers = overlayScrollers
        result.menuStateImageSizes = menuStateImageSizes()
        result.buildArchitecture = Self.buildArchitecture([reader], era: era)
        return result
    }

    /// The design sizes of the menu check mark and mixed-state images (the `NSMenuCheckmark` and
    /// `NSMenuMixedState` resources every menu item shares), when they are not the ones
    /// ``MenuRule/stateImages(context:)`` gives the Xcode the nib shows: the Mac that built
    /// it gave AppKit's images other sizes (scribendi MarkupTagsController {15, 13}, AVRFuses
    /// dbb7734b {18, 17}), which only `--menu-state-image-sizes` sets again. `nil` when they
    /// are the era's, absent, or not whole sizes the option takes.
    func menuStateImageSizes() -> MenuStateImageSizes? {
        var sizes: [String: [Double]] = [:]
        for index in reader.entries.indices where reader.className(index) == "NSCustomResource" {
            guard let name = reader.string(index, "NSResourceName"),
                name == "NSMenuCheckmark" || name == "NSMenuMixedState",
                let value = reader.reference(index, "IBDesignSize"),
                let size = Self.numbers(reader.string(value, "NS.sizeval")), size.count == 2
            else { continue }
            sizes[name] = size
        }
        guard let check = sizes["NSMenuCheckmark"], let mixed = sizes["NSMenuMixedState"] else { return nil }
        let text = [check, mixed].map { $0.map { Self.number($0) }.joined(separator: "x") }.joined(separator: ",")
        guard let archived = MenuStateImageSizes(parsing: text) else { return nil }
        return archived == MenuRule.defaultStateImageSizes(era) ? nil : archived
    }

    /// The deployment target an Xcode 11 or later nib shows by the older forms ibtool archives for
    /// targets before 10.14 (``AppKitContext/targetsBeforeMojave``): an image view registering
    /// EPS beside the current drag types (``AppKitImageViewRule/beforeMojaveDragTypes``) asks
    /// for 10.13, the newest target that form is seen with (Sparkle's SUStatus and
    /// SUUpdateAlert); `nil` otherwise.
    func olderFormsTarget() -> AppKitNibVariants.Version? {
        guard era >= XcodeEra(11) else { return nil }
        let older = reader.entries.indices.contains { index in
            reader.className(index) == "NSImageView"
                && reader.elements(index, "NSDragTypes").compactMap { reader.string(at: $0) }.sorted()
                    == AppKitImageViewRule.beforeMojaveDragTypes
        }
        return older ? AppKitNibVariants.Version(number: AppKitNibVariants.Version.mojave.number - 100) : nil
    }

    /// The processor of the Mac that built `nibs` (``BuildArchitecture``), when it is not the
    /// one the compiler gives `era`: a control whose `NSControlTextAlignment` (right or center)
    /// equals its cell's alignment field (`NSCellFlags2 >> 26`, always numbered right 1,
    /// center 2) was archived on an Intel Mac, one whose number is the other was archived on
    /// Apple silicon (Sparkle's SUStatus and SUUpdateAlert, Xcode 14: Intel; scribendi's Xcode
    /// 14.2 pairs: Apple silicon). `nil` when no control shows it or it is the era's.
    static func buildArchitecture(_ nibs: [DecompileReader], era: XcodeEra) -> BuildArchitecture? {
        for reader in nibs {
            for index in reader.entries.indices {
                guard let alignment = reader.integer(index, "NSControlTextAlignment"), alignment == 1 || alignment == 2,
                    let cell = reader.reference(index, "NSCell"), let flags = reader.integer(cell, "NSCellFlags2")
                else { continue }
                let shown: BuildArchitecture
                switch flags >> 26 & 7 {
                case alignment: shown = .x86_64
                case 3 - alignment: shown = .arm64
                default: continue
                }
                return shown == .default(for: era) ? nil : shown
            }
        }
        return nil
    }

    /// Whether `nibs` show overlay scrollers (``NibCompiler/Options/overlayScrollers``): every
    /// scroller is a layer-tree host (`NSViewIsLayerTreeHost`, as ibtool archives scrollers on a
    /// Mac showing overlay scrollers) and a visible vertical scroller that does not autohide took
    /// no room: its scroll view's clip view keeps the scroll view's inner width
    /// (tabview_scrollview_chain: 200 in a 200-point borderless scroll view). Layer-backed
    /// scrollers alone do not tell (sv16b, test_outline_header: clip views narrowed by 15 or 17
    /// points, built with legacy scrollers); a scroller that took room says legacy.
    static func showsOverlayScrollers(_ nibs: [DecompileReader]) -> Bool {
        var floating = false
        for reader in nibs {
            for index in reader.entries.indices {
                switch reader.className(index) {
                case "NSScroller":
                    guard reader.flag(index, "NSViewIsLayerTreeHost") == true else { return false }
                case "NSScrollView":
                    let flags = reader.integer(index, "NSsFlags") ?? 0
                    guard flags & 0x10 != 0, flags & 0x200 == 0, let scroller = reader.reference(index, "NSVScroller"),
                        (reader.integer(scroller, "NSvFlags") ?? 0) & 0x8000_0000 == 0,
                        let clip = reader.reference(index, "NSContentView"),
                        let scrollFrame = frame(reader, index), let clipFrame = frame(reader, clip)
                    else { continue }
                    let border = ScrollViewRule.borderWidths[flags & 3] ?? 0
                    guard clipFrame[2] == scrollFrame[2] - 2 * border else { return false }
                    floating = true
                default: continue
                }
            }
        }
        return floating
    }

    /// The archived frame of `index` in `reader` (`NSFrame`, or `NSFrameSize` at the origin).
    private static func frame(_ reader: DecompileReader, _ index: Int) -> [Double]? {
        if let rect = numbers(reader.string(index, "NSFrame")), rect.count == 4 { return rect }
        if let size = numbers(reader.string(index, "NSFrameSize")), size.count == 2 { return [0, 0] + size }
        return nil
    }

    /// Reads the object data: the era, each object's parent, the table order, the instantiation
    /// method and the localization ids; returns the object data, its root (File's Owner) and
    /// the objects of the table.
    func prepare() -> (data: Int, root: Int?, keys: [Int]) {
        era = Self.inferredEra(reader)
        let data = reader.reference(0, "IB.objectdata") ?? 0
        let root = reader.reference(data, "NSRoot")
        let keys = reader.elements(data, "NSObjectsKeys")
        let values = reader.elements(data, "NSObjectsValues")
        for (object, parent) in zip(keys, values) where parents[object] == nil { parents[object] = parent }
        objectOrder = keys
        direct = reader.entries.indices.contains {
            reader.className($0) == "NSClassSwapper" && reader.flag($0, "NSInitializeWithInit") == true
        }
        assignLocalizationIDs()
        return (data, root, keys)
    }

    /// An AppKit storyboard: its document with the placeholders, every object counted.
    func storyboardShell(_ storyboard: [DecompileReader]) -> NibDecompiler.Result {
        let document = DecompiledElement(
            "document",
            [
                ("type", "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB"), ("version", "3.0"),
                ("toolsVersion", "21701"), ("targetRuntime", "MacOSX.Cocoa"), ("propertyAccessControl", "none"),
            ])
        document.child("dependencies").append(
            DecompiledElement(
                "plugIn", [("identifier", "com.apple.InterfaceBuilder.CocoaPlugin"), ("version", "21701")]))
        let objects = document.child("objects")
        var counts: [String: Int] = [:]
        for nib in storyboard {
            for entry in nib.entries { counts[entry.className, default: 0] += 1 }
        }
        for (className, count) in counts.sorted(by: { $0.key < $1.key }) {
            for _ in 0..<count { unmapped["AppKit object \(className)", default: 0] += 1 }
            objects.append(
                .comment(
                    "nibtool decompile: \(count) × \(className) (AppKit storyboards are not decompiled yet) have no source form"
                ))
        }
        return NibDecompiler.Result(
            document: document.document(), xcode: XcodeEra(13), isBaseLocalized: false, unmapped: unmapped)
    }

    // MARK: The Xcode

    /// The Xcode whose ibtool wrote the nib, from the keys ``AppKitEraRule`` removes for the
    /// older ones read backwards: Xcode 16's writing-tools keys; `NSControlSize2` (12 to 15,
    /// with `IBClassReference` from 13 and cells' `NSBezelStyle` from 15); the macOS 11 SDK's
    /// keys without `NSControlSize2` (16); connectors' `NSChildControllerCreationSelectorName`
    /// alone (11); connectors or views without any of them (before 11). A nib none of these
    /// keys tells apart is taken as the current ibtool's, as every NIBArchive pair is.
    static func inferredEra(_ reader: DecompileReader) -> XcodeEra {
        var keys: Set<String> = []
        var classes: Set<String> = []
        for entry in reader.entries {
            classes.insert(entry.className)
            for value in entry.values { keys.insert(value.key) }
        }
        if !keys.isDisjoint(with: AppKitEraRule.writingToolsKeys) || keys.contains("NSLinearExposure") {
            return AppKitEraRule.current
        }
        if keys.contains("NSControlSize2") {
            guard keys.contains("IBClassReference") else { return XcodeEra(12) }
            if keys.contains("NSBezelStyle") { return XcodeEra(15) }
            guard keys.contains("IBNSShadowedSymbolConfiguration") else { return XcodeEra(13) }
            // Text-style fonts (table and combo box headers) have NSHasWidth from 14.2 (``AppKitEraRule``).
            let hasWidth = reader.entries.contains { entry in
                entry.className == "NSFont" && entry.values.contains { $0.key == "NSTextStyleDescriptor" }
                    && entry.values.contains { $0.key == "NSHasWidth" }
            }
            return hasWidth ? XcodeEra(14.2) : XcodeEra(14)
        }
        // A nib without controls (a main menu): class references are Xcode 13's and later, and
        // menu items without NSHiddenInRepresentation are before 15 (``AppKitEraRule``); the
        // newest such Xcode, 14.2, is taken (scribendi MainMenu). The menu state image sizes
        // tell 14.2 from older ones, and ``menuStateImageSizes()`` keeps those of any other.
        if keys.contains("IBClassReference"), classes.contains("NSMenuItem"), !keys.contains("NSHiddenInRepresentation")
        {
            return XcodeEra(14.2)
        }
        if !keys.isDisjoint(with: AppKitEraRule.macOS11Keys) { return AppKitEraRule.current }
        if keys.contains("NSChildControllerCreationSelectorName") { return XcodeEra(11) }
        let oldEvidence: Set<String> = ["NSNibOutletConnector", "NSNibControlConnector", "NSView", "NSCustomView"]
        if !classes.isDisjoint(with: oldEvidence) || keys.contains("NSvFlags") { return XcodeEra(10) }
        return AppKitEraRule.current
    }

    /// A `toolsVersion` of the Xcode `era` (the compiler is given the era itself with `--xcode`).
    static func toolsVersion(_ era: XcodeEra) -> String {
        let table: [(Double, String)] = [
            (16, "23504"), (15, "22505"), (14, "21507"), (13, "19529"), (12, "17701"), (11, "15705"),
        ]
        return table.first { era.version >= $0.0 }?.1 ?? UIKitDecompilation.toolsVersion(era)
    }

    /// A cell's font (`NSSupport`) as its `<font key="font">`, marked read.
    func appendFont(of cell: Int, to cellElement: DecompiledElement, known: inout Set<String>) {
        guard let font = reader.reference(cell, "NSSupport"), let fontElement = self.font(font) else { return }
        cellElement.append(fontElement)
        known.insert("NSSupport")
    }

    /// Ends a simple cell: its id and font, the keys left unread, and the cell into `element`.
    func finishCell(
        _ cell: Int, _ cellElement: DecompiledElement, known: inout Set<String>, in element: DecompiledElement
    ) {
        cellElement.set("id", id(cell))
        appendFont(of: cell, to: cellElement, known: &known)
        keepUnread(cell, known: known, in: cellElement)
        element.append(cellElement)
    }

    // MARK: Ids and classes

    /// Localizable strings (`NSKey` `abc-12-xyz.title`) name their object's id.
    func assignLocalizationIDs() {
        let referrer = reader.firstReferrers()
        for (index, entry) in reader.entries.enumerated() where entry.className == "NSLocalizableString" {
            localizable = true
            guard let key = reader.string(index, "NSKey"), let dot = key.firstIndex(of: ".") else { continue }
            if let owner = referrer[index] { assign(String(key[..<dot]), to: owner) }
        }
    }

    /// The class a document names for object `index` (`IBClassReference`'s, from Xcode 13).
    func classReference(_ index: Int) -> String? {
        guard let reference = reader.reference(index, "IBClassReference") else { return nil }
        return reader.string(reference, "IBClassName")
    }

    /// A custom object's custom class: its class reference, else `NSClassName` unless NSObject.
    func customClass(_ index: Int) -> String? {
        if let named = classReference(index) { return named }
        guard let name = reader.string(index, "NSClassName"), name != "NSObject" else { return nil }
        return name
    }

    /// Sets `customClass` (and `customModule` for a mangled Swift name) on `element`.
    func setCustomClass(_ name: String, on element: DecompiledElement) {
        let (className, module) = Self.demangled(name)
        element.set("customClass", className)
        if let module { element.set("customModule", module) }
    }

    /// A comment for each key of `index` not in `known`, counted as `Class.Key`.
    func keepUnread(_ index: Int, known: Set<String>, in element: DecompiledElement) {
        let className = reader.className(index)
        for value in reader.values(index) where !known.contains(value.key) {
            element.append(lost("\(className).\(value.key)", "\(className) \(value.key)"))
        }
    }

    // MARK: Top-level objects

    func topLevelObject(_ index: Int) -> DecompiledElement {
        visited.insert(index)
        let className = reader.className(index)
        switch className {
        case "NSCustomObject":
            let element = DecompiledElement("customObject", [("id", id(index))])
            if let custom = customClass(index) { setCustomClass(custom, on: element) }
            elements[index] = element
            keepUnread(index, known: ["NSClassName", "IBClassReference"], in: element)
            return element
        case "NSClassSwapper" where reader.string(index, "NSOriginalClassName") == "NSObject":
            let element = DecompiledElement("customObject", [("id", id(index))])
            if let custom = reader.string(index, "NSClassName") { setCustomClass(custom, on: element) }
            elements[index] = element
            keepUnread(index, known: ["NSClassName", "NSOriginalClassName", "NSInitializeWithInit"], in: element)
            return element
        case "NSWindowTemplate":
            return window(index)
        // The shared user defaults controller (``AppKitUserDefaultsControllerRule``).
        case "NSUserDefaultsController" where reader.flag(index, "NSSharedInstance") == true:
            let element = DecompiledElement("userDefaultsController", [("representsSharedInstance", "YES")])
            element.set("id", id(index))
            elements[index] = element
            keepUnread(index, known: ["NSSharedInstance"], in: element)
            return element
        case "NSMenu":
            return menu(index, key: nil, depth: 0)
        default:
            if let view = view(index, key: nil, depth: 0, isContentView: false) { return view }
            return lost("AppKit object \(className)", "the \(className) object \(index)")
        }
    }

    // MARK: Windows

    func window(_ index: Int) -> DecompiledElement {
        let element = DecompiledElement("window")
        elements[index] = element
        if let title = reader.string(index, "NSWindowTitle") { element.set("title", title) }
        let flags = reader.integer(index, "NSWTFlags") ?? 0
        if flags & 0x2000 == 0 { element.set("allowsToolTipsWhenApplicationIsInactive", "NO") }
        if flags & 0x800 == 0 { element.set("autorecalculatesKeyViewLoop", "NO") }
        if flags & 0x4000_0000 != 0 { element.set("releasedWhenClosed", "NO") }
        if flags & Int(0x8000_0000) != 0 || flags < 0 { element.set("hidesOnDeactivate", "YES") }
        if flags & 0x2000_0000 == 0 { element.set("deferred", "NO") }
        // showsToolbarButton="NO" sets 0x400 before Xcode 11 (``WindowRule``).
        if flags & 0x400 != 0, era < XcodeEra(11) { element.set("showsToolbarButton", "NO") }
        let data = reader.reference(0, "IB.objectdata") ?? 0
        if !reader.elements(data, "NSVisibleWindows").contains(index) { element.set("visibleAtLaunch", "NO") }
        if let name = reader.string(index, "NSFrameAutosaveName") { element.set("frameAutosaveName", name) }
        element.set("animationBehavior", "default")
        if reader.flag(index, "NSWindowIsRestorable") == false { element.set("restorable", "NO") }
        if let mode = reader.integer(index, "NSWindowTabbingMode"),
            let name = ["automatic", "preferred", "disallowed"].dropFirst(mode).first, mode >= 0
        {
            element.set("tabbingMode", name)
        }
        if let style = reader.integer(index, "NSWindowToolbarStyle"),
            let name = ["automatic", "expanded", "preference", "unified", "unifiedCompact"].dropFirst(style).first,
            style >= 0
        {
            element.set("toolbarStyle", name)
        }
        if let identifier = reader.string(index, "NSUserInterfaceItemIdentifier") {
            element.set("identifier", identifier)
        }
        element.set("id", id(index))
        if let custom = reader.string(index, "NSWindowClass"), custom != "NSWindow" {
            setCustomClass(custom, on: element)
        }
        if let style = reader.integer(index, "NSWindowStyleMask") {
            let mask = DecompiledElement("windowStyleMask", [("key", "styleMask")])
            for (name, bit) in Self.styleBits where style & bit != 0 { mask.set(name, "YES") }
            element.append(mask)
        }
        // ``WindowRule/strutBits(_:)`` inverted. All four struts are written even for the
        // default bits: a window with a position mask keeps its content rect where it is.
        let struts = flags & Self.strutMask
        let strutNames: [Int: [String]] = [
            Self.strutMask: ["leftStrut", "rightStrut", "topStrut", "bottomStrut"], 0: ["leftStrut", "bottomStrut"],
            0x5_0000: ["rightStrut", "bottomStrut"], 0x28_0000: ["leftStrut", "topStrut"],
            0x30_0000: ["rightStrut", "topStrut"],
        ]
        if let names = strutNames[struts] {
            let mask = DecompiledElement("windowPositionMask", [("key", "initialPositionMask")])
            for name in names { mask.set(name, "YES") }
            element.append(mask)
        } else {
            element.append(lost("NSWindowTemplate.NSWTFlags struts", "window struts \(struts)"))
        }
        var known = Self.impliedWindowKeys
        if let rect = Self.numbers(reader.string(index, "NSWindowRect")), rect.count == 4 {
            element.append(Self.rect("contentRect", rect))
        }
        if let rect = Self.numbers(reader.string(index, "NSScreenRect")), rect.count == 4 {
            element.append(Self.rect("screenRect", rect))
        }
        if let size = Self.numbers(reader.string(index, "NSWindowContentMinSize")), size.count == 2 {
            element.append(
                DecompiledElement(
                    "value",
                    [
                        ("key", "minSize"), ("type", "size"), ("width", Self.number(size[0])),
                        ("height", Self.number(size[1])),
                    ]))
        }
        // The content maximum size (``WindowRule``: `NSMaxSize` is the rule's from it).
        if let size = Self.numbers(reader.string(index, "NSWindowContentMaxSize")), size.count == 2 {
            element.append(
                DecompiledElement(
                    "value",
                    [
                        ("key", "maxSize"), ("type", "size"), ("width", Self.number(size[0])),
                        ("height", Self.number(size[1])),
                    ]))
            known.insert("NSWindowContentMaxSize")
        }
        if let behavior = reader.integer(index, "NSWindowCollectionBehavior") {
            let mask = DecompiledElement("windowCollectionBehavior", [("key", "collectionBehavior")])
            for (name, bit) in WindowRule.collectionBehaviorBits where behavior & bit != 0 { mask.set(name, "YES") }
            element.append(mask)
        }
        if let contentView = reader.reference(index, "NSWindowView"), !visited.contains(contentView) {
            visited.insert(contentView)
            // A clip view filled by a text view (``ClipViewRule/contentView``).
            if reader.className(contentView) == "NSClipView" {
                element.append(clipView(contentView, depth: 1))
            } else if let view = view(contentView, key: "contentView", depth: 1, isContentView: true) {
                element.append(view)
            }
        }
        if reader.flag(index, "NSAutorecalculatesContentBorderThicknessMinY") == false,
            let minY = reader.number(index, "NSContentBorderThicknessMinY")
        {
            element.append(DecompiledElement("contentBorderThickness", [("minY", Self.number(minY))]))
            known.formUnion(["NSAutorecalculatesContentBorderThicknessMinY", "NSContentBorderThicknessMinY"])
        }
        if let toolbar = reader.reference(index, "NSViewClass"), reader.className(toolbar) == "NSToolbar",
            !visited.contains(toolbar)
        {
            element.append(self.toolbar(toolbar, depth: 1))
        } else if case .objectReference? = reader.payload(index, "NSViewClass") {
            element.append(lost("AppKit toolbar", "the window's toolbar"))
        }
        keepUnread(index, known: known, in: element)
        return element
    }

    // MARK: Views

    /// A view element for object `index`, or nil when its class is not a view this part models.
    func view(_ index: Int, key: String?, depth: Int, isContentView: Bool, isDocumentView: Bool = false)
        -> DecompiledElement?
    {
        var className = reader.className(index)
        var custom: String?
        if className == "NSClassSwapper" {
            guard let original = reader.string(index, "NSOriginalClassName") else { return nil }
            custom = reader.string(index, "NSClassName")
            className = original
        }
        let name: String
        switch className {
        case "NSView":
            // A swapped NSView: with direct instantiation a custom view, else a view with a
            // custom class (``AppKitViewEncoder`` plainView).
            name = custom != nil && direct && !isContentView ? "customView" : "view"
        case "NSCustomView":
            name = "customView"
            if let named = customClass(index), named != "NSView" { custom = named }
        case "NSTextField": name = "textField"
        case "NSSecureTextField": name = "secureTextField"
        case "NSSearchField": name = "searchField"
        case "NSComboBox": name = "comboBox"
        case "NSButton": name = "button"
        case "NSImageView": name = "imageView"
        case "NSBox": name = "box"
        case "NSPopUpButton": name = "popUpButton"
        case "NSSlider": name = "slider"
        case "NSProgressIndicator": name = "progressIndicator"
        case "NSStepper": name = "stepper"
        case "NSScrollView": name = "scrollView"
        case "NSStackView": name = "stackView"
        case "NSColorWell": name = "colorWell"
        case "NSTabView": name = "tabView"
        case "NSSegmentedControl": name = "segmentedControl"
        case "NSSplitView": name = "splitView"
        case "NSDatePicker": name = "datePicker"
        case "NSMatrix": name = "matrix"
        case "NSVisualEffectView": name = "visualEffectView"
        // A view-based table's prototype (``AppKitTableCellViewRule``), reached from its column.
        case "NSTableCellView" where isDocumentView: name = "tableCellView"
        // Document views: only a clip view reaches them (``clipView(_:depth:)``).
        case "NSTextView" where isDocumentView: name = "textView"
        case "NSTableView" where isDocumentView: name = "tableView"
        case "NSOutlineView" where isDocumentView: name = "outlineView"
        case "NSPredicateEditor" where isDocumentView: name = "predicateEditor"
        default:
            return nil
        }
        visited.insert(index)
        let element = DecompiledElement(name)
        if let key { element.set("key", key) }
        viewAttributes(
            index, element, hugging: Self.defaultHugging[name] ?? (250, 250),
            layerHost: name != "progressIndicator")
        element.set("id", id(index))
        if let custom { setCustomClass(custom, on: element) }
        elements[index] = element
        guard depth < Self.maximumDepth else {
            element.append(lost("AppKit views nested too deep", "views nested deeper than \(Self.maximumDepth)"))
            return element
        }
        // A box's subview is its content view (``AppKitBoxRule``), decoded by ``box(_:_:depth:)``.
        // A scroll view's subviews are its parts (``scrollView(_:_:depth:)``).
        var subviews =
            ["box", "scrollView", "tabView", "predicateEditor"].contains(name)
            ? [] : reader.elements(index, "NSSubviews")
        // Custom views archive their subviews last to first from Xcode 11 (``AppKitViewEncoder``).
        if name == "customView", !isContentView, era >= XcodeEra(11) { subviews.reverse() }
        if !subviews.isEmpty {
            let container = DecompiledElement("subviews")
            for subview in subviews {
                guard !visited.contains(subview) else {
                    container.append(lost("AppKit view reached twice", "the view \(subview) reached a second time"))
                    continue
                }
                if let child = view(subview, key: nil, depth: depth + 1, isContentView: false) {
                    container.append(child)
                } else {
                    visited.insert(subview)
                    let subclass = reader.className(subview)
                    container.append(lost("AppKit object \(subclass)", "the \(subclass) subview \(subview)"))
                }
            }
            element.append(container)
        }
        var known = Self.impliedViewKeys.union(constraintsAndGuides(index, element))
        if let variant = AppKitTextFieldRule.variants[name] {
            known.formUnion(textField(index, element, variant: variant))
        } else if name == "button" || name == "popUpButton" {
            known.formUnion(button(index, element, depth: depth, popUp: name == "popUpButton"))
        } else if name == "imageView" {
            known.formUnion(imageView(index, element))
        } else if name == "progressIndicator" {
            known.formUnion(progressIndicator(index, element))
        } else if name == "slider" || name == "stepper" {
            known.formUnion(valueControl(index, element, slider: name == "slider"))
        } else if name == "box" {
            known.formUnion(box(index, element, depth: depth))
        } else if name == "tableCellView" {
            if let identifier = reader.string(index, "NSReuseIdentifierKey") {
                element.set("identifier", identifier)
                known.insert("NSReuseIdentifierKey")
            }
        } else if name == "visualEffectView" {
            known.formUnion(visualEffectView(index, element))
        } else if name == "matrix" {
            known.formUnion(matrix(index, element))
        } else if name == "datePicker" {
            known.formUnion(datePicker(index, element))
        } else if name == "splitView" {
            known.formUnion(splitView(index, element))
        } else if name == "segmentedControl" {
            known.formUnion(segmentedControl(index, element))
        } else if name == "tabView" {
            known.formUnion(tabView(index, element, depth: depth))
        } else if name == "colorWell" {
            known.formUnion(colorWell(index, element))
        } else if name == "stackView" {
            known.formUnion(stackView(index, element))
        } else if name == "scrollView" {
            known.formUnion(scrollView(index, element, depth: depth))
        } else if name == "textView" {
            known.formUnion(textView(index, element))
        } else if name == "tableView" || name == "outlineView" {
            known.formUnion(tableView(index, element, outline: name == "outlineView", depth: depth))
        } else if name == "predicateEditor" {
            known.formUnion(predicateEditor(index, element, depth: depth))
        }
        keepUnread(index, known: known, in: element)
        return element
    }

    /// The `NSView` attributes and frame of view `index` (``AppKitViewEncoder/encodeView``
    /// read backwards).
    /// The content hugging a view kind archives no `NSHuggingPriority` for
    /// (``AppKitViewEncoder/Kind/hugging``), where it is not NSView's 250 × 250: absent from the
    /// nib, it is written in the document, which says 250 for an absent priority.
    static let defaultHugging: [String: (Double, Double)] = [
        "textField": (250, 750), "secureTextField": (250, 750), "searchField": (250, 750), "comboBox": (250, 750),
        "popUpButton": (250, 750),
        "slider": (250, 750),
        "stepper": (750, 750), "progressIndicator": (250, 750), "tableView": (250, 750), "outlineView": (250, 750),
        "segmentedControl": (250, 750), "datePicker": (250, 750), "matrix": (250, 750),
        "predicateEditor": (250, 750),
    ]

    /// `layerHost`: whether `NSViewIsLayerTreeHost` says `wantsLayer` (progress indicators are
    /// always layer hosts; their `NSpiFlags` say it).
    func viewAttributes(
        _ index: Int, _ element: DecompiledElement, hugging defaults: (Double, Double), layerHost: Bool
    ) {
        let flags = reader.integer(index, "NSvFlags") ?? 0x10C
        if flags & 0x8000_0000 != 0 || flags < 0 { element.set("hidden", "YES") }
        if layerHost, reader.flag(index, "NSViewIsLayerTreeHost") == true { element.set("wantsLayer", "YES") }
        if !layerHost, (reader.integer(index, "NSpiFlags") ?? 0) & 0x8 != 0 { element.set("wantsLayer", "YES") }
        if reader.flag(index, "NSDoNotTranslateAutoresizingMask") == true {
            element.set("translatesAutoresizingMaskIntoConstraints", "NO")
        }
        var hugging = [defaults.0, defaults.1]
        if let archived = Self.numbers(reader.string(index, "NSHuggingPriority")), archived.count == 2 {
            hugging = archived
        }
        // An absent priority is 250 (``AppKitViewEncoder``): Interface Builder writes the
        // horizontal one only when it differs (scrollers, tables) or the vertical one does.
        if hugging != [250, 250] {
            if hugging[0] != 250
                || !["scroller", "tableView", "outlineView", "matrix", "predicateEditor"].contains(element.name)
            {
                element.set("horizontalHuggingPriority", Self.number(hugging[0]))
            }
            element.set("verticalHuggingPriority", Self.number(hugging[1]))
        }
        if let compression = Self.numbers(reader.string(index, "NSAntiCompressionPriority")), compression.count == 2 {
            element.set("horizontalCompressionResistancePriority", Self.number(compression[0]))
            element.set("verticalCompressionResistancePriority", Self.number(compression[1]))
        }
        if reader.flag(index, "NSViewClipsToBoundsKeyName") == true { element.set("clipsToBounds", "YES") }
        // A plain view's focusRingType="none" sets NSvFlags 0x1000 (``AppKitViewEncoder``).
        if flags & 0x1000 != 0, element.name == "view" || element.name == "customView" {
            element.set("focusRingType", "none")
        }
        // Only boxes say autoresizesSubviews="NO" (``box(_:_:depth:)``).
        if flags & 0x100 == 0, element.name != "box" {
            element.append(lost("NSView.NSvFlags autoresizesSubviews", "autoresizesSubviews NO"))
        }
        var frame: [Double] = [0, 0, 0, 0]
        if let rect = Self.numbers(reader.string(index, "NSFrame")), rect.count == 4 {
            frame = rect
        } else if let size = Self.numbers(reader.string(index, "NSFrameSize")), size.count == 2 {
            frame = [0, 0, size[0], size[1]]
        }
        element.append(Self.rect("frame", frame))
        // The mask, unless it is the default of an autolayout document (0x0C).
        let mask = flags & 0x3F
        if mask != 0x0C {
            let element2 = DecompiledElement("autoresizingMask", [("key", "autoresizingMask")])
            for (name, bit) in AutoresizingRule.bits where mask & bit != 0 { element2.set(name, "YES") }
            element.append(element2)
        }
    }

    // MARK: Controls

    /// Keys every control has without a source attribute (``ControlRule``).
    static let impliedControlKeys: Set<String> = [
        "NSEnabled", "NSCell", "NSAllowsLogicalLayoutDirection", "NSControlSize", "NSControlSize2",
        "NSControlContinuous", "NSControlRefusesFirstResponder", "NSControlUsesSingleLineMode",
        "NSControlTextAlignment", "NSControlLineBreakMode", "NSControlWritingDirection", "NSControlSendActionMask",
    ]
    /// Keys every text field has without a source attribute (``AppKitTextFieldRule``).
    static let impliedTextFieldKeys: Set<String> = impliedControlKeys.union(AppKitEraRule.writingToolsKeys).union([
        "NSTextFieldAlignmentRectInsetsVersion"
    ])
    /// Keys of a text field cell that the cell element's attributes and children give.
    static let impliedTextCellKeys: Set<String> = [
        "NSCellFlags", "NSCellFlags2", "NSControlSize2", "NSContents", "NSControlView", "NSClassName",
        "NSOriginalClassName",
    ]
    static let cellAlignments = inverted(CellRule.cellAlignments)
    static let lineBreakModes = inverted(CellRule.lineBreakModes)
    static let controlSizes = inverted(CellRule.controlSizes)

    /// The control attributes of `index` (``ControlRule/encode``): tag, expansion tool tips.
    func controlAttributes(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known = Self.impliedControlKeys
        copyFlag(
            "NSControlAllowsExpansionToolTips", of: index, as: "allowsExpansionToolTips", to: element, known: &known)
        copyTag(of: index, to: element, known: &known)
        return known
    }

    /// Sets `attribute="YES"` on `element` when `key` of `index` is true, and counts the key as read.
    func copyFlag(
        _ key: String, of index: Int, as attribute: String, to element: DecompiledElement, known: inout Set<String>
    ) {
        guard reader.flag(index, key) == true else { return }
        element.set(attribute, "YES")
        known.insert(key)
    }

    /// Sets `tag` on `element` from `NSTag` of `index`, and counts the key as read.
    func copyTag(of index: Int, to element: DecompiledElement, known: inout Set<String>) {
        guard let tag = reader.integer(index, "NSTag") else { return }
        element.set("tag", String(tag))
        known.insert("NSTag")
    }

    /// `<textField>`'s own attributes and its `<textFieldCell key="cell">`
    /// (``AppKitTextFieldRule`` and ``CellRule`` read backwards); returns the keys read.
    func textField(_ index: Int, _ element: DecompiledElement, variant: AppKitTextFieldRule.Variant)
        -> Set<String>
    {
        var known = controlAttributes(index, element).union(Self.impliedTextFieldKeys)
        if let identifier = reader.string(index, "NSReuseIdentifierKey") {
            element.set("identifier", identifier)
            known.insert("NSReuseIdentifierKey")
        }
        if let width = reader.number(index, "NSPreferredMaxLayoutWidth") {
            if reader.flag(index, "NSControlAutosetMaxLayoutWidth") == true {
                element.set("setsMaxLayoutWidthAtFirstLayout", "YES")
            } else {
                element.set("preferredMaxLayoutWidth", Self.number(width))
            }
            known.formUnion(["NSPreferredMaxLayoutWidth", "NSControlAutosetMaxLayoutWidth"])
        }
        guard let cell = reader.reference(index, "NSCell"), !visited.contains(cell) else { return known }
        visited.insert(cell)
        var cellClass = reader.className(cell)
        var cellCustom: String?
        if cellClass == "NSClassSwapper" {
            cellCustom = reader.string(cell, "NSClassName")
            cellClass = reader.string(cell, "NSOriginalClassName") ?? ""
        }
        guard cellClass == variant.cellClassName else {
            element.append(lost("AppKit text field cell \(cellClass)", "the \(cellClass) cell"))
            return known
        }
        let cellElement = DecompiledElement(variant.cellElement, [("key", "cell")])
        elements[cell] = cellElement
        var cellKnown = Self.impliedTextCellKeys
        cellFlags(cell, cellElement, textBorders: true)
        if variant.element == "searchField" {
            // The search and cancel button cells and the flags ``AppKitTextFieldRule`` writes for
            // every search field; `NSTextBezelStyle` 1 is `bezelStyle="round"`.
            cellKnown.formUnion([
                "NSSearchButtonCell", "NSCancelButtonCell", "NSMaximumRecents", "NSSearchFieldFlags",
                "NSAutomaticTextCompletionStored", "NSAutomaticTextCompletionDisabled", "NSTextBezelStyle",
            ])
            cellElement.set("bezelStyle", "round")
            if reader.flag(cell, "NSAutomaticTextCompletionDisabled") == true { element.set("textCompletion", "NO") }
            for key in ["NSSearchButtonCell", "NSCancelButtonCell"] {
                if let button = reader.reference(cell, key) { visited.insert(button) }
            }
        }
        if variant.element == "comboBox" { cellKnown.formUnion(comboBoxCell(cell, cellElement)) }
        if !formatter(of: cell, in: cellElement, known: &cellKnown), let contents = reader.reference(cell, "NSContents")
        {
            if let title = reader.string(at: contents) {
                if !title.isEmpty { cellElement.set("title", title) }
            } else {
                cellElement.append(
                    lost("NSTextFieldCell.NSContents", "cell contents of class \(reader.className(contents))"))
            }
        }
        if let placeholder = reader.string(cell, "NSPlaceholderString") {
            cellElement.set("placeholderString", placeholder)
            cellKnown.insert("NSPlaceholderString")
        }
        copyFlag("NSDrawsBackground", of: cell, as: "drawsBackground", to: cellElement, known: &cellKnown)
        copyTag(of: cell, to: cellElement, known: &cellKnown)
        if reader.has(cell, "NSCellIdentifier") { cellKnown.insert("NSCellIdentifier") }
        cellElement.set("id", id(cell))
        if let cellCustom { setCustomClass(cellCustom, on: cellElement) }
        appendFont(of: cell, to: cellElement, known: &cellKnown)
        for (key, attribute) in [("NSTextColor", "textColor"), ("NSBackgroundColor", "backgroundColor")] {
            if let color = reader.reference(cell, key), let colorElement = self.color(color, key: attribute) {
                cellElement.append(colorElement)
                cellKnown.insert(key)
            }
        }
        // A secure field's input locales (``AppKitTextFieldRule``): `<allowedInputSourceLocales>`.
        if variant.element == "secureTextField", reader.has(cell, "NSAllowedInputLocales") {
            let strings = reader.elements(cell, "NSAllowedInputLocales").compactMap { reader.string(at: $0) }
            if strings.count == reader.elements(cell, "NSAllowedInputLocales").count {
                let locales = DecompiledElement("allowedInputSourceLocales")
                for text in strings {
                    let string = DecompiledElement("string")
                    string.text = text
                    locales.append(string)
                }
                cellElement.append(locales)
                cellKnown.insert("NSAllowedInputLocales")
            }
        }
        // The character picker's default depends on the document's tools version: always said.
        if reader.flag(cell, "NSCharacterPickerEnabled") == true {
            element.set("allowsCharacterPickerTouchBarItem", "YES")
            cellKnown.insert("NSCharacterPickerEnabled")
        } else if era < XcodeEra(11) {
            element.set("allowsCharacterPickerTouchBarItem", "NO")
        }
        keepUnread(cell, known: cellKnown, in: cellElement)
        element.append(cellElement)
        return known
    }

    /// A combo box cell's own keys (``AppKitComboBoxRule`` read backwards): the visible item
    /// count, the vertical scroller, the `<objectValues>` strings; the `NSComboTableView` and
    /// `NSAutomaticTextCompletionStored` are the rule's, and `completes="NO"` (the only value
    /// it models) leaves no key. Returns the keys read.
    func comboBoxCell(_ cell: Int, _ cellElement: DecompiledElement) -> Set<String> {
        var known: Set<String> = ["NSAutomaticTextCompletionStored", "NSTableView"]
        cellElement.set("completes", "NO")
        if let count = reader.integer(cell, "NSVisibleItemCount") {
            cellElement.set("numberOfVisibleItems", String(count))
            known.insert("NSVisibleItemCount")
        }
        if let scroller = reader.flag(cell, "NSHasVerticalScroller") {
            if !scroller { cellElement.set("hasVerticalScroller", "NO") }
            known.insert("NSHasVerticalScroller")
        }
        if let table = reader.reference(cell, "NSTableView") { visited.insert(table) }
        if reader.has(cell, "NSPopUpListData") {
            let items = reader.elements(cell, "NSPopUpListData")
            let strings = items.compactMap { reader.string(at: $0) }
            // Only strings are modelled: a list with anything else is kept as a comment.
            if strings.count == items.count {
                let values = DecompiledElement("objectValues")
                for text in strings {
                    let string = DecompiledElement("string")
                    string.text = text
                    values.append(string)
                }
                cellElement.append(values)
                known.insert("NSPopUpListData")
            }
        }
        return known
    }

    /// The attributes `NSCellFlags` and `NSCellFlags2` pack (``CellRule/flags`` and
    /// ``CellRule/flags2`` read backwards); `textBorders`: NSCell's own bezel and border bits
    /// (text cells), which button cells keep in `NSButtonFlags` instead.
    func cellFlags(_ cell: Int, _ cellElement: DecompiledElement, textBorders: Bool) {
        let flags = reader.integer(cell, "NSCellFlags") ?? 0
        let flags2 = reader.integer(cell, "NSCellFlags2") ?? 0
        if flags & 0x0010_0000 != 0 { cellElement.set("scrollable", "YES") }
        let mode = flags2 >> 9 & 7
        if mode != 0, let name = Self.lineBreakModes[mode] { cellElement.set("lineBreakMode", name) }
        if flags & 0x0020_0000 != 0 { cellElement.set("selectable", "YES") }
        if flags & 0x1000_0000 != 0 { cellElement.set("editable", "YES") }
        if flags & 0x2000_0000 != 0 { cellElement.set("enabled", "NO") }
        if flags2 & 0x0040_0000 != 0 { cellElement.set("sendsActionOnEndEditing", "YES") }
        if flags & 0x8000_0000 != 0 || flags < 0 { cellElement.set("state", "on") }
        if textBorders, flags & 0x0040_0000 != 0 {
            cellElement.set("borderStyle", "bezel")
        } else if textBorders, flags & 0x0080_0000 != 0 {
            cellElement.set("borderStyle", "border")
        }
        let ring = flags2 >> 15 & 3
        if ring != 0, let name = CellRule.focusRingTypes.first(where: { $0.value == ring })?.key {
            cellElement.set("focusRingType", name)
        }
        let alignment = flags2 >> 26 & 7
        if alignment != 4, let name = Self.cellAlignments[alignment] { cellElement.set("alignment", name) }
        let size = flags2 >> 17 & 3
        if size != 0, let name = Self.controlSizes[size] { cellElement.set("controlSize", name) }
        if flags2 & 0x0200_0000 != 0 { cellElement.set("refusesFirstResponder", "YES") }
        if flags2 & 0x1000 != 0 { cellElement.set("allowsUndo", "NO") }
        if flags2 & 0x100 != 0 { cellElement.set("truncatesLastVisibleLine", "YES") }
        if flags2 & 0x40 != 0 { cellElement.set("usesSingleLineMode", "YES") }
        if flags2 & 0x4000_0000 != 0 { cellElement.set("allowsEditingTextAttributes", "YES") }
    }

    static let bezelStyles = inverted(AppKitButtonRule.bezelBits.mapValues { Int($0) })
    static let imageScalings = inverted(AppKitButtonRule.imageScalingBits.mapValues { Int($0) })
    static let imagePositions = inverted(AppKitButtonRule.imagePositions.mapValues { Int($0) })
    /// `NSButtonFlags` bits the button rule writes (behavior, border, image position, inset,
    /// image hugging); any other is kept as a comment.
    static let buttonFlagBits: Int = {
        var bits = 0x0080_0000 | 0x6000 | 0x20
        for value in AppKitButtonRule.behaviorBits.values { bits |= Int(value) }
        for value in AppKitButtonRule.imagePositions.values { bits |= Int(value) }
        return bits
    }()
    /// Keys of a button cell the element's attributes give, or that every button cell has.
    static let impliedButtonCellKeys: Set<String> = impliedTextCellKeys.union([
        "NSButtonFlags", "NSButtonFlags2", "NSBezelStyle", "NSAlternateContents", "NSKeyEquivalent",
        "NSPeriodicDelay", "NSPeriodicInterval", "NSAuxButtonType",
    ])

    /// `<button>`'s attributes and its `<buttonCell key="cell">` (``AppKitButtonRule`` read
    /// backwards); returns the keys read.
    func button(_ index: Int, _ element: DecompiledElement, depth: Int, popUp: Bool) -> Set<String> {
        var known = controlAttributes(index, element).union(["IBNSShadowedSymbolConfiguration"])
        guard let cell = reader.reference(index, "NSCell"), !visited.contains(cell) else { return known }
        guard let cellElement = buttonCell(cell, key: "cell", control: element, depth: depth, popUp: popUp) else {
            return known
        }
        element.append(cellElement)
        // Push and textured rounded buttons hug vertically at 750 from Xcode 15 (``AppKitButtonRule``).
        let bezel = (reader.integer(cell, "NSButtonFlags2") ?? 0) & 0x3F
        if !popUp, era >= XcodeEra(15), bezel == 0x01 || bezel == 0x23, !reader.has(index, "NSHuggingPriority") {
            element.set("horizontalHuggingPriority", "250")
            element.set("verticalHuggingPriority", "750")
            known.insert("NSHuggingPriority")
        }
        return known
    }

    /// `<buttonCell key=…>` / `<popUpButtonCell key=…>` for the cell `cell` of a button, or of a
    /// table column (its data cell, whose own element takes the button's attributes: `control`);
    /// nil, with a comment in `control`, for a cell of another class.
    func buttonCell(_ cell: Int, key: String, control element: DecompiledElement, depth: Int, popUp: Bool)
        -> DecompiledElement?
    {
        visited.insert(cell)
        var cellClass = reader.className(cell)
        var cellCustom: String?
        if cellClass == "NSClassSwapper" {
            cellCustom = reader.string(cell, "NSClassName")
            cellClass = reader.string(cell, "NSOriginalClassName") ?? ""
        }
        guard cellClass == (popUp ? "NSPopUpButtonCell" : "NSButtonCell") else {
            element.append(lost("AppKit button cell \(cellClass)", "the \(cellClass) cell"))
            return nil
        }
        let cellElement = DecompiledElement(popUp ? "popUpButtonCell" : "buttonCell", [("key", key)])
        elements[cell] = cellElement
        var cellKnown = Self.impliedButtonCellKeys
        let buttonFlags = reader.integer(cell, "NSButtonFlags") ?? 0
        let buttonFlags2 = reader.integer(cell, "NSButtonFlags2") ?? 0
        // The type is archived only through the check box and radio images
        // (``AppKitButtonRule/buttonCell``); any other type archives the same.
        var type = "push"
        if let alternate = reader.reference(cell, "NSAlternateImage"),
            reader.className(alternate) == "NSButtonImageSource"
        {
            switch reader.string(alternate, "NSImageName") {
            case "NSSwitch": type = "check"
            case "NSRadioButton": type = "radio"
            default: break
            }
            if type != "push" { cellKnown.insert("NSAlternateImage") }
        }
        cellElement.set("type", type)
        if let contents = reader.reference(cell, "NSContents"), let title = reader.string(at: contents), !title.isEmpty
        {
            cellElement.set("title", title)
        }
        if let alternate = reader.string(cell, "NSAlternateContents"), !alternate.isEmpty {
            cellElement.set("alternateTitle", alternate)
        }
        if let bezel = Self.bezelStyles[buttonFlags2 & 0x3F] { cellElement.set("bezelStyle", bezel) }
        if let position = Self.imagePositions[buttonFlags & 0x78_0000] { cellElement.set("imagePosition", position) }
        cellFlags(cell, cellElement, textBorders: false)
        if buttonFlags & 0x0080_0000 != 0 { cellElement.set("borderStyle", popUp ? "borderAndBezel" : "border") }
        if let scaling = Self.imageScalings[buttonFlags2 & 0xC0] { cellElement.set("imageScaling", scaling) }
        let inset = buttonFlags >> 13 & 3
        if inset != 0 { cellElement.set("inset", String(inset)) }
        if (reader.integer(cell, "NSCellFlags2") ?? 0) & 0x0100_0000 != 0 { cellElement.set("allowsMixedState", "YES") }
        var keyEquivalentChild: DecompiledElement?
        if let key = reader.string(cell, "NSKeyEquivalent"), !key.isEmpty {
            if let string = Self.base64KeyEquivalent(key) {
                keyEquivalentChild = string
            } else {
                cellElement.set("keyEquivalent", key)
            }
        }
        copyTag(of: cell, to: cellElement, known: &cellKnown)
        if buttonFlags & 0x20 != 0 { element.set("imageHugsTitle", "YES") }
        if let normal = reader.reference(cell, "NSNormalImage"), let name = image(normal) {
            cellElement.set("image", name)
            cellKnown.insert("NSNormalImage")
        }
        if !cellKnown.contains("NSAlternateImage"), let alternate = reader.reference(cell, "NSAlternateImage"),
            let name = image(alternate)
        {
            cellElement.set("alternateImage", name)
            cellKnown.insert("NSAlternateImage")
        }
        cellElement.set("id", id(cell))
        if let cellCustom { setCustomClass(cellCustom, on: cellElement) }
        let behavior = DecompiledElement("behavior", [("key", "behavior")])
        for (name, bits) in AppKitButtonRule.behaviorBits.sorted(by: { $0.key < $1.key })
        where buttonFlags & Int(bits) == Int(bits) {
            behavior.set(name, "YES")
        }
        cellElement.append(behavior)
        if let keyEquivalentChild { cellElement.append(keyEquivalentChild) }
        if popUp { cellKnown.formUnion(popUpCell(cell, cellElement, depth: depth)) }
        if let unknown = Optional(buttonFlags & ~Self.buttonFlagBits & 0xFFFF_FFFF), unknown != 0 {
            cellElement.append(
                lost("NSButtonCell.NSButtonFlags bits", "NSButtonFlags bits 0x" + String(unknown, radix: 16)))
        }
        appendFont(of: cell, to: cellElement, known: &cellKnown)
        keepUnread(cell, known: cellKnown, in: cellElement)
        return cellElement
    }

    /// A key equivalent with a control character (Return, Escape, Delete) as Interface Builder
    /// writes it, `<string key="keyEquivalent" base64-UTF8="YES">` without padding (read by
    /// ``AppKitButtonRule/text(of:context:)``); nil for one an attribute can hold.
    static func base64KeyEquivalent(_ key: String) -> DecompiledElement? {
        guard key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        let string = DecompiledElement("string", [("key", "keyEquivalent"), ("base64-UTF8", "YES")])
        string.text = Data(key.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        return string
    }

    static let edges = inverted(AppKitPopUpButtonRule.edges)
    static let arrowPositions = inverted(AppKitPopUpButtonRule.arrowPositions)

    /// A pop-up button cell's own attributes and its `<menu key="menu">`
    /// (``AppKitPopUpButtonRule`` read backwards); returns the keys read.
    func popUpCell(_ cell: Int, _ cellElement: DecompiledElement, depth: Int) -> Set<String> {
        var known: Set<String> = [
            "NSMenuItemRespectAlignment", "NSSelectedIndex", "NSUsesItemFromMenu", "NSAltersState", "NSArrowPosition",
            "NSPreferredEdge", "NSPullDown",
        ]
        if reader.flag(cell, "NSPullDown") == true { cellElement.set("pullsDown", "YES") }
        // No NSArrowPosition is no arrow; the attribute's absence is arrow at bottom (2).
        let arrow = reader.integer(cell, "NSArrowPosition") ?? 0
        if arrow != 2, let name = Self.arrowPositions[arrow] { cellElement.set("arrowPosition", name) }
        if let edge = reader.integer(cell, "NSPreferredEdge"), edge != 1, let name = Self.edges[edge] {
            cellElement.set("preferredEdge", name)
        }
        if let menu = reader.reference(cell, "NSMenu"), !visited.contains(menu), reader.className(menu) == "NSMenu" {
            if let selected = reader.reference(cell, "NSMenuItem"),
                reader.elements(menu, "NSMenuItems").contains(selected)
            {
                cellElement.set("selectedItem", id(selected))
                known.insert("NSMenuItem")
            } else if case .nil? = reader.payload(cell, "NSMenuItem") {
                known.insert("NSMenuItem")
            }
            cellElement.append(self.menu(menu, key: "menu", depth: depth + 1, popUpCell: cell))
            known.insert("NSMenu")
        }
        return known
    }

    /// `<progressIndicator>` (``AppKitProgressIndicatorRule`` read backwards: `NSpiFlags` bits,
    /// values); returns the keys read.
    func progressIndicator(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        let flags = reader.integer(index, "NSpiFlags") ?? 0x4005
        if flags & 0x1 == 0 { element.set("bezeled", "NO") }
        if flags & 0x2 != 0 { element.set("indeterminate", "YES") }
        if flags & 0x100 != 0 { element.set("controlSize", "small") }
        if flags & 0x1000 != 0 { element.set("style", "spinning") }
        if flags & 0x2000 != 0 { element.set("displayedWhenStopped", "NO") }
        if let minimum = reader.number(index, "NSMinValue"), minimum != 0 {
            element.set("minValue", Self.number(minimum))
        }
        if let maximum = reader.number(index, "NSMaxValue"), maximum != 100 {
            element.set("maxValue", Self.number(maximum))
        }
        if let value = reader.number(index, "NSProgressIndicatorDoubleValue") {
            element.set("doubleValue", Self.number(value))
        }
        let unknown = flags & ~(0x4004 | 0x1 | 0x2 | 0x8 | 0x100 | 0x1000 | 0x2000)
        if unknown != 0 || flags & 0x4004 != 0x4004 {
            element.append(lost("NSProgressIndicator.NSpiFlags bits", "NSpiFlags \(flags)"))
        }
        return ["NSpiFlags", "NSMinValue", "NSMaxValue", "NSProgressIndicatorDoubleValue"]
    }

    static let tickMarkPositions = inverted(AppKitSliderRule.tickMarkPositions)

    /// `<slider>` + `<sliderCell>` or `<stepper>` + `<stepperCell>` (``AppKitSliderRule`` and
    /// ``AppKitStepperRule`` read backwards); returns the keys read.
    func valueControl(_ index: Int, _ element: DecompiledElement, slider: Bool) -> Set<String> {
        var known = controlAttributes(index, element)
        if !slider {
            known.formUnion([
                "NSStepperMinValue", "NSStepperMaxValue", "NSStepperIncrement", "NSStepperWraps", "NSStepperAutorepeat",
            ])
        }
        let cellClass = slider ? "NSSliderCell" : "NSStepperCell"
        guard let cell = reader.reference(index, "NSCell"), !visited.contains(cell), reader.className(cell) == cellClass
        else {
            element.append(lost("AppKit \(cellClass)", "the control's cell"))
            return known
        }
        visited.insert(cell)
        let cellElement = DecompiledElement(slider ? "sliderCell" : "stepperCell", [("key", "cell")])
        elements[cell] = cellElement
        var cellKnown = Self.impliedTextCellKeys.union(["NSMaxValue", "NSMinValue", "NSValue"])
        let flags = reader.integer(cell, "NSCellFlags") ?? 0
        if slider, flags & 0x0004_0100 == 0x0004_0100 { cellElement.set("continuous", "YES") }
        cellFlags(cell, cellElement, textBorders: false)
        for (key, attribute) in [("NSMinValue", "minValue"), ("NSMaxValue", "maxValue"), ("NSValue", "doubleValue")] {
            if let value = reader.number(cell, key), value != 0 || key == "NSMaxValue" {
                cellElement.set(attribute, Self.number(value))
            }
        }
        if slider {
            cellKnown.formUnion([
                "NSAltIncValue", "NSNumberOfTickMarks", "NSTickMarkPosition", "NSAllowsTickMarkValuesOnly",
                "NSVertical",
                "NSCellIdentifier",
            ])
            if let value = reader.number(cell, "NSAltIncValue"), value != 0 {
                cellElement.set("altIncrementValue", Self.number(value))
            }
            if let ticks = reader.integer(cell, "NSNumberOfTickMarks"), ticks != 0 {
                cellElement.set("numberOfTickMarks", String(ticks))
            }
            if let position = reader.integer(cell, "NSTickMarkPosition"), position != 0,
                let name = Self.tickMarkPositions[position]
            {
                cellElement.set("tickMarkPosition", name)
            }
            if reader.flag(cell, "NSAllowsTickMarkValuesOnly") == true {
                cellElement.set("allowsTickMarkValuesOnly", "YES")
            }
            if reader.flag(cell, "NSVertical") == true {
                cellElement.append(lost("NSSliderCell.NSVertical", "a vertical slider"))
            }
            if let identifier = reader.string(cell, "NSCellIdentifier") { cellElement.set("identifier", identifier) }
        } else {
            cellKnown.formUnion(["NSIncrement", "NSValueWraps", "NSAutorepeat"])
            if let increment = reader.number(cell, "NSIncrement"), increment != 1 {
                cellElement.set("increment", Self.number(increment))
            }
            if reader.flag(cell, "NSValueWraps") == true { cellElement.set("valueWraps", "YES") }
        }
        finishCell(cell, cellElement, known: &cellKnown, in: element)
        return known
    }

    static let borderTypes = inverted(AppKitBoxRule.borderTypes)
    static let titlePositions = inverted(AppKitBoxRule.titlePositions)

    /// `<box>`: a separator, or a titled box with its content view (``AppKitBoxRule`` read
    /// backwards); returns the keys read.
    func box(_ index: Int, _ element: DecompiledElement, depth: Int) -> Set<String> {
        var known: Set<String> = [
            "NSOffsets", "NSTitleCell", "NSBorderType", "NSBoxType", "NSTitlePosition", "NSTransparent",
            "IBNSBoxIsUsingDocumentContentView", "NSContentView",
        ]
        let titleCell = reader.reference(index, "NSTitleCell")
        let title = titleCell.flatMap { reader.string($0, "NSContents") }
        let type = reader.integer(index, "NSBoxType")
        switch type {
        case 2:
            element.set("boxType", "separator")
            if let title, title != "Title" { element.set("title", title) }
        case 0, 1, 3, 4:
            // Secondary (1), old-style (3) and custom (4) boxes are laid out as primary ones
            // (``AppKitBoxRule``).
            if let name = [1: "secondary", 3: "oldStyle", 4: "custom"][type ?? 0] { element.set("boxType", name) }
            if let title, !title.isEmpty { element.set("title", title) }
            if let border = reader.integer(index, "NSBorderType"), border != 3, let name = Self.borderTypes[border] {
                element.set("borderType", name)
            }
            if let content = reader.reference(index, "NSContentView"), !visited.contains(content),
                let view = view(content, key: "contentView", depth: depth + 1, isContentView: true)
            {
                element.append(view)
            } else {
                known.remove("NSContentView")
            }
        default:
            known = []
            element.append(lost("AppKit box type", "a box of type \(type ?? -1)"))
        }
        if !known.isEmpty, let position = reader.integer(index, "NSTitlePosition"), position != 2,
            let name = Self.titlePositions[position]
        {
            element.set("titlePosition", name)
        }
        if !known.isEmpty, reader.flag(index, "NSTransparent") == true { element.set("transparent", "YES") }
        // A title font other than the rule's 11-point system font (``AppKitBoxRule/titleCell``).
        if !known.isEmpty, let titleCell, let font = reader.reference(titleCell, "NSSupport"),
            !(reader.number(font, "NSSize") == 11 && (reader.integer(font, "NSfFlags") ?? 0) >> 8 == 12
                && reader.string(font, "NSName") == AppKitFontRule.system),
            let fontElement = self.font(font)
        {
            fontElement.set("key", "titleFont")
            element.append(fontElement)
        }
        // autoresizesSubviews="NO": the rule clears NSvFlags 0x100 and sets it again with a runtime
        // attribute (``connect(_:)`` takes that connector as the attribute's).
        if !known.isEmpty, (reader.integer(index, "NSvFlags") ?? 0x100) & 0x100 == 0 {
            element.set("autoresizesSubviews", "NO")
        }
        if reader.elements(index, "NSSubviews").contains(where: { !visited.contains($0) }) {
            element.append(lost("AppKit box subviews", "box subviews other than its content view"))
        }
        return known
    }

    static let imageScalings2 = inverted(AppKitImageViewRule.scalings)
    static let frameStyles = inverted(AppKitImageViewRule.frameStyles)

    /// `<imageView>` and its `<imageCell key="cell">` (``AppKitImageViewRule`` read
    /// backwards); returns the keys read.
    func imageView(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        let known = controlAttributes(index, element).union([
            "NSEditable", "NSImageViewPlaceholderPrecedence", "IBNSShadowedSymbolConfiguration", "NSDragTypes",
        ])
        guard let cell = reader.reference(index, "NSCell"), !visited.contains(cell),
            reader.className(cell) == "NSImageCell"
        else {
            element.append(lost("AppKit image view cell", "the image view's cell"))
            return known
        }
        element.append(imageCell(cell, key: "cell"))
        return known
    }

    /// `<imageCell key=…>` for the image cell `cell` (an image view's cell, a table column's data
    /// cell): ``AppKitImageViewRule/encodeCell(_:_:control:context:)`` read backwards.
    func imageCell(_ cell: Int, key: String) -> DecompiledElement {
        visited.insert(cell)
        let cellElement = DecompiledElement("imageCell", [("key", key)])
        elements[cell] = cellElement
        var cellKnown = Self.impliedTextCellKeys.union([
            "NSAlign", "NSScale", "NSStyle", "NSAnimates", "NSImageAnimation",
        ])
        cellFlags(cell, cellElement, textBorders: false)
        if let scale = reader.integer(cell, "NSScale"), scale != 2, let name = Self.imageScalings2[scale] {
            cellElement.set("imageScaling", name)
        }
        if let style = reader.integer(cell, "NSStyle"), style != 0, let name = Self.frameStyles[style] {
            cellElement.set("imageFrameStyle", name)
        }
        if reader.flag(cell, "NSAnimates") == true { cellElement.set("animates", "YES") }
        if let contents = reader.reference(cell, "NSContents") {
            if let name = image(contents) ?? embeddedImage(contents, name: "imageCell:\(id(cell)):image") {
                cellElement.set("image", name)
            } else {
                cellKnown.remove("NSContents")
            }
        }
        cellElement.set("id", id(cell))
        appendFont(of: cell, to: cellElement, known: &cellKnown)
        keepUnread(cell, known: cellKnown, in: cellElement)
        return cellElement
    }

    /// An image's name for an `NSCustomResource` of class NSImage (``AppKitImageRule/image``
    /// read backwards): AppKit's own images by name, the app's listed in `<resources>` with the
    /// design size the nib records; nil for anything else.
    func image(_ index: Int) -> String? {
        guard reader.className(index) == "NSCustomResource", reader.string(index, "NSClassName") == "NSImage",
            let name = reader.string(index, "NSResourceName"), !name.isEmpty,
            reader.string(index, "NSCatalogName") == nil
        else { return nil }
        if AppKitImageRule.systemImages[name] != nil { return name }
        guard !name.hasPrefix("NS") else { return nil }
        if shared.images[name] == nil {
            var size = (1.0, 1.0)
            if let value = reader.reference(index, "IBDesignSize"),
                let numbers = Self.numbers(reader.string(value, "NS.sizeval")), numbers.count == 2
            {
                size = (numbers[0], numbers[1])
            }
            shared.images[name] = size
            shared.imageOrder.append(name)
        }
        return name
    }

    /// `name` for an `NSImage` archived in place of a named image (``AppKitImageRule/embeddedImage(_:context:)``
    /// read backwards: transmission_MainMenu's image data cell): the image, its representations
    /// and their data go into `<resources>` as the `NSKeyedArchiver` archive Xcode stores
    /// (`keyedArchiveRepresentation`), sized by its `NSSize`. Xcode names such a resource
    /// `imageCell:CELL-ID:image`. Nil for anything else or a graph that cannot be archived.
    func embeddedImage(_ index: Int, name: String) -> String? {
        guard reader.className(index) == "NSImage",
            let size = Self.numbers(reader.string(index, "NSSize")), size.count == 2
        else { return nil }
        if shared.embeddedImages[name] != nil { return name }
        guard let image = archivedGraph(index) else { return nil }
        let top = ArchivedObject("NSObject")
        top.set("root", image)
        let bytes: [UInt8]
        do {
            var writer = ArchiveWriter()
            writer.sharesNumbersAcrossTypes = false
            bytes = try writer.archive(root: top).foundationKeyedArchive().serialized(as: .binary)
        } catch {
            return nil
        }
        // Xcode writes the base64 in lines of 76 characters.
        let encoded = Array(Data(bytes).base64EncodedString())
        var lines: [String] = []
        var start = 0
        while start < encoded.count {
            let end = min(start + 76, encoded.count)
            lines.append(String(encoded[start..<end]))
            start = end
        }
        shared.embeddedImages[name] = "\n" + lines.joined(separator: "\n") + "\n"
        if shared.images[name] == nil {
            shared.images[name] = (size[0], size[1])
            shared.imageOrder.append(name)
        }
        return name
    }

    /// The objects reachable from `start` as compiler objects, with the same classes, keys and
    /// values; nil when a reference leads outside the archive.
    func archivedGraph(_ start: Int) -> ArchivedObject? {
        var made: [Int: ArchivedObject] = [:]
        var order: [Int] = []
        var pending = [start]
        while let index = pending.popLast() {
            guard made[index] == nil else { continue }
            guard index < reader.entries.count else { return nil }
            made[index] = ArchivedObject(reader.className(index))
            order.append(index)
            for value in reader.values(index) {
                if case .objectReference(let target) = value.payload { pending.append(Int(target)) }
            }
        }
        for index in order {
            guard let target = made[index] else { return nil }
            for (key, payload) in reader.values(index) {
                if case .objectReference(let reference) = payload {
                    guard let referenced = made[Int(reference)] else { return nil }
                    target.set(key, referenced)
                } else if let plain = ArchivedObject.plainValue(payload) {
                    target.set(key, plain)
                }
            }
        }
        return made[start]
    }

    /// An SF Symbol's name for an `NSCustomResource` of the system catalog as a plain `image` and
    /// `catalog="system"` archive it (``AppKitImageRule``: design size {32, 32}, no
    /// configuration), listed in `<resources>` with that catalog; nil for anything else.
    func symbol(_ index: Int) -> String? {
        guard reader.className(index) == "NSCustomResource", reader.string(index, "NSClassName") == "NSImage",
            reader.string(index, "NSCatalogName") == "system", reader.string(index, "IBNamespaceID") == "system",
            let name = reader.string(index, "NSResourceName"), !name.isEmpty,
            case .nil? = reader.payload(index, "IBDesignImageConfiguration"),
            let size = reader.reference(index, "IBDesignSize"),
            Self.numbers(reader.string(size, "NS.sizeval")) == [32, 32]
        else { return nil }
        if shared.images[name] == nil {
            shared.images[name] = (32, 32)
            shared.imageOrder.append(name)
        }
        shared.systemSymbols.insert(name)
        return name
    }

    /// A predicate editor's attributes and row templates (``PredicateEditorRule`` read
    /// backwards): `nestingMode`, `rowHeight`, and per compound template its pop-ups' menus
    /// (`<popUpMenus>`); the slice holder, key paths and pop-up geometry are the rule's own.
    /// Returns the keys read.
    func predicateEditor(_ index: Int, _ element: DecompiledElement, depth: Int) -> Set<String> {
        var known: Set<String> = [
            "NSSubviews", "NSNextKeyView", "NSDragTypes", "NSEnabled", "NSAllowsLogicalLayoutDirection",
            "NSControlSize", "NSControlContinuous", "NSControlRefusesFirstResponder", "NSControlUsesSingleLineMode",
            "NSControlTextAlignment", "NSControlLineBreakMode", "NSControlWritingDirection",
            "NSControlSendActionMask", "NSRuleEditorAlignmentGridWidth", "NSRuleEditorFormattingDictionary",
            "NSRuleEditorEditable", "NSRuleEditorAllowsEmptyCompoundRows", "NSRuleEditorDisallowEmpty",
            "NSRuleEditorRowTypeKeyPath", "NSRuleEditorSubrowsArrayKeyPath", "NSRuleEditorItemsKeyPath",
            "NSRuleEditorValuesKeyPath", "NSRuleEditorBoundArrayKeyPath", "NSRuleEditorRowClass",
            "NSRuleEditorSlicesHolder", "NSRuleEditorDelegate", "NSRuleEditorBoundArrayOwner", "NSRuleEditorSlices",
            "NSPredicateEditorPredicate",
        ]
        for holder in reader.elements(index, "NSSubviews") { visited.insert(holder) }
        if let mode = reader.integer(index, "NSRuleEditorNestingMode"),
            let name = PredicateEditorRule.nestingModes.first(where: { $0.value == mode })?.key
        {
            element.set("nestingMode", name)
            known.insert("NSRuleEditorNestingMode")
        }
        if let height = reader.number(index, "NSRuleEditorSliceHeight") {
            element.set("rowHeight", Self.number(height))
            known.insert("NSRuleEditorSliceHeight")
        }
        // Interface Builder writes the id after them.
        if let identifier = element["id"] {
            element.remove("id")
            element.set("id", identifier)
        }
        let templates = reader.elements(index, "NSPredicateTemplates")
        guard !templates.isEmpty else { return known }
        known.insert("NSPredicateTemplates")
        let container = DecompiledElement("rowTemplates")
        for template in templates {
            visited.insert(template)
            guard reader.className(template) == "NSPredicateEditorRowTemplate",
                let type = reader.integer(template, "NSPredicateTemplateType"),
                let typeName = PredicateEditorRule.rowTypes.first(where: { $0.value == type })?.key
            else {
                container.append(lost("AppKit predicate row template", "the row template \(template)"))
                continue
            }
            let row = DecompiledElement("predicateEditorRowTemplate", [("rowType", typeName), ("id", id(template))])
            elements[template] = row
            let menus = DecompiledElement("popUpMenus")
            for popUp in reader.elements(template, "NSPredicateTemplateViews") {
                visited.insert(popUp)
                guard reader.className(popUp) == "NSPopUpButton", let cell = reader.reference(popUp, "NSCell"),
                    let menu = reader.reference(cell, "NSMenu"), !visited.contains(menu)
                else {
                    menus.append(lost("AppKit predicate template view", "the template view \(popUp)"))
                    continue
                }
                visited.insert(cell)
                menus.append(self.menu(menu, key: nil, depth: depth + 1, popUpCell: cell))
            }
            row.append(menus)
            container.append(row)
        }
        element.append(container)
        return known
    }

    /// `<imageReference key="KEY">` for an SF Symbol archived with its configuration
    /// (``AppKitImageRule/imageReference(_:context:)`` read backwards: `NSImageVariableValue`,
    /// an `IBImageConfiguration` of a known scale, rendering mode 0, no hierarchical colors or
    /// locale, and the design size the compiler knows for the symbol); nil for any other
    /// resource. The symbol is listed in `<resources>` with its design size.
    func symbolReference(_ index: Int, key: String) -> DecompiledElement? {
        guard reader.className(index) == "NSCustomResource", reader.string(index, "NSClassName") == "NSImage",
            reader.string(index, "NSCatalogName") == "system", reader.string(index, "IBNamespaceID") == "system",
            let name = reader.string(index, "NSResourceName"),
            let designSize = AppKitImageRule.referencedSymbolSizes[name],
            let size = reader.reference(index, "IBDesignSize"), reader.string(size, "NS.sizeval") == designSize,
            let sizes = Self.numbers(designSize), sizes.count == 2,
            let variable = reader.number(index, "NSImageVariableValue"), variable.isFinite,
            let configuration = reader.reference(index, "IBDesignImageConfiguration"),
            reader.className(configuration) == "IBImageConfiguration",
            reader.values(configuration).map(\.key)
                == ["IBSymbolScale", "IBRenderingMode", "IBVariableValue", "IBHierarchicalColors", "IBLocale"],
            let scale = reader.integer(configuration, "IBSymbolScale"),
            let scaleName = AppKitImageRule.symbolScales.first(where: { $0.value == scale })?.key,
            reader.integer(configuration, "IBRenderingMode") == 0,
            let number = reader.reference(configuration, "IBVariableValue"),
            reader.number(number, "NS.dblval") == variable,
            let colors = reader.reference(configuration, "IBHierarchicalColors"),
            reader.className(colors) == "NSArray", reader.elements(at: colors).isEmpty,
            case .nil? = reader.payload(configuration, "IBLocale")
        else { return nil }
        if shared.images[name] == nil {
            shared.images[name] = (sizes[0], sizes[1])
            shared.imageOrder.append(name)
        }
        shared.systemSymbols.insert(name)
        return DecompiledElement(
            "imageReference",
            [
                ("key", key), ("image", name), ("catalog", "system"), ("symbolScale", scaleName),
                ("variableValue", Self.number(variable)),
            ])
    }

    /// `<font key="font">` for an `NSFont` (``AppKitFontRule`` read backwards): its meta font
    /// when the name and type are a meta font's, else its name and size.
    func font(_ index: Int) -> DecompiledElement? {
        guard reader.className(index) == "NSFont", let name = reader.string(index, "NSName"),
            let size = reader.number(index, "NSSize"), let flags = reader.integer(index, "NSfFlags")
        else { return nil }
        let element = DecompiledElement("font", [("key", "font")])
        if reader.flag(index, "NSFontUsesAppearanceFontSize") == true {
            element.set("usesAppearanceFont", "YES")
            return element
        }
        let type = flags >> 8
        if type == 0 {
            element.set("name", name)
            element.set("size", Self.number(size))
            return element
        }
        // A pop-up's menu font was type 5 before Xcode 16 (``AppKitFontRule``), so type 6 is
        // then the message font alone.
        let older = era < AppKitEraRule.current
        let candidates = AppKitFontRule.metaFonts.sorted { $0.key < $1.key }.filter {
            guard $0.value.name == name else { return false }
            if $0.key == "menu" && older { return type == 5 }
            return $0.value.type == type
        }
        guard let meta = candidates.first else { return nil }
        element.set("metaFont", meta.key)
        if size != meta.value.size { element.set("size", Self.number(size)) }
        return element
    }

    /// `<color key=…>` for an `NSColor` (``AppKitColorRule`` read backwards): System catalog
    /// colors, calibrated and device white and RGB; nil for the others.
    func color(_ index: Int, key: String) -> DecompiledElement? {
        guard reader.className(index) == "NSColor", let space = reader.integer(index, "NSColorSpace") else {
            return nil
        }
        func components(_ name: String) -> [String]? {
            guard case .data(let bytes)? = reader.payload(index, name), bytes.count < 256,
                let text = String(validating: bytes.filter { $0 != 0 }, as: UTF8.self)
            else { return nil }
            let parts = text.split(separator: " ").map(String.init)
            return parts.allSatisfy({ Double($0)?.isFinite == true }) ? parts : nil
        }
        let extra = ["NSCustomColorSpace", "NSComponents", "NSLinearExposure"].contains { reader.has(index, $0) }
        switch space {
        case 6:
            guard reader.string(index, "NSCatalogName") == "System", let name = reader.string(index, "NSColorName"),
                AppKitColorRule.systemCatalog[name] != nil
            else { return nil }
            return DecompiledElement(
                "color", [("key", key), ("name", name), ("catalog", "System"), ("colorSpace", "catalog")])
        case 3, 4:
            // The alpha is left out when 1 (``AppKitColorRule/text(_:alpha:)``).
            guard !extra, let parts = components("NSWhite"), let white = parts.first, parts.count <= 2 else {
                return nil
            }
            return DecompiledElement(
                "color",
                [
                    ("key", key), ("white", white), ("alpha", parts.count == 2 ? parts[1] : "1"),
                    ("colorSpace", space == 3 ? "calibratedWhite" : "deviceWhite"),
                ])
        case 1 where extra:
            // A custom sRGB color (``AppKitColorRule``'s customSRGB): the source components are
            // `NSComponents`, the profile sRGB's (`NSID` 7); `NSRGB` is the compiler's conversion.
            guard let space = reader.reference(index, "NSCustomColorSpace"), reader.integer(space, "NSID") == 7,
                let parts = components("NSComponents"), parts.count == 4,
                components("NSLinearExposure") == ["1"]
            else { return nil }
            return DecompiledElement(
                "color",
                [
                    ("key", key), ("red", parts[0]), ("green", parts[1]), ("blue", parts[2]), ("alpha", parts[3]),
                    ("colorSpace", "custom"), ("customColorSpace", "sRGB"),
                ])
        case 1, 2:
            guard !extra, let parts = components("NSRGB"), parts.count == 3 || parts.count == 4 else { return nil }
            return DecompiledElement(
                "color",
                [
                    ("key", key), ("red", parts[0]), ("green", parts[1]), ("blue", parts[2]),
                    ("alpha", parts.count == 4 ? parts[3] : "1"),
                    ("colorSpace", space == 1 ? "calibratedRGB" : "deviceRGB"),
                ])
        default:
            return nil
        }
    }

    // MARK: Menus

    func menu(_ index: Int, key: String?, depth: Int, popUpCell: Int? = nil) -> DecompiledElement {
        visited.insert(index)
        let element = DecompiledElement("menu")
        if let key { element.set("key", key) }
        elements[index] = element
        element.set("title", reader.string(index, "NSTitle") ?? "")
        if let name = reader.string(index, "NSName"),
            let system = MenuRule.systemMenuNames.first(where: { $0.value == name })?.key
        {
            element.set("systemMenu", system)
        }
        if reader.flag(index, "NSNoAutoenable") == true { element.set("autoenablesItems", "NO") }
        element.set("id", id(index))
        guard depth < Self.maximumDepth else {
            element.append(lost("AppKit menus nested too deep", "menus nested deeper than \(Self.maximumDepth)"))
            return element
        }
        let items = DecompiledElement("items")
        for item in reader.elements(index, "NSMenuItems") {
            let isItem =
                reader.className(item) == "NSMenuItem"
                || (reader.className(item) == "NSClassSwapper"
                    && reader.string(item, "NSOriginalClassName") == "NSMenuItem")
            guard !visited.contains(item), isItem else {
                items.append(lost("AppKit menu item", "the menu item object \(item)"))
                continue
            }
            items.append(menuItem(item, depth: depth, popUpCell: popUpCell))
        }
        element.append(items)
        keepUnread(index, known: ["NSTitle", "NSName", "NSNoAutoenable", "NSMenuItems"], in: element)
        return element
    }

    func menuItem(_ index: Int, depth: Int, popUpCell: Int?) -> DecompiledElement {
        visited.insert(index)
        let element = DecompiledElement("menuItem")
        elements[index] = element
        var keyEquivalentChild: DecompiledElement?
        let separator = reader.flag(index, "NSIsSeparator") == true
        if separator {
            element.set("isSeparatorItem", "YES")
        } else {
            element.set("title", reader.string(index, "NSTitle") ?? "")
            if let key = reader.string(index, "NSKeyEquiv"), !key.isEmpty {
                if let string = Self.base64KeyEquivalent(key) {
                    keyEquivalentChild = string
                } else {
                    element.set("keyEquivalent", key)
                }
            }
        }
        if let tag = reader.integer(index, "NSTag"), tag != 0 { element.set("tag", String(tag)) }
        if let state = reader.integer(index, "NSState"), let name = MenuRule.states.first(where: { $0.value == state })
        {
            element.set("state", name.key)
        }
        if reader.flag(index, "NSIsHidden") == true { element.set("hidden", "YES") }
        // A disabled item that is no separator (``MenuRule``: `enabled="NO"`).
        if !separator, reader.flag(index, "NSIsDisabled") == true { element.set("enabled", "NO") }
        if reader.flag(index, "NSIsAlternate") == true { element.set("alternate", "YES") }
        var imageKnown = false
        if let resource = reader.reference(index, "NSImage"), let name = image(resource) {
            element.set("image", name)
            imageKnown = true
        }
        // SF Symbols (``AppKitImageRule``): `image` / `secondaryImage` with `catalog="system"`.
        var symbolKeys: Set<String> = []
        for (key, attribute) in [("NSImage", "image"), ("NSActionImage", "secondaryImage")] {
            guard element[attribute] == nil, let resource = reader.reference(index, key),
                let name = symbol(resource)
            else { continue }
            element.set(attribute, name)
            element.set("catalog", "system")
            symbolKeys.insert(key)
        }
        // A configured symbol (``AppKitImageRule/imageReference(_:context:)``): an element.
        var imageReference: DecompiledElement?
        if element["secondaryImage"] == nil, let resource = reader.reference(index, "NSActionImage"),
            let reference = symbolReference(resource, key: "secondaryImage")
        {
            imageReference = reference
            symbolKeys.insert("NSActionImage")
        }
        if symbolKeys.contains("NSActionImage"), reader.flag(index, "NSHasActionImage") == true {
            symbolKeys.insert("NSHasActionImage")
        }
        if reader.flag(index, "NSKEAllowedWhenHidden") == true { element.set("allowsKeyEquivalentWhenHidden", "YES") }
        element.set("id", id(index))
        if reader.className(index) == "NSClassSwapper", let name = reader.string(index, "NSClassName") {
            setCustomClass(name, on: element)
        }
        if let imageReference { element.append(imageReference) }
        if let keyEquivalentChild { element.append(keyEquivalentChild) }
        // An integer represented object (``MenuRule``: `<integer key="representedObject">`).
        var representedKnown = false
        if let represented = reader.reference(index, "NSRepObject"), reader.className(represented) == "NSNumber",
            reader.values(represented).map(\.key) == ["NS.intval"], let value = reader.integer(represented, "NS.intval")
        {
            element.append(DecompiledElement("integer", [("key", "representedObject"), ("value", String(value))]))
            representedKnown = true
        }
        // No mask is ⌘ (``MenuRule``); separators have none.
        let modifiers = reader.integer(index, "NSKeyEquivModMask") ?? 0
        if modifiers != (separator ? 0 : 1 << 20) {
            let mask = DecompiledElement("modifierMask", [("key", "keyEquivalentModifierMask")])
            for (name, bit) in MenuRule.modifierBits where modifiers & bit != 0 { mask.set(name, "YES") }
            element.append(mask)
        }
        var known = Self.impliedMenuItemKeys
        if representedKnown { known.insert("NSRepObject") }
        if imageKnown { known.insert("NSImage") }
        known.formUnion(symbolKeys)
        // An empty attributed title (``MenuRule``: an NSAttributedString of "" alone).
        if let title = reader.reference(index, "NSAttributedTitle"), reader.className(title) == "NSAttributedString",
            reader.values(title).map(\.key) == ["NSString"], reader.string(title, "NSString") == ""
        {
            element.append(DecompiledElement("attributedString", [("key", "attributedTitle")]))
            known.insert("NSAttributedTitle")
        }
        if let submenu = reader.reference(index, "NSSubmenu"), !visited.contains(submenu),
            reader.className(submenu) == "NSMenu"
        {
            element.append(menu(submenu, key: "submenu", depth: depth + 1))
        } else if reader.has(index, "NSSubmenu") {
            known.remove("NSSubmenu")
        }
        if reader.string(index, "NSAction") == "_popUpItemAction:",
            popUpCell == nil || reader.reference(index, "NSTarget") != popUpCell
        {
            element.append(lost("NSMenuItem pop-up action", "a pop-up button item's action"))
        }
        keepUnread(index, known: known, in: element)
        return element
    }

    // MARK: Connections

    /// Outlets and actions of `NSConnections`, each inside its source's element
    /// (``AppKitConnectionRule`` read backwards); others are kept as comments.
    func connect(_ connectors: [Int]) {
        for connector in connectors {
            let className = reader.className(connector)
            if className == "NSIBUserDefinedRuntimeAttributesConnector",
                boxResizesNoSubviews(connector) || runtimeAttributes(connector)
            {
                continue
            }
            // A view's tool tip (``AppKitToolTipRule``): the view's `toolTip`.
            if className == "NSIBHelpConnector", reader.string(connector, "NSFile") == "NSToolTipHelpKey",
                let view = reader.reference(connector, "NSDestination"), let element = elements[view],
                element["toolTip"] == nil, let text = reader.string(connector, "NSMarker")
            {
                element.set("toolTip", text)
                continue
            }
            guard let source = reader.reference(connector, "NSSource"), let label = reader.string(connector, "NSLabel"),
                let sourceElement = elements[source]
            else {
                let note = lost("AppKit connection \(className)", "the \(className) object \(connector)")
                if let source = reader.reference(connector, "NSSource"), let sourceElement = elements[source] {
                    sourceElement.child("connections").append(note)
                }
                continue
            }
            let destination = reader.reference(connector, "NSDestination")
            switch className {
            // The connector that orders a stack view's decoding (``StackViewRule``).
            case "NSNibConnector" where label == StackViewRule.decodingOrderLabel && destination == nil:
                continue
            case "NSNibOutletConnector":
                guard let destination, elements[destination] != nil else {
                    sourceElement.child("connections").append(
                        lost("AppKit outlet to an object not decompiled", "the outlet \(label)"))
                    continue
                }
                sourceElement.child("connections").append(
                    DecompiledElement(
                        "outlet", [("property", label), ("destination", id(destination)), ("id", id(connector))]))
            case "NSNibControlConnector":
                // No destination: the action goes to First Responder (``AppKitConnectionRule``).
                let target: String
                if let destination {
                    guard elements[destination] != nil else {
                        sourceElement.child("connections").append(
                            lost("AppKit action to an object not decompiled", "the action \(label)"))
                        continue
                    }
                    target = id(destination)
                } else {
                    target = "-1"
                }
                sourceElement.child("connections").append(
                    DecompiledElement("action", [("selector", label), ("target", target), ("id", id(connector))]))
            case "NSNibBindingConnector":
                guard let destination, elements[destination] != nil, let made = binding(connector, destination) else {
                    sourceElement.child("connections").append(
                        lost("AppKit binding", "the binding \(label)"))
                    continue
                }
                sourceElement.child("connections").append(made)
            default:
                sourceElement.child("connections").append(
                    lost("AppKit connection \(className)", "the \(className) \(label)"))
            }
        }
    }

    /// Whether `connector` is the runtime attribute ``AppKitBoxRule`` writes for a box's
    /// `autoresizesSubviews="NO"` (one key path, `autoresizesSubviews`, false), on a box that
    /// says so.
    func boxResizesNoSubviews(_ connector: Int) -> Bool {
        guard let object = reader.reference(connector, "NSObject"), let element = elements[object],
            element.name == "box", element["autoresizesSubviews"] == "NO"
        else { return false }
        let keyPaths = reader.elements(connector, "NSKeyPaths")
        let values = reader.elements(connector, "NSValues")
        guard keyPaths.count == 1, values.count == 1, let path = keyPaths.first, let value = values.first else {
            return false
        }
        return reader.string(at: path) == "autoresizesSubviews" && reader.className(value) == "NSNumber"
            && reader.flag(value, "NS.boolval") == false
    }

    // MARK: Geometry

    /// The numbers of an NSString geometry (`{{x, y}, {w, h}}`, `{w, h}`).
    static func numbers(_ text: String?) -> [Double]? {
        guard let text, text.utf8.count < 512 else { return nil }
        var result: [Double] = []
        var current = ""
        for character in text + "," {
            if character.isNumber || character == "." || character == "-" || character == "e" || character == "+" {
                current.append(character)
            } else if !current.isEmpty {
                guard let value = Double(current), value.isFinite else { return nil }
                result.append(value)
                current = ""
            }
        }
        return result
    }

    static func rect(_ key: String, _ values: [Double]) -> DecompiledElement {
        DecompiledElement(
            "rect",
            [
                ("key", key), ("x", number(values[0])), ("y", number(values[1])), ("width", number(values[2])),
                ("height", number(values[3])),
            ])
    }
}
