import Foundation

/// The saved fuzz inputs of a test target: the files of its `Fuzz Regressions` folder.
public enum FuzzRegressions {
    /// The `Fuzz Regressions` folder beside the test file at `filePath` (pass `#filePath`).
    public static func folder(besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Fuzz Regressions")
    }

    /// The names of the inputs in `folder`, sorted; hidden files and the folder's README skipped.
    public static func inputs(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
            .sorted()
    }
}
