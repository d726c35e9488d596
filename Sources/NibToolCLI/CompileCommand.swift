import ArgumentParser
import Foundation
import NibCompiler
import NibDiff

/// `nibtool compile SOURCE -o OUTPUT`: Interface Builder source → nib, like `ibtool --compile`.
struct Compile: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile a .xib to a .nib or a .storyboard to a .storyboardc, as ibtool does.",
        usage: """
            nibtool compile <source> -o <output> [--compare-with <reference>] [<options>]
            nibtool compile <source> --compare-with <reference> [--limit <limit>] [<options>]
            """,
        discussion: """
            Sources it has no rule for are rejected with the element, line and column, never compiled into a wrong nib.

            The output is a file or folder named by -o: a .xib gives a .nib file (a .nib folder with --editable), a .storyboard a .storyboardc folder. A storyboard's output must end in .storyboardc (a folder named .nib would be taken for a directory nib by every loader), and '-' is refused: compile writes files, not standard output.

            --compare-with REFERENCE compares the result structurally with another compiler's output (for example Apple's) and prints every difference; the exit status is 1 when they differ. Scripts/score-compile.sh uses it. Without -o, nothing is written.

            Examples:
              nibtool compile LaunchScreen.storyboard -o LaunchScreen.storyboardc
              nibtool compile View.xib -o View.nib --deployment-target 15.0
              nibtool compile View.xib --compare-with Apple/View.nib
            """)

    @Argument(help: "The .xib or .storyboard file, or an editable nib bundle (a .nib folder holding designable.nib).")
    var source: String

    @Option(name: [.short, .customLong("output")], help: "Where to write the .nib or .storyboardc.")
    var output: String?

    @Option(help: "The minimum deployment target, such as 15.0 (ibtool's --minimum-deployment-target).")
    var deploymentTarget: String?

    @Option(help: "The module of classes marked customModuleProvider=\"target\" (ibtool's --module).")
    var module: String?

    @Option(help: "The Xcode whose ibtool to imitate, such as 9.3 (default: the one that saved the document).")
    var xcode: Double?

    @Option(
        help: ArgumentHelp(
            "The folder holding Apple's ICC profiles that AppKit colors embed (default: /System/Library/ColorSync/Profiles on macOS).",
            valueName: "dir"))
    var colorProfiles: String?
    @Flag(
        help: """
            ibtool could not find the images the source names (as in Xamarin builds): image \
            placeholders record 1 × 1 instead of the size in <resources>.
            """)
    var imagesUnavailable = false
    @Flag(
        help: """
            The Mac that ran ibtool showed overlay scrollers: AppKit scrollers are layer-backed \
            and take no room when scroll views are tiled.
            """)
    var overlayScrollers = false
    @Option(
        help: ArgumentHelp(
            """
            The design sizes of AppKit's menu check mark and mixed-state images on the Mac that \
            ran ibtool, such as 15x13,15x4 (default: the sizes the imitated Xcode's output shows).
            """,
            valueName: "WxH,WxH"))
    var menuStateImageSizes: String?
    @Option(
        help: ArgumentHelp(
            """
            The processor of the Mac that ran ibtool, x86_64 or arm64, which numbers AppKit \
            controls' text alignment (default: x86_64 for Xcode before 14, arm64 from 14).
            """,
            valueName: "arch"))
    var buildArchitecture: BuildArchitecture?
    @Flag(
        help: """
            Refuse what NibKit can only approximate instead of writing it with a warning: colors \
            ibtool has ColorSync convert, elements no reference pair shows for the imitated Xcode \
            (compiled as the nearest modelled Xcode writes them), and text layout sizes.
            """)
    var strict = false
    @Flag(
        help: """
            Write a .xib as an editable nib bundle (ibtool's --flatten NO): a folder holding the \
            source as designable.nib beside the runnable nib.
            """)
    var editable = false

    @Option(
        help: ArgumentHelp(
            "How deeply the source's elements may nest (default 256, at most 1024; real documents nest about 35).",
            valueName: "levels"))
    var maxNestingDepth: Int = SourceDocument.defaultMaximumNestingDepth

    /// The most `--max-nesting-depth` may be. Compiling calls a function per nested view, and a
    /// release nibtool overflows the main thread's 8 MiB stack between 2,000 and 4,000 nested
    /// views (4,000 to 8,000 element levels, AppKit and UIKit alike, measured for issue 20);
    /// 1,024 levels keep a margin of four and are thirty times what real documents nest.
    static let maximumNestingDepthOption = 1_024

    @Option(
        name: .customLong("max-entries-per-kb"),
        help: ArgumentHelp(
            "Elements, archived objects and warnings the compile may make per KiB of source (default 64, plus 4096).",
            discussion:
                "Real documents make at most 42 per KiB; a crafted source that makes more stops with a limit-exceeded error instead of taking memory far beyond its size.",
            valueName: "N"))
    var maxEntriesPerKB: Int = NibCompiler.Options().maximumEntriesPerKilobyte

    @Option(
        help: ArgumentHelp(
            "Compare the result structurally with this compiled output (exit status 1 when they differ).",
            valueName: "reference"))
    var compareWith: String?

    @Option(help: ArgumentHelp("Print at most this many differences (with --compare-with)."))
    var limit: Int = 40

    /// Bounds the comparison's work (with --compare-with), as `diff`'s does.
    @OptionGroup var expansion: ExpansionOption

    /// `3 warnings (2 unmodelled-attribute, 1 color-conversion), 1 error`, or `nil` when there
    /// is nothing to count. The warnings past the kept ones (`omitted`, by kind) count too.
    static func summary(
        _ warnings: [CompileWarning], omitted: [CompileWarning.Kind: Int] = [:], errors: Int
    ) -> String? {
        var counts: [String: Int] = [:]
        for warning in warnings { counts[warning.kind.rawValue, default: 0] += 1 }
        for (kind, count) in omitted { counts[kind.rawValue, default: 0] += count }
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return nil }
        let kinds = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
        let plural = total == 1 ? "warning" : "warnings"
        return "\(total) \(plural) (\(kinds.joined(separator: ", ")))"
            + (errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : "")
    }

    /// Prints the kept warnings, a line for the ones not kept, and the summary.
    static func report(
        _ warnings: [CompileWarning], omitted: [CompileWarning.Kind: Int], errors: Int, error: CompileError?,
        to io: CommandIO
    ) {
        for warning in warnings { io.error("nibtool: \(warning)") }
        let notListed = omitted.values.reduce(0, +)
        if notListed > 0 {
            io.error(
                "nibtool: \(notListed) more warning\(notListed == 1 ? "" : "s") not listed (only the first "
                    + "\(warnings.count) are kept; the summary counts them all)")
        }
        if let error { io.error("nibtool: \(error)") }
        if let summary = summary(warnings, omitted: omitted, errors: errors) { io.error("nibtool: \(summary)") }
    }

    func validate() throws {
        if output == nil && compareWith == nil {
            throw ValidationError("Give an output with -o OUTPUT.")
        }
        if output == "-" {
            throw ValidationError(
                "compile writes files and folders, not standard output: name the output, such as -o View.nib "
                    + "or -o Main.storyboardc")
        }
        if let output, URL(fileURLWithPath: source).pathExtension.lowercased() == "storyboard",
            URL(fileURLWithPath: output).pathExtension.lowercased() != "storyboardc"
        {
            let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
            throw ValidationError(
                "a storyboard compiles to a .storyboardc folder, not \"\(output)\": name the output "
                    + "\(name).storyboardc")
        }
        guard maxEntriesPerKB >= 0 else { throw ValidationError("--max-entries-per-kb must be 0 or more") }
        guard maxNestingDepth <= Self.maximumNestingDepthOption else {
            throw ValidationError(
                "--max-nesting-depth must be at most \(Self.maximumNestingDepthOption): deeper sources would exhaust the stack"
            )
        }
        if let menuStateImageSizes, MenuStateImageSizes(parsing: menuStateImageSizes) == nil {
            throw ValidationError("--menu-state-image-sizes takes two sizes such as 15x13,15x4.")
        }
    }

    func execute(_ io: CommandIO) throws {
        var options = NibCompiler.Options(deploymentTarget: deploymentTarget, module: module)
        options.xcode = xcode.map(XcodeEra.init)
        if let colorProfiles { options.colorProfiles = URL(fileURLWithPath: colorProfiles, isDirectory: true) }
        options.imagesAvailable = !imagesUnavailable
        options.overlayScrollers = overlayScrollers
        options.menuStateImageSizes = menuStateImageSizes.flatMap(MenuStateImageSizes.init(parsing:))
        options.buildArchitecture = buildArchitecture
        options.approximations = strict ? .refuse : .warn
        options.maximumNestingDepth = maxNestingDepth
        options.maximumEntriesPerKilobyte = maxEntriesPerKB
        options.flatten = !editable
        let compiler = NibCompiler(options: options)
        let compiled: CompiledNib
        do {
            compiled = try compiler.compile(contentsOf: URL(fileURLWithPath: source))
        } catch {
            Self.report(error.warnings, omitted: error.omittedWarnings, errors: 1, error: error, to: io)
            throw ReportedFailure(status: ExitStatus.inputError)
        }
        Self.report(compiled.warnings, omitted: compiled.omittedWarnings, errors: 0, error: nil, to: io)
        if let output {
            do {
                try compiled.write(to: URL(fileURLWithPath: output))
            } catch {
                throw FileAccess(io: io).fail(output, error.message)
            }
        }
        guard let compareWith else { return }
        let reference: [String: [UInt8]]
        do {
            reference = try FileTreeComparison.files(at: URL(fileURLWithPath: compareWith))
        } catch {
            throw FileAccess(io: io).fail(
                compareWith, "cannot read the reference: \((error as NSError).localizedDescription)")
        }
        var comparisonOptions = StructuralComparison.Options()
        comparisonOptions.expansion = expansion.limit
        let differences = FileTreeComparison(comparison: StructuralComparison(options: comparisonOptions))
            .differences(between: reference, and: compiled.files)
        for difference in differences.prefix(limit) {
            io.write("- \(difference)\n")
        }
        for difference in differences {
            io.write("category: \(difference.difference.category)\n")
        }
        if !differences.isEmpty {
            io.write("\(counted(differences.count, "difference"))\n")
            throw ReportedFailure(status: ExitStatus.checkFailed)
        }
        io.write("identical\n")
    }
}

extension BuildArchitecture: ExpressibleByArgument {}
