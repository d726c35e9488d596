import NibArchive
import NibDiff
import Testing

/// How the structural comparison treats an order no document records, and dictionary entries.
@Suite("Structural comparison of size-class candidates and dictionaries")
struct CandidateOrderTests {
    /// A root holding a size-class storage whose candidates are objects of `className`, one per
    /// name, in that order (each with its name as text); the set inlined, or `keyed` as Apple
    /// writes `NSOrderedSet` (`NS.object.N`).
    static func storage(_ className: String, _ names: [String], keyed: Bool = false) throws -> NibArchive {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let storage = builder.addObject(className: "_UIRelationshipTraitStorage")
        let candidates = builder.addObject(className: "NSOrderedSet")
        builder.append(.objectReference(storage), forKey: "storage", to: root)
        builder.append(.objectReference(candidates), forKey: "UIRelationshipCandidates", to: storage)
        if !keyed { builder.append(.bool(true), forKey: "NSInlinedValue", to: candidates) }
        for (index, name) in names.enumerated() {
            let candidate = builder.addObject(className: className)
            let text = builder.addObject(className: "NSString")
            builder.append(.string(name), forKey: "NS.bytes", to: text)
            builder.append(.objectReference(text), forKey: "name", to: candidate)
            builder.append(
                .objectReference(candidate), forKey: keyed ? "NS.object.\(index)" : NibArchive.Builder.emptyKey,
                to: candidates)
        }
        return try builder.build()
    }

    @Test("a collection archived in the other form is a difference, its elements still compared")
    func collectionForms() throws {
        let comparison = StructuralComparison()
        let keyed = try Self.storage("NSLayoutConstraint", ["a", "b"], keyed: true)
        #expect(
            comparison.differences(
                between: keyed, and: try Self.storage("NSLayoutConstraint", ["b", "a"], keyed: true)
            ).isEmpty)
        let differences = comparison.differences(
            between: keyed, and: try Self.storage("NSLayoutConstraint", ["a", "b"]))
        #expect(differences.map(\.kind) == [.type])
        #expect(differences.first?.left == "keyed (NS.object.N)")
        #expect(differences.first?.right == "inlined (NSInlinedValue)")
    }

    @Test(
        "constraint candidates compare as unordered (Interface Builder's own order); subview candidates keep their order"
    )
    func candidates() throws {
        let comparison = StructuralComparison()
        #expect(
            comparison.differences(
                between: try Self.storage("NSLayoutConstraint", ["a", "b", "c"]),
                and: try Self.storage("NSLayoutConstraint", ["c", "a", "b"])
            ).isEmpty)
        #expect(
            !comparison.differences(
                between: try Self.storage("UIView", ["a", "b", "c"]), and: try Self.storage("UIView", ["c", "a", "b"])
            ).isEmpty)
    }

    /// A root whose dictionary maps each key to a label with that text.
    static func dictionary(_ entries: [(String, String)]) throws -> NibArchive {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let dictionary = builder.addObject(className: "NSMutableDictionary")
        builder.append(.objectReference(dictionary), forKey: "cells", to: root)
        builder.append(.bool(true), forKey: "NSInlinedValue", to: dictionary)
        for (key, title) in entries {
            let keyString = builder.addObject(className: "NSString")
            builder.append(.string(key), forKey: "NS.bytes", to: keyString)
            let label = builder.addObject(className: "UILabel")
            let text = builder.addObject(className: "NSString")
            builder.append(.string(title), forKey: "NS.bytes", to: text)
            builder.append(.objectReference(text), forKey: "UIText", to: label)
            builder.append(.objectReference(keyString), forKey: NibArchive.Builder.emptyKey, to: dictionary)
            builder.append(.objectReference(label), forKey: NibArchive.Builder.emptyKey, to: dictionary)
        }
        return try builder.build()
    }

    @Test("a dictionary entry whose value changed is reported under its own key, not paired with another key")
    func dictionaryEntriesPairByKey() throws {
        let differences = StructuralComparison().differences(
            between: try Self.dictionary([("ListCell", "L"), ("GridCell", "G")]),
            and: try Self.dictionary([("GridCell", "G2"), ("ListCell", "L2")]))
        #expect(differences.count == 2)
        #expect(differences.allSatisfy { $0.kind == .value && $0.path.contains(".value") })
        #expect(!differences.contains { $0.path.contains(".key") })
    }

    @Test(
        "long dictionaries: every changed entry is reported under its key, past the eager re-matching length",
        arguments: [30, 300])
    func longDictionaries(count: Int) throws {
        // Shuffled on the right, three values changed: only those three are differences.
        let left = (0..<count).map { ("key\($0)", "title\($0)") }
        var right = left.reversed().map { $0 }
        for position in [0, count / 2, count - 1] { right[position].1 += " changed" }
        let few = StructuralComparison().differences(
            between: try Self.dictionary(left), and: try Self.dictionary(right))
        #expect(few.count == 3)
        #expect(few.allSatisfy { $0.kind == .value && $0.path.contains(".value") })
        // Every key changed too: each left entry pairs with one right entry, one key and one
        // value difference each (leftovers past 8 are matched on a halving schedule), all within
        // the default expansion limit (re-matching after every report spent it at 300 entries).
        let allChanged = right.map { ($0.0 + "x", $0.1 + "x") }
        let many = StructuralComparison().differences(
            between: try Self.dictionary(left), and: try Self.dictionary(allChanged))
        #expect(many.count == 2 * count)
        #expect(Set(many.map(\.path)).count == 2 * count)
    }
}
