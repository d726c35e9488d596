import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibDiff
import Testing

@testable import NibCompiler

/// The keyed-archive pairs' objects and build facts that the decompiler reads back: combo boxes,
/// boxes that do not resize their subviews, empty attributed menu titles, the Xcode 14.2 and the
/// building Mac's menu state image sizes. Expected values: Apple's nibs in the corpus (compared
/// with NibDiff, or their archived values read directly).
@Suite("Decompiling the keyed-archive AppKit pairs", .corpus)
struct AppKitKeyedPairDecompileTests {
    /// Apple's files `names` of the pair's directory nib `path`.
    static func apple(_ path: String, _ names: [String]) throws -> [(name: String, archive: NibArchive)] {
        try names.map { (name: $0, archive: try AppKitDirectoryDecompileTests.apple(path, $0)) }
    }

    /// The differences between Apple's files and the decompiled document compiled again.
    static func roundTrip(
        _ nibs: [(name: String, archive: NibArchive)], _ result: NibDecompiler.Result, fileName: String
    ) throws -> [String] {
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        options.menuStateImageSizes = result.menuStateImageSizes
        options.colorProfiles = CorpusColorProfiles.folder
        let again = try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: fileName, isBaseLocalized: result.isBaseLocalized)
        var differences: [String] = []
        for nib in nibs {
            let bytes = try #require(again.files[nib.name], "no \(nib.name) in \(again.files.keys.sorted())")
            let ours =
                NibArchive.isKeyedArchive(bytes)
                ? try NibArchive(keyedArchiveBytes: bytes) : try NibArchive(parsing: bytes)
            differences += StructuralComparison().differences(between: nib.archive, and: ours).map {
                "\(nib.name): \($0)"
            }
        }
        return differences
    }

    @Test("GroupingController: a combo box and a box that does not resize its subviews come back in both files")
    func comboBoxAndBox() throws {
        let nibs = try Self.apple(
            "macos-scribendi-cindex-mac-GroupingController/Base.lproj/GroupingController.nib",
            ["keyedobjects-101300.nib", "keyedobjects.nib"])
        let result = try NibDecompiler().decompile(directoryNib: nibs)
        // The source's combo box: eight visible items, "8" … "24".
        #expect(result.document.contains(#"numberOfVisibleItems="8""#))
        #expect(result.document.contains("<string>24</string>"))
        #expect(result.document.contains(#"autoresizesSubviews="NO""#))
        #expect(result.unmapped.isEmpty, "\(result.unmapped)")
        let differences = try Self.roundTrip(nibs, result, fileName: "GroupingController.xib")
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test("PreferencesController: a whole real limit, an integer in the NIBArchive, is read from the keyed file")
    func realLimit() throws {
        let nibs = try Self.apple(
            "macos-scribendi-cindex-mac-PreferencesController/Base.lproj/PreferencesController.nib",
            ["keyedobjects-101300.nib", "keyedobjects.nib"])
        let result = try NibDecompiler().decompile(directoryNib: nibs)
        // The source's <real key="minimum" value="0.0"/>; the NIBArchive variant alone says an integer.
        #expect(result.document.contains(#"<real key="minimum" value="0"/>"#))
        #expect(
            try NibDecompiler().decompile(nibs[0].archive).document.contains(#"<integer key="minimum" value="0"/>"#))
        let differences = try Self.roundTrip(Array(nibs.suffix(1)), result, fileName: "PreferencesController.xib")
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test("scribendi MainMenu: empty attributed titles, and a menu-only nib read as Xcode 14.2")
    func menuOnlyNib() throws {
        let nibs = try Self.apple(
            "macos-scribendi-cindex-mac-MainMenu/Base.lproj/MainMenu.nib",
            ["keyedobjects-101300.nib", "keyedobjects.nib"])
        let result = try NibDecompiler().decompile(directoryNib: nibs)
        // Scripts/compile-xcode.tsv: saved and built by Xcode 14.2.
        #expect(result.xcode == XcodeEra(14.2))
        #expect(result.document.contains(#"<attributedString key="attributedTitle"/>"#))
        #expect(result.menuStateImageSizes == nil)
        let differences = try Self.roundTrip(nibs, result, fileName: "MainMenu.xib")
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test(
        "Menu state image sizes other than the Xcode's are read back; a header's NSHasWidth says 14.2",
        arguments: [
            // The building Macs' sizes (Scripts/compile-xcode.tsv's --menu-state-image-sizes).
            (
                "macos-scribendi-cindex-mac-MarkupTagsController/Base.lproj/MarkupTagsController.nib",
                "keyedobjects-101300.nib", "15x13,15x4" as String?
            ),
            (
                "macos-vonnieda-AVRFuses-MainMenu-dbb7734b/Base.lproj/MainMenu.nib", "keyedobjects-110000.nib",
                "18x17,18x5"
            ),
            // Xcode 14.2's own sizes, {18, 16} and {18, 4}.
            (
                "macos-scribendi-cindex-mac-PreferencesController/Base.lproj/PreferencesController.nib",
                "keyedobjects-101300.nib", nil
            ),
        ] as [(String, String, String?)])
    func menuStateImageSizes(path: String, file: String, sizes: String?) throws {
        let nib = try AppKitDirectoryDecompileTests.apple(path, file)
        let result = try NibDecompiler().decompile(nib)
        #expect(result.menuStateImageSizes?.argument == sizes)
        #expect(result.menuStateImageSizes == sizes.flatMap(MenuStateImageSizes.init(parsing:)))
        if path.contains("PreferencesController") { #expect(result.xcode == XcodeEra(14.2)) }
    }

    @Test("MarkupTagsController: message fonts (type 6 before Xcode 16) and a tab item view without a focus ring")
    func markupTags() throws {
        let nib = try AppKitDirectoryDecompileTests.apple(
            "macos-scribendi-cindex-mac-MarkupTagsController/Base.lproj/MarkupTagsController.nib",
            "keyedobjects-101300.nib")
        let document = try NibDecompiler().decompile(nib).document
        // The source: 266 metaFont="message", no menu font; <view key="view" focusRingType="none">.
        // (Its whole round trip, in Scripts/score-decompile.sh, takes a second more than a test may.)
        #expect(document.contains(#"metaFont="message""#))
        #expect(!document.contains(#"metaFont="menu""#))
        #expect(document.contains(#"focusRingType="none""#))
    }
}

/// Compiler forms the adium pairs (Xcode 11) show, read from Apple's nib.
@Suite("AppKit scroll view classes and Xcode 11 window minimum sizes", .corpus)
struct AppKitXcode11WindowTests {
    @Test("ContactListWindowBorderless: the scroll view's class is swapped; the frame minimum adds 22 points")
    func contactList() throws {
        let folder = try Corpus.directory().appendingPathComponent(
            "xib-pairs/macos-adium-adium-ContactListWindowBorderless")
        let apple = try AppKitDirectoryDecompileTests.apple(
            "macos-adium-adium-ContactListWindowBorderless/ContactListWindowBorderless.nib", "keyedobjects.nib")
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(11)
        options.colorProfiles = CorpusColorProfiles.folder
        let source = try Data(contentsOf: folder.appendingPathComponent("ContactListWindowBorderless.xib"))
        let compiled = try NibCompiler(options: options).compile(source, fileName: "ContactListWindowBorderless.xib")
        let ours = try NibArchive(parsing: try #require(compiled.files[""]))
        // The window's frame minimum size ({72, 27} for a {72, 5} content) and the scroll view's
        // class (AIAutoScrollView swapped for NSScrollView); the rest of the pair differs otherwise.
        // (The clip view inside differs otherwise: its colors and the outline view's column.)
        let keys = ["› NSMinSize", "› NSOriginalClassName", "› NSClassName", "› NSSubviews[0]: element only"]
        let differences = StructuralComparison().differences(between: apple, and: ours).map(\.description)
            .filter { line in keys.contains { line.contains($0) } && !line.contains("NSContentView (NSClipView)") }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }
}
