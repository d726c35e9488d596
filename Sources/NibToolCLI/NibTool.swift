import ArgumentParser
import Foundation

/// The `nibtool` command line interface.
///
/// Every subcommand runs against a ``CommandIO``, so tests and fuzz targets can run the tool
/// in-process with ``invoke(_:io:)`` exactly as the binary runs it.
public struct NibTool: ParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "nibtool",
        abstract: "Read, write, check and convert compiled .nib files (NIBArchive) on any platform.",
        discussion: """
            Examples:
              nibtool info Examples/Hello.nib
              nibtool dump --format nibdump Examples/Hello.nib
              nibtool convert Examples/Hello.nib hello.json
              nibtool verify --canonical Examples/*.nib

            Exit status: 0 success, 1 a check failed (verify, diff), 2 an input could not be read, parsed or written, 64 the command line was wrong. '-' stands for standard input or output wherever a file is expected.
            """,
        version: "nibtool \(NibToolVersion.current) (NibKit)",
        subcommands: [
            Info.self, Dump.self, Convert.self, Verify.self, Tree.self, Compile.self, Decompile.self, Diff.self,
            Scan.self,
            Render.self,
        ])

    /// Creates the command with default options.
    public init() {}

    /// Parses `arguments` (without the program name) and runs the command against `io`,
    /// returning the exit status instead of exiting.
    public static func invoke(_ arguments: [String], io: CommandIO) -> Int32 {
        do {
            let command = try parseAsRoot(arguments)
            if let command = command as? any IOCommand {
                try command.execute(io)
            } else {
                var command = command
                try command.run()
            }
            return ExitStatus.success
        } catch let failure as ReportedFailure {
            return failure.status
        } catch {
            let status = exitCode(for: error).rawValue
            let message = fullMessage(for: error)
            if status == ExitStatus.success {
                if !message.isEmpty { io.write(message + "\n") }
            } else {
                io.error(message)
            }
            return status
        }
    }

    /// Runs the command line with the process arguments and exits with its status.
    public static func runMain() -> Never {
        let status = invoke(Array(CommandLine.arguments.dropFirst()), io: .process)
        Foundation.exit(status)
    }
}

/// The version `nibtool --version` prints.
enum NibToolVersion {
    /// NibKit's version: the `## x.y.z` heading of CHANGELOG.md that this build belongs to, or the
    /// next one with `-dev` while changes are listed under "Unreleased".
    static let current = "0.1.0-dev"
}

/// A subcommand that does its work against a ``CommandIO``.
protocol IOCommand: ParsableCommand {
    func execute(_ io: CommandIO) throws
}

extension IOCommand {
    /// Runs against the process's streams (used when swift-argument-parser calls `run`).
    mutating func run() throws {
        do {
            try execute(.process)
        } catch let failure as ReportedFailure {
            throw ExitCode(failure.status)
        }
    }
}

/// The output formats of `info`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
