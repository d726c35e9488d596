import CorpusSupport
import Foundation

/// Apple's ICC profiles for the corpus pair tests off macOS: found inside the corpus's own
/// macOS reference nibs by content (an ICC header whose `acsp` signature, size, data color
/// space and description match), as `Scripts/score-compile.sh` does, and written once to a
/// temporary folder. They never enter the repository.
enum CorpusColorProfiles {
    /// The profiles NibKit's AppKit color rule reads: file name, data color space, description.
    static let wanted: [(file: String, space: String, description: String)] = [
        ("Generic Gray Gamma 2.2 Profile.icc", "GRAY", "Generic Gray Gamma 2.2 Profile"),
        ("sRGB Profile.icc", "RGB ", "sRGB IEC61966-2.1"),
    ]

    /// The folder holding both profiles, or `nil` when the corpus holds neither.
    static let folder: URL? = {
        guard let pairs = try? Corpus.directory().appendingPathComponent("xib-pairs") else { return nil }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("nibkit-corpus-profiles-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var missing = wanted
        let enumerator = FileManager.default.enumerator(at: pairs, includingPropertiesForKeys: nil)
        while !missing.isEmpty, let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "nib", url.path.contains("/macos-"),
                let bytes = try? [UInt8](Data(contentsOf: url))
            else { continue }
            for profile in profiles(in: bytes) {
                let text = String(decoding: profile, as: UTF8.self)
                let space = String(decoding: profile[16..<20], as: UTF8.self)
                guard let index = missing.firstIndex(where: { $0.space == space && text.contains($0.description) })
                else { continue }
                try? Data(profile).write(to: folder.appendingPathComponent(missing[index].file))
                missing.remove(at: index)
            }
        }
        return missing.count == wanted.count ? nil : folder
    }()

    /// Every complete ICC profile embedded in `bytes`.
    static func profiles(in bytes: [UInt8]) -> [[UInt8]] {
        let signature = Array("acsp".utf8)
        var found: [[UInt8]] = []
        var index = 36
        while index + 4 <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == signature[0], Array(bytes[index..<index + 4]) == signature else { continue }
            let start = index - 36
            let size = bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size > 128, size <= bytes.count - start else { continue }
            found.append(Array(bytes[start..<start + size]))
        }
        return found
    }
}
