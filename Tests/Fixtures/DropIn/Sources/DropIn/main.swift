import BinaryCodable
import Foundation

// The format spec's worked example 20 (shared/spec/binarycodable-format.md §4).
struct DocMessage: Codable, Equatable {
    let isComplete: Bool
    let owner: String?
    let references: [Int]
    enum CodingKeys: Int, CodingKey {
        case isComplete = 1
        case owner = 2
        case references = 3
    }
}

let message = DocMessage(isComplete: true, owner: "Bob", references: [3, -280])
let expected = Data([0x02, 0x02, 0x01, 0x04, 0x06, 0x42, 0x6f, 0x62, 0x06, 0x06, 0x06, 0xaf, 0x04])
let data = try BinaryEncoder().encode(message)
let decoded = try BinaryDecoder().decode(DocMessage.self, from: expected)
guard data == expected, decoded == message else {
    print("drop-in: FAILED: \(data.map { String(format: "%02x", $0) }.joined()) \(decoded)")
    exit(1)
}
print("drop-in: ok (import BinaryCodable through -module-alias)")
