import Foundation
import Testing

/// `nibtool compile` prints the compiler's warnings (colors ColorSync converts, approximated) to
/// standard error and still writes the nib; `--strict` makes them errors.
@Suite("nibtool compile warnings")
struct CompileWarningsTests {
    /// A color-matched iOS xib (Xcode 8) whose view has a calibrated RGB background.
    static let source = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="11201" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" colorMatched="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="v1">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                    <color key="backgroundColor" red="0" green="1" blue="1" alpha="1" colorSpace="calibratedRGB"/>
                </view>
            </objects>
        </document>
        """

    @Test("a converted color is a warning with file, line and column, and the nib is written")
    func warningPrinted() throws {
        let folder = try temporaryFolder()
        let xib = folder.appendingPathComponent("View.xib")
        try Data(Self.source.utf8).write(to: xib)
        let output = folder.appendingPathComponent("View.nib")

        let run = runTool(["compile", xib.path, "-o", output.path, "--xcode", "8"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("View.xib:8:"))
        #expect(run.error.contains(": warning: <color key=\"backgroundColor\">"))
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test("--strict refuses the color and writes nothing")
    func exactColors() throws {
        let folder = try temporaryFolder()
        let xib = folder.appendingPathComponent("View.xib")
        try Data(Self.source.utf8).write(to: xib)
        let output = folder.appendingPathComponent("View.nib")

        let run = runTool(["compile", xib.path, "-o", output.path, "--xcode", "8", "--strict"])
        #expect(run.status != 0)
        #expect(run.error.contains("View.xib:8:"))
        #expect(run.error.contains(": error: "))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
