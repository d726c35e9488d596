/// One user-visible string of an Interface Builder document, as `ibtool --export-strings-file`
/// lists it: the object's id, its class, the property, and the text the document gives it.
///
/// Its ``key`` (`<ObjectID>.<property>`) is the key of the `.strings` file a translator fills in,
/// and the key of the `NSLocalizableString` the compiler archives for a `Base.lproj` document.
public struct LocalizableString: Sendable, Hashable {
    /// The `id` of the element the string belongs to, such as `abc-12-xyz`.
    public var objectID: String
    /// The class Interface Builder shows for the element, such as `UILabel` or `NSButtonCell`.
    public var className: String
    /// The property, such as `text`, `normalTitle` or `headerCell.title`.
    public var property: String
    /// The text the document gives the property.
    public var value: String
    /// The element's comment for localizers (Interface Builder's "Comment For Localizer",
    /// `<attributedString key="userComments">`), which ibtool writes as `Note = "…"`.
    public var note: String?

    /// Creates a string.
    public init(objectID: String, className: String, property: String, value: String, note: String? = nil) {
        self.objectID = objectID
        self.className = className
        self.property = property
        self.value = value
        self.note = note
    }

    /// `<ObjectID>.<property>`, the key of the `.strings` file.
    public var key: String { "\(objectID).\(property)" }
}

extension SourceDocument {
    /// The document's localizable strings in document order, as `ibtool --export-strings-file`
    /// writes them (which element kinds and properties: see `LocalizableProperty`).
    public func localizableStrings() -> [LocalizableString] {
        LocalizableProperty.occurrences(in: root).compactMap { occurrence in
            guard let value = occurrence.value else { return nil }
            return LocalizableString(
                objectID: occurrence.objectID, className: occurrence.className, property: occurrence.property,
                value: value, note: occurrence.note)
        }
    }

    /// Replaces the value of every localizable string whose key (`<ObjectID>.<property>`) is in
    /// `table` by the table's text, as ibtool does with `--companion-strings-file`; returns how
    /// many values were replaced. Keys that name no string of the document are ignored, as ibtool
    /// ignores them.
    @discardableResult
    public func applyLocalizedStrings(_ table: [String: String]) -> Int {
        var replaced = 0
        for occurrence in LocalizableProperty.occurrences(in: root) {
            guard occurrence.value != nil, let text = table[occurrence.key] else { continue }
            occurrence.location.write(text)
            replaced += 1
        }
        return replaced
    }
}
