import Foundation

/// The buffered streams of one in-process command run.
public final class CommandOutput: @unchecked Sendable {
    /// Standard output.
    public var output: [UInt8] = []
    /// Standard error.
    public var error = ""

    /// Creates empty buffers.
    public init() {}
}

/// A scratch file for inputs that a command reads by path, one per process and name.
public func scratchFile(_ name: String, _ bytes: [UInt8]) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "nibkit-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
    return url.path
}

/// Traps when terminal output from a command holds a control character other than newline
/// and tab, or a bidirectional override: strings from the input must be escaped.
public func requireEscaped(_ output: [UInt8], _ command: String) {
    let text = String(decoding: output, as: UTF8.self)
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0A, 0x09: continue
        case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
            fatalError("\(command) printed U+\(String(scalar.value, radix: 16)) unescaped")
        default: continue
        }
    }
}
