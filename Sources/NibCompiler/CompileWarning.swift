/// Something the compiler wrote but could not make exactly as Apple's `ibtool` would: the
/// element, its line and column, and what was approximated or left out.
///
/// Two families of ``Kind``: approximations (see ``NibCompiler/Approximations``), and parts of
/// the document the compiler has no rule for (an element, an attribute, a value it cannot
/// read), which it leaves out or archives as the nearest class it knows. Both are errors when
/// ``NibCompiler/Options/approximations`` is `.refuse` (`nibtool compile --strict`).
public struct CompileWarning: Hashable, Sendable, CustomStringConvertible {
    /// What was approximated.
    public enum Kind: String, Hashable, Sendable {
        /// A color ColorSync converts, converted with the color spaces' published definitions.
        case colorConversion = "color-conversion"
        /// An element compiled as the nearest Xcode whose output the reference pairs show.
        case nearestXcode = "nearest-xcode"
        /// A size that depends on laid-out text, estimated without the font's glyph metrics.
        case textLayout = "text-layout"
        /// An element the compiler has no rule for: left out, or archived as the nearest class
        /// it knows (an unknown view as a plain view under its own class name).
        case unmodelledElement = "unmodelled-element"
        /// An attribute, or an attribute value, the compiler has no rule for: left out.
        case unmodelledAttribute = "unmodelled-attribute"
        /// Something the document lacks or gets wrong (a view without a frame, a reference to no
        /// object): compiled as ibtool would, or left out.
        case invalidSource = "invalid-source"

        /// The kind a recoverable ``CompileError`` becomes, or `nil` when the error must stop the
        /// compile.
        init?(recovering code: CompileError.Code) {
            switch code {
            case .unsupportedElement: self = .unmodelledElement
            case .unsupportedAttribute: self = .unmodelledAttribute
            case .invalidSource: self = .invalidSource
            default: return nil
            }
        }
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

    /// `Main.storyboard:12:9: warning: <color key="textColor">: … [color-conversion]`.
    public var description: String {
        CompileError.diagnosticText(
            severity: "warning", file: file, line: line, column: column, element: element, message: message)
            + " [\(kind.rawValue)]"
    }
}

/// The warnings of one compile, shared by the contexts of a document's nibs.
///
/// The first ``keptWarnings`` warnings (and refusals) are kept; the rest are counted by kind
/// (``omittedWarnings``), so that a crafted document with a problem in every element cannot
/// make the compile hold a warning per byte.
final class CompileDiagnostics {
    /// How many warnings, and refusals, are kept whole; past that only their kinds are counted.
    /// Real documents record fewer: the most of any corpus document is 1,562 (a macOS storyboard
    /// of 1 MB).
    static let keptWarnings = 10_000

    /// The first ``keptWarnings`` warnings, in the order they were found.
    private(set) var warnings: [CompileWarning] = []
    /// The kinds of the warnings recorded after the first ``keptWarnings``, in order.
    private var omittedKinds: [CompileWarning.Kind] = []
    /// The warning recorded last, whether kept or not; `nil` after a ``truncate(to:)`` back into
    /// the omitted ones (only their kinds are known).
    private var lastRecorded: CompileWarning?
    /// Whether approximations are written with a warning or refused
    /// (``NibCompiler/Options/approximations``).
    var approximations = NibCompiler.Approximations.warn

    /// The first ``keptWarnings`` problems ``recover(_:)`` turned into warnings while
    /// approximations are refused: the compile goes on to find every one, then fails with the
    /// first.
    private(set) var refusals: [CompileError] = []
    /// How many problems were refused in all (kept in ``refusals`` or not).
    private(set) var refusalCount = 0

    /// The warnings past the first ``keptWarnings``, counted by kind.
    var omittedWarnings: [CompileWarning.Kind: Int] {
        var counts: [CompileWarning.Kind: Int] = [:]
        for kind in omittedKinds { counts[kind, default: 0] += 1 }
        return counts
    }

    /// How many warnings and refusals there are, to return to with ``truncate(to:)``.
    var mark: (warnings: Int, refusals: Int) { (warnings.count + omittedKinds.count, refusalCount) }

    /// Forgets the warnings and refusals recorded after `mark`: the part of the document they
    /// concern is compiled again another way, which reports its own.
    func truncate(to mark: (warnings: Int, refusals: Int)) {
        let omitted = max(0, mark.warnings - warnings.count)
        if omitted < omittedKinds.count { lastRecorded = nil }
        omittedKinds.truncate(to: omitted)
        if omittedKinds.isEmpty {
            warnings.truncate(to: mark.warnings)
            lastRecorded = warnings.last
        }
        refusalCount = min(refusalCount, max(0, mark.refusals))
        refusals.truncate(to: refusalCount)
    }

    /// Keeps `warning` (or counts it past ``keptWarnings``) and spends one entry of the compile's
    /// budget on it.
    private func record(_ warning: CompileWarning) {
        if warnings.count < Self.keptWarnings, omittedKinds.isEmpty {
            warnings.append(warning)
        } else {
            omittedKinds.append(warning.kind)
        }
        lastRecorded = warning
        CompileBudget.current?.spend()
    }

    /// Compiles one storyboard scene with `work`, which adds its nibs to `files`. When the scene
    /// fails on something recoverable, it is left out whole: the files it added and the warnings
    /// it recorded are forgotten, the failure becomes one warning, and the result is `false`.
    ///
    /// The warning names the place of the failure; when that is not `controller` itself, a
    /// second one at `controller` says its scene is left out (what it contains is then not in
    /// the output).
    func compilingScene(
        of controller: SourceElement, in file: String, into files: inout [String: [UInt8]],
        _ work: (inout [String: [UInt8]]) throws(CompileError) -> Void
    ) throws(CompileError) -> Bool {
        let before = Set(files.keys)
        let start = mark
        do {
            try work(&files)
            return true
        } catch {
            for name in Set(files.keys).subtracting(before) { files[name] = nil }
            truncate(to: start)
            var failure = error
            failure.message += "; the scene is left out"
            try recover(failure)
            if !lastWarning(saysUnmodelled: controller) {
                warn(
                    .unmodelledElement, controller, in: file,
                    "the scene of \(controller.summary) is left out (see the warning before)")
            }
            return false
        }
    }

    /// Records a warning about `element` in `file`.
    func warn(_ kind: CompileWarning.Kind, _ element: SourceElement, in file: String, _ message: String) {
        record(
            CompileWarning(
                kind: kind, file: file, line: element.line, column: element.column, element: element.summary,
                message: message))
    }

    /// Whether the last warning says that `element` itself is not modelled (an
    /// `unmodelled-element` warning at it), so a fallback needs no second one.
    func lastWarning(saysUnmodelled element: SourceElement) -> Bool {
        guard let last = lastRecorded else { return false }
        return last.kind == .unmodelledElement && last.line == element.line && last.column == element.column
    }

    /// Turns `error` into a warning so that the compile can go on (the caller leaves the part
    /// out or archives the nearest thing it knows), or rethrows it when it cannot be recovered
    /// from (malformed XML, an unreadable file, a refused approximation, a passed budget). When
    /// approximations are refused, the problem is also kept in ``refusals``.
    func recover(_ error: CompileError) throws(CompileError) {
        guard let kind = CompileWarning.Kind(recovering: error.code) else { throw error }
        try CompileBudget.checkCurrent(line: error.line, column: error.column, element: error.element)
        // A problem already recorded (an error rethrown through several boundaries) counts once.
        if let last = lastRecorded, last.line == error.line, last.column == error.column,
            last.message == error.message
        {
            return
        }
        record(
            CompileWarning(
                kind: kind, file: error.file, line: error.line, column: error.column, element: error.element,
                message: error.message))
        if approximations == .refuse {
            if refusals.count < Self.keptWarnings { refusals.append(error) }
            refusalCount += 1
        }
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
        try CompileBudget.checkCurrent(element)
    }

    /// Reports that `element` has something the compiler has no rule for (`code` is
    /// ``CompileError/Code/unsupportedElement``, ``CompileError/Code/unsupportedAttribute`` or
    /// ``CompileError/Code/invalidSource``) and goes on: the caller leaves that part out.
    func unmodelled(_ code: CompileError.Code, _ element: SourceElement, _ message: String) throws(CompileError) {
        try diagnostics.recover(error(code, element, message))
    }

    /// The result of `work`, or `nil` when it fails on something the compiler has no rule for
    /// (the failure is a warning; the caller leaves that part out).
    func recovered<Result>(_ work: () throws(CompileError) -> Result) throws(CompileError) -> Result? {
        try CompileBudget.checkCurrent()
        do {
            return try work()
        } catch {
            try diagnostics.recover(error)
            return nil
        }
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

/// A context that can forget what part of the document recorded, so that the part can be
/// compiled again another way (``attempt(_:_:)``).
protocol RollingBackContext: DiagnosingContext {
    associatedtype Checkpoint
    /// What has been recorded so far.
    func checkpoint() -> Checkpoint
    /// Forgets what was recorded for `element` and its subtree since `checkpoint`.
    func rollBack(to checkpoint: Checkpoint, element: SourceElement)
}

extension RollingBackContext {
    /// The result of `work`, which compiles `element`; `nil` when it fails on something the
    /// compiler has no rule for: what it recorded is forgotten and the failure is a warning, so
    /// that the caller can compile the element another way.
    func attempt<Result>(_ element: SourceElement, _ work: () throws(CompileError) -> Result) throws(CompileError)
        -> Result?
    {
        try CompileBudget.checkCurrent(element)
        let start = checkpoint()
        let result: Result
        do {
            result = try work()
        } catch {
            rollBack(to: start, element: element)
            try diagnostics.recover(error)
            return nil
        }
        // A passed budget stops the compile, so what `work` recorded need not be forgotten.
        try CompileBudget.checkCurrent(element)
        return result
    }
}

extension XcodeEra {
    /// An open upper end for ``DiagnosingContext/modelledEra(for:_:modelled:newest:)``: every
    /// later Xcode.
    static let unbounded = XcodeEra(.infinity)
}

extension Array {
    /// Drops the elements after the first `count` (nothing when there are no more): how a
    /// context forgets what a rolled-back element recorded.
    mutating func truncate(to count: Int) {
        if self.count > count { removeSubrange(count...) }
    }
}
