import Foundation
import NibDiff
import Testing

/// `FileTreeComparison.files(at:byteLimit:)` never reads more than its limit, whatever a bundle
/// holds (hostile input: a crafted output folder cannot make a diff allocate without bound).
@Suite("File tree reading limit")
struct FileTreeLimitTests {
    static func folder(_ files: [String: Int]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nibkit-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, size) in files {
            try Data(repeating: 0x41, count: size).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    @Test("a bundle whose files together pass the limit is refused; under it, every file is read")
    func bundleLimit() throws {
        let url = try Self.folder(["a.nib": 600, "b.nib": 600])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: CocoaError.self) { try FileTreeComparison.files(at: url, byteLimit: 1000) }
        let files = try FileTreeComparison.files(at: url, byteLimit: 1200)
        #expect(files.mapValues(\.count) == ["a.nib": 600, "b.nib": 600])
    }

    @Test("a single file over the limit is refused before it is read")
    func fileLimit() throws {
        let url = try Self.folder(["big.nib": 2048])
        defer { try? FileManager.default.removeItem(at: url) }
        let file = url.appendingPathComponent("big.nib")
        #expect(throws: CocoaError.self) { try FileTreeComparison.files(at: file, byteLimit: 2047) }
        #expect(try FileTreeComparison.files(at: file, byteLimit: 2048)[""]?.count == 2048)
    }
}
