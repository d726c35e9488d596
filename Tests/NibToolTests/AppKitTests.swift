import CorpusSupport
import Foundation
import NibCoding
import Testing

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
    private var open: [Int] = []

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
        if let custom = attributes["customClass"] { customClasses.append(custom) }
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
        .enabled(if: Corpus.shouldRun), arguments: ["keyedobjects-101300.nib", "keyedobjects.nib"])
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
