import Foundation
import Testing

@testable import NibCompiler

/// Source elements keep their attributes as one array with names shared across the document;
/// what the element API answers is unchanged.
@Suite("Source element attributes")
struct SourceElementStorageTests {
    static let source = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113">
            <objects>
                <label text="One" translatesAutoresizingMaskIntoConstraints="NO" id="a"/>
                <label translatesAutoresizingMaskIntoConstraints="YES" text="Two" id="b" userLabel="Second"/>
            </objects>
        </document>
        """

    @Test("Attributes read back as written, by subscript and as a dictionary")
    func attributesReadBack() throws {
        let document = try SourceDocument(parsing: Data(Self.source.utf8), fileName: "t.xib")
        let labels = document.root.child("objects")?.children ?? []
        #expect(labels.count == 2)
        let first = try #require(labels.first)
        let second = try #require(labels.last)
        #expect(first.attributes == ["text": "One", "translatesAutoresizingMaskIntoConstraints": "NO", "id": "a"])
        #expect(
            second.attributes == [
                "translatesAutoresizingMaskIntoConstraints": "YES", "text": "Two", "id": "b", "userLabel": "Second",
            ])
        #expect(first["text"] == "One")
        #expect(first["userLabel"] == nil)
        #expect(second.flag("translatesAutoresizingMaskIntoConstraints"))
        #expect(!first.flag("translatesAutoresizingMaskIntoConstraints"))
        #expect(first.summary == "<label id=\"a\">")
        #expect(first.line == 4)
        #expect(second.line == 5)
        #expect(document.root["toolsVersion"] == "14113")
    }

    @Test("Changing one attribute through the dictionary keeps the others")
    func attributeChange() throws {
        let document = try SourceDocument(parsing: Data(Self.source.utf8), fileName: "t.xib")
        let label = try #require(document.root.child("objects")?.children.first)
        label.attributes["text"] = "Uno"
        label.attributes["userLabel"] = "First"
        #expect(label["text"] == "Uno")
        #expect(label["userLabel"] == "First")
        #expect(label["id"] == "a")
        #expect(label.attributes.count == 4)
    }
}
