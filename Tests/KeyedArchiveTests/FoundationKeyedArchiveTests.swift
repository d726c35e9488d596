import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibDiff
import Testing

/// Keyed archives as `NSKeyedArchiver` writes them (no `$nibkit` annotation): reading them
/// (`$null`) and writing them (``NibArchive/foundationKeyedArchive()``).
@Suite("Foundation keyed archives")
struct FoundationKeyedArchiveTests {
    /// A root whose `view` has `NSSuperview` pointing at `$objects[3]`, a second `$null` string.
    static let secondNull = PropertyList.dictionary([
        PropertyList.Entry("$archiver", .string("NSKeyedArchiver")),
        PropertyList.Entry("$top", .dictionary([PropertyList.Entry("view", .uid(1))])),
        PropertyList.Entry(
            "$objects",
            .array([
                .string("$null"),
                .dictionary([PropertyList.Entry("$class", .uid(2)), PropertyList.Entry("NSSuperview", .uid(3))]),
                .dictionary([PropertyList.Entry("$classname", .string("NSView"))]),
                .string("$null"),
            ])),
    ])

    @Test("A UID to any $null string reads as nil, not as an NSString (scribendi's NSComboTableView)")
    func laterNullIsNil() throws {
        let archive = try NibArchive(keyedArchive: Self.secondNull)
        #expect(archive.objects.count == 2)
        let view = archive.objects[1]
        #expect(archive.className(of: view) == "NSView")
        #expect(archive.values(of: view).first?.payload == .nil)
    }

    /// Strings, numbers, a mutable string, an array, a dictionary and nil through the writer.
    static func sample() throws -> NibArchive {
        var builder = NibArchive.Builder(coderVersion: 10)
        let root = builder.addObject(className: "NSObject")
        let view = builder.addObject(className: "NSView")
        let title = builder.addObject(className: "NSString")
        builder.append(.bytes(Array("Title".utf8)), forKey: "NS.bytes", to: title)
        let number = builder.addObject(className: "NSNumber")
        builder.append(.integer(11), forKey: "NS.intval", to: number)
        let real = builder.addObject(className: "NSNumber")
        builder.append(.float64(11.5), forKey: "NS.dblval", to: real)
        let mutable = builder.addObject(className: "NSMutableString")
        builder.append(.bytes(Array("AXDescription".utf8)), forKey: "NS.bytes", to: mutable)
        let array = builder.addObject(className: "NSMutableArray")
        builder.append(.bool(true), forKey: "NSInlinedValue", to: array)
        builder.append(.objectReference(title), forKey: NibArchive.Builder.emptyKey, to: array)
        builder.append(.objectReference(number), forKey: NibArchive.Builder.emptyKey, to: array)
        let dictionary = builder.addObject(className: "NSDictionary")
        builder.append(.bool(true), forKey: "NSInlinedValue", to: dictionary)
        builder.append(.objectReference(title), forKey: NibArchive.Builder.emptyKey, to: dictionary)
        builder.append(.objectReference(real), forKey: NibArchive.Builder.emptyKey, to: dictionary)
        builder.append(.objectReference(view), forKey: "IB.objectdata", to: root)
        builder.append(.objectReference(title), forKey: "NSTitle", to: view)
        builder.append(.objectReference(mutable), forKey: "AXAttributeTypeArchiveKey", to: view)
        builder.append(.objectReference(array), forKey: "NSSubviews", to: view)
        builder.append(.objectReference(dictionary), forKey: "NSTable", to: view)
        builder.append(.nil, forKey: "NSSuperview", to: view)
        builder.append(.float32(1.5), forKey: "NSAlpha", to: view)
        builder.append(.integer(274), forKey: "NSvFlags", to: view)
        return try builder.build()
    }

    @Test("The writer uses NSKeyedArchiver's forms: plist scalars, NS.string, NS.objects/NS.keys, $top")
    func writtenForms() throws {
        let plist = try Self.sample().foundationKeyedArchive()
        #expect(plist["$archiver"] == .string("NSKeyedArchiver"))
        #expect(plist["$nibkit"] == nil)
        guard case .array(let objects)? = plist["$objects"], case .dictionary(let top)? = plist["$top"] else {
            Issue.record("no $objects or $top")
            return
        }
        #expect(top == [PropertyList.Entry("IB.objectdata", .uid(1))])
        #expect(objects[0] == .string("$null"))
        #expect(objects[2] == .string("Title"))
        #expect(objects[3] == .integer(11))
        #expect(objects[4] == .real(11.5))
        #expect(objects[5]["NS.string"] == .string("AXDescription"))
        #expect(objects[6]["NS.objects"] == .array([.uid(2), .uid(3)]))
        #expect(objects[7]["NS.keys"] == .array([.uid(2)]))
        #expect(objects[7]["NS.objects"] == .array([.uid(4)]))
        #expect(objects[1]["NSSuperview"] == .uid(0))
        #expect(objects[1]["NSAlpha"] == .real32(1.5))
    }

    /// Binary only: keyed nibs are binary plists, and XML has no 4-byte reals (NSAlpha).
    @Test("What the writer writes reads back as the same graph")
    func roundTrip() throws {
        let archive = try Self.sample()
        let back = try NibArchive(keyedArchiveBytes: try archive.foundationKeyedArchive().serialized(as: .binary))
        #expect(StructuralComparison().differences(between: archive, and: back).isEmpty)
    }

    @Test(
        "Every old keyed nib read, written the Foundation way and read again keeps its graph",
        .corpus, arguments: CorpusTests.keyedNibNames)
    func corpusRoundTrip(name: String) throws {
        let archive = try NibArchive(keyedArchiveBytes: try CorpusTests.keyedNibBytes(named: name))
        let back = try NibArchive(keyedArchiveBytes: try archive.foundationKeyedArchive().serialized(as: .binary))
        let differences = StructuralComparison().differences(between: archive, and: back)
        #expect(differences.isEmpty, "\(differences.prefix(3).map(\.description))")
    }
}
