import Foundation

/// An element of a decompiled Interface Builder document: name, attributes in the order
/// Interface Builder writes them, children, and comments for what has no source form.
final class DecompiledElement {
    /// The element name; a view found to be a container once its embed segue is read is
    /// renamed (`containerView`).
    var name: String
    private(set) var attributes: [(name: String, value: String)] = []
    private(set) var children: [DecompiledElement] = []
    /// Text content (`<string key="text">…</string>`).
    var text: String?
    /// For a comment node: its text.
    private(set) var comment: String?

    init(_ name: String, _ attributes: [(String, String)] = []) {
        self.name = name
        for (key, value) in attributes { set(key, value) }
    }

    /// A comment node.
    static func comment(_ text: String) -> DecompiledElement {
        let node = DecompiledElement("")
        node.comment = text
        return node
    }

    /// Sets (or replaces) an attribute.
    func set(_ name: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append((name, value))
        }
    }

    /// Replaces the child named `name` with `key` by `element` (appends it when there is none).
    func replaceChild(named name: String, key: String, with element: DecompiledElement) {
        if let position = children.firstIndex(where: { $0.name == name && $0["key"] == key }) {
            children[position] = element
        } else {
            children.append(element)
        }
    }

    /// Removes an attribute.
    func remove(_ name: String) { attributes.removeAll { $0.name == name } }

    /// Removes the children named `name` and returns them.
    func removeChildren(named name: String) -> [DecompiledElement] {
        let removed = children.filter { $0.name == name }
        children.removeAll { $0.name == name }
        return removed
    }

    /// Sets the `key` attribute, first as Interface Builder writes it (`<view key="view" …>`).
    func setKey(_ value: String) {
        attributes.removeAll { $0.name == "key" }
        attributes.insert(("key", value), at: 0)
    }

    subscript(name: String) -> String? { attributes.first { $0.name == name }?.value }

    func append(_ child: DecompiledElement) { children.append(child) }

    /// The child named `name` (with `key` when given), made and appended when missing.
    func child(_ name: String, key: String? = nil) -> DecompiledElement {
        if let existing = children.first(where: { $0.name == name && (key == nil || $0["key"] == key) }) {
            return existing
        }
        let made = DecompiledElement(name, key.map { [("key", $0)] } ?? [])
        children.append(made)
        return made
    }

    /// Moves the children named in `order` to the front in that order (Interface Builder's
    /// child order), keeping the others after them in their order.
    func orderChildren(_ order: [String]) {
        var sorted: [DecompiledElement] = []
        for name in order { sorted += children.filter { $0.name == name } }
        sorted += children.filter { !order.contains($0.name) }
        children = sorted
    }

    /// The document text: an XML declaration and the tree, indented by four spaces.
    func document() -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // An explicit stack: the tree can be as deep as the nib's view hierarchy.
        var stack: [(DecompiledElement, Int, Bool)] = [(self, 0, false)]
        while let (node, depth, closing) = stack.popLast() {
            let indent = String(repeating: "    ", count: depth)
            if closing {
                output += "\(indent)</\(node.name)>\n"
                continue
            }
            if let comment = node.comment {
                output += "\(indent)<!--\(Self.commentText(comment))-->\n"
                continue
            }
            output += "\(indent)<\(node.name)"
            for (name, value) in node.attributes { output += " \(name)=\"\(Self.escaped(value, attribute: true))\"" }
            if let text = node.text {
                output += ">\(Self.escaped(text, attribute: false))</\(node.name)>\n"
            } else if node.children.isEmpty {
                output += "/>\n"
            } else {
                output += ">\n"
                stack.append((node, depth, true))
                for child in node.children.reversed() { stack.append((child, depth + 1, false)) }
            }
        }
        return output
    }

    /// XML text: markup characters as entities, line breaks in attributes as character
    /// references, characters XML 1.0 cannot hold as U+FFFD.
    static func escaped(_ text: String, attribute: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\n" where attribute: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where attribute: result += "&#9;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// A comment's text: no `--` (which XML forbids inside comments).
    static func commentText(_ text: String) -> String {
        " " + escaped(text, attribute: false).replacingOccurrences(of: "--", with: "- -") + " "
    }
}
