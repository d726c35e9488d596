/// `<textInputTraits key="textInputTraits">` → the `UITextInputTraits` keys of a text field or
/// text view, in the order UIKit archives them.
///
/// | Attribute | Key | Values |
/// |---|---|---|
/// | `autocapitalizationType` | `UIAutocapitalizationType` | none 0, words 1, sentences 2, allCharacters 3 |
/// | `autocorrectionType`, `spellCheckingType` | `UIAutocorrectionType`, `UISpellCheckingType` | default 0, no 1, yes 2 |
/// | `keyboardType` | `UIKeyboardType` | `UIKeyboardType`'s cases (default 0 … ASCIICapableNumberPad 11) |
/// | `returnKeyType` | `UIReturnKeyType` | default 0 … continue 11 |
/// | `enablesReturnKeyAutomatically` | `UIEnablesReturnKeyAutomatically` | true |
/// | `secureTextEntry` | `UISecureTextEntry` | true, with autocorrection and spell checking off |
/// | `textContentType` | `UITextContentType` | the string itself (`UITextContentType`'s raw values: "url", "email", "tel", …) |
/// | `smartQuotesType`, `smartDashesType`, `smartInsertDeleteType` | `UITextSmartQuotesType`, … | default 0, no 1, yes 2 |
///
/// Defaults (0, or the class's own capitalization) are left out. Evidence: the 30 text fields
/// of the duckduckgo pairs (Xcode 13.2) and of the corpus's compiled nibs archive exactly these
/// keys in this order (`UIAutocapitalizationType` 1 for "words", `UIAutocorrectionType` 1 and 2,
/// `UITextContentType` "url", "email", "tel", `UITextSmartDashesType` 2 after
/// `UIEnablesReturnKeyAutomatically`, `UITextSmartInsertDeleteType` after `UITextContentType`);
/// a secure field turns autocorrection and spell checking off (ROMPiOS). Where the smart
/// quotes go among them is UIKit's declaration order (no nib shows them next to the others).
/// `keyboardAppearance` is left out with a warning: no nib of the corpus archives a keyboard
/// appearance, so its key is not known from Apple's output.
enum TextInputTraitsRule {
    static let capitalizations = ["none": 0, "words": 1, "sentences": 2, "allCharacters": 3]
    static let tristate = ["default": 0, "no": 1, "yes": 2]

    /// Archives the traits of `element` (a text field or text view) on `object`;
    /// `defaultCapitalization` is the class's own, which ibtool does not archive.
    static func encode(
        _ element: SourceElement, on object: ArchivedObject, defaultCapitalization: String, context: UIKitContext
    ) throws(CompileError) {
        guard let traits = element.child("textInputTraits", key: "textInputTraits") else { return }
        let known: Set<String> = [
            "key", "autocapitalizationType", "autocorrectionType", "spellCheckingType", "keyboardType",
            "returnKeyType", "enablesReturnKeyAutomatically", "secureTextEntry",
            "textContentType", "smartQuotesType", "smartDashesType", "smartInsertDeleteType",
        ]
        for name in traits.attributes.keys.sorted() where !known.contains(name) {
            try context.unmodelled(.unsupportedAttribute, traits, "text input trait \(name) is not modelled")
        }
        /// The code of attribute `name` in `table`; nil (with a warning) for an unknown value.
        func code(_ name: String, _ table: [String: Int]) throws(CompileError) -> Int? {
            guard let value = traits[name] else { return nil }
            guard let code = table[value] else {
                try context.unmodelled(
                    .unsupportedAttribute, traits, "text input trait \(name) \"\(value)\" is unknown; left out")
                return nil
            }
            return code
        }
        let secure = traits.flag("secureTextEntry")
        if traits["autocapitalizationType"] != defaultCapitalization,
            let capitalization = try code("autocapitalizationType", capitalizations)
        {
            object.set("UIAutocapitalizationType", int: capitalization)
        }
        let autocorrection = try code("autocorrectionType", tristate) ?? 0
        if secure || autocorrection != 0 { object.set("UIAutocorrectionType", int: secure ? 1 : autocorrection) }
        let spellChecking = try code("spellCheckingType", tristate) ?? 0
        if secure || spellChecking != 0 { object.set("UISpellCheckingType", int: secure ? 1 : spellChecking) }
        if let keyboard = try code("keyboardType", TextFieldRule.keyboardTypes), keyboard != 0 {
            object.set("UIKeyboardType", int: keyboard)
        }
        if let returnKey = try code("returnKeyType", TextFieldRule.returnKeyTypes), returnKey != 0 {
            object.set("UIReturnKeyType", int: returnKey)
        }
        object.setFlag("UIEnablesReturnKeyAutomatically", traits.flag("enablesReturnKeyAutomatically"))
        object.setFlag("UISecureTextEntry", secure)
        if let contentType = traits["textContentType"], !contentType.isEmpty {
            object.set("UITextContentType", .string(contentType))
        }
        for (name, key) in [
            ("smartQuotesType", "UITextSmartQuotesType"), ("smartDashesType", "UITextSmartDashesType"),
            ("smartInsertDeleteType", "UITextSmartInsertDeleteType"),
        ] {
            if let value = try code(name, tristate), value != 0 { object.set(key, int: value) }
        }
    }
}
