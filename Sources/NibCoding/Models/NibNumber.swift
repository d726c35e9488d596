import NibArchive

/// `NSNumber`: exactly one of `NS.intval`, `NS.dblval` or `NS.boolval`.
public final class NibNumber: NibObject {
    /// A number as stored, keeping integer, float and boolean apart.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        /// `NS.intval`.
        case integer(Int64)
        /// `NS.dblval` (or a float32 `NS.intval`/`NS.dblval`, widened).
        case double(Double)
        /// `NS.boolval`.
        case bool(Bool)

        /// The number as text.
        public var description: String {
            switch self {
            case .integer(let v): "\(v)"
            case .double(let v): "\(v)"
            case .bool(let v): "\(v)"
            }
        }
    }

    /// `NSNumber`.
    override public class var defaultClassName: String { "NSNumber" }

    /// Creates an `NSNumber`.
    public convenience init(_ value: Value) {
        self.init()
        switch value {
        case .integer(let v): entries = [NibEntry(key: "NS.intval", value: .payload(.integer(v)))]
        case .double(let v): entries = [NibEntry(key: "NS.dblval", value: .payload(.float64(v)))]
        case .bool(let v): entries = [NibEntry(key: "NS.boolval", value: .payload(.bool(v)))]
        }
    }

    /// The number; `nil` if none of the three keys holds a number.
    public var value: Value? {
        var result: Value?
        forEachEntry { key, value in
            guard let payload = value.payload else { return true }
            switch payload {
            case .float32(let v): result = .double(Double(v))
            case .float64(let v): result = .double(v)
            case .bool(let v) where key == "NS.boolval": result = .bool(v)
            default:
                guard let integer = payload.integerValue else { return true }
                if key == "NS.intval" { result = .integer(integer) }
                if key == "NS.boolval" { result = .bool(integer != 0) }
            }
            return result == nil
        }
        return result
    }

    /// The number as a `Double` (booleans are 0 and 1).
    public var doubleValue: Double? {
        switch value {
        case .integer(let v)?: Double(v)
        case .double(let v)?: v
        case .bool(let v)?: v ? 1 : 0
        case nil: nil
        }
    }

    /// `NSNumber 5`.
    override public var description: String { "NSNumber \(value.map(\.description) ?? "?")" }
}
