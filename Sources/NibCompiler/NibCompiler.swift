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
/// Anything the compiler has no rule for is a ``CompileError`` naming the element, its line and
/// column: it never writes a nib it is unsure of.
public struct NibCompiler: Sendable {
    /// What ibtool varies its output on.
    public struct Options: Sendable {
        /// The minimum deployment target, such as `"12.0"`; `nil` for the document's own
        /// (`<deployment version>`) or ibtool's default. A macOS target before 10.13 makes a
        /// directory nib with a keyed-archive variant (see `AppKitNibVariants`).
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
        /// Whether the compiler may write values it can only approximate (each with a
        /// ``CompileWarning``) or must refuse them (``CompileError/Code/approximationRefused``).
        public var approximations = Approximations.warn

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
    ///   them with the color spaces' ICC colorants and transfer curves: within about 1e-5 of
    ///   Apple's float32 components on iOS, 1.2e-4 on AppKit (measured on the corpus pairs, see
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

    /// Compiles the source file at `url`.
    public func compile(contentsOf url: URL) throws(CompileError) -> CompiledNib {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CompileError(
                code: .unreadable, file: url.lastPathComponent, line: 0, column: 0, element: nil,
                message: "cannot read the source: \(error.localizedDescription)")
        }
        let inBase = url.deletingLastPathComponent().lastPathComponent == "Base.lproj"
        return try compile(data, fileName: url.lastPathComponent, isBaseLocalized: options.baseLocalized ?? inBase)
    }

    /// Compiles a source held in memory; `fileName` is used in errors.
    public func compile(_ data: Data, fileName: String, isBaseLocalized: Bool = false) throws(CompileError)
        -> CompiledNib
    {
        try ArchiveArena.run { () throws(CompileError) in
            try compileDocument(data, fileName: fileName, isBaseLocalized: isBaseLocalized)
        }
    }

    private func compileDocument(_ data: Data, fileName: String, isBaseLocalized: Bool) throws(CompileError)
        -> CompiledNib
    {
        var document = try SourceDocument(parsing: data, fileName: fileName)
        document.isBaseLocalized = options.baseLocalized ?? isBaseLocalized
        document.module = options.module
        if let xcode = options.xcode {
            document.era = xcode
            document.builtBy = xcode
        }
        document.imagesAvailable = options.imagesAvailable
        document.overlayScrollers = options.overlayScrollers
        document.menuStateImageSizes = options.menuStateImageSizes
        document.diagnostics.approximations = options.approximations
        var nib = try compileArchives(document)
        nib.warnings = document.diagnostics.warnings
        return nib
    }

    private func compileArchives(_ document: SourceDocument) throws(CompileError) -> CompiledNib {
        switch (try document.runtime(), document.isStoryboard) {
        case (.iOS, true):
            return CompiledNib(kind: .storyboard, files: try StoryboardCompiler(document: document).compile())
        case (.iOS, false):
            return CompiledNib(kind: .nibFile, files: ["": try XibCompiler(document: document).compile()])
        case (.macOS, false):
            let compiler = AppKitXibCompiler(document: document, colorProfiles: options.colorProfiles)
            let deployment = try AppKitNibVariants.deploymentTarget(
                option: options.deploymentTarget, document: document)
            return try AppKitNibVariants.output(
                root: compiler.compileRoot(), deployment: deployment, document: document)
        case (.macOS, true):
            let compiler = AppKitStoryboardCompiler(document: document, colorProfiles: options.colorProfiles)
            return CompiledNib(kind: .storyboard, files: try compiler.compile())
        }
    }

    static func serialize(
        _ root: ArchivedObject, fileName: String, fallbacks: [String: [String]] = ArchiveWriter.uiKitFallbacks
    ) throws(CompileError) -> [UInt8] {
        do {
            return try ArchiveWriter(fallbacks: fallbacks).archive(root: root).serialized(layout: .canonical)
        } catch {
            throw CompileError(
                code: .output, file: fileName, line: 0, column: 0, element: nil,
                message: "the archive could not be built: \(error)")
        }
    }
}
