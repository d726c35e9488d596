import CorpusSupport
import Foundation
import NibCoding
import Testing

@Suite("Decodable bridge")
struct CodableBridgeTests {
    struct Label: Decodable {
        var UIText: String
        var UIBounds: CGRect
        var UICenter: CGPoint
        var UITextAlignment: Int
        var UIFont: Font
        var UIHidden: Bool?
    }
    struct Font: Decodable {
        var UIFontName: String
        var UIFontPointSize: Double
        var UISystemFont: Bool
    }
    struct View: Decodable {
        var UIBounds: CGRect
        var UISubviews: [Subview]
    }
    struct Subview: Decodable {
        var UIBounds: CGRect
        var UIText: String?
    }

    @Test("A label decodes into a plain Swift struct by key")
    func label() throws {
        let label = NibLabel(frame: CGRect(x: 20, y: 40, width: 280, height: 21), text: "Sign in")
        let decoded = try NibObjectDecoder().decode(Label.self, from: label)
        #expect(decoded.UIText == "Sign in")
        #expect(decoded.UIBounds == CGRect(x: 0, y: 0, width: 280, height: 21))
        #expect(decoded.UICenter == CGPoint(x: 160, y: 50.5))
        #expect(decoded.UITextAlignment == 4)
        #expect(decoded.UIFont.UIFontPointSize == 17)
        #expect(decoded.UIHidden == nil)
    }

    @Test("Hierarchies decode through collections; a missing key is a DecodingError with its path")
    func hierarchy() throws {
        let root = try Nib(archive: try Fixtures.loginScreen()).decodeGraph()
        let view = try #require(root.array(forKey: "UINibTopLevelObjectsKey")?.last)
        let decoded = try NibObjectDecoder().decode(View.self, from: view)
        #expect(decoded.UISubviews.count == 5)
        #expect(decoded.UISubviews.first?.UIText == "Sign in")
        #expect(throws: DecodingError.self) { try NibObjectDecoder().decode(Label.self, from: view) }
    }

    @Test("A type that follows a cycle fails at the depth limit")
    func cycle() throws {
        final class Node: Decodable { var next: Node }
        let a = NibObject(className: "Node")
        a.setObject(a, forKey: "next")
        #expect(throws: DecodingError.self) { try NibObjectDecoder(maximumDepth: 50).decode(Node.self, from: a) }
    }

    @Test("Every label in the corpus decodes into the Label struct", .corpus)
    func corpusLabels() throws {
        struct TextOnly: Decodable {
            var UIText: String?
            var UIBounds: CGRect
        }
        var count = 0
        for name in Corpus.nibFileNames {
            let root = try Nib(bytes: try Corpus.nibBytes(named: name)).decodeGraph()
            for case let label as NibLabel in DumpAgreementTests.reachable(from: root) {
                let decoded = try NibObjectDecoder().decode(TextOnly.self, from: label)
                #expect(decoded.UIText == label.text)
                #expect(decoded.UIBounds == label.bounds)
                count += 1
            }
        }
        #expect(count > 300)
    }
}
