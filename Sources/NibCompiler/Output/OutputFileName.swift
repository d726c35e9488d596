/// The rule for names that a document turns into file names inside a compiled output.
///
/// A storyboard scene nib is named after its controller's `storyboardIdentifier` (or its class
/// and `id`), and a view nib after the controller's and the view's ids: every one of these
/// comes from the document, so a hostile document could name `../../x` and have the compiler
/// write outside the `.storyboardc` it was asked to make. A name is accepted only when it is one
/// path component: not empty, not `.` or `..`, without `/` or NUL, and at most 255 UTF-8 bytes
/// (the longest file name Linux and macOS file systems take). Anything else is refused rather
/// than escaped: the storyboard's `Info.plist` maps identifiers to these names, and UIKit looks
/// a controller up by its identifier, so a silently renamed file would not load.
public enum OutputFileName {
    /// The longest file name, in UTF-8 bytes, that the common file systems accept.
    public static let maximumLength = 255

    /// Why `name` cannot be a file name inside the output, or `nil` when it can.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "is \"\(name)\", a reference to a folder" }
        if name.utf8.contains(UInt8(ascii: "/")) { return "contains \"/\"" }
        if name.utf8.contains(0) { return "contains a NUL character" }
        if name.utf8.count > maximumLength { return "is longer than \(maximumLength) bytes" }
        return nil
    }

    /// `stem + suffix` when it is a safe single file name; otherwise an error about `element`,
    /// saying which `what` (such as "storyboard identifier") produced it.
    static func checked(
        _ stem: String, suffix: String, what: String, element: SourceElement, file: String
    ) throws(CompileError) -> String {
        let name = stem + suffix
        if let problem = problem(with: name) {
            throw CompileError(
                code: .invalidSource, file: file, line: element.line, column: element.column, element: element.summary,
                message:
                    "the \(what) \"\(Self.printable(stem))\" cannot name a file in the output: \"\(Self.printable(name))\" \(problem)"
            )
        }
        return stem
    }

    /// `text` with control characters shown as `\u{…}` escapes, for messages.
    public static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
