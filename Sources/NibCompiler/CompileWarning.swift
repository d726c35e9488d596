/// Something the compiler wrote but could not make exactly as Apple's `ibtool` would: the
/// element, its line and column, and what was approximated.
///
/// The only warnings today are colors that ColorSync converts with an arithmetic NibKit can
/// reproduce only to about 1e-5 (see ``NibCompiler/ColorMatching``).
public struct CompileWarning: Hashable, Sendable, CustomStringConvertible {
    /// The source file name.
    public var file: String
    /// The 1-based line, or 0 when unknown.
    public var line: Int
    /// The 1-based column, or 0 when unknown.
    public var column: Int
    /// The element concerned, such as `<color key="textColor">`.
    public var element: String?
    /// What was approximated, as a sentence fragment.
    public var message: String

    /// Creates a warning.
    public init(file: String, line: Int, column: Int, element: String?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.element = element
        self.message = message
    }

    /// `Main.storyboard:12:9: warning: <color key="textColor">: …`.
    public var description: String {
        CompileError.diagnosticText(
            severity: "warning", file: file, line: line, column: column, element: element, message: message)
    }
}

/// The warnings of one compile, shared by the contexts of a document's nibs.
final class CompileDiagnostics {
    /// The warnings in the order they were found.
    private(set) var warnings: [CompileWarning] = []

    /// Records a warning about `element` in `file`.
    func warn(_ element: SourceElement, in file: String, _ message: String) {
        warnings.append(
            CompileWarning(
                file: file, line: element.line, column: element.column, element: element.summary, message: message))
    }
}
