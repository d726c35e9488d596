/// The wire type byte of a value (0 … 10).
///
/// **4 is false and 5 is true.** The 2015 public write-up of the format has these two swapped;
/// real files and Apple's reader agree on 4 = false, 5 = true.
public enum ValueType: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A signed 8-bit integer; Apple writes it for 0 … 127.
    case int8 = 0
    /// A little-endian 16-bit integer; Apple writes it for 128 … 32 767.
    case int16 = 1
    /// A little-endian 32-bit integer; Apple writes it for 32 768 … 2³¹−1.
    case int32 = 2
    /// A little-endian 64-bit integer; Apple writes it for 2³¹ and above and every negative number.
    case int64 = 3
    /// A boolean NO. No payload.
    case `false` = 4
    /// A boolean YES. No payload.
    case `true` = 5
    /// A little-endian IEEE 754 single.
    case float32 = 6
    /// A little-endian IEEE 754 double.
    case float64 = 7
    /// A varint length followed by that many bytes.
    case data = 8
    /// A nil object. No payload.
    case `nil` = 9
    /// A fixed 4-byte little-endian object index (not a varint).
    case objectReference = 10

    /// The payload size for fixed-size types; `nil` for ``data``.
    public var fixedPayloadSize: Int? {
        switch self {
        case .int8: 1
        case .int16: 2
        case .int32, .float32, .objectReference: 4
        case .int64, .float64: 8
        case .false, .true, .nil: 0
        case .data: nil
        }
    }

    /// The name used in NibKit's JSON and text dumps, for example `int8` or `objectReference`.
    public var description: String {
        switch self {
        case .int8: "int8"
        case .int16: "int16"
        case .int32: "int32"
        case .int64: "int64"
        case .false: "false"
        case .true: "true"
        case .float32: "float32"
        case .float64: "float64"
        case .data: "data"
        case .nil: "nil"
        case .objectReference: "objectReference"
        }
    }
}
