/// `<textField>` → `UITextField`: text and placeholder, font, alignment, border style, the
/// default black text color, adjust-to-fit, and the `<textInputTraits>` keys.
enum TextFieldRule {
    static let rule = ViewRule(
        className: "UITextField",
        attributes: [
            "contentHorizontalAlignment", "contentVerticalAlignment", "borderStyle", "textAlignment", "minimumFontSize",
            "text",
            "placeholder", "adjustsFontSizeToFit", "background", "clearButtonMode", "adjustsFontForContentSizeCategory",
            "clearsOnBeginEditing", "selected", "enabled",
        ],
        children: ["fontDescription", "textInputTraits", "color"],
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    static let borderStyles: [String: Int] = ["none": 0, "line": 1, "bezel": 2, "roundedRect": 3]
    /// `UITextField.ViewMode` raw values (UIKit's declaration).
    static let clearButtonModes: [String: Int] = ["never": 0, "whileEditing": 1, "unlessEditing": 2, "always": 3]
    static let keyboardTypes: [String: Int] = [
        "default": 0, "alphabet": 1, "numbersAndPunctuation": 2, "URL": 3, "numberPad": 4, "phonePad": 5,
        "namePhonePad": 6,
        "emailAddress": 7, "decimalPad": 8, "twitter": 9, "webSearch": 10, "ASCIICapableNumberPad": 11,
    ]
    static let returnKeyTypes: [String: Int] = [
        "default": 0, "go": 1, "google": 2, "join": 3, "next": 4, "route": 5, "search": 6, "send": 7, "yahoo": 8,
        "done": 9,
        "emergencyCall": 10, "continue": 11,
    ]

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        // UIControl's disabled and selected flags after the view keys, before the control's
        // alignment, as on buttons (``ButtonRule``): 0senno's selected text field
        // (EmailViewController); UIDisabled is UIControl's key, first after the view keys on
        // the corpus's disabled buttons, switch and refresh control alike.
        if element["enabled"] == "NO" { object.set("UIDisabled", .bool(true)) }
        if element["selected"] == "YES" { object.set("UISelected", .bool(true)) }
        if let vertical = element["contentVerticalAlignment"], vertical != "center" {
            try context.unmodelled(
                .unsupportedAttribute, element, "contentVerticalAlignment=\"\(vertical)\" is not modelled")
        }
        if let horizontal = element["contentHorizontalAlignment"] {
            guard let code = ButtonRule.horizontal[horizontal] else {
                throw context.error(
                    .unsupportedAttribute, element, "contentHorizontalAlignment=\"\(horizontal)\" is unknown")
            }
            if code != 0 { object.set("UIContentHorizontalAlignment", int: code) }
        }
        // UIContentSizeCategoryAdjusting is one protocol (UIKit's documentation) that labels, text
        // fields and text views adopt; labels and text views archive it under this key, before
        // the font (the corpus's two labels and ertmuirm's text view).
        object.setFlag("UIAdjustsFontForContentSizeCategory", element.flag("adjustsFontForContentSizeCategory"))
        if let font = element.child("fontDescription", key: "fontDescription") {
            object.set("UIFont", try FontRule.font(font, in: context))
        }
        // An empty text is not archived.
        if let text = element["text"], !text.isEmpty {
            object.set("UIText", context.text(text, id: element["id"], property: "text"))
        }
        if let placeholder = element["placeholder"] {
            object.set("UIPlaceholder", context.text(placeholder, id: element["id"], property: "placeholder"))
        }
        // The alignment is written even when it is the default (left).
        let alignment = element["textAlignment"] ?? "left"
        guard let alignmentCode = LabelRule.alignments[alignment] else {
            throw context.error(.unsupportedAttribute, element, "textAlignment \"\(alignment)\" is unknown")
        }
        object.set("UITextAlignment", int: alignmentCode)
        var textColor: ArchivedObject?
        for color in element.children(named: "color") {
            switch color["key"] {
            case "textColor": textColor = try ColorRule.color(color, in: context)
            case "backgroundColor", "tintColor": break
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color, "text field color \(color["key"] ?? "?") is not modelled")
            }
        }
        // Without a color in the source, the field's default is archived: black, or from Xcode
        // 13 the dynamic label color (duckduckgo Bookmarks, Xcode 13.2: three fields without a
        // color archive labelColor; Sylladise's and mobilewits' older fields black).
        object.set(
            "UITextColor",
            textColor
                ?? (context.era >= XcodeEra(13)
                    ? ColorRule.grayColor(white: 0, alpha: 1, systemName: "labelColor") : ColorRule.black(in: context)))
        // The background image is an image placeholder like an image view's (pogoros Sylladise,
        // three round-rect fields); an empty name archives none.
        if let name = element["background"], !name.isEmpty {
            object.set(
                "UITextFieldBackground",
                try ImageRule.placeholder(named: name, element: element, context: context, resources: resources))
        }
        if let style = element["borderStyle"] {
            guard let code = borderStyles[style] else {
                throw context.error(.unsupportedAttribute, element, "borderStyle \"\(style)\" is unknown")
            }
            if code != 0 { object.set("UIBorderStyle", int: code) }
        }
        // After the text color and border, before the font size fitting: Google61's three
        // fields that clear on editing (UIClearsOnBeginEditing true).
        object.setFlag("UIClearsOnBeginEditing", element.flag("clearsOnBeginEditing"))
        // The minimum font size is archived whether or not the field adjusts (duckduckgo
        // OmniBar's field, Xcode 13.2: adjustsFontSizeToFit="NO" minimumFontSize="17" archives
        // UIMinimumFontSize 17 alone; 67 adjusting fields of the corpus archive both).
        if let minimum = element.number("minimumFontSize") {
            if element["adjustsFontSizeToFit"] != "NO" { object.set("UIAdjustsFontSizeToFit", .bool(true)) }
            object.set("UIMinimumFontSize", .float32(Float(minimum)))
        }
        // Before the offset, when not never (Bookmarks' three whileEditing fields → 1).
        if let mode = element["clearButtonMode"] {
            if let code = clearButtonModes[mode] {
                if code != 0 { object.set("UIClearButtonMode", int: code) }
            } else {
                try context.unmodelled(
                    .unsupportedAttribute, element, "clearButtonMode \"\(mode)\" is unknown; left out")
            }
        }
        object.set("UIClearButtonOffset", ArchivedObject.geometry([3, 1]))
        // UITextField's own capitalization is none: "words" archives 1 (a corpus nib), nothing
        // shows an explicit none.
        try TextInputTraitsRule.encode(element, on: object, defaultCapitalization: "none", context: context)
        // True for a color from the source; false for `<nil key="textColor"/>` (Idrill7: the
        // field keeps UIKit's default, which follows the trait collection).
        if context.era.writesTraitTextColorFlag {
            let isNil = element.children.contains { $0.name == "nil" && $0["key"] == "textColor" }
            object.set("UIDisableTextColorUpdateOnTraitCollectionChange", .bool(!isNil))
        }
    }
}
