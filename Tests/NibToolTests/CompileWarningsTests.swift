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

    /// An iOS xib whose view holds `count` unknown `<a/>` elements.
    static func soup(_ count: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch">
        <objects><view id="r"><subviews>\(String(repeating: "<a/>", count: count))</subviews></view></objects></document>
        """
    }

    /// The total of `N warnings (…)` in the summary line.
    static func summaryTotal(_ error: String) -> Int? {
        let line = error.split(separator: "\n").last { $0.hasPrefix("nibtool: ") && $0.contains(" warnings (") }
        return line.flatMap { Int($0.dropFirst("nibtool: ".count).prefix { $0.isNumber }) }
    }

    @Test("past 10,000 warnings a line says how many more, and the summary counts them all")
    func warningsPastTheCapAreSummarised() throws {
        let folder = try temporaryFolder()
        let small = folder.appendingPathComponent("Small.xib")
        let large = folder.appendingPathComponent("Large.xib")
        try Data(Self.soup(10).utf8).write(to: small)
        try Data(Self.soup(6_000).utf8).write(to: large)
        let output = folder.appendingPathComponent("Out.nib")

        let few = runTool(["compile", small.path, "-o", output.path])
        #expect(few.status == 0, "\(few.error)")
        let perElement = try #require(Self.summaryTotal(few.error)) / 10
        #expect(perElement >= 1)

        // 6,000 × 4 bytes fit the budget only when it is raised: 2,048 per KiB is two entries per
        // byte. Each element is warned about perElement times (at least twice: 12,000 or more).
        let many = runTool(["compile", large.path, "-o", output.path, "--max-entries-per-kb", "2048"])
        #expect(many.status == 0, "\(many.error)")
        let listed = many.error.split(separator: "\n").filter { $0.contains(": warning: ") }.count
        #expect(perElement * 6_000 > 10_000)
        #expect(listed == 10_000)
        #expect(many.error.contains("nibtool: \(perElement * 6_000 - 10_000) more warnings not listed"))
        #expect(Self.summaryTotal(many.error) == perElement * 6_000)

        let refused = runTool(["compile", large.path, "-o", output.path, "--max-entries-per-kb", "0"])
        #expect(refused.status != 0)
        #expect(refused.error.contains("[limit-exceeded]") && refused.error.contains("--max-entries-per-kb"))
    }
}
