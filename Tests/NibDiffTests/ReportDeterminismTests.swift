import NibArchive
import NibDiff
import Testing

/// The same two archives give the same report every time: what the comparison finds along the
/// way (pairs in progress count as equal, so a pair reached through a cycle can be remembered as
/// equivalent) must not depend on the order of a dictionary, which Swift seeds at random for
/// each process and each dictionary.
@Suite("Structural comparison reports the same differences on every run")
struct ReportDeterminismTests {
    /// A root whose `constraint` refers to a constraint whose `NSFirstItem` is a view, and whose
    /// `view` refers to that view, whose `link` leads back to the constraint (a cycle) and whose
    /// `NSTag` is `tag`.
    static func archive(tag: Int32) throws -> NibArchive {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let constraint = builder.addObject(className: "NSLayoutConstraint")
        let view = builder.addObject(className: "NSView")
        builder.append(.objectReference(constraint), forKey: "constraint", to: root)
        builder.append(.objectReference(view), forKey: "view", to: root)
        builder.append(.objectReference(view), forKey: "NSFirstItem", to: constraint)
        builder.append(.objectReference(constraint), forKey: "link", to: view)
        builder.append(.int32(tag), forKey: "NSTag", to: view)
        return try builder.build()
    }

    /// The old walk compared an object's keys in a dictionary's order. When it happened to compare
    /// the root's `view` first and the view's `link` before its tag, the constraint was found
    /// equivalent while the view was in progress and remembered so; the report then skipped the
    /// `constraint` key and named the difference by the `view` path instead (one run in four).
    /// In stored order the difference is reached first through `constraint`, as the report walks
    /// the keys. Repeated so that the old code fails all but about (3/4)⁶⁴ of the time.
    @Test("a difference reached through a cycle is reported under the same path on every run")
    func cyclePath() throws {
        let left = try Self.archive(tag: 1)
        let right = try Self.archive(tag: 2)
        let comparison = StructuralComparison()
        var reports: Set<[String]> = []
        // A dictionary's order also follows the address of its storage, and a process reuses
        // the same addresses run after run: dictionaries of the walk's size kept alive between
        // runs move the walk's own to new ones, so each run sees other orders.
        var kept: [[String: NibArchive.Payload]] = []
        for run in 0..<64 {
            reports.insert(comparison.differences(between: left, and: right).map { "\($0)" })
            kept.append(Dictionary(uniqueKeysWithValues: (0...(run % 3)).map { ("\($0)", .int32(Int32($0))) }))
        }
        #expect(reports.count == 1)
        let report = try #require(reports.first)
        #expect(report.count == 1)
        #expect(
            report.first == "root › constraint (NSLayoutConstraint) › NSFirstItem (NSView) › NSTag: int32 1 → int32 2")
    }
}
