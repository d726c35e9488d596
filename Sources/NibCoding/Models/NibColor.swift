import Foundation
import NibArchive

/// `UIColor` (fallback `NSColor`) in the forms the corpus holds: RGB, gray, a named catalog
/// color (with its RGB or gray stand-in), system colors (`UISystemColorName`), and AppKit's
/// catalog colors (`NSColorSpace` 6 with `NSCatalogName`, `NSColorName` and a fallback `NSColor`).
public final class NibColor: NibObject {
    /// The color's components.
    public enum Components: Hashable, Sendable {
        /// `NSColorSpace` 2 (or 1): red, green, blue, alpha.
        case rgb(red: Double, green: Double, blue: Double, alpha: Double)
        /// `NSColorSpace` 4 (or 3): white, alpha.
        case gray(white: Double, alpha: Double)
    }

    /// `UIColor`.
    override public class var defaultClassName: String { "UIColor" }

    /// Creates an RGB color the way IB writes one.
    public convenience init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init()
        setInteger(4, forKey: "UIColorComponentCount")
        let components = [("UIRed", red), ("UIGreen", green), ("UIBlue", blue), ("UIAlpha", alpha)]
        for (key, value) in components { setFloat(Float(value), forKey: key) }
        for (key, value) in components where Double(Float(value)) != value { setDouble(value, forKey: key + "-Double") }
        setValue(.payload(.string(Self.text([red, green, blue], alpha: alpha))), forKey: "NSRGB")
        setInteger(2, forKey: "NSColorSpace")
    }

    /// Creates a gray color the way IB writes one.
    public convenience init(white: Double, alpha: Double = 1) {
        self.init()
        setInteger(2, forKey: "UIColorComponentCount")
        setFloat(Float(white), forKey: "UIWhite")
        setFloat(Float(alpha), forKey: "UIAlpha")
        setValue(.payload(.string(Self.text([white], alpha: alpha))), forKey: "NSWhite")
        setInteger(4, forKey: "NSColorSpace")
    }

    /// The `NSRGB`/`NSWhite` text: three significant digits, alpha only when not 1.
    static func text(_ components: [Double], alpha: Double) -> String {
        (components + (alpha == 1 ? [] : [alpha])).map { String(format: "%.3g", $0) }.joined(separator: " ")
    }

    private func component(_ key: String) -> Double? { double(forKey: key + "-Double") ?? double(forKey: key) }

    /// The components, from the float keys, else from the `NSRGB`/`NSWhite` text.
    public var components: Components? {
        let alpha = component("UIAlpha") ?? 1
        if let red = component("UIRed"), let green = component("UIGreen"), let blue = component("UIBlue") {
            return .rgb(red: red, green: green, blue: blue, alpha: alpha)
        }
        if let white = component("UIWhite") { return .gray(white: white, alpha: alpha) }
        if let text = textComponents("NSRGB"), text.count >= 3 {
            return .rgb(red: text[0], green: text[1], blue: text[2], alpha: text.count > 3 ? text[3] : 1)
        }
        if let text = textComponents("NSWhite"), !text.isEmpty {
            return .gray(white: text[0], alpha: text.count > 1 ? text[1] : 1)
        }
        // An AppKit catalog color carries the color to use when the catalog is missing.
        var fallback = object(forKey: "NSColor") as? NibColor
        for _ in 0..<4 {
            guard let color = fallback, color !== self else { return nil }
            if color.object(forKey: "NSColor") == nil { return color.components }
            fallback = color.object(forKey: "NSColor") as? NibColor
        }
        return nil
    }

    private func textComponents(_ key: String) -> [Double]? {
        data(forKey: key).map { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self).split(separator: " ").compactMap { Double($0) }
        }
    }

    /// The system color name, such as `systemBackgroundColor`.
    public var systemColorName: String? { string(forKey: "UISystemColorName") }

    /// The asset-catalog (or AppKit color-list) color name.
    public var catalogName: String? { string(forKey: "UIDynamicCatalogName") ?? string(forKey: "NSColorName") }

    /// The AppKit color list of a catalog color, such as `System`.
    public var colorListName: String? { string(forKey: "NSCatalogName") }

    /// `#RRGGBBAA` for the components, or the catalog/system name.
    override public var description: String {
        if let name = catalogName ?? systemColorName { return "UIColor \(name)" }
        switch components {
        case .rgb(let r, let g, let b, let a)?: return String(format: "UIColor rgba(%.3g %.3g %.3g %.3g)", r, g, b, a)
        case .gray(let w, let a)?: return String(format: "UIColor gray(%.3g %.3g)", w, a)
        case nil: return "UIColor"
        }
    }
}
