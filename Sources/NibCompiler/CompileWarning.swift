/// Something the compiler wrote but could not make exactly as Apple's `ibtool` would: the
/// element, its line and column, and what was approximated.
///
/// Each warning is one approximation of a ``Kind`` (see ``NibCompiler/Approximations``);
/// ``NibCompiler/Options/approximations`` set to `.refuse` turns them into errors.
public struct CompileWarning: Hashable, Sendable, CustomStringConvertible {
    /// What was approximated.
    public enum Kind: String, Hashable, Sendable {
        /// A color ColorSync converts, converted with the color spaces' published definitions.
        case colorConversion = "color-conversion"
        /// An element compiled as the nearest Xcode whose output the reference pairs show.
        case nearestXcode = "nearest-xcode"
        /// A size that depends on laid-out text, estimated without the font's glyph metrics.
        case textLayout = "text-layout"
    }

    /// What was approximated.
    public var kind: Kind
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
    public init(kind: Kind, file: String, line: Int, column: Int, element: String?, message: String) {
        self.kind = kind
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
    /// Whether approximations are written with a warning or refused
    /// (``NibCompiler/Options/approximations``).
    var approximations = NibCompiler.Approximations.warn

    /// Records a warning about `element` in `file`.
    func warn(_ kind: CompileWarning.Kind, _ element: SourceElement, in file: String, _ message: String) {
        warnings.append(
            CompileWarning(
                kind: kind, file: file, line: element.line, column: element.column, element: element.summary,
                message: message))
    }
}

/// What the UIKit and AppKit rule contexts share for diagnostics, so that the Xcode fallback
/// reads the same in both.
protocol DiagnosingContext: AnyObject {
    /// The source file name, for diagnostics.
    var fileName: String { get }
    /// The Xcode being imitated.
    var era: XcodeEra { get }
    /// Where warnings go.
    var diagnostics: CompileDiagnostics { get }
    /// An error about `element`.
    func error(_ code: CompileError.Code, _ element: SourceElement, _ message: String) -> CompileError
}

extension DiagnosingContext {
    /// Records an approximation at `element`: a ``CompileWarning`` saying `message`, or, when
    /// the options refuse approximations, a ``CompileError`` saying the same.
    func approximate(_ kind: CompileWarning.Kind, _ element: SourceElement, _ message: String) throws(CompileError) {
        guard diagnostics.approximations == .warn else {
            throw error(.approximationRefused, element, "\(message) (refused: exact output was asked for)")
        }
        diagnostics.warn(kind, element, in: fileName, message)
    }

    /// The Xcode whose output a rule writes for `element`, when the rule models only the Xcodes
    /// in `modelled`: the imitated one when it is in range; otherwise the nearest modelled one
    /// (`modelled.lowerBound` below the range, `newest` above it), an approximation
    /// (``approximate(_:_:_:)``).
    ///
    /// - Parameters:
    ///   - what: the element kind as a plural noun phrase, such as "combo boxes".
    ///   - modelled: the Xcodes the rule's pairs show, such as `XcodeEra(13)..<XcodeEra(16)`.
    ///   - newest: the newest Xcode in `modelled` a pair shows, used above the range.
    ///   - shown: the Xcodes the pairs show, when that is not `modelled` (the message's words).
    func modelledEra(
        for element: SourceElement, _ what: String, modelled: Range<XcodeEra>, newest: XcodeEra,
        shown: String? = nil
    ) throws(CompileError) -> XcodeEra {
        guard !modelled.contains(era) else { return era }
        let nearest = era < modelled.lowerBound ? modelled.lowerBound : newest
        let range =
            shown
            ?? (modelled.upperBound.version.isInfinite
                ? "Xcode \(modelled.lowerBound) and later" : "Xcode \(modelled.lowerBound) to \(newest)")
        try approximate(
            .nearestXcode, element,
            "no reference pair shows how Xcode \(era)'s ibtool compiles \(what) (the pairs show \(range)); "
                + "compiled as Xcode \(nearest) writes them")
        return nearest
    }
}

extension XcodeEra {
    /// An open upper end for ``DiagnosingContext/modelledEra(for:_:modelled:newest:)``: every
    /// later Xcode.
    static let unbounded = XcodeEra(.infinity)
}
