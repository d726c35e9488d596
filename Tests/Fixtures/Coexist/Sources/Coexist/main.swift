import BinaryCodable
import Foundation
import NibCoding
import NibKitBinaryCodable

// Both modules declare `BinaryEncoder`; each is reached by its module name.
struct Point: Codable, Equatable {
    var x: Int
    var y: Int
    enum CodingKeys: Int, CodingKey {
        case x = 1
        case y = 2
    }
}

let point = Point(x: 1, y: -1)
let data = try NibKitBinaryCodable.BinaryEncoder().encode(point)
let decoded = try NibKitBinaryCodable.BinaryDecoder().decode(Point.self, from: data)
// Keys 1 and 2 (`02`, `04`), each value framed with length 1 (`02`): Z(1) = `02`, Z(-1) = `01`.
let expected = Data([0x02, 0x02, 0x02, 0x04, 0x02, 0x01])
guard data == expected, decoded == point, BinaryCodable.BinaryEncoder.origin == "stand-in" else {
    print("coexist: FAILED: \(data.map { String(format: "%02x", $0) }.joined()) \(decoded)")
    exit(1)
}
// Touch the nib module so that the fixture links it, not only resolves it.
_ = Nib.self
print("coexist: ok (NibCoding, NibKitBinaryCodable and the stand-in BinaryCodable in one target)")
