import Foundation
import KeyedArchive
import Testing

/// `--auto-activate-custom-fonts` with `--output-partial-info-plist`: the partial Info.plist
/// lists the font files the document's `<customFonts>` names, under `UIAppFonts` (the iOS key
/// for fonts an app provides), so that the build merges them into the app's Info.plist.
@Suite("ibtool custom fonts in the partial Info.plist")
struct IBToolCustomFontsTests {
    /// `labelXib` with two custom fonts (Xcode writes `<customFonts>` after `<dependencies>`).
    static let fontXib = Documents.labelXib.replacingOccurrences(
        of: "    <objects>",
        with: """
                <customFonts key="customFonts">
                    <array key="Lato-Regular.ttf">
                        <string>Lato-Regular</string>
                    </array>
                    <array key="AGaramondPro-Bold.otf">
                        <string>AGaramondPro-Bold</string>
                    </array>
                </customFonts>
                <objects>
            """)

    func partialPlist(activating: Bool) throws -> PropertyList {
        let folder = try scratchFolder()
        let source = try write(Self.fontXib, named: "Fonts.xib", in: folder)
        let partial = folder.appendingPathComponent("Fonts-PartialInfo.plist").path
        var arguments = [
            "--compile", folder.appendingPathComponent("Fonts.nib").path, "--output-partial-info-plist", partial,
        ]
        if activating { arguments.append("--auto-activate-custom-fonts") }
        let run = runIBTool(arguments + [source])
        #expect(run.status == 0)
        return try PropertyList(parsing: [UInt8](Data(contentsOf: URL(fileURLWithPath: partial))))
    }

    @Test("with the option, UIAppFonts lists the document's font files, sorted")
    func activated() throws {
        #expect(
            try partialPlist(activating: true)
                == .dictionary([
                    .init("UIAppFonts", .array([.string("AGaramondPro-Bold.otf"), .string("Lato-Regular.ttf")]))
                ]))
    }

    @Test("without it, the partial Info.plist is empty")
    func notActivated() throws {
        #expect(try partialPlist(activating: false) == .dictionary([]))
    }
}
