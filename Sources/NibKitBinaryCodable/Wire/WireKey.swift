/// Rule W (§2.5): how a `CodingKey` is written, and the key types the coders make themselves.
enum WireKey {
    /// The integer to write for `key`, or `nil` when it must be written as its `stringValue`.
    ///
    /// Negative integers and non-canonical decimal spellings (`"01"`, `"+1"`, `"-0"`) are written as
    /// strings so that they survive the round trip (§3 D8).
    @inline(__always)
    static func intKey<Key: CodingKey>(for key: Key) -> Int? {
        guard let intValue = key.intValue, intValue >= 0 else { return nil }
        let stringValue = key.stringValue
        // Fast path: names that do not start like a number can never be a non-canonical spelling.
        guard let first = stringValue.utf8.first,
            first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return intValue }
        if Int(stringValue) == intValue && stringValue != String(intValue) { return nil }
        return intValue
    }
}

/// A coding key the coders create: array indices, `super`, and keys read from the wire.
struct BinaryCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    static func index(_ index: Int) -> BinaryCodingKey {
        BinaryCodingKey(stringValue: "Index \(index)", intValue: index)
    }

    static let superKey = BinaryCodingKey(stringValue: "super", intValue: 0)
}

/// One step of a coding path, kept cheap until someone asks for the whole path.
enum PathComponent {
    case key(any CodingKey)
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): return key
        case .index(let index): return BinaryCodingKey.index(index)
        }
    }
}

/// A coder in a chain of coders, each knowing its parent and its own step of the path.
protocol CodingPathNode: AnyObject {
    var parent: Self? { get }
    var component: PathComponent? { get }
}

extension CodingPathNode {
    /// The steps from the root to this coder, built only when someone asks.
    var codingPath: [any CodingKey] {
        var components: [any CodingKey] = []
        var node: Self? = self
        while let current = node {
            if let component = current.component { components.append(component.codingKey) }
            node = current.parent
        }
        return components.reversed()
    }
}
