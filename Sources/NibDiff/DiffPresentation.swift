import NibArchive
import NibCoding

/// How the comparison names things for people: custom classes by the name the archive gives
/// them, and integer values of well-known enumerations by their case names.
enum DiffPresentation {
    /// Classes that stand for a custom class named in one of their values (`UIClassName`,
    /// `NSClassName`): UIKit's class swapper, AppKit's custom objects and views.
    static let customClassHolders: Set<String> = [
        "UIClassSwapper", "NSClassSwapper", "NSCustomObject", "NSCustomView",
    ]

    /// The class of `node` for a path step: `MyApp.LoadingButton: UIClassSwapper` when the
    /// archive names a custom class (Swift names demangled), else the archived class.
    static func label(_ node: ArchiveGraph.Node, in graph: ArchiveGraph) -> String {
        guard customClassHolders.contains(node.className) else { return node.className }
        for key in ["UIClassName", "NSClassName"] {
            if let payload = node.value(forKey: key), let name = string(payload, in: graph), !name.isEmpty {
                return "\(SwiftClassName.readable(name)): \(node.className)"
            }
        }
        return node.className
    }

    /// The keys whose text tells an object apart for people: a menu item's or button's title, a
    /// label's text, a connection's outlet or action name.
    static let captionKeys = ["NSTitle", "UIText", "UITitle", "NSLabel", "UILabel"]

    /// The title, text or name of `node`, when it has one, for an element added or removed.
    static func caption(_ node: ArchiveGraph.Node, in graph: ArchiveGraph) -> String? {
        for key in captionKeys {
            if let payload = node.value(forKey: key), let text = string(payload, in: graph) { return text }
        }
        return nil
    }

    /// The text of a string value: inline UTF-8 data, or an `NSString`'s `NS.bytes`.
    static func string(_ payload: NibArchive.Payload, in graph: ArchiveGraph) -> String? {
        switch payload {
        case .data(let bytes):
            return String(validating: bytes, as: UTF8.self)
        case .objectReference(let index):
            guard let node = graph.node(index), node.className.hasSuffix("String"),
                case .data(let bytes)? = node.value(forKey: "NS.bytes")
            else { return nil }
            return String(validating: bytes, as: UTF8.self)
        default:
            return nil
        }
    }

    /// The integer a payload holds, whatever its wire width.
    static func integer(_ payload: NibArchive.Payload) -> Int64? {
        switch payload {
        case .int8(let value): Int64(value)
        case .int16(let value): Int64(value)
        case .int32(let value): Int64(value)
        case .int64(let value): value
        default: nil
        }
    }

    /// `centerY (10)` for an enumeration value whose case names are known from Apple's
    /// public headers; `nil` for any other key or an unknown value.
    static func enumName(className: String, key: String, payload: NibArchive.Payload) -> String? {
        guard let value = integer(payload), let names = enumeration(className: className, key: key) else {
            return nil
        }
        guard let name = names[value] else { return nil }
        return "\(name) (\(value))"
    }

    private static func enumeration(className: String, key: String) -> [Int64: String]? {
        switch key {
        case "NSFirstAttribute", "NSSecondAttribute", "NSFirstAttributeV2", "NSSecondAttributeV2":
            return className.contains("LayoutConstraint") ? layoutAttributes : nil
        case "NSRelation":
            return className.contains("LayoutConstraint") ? layoutRelations : nil
        case "UIContentMode":
            return contentModes
        case "UITextAlignment":
            return textAlignments
        default:
            return nil
        }
    }

    /// `NSLayoutConstraint.Attribute` (UIKit's `NSLayoutAttribute`; AppKit uses the same raw
    /// values for the cases it has).
    static let layoutAttributes: [Int64: String] = [
        0: "notAnAttribute", 1: "left", 2: "right", 3: "top", 4: "bottom", 5: "leading", 6: "trailing",
        7: "width", 8: "height", 9: "centerX", 10: "centerY", 11: "lastBaseline", 12: "firstBaseline",
        13: "leftMargin", 14: "rightMargin", 15: "topMargin", 16: "bottomMargin", 17: "leadingMargin",
        18: "trailingMargin", 19: "centerXWithinMargins", 20: "centerYWithinMargins",
    ]

    /// `NSLayoutConstraint.Relation`.
    static let layoutRelations: [Int64: String] = [-1: "lessThanOrEqual", 0: "equal", 1: "greaterThanOrEqual"]

    /// `UIView.ContentMode`.
    static let contentModes: [Int64: String] = [
        0: "scaleToFill", 1: "scaleAspectFit", 2: "scaleAspectFill", 3: "redraw", 4: "center", 5: "top",
        6: "bottom", 7: "left", 8: "right", 9: "topLeft", 10: "topRight", 11: "bottomLeft", 12: "bottomRight",
    ]

    /// `NSTextAlignment` as UIKit numbers it.
    static let textAlignments: [Int64: String] = [0: "left", 1: "center", 2: "right", 3: "justified", 4: "natural"]
}
