import Foundation

/// Color-space conversions ColorSync performs when ibtool matches an iOS document's colors to
/// UIKit's extended sRGB, rebuilt from the spaces' ICC data: decode with the source transfer
/// curve, map through the source colorants to the D50 profile connection space, back through
/// the inverse of the sRGB profile's colorants, encode with the sRGB curve. Curves are extended
/// to negative values by sign, as extended sRGB is.
///
/// The colorants are s15Fixed16 numbers (units of 1/65536):
/// * sRGB: the `rXYZ`/`gXYZ`/`bXYZ` tags of the "sRGB Profile.icc" Apple embeds in AppKit
///   nibs (in the corpus: 28578, 14581, 912 / 25241, 46981, 6362 / 9376, 3972, 46799).
/// * Generic RGB (gamma 1.8): not in the corpus; recovered from allianad's two calibrated
///   colors and Apple's sRGB results (docs/COMPILE.md, "Color matching (iOS)").
/// * Display P3 (sRGB curve): the published Display P3 colorants, red checked against
///   Idrill7's P3 red.
///
/// Xcode 13's ColorSync uses matrices made from the spaces' primaries and D65 instead
/// (``chromaticGenericRGB``, ``chromaticDisplayP3``), under which grays stay gray.
///
/// Measured against every such color in the pairs, the results are within 1e-5 of Apple's
/// float32 components (a few float32 ulps for most): ColorSync's own arithmetic is not
/// reproduced exactly, which is why the compiler reports each use as a warning.
enum ColorConversion {
    /// A 3 × 3 matrix, rows of columns (`m[row][column]`).
    typealias Matrix = [[Double]]

    /// The colorants as columns (red, green, blue) of an RGB → XYZ(D50) matrix.
    static func colorants(red: [Int], green: [Int], blue: [Int]) -> Matrix {
        (0..<3).map { row in [red[row], green[row], blue[row]].map { Double($0) / 65536 } }
    }

    static let sRGB = colorants(red: [28578, 14581, 912], green: [25241, 46981, 6362], blue: [9376, 3972, 46799])
    static let genericRGB = colorants(
        red: [29767, 15854, 963], green: [23156, 44147, 5938], blue: [10267, 5535, 47160])
    static let displayP3 = colorants(
        red: [33759, 15807, -69], green: [19135, 45367, 2745], blue: [10296, 4363, 51385])
    static let inverseSRGB = inverse(sRGB)
    static let inverseGenericRGB = inverse(genericRGB)

    /// Calibrated (Generic RGB, gamma 1.8) components as extended sRGB: through the ICC
    /// colorants, or, with `fromChromaticities` (Xcode 13), through ``chromaticGenericRGB``.
    static func genericRGBToSRGB(_ components: [Double], fromChromaticities: Bool = false) -> [Double] {
        convert(
            components, decode: { signed($0) { pow($0, 1.8) } },
            through: fromChromaticities ? chromaticGenericRGB : genericRGB,
            into: fromChromaticities ? inverseChromaticSRGB : inverseSRGB)
    }

    /// Display P3 components as extended sRGB: through the ICC colorants, or, with
    /// `fromChromaticities` (Xcode 13), through ``chromaticDisplayP3``.
    static func displayP3ToSRGB(_ components: [Double], fromChromaticities: Bool = false) -> [Double] {
        convert(
            components, decode: { signed($0, sRGBDecode) },
            through: fromChromaticities ? chromaticDisplayP3 : displayP3,
            into: fromChromaticities ? inverseChromaticSRGB : inverseSRGB)
    }

    /// The RGB → XYZ matrix of a space given by the chromaticities (x, y) of its red, green and
    /// blue primaries and of its white: each primary's XYZ at unit luminance, scaled so that
    /// the three sum to the white.
    static func matrix(primaries: [(x: Double, y: Double)], white: (x: Double, y: Double)) -> Matrix {
        func xyz(_ point: (x: Double, y: Double)) -> [Double] {
            [point.x / point.y, 1, (1 - point.x - point.y) / point.y]
        }
        let columns = primaries.map(xyz)
        let unscaled: Matrix = (0..<3).map { row in columns.map { $0[row] } }
        let scale = multiply(inverse(unscaled), xyz(white))
        return unscaled.map { row in zip(row, scale).map { $0 * $1 } }
    }

    /// D65, the white of all three spaces below (sRGB, Generic RGB, Display P3).
    static let d65 = (x: 0.3127, y: 0.3290)
    /// sRGB from its primaries (IEC 61966-2-1).
    static let chromaticSRGB = matrix(primaries: [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], white: d65)
    static let inverseChromaticSRGB = inverse(chromaticSRGB)
    /// Generic RGB from its primaries: P22 phosphors and D65, as Apple's Technical Q&A QA1430
    /// describes the profile; the primaries are (0.630, 0.340), (0.295, 0.605), (0.155, 0.077),
    /// which is also what duckduckgo's 18 calibrated colors (Xcode 13.2, five of them not gray)
    /// give when a matrix is fitted to Apple's output (to 1e-5).
    static let chromaticGenericRGB = matrix(primaries: [(0.630, 0.340), (0.295, 0.605), (0.155, 0.077)], white: d65)
    /// Display P3 from its primaries (DCI-P3's, with D65).
    static let chromaticDisplayP3 = matrix(primaries: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], white: d65)

    /// sRGB components as calibrated (Generic RGB, gamma 1.8) components, extended by sign
    /// (AppKit clamps them to 0…1).
    static func sRGBToGenericRGB(_ components: [Double]) -> [Double] {
        guard components.count == 3 else { return components }
        let xyz = multiply(sRGB, components.map { signed($0, sRGBDecode) })
        return multiply(inverseGenericRGB, xyz).map { signed($0) { pow($0, 1 / 1.8) } }
    }

    private static func convert(
        _ components: [Double], decode: (Double) -> Double, through source: Matrix, into inverse: Matrix = inverseSRGB
    ) -> [Double] {
        guard components.count == 3 else { return components }
        let linear = components.map(decode)
        let xyz = multiply(source, linear)
        return multiply(inverse, xyz).map { signed($0, sRGBEncode) }
    }

    /// `curve` applied to the magnitude, the sign kept.
    private static func signed(_ value: Double, _ curve: (Double) -> Double) -> Double {
        value < 0 ? -curve(-value) : curve(value)
    }

    private static func sRGBDecode(_ value: Double) -> Double {
        value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    private static func sRGBEncode(_ value: Double) -> Double {
        value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }

    private static func multiply(_ matrix: Matrix, _ vector: [Double]) -> [Double] {
        matrix.map { row in zip(row, vector).reduce(0) { $0 + $1.0 * $1.1 } }
    }

    /// The inverse of an invertible 3 × 3 matrix (the constant colorant matrices above).
    private static func inverse(_ m: Matrix) -> Matrix {
        let cofactors: Matrix = (0..<3).map { row in
            (0..<3).map { column in
                let r = [(row + 1) % 3, (row + 2) % 3]
                let c = [(column + 1) % 3, (column + 2) % 3]
                return m[r[0]][c[0]] * m[r[1]][c[1]] - m[r[0]][c[1]] * m[r[1]][c[0]]
            }
        }
        let determinant = (0..<3).reduce(0) { $0 + m[0][$1] * cofactors[0][$1] }
        // The adjugate is the transposed cofactor matrix.
        return (0..<3).map { row in (0..<3).map { column in cofactors[column][row] / determinant } }
    }
}
