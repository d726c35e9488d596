import CorpusSupport
import Foundation
import NibArchive
import NibCoding
import Testing

/// Decoded values against the independent `nibdump` files of `../shared/corpus/nibdump/`.
@Suite("Decoded values agree with the independent dumps")
struct DumpAgreementTests {
    /// One `value` line: object index, key, wire type, payload text.
    struct DumpValue {
        var object: Int
        var key: String
        var type: Int
        var payload: String
    }

    static func dumpValues(_ text: String) -> [Int: [DumpValue]] {
        var result: [Int: [DumpValue]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("value\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let object = Int(fields[1]), let type = Int(fields[4]) else { continue }
            result[object, default: []].append(
                DumpValue(object: object, key: String(fields[3]), type: type, payload: String(fields[5])))
        }
        return result
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static func bytes(fromDump payload: String) -> [UInt8] {
        let hex = Array(payload.split(separator: ":", maxSplits: 1).last ?? "")
        return stride(from: 0, to: hex.count - 1, by: 2).compactMap { UInt8(String(hex[$0...$0 + 1]), radix: 16) }
    }

    /// The text the dump prints for an entry (see nibdump-format.md section 4).
    static func dumpText(_ value: NibEntry.Value) -> (type: Int, text: String)? {
        switch value {
        case .object, .backReference:
            guard let index = (value.object as? NibObject)?.archiveIndex else { return nil }
            return (10, String(index))
        case .payload(let payload):
            let type = Int(payload.type.rawValue)
            switch payload {
            case .int8(let v): return (type, String(v))
            case .int16(let v): return (type, String(v))
            case .int32(let v): return (type, String(v))
            case .int64(let v): return (type, String(v))
            case .bool, .nil: return (type, "-")
            case .float32(let v): return (type, "0x" + String(format: "%08x", v.bitPattern))
            case .float64(let v): return (type, "0x" + String(format: "%016llx", v.bitPattern))
            case .data(let d): return (type, "\(d.count):" + hex(d))
            case .objectReference(let r): return (type, String(r))
            }
        }
    }

    static func reachable(from root: NibObject) -> [NibObject] {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var result: [NibObject] = []
        var stack = [root]
        while let object = stack.popLast() {
            result.append(object)
            for entry in object.entries {
                if let child = entry.value.object as? NibObject, seen.insert(ObjectIdentifier(child)).inserted {
                    stack.append(child)
                }
            }
        }
        return result
    }

    /// The `object` lines' class names by object index (names with an escape are left out).
    static func dumpClassNames(_ text: String) -> [Int: String] {
        var result: [Int: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("object\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let object = Int(fields[1]), !fields[3].contains("\\") else { continue }
            result[object] = String(fields[3])
        }
        return result
    }

    /// A decoded object reads its class name from the archive until its values leave it; the
    /// name must be the same before, after `entries` is read, and after `entries` is set.
    @Test(
        "Decoded objects keep their dump's class names when their values leave the archive",
        .corpus, arguments: Corpus.nibFileNames)
    func classNamesMatchDump(name: String) throws {
        let url = try Corpus.directory().appendingPathComponent("nib/\(name)")
        let names = Self.dumpClassNames(String(decoding: try Corpus.nibdump(for: url), as: UTF8.self))
        let root = try Nib(bytes: try Corpus.nibBytes(named: name)).decodeGraph()
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var stack = [root]
        var checked = 0
        while let object = stack.popLast() {
            let index = try #require(object.archiveIndex)
            let expected = names[index]
            if let expected { #expect(object.className == expected, "\(name) object \(index)") }
            let entries = object.entries
            if let expected { #expect(object.className == expected, "\(name) object \(index) after reading entries") }
            if index % 2 == 0 {
                object.entries = entries
                if let expected { #expect(object.className == expected, "\(name) object \(index) after setting") }
            }
            if expected != nil { checked += 1 }
            for entry in entries {
                if let child = entry.value.object as? NibObject, seen.insert(ObjectIdentifier(child)).inserted {
                    stack.append(child)
                }
            }
        }
        #expect(checked > 1)
    }

    @Test(
        "Every decoded value of every corpus nib matches its dump line", .corpus,
        arguments: Corpus.nibFileNames)
    func valuesMatchDump(name: String) throws {
        let url = try Corpus.directory().appendingPathComponent("nib/\(name)")
        let dump = Self.dumpValues(String(decoding: try Corpus.nibdump(for: url), as: UTF8.self))
        let nib = try Nib(bytes: try Corpus.nibBytes(named: name))
        let objects = Self.reachable(from: try nib.decodeGraph())
        #expect(objects.count > 1)
        var typedChecks = 0
        for object in objects {
            let index = try #require(object.archiveIndex)
            let lines = dump[index] ?? []
            try #require(lines.count == object.entries.count, "\(name) object \(index): count differs")
            for (entry, line) in zip(object.entries, lines) {
                #expect(entry.key == line.key)
                if let (type, text) = Self.dumpText(entry.value) {
                    #expect(type == line.type && text == line.payload, "\(name) object \(index) \(entry.key)")
                }
            }
            // Typed values against the raw dump bytes.
            if let string = object as? NibString, let line = lines.first(where: { $0.key == "NS.bytes" }) {
                let designTime = (string as? NibLocalizableString)?.designTimeString ?? string.string
                #expect(designTime == String(decoding: Self.bytes(fromDump: line.payload), as: UTF8.self))
                typedChecks += 1
            }
            if let view = object as? NibView, let line = lines.first(where: { $0.key == "UIBounds" }) {
                let raw = Self.bytes(fromDump: line.payload)
                if raw.count == 33, raw[0] == 7 {
                    let width = Double(bitPattern: raw[17..<25].reversed().reduce(0) { $0 << 8 | UInt64($1) })
                    #expect(
                        Double(view.bounds.size.width).bitPattern == width.bitPattern,
                        "\(Double(view.bounds.size.width).bitPattern) \(width.bitPattern)")
                    typedChecks += 1
                }
            }
            if let number = object as? NibNumber, let line = lines.first {
                switch (number.value, line.type) {
                case (.integer(let v)?, 0...3): #expect(String(v) == line.payload)
                case (.double(let v)?, 7): #expect("0x" + String(format: "%016llx", v.bitPattern) == line.payload)
                case (.bool(let v)?, 4...5): #expect(v == (line.type == 5))
                default:
                    Issue.record(
                        "\(name) object \(index): number \(String(describing: number.value)) vs type \(line.type)")
                }
                typedChecks += 1
            }
        }
        #expect(typedChecks > 0)
    }
}
