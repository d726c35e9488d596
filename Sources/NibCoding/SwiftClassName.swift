/// Swift classes archived under their mangled runtime names, such as
/// `_TtC17Atmosphere_Trivia9TextField`: `_TtC`, then length-prefixed module and class names
/// (`_TtCC` for a class nested in another).
public struct SwiftClassName: Hashable, Sendable, CustomStringConvertible {
    /// The module, for example `Atmosphere_Trivia` (`Swift` for the `s` abbreviation).
    public var module: String
    /// The class and any enclosing classes, outermost first.
    public var names: [String]

    /// Parses a mangled `_TtC…` name; `nil` for anything else, including plain Objective-C names.
    public init?(mangled: String) {
        // Most class names are Objective-C names: reject them without walking characters.
        guard mangled.utf8.starts(with: "_Tt".utf8) else { return nil }
        var text = Substring(mangled)
        text = text.dropFirst(3)
        var depth = 0
        while text.first == "C" {
            depth += 1
            text = text.dropFirst()
        }
        guard depth > 0 else { return nil }
        var identifiers: [String] = []
        if text.first == "s" {
            identifiers.append("Swift")
            text = text.dropFirst()
        }
        while !text.isEmpty, identifiers.count < depth + 1 {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count < 6, let length = Int(digits) else { return nil }
            text = text.dropFirst(digits.count)
            guard length > 0, text.count >= length else { return nil }
            identifiers.append(String(text.prefix(length)))
            text = text.dropFirst(length)
        }
        guard text.isEmpty, identifiers.count == depth + 1 else { return nil }
        module = identifiers[0]
        names = Array(identifiers.dropFirst())
    }

    /// `Module.Class` (or `Module.Outer.Inner`).
    public var description: String { ([module] + names).joined(separator: ".") }

    /// The name without its module: `Class` or `Outer.Inner`.
    public var qualifiedName: String { names.joined(separator: ".") }

    /// A mangled name made readable; any other name unchanged.
    public static func readable(_ className: String) -> String {
        SwiftClassName(mangled: className)?.description ?? className
    }
}
