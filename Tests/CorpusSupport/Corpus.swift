import Foundation

/// Finds the shared real-world corpus (`../shared/corpus` beside the checkout) for tests.
///
/// Corpus tests run when the corpus is present. When it is missing they are skipped on a
/// developer's machine, but under CI (`CI` set) they run and fail loudly, because
/// ``Corpus/directory()`` throws.
public enum Corpus {
    /// Thrown when the corpus is not where it should be.
    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "the shared corpus is missing at \(path); set NIBKIT_CORPUS or check out ../shared beside the repository"
        }
    }

    /// The package root, found from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the corpus should be: `$NIBKIT_CORPUS`, or `../shared/corpus` beside the package.
    public static var expectedPath: URL {
        if let override = ProcessInfo.processInfo.environment["NIBKIT_CORPUS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// Whether the corpus folder exists.
    public static var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(
            atPath: expectedPath.appendingPathComponent("nib").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Whether this is a CI run, where a missing corpus is a failure.
    public static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }

    /// Whether corpus tests should run: the corpus is there, or CI demands it.
    public static var shouldRun: Bool { isAvailable || isCI }

    /// The corpus folder, or a thrown ``Missing``.
    public static func directory() throws -> URL {
        guard isAvailable else { throw Missing(path: expectedPath.path) }
        return expectedPath
    }

    /// The files in a corpus subfolder with the given extension, sorted by name.
    public static func files(in subfolder: String, withExtension pathExtension: String) throws -> [URL] {
        let folder = try directory().appendingPathComponent(subfolder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return names.filter { $0.hasSuffix("." + pathExtension) }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// The 298 NIBArchive files of `corpus/nib/`.
    public static func nibFiles() throws -> [URL] { try files(in: "nib", withExtension: "nib") }

    /// The independent `nibdump` for a file of `corpus/nib/`.
    public static func nibdump(for nib: URL) throws -> Data {
        let name = nib.deletingPathExtension().lastPathComponent + ".nibdump"
        return try Data(contentsOf: try directory().appendingPathComponent("nibdump").appendingPathComponent(name))
    }

    /// The names of corpus nib files, for parameterized tests (empty when the corpus is missing,
    /// in which case a separate presence test fails under CI).
    public static var nibFileNames: [String] {
        (try? nibFiles().map(\.lastPathComponent)) ?? []
    }

    /// The bytes of `corpus/nib/<name>`.
    public static func nibBytes(named name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try directory().appendingPathComponent("nib").appendingPathComponent(name)))
    }
}
