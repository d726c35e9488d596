/// `<dateFormatter key="formatter">` inside a cell → `NSDateFormatter`, tracked with the cell as
/// its parent.
///
/// | Key | Source |
/// |---|---|
/// | `NS.attributes` | a dictionary: `dateStyle`, `timeStyle` (none 0, short 1, medium 2, long 3, full 4), `formatterBehavior` 1040, `doesRelativeDateFormatting` when YES, `dateFormat` for custom formats |
/// | `NS.format` | the custom `dateFormat`, or the pattern the styles give in the locale of the Mac that compiled the pairs (``stylePatterns``) |
/// | `NS.natural` | false |
///
/// ibtool parses the cell's title with the formatter and archives the result as `NSContents`
/// (`dateformatter_weekday`: "Wednesday" with `EEEE` became an `NSDate`); a title the formatter
/// cannot parse stays a string (`datacell_unparseable`). The compiler only knows that style
/// patterns, which all need digits, cannot parse a title without digits; any other title with
/// a date formatter is an error.
///
/// A cell whose date formatter uses styles (not a custom format) also sets bit 31 of
/// `NSCellFlags2` (`datacell_unparseable`, `textfield_formatter`; not `dateformatter_weekday`).
enum AppKitFormatterRule {
    /// `dateStyle` / `timeStyle` → `NSDateFormatterStyle`.
    static let styles: [String: Int] = ["none": 0, "short": 1, "medium": 2, "long": 3, "full": 4]

    /// (dateStyle, timeStyle) → the pattern ibtool stored: the locale is the compiling Mac's
    /// (day before month, 12-hour clock with a narrow no-break space before the AM/PM marker),
    /// so only the combinations seen are known.
    static let stylePatterns: [String: String] = [
        "short/short": "d/M/y, h:mm\u{202F}a",
        "long/short": "d MMMM y 'at' h:mm\u{202F}a",
    ]

    /// The attributes a date formatter may carry.
    static let attributes: Set<String> = [
        "key", "id", "dateStyle", "timeStyle", "doesRelativeDateFormatting", "formatterBehavior", "dateFormat",
    ]

    /// The archived formatter, and whether it uses styles (which sets a cell flag).
    static func dateFormatter(_ element: SourceElement, cell: ArchivedObject, context: AppKitContext)
        throws(CompileError) -> (ArchivedObject, usesStyles: Bool)
    {
        for name in element.attributes.keys where !attributes.contains(name) {
            throw context.error(
                .unsupportedAttribute, element, "attribute \(name) on a date formatter is not supported yet")
        }
        if let child = element.children.first {
            throw context.error(
                .unsupportedElement, child, "<\(child.name)> inside a date formatter is not supported yet")
        }
        if let behavior = element["formatterBehavior"], behavior != "custom10_4", behavior != "default10_4" {
            throw context.error(
                .unsupportedAttribute, element, "formatterBehavior \"\(behavior)\" is not supported yet")
        }
        let dateStyle = try CellRule.value(element, "dateStyle", styles, default: 0, context)
        let timeStyle = try CellRule.value(element, "timeStyle", styles, default: 0, context)
        let relative = element.flag("doesRelativeDateFormatting")
        var pairs: [(ArchivedObject, ArchivedObject)] = []
        let format: String
        if let custom = element["dateFormat"] {
            guard dateStyle == 0, timeStyle == 0, !relative else {
                throw context.error(
                    .unsupportedAttribute, element, "a custom dateFormat together with styles is not supported yet")
            }
            format = custom
            pairs.append((.string("dateFormat"), .string(custom)))
        } else {
            let key = "\(element["dateStyle"] ?? "none")/\(element["timeStyle"] ?? "none")"
            guard let pattern = stylePatterns[key] else {
                throw context.error(
                    .unsupportedAttribute, element,
                    "the pattern for dateStyle/timeStyle \(key) depends on the compiling Mac's locale and is not known yet"
                )
            }
            format = pattern
        }
        pairs.append((.string("dateStyle"), .number(dateStyle)))
        if relative { pairs.append((.string("doesRelativeDateFormatting"), .number(bool: true))) }
        pairs.append((.string("formatterBehavior"), .number(1040)))
        pairs.append((.string("timeStyle"), .number(timeStyle)))
        if let title = cellTitle(of: element), !title.isEmpty,
            element["dateFormat"] != nil || title.contains(where: \.isNumber)
        {
            throw context.error(
                .unsupportedAttribute, element,
                "ibtool parses the cell title \"\(title)\" with this date formatter at compile time, which is not modelled yet"
            )
        }
        let formatter = ArchivedObject("NSDateFormatter")
        context.track(formatter, id: element["id"], parent: cell)
        formatter.set("NS.attributes", .dictionary("NSMutableDictionary", pairs))
        formatter.set("NS.format", .string(format))
        formatter.set("NS.natural", .bool(false))
        return (formatter, element["dateFormat"] == nil)
    }

    /// The title of the cell holding `formatter`.
    private static func cellTitle(of formatter: SourceElement) -> String? {
        formatter.parent?["title"]
    }

    /// `NSCellFlags2` with the styled-date-formatter bit (bit 31) set.
    static func withStyledDateFlag(_ flags2: Int64) -> Int64 {
        Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: flags2) | 0x8000_0000))
    }
}
