import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

/// A storyboard missing some of its nibs (the corpus holds such): a segue to a scene the input
/// lacks is kept, leading to a stand-in scene, so that the scene nib compiles back to Apple's.
@Suite("Decompiling storyboards that lack some of their nibs", .corpus)
struct PartialStoryboardDecompileTests {
    @Test("a segue to a missing scene leads to a stand-in scene named as the template names it (COVIDSAFE)")
    func standInDestination() throws {
        // COVIDSAFE's onboardingStep3 (Xcode 11) shows "otp", a scene nib the corpus lacks.
        let stem = "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_Main.storyboardc_"
        let nibs: [(name: String, archive: NibArchive)] = [
            (
                "onboardingStep3.nib",
                try NibArchive(parsing: try Corpus.nibBytes(named: stem + "onboardingStep3.nib_runtime.nib"))
            ),
            (
                "mND-9i-sIw-view-vgL-lg-QQN.nib",
                try NibArchive(parsing: try Corpus.nibBytes(named: stem + "mND-9i-sIw-view-vgL-lg-QQN.nib_runtime.nib"))
            ),
        ]
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: nil)
        #expect(result.document.contains(#"storyboardIdentifier="otp""#))
        #expect(result.unmapped["segue destination not in the input"] == 1)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Again.storyboard")
        // The scene nib: its template names "otp" again (the view nib is given for the
        // placeholders it shares with the scene).
        let bytes = try #require(again.files["onboardingStep3.nib"], "\(again.files.keys.sorted())")
        let differences = StructuralComparison().differences(
            between: nibs[0].archive, and: try NibArchive(parsing: bytes))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
        #expect(again.files["otp.nib"] != nil)
    }

    @Test("a controller whose view nib is missing gets a stand-in view with the view nib's id (Umarovm)")
    func standInView() throws {
        // Umarovm Whats-Cooking (Xcode 12): the scene nib names 6cm-md-qJG-view-ohJ-Hh-Npb, which
        // the corpus lacks; its table of upstream placeholders is empty.
        let name = "UIViewController-6cm-md-qJG.nib"
        let original = try NibArchive(
            parsing: try Corpus.nibBytes(named: "Umarovm-Whats-Cooking__Main.storyboardc_" + name))
        let result = try NibDecompiler().decompileStoryboard(nibs: [(name, original)], infoPlist: nil)
        #expect(result.document.contains(#"<view key="view" contentMode="scaleToFill" id="ohJ-Hh-Npb">"#))
        #expect(result.unmapped["missing view nib"] == 1)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Again.storyboard")
        let bytes = try #require(again.files[name], "\(again.files.keys.sorted())")
        let differences = StructuralComparison().differences(between: original, and: try NibArchive(parsing: bytes))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
        #expect(again.files["6cm-md-qJG-view-ohJ-Hh-Npb.nib"] != nil)
    }
}
