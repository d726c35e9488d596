/// What every AppKit cell archives: `NSCellFlags` and `NSCellFlags2` packed from the cell's
/// attributes, `NSContents`, `NSSupport` (the font) and `NSControlView`.
///
/// Each bit was learned from fixtures that differ in one attribute (`textfield_truncates` vs
/// `textfield_no_truncates`, `numfmt_*`, `test_6col`, …). Controls with cells (text fields
/// here; buttons, sliders, steppers later) share these tables. Checked against every cell of the
/// NIBArchive pairs (`/work/notes/appkit-text-tools/cellcheck.py`): besides the bits below,
/// button cells use `0x0100_0000` in `NSCellFlags2` for `allowsMixedState`
/// (``AppKitButtonRule``), continuous slider cells `0x0004_0100` (``AppKitSliderRule``) and
/// stepper cells `0x000C_0020` (``AppKitStepperRule``) in `NSCellFlags`.
///
/// `NSCellFlags`:
///
/// | Bits | Source |
/// |---|---|
/// | `0x8000_0000` | `state="on"` |
/// | `0x2000_0000` | `enabled="NO"` (the control keeps `NSEnabled` true; scribendi MarkupTagsController) |
/// | `0x1000_0000` | `editable="YES"` |
/// | `type << 26` | the cell type: text 1 (`0x0400_0000`) for text cells and any cell with a font; image cells without a font archive 0 |
/// | border bits | `borderStyle`, per cell class (``Borders``): `bezel` `0x0040_0000` and `border` `0x0080_0000` (text, table header and segmented cells); pop-up button cells `borderAndBezel` `0x0040_0000`; push button cells archive `border` in `NSButtonFlags`, not here; image cells refuse it |
/// | `0x0020_0000` | `selectable="YES"` |
/// | `0x0010_0000` | `scrollable="YES"` |
/// | `0x0000_0040` | a line break mode that does not wrap (clipping, truncating) |
/// | `0x0000_0001` | `selectable` or `editable` |
///
/// `NSCellFlags2`:
///
/// | Bits | Source |
/// |---|---|
/// | `0x4000_0000` | `allowsEditingTextAttributes="YES"` (HSChooserWindow) |
/// | `alignment << 26` | `alignment`: left 0, right 1, center 2, justified 3, natural 4 (absent) |
/// | `0x0200_0000` | `refusesFirstResponder="YES"` |
/// | `0x0040_0000` | `sendsActionOnEndEditing="YES"` |
/// | `size << 17` | `controlSize`: regular 0, small 1, mini 2 |
/// | `mode << 9` | `lineBreakMode`: word 0 (absent), char 1, clipping 2, head 3, tail 4, middle 5 |
/// | `ring << 15` | `focusRingType`: default 0 (absent), none 1, exterior 2 (`NSFocusRingType`; SUUpdatePermissionPrompt's three cells saying none, a check box, a small check box and a disclosure triangle, have `0x8000`, its others not) |
/// | `0x0000_1000` | `allowsUndo="NO"` (transmission_MainMenu) |
/// | `0x0000_0100` | `truncatesLastVisibleLine="YES"` |
/// | `0x0000_0040` | `usesSingleLineMode="YES"` |
enum CellRule {
    /// `lineBreakMode` → `NSLineBreakMode` (also `NSControlLineBreakMode`).
    static let lineBreakModes: [String: Int] = [
        "wordWrapping": 0, "charWrapping": 1, "clipping": 2, "truncatingHead": 3, "truncatingTail": 4,
        "truncatingMiddle": 5,
    ]
    /// `alignment` → the cell's alignment field (AppKit's pre-10.11 numbering: right 1, center 2).
    static let cellAlignments: [String: Int] = ["left": 0, "right": 1, "center": 2, "justified": 3, "natural": 4]
    /// `alignment` → `NSTextAlignment` (`NSControlTextAlignment`: center 1, right 2).
    static let textAlignments: [String: Int] = ["left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4]
    /// `controlSize` → `NSControlSize`.
    /// `controlSize` → `NSControl.ControlSize`: regular, small and mini as the pairs show them;
    /// large (macOS 11) by AppKit's public value 3, which no compiled nib of the corpus shows
    /// (``flags2(_:context:)`` reports it).
    static let controlSizes: [String: Int] = ["regular": 0, "small": 1, "mini": 2, "large": 3]

    /// The cell type packed into `NSCellFlags`.
    enum CellType: Int {
        /// `NSNullCellType`.
        case null = 0
        /// `NSTextCellType`.
        case text = 1
        /// `NSImageCellType`.
        case image = 2
    }

    /// The attributes every cell may carry (interpreted here or by the control).
    static let attributes: Set<String> = [
        "key", "id", "title", "state", "editable", "selectable", "scrollable", "borderStyle", "lineBreakMode",
        "alignment", "sendsActionOnEndEditing", "controlSize", "truncatesLastVisibleLine", "usesSingleLineMode",
        "refusesFirstResponder", "allowsUndo", "allowsEditingTextAttributes", "enabled", "focusRingType",
    ]
    /// `focusRingType` → `NSFocusRingType` raw value (AppKit's public headers).
    static let focusRingTypes = ["default": 0, "none": 1, "exterior": 2]

    /// `borderStyle` → its `NSCellFlags` bits, for one cell class.
    struct Borders {
        /// The bits of each `borderStyle` value the class accepts.
        var bits: [String: UInt32]

        /// NSCell's own bordered and bezeled bits: text field, secure and search field cells and
        /// date picker cells (`bezel`), table header cells (`border`, `test_table_header`),
        /// segmented cells (`border`, `segmented_fillprop`).
        static let text = Borders(bits: ["bezel": 0x0040_0000, "border": 0x0080_0000])
        /// Segmented cells: NSCell's bits (``text``).
        static let segmented = text
        /// Pop-up button cells (`test_popup_textured`, `popup_empty`, …).
        static let popUpButton = Borders(bits: ["borderAndBezel": 0x0040_0000])
        /// Push and check box button cells: their border is in `NSButtonFlags`.
        static let button = Borders(bits: ["border": 0])
        /// Cells without a border in the pairs (image cells): any `borderStyle` is refused.
        static let none = Borders(bits: [:])
    }

    /// The source's `lineBreakMode` (word wrapping when absent).
    static func lineBreakMode(_ cell: SourceElement, _ context: AppKitContext) throws(CompileError) -> Int {
        try value(cell, "lineBreakMode", lineBreakModes, default: 0, context)
    }

    /// `NSCellFlags` for `cell`.
    static func flags(_ cell: SourceElement, type: CellType, borders: Borders = .text, context: AppKitContext)
        throws(CompileError) -> Int64
    {
        var borderBits: UInt32 = 0
        if let border = cell["borderStyle"] {
            guard let bits = borders.bits[border] else {
                throw context.error(
                    .unsupportedAttribute, cell, "borderStyle \"\(border)\" is not modelled on <\(cell.name)>")
            }
            borderBits = bits
        }
        if let state = cell["state"], state != "on" {
            try context.unmodelled(.unsupportedAttribute, cell, "state \"\(state)\" is not modelled")
        }
        var flags: UInt32 = UInt32(type.rawValue) << 26
        if cell["state"] == "on" { flags |= 0x8000_0000 }
        if cell.flag("editable") { flags |= 0x1000_0000 }
        if try boolean(cell, "enabled", default: true, context) == false { flags |= 0x2000_0000 }
        flags |= borderBits
        if cell.flag("selectable") { flags |= 0x0020_0000 }
        if cell.flag("scrollable") { flags |= 0x0010_0000 }
        if try lineBreakMode(cell, context) >= 2 { flags |= 0x40 }
        if cell.flag("selectable") || cell.flag("editable") { flags |= 1 }
        return Int64(Int32(bitPattern: flags))
    }

    /// `NSCellFlags2` for `cell`.
    static func flags2(_ cell: SourceElement, context: AppKitContext) throws(CompileError) -> Int64 {
        var flags: UInt32 = 0
        flags |= UInt32(try value(cell, "alignment", cellAlignments, default: 4, context)) << 26
        if cell.flag("allowsEditingTextAttributes") { flags |= 0x4000_0000 }
        if cell.flag("refusesFirstResponder") { flags |= 0x0200_0000 }
        if cell.flag("sendsActionOnEndEditing") { flags |= 0x0040_0000 }
        if cell["controlSize"] == "large" {
            try context.unmodelled(
                .unsupportedAttribute, cell,
                "controlSize large: no compiled nib shows it; archived as AppKit's NSControl.ControlSize.large (3)")
        }
        flags |= UInt32(try value(cell, "controlSize", controlSizes, default: 0, context)) << 17
        flags |= UInt32(try lineBreakMode(cell, context)) << 9
        flags |= UInt32(try value(cell, "focusRingType", focusRingTypes, default: 0, context)) << 15
        if try boolean(cell, "allowsUndo", default: true, context) == false { flags |= 0x1000 }
        if cell.flag("truncatesLastVisibleLine") { flags |= 0x100 }
        if cell.flag("usesSingleLineMode") { flags |= 0x40 }
        return Int64(Int32(bitPattern: flags))
    }

    /// Sets `NSCellFlags`, `NSCellFlags2`, `NSContents` (the title, empty when absent) and
    /// `NSSupport` (the `<font>` child, if any) on `object`.
    static func encode(
        _ cell: SourceElement, _ object: ArchivedObject, type: CellType, context: AppKitContext
    ) throws(CompileError) {
        try encode(cell, object, type: type, contents: .string(cell["title"] ?? ""), context: context)
    }

    /// Sets `NSCellFlags`, `NSCellFlags2`, `NSContents` (`contents`, absent when nil) and
    /// `NSSupport` (the `<font>` child, if any) on `object`.
    static func encode(
        _ cell: SourceElement, _ object: ArchivedObject, type: CellType, contents: ArchivedObject?,
        borders: Borders = .text, context: AppKitContext
    ) throws(CompileError) {
        object.set("NSCellFlags", .integer(try flags(cell, type: type, borders: borders, context: context)))
        object.set("NSCellFlags2", .integer(try flags2(cell, context: context)))
        if let contents { object.set("NSContents", contents) }
        if let font = cell.child("font", key: "font") {
            object.set("NSSupport", try AppKitFontRule.font(font, context: context))
        }
    }

    /// A `YES`/`NO` attribute, `fallback` when absent.
    static func boolean(_ element: SourceElement, _ name: String, default fallback: Bool, _ context: AppKitContext)
        throws(CompileError) -> Bool
    {
        guard let text = element[name] else { return fallback }
        guard text == "YES" || text == "NO" else {
            throw context.error(.invalidSource, element, "\(name) must be YES or NO")
        }
        return text == "YES"
    }

    /// The table value of attribute `name`, `fallback` when it is absent.
    static func value(
        _ element: SourceElement, _ name: String, _ table: [String: Int], default fallback: Int,
        _ context: AppKitContext
    ) throws(CompileError) -> Int {
        guard let text = element[name] else { return fallback }
        guard let value = table[text] else {
            throw context.error(.unsupportedAttribute, element, "\(name) \"\(text)\" is not modelled")
        }
        return value
    }
}
