import Foundation
import KeyedArchive
import Testing

/// Byte vectors worked out by hand from the `bplist00` layout (magic, objects, big-endian
/// offset table, 32-byte trailer), not taken from NibKit's own output.
@Suite("Binary property list vectors")
struct BinaryVectorTests {
    /// The 32-byte trailer: 6 unused bytes, offset size, reference size, object count, top
    /// object, offset table offset.
    static func trailer(offsetSize: UInt8 = 1, referenceSize: UInt8 = 1, count: UInt8, tableOffset: UInt8) -> [UInt8] {
        [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
            + [0, 0, 0, 0, 0, 0, 0, count]  // object count
            + [0, 0, 0, 0, 0, 0, 0, 0]  // top object 0
            + [0, 0, 0, 0, 0, 0, 0, tableOffset]  // offset table offset
    }

    static let magic: [UInt8] = Array("bplist00".utf8)

    /// One scalar object at offset 8, then the one-entry offset table.
    static func single(_ object: [UInt8]) -> [UInt8] {
        magic + object + [0x08] + trailer(count: 1, tableOffset: UInt8(8 + object.count))
    }

    static let scalars: [(PropertyList, [UInt8])] = [
        (.integer(1), [0x10, 0x01]),  // 1-byte integer
        (.integer(300), [0x11, 0x01, 0x2C]),  // 2-byte integer, big-endian
        (.integer(70_000), [0x12, 0x00, 0x01, 0x11, 0x70]),  // 4-byte integer
        (.integer(-1), [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),  // negatives are 8 bytes
        (.unsignedInteger(1 << 63), [0x14] + [0, 0, 0, 0, 0, 0, 0, 0] + [0x80, 0, 0, 0, 0, 0, 0, 0]),  // 16 bytes
        (.real(0.5), [0x23, 0x3F, 0xE0, 0, 0, 0, 0, 0, 0]),  // IEEE double 0.5
        (.real32(1.5), [0x22, 0x3F, 0xC0, 0, 0]),  // IEEE single 1.5
        (.date(0), [0x33, 0, 0, 0, 0, 0, 0, 0, 0]),  // 2001-01-01T00:00:00Z
        (.bool(true), [0x09]),
        (.bool(false), [0x08]),
        (.null, [0x00]),
        (.string("ab"), [0x52, 0x61, 0x62]),  // ASCII, count in the low nibble
        (.string("é"), [0x61, 0x00, 0xE9]),  // UTF-16BE, one unit
        (.uid(5), [0x80, 0x05]),  // 1-byte UID
        (.uid(0x1234), [0x81, 0x12, 0x34]),  // 2-byte UID
        (.data([0, 1, 2]), [0x43, 0, 1, 2]),
        (.data(Array(0..<15)), [0x4F, 0x10, 0x0F] + Array(0..<15)),  // 15 bytes: count as an integer object
    ]

    @Test("Scalars read from and write to the hand-derived bytes", arguments: scalars)
    func scalar(value: PropertyList, object: [UInt8]) throws {
        let bytes = Self.single(object)
        #expect(try PropertyList(parsing: bytes) == value)
        #expect(try value.serialized(as: .binary) == bytes)
    }

    @Test("An array refers to its elements by object index")
    func array() throws {
        let bytes =
            Self.magic
            + [0xA2, 0x01, 0x02]  // object 0 at 8: array of objects 1 and 2
            + [0x09]  // object 1 at 11: true
            + [0x52, 0x61, 0x62]  // object 2 at 12: "ab"
            + [0x08, 0x0B, 0x0C]  // offset table at 15
            + Self.trailer(count: 3, tableOffset: 15)
        let value = PropertyList.array([.bool(true), .string("ab")])
        #expect(try PropertyList(parsing: bytes) == value)
        #expect(try value.serialized(as: .binary) == bytes)
    }

    @Test("A dictionary lists its key references, then its value references")
    func dictionary() throws {
        let bytes =
            Self.magic
            + [0xD1, 0x01, 0x02]  // object 0 at 8: one entry, key object 1, value object 2
            + [0x51, 0x61]  // object 1 at 11: "a"
            + [0x80, 0x05]  // object 2 at 13: UID 5
            + [0x08, 0x0B, 0x0D]  // offset table at 15
            + Self.trailer(count: 3, tableOffset: 15)
        let value = PropertyList.dictionary([PropertyList.Entry("a", .uid(5))])
        #expect(try PropertyList(parsing: bytes) == value)
        #expect(try value.serialized(as: .binary) == bytes)
    }

    @Test("Equal scalars are written once and shared")
    func sharing() throws {
        let bytes =
            Self.magic
            + [0xA2, 0x01, 0x01]  // object 0 at 8: array of object 1, twice
            + [0x51, 0x78]  // object 1 at 11: "x"
            + [0x08, 0x0B]  // offset table at 13
            + Self.trailer(count: 2, tableOffset: 13)
        let value = PropertyList.array([.string("x"), .string("x")])
        #expect(try value.serialized(as: .binary) == bytes)
        #expect(try PropertyList(parsing: bytes) == value)
    }
}

/// XML property lists written by hand in Apple's layout.
@Suite("XML property list vectors")
struct XMLVectorTests {
    @Test("Every element type reads as expected")
    func reads() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>uid</key>
            \t<dict><key>CF$UID</key><integer>7</integer></dict>
            \t<key>text &amp; more</key>
            \t<string>a&lt;b&#233;<![CDATA[<raw>]]></string>
            \t<!-- a comment -->
            \t<key>data</key>
            \t<data>
            \tAAEC
            \t</data>
            \t<key>date</key>
            \t<date>2001-01-01T00:01:00Z</date>
            \t<key>numbers</key>
            \t<array><integer>-3</integer><integer>0x10</integer><real>2.5</real><true/><false/></array>
            \t<key>empty</key>
            \t<dict/>
            </dict>
            </plist>
            """
        let expected = PropertyList.dictionary([
            PropertyList.Entry("uid", .uid(7)),
            PropertyList.Entry("text & more", .string("a<bé<raw>")),
            PropertyList.Entry("data", .data([0, 1, 2])),
            PropertyList.Entry("date", .date(60)),
            PropertyList.Entry("numbers", .array([.integer(-3), .integer(16), .real(2.5), .bool(true), .bool(false)])),
            PropertyList.Entry("empty", .dictionary([])),
        ])
        #expect(try PropertyList(parsing: Array(xml.utf8)) == expected)
    }

    @Test("The writer lays a value out as Apple's tools do")
    func writes() throws {
        let value = PropertyList.dictionary([
            PropertyList.Entry("k", .array([.uid(1), .string("<&>\r"), .data([0xFF]), .bool(false)]))
        ])
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>k</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>CF$UID</key>
            \t\t\t<integer>1</integer>
            \t\t</dict>
            \t\t<string>&lt;&amp;&gt;&#13;</string>
            \t\t<data>/w==</data>
            \t\t<false/>
            \t</array>
            </dict>
            </plist>

            """
        #expect(String(decoding: try value.serialized(as: .xml), as: UTF8.self) == expected)
        #expect(try PropertyList(parsing: try value.serialized(as: .xml)) == value)
    }

    @Test("Null has no XML form")
    func nullIsUnrepresentable() {
        #expect(throws: KeyedArchiveError.self) { try PropertyList.array([.null]).serialized(as: .xml) }
    }
}

/// The offset table's entries are as wide as the table's own offset needs: CoreFoundation's
/// reader refuses a file whose offset size cannot hold where the offset table starts, even
/// when every object starts within the first 256 bytes.
@Suite("Binary property list offset width")
struct BinaryOffsetWidthTests {
    @Test("a table that starts past byte 255 gets two-byte offsets, and Foundation reads the file")
    func offsetWidthCoversTheTable() throws {
        // One string of 300 ASCII bytes (marker 0x5F, then the length as a 2-byte integer:
        // 0x11 0x01 0x2C): the object starts at 8, the table at 8 + 4 + 300.
        let text = String(repeating: "x", count: 300)
        let bytes = try PropertyList.string(text).serialized(as: .binary)
        let trailer = bytes.suffix(32)
        #expect(Array(trailer.prefix(8)) == [0, 0, 0, 0, 0, 0, 2, 1], "offset size 2, reference size 1")
        let tableOffset = 8 + 4 + 300
        #expect(Array(bytes[tableOffset..<tableOffset + 2]) == [0x00, 0x08], "the one offset, on two bytes")
        let parsed = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        #expect(parsed as? String == text)
    }
}
