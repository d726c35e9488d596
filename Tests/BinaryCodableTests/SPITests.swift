import Foundation
@_spi(Internals) import NibKitBinaryCodable
import Testing

/// Records the coding path each container sees, for the SPI path tests.
private struct PathProbe: Encodable {
    var inner: Int
    enum CodingKeys: String, CodingKey { case inner }
    static nonisolated(unsafe) var seenPaths: [[String]] = []

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        PathProbe.seenPaths.append(container.codingPath.map(\.stringValue))
        var nested = container.nestedUnkeyedContainer(forKey: .inner)
        PathProbe.seenPaths.append(nested.codingPath.map(\.stringValue))
        try nested.encode(inner)
    }
}

/// The `@_spi(Internals)` nodes used as the reference library's SPI tests use them: encode
/// through an `EncodingNode` and read `containedData()` / `completeData()`, decode through a
/// `DecodingNode`. Expected bytes are the format spec's worked examples (§4), not our output.
@Suite("SPI (Internals)")
struct SPITests {
    @Test("A keyed value: complete data is the root form N(x), with neither nil indicator nor length")
    func keyedValue() throws {
        let node = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
        try DocMessage(isComplete: true, owner: "Bob", references: [3, -280]).encode(to: node)
        #expect(!node.needsLengthData)
        #expect(!node.needsNilIndicator)
        #expect(!node.isNil)
        let example20 = bytes("02 0201", "04 06426f62", "06 06 06af04")
        #expect(try node.containedData() == example20)
        #expect(try node.completeData() == example20)
    }

    @Test("An optional at the root: nil indicator 00 then the value, or 01 for nil (§4 examples 9, 10)")
    func optionalAtRoot() throws {
        let some = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
        try Int?.some(-1).encode(to: some)
        #expect(some.needsNilIndicator)
        #expect(!some.isNil)
        #expect(try some.containedData() == bytes("01"))
        #expect(try some.completeData() == bytes("00 01"))

        let nested = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
        try Bool??.some(.some(false)).encode(to: nested)
        #expect(try nested.completeData() == bytes("00 00 00"))

        let none = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
        try Int?.none.encode(to: none)
        #expect(none.needsNilIndicator)
        #expect(none.isNil)
        #expect(try none.completeData() == bytes("01"))
    }

    @Test("With needsLengthData the complete data is a stream frame E(x) (§4 examples 35, 36)")
    func framed() throws {
        let array = EncodingNode(needsLengthData: true, codingPath: [], userInfo: [:])
        try [5].encode(to: array)
        #expect(array.needsLengthData)
        #expect(try array.containedData() == bytes("02 0a"))
        #expect(try array.completeData() == bytes("04 02 0a"))

        let string = EncodingNode(needsLengthData: true, codingPath: [], userInfo: [:])
        try String?.some("a").encode(to: string)
        #expect(try string.completeData() == bytes("02 61"))

        let none = EncodingNode(needsLengthData: true, codingPath: [], userInfo: [:])
        try String?.none.encode(to: none)
        #expect(try none.completeData() == bytes("01"))
    }

    @Test("Containers taken from the node directly; userInfo's sort option sorts keys (§4 example 19)")
    func containersFromTheNode() throws {
        let node = EncodingNode(
            needsLengthData: false, codingPath: [], userInfo: [BinaryEncoder.userInfoSortKey: true])
        enum Keys: String, CodingKey { case name, age }
        var container = node.container(keyedBy: Keys.self)
        try container.encode("Al", forKey: .name)
        try container.encode(UInt8(30), forKey: .age)
        #expect(try node.completeData() == bytes("07 616765 02 1e", "09 6e616d65 04 416c"))

        let unkeyed = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
        var elements = unkeyed.unkeyedContainer()
        try elements.encode("")
        try elements.encode("ok")
        #expect(try unkeyed.completeData() == bytes("00", "04 6f6b"))  // §4 example 14

        let single = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
        var value = single.singleValueContainer()
        try value.encode(Int8(-2))
        #expect(try single.completeData() == bytes("00 fe"))
    }

    @Test("The node's coding path and userInfo reach every container")
    func codingPathAndUserInfo() throws {
        let key = BinaryCodingKeyForTests("outer")
        let info = CodingUserInfoKey(rawValue: "probe")
        let node = EncodingNode(needsLengthData: false, codingPath: [key], userInfo: [info!: 7])
        #expect(node.codingPath.map(\.stringValue) == ["outer"])
        #expect(node.userInfo[info!] as? Int == 7)
        PathProbe.seenPaths = []
        try PathProbe(inner: 1).encode(to: node)
        #expect(PathProbe.seenPaths == [["outer"], ["outer", "inner"]])
    }

    @Test("An empty node, or one asked for two container kinds, fails with EncodingError")
    func encodingErrors() {
        let empty = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
        #expect(throws: EncodingError.self) { try empty.containedData() }
        let mixed = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
        _ = mixed.unkeyedContainer()
        _ = mixed.singleValueContainer()
        #expect(throws: EncodingError.self) { try mixed.completeData() }
    }

    @Test("Decoding through a DecodingNode: the root form, a frame's body, and nil")
    func decodingNode() throws {
        let message = try DocMessage(
            from: DecodingNode(
                data: bytes("02 0201", "04 06426f62", "06 06 06af04"), parentDecodedNil: false, codingPath: [],
                userInfo: [:]))
        #expect(message == DocMessage(isComplete: true, owner: "Bob", references: [3, -280]))

        // The root form of an optional carries the nil indicator (§4 example 9) ...
        let root = try DecodingNode(data: bytes("00 01"), parentDecodedNil: false, codingPath: [], userInfo: [:])
        #expect(try Int?(from: root) == -1)
        let rootNil = try DecodingNode(data: bytes("01"), parentDecodedNil: false, codingPath: [], userInfo: [:])
        #expect(try Int?(from: rootNil) == nil)
        // ... a frame's body does not: its prefix carried it (§4 example 35's `02 61`).
        let body = try DecodingNode(data: bytes("61"), parentDecodedNil: true, codingPath: [], userInfo: [:])
        #expect(try String?(from: body) == "a")
        let absent = try DecodingNode(data: nil, parentDecodedNil: true, codingPath: [], userInfo: [:])
        #expect(try String?(from: absent) == nil)
        #expect(throws: DecodingError.self) { _ = try absent.container(keyedBy: DocMessage.CodingKeys.self) }

        let array = try DecodingNode(
            data: bytes("00", "04 6f6b"), parentDecodedNil: false, codingPath: [], userInfo: [:])
        var elements = try array.unkeyedContainer()
        #expect(try elements.decode(String.self) == "")
        #expect(try elements.decode(String.self) == "ok")
        #expect(elements.isAtEnd)
    }

    @Test("A DecodingNode's errors carry its coding path")
    func decodingErrorPath() throws {
        let node = try DecodingNode(
            data: bytes("02 0201"), parentDecodedNil: false, codingPath: [BinaryCodingKeyForTests("outer")],
            userInfo: [:])
        #expect(node.codingPath.map(\.stringValue) == ["outer"])
        do {
            _ = try DocMessage(from: node)
            Issue.record("a message without references decoded")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "references")
            #expect(context.codingPath.map(\.stringValue) == ["outer"])
        }
    }
}

/// A plain string key for building coding paths.
private struct BinaryCodingKeyForTests: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
