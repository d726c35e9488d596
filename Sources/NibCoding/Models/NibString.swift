import NibArchive

/// `NSString` / `NSMutableString`: UTF-8 text in `NS.bytes`.
open class NibString: NibObject {
    /// `NSString`.
    override open class var defaultClassName: String { "NSString" }

    /// Creates an `NSString` holding `string`.
    public convenience init(_ string: String, className: String = "NSString") {
        self.init()
        self.className = className
        entries = [NibEntry(key: "NS.bytes", value: .payload(.string(string)))]
    }

    /// The text (invalid UTF-8 is decoded with replacement characters).
    open var string: String { storedText }

    /// The text stored in `NS.bytes` (or a keyed archive's `NS.string`), never looked up in a
    /// strings table.
    var storedText: String {
        let bytes: ArraySlice<UInt8>?
        if case .archived(let archived) = storage, let key = archived.context.knownKeys.bytes {
            bytes = archived.data(forKeyIndex: key)
        } else {
            bytes = data(forKey: "NS.bytes")
        }
        if let bytes { return String(decoding: bytes, as: UTF8.self) }
        // A keyed archive's NSLocalizableString keeps its text in the string `NS.string` (read
        // one level deep only: a string naming itself cannot recurse).
        if let inner = object(forKey: "NS.string") as? NibString, let text = inner.data(forKey: "NS.bytes") {
            return String(decoding: text, as: UTF8.self)
        }
        return ""
    }

    /// Whether `NS.bytes` is valid UTF-8 (spec: invalid text is a diagnostic, decoded with replacements).
    public var isValidUTF8: Bool {
        guard let bytes = data(forKey: "NS.bytes") else { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// The text, quoted.
    override open var description: String { "\(className) \"\(string)\"" }
}

/// `NSLocalizableString`: design-time text plus the strings-table key (`NSKey`) UIKit looks up.
public final class NibLocalizableString: NibString {
    /// `NSLocalizableString`.
    override public class var defaultClassName: String { "NSLocalizableString" }

    /// The strings table the nib was loaded with (looked up on access: the key's string object
    /// may still be decoding when this one finishes).
    var stringsTable: [String: String]?

    /// The text from the strings table the nib was loaded with, when it has the key.
    public var localizedString: String? {
        guard let stringsTable else { return nil }
        return localizationKey.flatMap { stringsTable[$0] }
    }

    /// The localized text when a strings table supplied it, otherwise the design-time text.
    override public var string: String { localizedString ?? designTimeString }

    /// The text stored in the nib.
    public var designTimeString: String { super.string }

    override func didDecode(stringsTable: [String: String]?, nilElement: Bool) -> Bool {
        self.stringsTable = stringsTable
        return true
    }

    /// The strings-table key, such as `trh-px-e71.text`: the stored text of the `NSKey` string
    /// (never looked up in the table itself, so a key that is a localizable string, even this
    /// one, cannot recurse).
    public var localizationKey: String? { (object(forKey: "NSKey") as? NibString)?.storedText }
}
