import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import Testing

/// Xcode's two steps for a storyboard whose nibs are directory nibs (`UIKitNibVariants`).
@Suite("ibtool: directory nibs inside a .storyboardc", .corpus)
struct IBToolDirectoryNibTests {
    @Test("compile for iOS 10.0 and link: every nib a runtime.nib + objects-11.0+.nib folder, as Apple's")
    func compileAndLink() throws {
        // ghuntley's COVIDSafe launch screen, as Apple compiled it (the corpus keeps both files of
        // both nibs): decompiled from its objects-11.0+ variants.
        let stem = "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_LaunchScreen.storyboardc_"
        let names = ["UIViewController-ndM-0H-HLb.nib", "ndM-0H-HLb-view-ccJ-n5-IxS.nib"]
        var nibs: [(name: String, archive: NibArchive)] = []
        var apple: Set<String> = ["Info.plist"]
        for name in names {
            let bytes = try Corpus.nibBytes(named: stem + name + "_objects-11.0-.nib")
            nibs.append((name + "/objects-11.0+.nib", try NibArchive(parsing: bytes)))
            for file in Corpus.nibFileNames where file.hasPrefix(stem + name + "_") {
                let variant = file.dropFirst((stem + name + "_").count)
                apple.insert(name + "/" + (variant == "runtime.nib" ? "runtime.nib" : "objects-11.0+.nib"))
            }
        }
        let document = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: nil)
        let build = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: build) }
        let source = try write(document.document, named: "LaunchScreen.storyboard", in: build)
        let intermediates = build.appendingPathComponent("App.build")
        let compile = runIBTool([
            "--minimum-deployment-target", "10.0", "--output-format", "human-readable-text",
            "--compilation-directory", intermediates.path, source,
        ])
        #expect(compile.status == 0, "\(compile.outputText)")
        let app = build.appendingPathComponent("App.app")
        let link = runIBTool([
            "--output-format", "human-readable-text", "--link", app.path,
            intermediates.appendingPathComponent("LaunchScreen.storyboardc").path,
        ])
        #expect(link.status == 0, "\(link.outputText)")
        let linked = app.appendingPathComponent("LaunchScreen.storyboardc")
        var found: Set<String> = []
        let paths = try FileManager.default.subpathsOfDirectory(atPath: linked.path)
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: linked.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.insert(path)
            }
        }
        #expect(apple.count == 5)
        #expect(found == apple)
    }
}
