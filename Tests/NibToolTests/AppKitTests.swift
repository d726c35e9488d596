import CorpusSupport
import Foundation
import NibCoding
import Testing
import ZIPFoundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an Interface Builder source (`.xib`) says, read with Foundation's XML parser: the
/// independent oracle for what `tree` and `scan` must find in the nib Apple compiled from it.
final class XibOracle: NSObject, XMLParserDelegate {
    struct MenuItem: Hashable {
        var title: String?
        var isSeparator: Bool
        var keyEquivalent: String?
        /// `command`, `shift`, `option`, `control` from `<modifierMask key="keyEquivalentModifierMask">`;
        /// `nil` when absent (Interface Builder's default, Command).
        var modifiers: Set<String>?
        var actions: [String]
    }

    private(set) var menuItems: [MenuItem] = []
    /// `title` attributes of windows, menus, boxes and button/text cells; `stringValue`,
    /// `placeholderString` and `label` attributes.
    private(set) var strings: [String] = []
    /// `customClass` attributes.
    private(set) var customClasses: [String] = []
    /// Every `<action>`: selector and target id (`-1` First Responder, `-2` File's Owner,
    /// `-3` Application).
    private(set) var actions: [(selector: String, target: String)] = []
    /// Every `<binding>`: name and key path.
    private(set) var bindings: [(name: String, keyPath: String)] = []
    /// File's Owner's outlets: property and destination id.
    private(set) var ownerOutlets: [(property: String, destination: String)] = []
    /// `customClass` by element id.
    private(set) var classesByID: [String: String] = [:]
    private var ids: [String?] = []
    private var open: [Int] = []
    /// Open elements and where their strings start in ``strings``.
    private var elements: [(name: String, firstString: Int)] = []

    static func parse(_ url: URL) throws -> XibOracle {
        let oracle = XibOracle()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = oracle
        guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
        return oracle
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        // A cell with a formatter archives the formatted value (a date, a number), not its text.
        if name == "dateFormatter" || name == "numberFormatter",
            let cell = elements.last(where: { $0.name.hasSuffix("Cell") })
        {
            strings.removeSubrange(min(cell.firstString, strings.count)...)
        }
        elements.append((name, strings.count))
        ids.append(attributes["id"])
        if let custom = attributes["customClass"] {
            customClasses.append(custom)
            if let id = attributes["id"] { classesByID[id] = custom }
        }
        if name == "action", let selector = attributes["selector"], let target = attributes["target"] {
            actions.append((selector, target))
        }
        if name == "binding", let binding = attributes["name"], let keyPath = attributes["keyPath"] {
            bindings.append((binding, keyPath))
        }
        // <customObject id="-2"><connections><outlet …/>: ids holds …, -2, nil (connections), this.
        if name == "outlet", ids.count >= 3, ids[ids.count - 3] == "-2", let property = attributes["property"],
            let destination = attributes["destination"]
        {
            ownerOutlets.append((property, destination))
        }
        for key in ["title", "placeholderString", "label"] {
            if let value = attributes[key], name != "menu" || key != "title" { strings.append(value) }
        }
        if name == "menu", let title = attributes["title"] { strings.append(title) }
        if ["textField", "textFieldCell", "buttonCell"].contains(name), let value = attributes["stringValue"] {
            strings.append(value)
        }
        switch name {
        case "menuItem":
            open.append(menuItems.count)
            menuItems.append(
                MenuItem(
                    title: attributes["title"], isSeparator: attributes["isSeparatorItem"] == "YES",
                    keyEquivalent: attributes["keyEquivalent"], modifiers: nil, actions: []))
        case "modifierMask" where attributes["key"] == "keyEquivalentModifierMask":
            if let index = open.last {
                menuItems[index].modifiers = Set(attributes.filter { $0.value == "YES" }.map(\.key))
            }
        case "action":
            if let index = open.last, let selector = attributes["selector"] {
                menuItems[index].actions.append(selector)
            }
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "menuItem" { open.removeLast() }
        if !elements.isEmpty { elements.removeLast() }
        if !ids.isEmpty { ids.removeLast() }
    }
}

@Suite("AppKit nibs in tree, scan and render")
struct AppKitTests {
    static var mainMenuPair: URL {
        get throws {
            try Corpus.directory().appendingPathComponent("xib-pairs/macos-scribendi-cindex-mac-MainMenu/Base.lproj")
        }
    }

    /// Every node of `nodes` and below, depth first.
    static func flatten(_ nodes: [NibTree.Node]) -> [NibTree.Node] {
        var result: [NibTree.Node] = []
        var stack = Array(nodes.reversed())
        while let node = stack.popLast() {
            result.append(node)
            stack += node.children.reversed()
        }
        return result
    }

    /// The key equivalent macOS shows for a source's menu item: modifiers in the order
    /// Control, Option, Shift, Command (Shift also for an upper-case letter), then the key.
    static func shownKey(_ item: XibOracle.MenuItem) -> String? {
        guard let key = item.keyEquivalent, !key.isEmpty else { return nil }
        let modifiers = item.modifiers ?? ["command"]
        var shown = ""
        if modifiers.contains("control") { shown += "⌃" }
        if modifiers.contains("option") { shown += "⌥" }
        if modifiers.contains("shift") || (key.uppercased() == key && key.lowercased() != key) { shown += "⇧" }
        if modifiers.contains("command") { shown += "⌘" }
        return shown + key.uppercased()
    }

    @Test(
        "tree of a MainMenu nib lists every menu item of its source with title, key equivalent and action, in both compiled forms",
        .corpus, arguments: ["keyedobjects-101300.nib", "keyedobjects.nib"])
    func mainMenuTree(variant: String) throws {
        let folder = try Self.mainMenuPair
        let source = try XibOracle.parse(folder.appendingPathComponent("MainMenu.xib"))
        #expect(source.menuItems.count == 157)
        let tree = try NibTree(nib: Nib(contentsOf: folder.appendingPathComponent("MainMenu.nib/\(variant)")))
        let items = Self.flatten(tree.topLevelObjects).filter { $0.className == "NSMenuItem" }

        struct Shown: Hashable {
            var title: String?
            var key: String?
            var actions: [String]
        }
        let expected = source.menuItems.map {
            Shown(title: $0.isSeparator ? "—" : $0.title, key: Self.shownKey($0), actions: $0.actions.sorted())
        }
        let found = items.map { node in
            Shown(
                title: node.label, key: node.keyEquivalent,
                actions: node.connections.filter { $0.kind == "action" }.map(\.name).sorted())
        }
        #expect(found.count == expected.count)
        // Same items as multisets (the source's order is the menus' order too).
        #expect(found == expected)
        // The text form shows them.
        let text = tree.text()
        #expect(text.contains(" \"Open…\" ⌘O\n"))
        #expect(text.contains("action openDocument: → First Responder"))
    }
}

@Suite("scan of AppKit nibs and of inputs that are not nibs")
struct AppKitScanTests {
    /// The macOS pairs compiled from a `.xib`: (pair folder, source, compiled nib).
    static func macXibPairs() throws -> [(name: String, source: URL, nib: URL)] {
        let root = try Corpus.directory().appendingPathComponent("xib-pairs")
        let manifest = try String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var pairs: [(String, URL, URL)] = []
        for line in manifest.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 6, fields[1] == "macos", fields[3].hasSuffix(".xib") else { continue }
            let folder = root.appendingPathComponent(fields[0])
            let name = URL(fileURLWithPath: fields[3]).deletingPathExtension().lastPathComponent
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            guard let source = files.first(where: { $0.hasSuffix(name + ".xib") }),
                let nib = files.first(where: { $0.hasSuffix(name + ".nib") })
            else { continue }
            pairs.append((fields[0], folder.appendingPathComponent(source), folder.appendingPathComponent(nib)))
        }
        return pairs
    }

    @Test(
        "scan of a folder of AppKit nibs lists the strings and custom classes of their .xib sources",
        .corpus)
    func folderOfAppKitNibs() throws {
        let pairs = try Self.macXibPairs()
        #expect(pairs.count >= 40)
        let folder = try temporaryFolder()
        for pair in pairs {
            try FileManager.default.copyItem(at: pair.nib, to: folder.appendingPathComponent(pair.name + ".nib"))
        }
        let run = runTool(["scan", "--format", "json", folder.path])
        #expect(run.status == 0, "\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
        let entries = try #require(object["nibs"] as? [[String: Any]])
        #expect(entries.count == pairs.count)
        var checkedStrings = 0
        var checkedClasses = 0
        for pair in pairs {
            let entry = try #require(entries.first { $0["path"] as? String == pair.name + ".nib" }, "\(pair.name)")
            let source = try XibOracle.parse(pair.source)
            let strings = Set(entry["strings"] as? [String] ?? [])
            let classes = Set(entry["classes"] as? [String] ?? [])
            for string in Set(source.strings) where !string.trimmingCharacters(in: .whitespaces).isEmpty {
                #expect(strings.contains(string), "\(pair.name): \"\(string)\" not listed")
                checkedStrings += 1
            }
            // The app's own classes: Interface Builder also writes customClass for placeholders
            // (FirstResponder, NSApplication, NSObject), which are AppKit's.
            for custom in Set(source.customClasses) where custom != "FirstResponder" && !custom.hasPrefix("NS") {
                // A class in a module is listed qualified (the module the build used).
                let listed = classes.contains(custom) || classes.contains { $0.hasSuffix("." + custom) }
                #expect(listed, "\(pair.name): class \(custom) not listed")
                checkedClasses += 1
            }
        }
        #expect(checkedStrings > 100)
        #expect(checkedClasses > 5)
    }

    /// A nib with one custom object of class `className` and one label whose text is `text`.
    static func nib(className: String, text: String) -> [UInt8] {
        var nib = RawNib()
        nib.keys = ["NSClassName", "UIText", "NS.bytes"]
        nib.classes = ["NSObject", "NSCustomObject", "UILabel", "NSString"]
        nib.object(0, [])
        let (refType, classRef) = RawNib.reference(2)
        nib.object(1, [(0, refType, classRef)])
        let classText = RawNib.data(Array(className.utf8))
        nib.object(3, [(2, classText.0, classText.1)])
        let (_, textRef) = RawNib.reference(4)
        nib.object(2, [(1, refType, textRef)])
        let textBytes = RawNib.data(Array(text.utf8))
        nib.object(3, [(2, textBytes.0, textBytes.1)])
        return nib.bytes()
    }

    @Test("scan escapes U+2028 and other invisible characters, and counts one custom class in the singular")
    func invisibleCharacters() throws {
        let folder = try temporaryFolder()
        let text = "Line\u{2028}two\u{200B}\u{FEFF}\u{202E}end"
        try Data(Self.nib(className: "AppDelegate", text: text)).write(to: folder.appendingPathComponent("A.nib"))
        let run = runTool(["scan", folder.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.outputText.contains("\"Line\\u{2028}two\\u{200B}\\u{FEFF}\\u{202E}end\""))
        #expect(!run.outputText.unicodeScalars.contains { [0x2028, 0x200B, 0xFEFF, 0x202E].contains($0.value) })
        #expect(run.outputText.contains("; 1 custom class, 0 outlets, 0 actions, 1 string\n"))
        #expect(run.outputText.contains("classes: AppDelegate"))
        // JSON keeps the text as it is.
        let json = runTool(["scan", "--format", "json", folder.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output)) as? [String: Any])
        let total = try #require(object["total"] as? [String: Any])
        #expect(total["strings"] as? [String] == [text])
    }

    @Test("scan of a PNG named .ipa or .png is an error naming what it is, not 'Total: 0 nibs'")
    func notAZip() throws {
        let folder = try temporaryFolder()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 32)
        for name in ["fake.ipa", "fake.png"] {
            let url = folder.appendingPathComponent(name)
            try Data(png).write(to: url)
            let run = runTool(["scan", url.path])
            #expect(run.status == 2)
            #expect(run.error.contains("is a PNG image") || run.error.contains("but is a PNG image"), "\(run.error)")
            #expect(!run.outputText.contains("Total"))
        }
        let empty = folder.appendingPathComponent("empty.ipa")
        try Data().write(to: empty)
        #expect(runTool(["scan", empty.path]).status == 2)
    }

    @Test("scan of a truncated .ipa says the zip is truncated, in words")
    func truncatedZip() throws {
        let folder = try temporaryFolder()
        let ipa = folder.appendingPathComponent("App.ipa")
        let archive = try Archive(url: ipa, accessMode: .create)
        let nib = try Data(contentsOf: examplesFolder.appendingPathComponent("LoginScreen/LoginScreen.nib"))
        try archive.addEntry(
            with: "Payload/App.app/Login.nib", type: .file, uncompressedSize: Int64(nib.count),
            compressionMethod: .deflate
        ) { position, size in nib.subdata(in: Int(position)..<Int(position) + size) }
        let whole = try Data(contentsOf: ipa)
        #expect(runTool(["scan", ipa.path]).status == 0)
        let cut = folder.appendingPathComponent("Cut.ipa")
        try whole.prefix(whole.count / 2).write(to: cut)
        let run = runTool(["scan", cut.path])
        #expect(run.status == 2)
        #expect(run.error.contains("not a complete zip archive"), "\(run.error)")
        #expect(!run.error.contains("missingEndOfCentralDirectoryRecord"))
    }

    @Test("scan of a directory nib by its own name reports one nib", .corpus)
    func directoryNibItself() throws {
        let nib = try Corpus.directory().appendingPathComponent(
            "xib-pairs/macos-scribendi-cindex-mac-MainMenu/Base.lproj/MainMenu.nib")
        let run = runTool(["scan", "--format", "json", nib.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
        let entries = try #require(object["nibs"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["path"] as? String == "MainMenu.nib")
        #expect(entries.first?["kind"] as? String == "directory-nib")
        #expect(entries.first?["files"] as? Int == 2)
    }
}

@Suite("render of AppKit nibs")
struct AppKitRenderTests {
    /// A macOS nib: a window titled `title` whose content view has `frame` (a brace string),
    /// lists itself among its subviews (a cycle) and holds a button of size `buttonSize`.
    static func windowNib(title: String, frame: String, buttonSize: String) -> [UInt8] {
        var nib = RawNib()
        nib.keys = [
            "IB.objectdata", "NSRoot", "NSObjectsKeys", "NSObjectsValues", "NSClassName", "NS.bytes",
            "UINibEncoderEmptyKey", "NSInlinedValue", "NSWindowRect", "NSWindowView", "NSWindowTitle", "NSvFlags",
            "NSFrame", "NSSubviews", "NSFrameSize",
        ]
        nib.classes = [
            "NSObject", "NSIBObjectData", "NSCustomObject", "NSArray", "NSString", "NSWindowTemplate", "NSView",
            "NSButton",
        ]
        func ref(_ key: Int, _ index: Int) -> (Int, UInt8, [UInt8]) { (key, 10, RawNib.le32(index)) }
        func text(_ string: String) -> [(Int, UInt8, [UInt8])] {
            let data = RawNib.data(Array(string.utf8))
            return [(5, data.0, data.1)]
        }
        let inlined: (Int, UInt8, [UInt8]) = (7, 5, [])
        nib.object(0, [ref(0, 1)])  // 0 root
        nib.object(1, [ref(1, 2), ref(2, 3), ref(3, 4)])  // 1 object data
        nib.object(2, [ref(4, 5)])  // 2 owner
        nib.object(3, [inlined, ref(6, 6)])  // 3 keys: the window
        nib.object(3, [inlined, ref(6, 2)])  // 4 parents: the owner
        nib.object(4, text("NSObject"))  // 5
        nib.object(5, [ref(8, 7), ref(9, 8), ref(10, 9)])  // 6 window
        nib.object(4, text("{{0, 0}, {400, 300}}"))  // 7
        nib.object(6, [(11, 0, [0]), ref(12, 10), ref(13, 11)])  // 8 content view
        nib.object(4, text(title))  // 9
        nib.object(4, text(frame))  // 10
        nib.object(3, [inlined, ref(6, 8), ref(6, 12)])  // 11 subviews: itself and the button
        nib.object(7, [(11, 0, [0]), ref(14, 13)])  // 12 button
        nib.object(4, text(buttonSize))  // 13
        return nib.bytes()
    }

    @Test(
        "A window whose frames are 1e308, NaN or infinite and whose view holds itself renders bounded, well-formed SVG",
        arguments: [
            ("{{0, 0}, {400, 300}}", "{80, 20}"), ("{{1e308, nan}, {inf, -5}}", "{1e300, 20}"),
            ("{{-1e308, 0}, {nan, 1e308}}", "{inf, inf}"),
        ])
    func hostileWindow(frame: String, buttonSize: String) throws {
        let run = runTool(
            ["render", "-"], stdin: Self.windowNib(title: "Tëst <&>", frame: frame, buttonSize: buttonSize))
        #expect(run.status == 0, "\(run.error)")
        let svg = try #require(SVGRects.parse(Data(run.output)))
        #expect(svg.rects.map(\.className) == ["NSView", "NSButton"])
        for rect in svg.rects {
            for value in [rect.x, rect.y, rect.width, rect.height] { #expect(value.isFinite && abs(value) <= 2e9) }
        }
        #expect(run.outputText.contains("Tëst &lt;&amp;&gt;"))
        #expect(!run.outputText.contains("nan") && !run.outputText.contains("inf"))
    }

    @Test("An AppKit window is drawn with its title bar, and its views top-down from AppKit's bottom-up frames")
    func flippedCoordinates() throws {
        let run = runTool(
            ["render", "-"], stdin: Self.windowNib(title: "Main", frame: "{{0, 0}, {400, 300}}", buttonSize: "{80, 20}")
        )
        let svg = try #require(SVGRects.parse(Data(run.output)))
        // The button's frame origin is (0, 0) in AppKit: the bottom left of its 300-point-high superview.
        #expect(svg.rects.last == .init(className: "NSButton", index: 12, x: 0, y: 280, width: 80, height: 20))
        #expect(run.outputText.contains("class=\"title-bar\""))
        #expect(svg.texts.contains("Main"))
    }
}

@Suite("Instantiating AppKit nibs applies their connections")
struct AppKitInstantiationTests {
    @Test(
        "cindex MainMenu: File's Owner gets its outlets, every action of the source is connected to its target",
        .corpus, arguments: ["keyedobjects-101300.nib", "keyedobjects.nib"])
    func mainMenu(variant: String) throws {
        let folder = try AppKitTests.mainMenuPair
        let source = try XibOracle.parse(folder.appendingPathComponent("MainMenu.xib"))
        let nib = try Nib(contentsOf: folder.appendingPathComponent("MainMenu.nib/\(variant)"))
        let owner = NibObject(className: "NSApplication")
        let application = NibObject(className: "StandInApplication")
        let result = try nib.instantiation(owner: owner, externalObjects: ["NSApplication": application])

        // Outlets of File's Owner, to objects of the source's classes.
        #expect(!source.ownerOutlets.isEmpty)
        for outlet in source.ownerOutlets {
            let set = owner.outlets.first { $0.name == outlet.property }
            let destination = set?.destination as? NibObject
            #expect(destination?.displayClassName == source.classesByID[outlet.destination], "\(outlet.property)")
        }
        // Actions: as many as the source has, with targets resolved.
        #expect(result.actions.count == source.actions.count)
        func count(_ target: String) -> Int { source.actions.filter { $0.target == target }.count }
        #expect(result.actions.filter { $0.target == nil }.count == count("-1"))
        #expect(result.actions.filter { $0.target === owner }.count == count("-2"))
        #expect(result.actions.filter { $0.target === application }.count == count("-3"))
        #expect(
            result.actions.map(\.action).sorted() == source.actions.map(\.selector).sorted())
        // Each menu item got its action.
        let items = result.actions.compactMap { $0.source as? NibObject }.filter { $0.className == "NSMenuItem" }
        #expect(items.allSatisfy { !$0.actions.isEmpty })
        // Top-level objects: the menu, the custom objects and (as AppKit lists NSApp) the
        // application; never File's Owner.
        #expect(result.topLevelObjects.contains { ($0 as? NibObject)?.className == "NSMenu" })
        #expect(result.topLevelObjects.contains { $0 === application })
        #expect(!result.topLevelObjects.contains { $0 === owner })
        #expect(!result.diagnostics.contains { $0.contains("not applied to") || $0.contains("was not set") })
    }

    @Test("AVRFuses MainMenu: every binding of the source is recorded", .corpus)
    func bindings() throws {
        let folder = try Corpus.directory().appendingPathComponent(
            "xib-pairs/macos-vonnieda-AVRFuses-MainMenu-a08b56f5/Base.lproj")
        let source = try XibOracle.parse(folder.appendingPathComponent("MainMenu.xib"))
        let nib = try Nib(contentsOf: folder.appendingPathComponent("MainMenu.nib"))
        let result = try nib.instantiation(
            owner: NibObject(), externalObjects: ["NSApplication": NibObject()],
            options: NibLoadingOptions(keepsMissingExternalObjects: true))
        #expect(source.bindings.count == 31)
        struct Pair: Hashable {
            var name: String
            var keyPath: String
        }
        #expect(
            result.bindings.map { Pair(name: $0.binding, keyPath: $0.keyPath) }.sorted {
                ($0.name, $0.keyPath) < ($1.name, $1.keyPath)
            }
                == source.bindings.map { Pair(name: $0.name, keyPath: $0.keyPath) }.sorted {
                    ($0.name, $0.keyPath) < ($1.name, $1.keyPath)
                })
        #expect(result.bindings.allSatisfy { $0.source != nil && $0.destination != nil })
    }

    @Test("An external object placeholder nobody supplies is an error naming it, or kept when asked")
    func missingExternalObject() throws {
        var nib = RawNib()
        nib.keys = [
            "IB.objectdata", "NSRoot", "NSObjectsKeys", "NSObjectsValues", "NSConnections", "NSClassName", "NS.bytes",
            "UINibEncoderEmptyKey", "NSInlinedValue", "NSExternalObjectPlaceholderIdentifier", "NSSource",
            "NSDestination", "NSLabel",
        ]
        nib.classes = [
            "NSObject", "NSIBObjectData", "NSCustomObject", "NSArray", "NSString", "NSNibExternalObjectPlaceholder",
            "NSNibOutletConnector",
        ]
        func ref(_ key: Int, _ index: Int) -> (Int, UInt8, [UInt8]) { (key, 10, RawNib.le32(index)) }
        func text(_ string: String) -> [(Int, UInt8, [UInt8])] {
            let data = RawNib.data(Array(string.utf8))
            return [(6, data.0, data.1)]
        }
        let inlined: (Int, UInt8, [UInt8]) = (8, 5, [])
        nib.object(0, [ref(0, 1)])  // 0
        nib.object(1, [ref(1, 2), ref(2, 3), ref(3, 4), ref(4, 5)])  // 1 object data
        nib.object(2, [ref(5, 6)])  // 2 owner
        nib.object(3, [inlined, ref(7, 7)])  // 3 keys
        nib.object(3, [inlined, ref(7, 2)])  // 4 parents
        nib.object(3, [inlined, ref(7, 9)])  // 5 connections
        nib.object(4, text("Owner"))  // 6
        nib.object(5, [ref(9, 8)])  // 7 external placeholder
        nib.object(4, text("Storyboard"))  // 8
        nib.object(6, [ref(10, 2), ref(11, 7), ref(12, 10)])  // 9 outlet owner.storyboard → placeholder
        nib.object(4, text("storyboard"))  // 10
        let loaded = try Nib(bytes: nib.bytes())
        #expect(throws: NibCodingError.self) { try loaded.instantiation(owner: NibObject()) }
        let owner = NibObject()
        let supplied = NibObject(className: "Storyboard")
        let result = try loaded.instantiation(owner: owner, externalObjects: ["Storyboard": supplied])
        #expect(owner.outlets.first?.destination === supplied)
        #expect(result.topLevelObjects.isEmpty)
        let kept = try loaded.instantiation(
            owner: NibObject(), options: NibLoadingOptions(keepsMissingExternalObjects: true))
        #expect(kept.diagnostics.contains { $0.contains("\"Storyboard\"") })
    }

    @Test(
        "A storyboard window controller's scene: the window gets its content controller as a runtime attribute",
        .corpus)
    func runtimeAttributes() throws {
        // The source: <segue destination="vc1-00-002" kind="relationship"
        // relationship="window.shadowedContentViewController"/>, vc1-00-002 being a
        // ContentViewController in module TestApp.
        let nib = try Nib(
            contentsOf: try Corpus.directory().appendingPathComponent(
                "xib-pairs/macos-viraptor-ibtool-sb_swift_wc/sb_swift_wc.storyboardc/MainWC.nib"))
        var externals: [String: AnyObject] = [:]
        for identifier in nib.externalObjectIdentifiers { externals[identifier] = NibObject(className: identifier) }
        #expect(!externals.isEmpty)
        let result = try nib.instantiation(owner: NibObject(), externalObjects: externals)
        let windows = result.objects.compactMap { $0 as? NibObject }.filter { $0.className == "NSWindowTemplate" }
        let window = try #require(windows.first)
        let content = window.runtimeAttributes.first { $0.keyPath == "contentViewController" }?.value as? NibObject
        #expect(content?.displayClassName == "TestApp.ContentViewController")
    }
}
