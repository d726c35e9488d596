import Foundation
import Testing

/// `nibtool decompile`: the one output file it is told to write, and the summary on standard error.
@Suite("nibtool decompile")
struct DecompileCommandTests {
    @Test("A nib becomes the .xib -o names; compiled again it compares equal; the summary says the Xcode")
    func decompileThenCompile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("View.xib")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" colorMatched="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="iN0-l3-epB">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hello" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" translatesAutoresizingMaskIntoConstraints="NO" id="L1b-el-001">
                                <rect key="frame" x="10" y="10" width="100" height="21"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                    </view>
                </objects>
            </document>
            """.utf8
        ).write(to: source)
        let nib = folder.appendingPathComponent("View.nib")
        let compiled = runTool(["compile", source.path, "-o", nib.path])
        #expect(compiled.status == 0, "\(compiled.error)")
        let decompiled = folder.appendingPathComponent("Decompiled.xib")
        let run = runTool(["decompile", nib.path, "-o", decompiled.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("as Xcode 9.0; everything has a source form"), "\(run.error)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "Decompiled.xib", "View.nib", "View.xib",
            ])
        let again = runTool(["compile", decompiled.path, "--xcode", "9", "--compare-with", nib.path])
        #expect(again.status == 0, "\(again.outputText)\(again.error)")
    }

    @Test("An output that is not a .xib, or standard output, is refused and nothing is written")
    func refusedOutputs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nib = examplesFolder.appendingPathComponent("Hello.nib")
        for output in [folder.appendingPathComponent("out.nib").path, "-", folder.appendingPathComponent("out").path] {
            let run = runTool(["decompile", nib.path, "-o", output])
            #expect(run.status == 64, "\(output): \(run.error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
