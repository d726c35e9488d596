public import Foundation

/// Edge insets (`UIEdgeInsets`): top, left, bottom, right.
public struct NibEdgeInsets: Hashable, Sendable, Codable {
    /// The top inset.
    public var top: CGFloat
    /// The left inset.
    public var left: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The right inset.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All zeros.
    public static let zero = NibEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// An affine transform (`CGAffineTransform`): `a b c d tx ty`.
public struct NibAffineTransform: Hashable, Sendable, Codable {
    /// Row 1, column 1.
    public var a: CGFloat
    /// Row 1, column 2.
    public var b: CGFloat
    /// Row 2, column 1.
    public var c: CGFloat
    /// Row 2, column 2.
    public var d: CGFloat
    /// Translation along x.
    public var tx: CGFloat
    /// Translation along y.
    public var ty: CGFloat

    /// Creates a transform from its six components.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform.
    public static let identity = NibAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// The geometry struct blobs of spec section 5: one marker byte (`07` doubles, `06` floats)
/// followed by the components.
enum GeometryBlob {
    static let doubleMarker: UInt8 = 7
    static let floatMarker: UInt8 = 6

    /// The components of a blob with `count` components, or `nil` when the blob's length does
    /// not match its marker (Apple's getter then returns zeros).
    static func components(_ bytes: ArraySlice<UInt8>, count: Int) -> [Double]? {
        guard let marker = bytes.first else { return nil }
        let width: Int
        switch marker {
        case doubleMarker: width = 8
        case floatMarker: width = 4
        default: return nil
        }
        guard bytes.count == 1 + count * width else { return nil }
        var result: [Double] = []
        result.reserveCapacity(count)
        var index = bytes.startIndex + 1
        for _ in 0..<count {
            var bits: UInt64 = 0
            for byte in 0..<width { bits |= UInt64(bytes[index + byte]) << (8 * UInt64(byte)) }
            index += width
            result.append(
                width == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
        }
        return result
    }

    /// A `07` blob of float64 components, as current tools write it.
    static func bytes(_ components: [Double]) -> [UInt8] {
        var result: [UInt8] = [doubleMarker]
        result.reserveCapacity(1 + 8 * components.count)
        for component in components {
            let bits = component.bitPattern
            for byte in 0..<8 { result.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(byte)))) }
        }
        return result
    }

    static func point(_ c: [Double]) -> CGPoint { CGPoint(x: c[0], y: c[1]) }
    static func size(_ c: [Double]) -> CGSize { CGSize(width: c[0], height: c[1]) }
    static func rect(_ c: [Double]) -> CGRect { CGRect(x: c[0], y: c[1], width: c[2], height: c[3]) }
    static func insets(_ c: [Double]) -> NibEdgeInsets {
        NibEdgeInsets(top: c[0], left: c[1], bottom: c[2], right: c[3])
    }
    static func transform(_ c: [Double]) -> NibAffineTransform {
        NibAffineTransform(a: c[0], b: c[1], c: c[2], d: c[3], tx: c[4], ty: c[5])
    }
}

/// The text form of geometry in `NSValue` strings and priorities: `{18, 4}`,
/// `{{0, 0}, {320, 480}}`. Numbers are written in the shortest form that reads back exactly.
enum GeometryText {
    /// The numbers of a brace string, in order (`{{1, 2}, {3, 4}}` → 1 2 3 4).
    static func numbers(_ text: String) -> [Double]? {
        var result: [Double] = []
        for part in text.split(whereSeparator: { $0 == "{" || $0 == "}" || $0 == "," || $0 == " " }) {
            guard let number = Double(part) else { return nil }
            result.append(number)
        }
        return result
    }

    /// `18` for integral values, otherwise Swift's shortest round-tripping form.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func pair(_ a: Double, _ b: Double) -> String { "{\(format(a)), \(format(b))}" }
    static func rect(_ r: CGRect) -> String {
        "{\(pair(r.origin.x, r.origin.y)), \(pair(r.size.width, r.size.height))}"
    }
}
