/// One element of an Interface Builder document, with where it starts in the source.
public final class SourceElement: @unchecked Sendable {
    /// The element name, such as `label` or `constraint`.
    public let name: String
    /// The attributes as written (a companion strings file may replace localizable values, see
    /// ``SourceDocument/applyLocalizedStrings(_:)``).
    public internal(set) var attributes: [String: String] {
        get { Dictionary(attributeList.lazy.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }) }
        set { attributeList = newValue.map { Attribute(name: $0.key, value: $0.value) } }
    }
    /// The attributes, stored as one array of name–value pairs: a dictionary per element took
    /// four times the memory (its buckets, and a copy of every long attribute name), which made
    /// the source tree the largest part of a large document's compile. Names are distinct.
    private var attributeList: [Attribute]
    /// The child elements in document order.
    public internal(set) var children: [SourceElement] = []
    /// The character content directly inside the element (for `<string>` and the like).
    public internal(set) var text: String = ""
    /// The 1-based line where the element starts.
    public var line: Int { Int(storedLine) }
    /// The 1-based column where the element starts.
    public var column: Int { Int(storedColumn) }
    private let storedLine: UInt32
    private let storedColumn: UInt32
    /// The enclosing element; `nil` for the document element.
    public internal(set) weak var parent: SourceElement?
    /// On the document element: the ids that `<constraint>`s anywhere in the document name as
    /// `firstItem` or `secondItem`, collected while parsing so that rules need not walk the
    /// document per element.
    var constraintItemIDs: Set<String> = []
    /// On the document element: the first `<mask key="constraints">` in a `<variation>`.
    weak var firstConstraintMask: SourceElement?

    /// The document element this element belongs to.
    var documentElement: SourceElement {
        var top = self
        while let parent = top.parent { top = parent }
        return top
    }

    /// One attribute.
    struct Attribute {
        let name: String
        var value: String
    }

    convenience init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.init(
            name: name, attributes: attributes.map { Attribute(name: $0.key, value: $0.value) }, line: line,
            column: column)
    }

    /// `attributes` have distinct names. Positions past 4,294,967,295 are recorded as that.
    init(name: String, attributes: [Attribute], line: Int, column: Int) {
        self.name = name
        self.attributeList = attributes
        self.storedLine = UInt32(clamping: line)
        self.storedColumn = UInt32(clamping: column)
    }

    /// The attribute `name`, or `nil`.
    public subscript(_ name: String) -> String? {
        for attribute in attributeList where attribute.name == name { return attribute.value }
        return nil
    }

    /// The first child named `name` (and, when given, with attribute `key` equal to `key`).
    public func child(_ name: String, key: String? = nil) -> SourceElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// Every child named `name`.
    public func children(named name: String) -> [SourceElement] {
        children.filter { $0.name == name }
    }

    /// The first child whose `key` attribute is `key`, whatever its name.
    public func child(key: String) -> SourceElement? {
        children.first { $0["key"] == key }
    }

    /// Whether the attribute `name` is `YES`.
    public func flag(_ name: String) -> Bool { self[name] == "YES" }

    /// The attribute `name` as a finite number; `nil` when it is absent, not a number, or not
    /// finite (`nan`, `inf` and overflowing literals never appear in Interface Builder documents,
    /// and would trap later conversions).
    public func number(_ name: String) -> Double? {
        guard let value = self[name].flatMap(Double.init), value.isFinite else { return nil }
        return value
    }

    /// A short description for error messages: `<label id="abc">`.
    public var summary: String {
        if let id = self["id"] { return "<\(name) id=\"\(id)\">" }
        if let key = self["key"] { return "<\(name) key=\"\(key)\">" }
        return "<\(name)>"
    }

    /// Every element below this one, depth-first in document order.
    public var descendants: [SourceElement] { descendants { _ in true } }

    /// Every element below this one, depth-first in document order, without the subtrees of
    /// children named `name` (and without those children).
    public func descendants(outside name: String) -> [SourceElement] { descendants { $0.name != name } }

    /// The descendants that belong to this nib: every descendant but what prototype cells hold
    /// (a table view's `<prototypes>`, a collection view's `<cells>`), which ibtool compiles
    /// into nibs of their own.
    var descendantsOutsidePrototypes: [SourceElement] { descendants { !$0.isPrototypeContainer } }

    /// Every element below this one that `include` accepts, with its subtree, depth-first in
    /// document order; an element `include` refuses is left out with everything below it. The
    /// walk keeps its own stack and one result (concatenating each child's list made a deep
    /// document's walk take time in proportion to its size times its depth).
    private func descendants(_ include: (SourceElement) -> Bool) -> [SourceElement] {
        var result: [SourceElement] = []
        // Each entry: an element whose children are being listed, and the next child.
        var stack: [(element: SourceElement, next: Int)] = [(self, 0)]
        while let (element, next) = stack.last {
            guard next < element.children.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = next + 1
            let child = element.children[next]
            guard include(child) else { continue }
            result.append(child)
            stack.append((child, 0))
        }
        return result
    }

    /// Whether this element holds prototype cells (see ``descendantsOutsidePrototypes``).
    var isPrototypeContainer: Bool {
        name == "prototypes" || (name == "cells" && parent?.name == "collectionView")
    }

    /// The Xcode that saved the document this element belongs to (from the document element's
    /// `toolsVersion`), whatever Xcode is being imitated.
    public var savedBy: XcodeEra { XcodeEra(document: documentElement) }

    /// Whether the document this element belongs to was saved with `colorMatched="YES"`.
    public var documentIsColorMatched: Bool { documentElement.flag("colorMatched") }
}
