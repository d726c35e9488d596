import Foundation
import NibArchive

/// The object graph as people think of it: top-level objects and the view hierarchy, each
/// object with its class (demangled), identifier or text, frame, and the outlets and actions
/// that start at it. `nibtool tree` prints it.
///
/// ```swift
/// let tree = try NibTree(nib: Nib(contentsOf: url))
/// print(tree.text())
/// ```
public struct NibTree: Encodable, Sendable {
    /// A frame in the superview's coordinates.
    public struct Frame: Encodable, Hashable, Sendable {
        /// Origin x.
        public var x: Double
        /// Origin y.
        public var y: Double
        /// Width.
        public var width: Double
        /// Height.
        public var height: Double
    }

    /// An outlet, action or binding that starts at a node.
    public struct Connection: Encodable, Hashable, Sendable {
        /// `outlet`, `outletCollection`, `action` or `binding` (AppKit).
        public var kind: String
        /// The outlet name, action selector or bound property (`value`).
        public var name: String
        /// The destination or target, described (`UIView #5`, `File's Owner`, `First Responder`);
        /// for a binding, the bound object and its key path (`NSArrayController #23 arrangedObjects.name`).
        public var target: String
        /// For actions, the control events (`touchUpInside`).
        public var events: String?
    }

    /// One object.
    public struct Node: Encodable, Sendable {
        /// The object's index in the archive.
        public var index: Int?
        /// The class, demangled: a custom class for a `UIClassSwapper`.
        public var className: String
        /// The class stored in the archive when it differs (`UIClassSwapper`).
        public var archivedClassName: String?
        /// A proxy's identifier, or the text a view shows, or an accessibility identifier.
        public var label: String?
        /// The frame, for views (AppKit: as archived, in the superview's bottom-left coordinates).
        public var frame: Frame?
        /// A menu item's key equivalent as macOS shows it (`⇧⌘S`).
        public var keyEquivalent: String?
        /// Outlets and actions whose source is this object; empty where the object appears again
        /// (they are listed at its first appearance, so an object listed many times does not
        /// repeat them: the tree stays linear in the archive's size).
        public var connections: [Connection]
        /// Subviews (and a controller's view), in order; empty where the object appears again.
        public var children: [Node]
    }

    /// The top-level objects, proxies included, in archive order.
    public var topLevelObjects: [Node]

    private static let maximumDepth = 256

    /// Builds the tree of `nib`'s graph (decoded with the standard registry; nothing is instantiated).
    ///
    /// A macOS nib's tree starts at its `NSIBObjectData`: the file's owner, then Interface
    /// Builder's top-level objects (menus, windows, custom objects, controllers), with menu
    /// items, submenus, window content views, subviews and tab items below them, and the
    /// outlets, actions and bindings of its `NSConnections`.
    public init(nib: Nib) throws {
        let root = try nib.decodeGraph()
        if let data = AppKitObjects.objectData(of: root) {
            topLevelObjects = Self.appKitNodes(data)
        } else {
            topLevelObjects = Self.uiKitNodes(root)
        }
    }

    /// The tree of a UIKit nib's (or a generic archive's) root object.
    private static func uiKitNodes(_ root: NibObject) -> [Node] {
        var connections: [ObjectIdentifier: [Connection]] = [:]
        var accessibilityIdentifiers: [ObjectIdentifier: String] = [:]
        for case let record as NibObject in root.array(forKey: "UINibAccessibilityConfigurationsKey") ?? [] {
            if let target = record.object(forKey: "UIAccessibileObject"),
                let identifier = record.string(forKey: "UIAccessibilityIdentifier")
            {
                accessibilityIdentifiers[ObjectIdentifier(target)] = identifier
            }
        }
        for case let connection as NibConnection in root.array(forKey: "UINibConnectionsKey") ?? [] {
            guard let source = connection.source else { continue }
            let target = connection.destination.map(Self.describe) ?? "nil"
            let record: Connection
            switch connection {
            case let event as NibEventConnection:
                record = Connection(
                    kind: "action", name: event.label ?? "?", target: target, events: event.events.description)
            case is NibOutletCollectionConnection:
                record = Connection(
                    kind: "outletCollection", name: connection.label ?? "?", target: target, events: nil)
            default:
                record = Connection(kind: "outlet", name: connection.label ?? "?", target: target, events: nil)
            }
            connections[ObjectIdentifier(source), default: []].append(record)
        }
        var topLevel = root.array(forKey: "UINibTopLevelObjectsKey") ?? []
        if topLevel.isEmpty, let object = root.object(forKey: "object") {
            topLevel = [object]
        }
        var builder = Builder(connections: connections, accessibilityIdentifiers: accessibilityIdentifiers)
        return topLevel.map { builder.node($0, depth: 0) }
    }

    /// The tree of a macOS nib's object data.
    private static func appKitNodes(_ data: NibObject) -> [Node] {
        let owner = data.object(forKey: "NSRoot")
        func describe(_ object: AnyObject?) -> String {
            guard let object else { return "First Responder" }
            if object === owner { return "File's Owner" }
            if let nib = object as? NibObject, nib.className == "NSCustomObject" {
                switch nib.string(forKey: "NSClassName") {
                case "FirstResponder": return "First Responder"
                case "NSApplication": return "Application"
                default: break
                }
            }
            return Self.describe(object)
        }
        var connections: [ObjectIdentifier: [Connection]] = [:]
        for case let connector as NibObject in data.array(forKey: "NSConnections") ?? [] {
            guard let source = connector.object(forKey: "NSSource") else { continue }
            let label = connector.string(forKey: "NSLabel") ?? "?"
            let destination = connector.object(forKey: "NSDestination")
            let record: Connection
            switch connector.className {
            case "NSNibOutletConnector", "NSIBOutletConnector", "NSNibConnector":
                record = Connection(kind: "outlet", name: label, target: describe(destination), events: nil)
            case "NSNibControlConnector", "NSIBControlConnector", "NSNibAuxiliaryActionConnector":
                record = Connection(kind: "action", name: label, target: describe(destination), events: nil)
            case "NSNibBindingConnector":
                let binding = connector.string(forKey: "NSBinding") ?? label
                let keyPath = connector.string(forKey: "NSKeyPath").map { " " + $0 } ?? ""
                record = Connection(
                    kind: "binding", name: binding, target: describe(destination) + keyPath, events: nil)
            default:
                continue
            }
            connections[ObjectIdentifier(source), default: []].append(record)
        }
        var builder = Builder(connections: connections, accessibilityIdentifiers: [:])
        builder.owner = owner.map(ObjectIdentifier.init)
        builder.isAppKit = true
        return AppKitObjects.topLevelObjects(of: data).map { builder.node($0, depth: 0) }
    }

    private struct Builder {
        var connections: [ObjectIdentifier: [Connection]]
        var accessibilityIdentifiers: [ObjectIdentifier: String]
        var visited: Set<ObjectIdentifier> = []
        /// A macOS nib's file's owner (`NSRoot`), labelled as such.
        var owner: ObjectIdentifier?
        /// Whether the graph is a macOS nib's (AppKit children, labels and key equivalents).
        var isAppKit = false

        mutating func node(_ object: AnyObject, depth: Int) -> Node {
            let id = ObjectIdentifier(object)
            let firstVisit = visited.insert(id).inserted
            guard let nib = object as? NibObject else {
                return Node(
                    index: nil, className: String(describing: type(of: object)), archivedClassName: nil, label: nil,
                    frame: nil, connections: firstVisit ? connections[id] ?? [] : [], children: [])
            }
            var children: [Node] = []
            if firstVisit, depth < NibTree.maximumDepth {
                var childObjects = nib.array(forKey: "UISubviews") ?? nib.array(forKey: "NSSubviews") ?? []
                for key in ["UIView", "NSContentView"] {
                    if let view = nib.object(forKey: key) as? NibObject, !visited.contains(ObjectIdentifier(view)) {
                        childObjects.insert(view, at: 0)
                    }
                }
                if isAppKit {
                    // Objects already listed (a shared view, a tab's selected view) stay out.
                    childObjects = AppKitObjects.children(of: nib).filter { !visited.contains(ObjectIdentifier($0)) }
                }
                children = childObjects.map { node($0, depth: depth + 1) }
            }
            let display = nib.displayClassName
            var keyEquivalent: String?
            if isAppKit, nib.className == "NSMenuItem" { keyEquivalent = AppKitObjects.keyEquivalent(nib) }
            return Node(
                index: nib.archiveIndex, className: display,
                archivedClassName: display == SwiftClassName.readable(nib.className) ? nil : nib.className,
                label: label(nib), frame: NibTree.frame(nib), keyEquivalent: keyEquivalent,
                connections: firstVisit ? connections[id] ?? [] : [], children: children)
        }

        func label(_ object: NibObject) -> String? {
            if let owner, ObjectIdentifier(object) == owner { return "File's Owner" }
            if isAppKit {
                if object.className == "NSCustomObject" {
                    switch object.string(forKey: "NSClassName") {
                    case "FirstResponder": return "First Responder"
                    case "NSApplication": return "Application"
                    default: break
                    }
                }
                if let text = AppKitObjects.displayText(object) { return text }
                if object.className == "NSMenuItem", object.bool(forKey: "NSIsSeparator") { return "—" }
                return nil
            }
            if let proxy = object as? NibProxy { return proxy.identifier }
            if let view = object as? NibView, let text = view.displayText { return text }
            if let identifier = accessibilityIdentifiers[ObjectIdentifier(object)] { return identifier }
            for key in ["UIText", "UITitle", "UIStoryboardIdentifier", "UINibName", "NSTitle", "NSClassName"] {
                if let text = object.string(forKey: key) { return text }
            }
            return nil
        }
    }

    static func frame(_ object: NibObject) -> Frame? {
        if let view = object as? NibView, view.containsValue(forKey: "UIBounds") {
            let f = view.frame
            return Frame(x: f.origin.x, y: f.origin.y, width: f.size.width, height: f.size.height)
        }
        if let f = AppKitObjects.frame(object) {
            return Frame(x: f.origin.x, y: f.origin.y, width: f.size.width, height: f.size.height)
        }
        return nil
    }

    static func describe(_ object: AnyObject) -> String {
        guard let nib = object as? NibObject else { return String(describing: type(of: object)) }
        if let proxy = nib as? NibProxy { return proxy.displayName }
        return nib.displayClassName + (nib.archiveIndex.map { " #\($0)" } ?? "")
    }

    /// The tree as indented text, two spaces per level. Names and text from the archive are
    /// escaped for a terminal (controls, ESC sequences, bidirectional overrides).
    public func text() -> String {
        var lines: [String] = []
        func emit(_ node: Node, _ depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            var line = indent + DisplayText.escaped(node.className)
            if let index = node.index { line += " #\(index)" }
            if let archived = node.archivedClassName { line += " (\(DisplayText.escaped(archived)))" }
            if let label = node.label { line += " \"" + DisplayText.escaped(label, quote: true) + "\"" }
            if let key = node.keyEquivalent { line += " " + DisplayText.escaped(key) }
            if let f = node.frame {
                line += " frame=(\(GeometryText.format(f.x)) \(GeometryText.format(f.y));"
                line += " \(GeometryText.format(f.width)) \(GeometryText.format(f.height)))"
            }
            lines.append(line)
            for connection in node.connections {
                var text = "\(indent)  \(connection.kind) \(DisplayText.escaped(connection.name))"
                text += " → \(DisplayText.escaped(connection.target))"
                if let events = connection.events { text += " [\(DisplayText.escaped(events))]" }
                lines.append(text)
            }
            for child in node.children { emit(child, depth + 1) }
        }
        for node in topLevelObjects { emit(node, 0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tree as pretty-printed JSON with sorted keys. A frame value that is not a finite
    /// number (a nib may archive NaN or infinity) is the string `"nan"`, `"inf"` or `"-inf"`,
    /// which JSON has no number for.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
