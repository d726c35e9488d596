import CorpusSupport
import Foundation
import NibArchive
import NibCoding
import Testing

/// Inputs the `FuzzNibLoad` target found, replayed without the fuzzer with the same invariants:
/// loading either fails with an error or succeeds, and a decoded graph encodes to a nib that
/// decodes again. Files live in `Tests/NibCodingTests/Fuzz Regressions/`.
@Suite("NibCoding fuzz regressions")
struct NibCodingFuzzRegressionTests {
    static let folder = FuzzRegressions.folder(besides: #filePath)

    static var inputs: [String] { FuzzRegressions.inputs(in: folder) }

    @Test("The regression folder is not empty")
    func folderHasInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test("Each saved input loads or fails cleanly, and its graph survives encode → decode", arguments: inputs)
    func replay(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        guard let nib = try? Nib(bytes: bytes) else { return }
        var externals: [String: AnyObject] = [:]
        for identifier in nib.externalObjectIdentifiers { externals[identifier] = NibObject() }
        _ = try? nib.instantiation(owner: NibObject(), externalObjects: externals)
        _ = try? NibTree(nib: nib).text()
        guard let graph = try? nib.decodeGraph() else { return }
        guard let encoded = try? NibEncoder().encode(root: graph) else { return }
        do {
            _ = try Nib(archive: encoded).decodeGraph()
        } catch {
            Issue.record("re-encoded graph does not decode: \(error)")
        }
    }
}
