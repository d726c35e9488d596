import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import NibToolCLI
import Testing

/// `--flatten NO` (ibtool(1): "an output file that is both runnable, and editable"): an
/// Interface Builder nib bundle, the source as `designable.nib` beside the runnable nib, the form
/// adium's four `.nib` documents have in the corpus.
@Suite("ibtool --flatten NO")
struct IBToolFlattenTests {
    @Test("An iOS xib becomes a bundle: the source unchanged as designable.nib, the flattened nib as runtime.nib")
    func iOSBundle() throws {
        let folder = try scratchFolder()
        let source = try write(Documents.labelXib, named: "View.xib", in: folder)
        let flat = folder.appendingPathComponent("Flat.nib")
        let editable = folder.appendingPathComponent("Editable.nib")
        #expect(runIBTool(["--compile", flat.path, source]).status == 0)
        let run = runIBTool(["--compile", editable.path, "--flatten", "NO", source])
        #expect(run.status == 0, "\(run.outputText)")

        let files = try outputFiles(at: editable)
        #expect(Set(files.keys) == ["designable.nib", "runtime.nib"])
        #expect(files["designable.nib"] == Array(Documents.labelXib.utf8))
        let flattened = try #require(try outputFiles(at: flat)[""])
        #expect(files["runtime.nib"] == flattened)
        // The runnable part is a nib UIKit reads.
        _ = try NibArchive(parsing: try #require(files["runtime.nib"]))
    }

    @Test(
        "An editable bundle compiles again from its designable.nib, as `ibtool --compile X.nib --flatten NO X.nib` does"
    )
    func bundleAsInput() throws {
        let folder = try scratchFolder()
        let source = try write(Documents.labelXib, named: "View.xib", in: folder)
        let bundle = folder.appendingPathComponent("View.nib")
        #expect(runIBTool(["--compile", bundle.path, "--flatten", "NO", source]).status == 0)

        var options = NibCompiler.Options()
        options.flatten = false
        let again = try NibCompiler(options: options).compile(contentsOf: bundle)
        #expect(again.files == (try outputFiles(at: bundle)))
        let flat = try NibCompiler().compile(contentsOf: bundle)
        #expect(flat.kind == .nibFile)
        #expect(flat.files == (try NibCompiler().compile(contentsOf: URL(fileURLWithPath: source))).files)
    }

    @Test("A storyboard still compiles to a .storyboardc, with a notice")
    func storyboardIsNotBundled() throws {
        let folder = try scratchFolder()
        let source = try write(Self.launchStoryboard, named: "Launch.storyboard", in: folder)
        let output = folder.appendingPathComponent("Launch.storyboardc")
        let run = runIBTool([
            "--notices", "--output-format", "human-readable-text", "--compile", output.path, "--flatten", "NO", source,
        ])
        #expect(run.status == 0, "\(run.outputText)")
        #expect(run.outputText.contains("notice: --flatten NO makes editable nibs of .xib documents"))
        #expect(try outputFiles(at: output)["Info.plist"] != nil)
        #expect(try outputFiles(at: output)["designable.nib"] == nil)
    }

    /// The corpus's Interface Builder nib bundles (MANIFEST `family=ib-nib-document`): each
    /// pair's source is the bundle's `designable.nib`, and the bundle holds the runnable files
    /// beside it. adium's (Xcode 11; AccountProfile for 10.6, LogViewer with no target) hold one
    /// keyed `keyedobjects.nib`; scribendi's (Xcode 13, the project's 10.9 target) the keyed
    /// archive and the NIBArchive variant, as a flattened compile for 10.9 writes them.
    @Test(
        "macOS bundles hold the files the corpus's Interface Builder bundles hold",
        .corpus,
        arguments: [
            ("macos-adium-adium-AccountProfile", "AccountProfile", 11.0, nil),
            ("macos-adium-adium-LogViewer", "LogViewer", 11.0, nil),
            ("macos-scribendi-cindex-mac-GroupingController/Base.lproj", "GroupingController", 13.0, "10.9"),
        ] as [(String, String, Double?, String?)])
    func appKitBundleMatchesCorpus(_ folder: String, _ name: String, _ xcode: Double?, _ target: String?) throws {
        let pair = try Corpus.directory().appendingPathComponent("xib-pairs/\(folder)")
        let apple = try outputFiles(at: pair.appendingPathComponent("\(name).nib"))
        #expect(apple["keyedobjects.nib"] != nil)

        var options = NibCompiler.Options(deploymentTarget: target)
        options.flatten = false
        options.xcode = xcode.map(XcodeEra.init)
        let source = pair.appendingPathComponent("\(name).xib")
        let compiled = try NibCompiler(options: options).compile(contentsOf: source)
        #expect(compiled.kind == .nibDirectory)
        #expect(Set(compiled.files.keys) == Set(apple.keys).union(["designable.nib"]))
        #expect(compiled.files["designable.nib"] == [UInt8](try Data(contentsOf: source)))
        // Both keyedobjects.nib files are NSKeyedArchiver archives of an AppKit nib.
        for bytes in [apple["keyedobjects.nib"], compiled.files["keyedobjects.nib"]] {
            let keyed = try #require(bytes)
            #expect(NibArchive.isKeyedArchive(keyed))
            let archive = try NibArchive(keyedArchiveBytes: keyed)
            #expect(archive.classes.contains { $0.name == "NSIBObjectData" })
        }
    }

    static let launchStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="13122.16" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" launchScreen="YES" useTraitCollections="YES" colorMatched="YES" initialViewController="01J-lp-oVM">
            <scenes>
                <scene sceneID="EHf-IW-A2E">
                    <objects>
                        <viewController id="01J-lp-oVM" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <color key="backgroundColor" red="1" green="1" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="iYj-Kq-Ea1" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
}
