import Foundation
import NibArchive
import NibCompiler
import Testing

/// Crafted sources (issue 20): documents past libxml2's 10,000,000-byte lookup limit,
/// document type declarations and entities, numbers outside their key's range.
@Suite("Hostile sources")
struct HostileSourceTests {
    /// A valid iOS xib padded with `count` comments of 10,000 bytes between its objects.
    static func padded(comments count: Int, trailer: String = "") -> String {
        let comment = "<!--" + String(repeating: "x", count: 9_993) + "-->\n"
        return Source.iOSXib(
            String(repeating: comment, count: count)
                + #"<view contentMode="scaleToFill" id="v1"><rect key="frame" x="0" y="0" width="10" height="10"/></view>"#
        ) + trailer
    }

    @Test("A valid document larger than 10,000,000 bytes compiles (libxml2's end-of-document lookup check)")
    func largeDocument() throws {
        let text = Self.padded(comments: 1_050)
        #expect(text.utf8.count > 10_000_000)
        let graph = try Source.graph(text)
        #expect(graph.nodes.contains { $0.className == "UIView" })
    }

    @Test("A large document with content after its document element is still malformed")
    func largeDocumentWithTrailingContent() throws {
        let error = try #require(throws: CompileError.self) {
            try Source.compile(Self.padded(comments: 1_050, trailer: "<extra/>"))
        }
        #expect(error.code == .malformedXML)
        #expect(error.message.contains("10,000,000 bytes"))
    }

    @Test(
        "A document type declaration is refused with its position, whatever it declares",
        arguments: [
            #"<!DOCTYPE document [<!ENTITY hi "x">]>"#,
            // Billion laughs: ten levels of ten references.
            "<!DOCTYPE document [<!ENTITY l0 \"ha\">"
                + (1...10).map { level in
                    "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
                }.joined() + "]>",
            #"<!-- a comment first --><!DOCTYPE document SYSTEM "file:///etc/passwd">"#,
        ])
    func documentType(declaration: String) throws {
        let body = #"<label text="A&l10;B" id="l1"><rect key="frame" x="0" y="0" width="1" height="1"/></label>"#
        var text = Source.iOSXib(body)
        let prolog = try #require(text.range(of: "\n"))
        text.insert(contentsOf: "\n" + declaration, at: prolog.lowerBound)
        let error = try #require(throws: CompileError.self) { try Source.compile(text) }
        #expect(error.code == .unsupportedDocument)
        #expect(error.message.contains("<!DOCTYPE"))
        #expect(error.line == 2)
        #expect(error.column == (declaration.hasPrefix("<!--") ? 25 : 1))
    }

    @Test("<!DOCTYPE inside a comment and predefined entities and character references are not refused")
    func notADeclaration() throws {
        var text = Source.iOSXib(
            #"<label text="A&amp;&#66;&lt;" id="l1"><rect key="frame" x="0" y="0" width="1" height="1"/></label>"#)
        let prolog = try #require(text.range(of: "\n"))
        text.insert(contentsOf: "\n<!-- <!DOCTYPE x> -->", at: prolog.lowerBound)
        let graph = try Source.graph(text)
        #expect(graph.nodes.contains { $0.values.contains { $0.payload == .data(ArraySlice("A&B<".utf8)) } })
    }

    @Test(
        "Hugging and compression priorities outside 1–1000 or not finite are warnings with the default used; strict refuses them",
        arguments: ["0", "1001", "-5", "inf", "nan", "1e400", "high"])
    func viewPriorities(value: String) throws {
        let source = Source.iOSXib(
            #"<view contentMode="scaleToFill" horizontalHuggingPriority="\#(value)" id="v1"><rect key="frame" x="0" y="0" width="1" height="1"/></view>"#
        )
        let output = try Source.compile(source)
        #expect(
            output.warnings.contains {
                $0.kind == .invalidSource && $0.message.contains("horizontalHuggingPriority \"\(value)\"")
                    && $0.message.contains("250 is used")
            }, "\(output.warnings)")
        let graph = Graph(try NibArchive(parsing: output.files[""] ?? []))
        #expect(!graph.nodes.contains { $0.values.contains { $0.key == "UIViewContentHuggingPriority" } })
        #expect(throws: CompileError.self) { try Source.strictCompile(source) }
    }

    @Test(
        "Constraint priorities, constants and multipliers that are not finite are reported, never read as absent",
        arguments: [
            #"priority="inf""#, #"priority="1e400""#, #"priority="nan""#, #"constant="inf""#, #"constant="1e400""#,
            #"multiplier="1e400""#, #"multiplier="1e300""#, #"multiplier="nan""#,
        ])
    func constraintNumbers(attribute: String) throws {
        let body = #"""
            <view contentMode="scaleToFill" id="v1"><rect key="frame" x="0" y="0" width="100" height="100"/>
                <subviews><view contentMode="scaleToFill" id="v2"><rect key="frame" x="0" y="0" width="1" height="1"/></view></subviews>
                <constraints><constraint firstItem="v2" firstAttribute="width" secondItem="v1" secondAttribute="width" \#(attribute) id="c1"/></constraints>
            </view>
            """#
        let output = try Source.compile(Source.iOSXib(body))
        let name = String(attribute.prefix { $0 != "=" })
        #expect(output.warnings.contains { $0.message.contains(name) }, "\(output.warnings)")
        #expect(throws: CompileError.self) { try Source.strictCompile(Source.iOSXib(body)) }
    }

    @Test(
        "AppKit numbers archived as float32 that are past float32's range are reported, not made infinite",
        arguments: [#"spacing="1e300""#, #"spacing="-1e39""#])
    func float32Range(attribute: String) throws {
        let body = #"""
            <window title="W" id="1">
                <view key="contentView" id="v1">
                    <rect key="frame" x="0" y="0" width="300" height="200"/>
                    <subviews>
                        <stackView distribution="fill" orientation="horizontal" alignment="centerY" \#(attribute) horizontalStackHuggingPriority="250" verticalStackHuggingPriority="250" id="sv1">
                            <rect key="frame" x="20" y="88" width="260" height="24"/>
                        </stackView>
                    </subviews>
                </view>
            </window>
            """#
        let output = try Source.compile(Source.macOSXib(body))
        #expect(output.warnings.contains { $0.message.contains("float32's range") }, "\(output.warnings)")
        #expect(throws: CompileError.self) { try Source.strictCompile(Source.macOSXib(body)) }
    }
}
