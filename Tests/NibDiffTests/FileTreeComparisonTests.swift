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
}
