import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A parsed `.xib` or `.storyboard`: the `document` element tree with source positions.
public struct SourceDocument: @unchecked Sendable {
    /// The document element.
    public let root: SourceElement
    /// The file name used in error messages.
    public let fileName: String

    /// The target runtime a document declares.
    public enum Runtime: String, Sendable {
        /// UIKit (`iOS.CocoaTouch`).
        case iOS = "iOS.CocoaTouch"
        /// AppKit (`MacOSX.Cocoa`).
        case macOS = "MacOSX.Cocoa"
    }

    /// Parses `data` with Foundation's `XMLParser`.
    ///
    /// - Throws: ``CompileError`` with the parser's line and column when the XML is malformed.
    public init(parsing data: Data, fileName: String) throws(CompileError) {
        self.fileName = fileName
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        guard ok, let root = builder.root else {
            throw CompileError(
                code: .malformedXML, file: fileName, line: parser.lineNumber, column: parser.columnNumber,
                element: nil, message: "the XML is malformed: \(parser.parserError.map { String(describing: $0) } ?? "no document element")")
        }
        guard root.name == "document" else {
            throw CompileError(
                code: .unsupportedDocument, file: fileName, line: root.line, column: root.column, element: root.summary,
                message: "expected an Interface Builder <document>, found <\(root.name)>")
        }
        self.root = root
    }

    /// The declared runtime.
    public func runtime() throws(CompileError) -> Runtime {
        guard let value = root["targetRuntime"], let runtime = Runtime(rawValue: value) else {
            throw CompileError(
                code: .unsupportedDocument, file: fileName, line: root.line, column: root.column, element: root.summary,
                message: "target runtime \"\(root["targetRuntime"] ?? "none")\" is not supported (iOS.CocoaTouch and MacOSX.Cocoa are)")
        }
        return runtime
    }

    /// Whether the document is a storyboard.
    public var isStoryboard: Bool { root["type"]?.contains("Storyboard") ?? false }
}

/// Collects the element tree from `XMLParser` callbacks.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: SourceElement?
    private var stack: [SourceElement] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        let element = SourceElement(name: elementName, attributes: attributeDict, line: parser.lineNumber, column: parser.columnNumber)
        if let parent = stack.last {
            element.parent = parent
            parent.children.append(element)
        } else {
            root = element
        }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}
