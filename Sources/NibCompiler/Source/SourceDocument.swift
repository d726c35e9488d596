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
    /// The macOS deployment target in effect (`--deployment-target`, else the document's),
    /// which some AppKit rules follow (``AppKitNibVariants/Version/mojave``).
    var appKitDeployment: AppKitNibVariants.Version?
    /// The menu state images' design sizes on the Mac that ran ibtool (see `NibCompiler.Options`).
    public var menuStateImageSizes: MenuStateImageSizes?
    /// The processor of the Mac that ran ibtool (see `NibCompiler.Options`); `nil`: the era's.
    public var buildArchitecture: BuildArchitecture?
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

    /// The most attributes one element may have: 256. The most of any element in the project's
    /// 937 real documents is 25; Foundation's XML parser checks each attribute of an element
    /// against every other one, so a crafted element with 200,000 of them took half a minute.
    public static let maximumAttributesPerElement = 256

    /// Parses `data`, refusing elements nested deeper than `maximumNestingDepth`.
    ///
    /// The source may hold at most one element per 16 bytes plus 4,096 (the default of
    /// ``NibCompiler/Options/maximumEntriesPerKilobyte``; real documents hold one per 50 bytes
    /// or more), each with at most ``maximumAttributesPerElement`` attributes.
    ///
    /// - Throws: ``CompileError`` with the parser's line and column when the XML is malformed,
    ///   or ``CompileError/Code/limitExceeded`` at the first element past the depth limit, past
    ///   the element count, or with too many attributes.
    public init(parsing data: Data, fileName: String, maximumNestingDepth: Int) throws(CompileError) {
        let budget = CompileBudget(
            perKilobyte: NibCompiler.Options().maximumEntriesPerKilobyte, baseline: NibCompiler.Options.entryBaseline,
            sourceSize: data.count, fileName: fileName)
        try self.init(parsing: data, fileName: fileName, maximumNestingDepth: maximumNestingDepth, budget: budget)
    }

    /// Parses `data` as a compile does: its elements are the first entries spent from `budget`
    /// (none when `nil`), counted before the XML parser builds anything.
    init(parsing data: Data, fileName: String, maximumNestingDepth: Int, budget: CompileBudget?)
        throws(CompileError)
    {
        self.fileName = fileName
        // Interface Builder writes UTF-8. Foundation's XMLParser on Linux traps on some invalid
        // UTF-8 (it force-unwraps the strings libxml2 hands it), so such bytes stop here.
        if let (line, column) = Self.firstInvalidUTF8(in: data) {
            throw CompileError(
                code: .malformedXML, file: fileName, line: line, column: column, element: nil,
                message: "the source is not valid UTF-8")
        }
        if let (line, column) = Self.documentTypeDeclaration(in: data) {
            throw CompileError(
                code: .unsupportedDocument, file: fileName, line: line, column: column, element: nil,
                message:
                    "document type declarations (<!DOCTYPE …>) are not supported: Interface Builder never writes "
                    + "one, and the entities it declares would be dropped from element text by Foundation's XML "
                    + "parser; replace the entity references with their text")
        }
        let allowed = budget.map { $0.maximum - $0.used } ?? Int.max
        let tags = Self.scanStartTags(in: data, maximumElements: allowed, maximumDepth: maximumNestingDepth)
        if let (offset, limit) = tags.failure {
            let (line, column) = Self.position(of: offset, in: data)
            let message: String
            switch limit {
            case .depth:
                message = Self.depthMessage(maximumNestingDepth)
            case .attributes:
                message =
                    "an element has more than \(Self.maximumAttributesPerElement) attributes "
                    + "(SourceDocument.maximumAttributesPerElement; real documents have at most 25)"
            case .elements:
                message =
                    "the source has more than \(allowed) elements; "
                    + CompileBudget.message(maximum: budget?.maximum ?? allowed, perKilobyte: budget?.perKilobyte ?? 0)
            }
            throw CompileError(
                code: .limitExceeded, file: fileName, line: line, column: column, element: nil, message: message)
        }
        budget?.spend(tags.elements)
        let parser = XMLParser(data: data)
        let builder = TreeBuilder(maximumDepth: maximumNestingDepth)
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        if let (line, column) = builder.tooDeep {
            throw CompileError(
                code: .limitExceeded, file: fileName, line: line, column: column, element: nil,
                message: Self.depthMessage(maximumNestingDepth))
        }
        // XMLParser recovers from errors after the document element (content after it) and
        // returns true: such an error still makes the document malformed.
        let complete =
            (ok && builder.failureAfterDocument == nil)
            || (builder.failure == nil && Self.isOnlyHugeInputError(builder, parser: parser, data: data))
        guard complete, builder.failure == nil, builder.isBalanced, let root = builder.root else {
            let error = builder.failure ?? builder.failureAfterDocument ?? parser.parserError
            var message =
                "the XML is malformed: \(error.map { String(describing: $0) } ?? "unclosed or missing elements")"
            if data.count > Self.libxml2LookupLimit {
                message +=
                    " (Foundation's XML parser, libxml2, refuses a single text, attribute value, comment or name "
                    + "longer than 10,000,000 bytes)"
            }
            throw CompileError(
                code: .malformedXML, file: fileName, line: parser.lineNumber, column: parser.columnNumber,
                element: nil, message: message)
        }
        guard root.name == "document" || LegacyArchive.isLegacy(root) else {
            throw CompileError(
                code: .unsupportedDocument, file: fileName, line: root.line, column: root.column, element: root.summary,
                message: "expected an Interface Builder <document> or legacy <archive>, found <\(root.name)>")
        }
        self.root = root
        self.era = XcodeEra(document: root)
    }

    /// The error's text for sources nested deeper than `maximum`.
    static func depthMessage(_ maximum: Int) -> String {
        "elements nest deeper than \(maximum) levels (real documents nest about 35); "
            + "raise the limit with --max-nesting-depth"
    }

    /// libxml2's `XML_MAX_LOOKUP_LIMIT`: without `XML_PARSE_HUGE` (which Foundation's
    /// `XMLParser` does not set) its push parser refuses a single token longer than this, and
    /// (libxml2 2.9) a whole document longer than this once the document element has ended.
    static let libxml2LookupLimit = 10_000_000

    /// Whether the parse failed only because of libxml2's lookup limit on a document longer than
    /// ``libxml2LookupLimit``: every element was delivered and closed, the one error (libxml2's
    /// `XML_ERR_INTERNAL_ERROR`, code 1, "Huge input lookup") came after the document element
    /// ended, and nothing but white space follows the document element's end tag.
    private static func isOnlyHugeInputError(_ builder: TreeBuilder, parser: XMLParser, data: Data) -> Bool {
        guard data.count > libxml2LookupLimit, let root = builder.root, builder.isBalanced,
            let error = builder.failureAfterDocument as NSError?, error.code == 1
        else { return false }
        var end = data.endIndex
        while end > data.startIndex, [0x20, 0x09, 0x0A, 0x0D].contains(data[end - 1]) { end -= 1 }
        let closing = Data("</\(root.name)>".utf8)
        return end - data.startIndex >= closing.count && data[(end - closing.count)..<end] == closing
    }

    /// Where a document type declaration starts in the prolog (the part before the first
    /// element), if there is one; XML allows one nowhere else. The prolog is read once: an XML
    /// declaration, processing instructions, comments and white space.
    static func documentTypeDeclaration(in data: Data) -> (line: Int, column: Int)? {
        var index = data.startIndex
        var line = 1
        var lineStart = index
        func starts(with text: String, at position: Data.Index) -> Bool {
            let bytes = Array(text.utf8)
            return data.count - (position - data.startIndex) >= bytes.count
                && data[position..<(position + bytes.count)].elementsEqual(bytes)
        }
        func skip(past terminator: String) {
            let bytes = Array(terminator.utf8)
            while index < data.endIndex {
                if data[index] == 0x0A {
                    line += 1
                    lineStart = index + 1
                }
                if starts(with: terminator, at: index) {
                    index += bytes.count
                    return
                }
                index += 1
            }
        }
        if starts(with: "\u{FEFF}", at: index) { index += 3 }
        while index < data.endIndex {
            switch data[index] {
            case 0x0A:
                line += 1
                index += 1
                lineStart = index
            case 0x20, 0x09, 0x0D:
                index += 1
            case UInt8(ascii: "<"):
                if starts(with: "<?", at: index) {
                    skip(past: "?>")
                } else if starts(with: "<!--", at: index) {
                    skip(past: "-->")
                } else if starts(with: "<!DOCTYPE", at: index) {
                    return (line, index - lineStart + 1)
                } else {
                    return nil
                }
            default:
                return nil
            }
        }
        return nil
    }

    /// What ``scanStartTags(in:maximumElements:maximumDepth:)`` stopped at.
    enum StartTagLimit: Equatable {
        /// The start tag past the element count.
        case elements
        /// A start tag with more than ``maximumAttributesPerElement`` attributes.
        case attributes
        /// A start tag nested past the depth limit.
        case depth
    }

    /// Counts the start tags of `data` (its elements, when it is well-formed XML) in one pass
    /// over the bytes, with each tag's attributes (the `=` signs outside quoted values) and its
    /// depth, and stops at the first tag past `maximumElements`, nested deeper than
    /// `maximumDepth`, or with more than ``maximumAttributesPerElement`` attributes: `failure`
    /// is that tag's byte offset and the limit. Comments, CDATA sections, processing
    /// instructions and declarations are skipped. The XML parser reads the source afterwards and
    /// reports whatever is malformed.
    static func scanStartTags(in data: Data, maximumElements: Int, maximumDepth: Int) -> (
        elements: Int, failure: (offset: Int, limit: StartTagLimit)?
    ) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let count = bytes.count
            var elements = 0
            var depth = 0
            var index = 0
            // The index after the first `terminator` (which ends in ">") at or after `from`.
            func skip(past terminator: [UInt8], from: Int) -> Int {
                var end = from
                while end < count {
                    if bytes[end] == UInt8(ascii: ">"), end - from >= terminator.count - 1,
                        bytes[(end + 1 - terminator.count)...end].elementsEqual(terminator)
                    {
                        return end + 1
                    }
                    end += 1
                }
                return count
            }
            func starts(with text: [UInt8], at position: Int) -> Bool {
                count - position >= text.count && bytes[position..<(position + text.count)].elementsEqual(text)
            }
            while index < count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                let start = index
                index += 1
                guard index < count else { break }
                switch bytes[index] {
                case UInt8(ascii: "!"):
                    if starts(with: Array("<!--".utf8), at: start) {
                        index = skip(past: Array("-->".utf8), from: start + 4)
                    } else if starts(with: Array("<![CDATA[".utf8), at: start) {
                        index = skip(past: Array("]]>".utf8), from: start + 9)
                    } else {
                        index = skip(past: [UInt8(ascii: ">")], from: index)
                    }
                case UInt8(ascii: "?"):
                    index = skip(past: Array("?>".utf8), from: index + 1)
                case UInt8(ascii: "/"):
                    index = skip(past: [UInt8(ascii: ">")], from: index)
                    depth = max(0, depth - 1)
                default:
                    elements += 1
                    depth += 1
                    if depth > maximumDepth { return (elements, (start, .depth)) }
                    if elements > maximumElements { return (elements, (start, .elements)) }
                    var quote: UInt8 = 0
                    var attributes = 0
                    var previous: UInt8 = 0
                    tag: while index < count {
                        let byte = bytes[index]
                        index += 1
                        if quote != 0 {
                            if byte == quote { quote = 0 }
                        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                            quote = byte
                        } else if byte == UInt8(ascii: "=") {
                            attributes += 1
                            if attributes > maximumAttributesPerElement { return (elements, (start, .attributes)) }
                        } else if byte == UInt8(ascii: ">") {
                            // An empty-element tag (`<a/>`) closes itself.
                            if previous == UInt8(ascii: "/") { depth -= 1 }
                            break tag
                        }
                        previous = byte
                    }
                }
            }
            return (elements, nil)
        }
    }

    /// The 1-based line and column (in bytes) of `offset` in `data`.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var line = 1
            var lineStart = 0
            for index in 0..<min(max(0, offset), bytes.count) where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            return (line, offset - lineStart + 1)
        }
    }

    /// The line and column (1-based) of the first byte that is not valid UTF-8, if any.
    static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int)? {
        // The standard library's validation first (fast); the position only when it fails.
        if String(validating: data, as: UTF8.self) != nil { return nil }
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
    /// The first error reported while the document element was open (or before it started).
    var failure: (any Error)?
    /// The first error reported after the document element ended.
    var failureAfterDocument: (any Error)?
    /// How deeply elements may nest, and where the first element past it starts.
    let maximumDepth: Int
    var tooDeep: (line: Int, column: Int)?

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }
    private var stack: [SourceElement] = []
    private var ended = 0
    /// The element and attribute names seen so far (see ``intern(_:)``).
    private var names: Set<Spelling> = []

    /// A name compared by its UTF-8 bytes (names that `String` equality would merge stay apart).
    private struct Spelling: Hashable {
        let text: String

        static func == (lhs: Spelling, rhs: Spelling) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    /// The stored copy of `name`, shared by every element that uses it.
    private func intern(_ name: String) -> String {
        names.insert(Spelling(text: name)).memberAfterInsert.text
    }
    private var started = 0

    /// Whether every element that started also ended.
    var isBalanced: Bool { started == ended }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if root != nil, stack.isEmpty, started > 0 {
            if failureAfterDocument == nil { failureAfterDocument = parseError }
        } else if failure == nil {
            failure = parseError
        }
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
        // One copy of each element and attribute name for the whole document (the parser
        // makes a new string for every occurrence; a name longer than 15 bytes is a heap
        // allocation each time).
        var attributes: [SourceElement.Attribute] = []
        attributes.reserveCapacity(attributeDict.count)
        for (name, value) in attributeDict {
            attributes.append(SourceElement.Attribute(name: intern(name), value: value))
        }
        let element = SourceElement(
            name: intern(elementName), attributes: attributes, line: parser.lineNumber, column: parser.columnNumber)
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
