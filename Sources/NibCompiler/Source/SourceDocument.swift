import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A parsed `.xib` or `.storyboard`: the `document` element tree with source positions.
public struct SourceDocument: @unchecked Sendable {
    /// The document element (for a legacy Interface Builder 3 Cocoa Touch archive, the
    /// document Xcode upgrades it to, once it is compiled).
    public internal(set) var root: SourceElement
    /// The file name used in error messages.
    public let fileName: String
    /// Whether the source is the base localization (it lives in `Base.lproj`), so ibtool makes
    /// its user-visible strings localizable.
    public var isBaseLocalized = false
    /// The module for classes marked `customModuleProvider="target"` without a `customModule`.
    public var module: String?
    /// The ibtool being imitated; by default the Xcode that saved the document.
    public var era: XcodeEra
    /// The Xcode that built the nib when `--xcode` says so; `nil` otherwise. AppKit rules use it
    /// instead of ``era``: every NIBArchive macOS pair was built by a current ibtool whatever
    /// Xcode saved its document (see `AppKitEraRule`).
    public var builtBy: XcodeEra?
    /// Whether ibtool could find the images the source names (see `NibCompiler.Options`).
    public var imagesAvailable = true
    /// Whether ibtool ran with overlay scrollers (see `NibCompiler.Options`).
    public var overlayScrollers = false
    /// The menu state images' design sizes on the Mac that ran ibtool (see `NibCompiler.Options`).
    public var menuStateImageSizes: MenuStateImageSizes?
    /// Where the compile's warnings collect.
    let diagnostics = CompileDiagnostics()

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
        try self.init(parsing: data, fileName: fileName, maximumNestingDepth: Self.defaultMaximumNestingDepth)
    }

    /// How deeply elements may nest by default: 256 levels. The deepest of the project's
    /// 1,000-odd real documents nests 33 (a macOS split view of tab views of table views);
    /// the compiler's rules recurse per level, so a bound keeps a crafted document from
    /// exhausting the stack.
    public static let defaultMaximumNestingDepth = 256

    /// Parses `data`, refusing elements nested deeper than `maximumNestingDepth`.
    ///
    /// - Throws: ``CompileError`` with the parser's line and column when the XML is malformed,
    ///   or ``CompileError/Code/limitExceeded`` at the first element past the depth limit.
    public init(parsing data: Data, fileName: String, maximumNestingDepth: Int) throws(CompileError) {
        self.fileName = fileName
        // Interface Builder writes UTF-8. Foundation's XMLParser on Linux traps on some invalid
        // UTF-8 (it force-unwraps the strings libxml2 hands it), so such bytes stop here.
        if let (line, column) = Self.firstInvalidUTF8(in: data) {
            throw CompileError(
                code: .malformedXML, file: fileName, line: line, column: column, element: nil,
                message: "the source is not valid UTF-8")
        }
        let parser = XMLParser(data: data)
        let builder = TreeBuilder(maximumDepth: maximumNestingDepth)
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        if let (line, column) = builder.tooDeep {
            throw CompileError(
                code: .limitExceeded, file: fileName, line: line, column: column, element: nil,
                message:
                    "elements nest deeper than \(maximumNestingDepth) levels (real documents nest about 35); "
                    + "raise the limit with --max-nesting-depth")
        }
        guard ok, builder.failure == nil, builder.isBalanced, let root = builder.root else {
            throw CompileError(
                code: .malformedXML, file: fileName, line: parser.lineNumber, column: parser.columnNumber,
                element: nil,
                message:
                    "the XML is malformed: \((builder.failure ?? parser.parserError).map { String(describing: $0) } ?? "unclosed or missing elements")"
            )
        }
        guard root.name == "document" || LegacyArchive.isLegacy(root) else {
            throw CompileError(
                code: .unsupportedDocument, file: fileName, line: root.line, column: root.column, element: root.summary,
                message: "expected an Interface Builder <document> or legacy <archive>, found <\(root.name)>")
        }
        self.root = root
        self.era = XcodeEra(toolsVersion: root["toolsVersion"])
    }

    /// The line and column (1-based) of the first byte that is not valid UTF-8, if any.
    static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data)
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput: return nil
            case .error: return (line, column)
            }
        }
    }

    /// The declared runtime.
    public func runtime() throws(CompileError) -> Runtime {
        if LegacyArchive.isLegacy(root) {
            return try LegacyArchive.platform(of: root, fileName: fileName) == .cocoa ? .macOS : .iOS
        }
        // Documents made for the iPad only (Xcode 4 and 5 era) name `iOS.CocoaTouch.iPad`: the
        // same UIKit objects, archived the same way; the runtime names only the canvas.
        let declared = root["targetRuntime"] == "iOS.CocoaTouch.iPad" ? Runtime.iOS.rawValue : root["targetRuntime"]
        guard let value = declared, let runtime = Runtime(rawValue: value) else {
            throw CompileError(
                code: .unsupportedDocument, file: fileName, line: root.line, column: root.column, element: root.summary,
                message:
                    "target runtime \"\(root["targetRuntime"] ?? "none")\" is not supported (iOS.CocoaTouch and MacOSX.Cocoa are)"
            )
        }
        return runtime
    }

    /// Whether the document is a storyboard.
    public var isStoryboard: Bool { root["type"]?.contains("Storyboard") ?? false }

    /// The PostScript names of the fonts the document's `<customFonts>` lists: fonts the app
    /// ships (`<array key="proximanova-bold.otf"><string>ProximaNova-Bold</string></array>`).
    var customFontNames: Set<String> {
        let arrays = root.child("customFonts", key: "customFonts")?.children(named: "array") ?? []
        return Set(arrays.flatMap { $0.children(named: "string").map(\.text).filter { !$0.isEmpty } })
    }
}

/// Collects the element tree from `XMLParser` callbacks.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: SourceElement?
    var failure: (any Error)?
    /// How deeply elements may nest, and where the first element past it starts.
    let maximumDepth: Int
    var tooDeep: (line: Int, column: Int)?

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }
    private var stack: [SourceElement] = []
    private var ended = 0
    private var started = 0

    /// Whether every element that started also ended.
    var isBalanced: Bool { started == ended }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if failure == nil { failure = parseError }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard tooDeep == nil else { return }
        if stack.count >= maximumDepth {
            tooDeep = (parser.lineNumber, parser.columnNumber)
            parser.abortParsing()
            return
        }
        let element = SourceElement(
            name: elementName, attributes: attributeDict, line: parser.lineNumber, column: parser.columnNumber)
        if let parent = stack.last {
            element.parent = parent
            parent.children.append(element)
        } else {
            root = element
        }
        if let root {
            if elementName == "constraint" {
                for key in ["firstItem", "secondItem"] {
                    if let id = attributeDict[key] { root.constraintItemIDs.insert(id) }
                }
            } else if elementName == "mask", attributeDict["key"] == "constraints", stack.last?.name == "variation",
                root.firstConstraintMask == nil
            {
                root.firstConstraintMask = element
            }
        }
        stack.append(element)
        started += 1
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        if !stack.isEmpty { stack.removeLast() }
        ended += 1
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}
