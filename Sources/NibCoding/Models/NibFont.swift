import NibArchive

/// `UIFont` (fallback `NSFont`).
public final class NibFont: NibObject {
    /// `UIFont`.
    override public class var defaultClassName: String { "UIFont" }

    /// Creates a font the way IB writes one (name and size twice, traits, system flag).
    public convenience init(name: String, pointSize: Double, isSystemFont: Bool = false) {
        self.init()
        let nameObject = NibString(name)
        setObject(nameObject, forKey: "UIFontName")
        setObject(nameObject, forKey: "NSName")
        setDouble(pointSize, forKey: "UIFontPointSize")
        setDouble(pointSize, forKey: "NSSize")
        setInteger(0, forKey: "UIFontTraits")
        setBool(isSystemFont, forKey: "UISystemFont")
    }

    /// The PostScript name, such as `.SFUI-Regular` or `Helvetica-Bold`.
    public var name: String? { string(forKey: "UIFontName") ?? string(forKey: "NSName") }
    /// The point size. Text-style fonts (`UIIBTextStyle`) store `UIFontPointSize` 0 and the
    /// size in `NSSize`, so a zero `UIFontPointSize` defers to `NSSize`.
    public var pointSize: Double? {
        let size = double(forKey: "UIFontPointSize")
        if let size, size != 0 { return size }
        return double(forKey: "NSSize") ?? size
    }

    /// The text style of a Dynamic Type font (`UIIBTextStyle`), such as `UICTFontTextStyleBody`.
    public var textStyle: String? { string(forKey: "UIIBTextStyle") }
    /// Whether it is the system font.
    public var isSystemFont: Bool { bool(forKey: "UISystemFont") }
    /// `UIFontTraits`.
    public var traits: Int { integer(forKey: "UIFontTraits") ?? 0 }

    /// `UIFont Helvetica 17`.
    override public var description: String { "UIFont \(name ?? "?") \(pointSize.map { "\($0)" } ?? "?")" }
}
