import Foundation
import NibArchive
import NibCompiler
import Testing

/// A compile's memory stays proportional to its source (issue 20): the source's elements, the
/// objects archived and the warnings recorded are counted against
/// ``NibCompiler/Options/maximumEntriesPerKilobyte`` per KiB plus
/// ``NibCompiler/Options/entryBaseline``; only the first 10,000 warnings are kept whole; an
/// element has at most ``SourceDocument/maximumAttributesPerElement`` attributes.
@Suite("Compile budget")
struct CompileBudgetTests {
    /// The lines of an iOS xib before its soup: the `<?xml …?>` line, `<document>`, and a line
    /// holding `<objects>`, the view and its subviews (three start tags there, one on the
    /// `<document>` line).
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch">
        <objects><view id="r"><subviews>

        """
    static let headerLines = 3
    static let headerElements = 4

    /// An iOS xib whose view holds `count` unknown elements, one per line: `<a/>` padded with
    /// `padding` spaces.
    static func soup(_ count: Int, padding: Int = 0) -> String {
        header + String(repeating: "<a/>" + String(repeating: " ", count: padding) + "\n", count: count)
            + "</subviews></view></objects></document>\n"
    }

    /// The budget the documentation states: `perKilobyte` entries per KiB of source plus 4,096.
    static func budget(_ source: String, perKilobyte: Int = 64) -> Int {
        perKilobyte * source.utf8.count / 1024 + 4_096
    }

    static func compile(_ source: String, perKilobyte: Int = 64) throws -> CompiledNib {
        var options = NibCompiler.Options()
        options.maximumEntriesPerKilobyte = perKilobyte
        return try NibCompiler(options: options).compile(Data(source.utf8), fileName: "Soup.xib")
    }

    @Test("the documented default and baseline")
    func documentedDefaults() {
        #expect(NibCompiler.Options().maximumEntriesPerKilobyte == 64)
        #expect(NibCompiler.Options.entryBaseline == 4_096)
        #expect(SourceDocument.maximumAttributesPerElement == 256)
    }

    @Test("a source with more elements than the budget stops before it is parsed, at the element past it")
    func elementSoupIsRefusedAtTheElementPastTheBudget() throws {
        let source = Self.soup(8_000)
        let allowed = Self.budget(source)
        // 8,000 elements of 5 bytes: 64 × 40 KB / 1 KiB + 4,096 ≈ 6,600 are allowed.
        #expect(allowed < 8_000 && allowed > Self.headerElements)
        let error = try #require(throws: CompileError.self) { try Self.compile(source) }
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("more than \(allowed) elements"))
        #expect(error.message.contains("--max-entries-per-kb"))
        // The first element past the budget is soup element number allowed + 1 - headerElements,
        // on its own line after the header.
        #expect(error.line == Self.headerLines + allowed + 1 - Self.headerElements)
        #expect(error.column == 1)
    }

    @Test("elements in comments and CDATA, and '=' or '>' inside quoted values, are not counted")
    func scanSkipsCommentsCDATAAndQuotedValues() throws {
        let hidden = String(repeating: "<a b=\"1\"/>", count: 2_500)
        let quoted = String(repeating: "x=y>", count: 300)
        let source = Source.iOSXib(
            "<!-- \(hidden) -->\n"
                + #"<view contentMode="scaleToFill" id="v" userLabel="\#(quoted)"><rect key="frame" x="0" y="0" width="10" height="10"/>"#
                + "<string key=\"accessibilityLabel\"><![CDATA[\(hidden)]]></string></view>")
        // With no entries per KiB the budget is the baseline, 4,096: the 5,000 hidden tags would
        // pass it and the 300 quoted '=' the attribute limit, were they counted.
        let output = try Self.compile(source, perKilobyte: 0)
        #expect(!(output.files[""] ?? []).isEmpty)
    }

    @Test("objects and warnings past the budget stop the compile at an element of the soup")
    func objectsAndWarningsAreCounted() throws {
        // 3,000 elements fit the parse (the baseline alone allows 4,096); each unknown element
        // is archived as a view and warned about, which passes the budget.
        let source = Self.soup(3_000)
        let error = try #require(throws: CompileError.self) { try Self.compile(source, perKilobyte: 0) }
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("more than 4096 entries"))
        #expect(error.line > Self.headerLines && error.line <= Self.headerLines + 3_000)
        // A budget of 1,024 per KiB (one entry per byte) lets the same source compile.
        _ = try Self.compile(source, perKilobyte: 1_024)
    }

    @Test("past 10,000 warnings only their kinds are counted, and the counts add up")
    func warningsPastTheCapAreCounted() throws {
        let small = try Self.compile(Self.soup(100), perKilobyte: 1_024)
        #expect(small.omittedWarnings.isEmpty)
        let perElement = small.warnings.count / 100
        #expect(perElement >= 1 && small.warnings.count == perElement * 100)
        var kinds: [CompileWarning.Kind: Int] = [:]
        for warning in small.warnings { kinds[warning.kind, default: 0] += 1 }

        // Enough elements for 10,000 warnings and 100 elements' worth more.
        let count = (10_000 / perElement / 100 + 1) * 100
        let large = try Self.compile(Self.soup(count), perKilobyte: 2_048)
        #expect(large.warnings.count == 10_000)
        let omitted = large.omittedWarnings.values.reduce(0, +)
        #expect(omitted > 0 && large.warnings.count + omitted == perElement * count)
        // Every element is warned about the same way, so each kind is count / 100 times the
        // small one's.
        var total = large.omittedWarnings
        for warning in large.warnings { total[warning.kind, default: 0] += 1 }
        #expect(total == kinds.mapValues { $0 * (count / 100) })
    }

    @Test("an element with more than 256 attributes is refused before the XML parser reads it")
    func tooManyAttributes() throws {
        func view(attributes: Int) -> String {
            let extra = (0..<attributes).map { " a\($0)=\"\"" }.joined()
            return Source.iOSXib(
                "\n<view contentMode=\"scaleToFill\" id=\"v\"\(extra)><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></view>"
            )
        }
        // contentMode and id are two: 254 more make 256, the most allowed.
        _ = try Self.compile(view(attributes: 254))
        let error = try #require(throws: CompileError.self) { try Self.compile(view(attributes: 255)) }
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("more than 256 attributes"))
        // Source.iOSXib puts its body after five lines; the view starts the line after.
        #expect(error.line == 7 && error.column == 1)
        // 200,000 attributes: refused at once instead of half a minute in the XML parser.
        let huge = Source.iOSXib(
            "<view id=\"v\"" + String(repeating: " a=\"\"", count: 200_000) + "/>")
        #expect(throws: CompileError.self) { try Self.compile(huge) }
    }
}
