import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibDiff
import Testing

/// Every real file of `../shared/corpus/nib/` through the keyed form and back, and every old
/// keyed nib of `../shared/corpus/nib-keyed/` into a NIBArchive.
@Suite("Corpus nibs as keyed archives")
struct CorpusTests {
    static var keyedNibNames: [String] {
        (try? Corpus.files(in: "nib-keyed", withExtension: "nib").map(\.lastPathComponent)) ?? []
    }

    static func keyedNibBytes(named name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try Corpus.directory().appendingPathComponent("nib-keyed/\(name)")))
    }

    @Test("The keyed corpus is present whenever CI runs", .enabled(if: Corpus.isCI))
    func corpusIsPresentUnderCI() throws {
        #expect(try Corpus.nibFiles().count == 298)
        #expect(try Corpus.files(in: "nib-keyed", withExtension: "nib").count == 61)
    }

    @Test(
        "Every corpus nib survives nib → keyed archive → nib, in both plist formats", .corpus,
        arguments: Corpus.nibFileNames)
    func roundTrip(name: String) throws {
        let bytes = try Corpus.nibBytes(named: name)
        let archive = try NibArchive(parsing: bytes)
        let conversion = try archive.keyedArchive()
        for format in PropertyList.Format.allCases {
            let plistBytes = try conversion.propertyList.serialized(as: format)
            #expect(NibArchive.isKeyedArchive(plistBytes))
            let back = try NibArchive(keyedArchiveBytes: plistBytes)
            #expect(back == archive, "\(name) via \(format) is not an equal archive")
            #expect(StructuralComparison().isEquivalent(back, archive), "\(name) via \(format): graphs differ")
            // Every corpus file is in canonical layout, so every one comes back byte for byte.
            #expect(back.serialized() == bytes, "\(name) via \(format): bytes differ")
        }
    }

    @Test(
        "Every old keyed nib converts to a NIBArchive that writes, re-parses and dumps",
        .corpus, arguments: keyedNibNames)
    func keyedNibConverts(name: String) throws {
        let bytes = try Self.keyedNibBytes(named: name)
        #expect(NibArchive.isKeyedArchive(bytes))
        let archive = try NibArchive(keyedArchiveBytes: bytes)
        #expect(archive.objects.count > 1)
        #expect(archive.className(of: archive.objects[0]) == "NSObject")
        let reparsed = try NibArchive(parsing: archive.serialized())
        #expect(reparsed == archive)
        #expect(!(try archive.nibdumpBytes()).isEmpty)
        // The NIBArchive written back as a keyed archive reads back equal.
        let again = try NibArchive(keyedArchive: archive.keyedArchive().propertyList)
        #expect(again == archive)
    }

    @Test(
        "Every old keyed nib's property list re-serializes to an equal value in both formats",
        .corpus, arguments: keyedNibNames)
    func keyedNibPlistRoundTrip(name: String) throws {
        let plist = try PropertyList(parsing: try Self.keyedNibBytes(named: name))
        for format in PropertyList.Format.allCases {
            let back = try PropertyList(parsing: try plist.serialized(as: format))
            if format == .binary {
                #expect(back == plist)
            } else {
                // XML has one real type: 4-byte reals come back as 8-byte reals of equal value.
                #expect(widened(back) == widened(plist))
            }
        }
    }

    private func widened(_ value: PropertyList) -> PropertyList {
        switch value {
        case .real32(let number): .real(Double(number))
        case .array(let elements): .array(elements.map(widened))
        case .dictionary(let entries): .dictionary(entries.map { PropertyList.Entry($0.key, widened($0.value)) })
        default: value
        }
    }
}
