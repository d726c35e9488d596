// Forwarding conformances: the wrapper behaves like the integer it wraps.

extension VariableLengthEncoded: Equatable {
    /// Compares the wrapped values.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension VariableLengthEncoded: Hashable {
    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension VariableLengthEncoded: Comparable {
    /// Orders by the wrapped values.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue < rhs.wrappedValue }
}

extension VariableLengthEncoded: CustomStringConvertible {
    /// The wrapped value's description.
    public var description: String { wrappedValue.description }
}

extension VariableLengthEncoded: LosslessStringConvertible {
    /// Parses the wrapped value.
    public init?(_ description: String) {
        guard let value = WrappedValue(description) else { return nil }
        self.init(wrappedValue: value)
    }
}

extension VariableLengthEncoded: ExpressibleByIntegerLiteral {
    /// Wraps an integer literal.
    public init(integerLiteral value: WrappedValue.IntegerLiteralType) {
        self.init(wrappedValue: WrappedValue(integerLiteral: value))
    }
}

extension VariableLengthEncoded: AdditiveArithmetic {
    /// Zero, wrapped.
    public static var zero: Self { Self(wrappedValue: .zero) }
    /// Adds the wrapped values.
    public static func + (lhs: Self, rhs: Self) -> Self { Self(wrappedValue: lhs.wrappedValue + rhs.wrappedValue) }
    /// Subtracts the wrapped values.
    public static func - (lhs: Self, rhs: Self) -> Self { Self(wrappedValue: lhs.wrappedValue - rhs.wrappedValue) }
}

extension VariableLengthEncoded: Numeric {
    /// The wrapped value's magnitude.
    public var magnitude: WrappedValue.Magnitude { wrappedValue.magnitude }

    /// Wraps `source` if it is exactly representable.
    public init?<Source: BinaryInteger>(exactly source: Source) {
        guard let value = WrappedValue(exactly: source) else { return nil }
        self.init(wrappedValue: value)
    }

    /// Multiplies the wrapped values.
    public static func * (lhs: Self, rhs: Self) -> Self { Self(wrappedValue: lhs.wrappedValue * rhs.wrappedValue) }
    /// Multiplies in place.
    public static func *= (lhs: inout Self, rhs: Self) { lhs.wrappedValue *= rhs.wrappedValue }
}

extension VariableLengthEncoded: Strideable {
    /// The distance between the wrapped values.
    public func distance(to other: Self) -> WrappedValue.Stride { wrappedValue.distance(to: other.wrappedValue) }
    /// The wrapped value advanced by `n`.
    public func advanced(by n: WrappedValue.Stride) -> Self { Self(wrappedValue: wrappedValue.advanced(by: n)) }
}

extension VariableLengthEncoded: BinaryInteger {
    /// Whether the wrapped type is signed.
    public static var isSigned: Bool { WrappedValue.isSigned }
    /// Converts a floating-point value, rounding toward zero.
    public init<Source: BinaryFloatingPoint>(_ source: Source) { self.init(wrappedValue: WrappedValue(source)) }
    /// Converts a floating-point value if it is exactly representable.
    public init?<Source: BinaryFloatingPoint>(exactly source: Source) {
        guard let value = WrappedValue(exactly: source) else { return nil }
        self.init(wrappedValue: value)
    }
    /// Converts an integer, trapping if it does not fit.
    public init<Source: BinaryInteger>(_ source: Source) { self.init(wrappedValue: WrappedValue(source)) }
    /// Converts an integer, keeping the low bits.
    public init<Source: BinaryInteger>(truncatingIfNeeded source: Source) {
        self.init(wrappedValue: WrappedValue(truncatingIfNeeded: source))
    }
    /// Converts an integer, clamping to the representable range.
    public init<Source: BinaryInteger>(clamping source: Source) {
        self.init(wrappedValue: WrappedValue(clamping: source))
    }
    /// The wrapped value's words.
    public var words: WrappedValue.Words { wrappedValue.words }
    /// The wrapped value's bit width.
    public var bitWidth: Int { wrappedValue.bitWidth }
    /// The wrapped value's trailing zero bits.
    public var trailingZeroBitCount: Int { wrappedValue.trailingZeroBitCount }
    /// Divides the wrapped values.
    public static func / (lhs: Self, rhs: Self) -> Self { Self(wrappedValue: lhs.wrappedValue / rhs.wrappedValue) }
    /// Divides in place.
    public static func /= (lhs: inout Self, rhs: Self) { lhs.wrappedValue /= rhs.wrappedValue }
    /// The remainder of the wrapped values.
    public static func % (lhs: Self, rhs: Self) -> Self { Self(wrappedValue: lhs.wrappedValue % rhs.wrappedValue) }
    /// Remainder in place.
    public static func %= (lhs: inout Self, rhs: Self) { lhs.wrappedValue %= rhs.wrappedValue }
    /// Bitwise AND in place.
    public static func &= (lhs: inout Self, rhs: Self) { lhs.wrappedValue &= rhs.wrappedValue }
    /// Bitwise OR in place.
    public static func |= (lhs: inout Self, rhs: Self) { lhs.wrappedValue |= rhs.wrappedValue }
    /// Bitwise XOR in place.
    public static func ^= (lhs: inout Self, rhs: Self) { lhs.wrappedValue ^= rhs.wrappedValue }
    /// Bitwise NOT.
    public static prefix func ~ (x: Self) -> Self { Self(wrappedValue: ~x.wrappedValue) }
    /// Shifts right in place.
    public static func >>= <RHS: BinaryInteger>(lhs: inout Self, rhs: RHS) { lhs.wrappedValue >>= rhs }
    /// Shifts left in place.
    public static func <<= <RHS: BinaryInteger>(lhs: inout Self, rhs: RHS) { lhs.wrappedValue <<= rhs }
}

extension VariableLengthEncoded: FixedWidthInteger {
    /// The wrapped type's bit width.
    public static var bitWidth: Int { WrappedValue.bitWidth }
    /// The wrapped type's maximum.
    public static var max: Self { Self(wrappedValue: .max) }
    /// The wrapped type's minimum.
    public static var min: Self { Self(wrappedValue: .min) }

    /// Creates a value from the low bits of `bits`.
    public init(_truncatingBits bits: UInt) { self.init(wrappedValue: WrappedValue(truncatingIfNeeded: bits)) }

    /// Adds, reporting overflow.
    public func addingReportingOverflow(_ rhs: Self) -> (partialValue: Self, overflow: Bool) {
        let result = wrappedValue.addingReportingOverflow(rhs.wrappedValue)
        return (Self(wrappedValue: result.partialValue), result.overflow)
    }
    /// Subtracts, reporting overflow.
    public func subtractingReportingOverflow(_ rhs: Self) -> (partialValue: Self, overflow: Bool) {
        let result = wrappedValue.subtractingReportingOverflow(rhs.wrappedValue)
        return (Self(wrappedValue: result.partialValue), result.overflow)
    }
    /// Multiplies, reporting overflow.
    public func multipliedReportingOverflow(by rhs: Self) -> (partialValue: Self, overflow: Bool) {
        let result = wrappedValue.multipliedReportingOverflow(by: rhs.wrappedValue)
        return (Self(wrappedValue: result.partialValue), result.overflow)
    }
    /// Divides, reporting overflow.
    public func dividedReportingOverflow(by rhs: Self) -> (partialValue: Self, overflow: Bool) {
        let result = wrappedValue.dividedReportingOverflow(by: rhs.wrappedValue)
        return (Self(wrappedValue: result.partialValue), result.overflow)
    }
    /// Remainder, reporting overflow.
    public func remainderReportingOverflow(dividingBy rhs: Self) -> (partialValue: Self, overflow: Bool) {
        let result = wrappedValue.remainderReportingOverflow(dividingBy: rhs.wrappedValue)
        return (Self(wrappedValue: result.partialValue), result.overflow)
    }
    /// The full-width product.
    public func multipliedFullWidth(by other: Self) -> (high: Self, low: WrappedValue.Magnitude) {
        let result = wrappedValue.multipliedFullWidth(by: other.wrappedValue)
        return (Self(wrappedValue: result.high), result.low)
    }
    /// Divides a full-width dividend.
    public func dividingFullWidth(
        _ dividend: (high: Self, low: WrappedValue.Magnitude)
    ) -> (quotient: Self, remainder: Self) {
        let result = wrappedValue.dividingFullWidth((dividend.high.wrappedValue, dividend.low))
        return (Self(wrappedValue: result.quotient), Self(wrappedValue: result.remainder))
    }
    /// The wrapped value's set bits.
    public var nonzeroBitCount: Int { wrappedValue.nonzeroBitCount }
    /// The wrapped value's leading zero bits.
    public var leadingZeroBitCount: Int { wrappedValue.leadingZeroBitCount }
    /// The wrapped value with its bytes swapped.
    public var byteSwapped: Self { Self(wrappedValue: wrappedValue.byteSwapped) }
    /// Masking right shift.
    public static func &>> (lhs: Self, rhs: Self) -> Self { Self(wrappedValue: lhs.wrappedValue &>> rhs.wrappedValue) }
    /// Masking left shift.
    public static func &<< (lhs: Self, rhs: Self) -> Self { Self(wrappedValue: lhs.wrappedValue &<< rhs.wrappedValue) }
}
