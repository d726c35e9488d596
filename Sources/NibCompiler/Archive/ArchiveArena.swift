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

    /// Registers an object made during the compile.
    func add(_ object: ArchivedObject) { objects.append(object) }

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
    static func run<Result>(_ body: () throws(CompileError) -> Result) throws(CompileError) -> Result {
        let arena = ArchiveArena()
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
