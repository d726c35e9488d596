import Foundation
import KeyedArchive
import Testing

@testable import IBToolCLI

/// Apple's command line, as ibtool(1) documents it and Xcode runs it, parsed and run without the
/// corpus (hand-written documents).
@Suite("ibtool command line")
struct IBToolCommandLineTests {
    @Test("Xcode's CompileStoryboard line parses into its options, the document after the options")
    func xcodeCompileLine() throws {
        let arguments = try IBToolArguments(
            parsing: [
                "--errors", "--warnings", "--notices", "--module", "MyApp", "--target-device", "iphone",
                "--target-device", "ipad", "--minimum-deployment-target", "15.0", "--output-partial-info-plist",
                "Main-SBPartialInfo.plist", "--auto-activate-custom-fonts", "--output-format", "human-readable-text",
                "--compilation-directory", "DerivedSources", "Main.storyboard",
            ])
        #expect(arguments.errors && arguments.warnings && arguments.notices)
        #expect(arguments.module == "MyApp")
        #expect(arguments.targetDevices == ["iphone", "ipad"])
        #expect(arguments.minimumDeploymentTarget == "15.0")
        #expect(arguments.partialInfoPlist == "Main-SBPartialInfo.plist")
        #expect(arguments.outputFormat == .humanReadableText)
        #expect(arguments.action == .compilationDirectory("DerivedSources"))
        #expect(arguments.documents == ["Main.storyboard"])
    }

    @Test("Xcode 13 and later put the document before --compilation-directory; it parses the same")
    func documentBeforeOptions() throws {
        let arguments = try IBToolArguments(
            parsing: ["--errors", "Base.lproj/Main.storyboard", "--compilation-directory", "build/Base.lproj"])
        #expect(arguments.documents == ["Base.lproj/Main.storyboard"])
        #expect(arguments.action == .compilationDirectory("build/Base.lproj"))
    }

    @Test("Xcode's LinkStoryboards line takes several compiled storyboards")
    func xcodeLinkLine() throws {
        let arguments = try IBToolArguments(
            parsing: [
                "--errors", "--warnings", "--notices", "--module", "MyApp", "--target-device", "iphone",
                "--minimum-deployment-target", "15.0", "--output-format", "human-readable-text", "--link",
                "Products/MyApp.app", "A.storyboardc", "B.storyboardc",
            ])
        #expect(arguments.action == .link("Products/MyApp.app"))
        #expect(arguments.documents == ["A.storyboardc", "B.storyboardc"])
    }

    @Test(
        "wrong command lines are errors naming the option",
        arguments: [
            (["--frobnicate", "View.xib"], IBToolArgumentError(.unknownOption, option: "--frobnicate")),
            (["View.xib", "--module"], IBToolArgumentError(.missingValue, option: "--module")),
            (["--flatten", "MAYBE"], IBToolArgumentError(.invalidValue, option: "--flatten", value: "MAYBE")),
            (
                ["--output-format", "json"],
                IBToolArgumentError(.invalidValue, option: "--output-format", value: "json")
            ),
            (["--compile", "a.nib", "--link", "b"], IBToolArgumentError(.conflictingActions, option: "--link")),
            (
                ["--companion-strings-file", "fr.strings"],
                IBToolArgumentError(.invalidValue, option: "--companion-strings-file", value: "fr.strings")
            ),
        ])
    func wrongCommandLines(arguments: [String], expected: IBToolArgumentError) {
        #expect(throws: expected) { try IBToolArguments(parsing: arguments) }
    }

    @Test("an unknown option exits 1 and reports it under com.apple.ibtool.errors")
    func unknownOptionStatus() throws {
        let run = runIBTool(["--frobnicate", "--compile", "out.nib", "in.xib"])
        #expect(run.status == 1)
        let errors = try run.propertyList()["com.apple.ibtool.errors"]
        guard case .array(let list) = errors, case .string(let description)? = list.first?["description"] else {
            Issue.record("no com.apple.ibtool.errors in \(run.outputText)")
            return
        }
        #expect(description.contains("--frobnicate"))
    }

    @Test("the ibtool binary exits non-zero on an unknown option and names it")
    func unknownOptionBinary() throws {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ibtool"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("ibtool"),
        ]
        let tool = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
        let process = Process()
        process.executableURL = tool
        process.arguments = ["--output-format", "human-readable-text", "--no-such-option", "View.xib"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains("/* com.apple.ibtool.errors */"))
        #expect(text.contains("--no-such-option"))
    }

    @Test("Mac-only options are accepted, each reported as a notice")
    func macOnlyOptions() throws {
        let folder = try scratchFolder()
        let xib = try write(Documents.labelXib, named: "View.xib", in: folder)
        let run = runIBTool([
            "--notices", "--sdk", "/Applications/Xcode.app/SDKs/iPhoneOS.sdk", "--plugin", "X.ibplugin",
            "--compile", folder.appendingPathComponent("View.nib").path, xib,
        ])
        #expect(run.status == 0, "\(run.outputText)")
        let notices = try run.propertyList()["com.apple.ibtool.document.notices"]
        guard case .dictionary(let groups) = notices, case .array(let list)? = groups.first?.value else {
            Issue.record("no notices in \(run.outputText)")
            return
        }
        let messages = list.compactMap { entry -> String? in
            if case .string(let message)? = entry["message"] { return message }
            return nil
        }
        #expect(messages.contains { $0.hasPrefix("--sdk /Applications/Xcode.app/SDKs/iPhoneOS.sdk") })
        #expect(messages.contains { $0.hasPrefix("--plugin X.ibplugin") })
    }

    @Test("--version prints com.apple.ibtool.version with bundle-version and short-bundle-version")
    func version() throws {
        let run = runIBTool(["--version"])
        #expect(run.status == 0)
        let version = try run.propertyList()["com.apple.ibtool.version"]
        guard case .string(let short)? = version?["short-bundle-version"], case .string? = version?["bundle-version"]
        else {
            Issue.record("no version in \(run.outputText)")
            return
        }
        #expect(!short.isEmpty)
    }
}
