import CorpusSupport
import Foundation
import NibArchive
import NibCoding
import Testing

/// The typed models over every corpus object of their class.
@Suite("Typed values of the corpus")
struct TypedValueTests {
    @Test(
        "Colors, fonts, numbers, NSValues, strings and images all decode to typed values",
        .corpus)
    func everyTypedValue() throws {
        var counts: [String: Int] = [:]
        for name in Corpus.nibFileNames {
            let root = try Nib(bytes: try Corpus.nibBytes(named: name)).decodeGraph()
            for object in DumpAgreementTests.reachable(from: root) {
                switch object {
                case let color as NibColor:
                    #expect(color.components != nil || color.catalogName != nil, "\(name): \(color.entries.map(\.key))")
                    counts["color", default: 0] += 1
                case let font as NibFont:
                    #expect(font.name != nil && (font.pointSize ?? 0) > 0, "\(name): font \(font.entries.map(\.key))")
                    counts["font", default: 0] += 1
                case let number as NibNumber:
                    #expect(number.value != nil, "\(name): number \(number.entries.map(\.key))")
                    counts["number", default: 0] += 1
                case let value as NibStructValue:
                    if case .other = value.value { Issue.record("\(name): NSValue \(value.entries.map(\.key))") }
                    counts["NSValue", default: 0] += 1
                case let string as NibString:
                    #expect(string.isValidUTF8)
                    counts["string", default: 0] += 1
                case let image as NibImageReference:
                    #expect(image.resourceName != nil || image.containsValue(forKey: "UIResourceName"))
                    counts["image", default: 0] += 1
                default: break
                }
            }
        }
        #expect(counts["color", default: 0] > 700)
        #expect(counts["font", default: 0] > 300)
        #expect(counts["number", default: 0] > 1_000)
        #expect(counts["NSValue"] == 76)
    }

    @Test("A strings table localizes NSLocalizableString, keeping the design-time text")
    func stringsTable() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("UINibTopLevelObjectsKey", .objectReference(1))]),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(2))]),
            ("UILabel", [("UIText", .objectReference(3))]),
            ("NSLocalizableString", [("NS.bytes", .string("Hello")), ("NSKey", .objectReference(4))]),
            ("NSString", [("NS.bytes", .string("abc-12-xyz.text"))]),
        ])
        let options = NibLoadingOptions(stringsTable: ["abc-12-xyz.text": "Bonjour"])
        let label = try #require(try Nib(archive: archive).instantiate(options: options).first as? NibLabel)
        #expect(label.text == "Bonjour")
        #expect((label.object(forKey: "UIText") as? NibLocalizableString)?.designTimeString == "Hello")
        let plain = try #require(try Nib(archive: archive).instantiate().first as? NibLabel)
        #expect(plain.text == "Hello")
    }
}
