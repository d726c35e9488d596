import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the compiler produced: one nib file, or the files of a directory (`.storyboardc`, a
/// directory nib).
public struct CompiledNib: Sendable {
    /// The shape of the output.
    public enum Kind: Sendable {
        /// A single `.nib` file.
        case nibFile
        /// A `.storyboardc` directory.
        case storyboard
        /// A directory nib: macOS `keyedobjects*.nib` variants for older deployment targets, iOS
        /// `runtime.nib` and `objects-<V>+.nib` (`UIKitNibVariants`), or an editable nib bundle
        /// (``NibCompiler/Options/flatten`` off): `designable.nib`, the source, beside the
        /// runnable nib.
        case nibDirectory
    }

    /// The shape of the output.
    public var kind: Kind
    /// The files, by path relative to the output (the empty path for a single file).
    public var files: [String: [UInt8]]
    /// What the compiler approximated, in source order; empty when every value is as ibtool
    /// writes it.
    public var warnings: [CompileWarning] = []
    /// How many warnings of each kind were recorded past the first 10,000, which alone are kept
    /// in ``warnings``; empty when every warning is there.
    public var omittedWarnings: [CompileWarning.Kind: Int] = [:]

    /// Creates an output.
    public init(kind: Kind, files: [String: [UInt8]]) {
        self.kind = kind
        self.files = files
    }

    /// Writes the output at `url`: a file, or a directory holding the files.
    ///
    /// Files of a directory output never land outside `url`: a name that is not a single path
    /// component (``OutputFileName``) is refused, and a symbolic link already in the folder under
    /// a file's name is replaced by the file instead of being followed.
    ///
    /// - Throws: ``CompileError`` with ``CompileError/Code/output`` naming the file that could
    ///   not be written and why.
    public func write(to url: URL) throws(CompileError) {
        switch kind {
        case .nibFile:
            do {
                try Data(files[""] ?? []).write(to: url)
            } catch {
                throw Self.failure(url.path, error.localizedDescription)
            }
        case .storyboard, .nibDirectory:
            // A storyboard's nib may itself be a directory nib of UIKit variants (`X.nib/runtime.nib`,
            // `X.nib/objects-13.0+.nib`, ``UIKitNibVariants``): two components, each a safe file
            // name, the first a nib's and the second a variant's; any other `/` is refused.
            var folders: Set<String> = []
            for name in files.keys {
                let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                let nested =
                    kind == .storyboard && components.count == 2 && components[0].hasSuffix(".nib")
                    && (components[1] == "runtime.nib" || components[1].hasPrefix("objects-"))
                for component in nested ? components : [name] {
                    if let problem = OutputFileName.problem(with: component) {
                        throw Self.failure(
                            url.path, "the output file name \"\(OutputFileName.printable(name))\" \(problem)")
                    }
                }
                if nested { folders.insert(components[0]) }
            }
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                for folder in folders.sorted() {
                    // A symbolic link under the folder's name is replaced, never followed.
                    let path = url.appendingPathComponent(folder).path
                    if (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                        == .typeSymbolicLink
                    {
                        try FileManager.default.removeItem(atPath: path)
                    }
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                }
            } catch {
                throw Self.failure(url.path, error.localizedDescription)
            }
            for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
                try Self.writeFile(bytes, at: url.appendingPathComponent(name).path)
            }
        }
    }

    private static func failure(_ path: String, _ reason: String) -> CompileError {
        CompileError(
            code: .output, file: path, line: 0, column: 0, element: nil, message: "cannot write \(path): \(reason)")
    }

    /// Writes `bytes` to a new or truncated regular file at `path`, without following a symbolic
    /// link at `path` (one there is removed first).
    private static func writeFile(_ bytes: [UInt8], at path: String) throws(CompileError) {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC
        var descriptor = open(path, flags, 0o644)
        if descriptor < 0, errno == ELOOP {
            // A symbolic link stands where the file goes: remove the link (not what it names).
            guard unlink(path) == 0 else { throw failure(path, String(cString: strerror(errno))) }
            descriptor = open(path, flags, 0o644)
        }
        guard descriptor >= 0 else { throw failure(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure(path, String(cString: strerror(errno)))
            }
            written += result
        }
    }
}
