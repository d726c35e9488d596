/// Everything one compile makes, so that the compile can free it when it ends.
///
/// The object graph of a nib is full of cycles (a view and its superview, a cell and its
/// control, a window and its content view) and the compile contexts hold deferred work that
/// refers back to them; freeing by reference counting alone would leak every compile. Each
/// ``ArchivedObject`` and context registers with the arena of the compile in progress (a task
/// local), and ``releaseAll()`` empties them once the output is written or the compile failed.
final class ArchiveArena: @unchecked Sendable {
    /// A compile context that holds deferred work.
    protocol Member: AnyObject {
        /// Drops the context's deferred work and references.
        func releaseForArena()
    }

    /// The arena of the compile in progress on this task, if any.
    @TaskLocal static var current: ArchiveArena?

    private var objects: [ArchivedObject] = []
    private var members: [any Member] = []
    /// What the compile may make (``CompileBudget``); `nil` for no bound.
    var budget: CompileBudget?

    /// Registers an object made during the compile, counting it against the budget.
    func add(_ object: ArchivedObject) {
        objects.append(object)
        budget?.spend()
    }

    /// Registers a compile context.
    func add(_ member: any Member) { members.append(member) }

    /// Breaks every reference between the registered objects and empties the contexts.
    func releaseAll() {
        for member in members { member.releaseForArena() }
        for object in objects { object.removeAllValues() }
        members = []
        objects = []
    }

    /// Runs `body` with a fresh arena and releases it afterwards, whatever `body` does.
    static func run<Result>(budget: CompileBudget? = nil, _ body: () throws(CompileError) -> Result)
        throws(CompileError) -> Result
    {
        let arena = ArchiveArena()
        arena.budget = budget
        defer { arena.releaseAll() }
        do {
            return try $current.withValue(arena) { try body() }
        } catch let error as CompileError {
            throw error
        } catch {
            // `body` throws only CompileError; `withValue` erases the type.
            throw CompileError(
                code: .invalidSource, file: "", line: 0, column: 0, element: nil, message: "\(error)")
        }
    }
}

/// The bound on what one compile makes, proportional to its source: the source's elements,
/// the objects the rules archive and the warnings they record, each one entry
/// (``NibCompiler/Options/maximumEntriesPerKilobyte`` per KiB of source plus
/// ``NibCompiler/Options/entryBaseline``).
///
/// Objects and warnings are made where nothing can throw (an `ArchivedObject`'s initializer,
/// `CompileDiagnostics.warn`), so spending only records that the budget is passed; the compile
/// stops at the next place that can throw and checks it (every recovery boundary, every
/// recovered problem, before the archive is written). Between two such places a rule makes the
/// objects of one element, so the overshoot is a few objects.
final class CompileBudget {
    /// The most entries the compile may make.
    let maximum: Int
    /// The factor ``maximum`` was computed with, for the error.
    let perKilobyte: Int
    /// The source file, for the error.
    let fileName: String
    /// Entries spent so far.
    private(set) var used = 0
    /// Where the budget was passed, once it was (the first element known after that).
    private var passed: (line: Int, column: Int, element: String?)?
    private var isPassed = false

    /// A budget of `perKilobyte` entries per KiB of a `sourceSize`-byte source plus `baseline`.
    init(perKilobyte: Int, baseline: Int, sourceSize: Int, fileName: String) {
        self.perKilobyte = max(0, perKilobyte)
        self.fileName = fileName
        self.maximum = Self.maximum(perKilobyte: perKilobyte, baseline: baseline, sourceSize: sourceSize)
    }

    /// `perKilobyte` × `sourceSize` / 1024 + `baseline`, or `Int.max` when that overflows.
    static func maximum(perKilobyte: Int, baseline: Int, sourceSize: Int) -> Int {
        let (product, overflow) = max(0, perKilobyte).multipliedReportingOverflow(by: max(0, sourceSize))
        guard !overflow else { return Int.max }
        let (sum, overflowSum) = (product / 1024).addingReportingOverflow(max(0, baseline))
        return overflowSum ? Int.max : sum
    }

    /// Spends `count` entries; once the total passes ``maximum`` the next ``check(at:)`` throws.
    func spend(_ count: Int = 1) {
        let (sum, overflow) = used.addingReportingOverflow(max(0, count))
        used = overflow ? Int.max : sum
        if used > maximum { isPassed = true }
    }

    /// Throws ``CompileError/Code/limitExceeded`` when the budget was passed, naming the first
    /// place known after that (`element`, or the line and column of a recovered problem).
    func check(line: Int = 0, column: Int = 0, element: String? = nil) throws(CompileError) {
        guard isPassed else { return }
        if passed == nil { passed = (line, column, element) }
        let place = passed ?? (line, column, element)
        throw CompileError(
            code: .limitExceeded, file: fileName, line: place.line, column: place.column, element: place.element,
            message: Self.message(maximum: maximum, perKilobyte: perKilobyte))
    }

    /// ``check(line:column:element:)`` at `element`.
    func check(_ element: SourceElement) throws(CompileError) {
        guard isPassed else { return }
        try check(line: element.line, column: element.column, element: element.summary)
    }

    /// The error's text, shared with the source scan that counts elements.
    static func message(maximum: Int, perKilobyte: Int) -> String {
        "the compile makes more than \(maximum) entries (source elements, archived objects and warnings: "
            + "\(perKilobyte) per KiB of source + \(NibCompiler.Options.entryBaseline); real documents make "
            + "at most 42 per KiB); raise the limit with --max-entries-per-kb "
            + "(NibCompiler.Options.maximumEntriesPerKilobyte)"
    }

    /// The budget of the compile in progress on this task, if any.
    static var current: CompileBudget? { ArchiveArena.current?.budget }

    /// ``check(line:column:element:)`` of the compile in progress, if any.
    static func checkCurrent(line: Int = 0, column: Int = 0, element: String? = nil) throws(CompileError) {
        guard let budget = current else { return }
        try budget.check(line: line, column: column, element: element)
    }

    /// ``check(_:)`` of the compile in progress, if any.
    static func checkCurrent(_ element: SourceElement) throws(CompileError) {
        guard let budget = current else { return }
        try budget.check(element)
    }
}
