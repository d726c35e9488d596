import Foundation
import IBToolCLI
import KeyedArchive
import NibToolCLI

/// One in-process `ibtool` run with buffered standard streams.
struct IBToolRun {
    var status: Int32
    var output: [UInt8]
    var outputText: String { String(decoding: output, as: UTF8.self) }

    /// Standard output read back as a property list (xml1 or binary1).
    func propertyList() throws -> PropertyList { try PropertyList(parsing: output) }
}

func runIBTool(_ arguments: [String]) -> IBToolRun {
    let box = Buffer()
    let io = CommandIO(readInput: { [] }, writeOutput: { box.output += $0 }, writeError: { _ in })
    let status = IBTool.invoke(arguments, io: io)
    return IBToolRun(status: status, output: box.output)
}

private final class Buffer: @unchecked Sendable {
    var output: [UInt8] = []
}

/// A fresh temporary folder for one test.
func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ibtool-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to `name` in `folder` and returns its path.
func write(_ text: String, named name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// The files of a file or folder output, by path relative to it (the empty path for a file).
func outputFiles(at url: URL) throws -> [String: [UInt8]] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [:] }
    guard isDirectory.boolValue else { return ["": [UInt8](try Data(contentsOf: url))] }
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
        files[name] = [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }
    return files
}

/// The text of a UTF-16 file with a byte order mark, or `nil` when it has none.
func utf16Text(_ bytes: [UInt8]) -> String? {
    guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE else { return nil }
    var units: [UInt16] = []
    var index = 2
    while index + 1 < bytes.count {
        units.append(UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)
        index += 2
    }
    return String(decoding: units, as: UTF16.self)
}

/// Hand-written documents: small enough to read, each made to show one behaviour.
enum Documents {
    /// A color-matched iOS xib (Xcode 8) whose view has a calibrated RGB background: the
    /// compiler converts it as ColorSync would and reports a `color-conversion` warning.
    static let warningXib = """
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

    /// Not well-formed XML (the `<objects>` element is never closed): no nib can be written.
    static let errorXib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="11201" targetRuntime="iOS.CocoaTouch">
            <objects>
        </document>
        """

    /// An iOS xib with a label, a button and a text field with a placeholder.
    static let labelXib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="11201" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="v1">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hello &quot;World&quot;" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="abc-12-xyz">
                            <rect key="frame" x="10" y="10" width="200" height="21"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            <nil key="textColor"/>
                            <nil key="highlightedColor"/>
                        </label>
                        <textField opaque="NO" clipsSubviews="YES" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Name" textAlignment="natural" minimumFontSize="17" id="9tf-Aa-001">
                            <rect key="frame" x="10" y="40" width="200" height="30"/>
                            <fontDescription key="fontDescription" type="system" pointSize="14"/>
                            <textInputTraits key="textInputTraits"/>
                        </textField>
                    </subviews>
                </view>
            </objects>
        </document>
        """
}
