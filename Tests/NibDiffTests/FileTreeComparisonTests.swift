import KeyedArchive
import NibArchive
import NibDiff
import Testing

/// File sets with keyed-archive nibs (macOS `keyedobjects.nib`), which are compared as the
/// NIBArchives they read as.
@Suite("File tree comparison")
struct FileTreeComparisonTests {
    @Test("a keyed-archive nib and a NIBArchive of the same graph are equal; a changed string is not")
    func keyedAgainstNIBArchive() throws {
        let archive = try StructuralComparisonTests.archive(["a", "b"])
        let keyed = try archive.foundationKeyedArchive().serialized(as: .binary)
        let nib = archive.serialized()
        let comparison = FileTreeComparison()
        #expect(comparison.differences(between: ["keyedobjects.nib": keyed], and: ["keyedobjects.nib": nib]).isEmpty)
        let other = try StructuralComparisonTests.archive(["a", "c"]).foundationKeyedArchive().serialized(as: .binary)
        let differences = comparison.differences(between: ["keyedobjects.nib": keyed], and: ["keyedobjects.nib": other])
        #expect(!differences.isEmpty)
        #expect(differences.allSatisfy { $0.file == "keyedobjects.nib" })
    }

    @Test("a property list that is not a keyed archive is still compared by value")
    func plainPropertyList() throws {
        let plist = try PropertyList.dictionary([PropertyList.Entry("UIMainStoryboardFile", .string("Main"))])
            .serialized(as: .binary)
        #expect(FileTreeComparison().differences(between: ["Info.plist": plist], and: ["Info.plist": plist]).isEmpty)
        let other = try PropertyList.dictionary([PropertyList.Entry("UIMainStoryboardFile", .string("Other"))])
            .serialized(as: .binary)
        #expect(FileTreeComparison().differences(between: ["Info.plist": plist], and: ["Info.plist": other]).count == 1)
    }

    @Test("a changed property list is one line, its dictionaries' keys sorted, the same on every run")
    func propertyListRendering() throws {
        func plist(_ value: String) throws -> [UInt8] {
            let names = ["d", "b", "e", "a", "c"].map { PropertyList.Entry($0, .string($0 + value)) }
            return try PropertyList.dictionary([
                PropertyList.Entry("UIStoryboardVersion", .integer(1)),
                PropertyList.Entry("UIViewControllerIdentifiersToNibNames", .dictionary(names)),
                PropertyList.Entry("list", .array([.string("x"), .integer(2)])),
            ]).serialized(as: .binary)
        }
        var lines: Set<String> = []
        for _ in 0..<8 {
            let differences = FileTreeComparison().differences(
                between: ["Info.plist": try plist("1")], and: ["Info.plist": try plist("2")])
            lines.formUnion(differences.map(\.description))
        }
        #expect(
            lines == [
                "Info.plist: file: {UIStoryboardVersion = 1; UIViewControllerIdentifiersToNibNames = {a = \"a1\"; "
                    + "b = \"b1\"; c = \"c1\"; d = \"d1\"; e = \"e1\"}; list = (\"x\", 2)} → {UIStoryboardVersion = 1; "
                    + "UIViewControllerIdentifiersToNibNames = {a = \"a2\"; b = \"b2\"; c = \"c2\"; d = \"d2\"; "
                    + "e = \"e2\"}; list = (\"x\", 2)}"
            ])
    }
}
