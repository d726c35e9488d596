import CorpusSupport
import Foundation
import Testing

/// Every input the fuzzer (or a person) found crashing, replayed without the fuzzer.
/// Files live in `Tests/NibArchiveTests/Fuzz Regressions/`; add new ones there.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = FuzzRegressions.folder(besides: #filePath)

    static var inputs: [String] { FuzzRegressions.inputs(in: folder) }

    @Test("The regression folder is not empty")
    func folderHasInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test("Each saved input parses, writes back and validates without trapping", arguments: inputs)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        checkOne(bytes, context: name)
    }
}
