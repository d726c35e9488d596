import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibDiff
import Testing

@testable import NibCompiler

/// What a decompiled AppKit document must say for the compiler to write Apple's files again:
/// the deployment target a directory nib's `keyedobjects` files show, an editable bundle, overlay
/// scrollers. Expected values: the file sets and nibs of Apple's outputs in the corpus.
@Suite("Decompiling AppKit directory nibs and build facts")
struct AppKitDirectoryDecompileTests {
    @Test(
        "The keyedobjects files Apple wrote choose the variant read and the deployment target asked for",
        arguments: [
            // scribendi, Sparkle 9586a71e: the keyed archive beside the NIBArchive (before 10.13).
            (["keyedobjects-101300.nib", "keyedobjects.nib"], 0, 10_12_00, false),
            // AVRFuses, Sparkle eac3efc2: with a table, the 11.0 variant too; it is the one read.
            (["keyedobjects-101300.nib", "keyedobjects-110000.nib", "keyedobjects.nib"], 1, 10_12_00, false),
            // Sparkle's SUUpdatePermissionPrompt (10.13): no keyed archive, the two variants.
            (["keyedobjects-101300.nib", "keyedobjects-110000.nib"], 1, 10_13_00, false),
            // adium: keyedobjects.nib alone, an editable bundle; no deployment target.
            (["keyedobjects.nib"], 0, nil, true),
        ] as [([String], Int, Int?, Bool)])
    func variantChoice(names: [String], chosen: Int, deployment: Int?, editable: Bool) {
        let choice = NibVariantChoice(names: names)
        #expect(choice.chosen == [chosen])
        #expect(choice.macDeployment?.number == deployment)
        #expect(choice.isEditableBundle == editable)
        #expect(choice.deployment == nil)
    }

    @Test("A macOS deployment version is written as Xcode writes it")
    func documentVersion() {
        #expect(AppKitNibVariants.Version(number: 10_12_00).documentVersion == "101200")
        #expect(AppKitNibVariants.Version(number: 10_09_00).documentVersion == "1090")
        #expect(AppKitNibVariants.Version(number: 10_06_00).documentVersion == "1060")
        // Read back by the compiler's parser.
        #expect(AppKitNibVariants.Version(documentVersion: "101200")?.number == 10_12_00)
        #expect(AppKitNibVariants.Version(keyedVariantFileName: "keyedobjects-110000.nib")?.number == 11_00_00)
        #expect(AppKitNibVariants.Version(keyedVariantFileName: "keyedobjects.nib") == nil)
        #expect(AppKitNibVariants.Version(keyedVariantFileName: "keyedobjects-1e+05.nib") == nil)
    }

    /// Apple's file `name` of the pair's directory nib `path` (a keyed archive read as a NIBArchive).
    static func apple(_ path: String, _ name: String) throws -> NibArchive {
        let url = try Corpus.directory().appendingPathComponent("xib-pairs/\(path)/\(name)")
        let bytes = try [UInt8](Data(contentsOf: url))
        return NibArchive.isKeyedArchive(bytes)
            ? try NibArchive(keyedArchiveBytes: bytes) : try NibArchive(parsing: bytes)
    }

    @Test(
        "scribendi's IRIndexRecordWController (a 10.0-behavior number formatter) compiles back to Apple's two files",
        .corpus)
    func directoryRoundTrip() throws {
        let path = "macos-scribendi-cindex-mac-IRIndexRecordWController/Base.lproj/IRIndexRecordWController.nib"
        let names = ["keyedobjects-101300.nib", "keyedobjects.nib"]
        let nibs = try names.map { (name: $0, archive: try Self.apple(path, $0)) }
        let result = try NibDecompiler().decompile(directoryNib: nibs)
        #expect(result.document.contains(#"<deployment version="101200" identifier="macosx"/>"#))
        #expect(result.document.contains(#"formatterBehavior="10_0""#))
        #expect(!result.isEditableBundle)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        options.colorProfiles = try #require(CorpusColorProfiles.folder)
        let again = try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: "IRIndexRecordWController.xib",
            isBaseLocalized: result.isBaseLocalized
        )
        #expect(Set(again.files.keys) == Set(names))
        let bytes = try #require(again.files["keyedobjects-101300.nib"])
        let differences = StructuralComparison().differences(
            between: nibs[0].archive, and: try NibArchive(parsing: bytes))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
    }

    @Test("Layer-backed scrollers say the Mac showed overlay scrollers; with the option the nib comes back", .corpus)
    func overlayScrollers() throws {
        let folder = try Corpus.directory().appendingPathComponent("xib-pairs")
        // Built with overlay scrollers (Scripts/compile-xcode.tsv): every scroller layer-backed.
        let overlay = try NibArchive(
            parsing: [UInt8](
                try Data(
                    contentsOf: folder.appendingPathComponent(
                        "macos-viraptor-ibtool-tabview_scrollview_chain/tabview_scrollview_chain.nib"))))
        let result = try NibDecompiler().decompile(overlay)
        #expect(result.overlayScrollers)
        #expect(!result.document.contains("<scroller key=\"verticalScroller\" wantsLayer"))
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        options.overlayScrollers = true
        options.colorProfiles = try #require(CorpusColorProfiles.folder)
        let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Again.xib")
        let differences = StructuralComparison().differences(
            between: overlay, and: try NibArchive(parsing: try #require(again.files[""])))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
        // Built with legacy scrollers: none is.
        let legacy = try NibArchive(
            parsing: [UInt8](
                try Data(
                    contentsOf: folder.appendingPathComponent(
                        "macos-viraptor-ibtool-test_outline_indent/test_outline_indent.nib"))))
        #expect(try !NibDecompiler().decompile(legacy).overlayScrollers)
    }

    @Test(
        "A centred button numbered on an Intel Mac (Sparkle's SUStatus, Xcode 14) comes back with --build-architecture",
        .corpus)
    func intelTextAlignment() throws {
        let apple = try Self.apple("macos-sparkle-project-Sparkle-SUStatus", "SUStatus.nib")
        let result = try NibDecompiler().decompile(apple)
        #expect(result.buildArchitecture == .x86_64)
        func differences(_ architecture: BuildArchitecture?) throws -> [String] {
            var options = NibCompiler.Options()
            options.xcode = result.xcode
            options.buildArchitecture = architecture
            options.colorProfiles = try #require(CorpusColorProfiles.folder)
            let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "SUStatus.xib")
            return StructuralComparison().differences(
                between: apple, and: try NibArchive(parsing: try #require(again.files[""]))
            ).map(\.description)
        }
        #expect(try differences(.x86_64).isEmpty)
        // Without it, the compiler numbers the Xcode's Mac's way: center 1.
        #expect(try differences(nil).contains { $0.contains("NSControlTextAlignment") })
        // scribendi's Xcode 14.2 bundle numbers center 1 (Apple silicon, the era's): nothing to say.
        let path = "macos-scribendi-cindex-mac-PreferencesController/Base.lproj/PreferencesController.nib"
        let scribendi = try NibDecompiler().decompile(
            directoryNib: try ["keyedobjects-101300.nib", "keyedobjects.nib"].map { ($0, try Self.apple(path, $0)) })
        #expect(scribendi.buildArchitecture == nil)
    }

    @Test(
        "A base-localized build's controls allow the logical layout direction (Sparkle's SUUpdateAlert comes back)",
        .corpus)
    func localizedControls() throws {
        let apple = try Self.apple("macos-sparkle-project-Sparkle-SUUpdateAlert", "Base.lproj/SUUpdateAlert.nib")
        let result = try NibDecompiler().decompile(apple)
        #expect(result.isBaseLocalized)
        func differences(baseLocalized: Bool) throws -> [String] {
            var options = NibCompiler.Options()
            options.xcode = result.xcode
            options.buildArchitecture = result.buildArchitecture
            options.colorProfiles = try #require(CorpusColorProfiles.folder)
            let again = try NibCompiler(options: options).compile(
                Data(result.document.utf8), fileName: "SUUpdateAlert.xib", isBaseLocalized: baseLocalized)
            return StructuralComparison().differences(
                between: apple, and: try NibArchive(parsing: try #require(again.files[""]))
            ).map(\.description)
        }
        #expect(try differences(baseLocalized: true).isEmpty)
        // Compiled as a plain document, its eight controls keep false (and its strings are plain).
        #expect(
            try differences(baseLocalized: false).filter { $0.contains("NSAllowsLogicalLayoutDirection") }.count == 8)
    }

    @Test(
        "A window controller nib whose content view nib the storyboard lacks: Apple's nib comes back, the minimum size too",
        .corpus)
    func storyboardWithoutViewNib() throws {
        let name = "NSWindowController-wc1-00-001.nib"
        let nib = try NibArchive(
            parsing: try Corpus.nibBytes(named: "viraptor-ibtool__samples_correct_sb_basic_wc.out_" + name))
        let result = try NibDecompiler().decompileStoryboard(nibs: [(name: name, archive: nib)], infoPlist: nil)
        #expect(result.document.contains(#"<viewController id="vc1-00-001" customClass="TestViewController""#))
        #expect(result.unmapped["AppKit storyboard view nib missing"] == 1)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: "Again.storyboard")
        let bytes = try #require(again.files[name], "no \(name) in \(again.files.keys.sorted())")
        // Apple's NSMinSize {200, 132} for a content minimum of {200, 100}.
        let differences = StructuralComparison().differences(between: nib, and: try NibArchive(parsing: bytes))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
    }
}

/// Image views and progress indicators for a macOS deployment target before 10.14: Sparkle's
/// SUStatus (`compile.args`: `--deployment-target 10.13`) against Apple's output.
@Suite("AppKit forms for deployment targets before 10.14", .corpus)
struct AppKitBeforeMojaveTests {
    static let pair = "macos-sparkle-project-Sparkle-SUStatus"

    /// The differences from Apple's SUStatus.nib in the keys this rule writes, compiling the
    /// source for `target`.
    static func differences(target: String?) throws -> [String] {
        let folder = try Corpus.directory().appendingPathComponent("xib-pairs/\(pair)")
        let apple = try NibArchive(
            parsing: [UInt8](try Data(contentsOf: folder.appendingPathComponent("SUStatus.nib"))))
        var options = NibCompiler.Options(deploymentTarget: target)
        options.colorProfiles = try #require(CorpusColorProfiles.folder)
        let source = try Data(contentsOf: folder.appendingPathComponent("SUStatus.xib"))
        let ours = try NibCompiler(options: options).compile(source, fileName: "SUStatus.xib")
        let archive = try NibArchive(parsing: try #require(ours.files[""]))
        let keys = ["NSDragTypes", "NSControlView", "NSImageAnimation", "NSViewIsLayerTreeHost"]
        return StructuralComparison().differences(between: apple, and: archive).map(\.description).filter { line in
            keys.contains { line.contains("› \($0)") }
        }
    }

    @Test("For 10.13: EPS among the drag types, no cell control view or animation, no implicit layer")
    func beforeMojave() throws {
        #expect(try Self.differences(target: "10.13").isEmpty)
        // Without the target, Apple's forms are missed: the test can tell.
        #expect(try Self.differences(target: nil).count >= 3)
    }

    @Test("Decompiled, the nib asks for 10.13: the newest target its image view's form is seen with")
    func decompiledTarget() throws {
        let folder = try Corpus.directory().appendingPathComponent("xib-pairs/\(Self.pair)")
        let apple = try NibArchive(
            parsing: [UInt8](try Data(contentsOf: folder.appendingPathComponent("SUStatus.nib"))))
        let result = try NibDecompiler().decompile(apple)
        #expect(result.document.contains(#"<deployment version="101300" identifier="macosx"/>"#))
    }
}

/// A nib file that is a keyed archive: LuLu's MainMenu (Xcode 8.3, `--deployment-target 10.12`).
@Suite("Decompiling AppKit keyed archive files", .corpus)
struct AppKitKeyedFileDecompileTests {
    @Test("Its localizable titles are read through NS.string, and the document asks for a target before 10.13")
    func keyedFile() throws {
        let path = "xib-pairs/macos-objective-see-LuLu-MainMenu/Base.lproj/MainMenu.nib"
        let bytes = try [UInt8](Data(contentsOf: try Corpus.directory().appendingPathComponent(path)))
        #expect(NibArchive.isKeyedArchive(bytes))
        let apple = try NibArchive(keyedArchiveBytes: bytes)
        let result = try NibDecompiler().decompile(keyedArchiveFile: apple)
        // The source's titles (MainMenu.xib: "Rules", "Preferences", "Quit").
        for title in ["title=\"Rules\"", "title=\"Preferences\"", "title=\"Quit\""] {
            #expect(result.document.contains(title), "missing \(title)")
        }
        #expect(result.document.contains(#"<deployment version="101200" identifier="macosx"/>"#))
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: "MainMenu.xib", isBaseLocalized: result.isBaseLocalized)
        let ours = try #require(again.files[""])
        #expect(NibArchive.isKeyedArchive(ours))
        let differences = StructuralComparison().differences(
            between: apple, and: try NibArchive(keyedArchiveBytes: ours))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
    }
}
