import Foundation

/// Color-space conversions ColorSync performs when ibtool matches an iOS document's colors to
/// UIKit's extended sRGB, rebuilt from the spaces' ICC data: decode with the source transfer
/// curve, map through the source colorants to XYZ, back through the inverse of the sRGB
/// profile's colorants, encode with the sRGB curve. Curves are extended to negative values by
/// sign, as extended sRGB is.
///
/// The colorants are s15Fixed16 numbers (units of 1/65536):
/// * sRGB: the `rXYZ`/`gXYZ`/`bXYZ` tags of the "sRGB Profile.icc" Apple embeds in AppKit
///   nibs (in the corpus: 28578, 14581, 912 / 25241, 46981, 6362 / 9376, 3972, 46799; they
///   sum to 63195, 65534, 54073, not quite the D50 white).
/// * Generic RGB (gamma 1.8): not in the corpus; recovered from duckduckgo's 27 calibrated
///   colors (Xcode 13.2, 7 of them not gray). The 3 × 3 matrix fitted to them (residual
///   3e-7), taken back through the sRGB colorants with each XYZ row scaled by the ratio of the
///   two profiles' white sums, lands within 0.007 units of integers in all nine entries:
///   29773, 15854, 976 / 23157, 44147, 5940 / 10266, 5535, 47158. Three other sources confirm
///   them: allianad's (52, 190, 254) / 255 and Zebra's two grays (Xcode 8 and 10, through the
///   plain colorants: 16 and 2 float32 ulps off where the colorants recovered earlier from
///   allianad alone left 427 and 1494) and HSChooserWindow's AppKit `NSRGB` (Xcode 12,
///   through the inverse chain: within 8e-8, was 1.1e-4).
/// * Display P3 (sRGB curve): the published Display P3 colorants, red checked against
///   Idrill7's P3 red.
///
/// Xcode 8 to 10 map through the colorants as they are (the D50 connection space); later
/// ColorSync (Xcode 12's AppKit output, Xcode 13.2's iOS output) first scales each profile's
/// XYZ rows by its own white, the sum of its colorants (``relativeToWhite(_:)``), so that white
/// maps to white and grays stay (nearly) gray.
///
/// Measured against every such color in the pairs, the results are within 2.4e-7 of Apple's
/// float32 components (0 to 4 float32 ulps on most components, 21 at worst on a component near
/// 0.1): ColorSync's own float32 arithmetic is not reproduced exactly, which is why the
/// compiler reports each use as a warning.
enum ColorConversion {
    /// A 3 × 3 matrix, rows of columns (`m[row][column]`).
    typealias Matrix = [[Double]]

    /// The colorants as columns (red, green, blue) of an RGB → XYZ(D50) matrix.
    static func colorants(red: [Int], green: [Int], blue: [Int]) -> Matrix {
        (0..<3).map { row in [red[row], green[row], blue[row]].map { Double($0) / 65536 } }
    }

    static let sRGB = colorants(red: [28578, 14581, 912], green: [25241, 46981, 6362], blue: [9376, 3972, 46799])
    static let genericRGB = colorants(
        red: [29773, 15854, 976], green: [23157, 44147, 5940], blue: [10266, 5535, 47158])
    static let displayP3 = colorants(
        red: [33759, 15807, -69], green: [19135, 45367, 2745], blue: [10296, 4363, 51385])
    static let inverseSRGB = inverse(sRGB)
    static let inverseWhiteRelativeSRGB = inverse(relativeToWhite(sRGB))
    static let whiteRelativeGenericRGB = relativeToWhite(genericRGB)
    static let whiteRelativeDisplayP3 = relativeToWhite(displayP3)

    /// `matrix` with each row divided by its sum: XYZ relative to the white the colorants add up
    /// to, so that (1, 1, 1) maps to (1, 1, 1).
    static func relativeToWhite(_ matrix: Matrix) -> Matrix {
        matrix.map { row in
            let white = row.reduce(0, +)
            return row.map { $0 / white }
        }
    }

    /// Calibrated (Generic RGB, gamma 1.8) components as extended sRGB: through the ICC
    /// colorants, or, with `relativeToWhite` (Xcode 13), through both profiles' colorants
    /// relative to their whites.
    static func genericRGBToSRGB(_ components: [Double], relativeToWhite: Bool = false) -> [Double] {
        convert(
            components, decode: { signed($0) { pow($0, 1.8) } },
            through: relativeToWhite ? whiteRelativeGenericRGB : genericRGB,
            into: relativeToWhite ? inverseWhiteRelativeSRGB : inverseSRGB)
    }

    /// Display P3 components as extended sRGB: through the ICC colorants, or, with
    /// `relativeToWhite` (Xcode 13), through both profiles' colorants relative to their whites.
    static func displayP3ToSRGB(_ components: [Double], relativeToWhite: Bool = false) -> [Double] {
        convert(
            components, decode: { signed($0, sRGBDecode) },
            through: relativeToWhite ? whiteRelativeDisplayP3 : displayP3,
            into: relativeToWhite ? inverseWhiteRelativeSRGB : inverseSRGB)
    }

    /// sRGB components as calibrated (Generic RGB, gamma 1.8) components, extended by sign
    /// (AppKit clamps them to 0…1), both profiles relative to their whites (HSChooserWindow,
    /// an Xcode 12 document: within 8e-8 of Apple's `NSRGB`).
    static func sRGBToGenericRGB(_ components: [Double]) -> [Double] {
        guard components.count == 3 else { return components }
        let xyz = multiply(relativeToWhite(sRGB), components.map { signed($0, sRGBDecode) })
        return multiply(inverseWhiteRelativeGenericRGB, xyz).map { signed($0) { pow($0, 1 / 1.8) } }
    }

    static let inverseWhiteRelativeGenericRGB = inverse(whiteRelativeGenericRGB)

    /// Display P3 components as calibrated (Generic RGB, gamma 1.8) components, extended by
    /// sign, both profiles relative to their whites (as ``sRGBToGenericRGB(_:)``); no pair shows
    /// such a color, so AppKit's rule reports its use as an approximation.
    static func displayP3ToGenericRGB(_ components: [Double]) -> [Double] {
        guard components.count == 3 else { return components }
        let xyz = multiply(whiteRelativeDisplayP3, components.map { signed($0, sRGBDecode) })
        return multiply(inverseWhiteRelativeGenericRGB, xyz).map { signed($0) { pow($0, 1 / 1.8) } }
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
