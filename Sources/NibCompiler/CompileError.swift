/// Why a source could not be compiled: the element, its line and column, and what is wrong.
///
/// Only what leaves no nib to write stops a compile: unreadable or malformed sources, documents
/// that are not Interface Builder documents, and output that cannot be written. What the
/// compiler has no rule for ("not modelled": nothing in Apple's output that NibKit has seen
/// shows what `ibtool` writes for it) is a ``CompileWarning`` and the rest of the document
/// still compiles, unless ``NibCompiler/Options/approximations`` is `.refuse`: then the compile
/// still looks at the whole document and fails with the first such problem, every problem
/// listed in ``warnings``.
public struct CompileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as an extensible code.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The name.
        public var description: String { rawValue }

        /// The source could not be read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The XML is not well formed.
        public static let malformedXML = Code(rawValue: "malformed-xml")
        /// The document type or runtime is not one the compiler handles.
        public static let unsupportedDocument = Code(rawValue: "unsupported-document")
        /// An element the compiler has no rule for.
        public static let unsupportedElement = Code(rawValue: "unsupported-element")
        /// An attribute or attribute value the compiler has no rule for.
        public static let unsupportedAttribute = Code(rawValue: "unsupported-attribute")
        /// A required attribute or child is missing, or a reference names no object.
        public static let invalidSource = Code(rawValue: "invalid-source")
        /// The output would be approximate and the options refuse approximations
        /// (``NibCompiler/Options/approximations``).
        public static let approximationRefused = Code(rawValue: "approximation-refused")
        /// The source is larger or deeper than a limit allows (``NibCompiler/Options/maximumNestingDepth``,
        /// ``NibCompiler/Options/maximumEntriesPerKilobyte``,
        /// ``SourceDocument/maximumAttributesPerElement``).
        public static let limitExceeded = Code(rawValue: "limit-exceeded")
        /// The archive could not be built or written.
        public static let output = Code(rawValue: "output")
    }

    /// What went wrong.
    public var code: Code
    /// The source file name.
    public var file: String
    /// The 1-based line, or 0 when unknown.
    public var line: Int
    /// The 1-based column, or 0 when unknown.
    public var column: Int
    /// The element concerned, such as `<label id="abc">`.
    public var element: String?
    /// What is unsupported or wrong, as a sentence fragment.
    public var message: String
    /// Every warning of the compile up to the error (with `--strict`, every problem of the
    /// document), so that one run reports them all.
    public var warnings: [CompileWarning] = []
    /// How many warnings of each kind were recorded past the first 10,000, which alone are kept
    /// in ``warnings``.
    public var omittedWarnings: [CompileWarning.Kind: Int] = [:]

    /// Creates an error.
    public init(code: Code, file: String, line: Int, column: Int, element: String?, message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.element = element
        self.message = message
    }

    /// `Main.storyboard:12:9: error: <stackView id="x">: unsupported element …`.
    public var description: String {
        Self.diagnosticText(
            severity: "error", file: file, line: line, column: column, element: element, message: message)
            + " [\(code)]"
    }

    /// `file:line:column: severity: <element>: message`, the compiler-style line errors and
    /// warnings share.
    static func diagnosticText(
        severity: String, file: String, line: Int, column: Int, element: String?, message: String
    ) -> String {
        let subject = element.map { "\($0): " } ?? ""
        return "\(file):\(line):\(column): \(severity): \(subject)\(message)"
    }
}

extension CompileError {
    /// Runs `work` in order; an error that is not a `CompileError` is reported as invalid source
    /// in `file`. With `diagnostics`, an item that fails recoverably is left out with a warning
    /// (``CompileDiagnostics/recover(_:)``) and the rest still runs.
    static func run(
        _ work: [() throws -> Void], file: String, recovering diagnostics: CompileDiagnostics? = nil
    ) throws(CompileError) {
        for item in work {
            let failure: CompileError
            do {
                try item()
                continue
            } catch let error as CompileError {
                failure = error
            } catch {
                failure = CompileError(
                    code: .invalidSource, file: file, line: 0, column: 0, element: nil, message: "\(error)")
            }
            guard let diagnostics else { throw failure }
            try diagnostics.recover(failure)
        }
    }
}
