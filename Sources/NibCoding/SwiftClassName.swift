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
        // Lengths in a mangled name count UTF-8 bytes, so the parse walks bytes; most class
        // names are Objective-C names and fail at the first three.
        guard mangled.utf8.count > 3, mangled.utf8.starts(with: "_Tt".utf8) else { return nil }
        let bytes = Array(mangled.utf8)
        var position = 3
        var depth = 0
        while position < bytes.count, bytes[position] == UInt8(ascii: "C") {
            depth += 1
            position += 1
        }
        guard depth > 0 else { return nil }
        var identifiers: [String] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "s") {
            identifiers.append("Swift")
            position += 1
        }
        while position < bytes.count, identifiers.count < depth + 1 {
            var length = 0
            var digits = 0
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                guard digits < 5 else { return nil }
                length = length * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            guard digits > 0, length > 0, length <= bytes.count - position else { return nil }
            identifiers.append(String(decoding: bytes[position..<(position + length)], as: UTF8.self))
            position += length
        }
        guard position == bytes.count, identifiers.count == depth + 1 else { return nil }
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
