import Foundation
import Testing

/// `nibtool compile --color-profiles`: AppKit catalog colors need Apple's ICC profiles, read
/// from the folder the option names.
@Suite("nibtool compile --color-profiles")
struct CompileColorProfilesTests {
    /// A macOS xib whose text field uses the System catalog colors.
    static let source = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21507" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects>
                <customObject id="-2" userLabel="File's Owner"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <customView id="1">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                    <subviews>
                        <textField verticalHuggingPriority="750" id="2">
                            <rect key="frame" x="20" y="50" width="260" height="17"/>
                            <textFieldCell key="cell" sendsActionOnEndEditing="YES" title="Label" id="3">
                                <font key="font" metaFont="system"/>
                                <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                            </textFieldCell>
                        </textField>
                    </subviews>
                </customView>
            </objects>
        </document>
        """

    /// A 128-byte ICC header for `space` (`GRAY`), standing in for Apple's file.
    static func standInProfile(_ space: String) -> Data {
        var bytes = [UInt8](repeating: 0, count: 128)
        bytes[3] = 128
        bytes.replaceSubrange(16..<20, with: Array(space.utf8))
        bytes.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return Data(bytes)
    }

    @Test(
        "a missing profile is a warning naming the file and the option (an error with --strict); with it the nib is written exactly"
    )
    func profiles() throws {
        let folder = try temporaryFolder()
        let xib = folder.appendingPathComponent("View.xib")
        try Data(Self.source.utf8).write(to: xib)
        let output = folder.appendingPathComponent("View.nib")
        let profiles = folder.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)

        let strict = runTool(["compile", xib.path, "-o", output.path, "--color-profiles", profiles.path, "--strict"])
        #expect(strict.status != 0)
        #expect(strict.error.contains("Generic Gray Gamma 2.2 Profile.icc"))
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let missing = runTool(["compile", xib.path, "-o", output.path, "--color-profiles", profiles.path])
        #expect(missing.status == 0, "\(missing.error)")
        #expect(missing.error.contains(": warning: "))
        #expect(missing.error.contains("Generic Gray Gamma 2.2 Profile.icc"))
        #expect(missing.error.contains("--color-profiles"))
        #expect(missing.error.contains("color-conversion"), "the summary counts warnings by kind: \(missing.error)")
        #expect(FileManager.default.fileExists(atPath: output.path))
        try FileManager.default.removeItem(at: output)

        try Self.standInProfile("GRAY").write(to: profiles.appendingPathComponent("Generic Gray Gamma 2.2 Profile.icc"))
        let compiled = runTool(["compile", xib.path, "-o", output.path, "--color-profiles", profiles.path, "--strict"])
        #expect(compiled.status == 0, "\(compiled.error)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a file that is not an ICC profile of the right color space is not embedded")
    func wrongProfile() throws {
        let folder = try temporaryFolder()
        let xib = folder.appendingPathComponent("View.xib")
        try Data(Self.source.utf8).write(to: xib)
        try Self.standInProfile("RGB ").write(to: folder.appendingPathComponent("Generic Gray Gamma 2.2 Profile.icc"))
        let arguments = [
            "compile", xib.path, "-o", folder.appendingPathComponent("View.nib").path, "--color-profiles", folder.path,
        ]
        let strict = runTool(arguments + ["--strict"])
        #expect(strict.status != 0)
        #expect(strict.error.contains("GRAY"))
        let run = runTool(arguments)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("GRAY") && run.error.contains(": warning: "))
    }
}
