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

    /// An outlet or action that starts at a node.
    public struct Connection: Encodable, Hashable, Sendable {
        /// `outlet`, `outletCollection` or `action`.
        public var kind: String
        /// The outlet name or action selector.
        public var name: String
        /// The destination or target, described (`UIView #5`, `File's Owner`, `First Responder`).
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
        /// The frame, for views.
        public var frame: Frame?
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
    public init(nib: Nib) throws {
        let root = try nib.decodeGraph()
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
        if topLevel.isEmpty, let data = root.object(forKey: "IB.objectdata") as? NibObject {
            topLevel =
                [data.object(forKey: "NSRoot")].compactMap { $0 } + (data.array(forKey: "NSVisibleWindows") ?? [])
        } else if topLevel.isEmpty, let object = root.object(forKey: "object") {
            topLevel = [object]
        }
        var builder = Builder(connections: connections, accessibilityIdentifiers: accessibilityIdentifiers)
        topLevelObjects = topLevel.map { builder.node($0, depth: 0) }
    }

    private struct Builder {
        var connections: [ObjectIdentifier: [Connection]]
        var accessibilityIdentifiers: [ObjectIdentifier: String]
        var visited: Set<ObjectIdentifier> = []

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
                for key in ["UIView", "NSWindowView", "NSContentView"] {
                    if let view = nib.object(forKey: key) as? NibObject, !visited.contains(ObjectIdentifier(view)) {
                        childObjects.insert(view, at: 0)
                    }
                }
                children = childObjects.map { node($0, depth: depth + 1) }
            }
            let display = nib.displayClassName
            return Node(
                index: nib.archiveIndex, className: display,
                archivedClassName: display == SwiftClassName.readable(nib.className) ? nil : nib.className,
                label: label(nib), frame: NibTree.frame(nib), connections: firstVisit ? connections[id] ?? [] : [],
                children: children)
        }

        func label(_ object: NibObject) -> String? {
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
        if let text = object.string(forKey: "NSFrame"), let n = GeometryText.numbers(text), n.count == 4 {
            return Frame(x: n[0], y: n[1], width: n[2], height: n[3])
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

    /// The tree as pretty-printed JSON with sorted keys.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
