import Foundation
import NibArchive

/// Compiles Interface Builder sources (`.xib`, `.storyboard`) to nibs the way Apple's
/// `ibtool --compile` does.
///
/// ```swift
/// let output = try NibCompiler().compile(contentsOf: URL(fileURLWithPath: "LaunchScreen.storyboard"))
/// try output.write(to: URL(fileURLWithPath: "LaunchScreen.storyboardc"))
/// ```
///
/// Anything the compiler has no rule for is a ``CompileWarning`` naming the element, its line
/// and column, and the output is the best nib the rules give: the part is left out, or an
/// unknown element is archived as its nearest known class. With
/// ``Options/approximations`` set to `.refuse`, every such warning is also an error, and the
/// compile fails after reporting them all.
public struct NibCompiler: Sendable {
    /// What ibtool varies its output on.
    public struct Options: Sendable {
        /// The minimum deployment target, such as `"12.0"`; `nil` for the document's own
        /// (`<deployment version>`) or ibtool's default. A macOS target before 10.13 makes a
        /// directory nib with a keyed-archive variant (see `AppKitNibVariants`); an iOS target
        /// before the release that decodes something the document uses makes each nib a
        /// directory of `runtime.nib` and `objects-<V>+.nib` (see `UIKitNibVariants`).
        public var deploymentTarget: String?
        /// The module that `customModuleProvider="target"` classes belong to (`--module`).
        public var module: String?
        /// Whether strings are localizable (`NSLocalizableString`); `nil` decides by whether the
        /// source lives in `Base.lproj`, as ibtool does.
        public var baseLocalized: Bool?
        /// The Xcode whose ibtool to imitate; `nil` for the one that saved the document.
        public var xcode: XcodeEra?
        /// The folder holding Apple's ICC profiles ("Generic Gray Gamma 2.2 Profile.icc",
        /// "sRGB Profile.icc"), which AppKit colors embed. Defaults to
        /// `/System/Library/ColorSync/Profiles` when it exists (on macOS); without it, AppKit
        /// colors that need a profile are a ``CompileError``.
        public var colorProfiles: URL? = ColorProfiles.systemDirectory
        /// Whether ibtool could find the images the source names. When it could not (Xamarin
        /// builds compile storyboards away from the app's images), image placeholders record
        /// 1 × 1 instead of the size cached in `<resources>`.
        public var imagesAvailable = true
        /// Whether the Mac that ran ibtool showed overlay scrollers (its "Show scroll bars"
        /// setting): AppKit scrollers are then layer-backed (`NSViewIsLayerTreeHost` without
        /// `wantsLayer`) and take no room when ibtool tiles a scroll view. The source does not
        /// record it; the default is legacy scrollers.
        public var overlayScrollers = false
        /// The design sizes AppKit gave its menu check mark and mixed-state images on the Mac
        /// that ran ibtool (they follow its macOS, not the Xcode: two documents saved by Xcode
        /// 14.2 show {18, 16} and a third {15, 13}); `nil` for the sizes the imitated Xcode's
        /// pairs show (`MenuRule`). The source does not record them.
        public var menuStateImageSizes: MenuStateImageSizes?
        /// The processor of the Mac that ran ibtool, which numbers AppKit controls' text
        /// alignment (``BuildArchitecture``); `nil` for the one the imitated Xcode's nibs show
        /// (Intel before Xcode 14, Apple silicon from 14). The source does not record it.
        public var buildArchitecture: BuildArchitecture?
        /// Whether the compiler may write values it can only approximate (each with a
        /// ``CompileWarning``) or must refuse them (``CompileError/Code/approximationRefused``).
        public var approximations = Approximations.warn
        /// How deeply the source's elements may nest (``SourceDocument/defaultMaximumNestingDepth``,
        /// 256; real documents nest about 35); deeper sources are a
        /// ``CompileError/Code/limitExceeded`` error instead of exhausting the stack.
        public var maximumNestingDepth = SourceDocument.defaultMaximumNestingDepth
        /// How much a compile may make, per KiB of source: the source's elements, the objects
        /// archived and the warnings recorded count one entry each, and past this many per KiB
        /// plus ``entryBaseline`` the compile stops with ``CompileError/Code/limitExceeded``
        /// (`nibtool compile --max-entries-per-kb`). The default, 64 (one entry per 16 bytes),
        /// is above what any real document makes (at most 42 per KiB in the corpus) and
        /// keeps a crafted source's memory within about 20 times its size.
        public var maximumEntriesPerKilobyte = 64
        /// Entries every compile may make whatever its source's size, so small documents are
        /// never refused.
        public static let entryBaseline = 4_096
        /// Translations to compile in, by `<ObjectID>.<property>` (a `.strings` file, ibtool's
        /// `--companion-strings-file`): each localizable string of the document whose key is in
        /// the table takes the table's text before the document is compiled
        /// (``SourceDocument/applyLocalizedStrings(_:)``); `nil` compiles the document's own text.
        public var localizedStrings: [String: String]?
        /// Whether a `.xib` compiles to a nib that is only runnable (`true`, ibtool's default
        /// `--flatten YES`) or to one that is also editable (`false`, `--flatten NO`): an
        /// Interface Builder nib bundle, the directory `X.nib/` holding the source as
        /// `designable.nib` beside the runnable nib (see ``CompiledNib/Kind/nibDirectory``).
        /// Storyboards always compile to a `.storyboardc`.
        public var flatten = true

        /// Creates options with ibtool's defaults.
        public init(deploymentTarget: String? = nil, module: String? = nil, baseLocalized: Bool? = nil) {
            self.deploymentTarget = deploymentTarget
            self.module = module
            self.baseLocalized = baseLocalized
        }
    }

    /// What the compiler does where it can reproduce ibtool's output only approximately.
    ///
    /// Three things are approximated, each reported as a ``CompileWarning`` of its
    /// ``CompileWarning/Kind``:
    /// - **Color conversions.** In iOS documents saved color-matched (Xcode 8 and later), ibtool
    ///   archives calibrated RGB and Display P3 colors converted by ColorSync to extended sRGB,
    ///   and AppKit custom sRGB colors carry ColorSync's calibrated components. NibKit converts
    ///   them with the color spaces' ICC colorants and transfer curves: within 2.4e-7 of
    ///   Apple's float32 components on iOS, 8e-8 on AppKit (measured on the corpus pairs, see
    ///   docs/COMPILE.md, "Color matching (iOS)").
    /// - **The nearest modelled Xcode.** Each rule models the Xcodes whose output the reference
    ///   pairs show. An element outside that range (a document saved by a newer Xcode than any
    ///   pair, or an element an old Xcode's pairs never use) is compiled as the nearest
    ///   modelled Xcode writes it.
    /// - **Text layout.** A text view archives the size its text lays out to; without the
    ///   font's glyph metrics NibKit assumes one line of the font's height (UIKit lays the text
    ///   out again when the view is shown).
    public enum Approximations: Sendable {
        /// Write the approximation and report a ``CompileWarning`` in ``CompiledNib/warnings``.
        case warn
        /// Refuse with a ``CompileError``: only nibs whose every value NibKit can reproduce
        /// as the reference pairs show are written.
        case refuse
    }

    /// The options in effect.
    public var options: Options

    /// Creates a compiler.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Compiles the source file at `url`: a `.xib` or `.storyboard`, or an Interface Builder nib
    /// bundle (a directory `X.nib/` whose `designable.nib` is the source, as Interface Builder
    /// saves editable nibs and `ibtool --flatten NO` writes them).
    public func compile(contentsOf url: URL) throws(CompileError) -> CompiledNib {
        var source = url
        var fileName = url.lastPathComponent
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            source = url.appendingPathComponent(Self.designableFileName)
            fileName = url.lastPathComponent + "/" + Self.designableFileName
        }
        let data: Data
        do {
            data = try Data(contentsOf: source)
        } catch {
            throw CompileError(
                code: .unreadable, file: fileName, line: 0, column: 0, element: nil,
                message: "cannot read the source: \(error.localizedDescription)")
        }
        let inBase = url.deletingLastPathComponent().lastPathComponent == "Base.lproj"
        return try compile(data, fileName: fileName, isBaseLocalized: options.baseLocalized ?? inBase)
    }

    /// The source inside an Interface Builder nib bundle (adium's `LogViewer.nib/designable.nib`,
    /// pyobjc's example `MainMenu.nib/designable.nib`).
    static let designableFileName = "designable.nib"

    /// Compiles a source held in memory; `fileName` is used in errors.
    public func compile(_ data: Data, fileName: String, isBaseLocalized: Bool = false) throws(CompileError)
        -> CompiledNib
    {
        let budget = CompileBudget(
            perKilobyte: options.maximumEntriesPerKilobyte, baseline: Options.entryBaseline, sourceSize: data.count,
            fileName: fileName)
        return try ArchiveArena.run(budget: budget) { () throws(CompileError) in
            try compileDocument(data, fileName: fileName, isBaseLocalized: isBaseLocalized)
        }
    }

    private func compileDocument(_ data: Data, fileName: String, isBaseLocalized: Bool) throws(CompileError)
        -> CompiledNib
    {
        var document = try SourceDocument(
            parsing: data, fileName: fileName, maximumNestingDepth: options.maximumNestingDepth,
            budget: CompileBudget.current)
        // An editable nib bundle (`--flatten NO`) is what Interface Builder saves, and its
        // keyedobjects hold plain strings: scribendi ×5 and AVRFuses ×2, all in Base.lproj.
        document.isBaseLocalized = options.baseLocalized ?? (isBaseLocalized && options.flatten)
        if let localizedStrings = options.localizedStrings { document.applyLocalizedStrings(localizedStrings) }
        document.module = options.module
        if let xcode = options.xcode {
            document.era = xcode
            document.builtBy = xcode
        }
        document.imagesAvailable = options.imagesAvailable
        document.overlayScrollers = options.overlayScrollers
        document.menuStateImageSizes = options.menuStateImageSizes
        document.buildArchitecture = options.buildArchitecture
        document.diagnostics.approximations = options.approximations
        do throws(CompileError) {
            if LegacyArchive.isLegacy(document.root),
                try LegacyArchive.platform(of: document.root, fileName: fileName) == .cocoaTouch
            {
                // Cocoa Touch archives become the document Xcode upgrades them to; Cocoa ones
                // are compiled as archives (compileArchives).
                let archive = try LegacyArchive(document.root, fileName: fileName)
                document.root = try LegacyCocoaTouchUpgrade(
                    archive: archive, fileName: fileName, diagnostics: document.diagnostics
                ).document()
                if options.xcode == nil { document.era = XcodeEra(document: document.root) }
            }
            var nib = try compileArchives(document)
            try CompileBudget.checkCurrent()
            if !options.flatten, !document.isStoryboard {
                nib = try Self.editable(nib, source: data, runtime: try document.runtime())
            }
            let refusals = document.diagnostics.refusals
            if var first = refusals.first {
                // --strict: the whole document was looked at; fail with the first problem.
                first.message += refusals.count > 1 ? " (the first of \(refusals.count) problems)" : ""
                throw first
            }
            nib.warnings = document.diagnostics.warnings
            nib.omittedWarnings = document.diagnostics.omittedWarnings
            return nib
        } catch {
            var failure = error
            failure.warnings = document.diagnostics.warnings
            failure.omittedWarnings = document.diagnostics.omittedWarnings
            throw failure
        }
    }

    private func compileArchives(_ document: SourceDocument) throws(CompileError) -> CompiledNib {
        let runtime = try document.runtime()
        if LegacyArchive.isLegacy(document.root) {
            // A legacy Cocoa archive (Cocoa Touch ones were upgraded to documents).
            let archive = try LegacyArchive(document.root, fileName: document.fileName)
            let deployment = try AppKitNibVariants.deploymentTarget(
                option: options.deploymentTarget, document: document)
            return try AppKitNibVariants.output(
                root: LegacyCocoaCompiler(archive: archive, document: document).compileRoot(), deployment: deployment,
                editable: !options.flatten, document: document)
        }
        if runtime == .iOS { try Self.checkModelledIOSXcode(document) }
        switch (runtime, document.isStoryboard) {
        case (.iOS, true):
            // The variants are read from the source before the rules rewrite it.
            let plan = try UIKitNibVariants.plan(for: document, deploymentOption: options.deploymentTarget)
            let files = try UIKitRuntimeForm.run(plan.form) { () throws(CompileError) in
                try StoryboardCompiler(document: document).compile()
            }
            try UIKitNibVariants.finish(plan, document: document)
            return CompiledNib(kind: .storyboard, files: UIKitNibVariants.output(storyboard: files, plan: plan))
        case (.iOS, false):
            let plan = try UIKitNibVariants.plan(for: document, deploymentOption: options.deploymentTarget)
            let nib = try UIKitRuntimeForm.run(plan.form) { () throws(CompileError) in
                try XibCompiler(document: document).compile()
            }
            try UIKitNibVariants.finish(plan, document: document)
            return UIKitNibVariants.output(xib: nib, plan: plan)
        case (.macOS, false):
            let deployment = try AppKitNibVariants.deploymentTarget(
                option: options.deploymentTarget, document: document)
            var document = document
            document.appKitDeployment = deployment
            let compiler = AppKitXibCompiler(document: document, colorProfiles: options.colorProfiles)
            return try AppKitNibVariants.output(
                root: compiler.compileRoot(), deployment: deployment, editable: !options.flatten, document: document)
        case (.macOS, true):
            let compiler = AppKitStoryboardCompiler(document: document, colorProfiles: options.colorProfiles)
            return CompiledNib(kind: .storyboard, files: try compiler.compile())
        }
    }

    /// The runnable-and-editable form of `nib` (`--flatten NO`): a nib bundle with the source
    /// bytes, unchanged, as `designable.nib` beside the runnable files.
    ///
    /// ibtool(1) says only that `--flatten NO` makes "an output file that is both runnable, and
    /// editable"; the form is Interface Builder's editable nib bundle, which scripts recompile
    /// with `ibtool --compile X.nib --flatten NO X.nib` and which public repositories hold
    /// (adium's four `.nib` documents: `designable.nib` and `keyedobjects.nib`). On macOS the
    /// runnable part is what ``AppKitNibVariants`` writes with `editable` set (`keyedobjects.nib`
    /// as those bundles hold it, an `NSKeyedArchiver` archive, which every macOS loads). On iOS
    /// it is the NIBArchive under `runtime.nib`, the name every directory nib of an iOS app in
    /// the corpus gives its runnable nib (duckduckgo's `Settings.storyboardc`).
    static func editable(_ nib: CompiledNib, source: Data, runtime: SourceDocument.Runtime) throws(CompileError)
        -> CompiledNib
    {
        var files = nib.files
        if nib.kind == .nibFile {
            files = [runtime == .iOS ? "runtime.nib" : "keyedobjects.nib": nib.files[""] ?? []]
        }
        files[designableFileName] = [UInt8](source)
        var editable = CompiledNib(kind: .nibDirectory, files: files)
        editable.warnings = nib.warnings
        editable.omittedWarnings = nib.omittedWarnings
        return editable
    }

    /// The newest Xcode whose iOS output the rules model: the pairs show Xcode 5 to 13, the
    /// corpus's compiled nibs 14 to 16 (``XcodeEra``'s flags from 14 on).
    static let newestModelledIOSXcode = XcodeEra(16)

    /// A document saved by (or compiled as) a later Xcode than the iOS rules model is compiled as
    /// Xcode 16 writes it: one `nearest-xcode` approximation for the whole document.
    private static func checkModelledIOSXcode(_ document: SourceDocument) throws(CompileError) {
        let imitated = document.builtBy ?? document.era
        guard imitated > newestModelledIOSXcode else { return }
        let context = UIKitContext(
            fileName: document.fileName, isBaseLocalized: document.isBaseLocalized, diagnostics: document.diagnostics)
        let which =
            document.builtBy.map { "Xcode \($0)'s iOS output" }
            ?? "the iOS output of the Xcode that saved this document (toolsVersion \(document.root["toolsVersion"] ?? ""))"
        try context.approximate(
            .nearestXcode, document.root,
            "no reference nib shows \(which): the pairs and the corpus show Xcode 5 to 16; compiled as Xcode 16 writes it"
        )
    }

    static func serialize(
        _ root: ArchivedObject, fileName: String, fallbacks: [String: [String]] = ArchiveWriter.uiKitFallbacks,
        coderVersion: UInt32 = 10
    ) throws(CompileError) -> [UInt8] {
        try CompileBudget.checkCurrent()
        do {
            return try ArchiveWriter(fallbacks: fallbacks).archive(root: root, coderVersion: coderVersion)
                .serialized(layout: .canonical)
        } catch {
            throw CompileError(
                code: .output, file: fileName, line: 0, column: 0, element: nil,
                message: "the archive could not be built: \(error)")
        }
    }
}
