import CorpusSupport
import Foundation
import Testing

/// Inputs the fuzz targets of the reading commands found (FuzzTree, FuzzRender, FuzzDiff,
/// FuzzScan), replayed through `nibtool tree` in both formats: each exits 0 or 2.
/// Add new inputs to `Tests/NibToolTests/Fuzz Regressions/`.
@Suite("nibtool fuzz regressions")
struct NibToolFuzzRegressionTests {
    static let folder = FuzzRegressions.folder(besides: #filePath)

    static var inputs: [String] { FuzzRegressions.inputs(in: folder) }

    @Test("The regression folder is not empty")
    func folderHasInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test("Each saved input gives a tree or an error (exit 0 or 2), as text and as JSON", arguments: inputs)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        for format in ["text", "json"] {
            let run = runTool(["tree", "--format", format, "-"], stdin: bytes)
            #expect(run.status == 0 || run.status == 2, "\(name) \(format): exit \(run.status): \(run.error)")
        }
    }
}
