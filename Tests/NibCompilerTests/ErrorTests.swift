import Foundation
import NibCompiler
import Testing

@Suite("Errors name the element, line and column")
struct ErrorTests {
    @Test("an element without a rule is rejected with its position")
    func unsupportedElement() throws {
        let source = Source.iOSXib(#"<webView id="w1"><rect key="frame" x="0" y="0" width="1" height="1"/></webView>"#)
        let error = try #require(throws: CompileError.self) { try Source.refusing { try Source.strictCompile(source) } }
        #expect(error.code == .unsupportedElement)
        #expect(error.line == 6)
        #expect(error.element == #"<webView id="w1">"#)
        #expect(error.description.hasPrefix("Test.xib:6:"))
    }

    @Test("an unknown attribute is rejected, not ignored")
    func unsupportedAttribute() throws {
        let source = Source.iOSXib(
            #"<view someNewFlag="YES" id="v1"><rect key="frame" x="0" y="0" width="1" height="1"/></view>"#)
        let error = try #require(throws: CompileError.self) { try Source.refusing { try Source.strictCompile(source) } }
        #expect(error.code == .unsupportedAttribute)
    }

    @Test("numbers out of an integer's range are errors or kept as doubles, never a crash")
    func hugeNumbers() throws {
        let body = #"""
            <view id="v1"><rect key="frame" x="1e300" y="0" width="1e308" height="1"/>
                <subviews>
                    <label text="x" id="l1"><rect key="frame" x="0" y="0" width="1" height="1"/>
                        <fontDescription key="fontDescription" type="system" pointSize="1e300"/></label>
                </subviews>
                <constraints><constraint firstItem="l1" firstAttribute="width" constant="1" priority="1e300" id="c1"/></constraints>
            </view>
            """#
        let error = try #require(throws: CompileError.self) {
            try Source.refusing { try Source.strictCompile(Source.iOSXib(body)) }
        }
        #expect(error.code == .unsupportedAttribute)
        #expect(error.element == #"<constraint id="c1">"#)
        let withoutPriority = body.replacingOccurrences(of: #" priority="1e300""#, with: "")
        _ = try Source.compile(Source.iOSXib(withoutPriority))
    }

    @Test("a segue to a controller archived inside its navigation controller is an error when strict")
    func segueToEmbeddedController() throws {
        let source = NavigationStoryboardTests.storyboard.replacingOccurrences(
            of: #"destination="next" kind="push""#, with: #"destination="root" kind="push""#)
        let error = try #require(throws: CompileError.self) {
            try Source.refusing { try Source.compiler().compile(Data(source.utf8), fileName: "Main.storyboard") }
        }
        #expect(error.code == .invalidSource)
        #expect(error.element == #"<segue id="s71">"#)
    }

    @Test("malformed XML reports the parser's position")
    func malformed() throws {
        let error = try #require(throws: CompileError.self) {
            try Source.compile("<document><objects attr=></document>")
        }
        #expect(error.code == .malformedXML)
        #expect(error.line >= 1)
    }

    /// Foundation's XMLParser traps on such bytes on Linux (found by FuzzCompile): the compiler
    /// must stop before handing them over, and say where they are.
    @Test("a source that is not valid UTF-8 is an error at the offending byte")
    func invalidUTF8() throws {
        var bytes = Array(Source.macOSXib("").utf8)
        let secondLine = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        bytes.insert(0xB0, at: secondLine + 3)
        let error = try #require(throws: CompileError.self) {
            try Source.compiler().compile(Data(bytes), fileName: "Bad.xib")
        }
        #expect(error.code == .malformedXML)
        #expect(error.line == 2)
        #expect(error.column == 4)
    }

    /// `nan` and `inf` parse as Doubles; a rule converting them to integers would trap.
    @Test("non-finite numbers in a source are treated as absent, never trap", arguments: ["nan", "inf", "1e999"])
    func nonFiniteNumbers(text: String) throws {
        let body = #"""
            <window title="W" id="1">
                <rect key="contentRect" x="\#(text)" y="0" width="10" height="10"/>
                <view key="contentView" id="2">
                    <rect key="frame" x="0" y="0" width="10" height="10"/>
                    <subviews>
                        <textField id="3">
                            <rect key="frame" x="0" y="0" width="\#(text)" height="10"/>
                            <textFieldCell key="cell" title="T" id="4"><font key="font" metaFont="system"/></textFieldCell>
                        </textField>
                    </subviews>
                </view>
            </window>
            """#
        let source = Source.macOSXib(body)
            .replacingOccurrences(of: #"toolsVersion="15702""#, with: #"toolsVersion="\#(text)""#)
        do {
            _ = try Source.compile(source)
        } catch let error as CompileError {
            #expect(!error.message.isEmpty)
        }
    }

    @Test("a reference to an unknown id is an error")
    func danglingReference() throws {
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="1" height="1"/>
                <constraints><constraint firstItem="nope" firstAttribute="width" constant="1" id="c1"/></constraints>
            </view>
            """#
        let error = try #require(throws: CompileError.self) {
            try Source.refusing { try Source.strictCompile(Source.iOSXib(body)) }
        }
        #expect(error.code == .invalidSource)
    }
}
