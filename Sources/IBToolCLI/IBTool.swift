import Foundation
import KeyedArchive
import NibCompiler
import NibToolCLI

/// `ibtool` on Linux: Apple's command line (ibtool(1), and the lines Xcode runs) over the same
/// compiler as `nibtool compile`.
///
/// ```
/// ibtool --compile View.nib View.xib
/// ibtool --errors --warnings --notices --module App --output-partial-info-plist Main-SBPartialInfo.plist \
///   --output-format human-readable-text --compilation-directory build/Base.lproj Base.lproj/Main.storyboard
/// ibtool --errors --warnings --notices --output-format human-readable-text \
///   --link Products/App.app build/Base.lproj/Main.storyboardc
/// ibtool --export-strings-file Main.strings Base.lproj/Main.storyboard
/// ```
///
/// Results go to standard output as ibtool prints them (an XML property list unless
/// `--output-format` says otherwise); the exit status is 0 when every document compiled, 1 when
/// one failed or the command line was wrong. Runs in-process against a ``CommandIO`` with
/// ``invoke(_:io:)``, as tests do.
public enum IBTool {
    /// The Xcode whose `ibtool --version` NibKit answers with: the newest whose output the
    /// reference pairs show (documents still compile as the Xcode that saved them).
    static let imitatedVersion = "13.0"

    /// Runs the command line `arguments` (without the program name) against `io` and returns the
    /// exit status.
    public static func invoke(_ arguments: [String], io: CommandIO) -> Int32 {
        let parsed: IBToolArguments
        do {
            parsed = try IBToolArguments(parsing: arguments)
        } catch {
            var report = IBToolReport()
            report.toolErrors.append((nil, error.description))
            io.write(report.rendered(requestedFormat(in: arguments), showing: []))
            return failureStatus
        }
        var run = Run(arguments: parsed, io: io)
        run.perform()
        io.write(run.report.rendered(parsed.outputFormat, showing: run.shown))
        return run.failed ? failureStatus : 0
    }

    /// Runs the command line with the process arguments and exits with its status.
    public static func runMain() -> Never {
        exit(invoke(Array(CommandLine.arguments.dropFirst()), io: .process))
    }

    /// The exit status of a failed document or a wrong command line.
    static let failureStatus: Int32 = 1

    /// The `--output-format` of a command line that could not be parsed, so that its error is
    /// printed the way the caller reads results.
    private static func requestedFormat(in arguments: [String]) -> IBToolArguments.OutputFormat {
        guard let at = arguments.lastIndex(of: "--output-format"), at + 1 < arguments.count else { return .xml1 }
        return IBToolArguments.OutputFormat(rawValue: arguments[at + 1]) ?? .xml1
    }
}

/// One run: the documents handled in order, findings collected in ``report``.
private struct Run {
    let arguments: IBToolArguments
    let io: CommandIO
    var report = IBToolReport()
    var failed = false

    init(arguments: IBToolArguments, io: CommandIO) {
        self.arguments = arguments
        self.io = io
    }

    var shown: Set<IBToolReport.Severity> {
        var set: Set<IBToolReport.Severity> = []
        if arguments.errors { set.insert(.error) }
        if arguments.warnings { set.insert(.warning) }
        if arguments.notices { set.insert(.notice) }
        return set
    }

    mutating func perform() {
        if arguments.printVersion {
            report.sections.append(
                PropertyList.Entry(
                    "com.apple.ibtool.version",
                    .dictionary([
                        PropertyList.Entry("bundle-version", .string(IBTool.imitatedVersion)),
                        PropertyList.Entry("short-bundle-version", .string(IBTool.imitatedVersion)),
                    ])))
        }
        for option in arguments.ignored {
            report.notice("\(option) is accepted and ignored: it only matters to ibtool on a Mac", path: "ibtool")
        }
        if arguments.documents.isEmpty {
            if !arguments.printVersion { toolError(nil, "No input document was given.") }
            return
        }
        switch arguments.action {
        case .link(let folder):
            for document in arguments.documents { link(document, into: folder) }
        case .strip(let output):
            guard arguments.documents.count == 1 else { return toolError(nil, "--strip takes one nib.") }
            strip(arguments.documents[0], to: output)
        case .compile(let output):
            guard arguments.documents.count == 1 else { return toolError(nil, "--compile takes one document.") }
            handle(arguments.documents[0], output: output)
        case .compilationDirectory(let folder):
            for document in arguments.documents {
                let url = URL(fileURLWithPath: document)
                let stem = url.deletingPathExtension().lastPathComponent
                let suffix = url.pathExtension == "storyboard" ? ".storyboardc" : ".nib"
                if let problem = OutputFileName.problem(with: stem + suffix) {
                    toolError(document, "the output name \"\(OutputFileName.printable(stem + suffix))\" \(problem)")
                    continue
                }
                handle(document, output: URL(fileURLWithPath: folder).appendingPathComponent(stem + suffix).path)
            }
        case nil:
            for document in arguments.documents { handle(document, output: nil) }
        }
    }

    private mutating func toolError(_ path: String?, _ description: String) {
        report.toolErrors.append((path, description))
        failed = true
    }

    /// Reads, prints, exports and compiles one source document.
    private mutating func handle(_ path: String, output: String?) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return toolError(path, "The document could not be read: \(error.localizedDescription)")
        }
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let wantsSource =
            arguments.exportStringsFile != nil || arguments.printObjects || arguments.printHierarchy
            || arguments.printConnections || arguments.printClasses
        if wantsSource {
            do {
                let document = try SourceDocument(parsing: data, fileName: fileName)
                describe(document)
                if let stringsPath = arguments.exportStringsFile {
                    write(StringsFile.render(document.localizableStrings()), to: stringsPath)
                }
            } catch {
                fail(error, path: path)
                return
            }
        }
        guard let output else { return }
        compile(path, to: output)
    }

    private mutating func describe(_ document: SourceDocument) {
        let printers: [(Bool, String, (SourceDocument) -> PropertyList)] = [
            (arguments.printObjects, "objects", SourcePrinter.objects),
            (arguments.printHierarchy, "hierarchy", SourcePrinter.hierarchy),
            (arguments.printConnections, "connections", SourcePrinter.connections),
            (arguments.printClasses, "classes", SourcePrinter.classes),
        ]
        for (requested, name, print) in printers where requested {
            report.sections.append(PropertyList.Entry("com.apple.ibtool.document.\(name)", print(document)))
        }
    }

    /// The compiler options the command line asks for.
    private mutating func options() -> NibCompiler.Options? {
        var options = NibCompiler.Options(deploymentTarget: arguments.minimumDeploymentTarget, module: arguments.module)
        options.flatten = arguments.flatten
        if let companion = arguments.companionStrings {
            do {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: companion.path))
                options.localizedStrings = try StringsFile.parse([UInt8](bytes))
            } catch {
                toolError(
                    companion.path,
                    "The companion strings file for \"\(companion.language)\" could not be read: \(error)")
                return nil
            }
        }
        return options
    }

    private mutating func compile(_ path: String, to output: String) {
        guard let options = options() else { return }
        if !options.flatten, path.hasSuffix(".storyboard") {
            report.notice(
                "--flatten NO makes editable nibs of .xib documents; a storyboard compiles to a .storyboardc",
                path: path)
        }
        let compiled: CompiledNib
        do {
            compiled = try NibCompiler(options: options).compile(contentsOf: URL(fileURLWithPath: path))
        } catch {
            fail(error, path: path)
            return
        }
        for warning in compiled.warnings { report.add(warning, path: path) }
        report.addOmitted(compiled.omittedWarnings, path: path)
        do {
            try compiled.write(to: URL(fileURLWithPath: output))
        } catch {
            return toolError(output, error.message)
        }
        if let partial = arguments.partialInfoPlist {
            // ibtool leaves the app's Info.plist keys to the build: Xcode's templates set
            // UIMainStoryboardFile and UILaunchStoryboardName through INFOPLIST_KEY_ build
            // settings, not through this file. What it adds is the document's custom fonts
            // when asked to activate them (ibtool(1) and build systems' documentation of
            // --auto-activate-custom-fonts: "add custom fonts to the application's
            // Info.plist"), under UIAppFonts, the iOS key for fonts an app provides.
            var entries: [PropertyList.Entry] = []
            if arguments.autoActivatesCustomFonts, let fonts = Self.customFontFiles(atPath: path), !fonts.isEmpty {
                entries.append(PropertyList.Entry("UIAppFonts", .array(fonts.map { .string($0) })))
            }
            write((try? PropertyList.dictionary(entries).serialized(as: .xml)) ?? [], to: partial)
        }
    }

    /// The font files an iOS document names in its `<customFonts>` (the keys of its arrays:
    /// `<array key="AGaramondPro-Regular.otf">`), sorted; `nil` for an AppKit document, whose
    /// Info.plist names a fonts folder instead, or one that cannot be read.
    static func customFontFiles(atPath path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path),
            let document = try? SourceDocument(parsing: data, fileName: (path as NSString).lastPathComponent),
            (try? document.runtime()) == .iOS
        else { return nil }
        let arrays = document.root.child("customFonts", key: "customFonts")?.children(named: "array") ?? []
        return Set(arrays.compactMap { $0["key"] }).sorted()
    }

    /// A document that failed: its warnings, then the error; the error also as a tool error
    /// when `--errors` did not ask for document errors, so that it is never silent.
    private mutating func fail(_ error: CompileError, path: String) {
        for warning in error.warnings { report.add(warning, path: path) }
        report.addOmitted(error.omittedWarnings, path: path)
        report.add(error, path: path)
        if !arguments.errors { report.toolErrors.append((path, "\(error.message) [\(error.code)]")) }
        failed = true
    }

    private mutating func write(_ bytes: [UInt8], to path: String) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            toolError(path, "The file could not be written: \(error.localizedDescription)")
        }
    }

    /// `--link`: copies a compiled `.storyboardc` into `folder`, inside the `.lproj` folder it
    /// came from, as Xcode's LinkStoryboards step puts `Base.lproj/Main.storyboardc` in the app.
    private mutating func link(_ path: String, into folder: String) {
        let source = URL(fileURLWithPath: path)
        var destination = URL(fileURLWithPath: folder, isDirectory: true)
        let parent = source.deletingLastPathComponent().lastPathComponent
        for component in (parent.hasSuffix(".lproj") ? [parent] : []) + [source.lastPathComponent] {
            if let problem = OutputFileName.problem(with: component) {
                return toolError(path, "the output name \"\(OutputFileName.printable(component))\" \(problem)")
            }
            destination.appendPathComponent(component)
        }
        guard let files = readFlatFolder(source, nibs: true) else { return }
        do {
            try CompiledNib(kind: .storyboard, files: files).write(to: destination)
        } catch {
            toolError(path, error.message)
        }
    }

    /// `--strip`: NibKit's nibs hold no design-time content, so the nib is written unchanged.
    private mutating func strip(_ path: String, to output: String) {
        let source = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return toolError(path, "The nib could not be read.")
        }
        report.notice("the nib holds no design-time content; written unchanged", path: path)
        if isDirectory.boolValue {
            guard let files = readFlatFolder(source) else { return }
            do {
                try CompiledNib(kind: .nibDirectory, files: files).write(to: URL(fileURLWithPath: output))
            } catch {
                toolError(path, error.message)
            }
        } else if let bytes = try? Data(contentsOf: source) {
            write([UInt8](bytes), to: output)
        } else {
            toolError(path, "The nib could not be read.")
        }
    }

    /// The regular files of a compiled folder (`.storyboardc`, directory nib), which holds no
    /// sub-folders but, in a `.storyboardc` (`nibs`), directory nibs (`X.nib/runtime.nib`,
    /// `X.nib/objects-13.0+.nib`: `UIKitNibVariants`), read as `X.nib/NAME`.
    private mutating func readFlatFolder(_ url: URL, nibs: Bool = false) -> [String: [UInt8]]? {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            toolError(url.path, "The compiled folder could not be read: \(error.localizedDescription)")
            return nil
        }
        var files: [String: [UInt8]] = [:]
        for name in names {
            let file = url.appendingPathComponent(name)
            let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey])
            if nibs, name.hasSuffix(".nib"), values?.isDirectory == true, values?.isSymbolicLink != true {
                guard let inner = readFlatFolder(file) else { return nil }
                for (innerName, bytes) in inner { files[name + "/" + innerName] = bytes }
                continue
            }
            guard values?.isRegularFile == true, let bytes = try? Data(contentsOf: file) else {
                toolError(file.path, "is not a file of a compiled nib")
                return nil
            }
            files[name] = [UInt8](bytes)
        }
        return files
    }
}
