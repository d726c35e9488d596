/// `<textField>` → `NSTextField` with its `<textFieldCell key="cell">` → `NSTextFieldCell`;
/// `<secureTextField>`, `<searchField>` and `<comboBox>` (``AppKitComboBoxRule``) are the same
/// with their own classes and cell keys.
///
/// | Key | Source |
/// |---|---|
/// | view and control keys | ``AppKitViewEncoder``, ``ControlRule`` (hugging default `{250, 750}`) |
/// | `NSPreferredMaxLayoutWidth` | `preferredMaxLayoutWidth`, when not 0; else with `setsMaxLayoutWidthAtFirstLayout`, the frame width less 4, and `NSControlAutosetMaxLayoutWidth` |
/// | `NSReuseIdentifierKey`, cell `NSCellIdentifier` | `identifier` |
/// | `NSTextFieldAlignmentRectInsetsVersion` | 2 |
/// | `NSAllowsWritingTools` | true for text fields, false for secure and search fields |
/// | `NSTextFieldAllowsWritingToolsAffordance` | false |
/// | `NS.resolvesNaturalAlignmentWithBaseWritingDirection` | false |
/// | cell: flags, contents, font | ``CellRule`` (text cell type) |
/// | cell `NSFormatter` | the `<dateFormatter>` or `<numberFormatter>` with `key="formatter"` (``AppKitFormatterRule``) |
/// | cell `NSPlaceholderString` | `placeholderString` |
/// | cell `NSControlView` | the text field |
/// | cell `NSDrawsBackground` | `drawsBackground="YES"` only |
/// | cell `NSBackgroundColor`, `NSTextColor` | the `backgroundColor` and `textColor` colors (``upgradesTextColor(_:cell:context:)``) |
/// | cell `NSAllowedInputLocales` | secure cells: the `<allowedInputSourceLocales>` strings |
/// | cell `NSCharacterPickerEnabled` | `allowsCharacterPickerTouchBarItem="YES"`, which Xcode 8 documents (tools 11000–12999) imply when it is absent |
/// | search cell | `NSTextBezelStyle` 1 (`bezelStyle="round"`), search and cancel button cells, `NSMaximumRecents` 255, `NSSearchFieldFlags` 6, `NSAutomaticTextCompletionStored`, `NSAutomaticTextCompletionDisabled` (`textCompletion="NO"`) |
/// | cell `customClass` | the cell becomes an `NSClassSwapper` (`NSClassName`, `NSOriginalClassName`) |
enum AppKitTextFieldRule {
    /// One text field class: its element, archived class, cell element and cell class.
    struct Variant {
        /// The control element name.
        var element: String
        /// The control's class.
        var className: String
        /// The cell element name.
        var cellElement: String
        /// The cell's class.
        var cellClassName: String
        /// `NSAllowsWritingTools`.
        var allowsWritingTools: Bool
    }

    /// The text field classes, by element name.
    static let variants: [String: Variant] = [
        "textField": Variant(
            element: "textField", className: "NSTextField", cellElement: "textFieldCell",
            cellClassName: "NSTextFieldCell", allowsWritingTools: true),
        "secureTextField": Variant(
            element: "secureTextField", className: "NSSecureTextField", cellElement: "secureTextFieldCell",
            cellClassName: "NSSecureTextFieldCell", allowsWritingTools: false),
        "searchField": Variant(
            element: "searchField", className: "NSSearchField", cellElement: "searchFieldCell",
            cellClassName: "NSSearchFieldCell", allowsWritingTools: false),
        // Only Xcode 13 and 14 combo boxes are modelled (AppKitComboBoxRule), which write no
        // writing-tools keys; true is NSTextField's value.
        "comboBox": Variant(
            element: "comboBox", className: "NSComboBox", cellElement: "comboBoxCell",
            cellClassName: "NSComboBoxCell", allowsWritingTools: true),
    ]

    /// The text field attributes beyond the view's.
    static let attributes: Set<String> = ControlRule.attributes.union([
        "allowsCharacterPickerTouchBarItem", "preferredMaxLayoutWidth", "setsMaxLayoutWidthAtFirstLayout",
        "focusRingType", "textCompletion", "identifier",
    ])

    /// The cell attributes beyond ``CellRule/attributes``. A text cell's `tag` (≠ 0) is the
    /// cell's `NSTag`: 174 tagged text field cells in scribendi MarkupTagsController (their
    /// controls carry their own).
    static let cellAttributes: Set<String> = [
        "drawsBackground", "placeholderString", "customClass", "customModule", "customModuleProvider", "bezelStyle",
        "tag",
    ]

    /// What an absent `allowsCharacterPickerTouchBarItem` means, by the `toolsVersion` of the
    /// document: Xcode 8 documents (seen: 11762) predate the attribute but enable the picker;
    /// older documents (seen: 9059) and newer ones (seen from 15505) leave it off. Tools
    /// versions between 13000 and 15505 are unknown: off, with a warning.
    static let characterPickerDefaults: (onFrom: Double, onBelow: Double, offFrom: Double) = (11000, 13000, 15505)

    /// The archived text field, secure text field or search field for `element`.
    static func textField(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        guard let variant = variants[element.name] else {
            throw context.error(.unsupportedElement, element, "<\(element.name)> (AppKit) is not modelled")
        }
        // focusRingType="none" leaves no trace in the pairs (securetextfield, outline_cellview).
        if let ring = element["focusRingType"], ring != "none" {
            try context.unmodelled(.unsupportedAttribute, element, "focusRingType \"\(ring)\" is not modelled")
        }
        // NSTextField's automaticTextCompletionEnabled (macOS 10.12.2): the pairs show it only on
        // search fields, whose cell archives NSAutomaticTextCompletionDisabled; a plain text
        // field's cell is assumed to archive it alike (83 wild text fields say NO).
        if let completion = element["textCompletion"], variant.element != "searchField" {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "no compiled nib shows textCompletion=\"\(completion)\" on a text field; archived as a search field's "
                    + "cell archives it")
        }
        let kind = AppKitViewEncoder.Kind(
            attributes: attributes, children: [variant.cellElement], hugging: (250, 750))
        let field = try ControlRule.swapped(ArchivedObject(variant.className), for: element, context: context)
        context.track(field, id: element["id"], parent: parent)
        let children = try views.encodeView(element, field, superview: superview, kind: kind)
        guard children.count == 1, let cell = children.first, cell["key"] == "cell" else {
            throw context.error(
                .invalidSource, element, "a <\(element.name)> needs exactly one <\(variant.cellElement) key=\"cell\">")
        }
        let cellObject = try ControlRule.swapped(ArchivedObject(variant.cellClassName), for: cell, context: context)
        context.track(cellObject, id: cell["id"], parent: field)
        try encodeCell(cell, cellObject, control: field, field: element, variant: variant, context: context)
        try ControlRule.encode(element, field, cell: cell, cellObject: cellObject, sendActionMask: 4, context: context)
        if let width = element["preferredMaxLayoutWidth"] {
            guard let value = Double(width), value.isFinite, value >= 0 else {
                throw context.error(.invalidSource, element, "preferredMaxLayoutWidth must be a width")
            }
            if value != 0 { field.set("NSPreferredMaxLayoutWidth", .float64(value)) }
        } else if try CellRule.boolean(element, "setsMaxLayoutWidthAtFirstLayout", default: false, context),
            let frame = element.child("rect", key: "frame")
        {
            // Interface Builder's "first layout" width: the frame's width less the cell's two
            // 2-point text insets, as it stores an explicit preferredMaxLayoutWidth (Sparkle's
            // SUUpdateAlert: 490 for a 494-wide field); SUStatus's 277-wide field archives 273 with
            // NSControlAutosetMaxLayoutWidth (both its pairs, Xcode 13 and 14).
            let width = try SourceGeometry.rect(frame, context: context)[2]
            field.set("NSControlAutosetMaxLayoutWidth", .bool(true))
            field.set("NSPreferredMaxLayoutWidth", .float64(max(0, width - 4)))
        }
        if let identifier = element["identifier"] {
            // As in the scribendi GroupingController: the view's reuse identifier and its cell's.
            field.set("NSReuseIdentifierKey", .string(identifier))
            cellObject.set("NSCellIdentifier", .string(identifier))
        }
        field.set("NSTextFieldAlignmentRectInsetsVersion", int: 2)
        field.set("NSAllowsWritingTools", .bool(variant.allowsWritingTools))
        field.set("NSTextFieldAllowsWritingToolsAffordance", .bool(false))
        field.set("NS.resolvesNaturalAlignmentWithBaseWritingDirection", .bool(false))
        return field
    }

    /// The cell keys of `cell` (whose text field is `field`, archived as `control`).
    static func encodeCell(
        _ cell: SourceElement, _ object: ArchivedObject, control: ArchivedObject, field: SourceElement,
        variant: Variant, context: AppKitContext
    ) throws(CompileError) {
        let isCombo = variant.element == "comboBox"
        for name in cell.attributes.keys
        where !CellRule.attributes.contains(name) && !cellAttributes.contains(name)
            && !(isCombo && AppKitComboBoxRule.cellAttributes.contains(name))
        {
            try context.unmodelled(
                .unsupportedAttribute, cell, "attribute \(name) on a <\(cell.name)> is not modelled")
        }
        let isSearch = variant.element == "searchField"
        if isSearch ? cell["bezelStyle"] != "round" : cell["bezelStyle"] != nil {
            try context.unmodelled(
                .unsupportedAttribute, cell,
                "bezelStyle \"\(cell["bezelStyle"] ?? "")\" is not modelled on <\(cell.name)>")
        }
        var colors: [String: ArchivedObject] = [:]
        var formatter: SourceElement?
        var locales: [ArchivedObject]?
        for child in cell.children {
            switch (child.name, child["key"]) {
            case ("font", "font"): break
            case ("color", let key?) where key == "textColor" || key == "backgroundColor":
                if key == "textColor", try upgradesTextColor(child, cell: cell, context: context) {
                    colors[key] = try AppKitColorRule.catalogColor("controlTextColor", element: child, context: context)
                } else {
                    colors[key] = try AppKitColorRule.color(child, context: context)
                }
            case ("dateFormatter", "formatter"), ("numberFormatter", "formatter"): formatter = child
            case ("allowedInputSourceLocales", nil) where variant.element == "secureTextField":
                locales = try child.children.map { (string) throws(CompileError) in
                    guard string.name == "string" else {
                        throw context.error(
                            .unsupportedElement, string,
                            "<\(string.name)> inside allowed input locales is not supported")
                    }
                    return ArchivedObject.string(string.text)
                }
            case ("string", "title") where cell["title"] == nil: break  // the title (AppKitContext.title)
            case ("connections", _): break
            case (let name, nil) where isCombo && AppKitComboBoxRule.cellChildren.contains(name): break
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a <\(cell.name)> is not modelled")
            }
        }
        var contents: ArchivedObject? = try context.title(cell)
        if let formatter, formatter.name == "numberFormatter" {
            contents = try AppKitFormatterRule.numberContents(cell["title"], formatter: formatter, context: context)
        } else if let formatter {
            contents = try AppKitFormatterRule.dateContents(cell["title"], formatter: formatter, context: context)
        }
        try CellRule.encode(cell, object, type: .text, contents: contents, context: context)
        if let formatter, formatter.name == "numberFormatter" {
            object.set(
                "NSFormatter", try AppKitFormatterRule.numberFormatter(formatter, cell: object, context: context))
        } else if let formatter, let contents {
            try AppKitFormatterRule.attachDateFormatter(formatter, to: object, contents: contents, context: context)
        }
        try ControlRule.encodeTag(cell, object, context: context)
        if let placeholder = cell["placeholderString"] {
            object.set("NSPlaceholderString", .string(placeholder))
        }
        object.set("NSControlView", control)
        if isSearch { object.set("NSTextBezelStyle", int: 1) }
        if cell.flag("drawsBackground") { object.set("NSDrawsBackground", .bool(true)) }
        if let background = colors["backgroundColor"] { object.set("NSBackgroundColor", background) }
        if let text = colors["textColor"] { object.set("NSTextColor", text) }
        if let locales { object.set("NSAllowedInputLocales", .collection("NSArray", locales)) }
        if isSearch {
            encodeSearchCell(object, control: control, field: field)
        } else if field["textCompletion"] == "NO" {
            object.set("NSAutomaticTextCompletionDisabled", .bool(true))
        }
        if try characterPicker(field, context: context) { object.set("NSCharacterPickerEnabled", .bool(true)) }
        if isCombo {
            try AppKitComboBoxRule.encodeCell(cell, object, font: object.object(forKey: "NSSupport"), context: context)
        }
    }

    /// The search field cell's fixed parts, as every search field in the pairs archives them:
    /// a search button cell (title "search", action `_searchFieldSearch:`), a cancel button cell
    /// (state on, accessibility description "cancel", action `_searchFieldCancel:`), both
    /// targeting the cell; 255 recents; search field flags 6.
    static func encodeSearchCell(_ cell: ArchivedObject, control: ArchivedObject, field: SourceElement) {
        if field["textCompletion"] == "NO" { cell.set("NSAutomaticTextCompletionDisabled", .bool(true)) }
        func button(state: Bool, title: String?, action: String) -> ArchivedObject {
            let button = ArchivedObject("NSButtonCell")
            button.set("NSCellFlags", .integer(state ? Int64(Int32.min) : 0))
            button.set("NSCellFlags2", int: 0)
            if let title { button.set("NSContents", .string(title)) }
            if state {
                let description = ArchivedObject.dictionary(
                    "NSMutableDictionary",
                    [
                        (.string("AXDescription"), .string("cancel")),
                        (.string("NSAccessibilityEncodedAttributesValueType"), .number(1)),
                    ])
                button.set("NSAccessibilityOverriddenAttributes", .collection("NSMutableArray", [description]))
            }
            button.set("NSControlView", control)
            button.set("NSAction", .string(action))
            button.set("NSTarget", cell)
            button.set("NSButtonFlags", int: 0x0840_4000)
            button.set("NSButtonFlags2", int: 0)
            button.set("NSBezelStyle", int: 0)
            button.set("NSKeyEquivalent", .string(""))
            button.set("NSPeriodicDelay", int: 400)
            button.set("NSPeriodicInterval", int: 75)
            button.set("NSAuxButtonType", int: 5)
            return button
        }
        cell.set("NSSearchButtonCell", button(state: false, title: "search", action: "_searchFieldSearch:"))
        cell.set("NSCancelButtonCell", button(state: true, title: nil, action: "_searchFieldCancel:"))
        cell.set("NSMaximumRecents", int: 255)
        cell.set("NSSearchFieldFlags", .data([6, 0, 0, 0]))
        cell.set("NSAutomaticTextCompletionStored", .bool(true))
    }

    /// Whether ibtool archives the System `textColor` of this cell as `controlTextColor`: seen
    /// for an editable cell in an Xcode 8 document (`textfield_textcolor`, tools 11762); a
    /// non-editable cell of the same tools version (`test1`) and editable cells of newer
    /// documents (`white_color_format`, `datacell_unparseable`) keep `textColor`. Older
    /// documents are not in the pairs: upgraded as Xcode 8's, with a warning. It is the building ibtool that
    /// upgrades the color: LuLu's AddRule (tools 12121), built by the Xcode 8.3 that saved it,
    /// keeps `textColor` on its editable cell, so Xcodes before 11 (``AppKitEraRule``) do not.
    static func upgradesTextColor(_ color: SourceElement, cell: SourceElement, context: AppKitContext)
        throws(CompileError) -> Bool
    {
        guard color["colorSpace"] == "catalog", color["name"] == "textColor", cell.flag("editable"),
            let tools = context.toolsVersion, tools < 13000, context.era >= XcodeEra(11)
        else { return false }
        // Older documents predate the change as Xcode 8's do: upgraded the same way, with a
        // warning since no pair shows one.
        if tools < 11000 {
            try context.unmodelled(
                .unsupportedAttribute, color,
                "no pair shows how ibtool archives an editable cell's textColor in documents older than Xcode 8; "
                    + "upgraded to controlTextColor as in Xcode 8 documents")
        }
        return true
    }

    /// Whether the character picker is enabled (see ``characterPickerDefaults``).
    static func characterPicker(_ field: SourceElement, context: AppKitContext) throws(CompileError) -> Bool {
        if let value = field["allowsCharacterPickerTouchBarItem"] { return value == "YES" }
        guard let tools = context.toolsVersion else { return false }
        let defaults = characterPickerDefaults
        if tools < defaults.onFrom || tools >= defaults.offFrom { return false }
        if tools < defaults.onBelow { return true }
        // Between the two, no pair says: off, as in the nearest newer documents, with a warning.
        try context.unmodelled(
            .unsupportedAttribute, field,
            "the character picker default of documents saved with tools version \(PriorityText.text(tools)) is not known; "
                + "archived off, as in documents from tools version 15505")
        return false
    }
}
