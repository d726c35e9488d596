public import Foundation

extension Nib {
    /// The files inside an iOS directory nib, in the order UIKit tries them (spec section 12),
    /// then the macOS `keyedobjects` variants.
    public static let directoryVariants = [
        "objects-17.0+.nib", "objects-16.0+.nib", "objects-15.0+.nib", "objects-14.0+.nib", "objects-13.0+.nib",
        "objects-12.3+.nib", "objects-11.0+.nib", "objects-9.1+.nib", "objects-8.0+.nib", "objects.nib",
        "runtime.nib", "keyedobjects-110000.nib", "keyedobjects-101300.nib", "keyedobjects.nib",
    ]

    /// Reads a nib from disk (`UINib(nibName:bundle:)` without the bundle): a `.nib` file; a
    /// directory nib, taking the first variant of ``directoryVariants`` that exists; or a
    /// `.storyboardc`, taking its entry-point scene (see ``NibStoryboard`` for the others).
    ///
    /// - Throws: ``NibCodingError`` with code ``NibCodingError/Code/unreadableFile`` naming the
    ///   path, or the archive's parse error.
    public init(contentsOf url: URL) throws(NibCodingError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw NibCodingError(code: .unreadableFile, message: "no file at \(url.path)")
        }
        if !isDirectory.boolValue {
            let data: Data
            do {
                data = try Data(contentsOf: url, options: .mappedIfSafe)
            } catch {
                throw NibCodingError(
                    code: .unreadableFile, message: "cannot read \(url.path): \(error.localizedDescription)")
            }
            try self.init(bytes: [UInt8](data), url: url)
            return
        }
        if url.pathExtension == "storyboardc" {
            self = try NibStoryboard(contentsOf: url).initialNib()
            return
        }
        for variant in Self.directoryVariants {
            let candidate = url.appendingPathComponent(variant)
            if FileManager.default.fileExists(atPath: candidate.path) {
                try self.init(contentsOf: candidate)
                return
            }
        }
        throw NibCodingError(
            code: .unreadableFile,
            message:
                "directory nib \(url.lastPathComponent) has none of \(Self.directoryVariants.joined(separator: ", "))")
    }
}
