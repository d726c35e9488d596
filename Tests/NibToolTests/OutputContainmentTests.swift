import Foundation
import NibCoding
import NibCompiler
import Testing

/// A storyboard names the files of its `.storyboardc` after its controllers' storyboard
/// identifiers and ids; a hostile document must not make `nibtool compile` write outside the
/// folder it was asked to create, by a name or through a link already in that folder.
@Suite("Compiled output stays inside the folder asked for")
struct OutputContainmentTests {
    /// An iOS storyboard with one scene whose controller has `storyboardIdentifier` (when given)
    /// and `id` as given.
    static func iOSStoryboard(identifier: String?, id: String = "BYZ-38-t0r") -> String {
        let identifierAttribute = identifier.map { #" storyboardIdentifier="\#($0)""# } ?? ""
        return #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="\#(id)">
                <scenes>
                    <scene sceneID="tne-QT-ifu">
                        <objects>
                            <viewController id="\#(id)"\#(identifierAttribute) sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                </view>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="dkx-z0-nzr" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """#
    }

    /// An AppKit storyboard with one window controller of the given identifier or id.
    static func appKitStoryboard(identifier: String?, id: String = "wc1") -> String {
        let identifierAttribute = identifier.map { #" storyboardIdentifier="\#($0)""# } ?? ""
        return #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" initialViewController="\#(id)">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <windowController id="\#(id)"\#(identifierAttribute) sceneMemberID="viewController">
                                <window key="window" title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" visibleAtLaunch="NO" id="win">
                                    <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
                                    <rect key="contentRect" x="200" y="200" width="400" height="300"/>
                                    <rect key="screenRect" x="0.0" y="0.0" width="1920" height="1080"/>
                                </window>
                            </windowController>
                            <customObject id="fr1" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """#
    }

    /// Names that would leave the output: parent references, absolute paths and a path inside.
    static let escapingNames = ["../../escaped", "/tmp/nibkit-escaped", "sub/escaped", "../escaped", "../.."]

    /// Every file under `folder` (recursively), as paths relative to it.
    static func files(under folder: URL) -> Set<String> {
        Set((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? [])
    }

    @Test("an iOS storyboard identifier that is a path is refused, and nothing is written", arguments: escapingNames)
    func iOSIdentifier(name: String) throws {
        try expectRefused(Self.iOSStoryboard(identifier: name), fileName: "Main.storyboard", name: name)
    }

    @Test("an iOS controller id that is a path is refused", arguments: ["../../escaped", "a/b"])
    func iOSControllerID(name: String) throws {
        try expectRefused(Self.iOSStoryboard(identifier: nil, id: name), fileName: "Main.storyboard", name: name)
    }

    @Test("an AppKit window controller identifier or id that is a path is refused", arguments: escapingNames)
    func appKitIdentifier(name: String) throws {
        try expectRefused(Self.appKitStoryboard(identifier: name), fileName: "Main.storyboard", name: name)
        try expectRefused(Self.appKitStoryboard(identifier: nil, id: name), fileName: "Main.storyboard", name: name)
    }

    /// Compiles `source` in a fresh folder (`work/in/Main.storyboard` → `work/in/out/Main.storyboardc`)
    /// and checks that the tool fails with an error naming the identifier and its line, and that
    /// no file appears anywhere in `work` besides the source.
    private func expectRefused(_ source: String, fileName: String, name: String) throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = work.appendingPathComponent("in/out", isDirectory: true)
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let storyboard = work.appendingPathComponent("in/\(fileName)")
        try Data(source.utf8).write(to: storyboard)
        let output = input.appendingPathComponent("Main.storyboardc")

        let run = runTool(["compile", storyboard.path, "-o", output.path])
        #expect(run.status != 0)
        #expect(run.error.contains("cannot name a file in the output"), "\(run.error)")
        #expect(run.error.contains("Main.storyboard:"), "the error names the source and line: \(run.error)")
        #expect(Self.files(under: work) == ["in", "in/out", "in/\(fileName)"])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/nibkit-escaped.nib"))
    }

    @Test("a safe identifier still names its scene nib")
    func safeIdentifier() throws {
        let output = try NibCompiler().compile(
            Data(Self.iOSStoryboard(identifier: "Login.Screen").utf8), fileName: "Main.storyboard")
        #expect(output.files.keys.contains("Login.Screen.nib"))
    }

    @Test("writing refuses file names that are not one path component, NUL included")
    func writeRefusesUnsafeNames() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        for name in ["../x.nib", "/tmp/x.nib", "a/b.nib", "x\u{0}.nib", "", ".", ".."] {
            let nib = CompiledNib(kind: .storyboard, files: [name: [1, 2, 3]])
            let destination = work.appendingPathComponent("Out.storyboardc")
            #expect(throws: CompileError.self, "\(name.debugDescription)") {
                try nib.write(to: destination)
            }
        }
        #expect(Self.files(under: work).isEmpty)
    }

    @Test("a symbolic link in the output folder is replaced, not followed")
    func symlinkInOutputIsReplaced() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let victim = work.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        let output = work.appendingPathComponent("Main.storyboardc")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let link = output.appendingPathComponent("Info.plist")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)

        let storyboard = work.appendingPathComponent("Main.storyboard")
        try Data(Self.iOSStoryboard(identifier: nil).utf8).write(to: storyboard)
        let run = runTool(["compile", storyboard.path, "-o", output.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        let type = try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular)
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: link), format: nil)
        #expect((plist as? [String: Any])?["UIStoryboardVersion"] as? Int == 1)
    }

    @Test("diff does not follow a symbolic link inside a compiled storyboard")
    func diffRefusesLinks() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let secret = work.appendingPathComponent("secret.txt")
        try Data("SECRET-CONTENT".utf8).write(to: secret)
        let storyboard = work.appendingPathComponent("Main.storyboard")
        try Data(Self.iOSStoryboard(identifier: nil).utf8).write(to: storyboard)
        let left = work.appendingPathComponent("A.storyboardc")
        let right = work.appendingPathComponent("B.storyboardc")
        #expect(runTool(["compile", storyboard.path, "-o", left.path]).status == 0)
        #expect(runTool(["compile", storyboard.path, "-o", right.path]).status == 0)
        let plist = right.appendingPathComponent("Info.plist")
        try FileManager.default.removeItem(at: plist)
        try FileManager.default.createSymbolicLink(at: plist, withDestinationURL: secret)

        let run = runTool(["diff", left.path, right.path])
        #expect(run.status != 0)
        #expect(!run.outputText.contains("SECRET-CONTENT") && !run.error.contains("SECRET-CONTENT"))
        #expect(run.error.contains("symbolic link"), "\(run.error)")
    }
}

/// Reading a storyboard: the nib names in its `Info.plist` are untrusted too.
@Suite("Storyboard nib names stay inside the storyboard")
struct StoryboardReadContainmentTests {
    @Test("a nib name that is a path is refused", arguments: ["../outside", "sub/../../outside", ""])
    func pathNamesRefused(name: String) throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let storyboard = work.appendingPathComponent("in/Main.storyboardc", isDirectory: true)
        try FileManager.default.createDirectory(at: storyboard, withIntermediateDirectories: true)
        let info: [String: Any] = [
            "UIViewControllerIdentifiersToNibNames": ["Entry": name],
            "UIStoryboardDesignatedEntryPointIdentifier": "Entry",
        ]
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
            .write(to: storyboard.appendingPathComponent("Info.plist"))
        let loaded = try NibStoryboard(contentsOf: storyboard)
        #expect(throws: NibCodingError.self) { try loaded.initialNib() }
        let run = runTool(["tree", storyboard.path])
        #expect(run.status != 0)
        #expect(run.error.contains("not a file inside it"), "\(run.error)")
    }
}
