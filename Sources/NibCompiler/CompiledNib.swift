import Foundation

/// What the compiler produced: one nib file, or the files of a directory (`.storyboardc`, a
/// directory nib).
public struct CompiledNib: Sendable {
    /// The shape of the output.
    public enum Kind: Sendable {
        /// A single `.nib` file.
        case nibFile
        /// A `.storyboardc` directory.
        case storyboard
        /// A directory nib: macOS `keyedobjects*.nib` variants for older deployment targets.
        case nibDirectory
    }

    /// The shape of the output.
    public var kind: Kind
    /// The files, by path relative to the output (the empty path for a single file).
    public var files: [String: [UInt8]]
    /// What the compiler approximated, in source order; empty when every value is as ibtool
    /// writes it.
    public var warnings: [CompileWarning] = []

    /// Creates an output.
    public init(kind: Kind, files: [String: [UInt8]]) {
        self.kind = kind
        self.files = files
    }

    /// Writes the output at `url`: a file, or a directory holding the files.
    public func write(to url: URL) throws {
        switch kind {
        case .nibFile:
            try Data(files[""] ?? []).write(to: url)
        case .storyboard, .nibDirectory:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
                try Data(bytes).write(to: url.appendingPathComponent(name))
            }
        }
    }
}
