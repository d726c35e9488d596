import Foundation

/// Where a command reads standard input and writes its output: the process's streams, or
/// buffers when a test or fuzz target runs a command in-process.
public final class CommandIO: @unchecked Sendable {
    private let readInput: () throws -> [UInt8]
    private let writeOutput: ([UInt8]) -> Void
    private let writeError: (String) -> Void
    /// Whether standard output is a terminal (colors and progress only then).
    public let outputIsTerminal: Bool
    /// Whether standard error is a terminal.
    public let errorIsTerminal: Bool

    /// Creates an IO that reads and writes through the given closures.
    public init(
        readInput: @escaping () throws -> [UInt8], writeOutput: @escaping ([UInt8]) -> Void,
        writeError: @escaping (String) -> Void, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false
    ) {
        self.readInput = readInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard streams.
    public static let process = CommandIO(
        readInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
        writeOutput: { bytes in FileHandle.standardOutput.write(Data(bytes)) },
        writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
        outputIsTerminal: isatty(STDOUT_FILENO) != 0, errorIsTerminal: isatty(STDERR_FILENO) != 0)

    /// All of standard input.
    public func readStandardInput() throws -> [UInt8] { try readInput() }
    /// Writes bytes to standard output.
    public func write(_ bytes: [UInt8]) { writeOutput(bytes) }
    /// Writes text to standard output.
    public func write(_ text: String) { writeOutput(Array(text.utf8)) }
    /// Writes one line to standard error.
    public func error(_ line: String) { writeError(line.hasSuffix("\n") ? line : line + "\n") }
}

/// A failure that the command has already reported on standard error; carries the exit status.
struct ReportedFailure: Error {
    var status: Int32
}

/// The exit statuses of `nibtool`, documented in the README.
public enum ExitStatus {
    /// Success; for `verify`, every file passed.
    public static let success: Int32 = 0
    /// A check did not pass: `verify` found a failing file.
    public static let checkFailed: Int32 = 1
    /// An input could not be read or parsed, or an output could not be written.
    public static let inputError: Int32 = 2
    /// The command line was wrong (swift-argument-parser's usage status).
    public static let usage: Int32 = 64
}

/// Reading and writing the files commands name, with `-` for standard input and output.
struct FileAccess {
    let io: CommandIO

    /// The largest input a command reads (a NIBArchive cannot be larger; JSON and property
    /// lists of that size are far beyond any real nib).
    static let maximumInputSize = 1 << 30

    func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return try io.readStandardInput() }
        // What the path is, before reading: a device such as /dev/zero never ends, and a
        // directory or missing file deserves its own message rather than a permission error.
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw fail(path, "cannot read the file: \(reason)")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard Int(status.st_size) <= Self.maximumInputSize else {
                throw fail(
                    path,
                    "cannot read the file: it is \(status.st_size) bytes, over the limit of \(Self.maximumInputSize)")
            }
        case S_IFDIR:
            throw fail(path, "cannot read the file: it is a folder")
        case S_IFIFO:
            return try readStream(path)
        default:
            throw fail(path, "cannot read the file: it is not a regular file (a device or socket)")
        }
        return try readRegularFile(path, size: Int(status.st_size))
    }

    /// A regular file's bytes, read straight into one array (a mapped `Data` copied into an
    /// array held the file twice in resident memory).
    private func readRegularFile(_ path: String, size: Int) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw fail(path, "cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail(path, "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            // The file may grow while it is read.
            guard bytes.count <= Self.maximumInputSize else {
                throw fail(path, "cannot read the file: it is over the limit of \(Self.maximumInputSize) bytes")
            }
        }
    }

    /// A pipe (`<(…)`), read up to ``maximumInputSize`` bytes.
    private func readStream(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw fail(path, "cannot read the file: \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                bytes += chunk
                guard bytes.count <= Self.maximumInputSize else {
                    throw fail(path, "cannot read the file: it is over the limit of \(Self.maximumInputSize) bytes")
                }
            }
        } catch let failure as ReportedFailure {
            throw failure
        } catch {
            throw fail(path, "cannot read the file: \(describe(error))")
        }
        return bytes
    }

    func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path) { emit in try emit(bytes) }
    }

    /// Writes what `produce` hands to its `emit` closure, piece by piece, so that an output
    /// several times the input's size (JSON) is never held whole. A file is written under a
    /// temporary name in the same folder and renamed over `path` once complete (nothing is left
    /// at `path` when writing fails); `-` writes each piece to standard output as it comes, or,
    /// with `holdingStandardOutput` (for outputs that may fail part way), all of it at the end.
    func write(
        to path: String, holdingStandardOutput: Bool = false,
        _ produce: (_ emit: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        if path == "-" {
            guard holdingStandardOutput else {
                try produce { bytes in io.write(bytes) }
                return
            }
            var whole: [UInt8] = []
            try produce { bytes in whole += bytes }
            io.write(whole)
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary =
            url.deletingLastPathComponent().appendingPathComponent(
                ".\(url.lastPathComponent).nibtool-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            ).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw fail(path, "cannot write the file: \(String(cString: strerror(errno)))") }
        var complete = false
        defer { if !complete { unlink(temporary) } }
        do {
            try produce { bytes in try Self.writeAll(bytes, to: descriptor) }
        } catch let error as WriteFailure {
            close(descriptor)
            throw fail(path, "cannot write the file: \(String(cString: strerror(error.code)))")
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            throw fail(path, "cannot write the file: \(String(cString: strerror(errno)))")
        }
        complete = true
    }

    /// A `write(2)` that failed, with its `errno`.
    private struct WriteFailure: Error {
        var code: Int32
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(WriteFailure) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteFailure(code: errno)
            }
            done += written
        }
    }

    /// Reports `message` about `path` as one line on standard error and returns the failure.
    func fail(_ path: String, _ message: String, status: Int32 = ExitStatus.inputError) -> ReportedFailure {
        io.error("nibtool: \(path == "-" ? "<stdin>" : path): \(message)")
        return ReportedFailure(status: status)
    }

    private func describe(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
