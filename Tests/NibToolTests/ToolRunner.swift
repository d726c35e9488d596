import Foundation
import NibToolCLI

/// Runs `nibtool` in-process with buffered standard streams.
struct ToolRun {
    var status: Int32
    var output: [UInt8]
    var error: String
    var outputText: String { String(decoding: output, as: UTF8.self) }
}

func runTool(_ arguments: [String], stdin: [UInt8] = [], outputIsTerminal: Bool = false) -> ToolRun {
    let box = OutputBox()
    let io = CommandIO(
        readInput: { stdin }, writeOutput: { box.output += $0 }, writeError: { box.error += $0 },
        outputIsTerminal: outputIsTerminal)
    let status = NibTool.invoke(arguments, io: io)
    return ToolRun(status: status, output: box.output, error: box.error)
}

private final class OutputBox: @unchecked Sendable {
    var output: [UInt8] = []
    var error = ""
}

/// The repository's `Examples/` folder.
let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

/// A fresh temporary folder for one test.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("nibtool-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The built `nibtool` binary beside the test bundle.
var builtTool: URL? {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("nibtool"),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("nibtool"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs the built binary and returns its status, standard output and standard error.
func runBinary(_ arguments: [String], stdin: Data = Data(), in directory: URL? = nil) throws -> (
    status: Int32, output: Data, error: String
) {
    guard let tool = builtTool else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = tool
    if let directory { process.currentDirectoryURL = directory }
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(stdin)
    try input.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, outputData, String(decoding: errorData, as: UTF8.self))
}
