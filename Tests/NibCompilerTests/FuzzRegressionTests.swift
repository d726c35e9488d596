import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import Testing

/// Every source FuzzCompile found crashing, replayed without the fuzzer. Files live in
/// `Tests/NibCompilerTests/Fuzz Regressions/`; add new ones there.
@Suite("Compiler fuzz regressions")
struct CompilerFuzzRegressionTests {
    static let folder = FuzzRegressions.folder(besides: #filePath)

    static var inputs: [String] { FuzzRegressions.inputs(in: folder) }

    @Test("The regression folder is not empty")
    func folderHasInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(
        "Each saved source compiles or fails with a CompileError; what compiles parses (keyed variants included)",
        arguments: inputs)
    func replay(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        do {
            let compiled = try Source.compiler().compile(data, fileName: name)
            for (file, bytes) in compiled.files where file.isEmpty || file.hasSuffix(".nib") {
                // A macOS directory nib for deployment targets before 10.13 holds a keyed variant.
                if NibArchive.isKeyedArchive(bytes) {
                    _ = try NibArchive(keyedArchiveBytes: bytes)
                } else {
                    _ = try NibArchive(parsing: bytes)
                }
            }
        } catch let error as CompileError {
            #expect(!error.message.isEmpty)
        }
    }
}
