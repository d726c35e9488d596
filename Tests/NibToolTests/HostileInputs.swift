import Foundation

/// Writes NIBArchive bytes from raw tables, as ../shared/spec/nibarchive-format.md lays them
/// out, without the checks of NibKit's own writer: objects may share or overlap value runs,
/// which is what the hostile inputs of issue 20 need.
struct RawNib {
    /// (class index, first value, value count).
    var objects: [(Int, Int, Int)] = []
    var keys: [String] = []
    /// (key index, type, payload bytes after the type byte).
    var values: [(Int, UInt8, [UInt8])] = []
    var classes: [String] = []

    static func varint(_ value: Int) -> [UInt8] {
        var rest = value
        var out: [UInt8] = []
        while true {
            let group = UInt8(rest & 0x7F)
            rest >>= 7
            if rest == 0 {
                out.append(group | 0x80)
                return out
            }
            out.append(group)
        }
    }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A reference payload (type 10).
    static func reference(_ index: Int) -> (UInt8, [UInt8]) { (10, le32(index)) }
    /// A data payload (type 8).
    static func data(_ bytes: some Collection<UInt8>) -> (UInt8, [UInt8]) { (8, varint(bytes.count) + bytes) }

    /// Adds an object whose values are `values`, returning its index.
    @discardableResult
    mutating func object(_ classIndex: Int, _ objectValues: [(Int, UInt8, [UInt8])]) -> Int {
        objects.append((classIndex, objectValues.isEmpty ? 0 : values.count, objectValues.count))
        values += objectValues
        return objects.count - 1
    }

    func bytes() -> [UInt8] {
        var objectTable: [UInt8] = []
        for object in objects {
            objectTable += Self.varint(object.0)
            objectTable += Self.varint(object.1)
            objectTable += Self.varint(object.2)
        }
        var keyTable: [UInt8] = []
        for key in keys { keyTable += Self.varint(key.utf8.count) + Array(key.utf8) }
        var valueTable: [UInt8] = []
        for value in values {
            valueTable += Self.varint(value.0)
            valueTable.append(value.1)
            valueTable += value.2
        }
        var classTable: [UInt8] = []
        for name in classes {
            classTable += Self.varint(name.utf8.count + 1)
            classTable += Self.varint(0)
            classTable += Array(name.utf8) + [0]
        }
        let objectOffset = 50
        let keyOffset = objectOffset + objectTable.count
        let valueOffset = keyOffset + keyTable.count
        let classOffset = valueOffset + valueTable.count
        var bytes = Array("NIBArchive".utf8)
        let fields: [Int] = [
            1, 10, objects.count, objectOffset, keys.count, keyOffset, values.count, valueOffset, classes.count,
            classOffset,
        ]
        for field in fields { bytes += Self.le32(field) }
        bytes += objectTable
        bytes += keyTable
        bytes += valueTable
        bytes += classTable
        return bytes
    }
}

/// The hostile structures of issue 20's reading classes, at sizes a test runs in well under a
/// second.
enum HostileInputs {
    /// A root and `objects` objects that all share one run of `values` values.
    static func sharedRun(objects: Int, values: Int) -> [UInt8] {
        var nib = RawNib()
        nib.keys = ["NS.bytes"]
        nib.classes = ["NSObject", "NSString"]
        nib.objects = [(0, 0, 0)] + Array(repeating: (1, 0, values), count: objects)
        nib.values = Array(repeating: (0, 8, RawNib.varint(8) + Array(repeating: 0x78, count: 8)), count: values)
        return nib.bytes()
    }

    /// A UIKit nib whose top-level list names one view `count` times, with `count` outlets from
    /// it, each labelled `label` followed by its number.
    static func repeatedViewWithConnections(_ count: Int, label: String = "outlet") -> [UInt8] {
        var nib = RawNib()
        nib.keys = [
            "UINibTopLevelObjectsKey", "UINibConnectionsKey", "UINibEncoderEmptyKey", "NSInlinedValue", "UISource",
            "UIDestination", "UILabel", "UIBounds",
        ]
        nib.classes = ["NSObject", "NSArray", "UIView", "UIRuntimeOutletConnection"]
        let view = 3
        let firstConnection = 4
        let firstLabel = firstConnection + count
        let (refType, _) = RawNib.reference(0)
        nib.object(0, [(0, refType, RawNib.le32(1)), (1, refType, RawNib.le32(2))])
        nib.object(1, [(3, 5, [])] + Array(repeating: (2, refType, RawNib.le32(view)), count: count))
        nib.object(1, [(3, 5, [])] + (0..<count).map { (2, refType, RawNib.le32(firstConnection + $0)) })
        var bounds: [UInt8] = [7]
        for number in [0.0, 0, 100, 100] { bounds += withUnsafeBytes(of: number.bitPattern.littleEndian, Array.init) }
        nib.object(2, [(7, 8, RawNib.varint(bounds.count) + bounds)])
        for index in 0..<count {
            nib.object(
                3,
                [
                    (4, refType, RawNib.le32(view)), (5, refType, RawNib.le32(view)),
                    (6, refType, RawNib.le32(firstLabel + index)),
                ])
        }
        nib.classes.append("NSString")
        nib.keys.append("NS.bytes")
        for index in 0..<count {
            let text = Array("\(label)\(index)".utf8)
            nib.object(4, [(8, 8, RawNib.varint(text.count) + text)])
        }
        return nib.bytes()
    }

    /// A root whose top-level list holds one set of `count` strings, listed in an order that
    /// depends on `rotation` (and with element `changed`'s text altered when given).
    static func stringSet(_ count: Int, rotation: Int = 0, changed: Int? = nil, className: String = "NSSet")
        -> [UInt8]
    {
        var nib = RawNib()
        nib.keys = ["UINibTopLevelObjectsKey", "NSInlinedValue", "UINibEncoderEmptyKey", "NS.bytes"]
        nib.classes = ["NSObject", className, "NSString"]
        nib.object(0, [(0, 10, RawNib.le32(1))])
        let firstString = 2
        nib.object(1, [(1, 5, [])] + (0..<count).map { (2, 10, RawNib.le32(firstString + $0)) })
        for position in 0..<count {
            let element = (position + rotation) % count
            let text = Array("element \(element)\(element == changed ? " changed" : "")".utf8)
            nib.object(2, [(3, 8, RawNib.varint(text.count) + text)])
        }
        return nib.bytes()
    }

    /// Sets nested `depth` levels with `fanout` sets each, leaves holding one int32; the leaf
    /// numbered `changed` holds a different number. Children are listed in reverse when
    /// `reversed`.
    static func nestedSets(depth: Int, fanout: Int, changed: Int? = nil, reversed: Bool = false) -> [UInt8] {
        var nib = RawNib()
        nib.keys = ["UINibTopLevelObjectsKey", "NSInlinedValue", "UINibEncoderEmptyKey"]
        nib.classes = ["NSObject", "NSSet"]
        nib.objects = [(0, 0, 1)]
        nib.values = [(0, 10, RawNib.le32(1))]
        var leaf = 0
        func build(_ level: Int) -> Int {
            let index = nib.objects.count
            nib.objects.append((0, 0, 0))
            var elements: [(Int, UInt8, [UInt8])] = []
            if level == depth {
                leaf += 1
                elements = [(2, 2, RawNib.le32(leaf == changed ? -leaf : leaf))]
            } else {
                var children = (0..<fanout).map { _ in build(level + 1) }
                if reversed { children.reverse() }
                elements = children.map { (2, 10, RawNib.le32($0)) }
            }
            nib.objects[index] = (1, nib.values.count, elements.count + 1)
            nib.values += [(1, 5, [])] + elements
            return index
        }
        _ = build(0)
        return nib.bytes()
    }

    /// A nib whose root lists one array `fanout` times, that array the next, `depth` levels,
    /// ending in one label whose UIText is a string: scan reads the string fanout^depth times
    /// unless it bounds what it reads.
    static func fannedOutStrings(fanout: Int, depth: Int) -> [UInt8] {
        var nib = RawNib()
        nib.keys = ["UIText", "NSInlinedValue", "UINibEncoderEmptyKey", "NS.bytes"]
        nib.classes = ["NSObject", "NSArray", "NSString"]
        // Object 0 (root) has UIText → array 1; array k lists array k+1 fanout times.
        nib.object(0, [(0, 10, RawNib.le32(1))])
        for level in 0..<depth {
            let next = 2 + level
            nib.object(1, [(1, 5, [])] + Array(repeating: (2, 10, RawNib.le32(next)), count: fanout))
        }
        let text = Array("fanned out".utf8)
        nib.object(2, [(3, 8, RawNib.varint(text.count) + text)])
        return nib.bytes()
    }

    /// `count` objects whose class index is out of range: a verify finding each.
    static func findingPerObject(_ count: Int) -> [UInt8] {
        var nib = RawNib()
        nib.keys = ["k"]
        nib.classes = ["NSObject"]
        nib.objects = [(0, 0, 0)] + Array(repeating: (5, 0, 0), count: count)
        return nib.bytes()
    }

    /// A binary property list keyed archive whose `$objects` list one string object `shares`
    /// times (each listing is an object of its own once converted).
    static func keyedArchiveSharingOneString(shares: Int, length: Int) -> [UInt8] {
        var objects: [[UInt8]] = []
        func add(_ bytes: [UInt8]) -> Int {
            objects.append(bytes)
            return objects.count - 1
        }
        func sized(_ kind: UInt8, _ count: Int) -> [UInt8] {
            count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0xF, 0x12] + be32(count)
        }
        func ascii(_ text: String) -> [UInt8] { sized(5, text.utf8.count) + Array(text.utf8) }
        func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let list = add([])
        let null = add(ascii("$null"))
        let leaf = add(ascii(String(repeating: "A", count: length)))
        let keyObjects = add(ascii("$objects"))
        let keyTop = add(ascii("$top"))
        let keyArchiver = add(ascii("$archiver"))
        let keyRoot = add(ascii("root"))
        let archiver = add(ascii("NSKeyedArchiver"))
        objects[list] = sized(0xA, shares + 1) + be32(null) + Array(repeating: be32(leaf), count: shares).flatMap { $0 }
        let uid = add([0x83] + be32(1))
        let top = add(sized(0xD, 1) + be32(keyRoot) + be32(uid))
        let root = add(
            sized(0xD, 3) + be32(keyArchiver) + be32(keyObjects) + be32(keyTop) + be32(archiver) + be32(list)
                + be32(top))
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += be32(offset) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        for field in [objects.count, root, table] { bytes += [0, 0, 0, 0] + be32(field) }
        return bytes
    }
}
