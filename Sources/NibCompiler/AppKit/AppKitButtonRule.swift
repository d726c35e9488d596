import Foundation

/// `<button>` → `NSButton` with its `<buttonCell key="cell">` → `NSButtonCell` (`checkbox_hugging`,
/// `radio_hugging`, `button_shadowless`, `square_shadowless_button`, `button_imagehugstitle`,
/// `nkv_overlap`, `test_accessibility`, `blocklist_big`, `outline_cellview`).
///
/// | Key | Source |
/// |---|---|
/// | view and control keys | ``AppKitViewEncoder``, ``ControlRule`` (`NSControlSendActionMask` 4), then `IBNSShadowedSymbolConfiguration` nil |
/// | hugging default | `{250, 750}` for `rounded` and `texturedRounded` bezels (push buttons), `{250, 250}` otherwise (check boxes, radio and square buttons); `{250, 250}` for all before Xcode 15 (scribendi, AVRFuses a08b56f5; Xcode 15.3 as 16: AVRFuses dbb7734b) |
/// | cell `NSCellFlags`, `NSCellFlags2`, `NSSupport` | ``CellRule`` (text cell with a font; `border` lives in `NSButtonFlags`); `allowsMixedState="YES"` adds `0x0100_0000` to `NSCellFlags2` |
/// | cell `NSContents` | `title`, "" when absent |
/// | cell `NSButtonFlags` | ``buttonFlags(_:button:context:)`` |
/// | cell `NSButtonFlags2` | ``buttonFlags2(_:context:)`` |
/// | cell `NSBezelStyle` | `bezelStyle` as `NSButton.BezelStyle` (0 when absent) |
/// | cell `NSNormalImage` | `image` (``AppKitImageRule``) |
/// | cell `NSAlternateImage` | `alternateImage` (``AppKitImageRule``); check boxes and radio buttons: an `NSButtonImageSource` named `NSSwitch` / `NSRadioButton` |
/// | cell `NSAlternateContents` | `alternateTitle`, "" when absent |
/// | cell `NSKeyEquivalent` | `keyEquivalent` or a `<string key="keyEquivalent">` (plain or base64), "" when absent |
/// | cell `NSPeriodicDelay`, `NSPeriodicInterval` | 400, 75 |
/// | cell `NSAuxButtonType` | the `NSButton.ButtonType` the `type` and `<behavior>` make (``auxiliaryType(_:behavior:context:)``) |
/// | cell `NSTag` | a button cell's `tag` when not 0 (scribendi `GroupingController`: -1; pop-up cells archive none) |
/// | `customClass` | on the button or the cell: an `NSClassSwapper` naming the original class |
enum AppKitButtonRule {
    /// The button attributes beyond the view's.
    static let buttonAttributes: Set<String> = ControlRule.attributes.union(["imageHugsTitle"])
    /// The cell attributes beyond ``CellRule/attributes``.
    static let cellAttributes: Set<String> = [
        "type", "bezelStyle", "imagePosition", "imageScaling", "inset", "image", "alternateTitle", "keyEquivalent",
        "allowsMixedState", "customClass", "customModule", "customModuleProvider", "tag", "alternateImage",
    ]
    /// `bezelStyle` → `NSButton.BezelStyle` raw value (AppKit's public headers), for the styles
    /// seen in the pairs.
    /// `bezelStyle` → `NSBezelStyle`: the pairs' eight, and the others by AppKit's public
    /// `NSButton.BezelStyle` values (disclosure 5, circular 7, roundRect 12, roundedDisclosure 14,
    /// inline 15), which no pair shows.
    static let bezelStyles: [String: Int] = [
        "rounded": 1, "regularSquare": 2, "disclosure": 5, "shadowlessSquare": 6, "circular": 7,
        "texturedSquare": 8, "helpButton": 9, "smallSquare": 10, "texturedRounded": 11, "roundedRect": 12,
        "recessed": 13, "roundedDisclosure": 14, "inline": 15,
    ]
    /// The `type` values the rule knows.
    static let types: Set<String> = [
        "push", "check", "radio", "square", "squareTextured", "roundTextured", "recessed", "bevel", "help",
        "smallSquare", "roundRect", "disclosure", "roundedDisclosure", "inline",
    ]
    /// `<behavior>` flags → their `NSButtonFlags` bits (highlight and state masks).
    static let behaviorBits: [String: UInt32] = [
        "pushIn": 0x8000_0000, "changeContents": 0x4000_0000, "changeBackground": 0x2000_0000,
        "changeGray": 0x1000_0000, "lightByContents": 0x0800_0000, "lightByBackground": 0x0400_0000,
        "lightByGray": 0x0200_0000, "doesNotDimImage": 0x0000_1100,
    ]

    /// The two cell classes this rule archives: what differs between them.
    struct CellKind {
        /// The archived class.
        var className: String
        /// The element name.
        var elementName: String
        /// The one `borderStyle` value the class accepts (`0x0080_0000` in `NSButtonFlags`).
        var borderStyle: String
        /// The cell's border bits in `NSCellFlags`.
        var borders: CellRule.Borders
        /// Attributes beyond ``AppKitButtonRule/cellAttributes``.
        var attributes: Set<String> = []
        /// Meta fonts the class archives as others (``AppKitFontRule/font(_:substitutes:context:)``).
        var fontSubstitutes: [String: String] = [:]

        /// `<buttonCell>` → `NSButtonCell`.
        static let button = CellKind(
            className: "NSButtonCell", elementName: "buttonCell", borderStyle: "border", borders: .button)
    }
    /// `imagePosition` → its `NSButtonFlags` bits (absent: a title-only button, 0): left and only
    /// as the pairs show them; above, below, right and overlaps by the same field of the flags
    /// as open AppKit implementations read it (Cocotron, and Cappuccino's nib2cib after it: one
    /// byte at bit 16 whose image-position values, without their flag bit 0x04, are above 0x08,
    /// below 0x18, right 0x28, left 0x38, only 0x40 and overlaps 0x68 — left and only agree with
    /// the pairs).
    static let imagePositions: [String: UInt32] = [
        "above": 0x0008_0000, "below": 0x0018_0000, "right": 0x0028_0000, "left": 0x0038_0000,
        "only": 0x0040_0000, "overlaps": 0x0068_0000,
    ]

    /// The layout-direction image positions → their side in a left-to-right layout.
    static let layoutDirectionalPositions = ["leading": "left", "trailing": "right"]

    /// What a button is in the view encoder's terms (the hugging default is set per bezel).
    static func kind(hugging: (Double, Double)) -> AppKitViewEncoder.Kind {
        AppKitViewEncoder.Kind(attributes: buttonAttributes, children: ["buttonCell"], hugging: hugging)
    }

    /// The archived button for `element`.
    static func button(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let control = try ControlRule.swapped(ArchivedObject("NSButton"), for: element, context: context)
        context.track(control, id: element["id"], parent: parent)
        let cells = element.children.filter { $0.name == "buttonCell" }
        guard cells.count == 1, let cell = cells.first, cell["key"] == "cell" else {
            throw context.error(.invalidSource, element, "a button needs exactly one <buttonCell key=\"cell\">")
        }
        let bezel = try CellRule.value(cell, "bezelStyle", bezelStyles, default: 0, context)
        // Xcode 13–14 (scribendi, AVRFuses a08b56f5) knew no per-bezel default: every button's
        // is {250, 250}; Xcode 15.3 has Xcode 16's (AVRFuses dbb7734b: push buttons with a
        // vertical hugging of 750 archive none).
        let modern = views.context.era >= XcodeEra(15)
        let hugging: (Double, Double) = modern && (bezel == 1 || bezel == 11) ? (250, 750) : (250, 250)
        _ = try views.encodeView(element, control, superview: superview, kind: kind(hugging: hugging))
        let cellObject = try buttonCell(cell, kind: .button, button: element, control: control, context: context)
        try ControlRule.encode(
            element, control, cell: cell, cellObject: cellObject, sendActionMask: 4, context: context)
        control.set("IBNSShadowedSymbolConfiguration", .null)
        return control
    }

    /// The archived `NSButtonCell` for `cell`, the cell of `button` (archived as `control`);
    /// `parent` is its parent in the object table (the control when nil; a table column for
    /// data cells). Matrix cells (`writesControlView` false) archive no `NSControlView`.
    static func buttonCell(
        _ cell: SourceElement, kind: CellKind, button: SourceElement, control: ArchivedObject, context: AppKitContext,
        parent: ArchivedObject? = nil, writesControlView: Bool = true
    ) throws(CompileError) -> ArchivedObject {
        for name in cell.attributes.keys
        where !CellRule.attributes.contains(name) && !cellAttributes.contains(name) && !kind.attributes.contains(name)
            && !(name == "toolTip" && !writesControlView)
        {
            try context.unmodelled(
                .unsupportedAttribute, cell, "attribute \(name) on a <\(kind.elementName)> is not modelled")
        }
        var behavior: SourceElement?
        var keyEquivalent = cell["keyEquivalent"]
        var hasMenu = false
        for child in cell.children {
            switch (child.name, child["key"]) {
            case ("font", "font"): break
            case ("behavior", "behavior") where behavior == nil: behavior = child
            case ("string", "title") where cell["title"] == nil: break  // the title (AppKitContext.title)
            case ("string", "keyEquivalent") where keyEquivalent == nil:
                keyEquivalent = try text(of: child, context: context)
            case ("menu", "menu") where kind.elementName == "popUpButtonCell" && !hasMenu: hasMenu = true
            // The cell's own connections (bindings: PreferencesController) are scheduled with the
            // document's (AppKitConnectionRule).
            case ("connections", nil): break
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a <buttonCell> is not modelled")
            }
        }
        guard let type = cell["type"], types.contains(type) else {
            throw context.error(
                .unsupportedAttribute, cell, "button type \"\(cell["type"] ?? "")\" is not modelled")
        }
        let object = try ControlRule.swapped(ArchivedObject(kind.className), for: cell, context: context)
        // A matrix cell's tool tip is a help connector to the cell (PreferencesController: 3 cells).
        if let toolTip = cell["toolTip"] {
            AppKitToolTipRule.connect(toolTip, view: object, of: cell, context: context)
        }
        context.track(object, id: cell["id"], parent: parent ?? control)
        let font = cell.child("font", key: "font")
        object.set(
            "NSCellFlags",
            .integer(
                try CellRule.flags(cell, type: font == nil ? .null : .text, borders: kind.borders, context: context)))
        var flags2 = UInt32(truncatingIfNeeded: try CellRule.flags2(cell, context: context))
        if try CellRule.boolean(cell, "allowsMixedState", default: false, context) { flags2 |= 0x0100_0000 }
        object.set("NSCellFlags2", .integer(Int64(Int32(bitPattern: flags2))))
        object.set("NSContents", try context.title(cell))
        if let font {
            object.set("NSSupport", try AppKitFontRule.font(font, substitutes: kind.fontSubstitutes, context: context))
        }
        if writesControlView { object.set("NSControlView", control) }
        object.set(
            "NSButtonFlags",
            .integer(Int64(Int32(bitPattern: try buttonFlags(cell, kind: kind, button: button, context: context))))
        )
        object.set("NSButtonFlags2", int: Int(try buttonFlags2(cell, context: context)))
        object.set("NSBezelStyle", int: try CellRule.value(cell, "bezelStyle", bezelStyles, default: 0, context))
        if let image = cell["image"] {
            object.set("NSNormalImage", try AppKitImageRule.image(image, element: cell, context: context))
        }
        if let alternate = cell["alternateImage"] {
            guard type != "check" && type != "radio" else {
                throw context.error(
                    .unsupportedAttribute, cell,
                    "an alternate image on a check box or radio button is not modelled")
            }
            // IRIndexRecordWController's toolbar button (propagate_off / propagate_on).
            object.set("NSAlternateImage", try AppKitImageRule.image(alternate, element: cell, context: context))
        } else if type == "check" || type == "radio" {
            // One per nib and image name: the cells of test_matrix_flags share it.
            let name = type == "check" ? "NSSwitch" : "NSRadioButton"
            let source = ArchivedObject("NSButtonImageSource", sharingKey: "NSButtonImageSource:" + name)
            source.set("NSImageName", .string(name))
            object.set("NSAlternateImage", source)
        }
        object.set("NSAlternateContents", .string(cell["alternateTitle"] ?? ""))
        object.set("NSKeyEquivalent", .string(keyEquivalent ?? ""))
        object.set("NSPeriodicDelay", int: 400)
        object.set("NSPeriodicInterval", int: 75)
        object.set("NSAuxButtonType", int: try auxiliaryType(cell, behavior: behavior, context: context))
        if let text = cell["tag"], kind.elementName == "buttonCell" {
            // scribendi's keyed-order nibs archive it on the cell; its place in key order is a guess.
            guard let tag = Int32(text) else {
                throw context.error(.invalidSource, cell, "the tag must be an integer")
            }
            if tag != 0 { object.set("NSTag", int: Int(tag)) }
        }
        return object
    }

    /// `NSButtonFlags`:
    ///
    /// | Bits | Source |
    /// |---|---|
    /// | `0x8000_0000` … `0x0200_0000` | `<behavior>` `pushIn`, `changeContents`, `lightByContents` (`0x0800_0000`), `lightByBackground` (`0x0400_0000`), `lightByGray` (`0x0200_0000`) |
    /// | `0x0080_0000` | `borderStyle="border"` (button cells), `"borderAndBezel"` (pop-up button cells) |
    /// | `0x0040_0000` | `imagePosition="only"` |
    /// | `0x0038_0000` | `imagePosition="left"` |
    /// | `inset << 13` | `inset` (0–3) |
    /// | `0x0000_1100` | `<behavior doesNotDimImage="YES">` (only check boxes and radio buttons carry it in the pairs) |
    /// | `0x0000_0020` | the button's `imageHugsTitle="YES"` |
    static func buttonFlags(_ cell: SourceElement, kind: CellKind, button: SourceElement, context: AppKitContext)
        throws(CompileError) -> UInt32
    {
        var flags: UInt32 = 0
        if let behavior = cell.child("behavior", key: "behavior") {
            for (name, value) in behavior.attributes where name != "key" {
                guard let bits = behaviorBits[name] else {
                    throw context.error(.unsupportedAttribute, behavior, "behavior \(name) is not modelled")
                }
                guard value == "YES" || value == "NO" else {
                    throw context.error(.invalidSource, behavior, "\(name) must be YES or NO")
                }
                if value == "YES" { flags |= bits }
            }
        }
        if let border = cell["borderStyle"] {
            guard border == kind.borderStyle else {
                throw context.error(
                    .unsupportedAttribute, cell,
                    "borderStyle \"\(border)\" on a <\(kind.elementName)> is not modelled")
            }
            flags |= 0x0080_0000
        }
        if let position = cell["imagePosition"] {
            if let bits = imagePositions[position] {
                flags |= bits
            } else if let side = layoutDirectionalPositions[position], let bits = imagePositions[side] {
                // NSImageLeading and NSImageTrailing (macOS 10.12) have no place in the cell's
                // flags, and no compiled nib shows where ibtool puts them: archived as the side
                // they are in a left-to-right layout (wild macOS: 15 buttons).
                try context.unmodelled(
                    .unsupportedAttribute, cell,
                    "no compiled nib shows imagePosition \(position); archived as \(side), its left-to-right side")
                flags |= bits
            } else {
                throw context.error(.unsupportedAttribute, cell, "imagePosition \"\(position)\" is not modelled")
            }
        }
        if let text = cell["inset"] {
            guard let inset = UInt32(text), inset <= 3 else {
                throw context.error(.unsupportedAttribute, cell, "inset \"\(text)\" is not supported (0 to 3)")
            }
            flags |= inset << 13
        }
        if try CellRule.boolean(button, "imageHugsTitle", default: false, context) { flags |= 0x20 }
        return flags
    }

    /// `bezelStyle` → its bits in `NSButtonFlags2`, as the pairs show them: the style's low three
    /// bits, its bit 3 moved to `0x20` (all eight styles of the pairs follow it); `recessed` (13)
    /// also sets `0x08` (seen only on no-arrow recessed pull-downs, `test_pulldown_title`,
    /// `popup_default_hugging`, `StatusBar`). The styles no pair shows get the same packing.
    static let bezelBits: [String: UInt32] = bezelStyles.mapValues { style in
        let packed = UInt32(style & 7) | UInt32(style & 8) << 2
        return style == 13 ? packed | 0x08 : packed
    }

    /// `imageScaling` → `NSButtonFlags2` bits: proportionallyDown `0x80` (many pairs),
    /// proportionallyUpOrDown `0x40` (transmission_MainMenu: shadowless square buttons 0x46
    /// against 0x86 for proportionallyDown).
    static let imageScalingBits: [String: UInt32] = ["proportionallyDown": 0x80, "proportionallyUpOrDown": 0x40]

    /// `NSButtonFlags2`: the bezel's bits (``bezelBits``, none when absent) and the image scaling
    /// in bits 6–7 (``imageScalingBits``; no bits when absent; other scalings are refused).
    static func buttonFlags2(_ cell: SourceElement, context: AppKitContext) throws(CompileError) -> UInt32 {
        var flags: UInt32 = 0
        if let bezel = cell["bezelStyle"] {
            guard let bits = bezelBits[bezel] else {
                throw context.error(.unsupportedAttribute, cell, "bezelStyle \"\(bezel)\" is not modelled")
            }
            flags = bits
        }
        if let scaling = cell["imageScaling"] {
            guard let bits = imageScalingBits[scaling] else {
                throw context.error(
                    .unsupportedAttribute, cell, "imageScaling \"\(scaling)\" on a <buttonCell> is not modelled")
            }
            flags |= bits
        }
        return flags
    }

    /// `NSAuxButtonType`, the `NSButton.ButtonType` raw value that `type` and `<behavior>` make:
    ///
    /// | Behavior | Type |
    /// |---|---|
    /// | `lightByBackground`, `lightByGray` | momentaryLight 0 (pop-up buttons) |
    /// | `pushIn`, `lightByBackground`, `lightByGray`, `changeBackground`, `changeGray` | pushOnPushOff 1 (recessed pull-downs) |
    /// | `pushIn`, `lightByBackground`, `lightByGray` | momentaryPushIn 7 |
    /// | `lightByContents` | momentaryChange 5 |
    /// | `pushIn`, `changeContents`, `lightByContents` | toggle 2 |
    /// | `changeContents`, `doesNotDimImage`, `lightByContents` | switch 3 (`type="check"`), radio 4 (`type="radio"`) |
    static func auxiliaryType(_ cell: SourceElement, behavior: SourceElement?, context: AppKitContext)
        throws(CompileError) -> Int
    {
        let set = Set((behavior?.attributes ?? [:]).filter { $0.key != "key" && $0.value == "YES" }.keys)
        switch (set, cell["type"]) {
        case (["pushIn", "lightByBackground", "lightByGray"], "check"),
            (["pushIn", "lightByBackground", "lightByGray"], "radio"):
            break
        case (["pushIn", "lightByBackground", "lightByGray"], _): return 7
        case (["lightByBackground", "lightByGray"], _): return 0
        case (["pushIn", "lightByBackground", "lightByGray", "changeBackground", "changeGray"], _): return 1
        case (["lightByContents"], _): return 5
        case (["pushIn", "changeContents", "lightByContents"], _): return 2
        case (["changeContents", "doesNotDimImage", "lightByContents"], "check"): return 3
        case (["changeContents", "doesNotDimImage", "lightByContents"], "radio"): return 4
        default: break
        }
        throw context.error(
            .unsupportedAttribute, behavior ?? cell,
            "this button behavior (\(set.sorted().joined(separator: ", "))) is not modelled")
    }

    /// The text of a `<string key="keyEquivalent">`, plain or `base64-UTF8="YES"` (padded or not).
    static func text(of string: SourceElement, context: AppKitContext) throws(CompileError) -> String {
        for name in string.attributes.keys where name != "key" && name != "base64-UTF8" {
            try context.unmodelled(.unsupportedAttribute, string, "attribute \(name) on a <string> is not modelled")
        }
        guard string.flag("base64-UTF8") else { return string.text }
        // Xcode writes the base64 without padding ("DQ" for a Return key equivalent, scribendi).
        var encoded = string.text.filter { !$0.isWhitespace }
        encoded += String(repeating: "=", count: (4 - encoded.count % 4) % 4)
        guard let data = Data(base64Encoded: encoded), let text = String(data: data, encoding: .utf8) else {
            throw context.error(.invalidSource, string, "the key equivalent is not valid base64-encoded UTF-8")
        }
        return text
    }
}
