/// Formatters inside a cell (`<dateFormatter key="formatter">` → `NSDateFormatter`,
/// `<numberFormatter key="formatter">` → `NSNumberFormatter`), tracked with the cell as their
/// parent.
///
/// Date formatters:
///
/// | Key | Source |
/// |---|---|
/// | `NS.attributes` | a dictionary: `dateStyle`, `timeStyle` (none 0, short 1, medium 2, long 3, full 4), `formatterBehavior` 1040, `doesRelativeDateFormatting` when YES, `dateFormat` for custom formats |
/// | `NS.format` | the custom `dateFormat`, or the pattern the styles give in the locale of the Mac that compiled the pairs (``stylePatterns``) |
/// | `NS.natural` | false |
///
/// ibtool parses the cell's title with the formatter and archives the result as `NSContents`
/// (``AppKitDateTitleRule``).
///
/// A cell whose date formatter uses styles (not a custom format) and whose title is not a date
/// also sets bit 31 of `NSCellFlags2` (``attachDateFormatter(_:to:contents:context:)``).
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
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a date formatter is not modelled")
        }
        if let child = element.children.first {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside a date formatter is not modelled")
        }
        if let behavior = element["formatterBehavior"], behavior != "custom10_4", behavior != "default10_4" {
            try context.unmodelled(
                .unsupportedAttribute, element, "formatterBehavior \"\(behavior)\" is not modelled")
        }
        let dateStyle = try CellRule.value(element, "dateStyle", styles, default: 0, context)
        let timeStyle = try CellRule.value(element, "timeStyle", styles, default: 0, context)
        let relative = element.flag("doesRelativeDateFormatting")
        var pairs: [(ArchivedObject, ArchivedObject)] = []
        let format = try pattern(of: element, context: context)
        if let custom = element["dateFormat"] {
            guard dateStyle == 0, timeStyle == 0, !relative else {
                throw context.error(
                    .unsupportedAttribute, element, "a custom dateFormat together with styles is not modelled")
            }
            pairs.append((.string("dateFormat"), .string(custom)))
        }
        pairs.append((.string("dateStyle"), .number(dateStyle)))
        if relative { pairs.append((.string("doesRelativeDateFormatting"), .number(bool: true))) }
        pairs.append((.string("formatterBehavior"), .number(1040)))
        pairs.append((.string("timeStyle"), .number(timeStyle)))
        let formatter = ArchivedObject("NSDateFormatter")
        context.track(formatter, id: element["id"], parent: cell)
        formatter.set("NS.attributes", .dictionary("NSMutableDictionary", pairs))
        formatter.set("NS.format", .string(format))
        formatter.set("NS.natural", .bool(false))
        return (formatter, element["dateFormat"] == nil)
    }

    /// The pattern a date formatter stores: its custom `dateFormat`, or the compiling Mac's
    /// pattern for its styles (``stylePatterns``).
    static func pattern(of element: SourceElement, context: AppKitContext) throws(CompileError) -> String {
        if let custom = element["dateFormat"] { return custom }
        let key = "\(element["dateStyle"] ?? "none")/\(element["timeStyle"] ?? "none")"
        guard let pattern = stylePatterns[key] else {
            throw context.error(
                .unsupportedAttribute, element,
                "the pattern for dateStyle/timeStyle \(key) depends on the compiling Mac's locale and is not known yet")
        }
        return pattern
    }

    /// `NSContents` of a cell titled `title` with the date formatter `element`: the date
    /// ibtool parsed from the title (``AppKitDateTitleRule``), or the title.
    static func dateContents(_ title: String?, formatter element: SourceElement, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        try AppKitDateTitleRule.contents(
            title: title, format: try pattern(of: element, context: context), styled: element["dateFormat"] == nil,
            formatter: element, context: context)
    }

    /// Sets the cell's `NSFormatter` to the date formatter `element`; when the formatter uses
    /// styles and the cell's `contents` stayed a string (an empty or unparseable title), also
    /// bit 31 of `NSCellFlags2` (`datacell_unparseable`, `textfield_formatter`; a title parsed
    /// to a date clears it: `test_date_formatter`, `dateformatter_weekday`). No pair shows a
    /// custom format whose title stays a string, so that is refused.
    static func attachDateFormatter(
        _ element: SourceElement, to cell: ArchivedObject, contents: ArchivedObject, context: AppKitContext
    ) throws(CompileError) {
        let (archived, usesStyles) = try dateFormatter(element, cell: cell, context: context)
        cell.set("NSFormatter", archived)
        guard contents.className != "NSDate" else { return }
        guard usesStyles else {
            throw context.error(
                .unsupportedAttribute, element,
                "a custom date format on a cell whose title is not a date is not modelled (its cell flags are unknown)"
            )
        }
        if case .integer(let flags2)? = cell.value(forKey: "NSCellFlags2") {
            cell.replace("NSCellFlags2", .integer(withStyledDateFlag(flags2)))
        }
    }

    /// `NSCellFlags2` with bit 31 set.
    static func withStyledDateFlag(_ flags2: Int64) -> Int64 {
        Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: flags2) | 0x8000_0000))
    }

    // MARK: Number formatters

    /// The number formatter attributes this rule reads.
    static let numberAttributes: Set<String> = [
        "key", "id", "formatterBehavior", "positiveFormat", "negativeFormat", "allowsFloats", "usesGroupingSeparator",
        "groupingSize", "minimumIntegerDigits", "maximumIntegerDigits", "maximumFractionDigits", "currencySymbol",
        "internationalCurrencySymbol", "numberStyle", "formatWidth", "localizesFormat",
    ]

    /// Symbol and affix attributes copied into `NS.attributes` as strings under their own names
    /// (PreferencesController).
    static let numberSymbolAttributes: Set<String> = [
        "decimalSeparator", "groupingSeparator", "currencyDecimalSeparator", "plusSign", "minusSign",
        "notANumberSymbol", "perMillSymbol", "percentSymbol", "exponentSymbol", "positivePrefix", "positiveSuffix",
        "negativePrefix", "negativeSuffix", "paddingCharacter",
    ]

    /// `numberStyle` → `NSNumberFormatterStyle` (only the styles whose patterns are known).
    static let numberStyles: [String: Int] = ["decimal": 1]

    /// `<numberFormatter>` → `NSNumberFormatter`, as the `numfmt*` pairs show it:
    ///
    /// | Key | Source |
    /// |---|---|
    /// | `NS.attributes` | a dictionary of the formatter's properties: the source's attributes, `<real>`/`<integer>` `minimum` and `maximum`, and fixed defaults (`alwaysShowsDecimalSeparator` false, `formatterBehavior` 1040, `generatesDecimalNumbers` false, `lenient` false, `minimumFractionDigits` 0, `nilSymbol` "", `paddingPosition` 0, `roundingMode` 4, `secondaryGroupingSize` 0, infinity symbols "-∞"/"+∞" unless `<nil>`) |
    /// | `NS.positiveformat`, `NS.negativeformat` | the source's formats, or the pattern the digits give: `#` × (max − min integer digits), `0` × min; decimal style `#,##0.###` |
    /// | `NS.positiveattrs`, `NS.negativeattrs`, `NS.zero` | nil |
    /// | `NS.nil`, `NS.nan` | attributed strings "" and "NaN" (with empty attributes) |
    /// | `NS.min`, `NS.max` | the minimum and maximum, or one NaN `NSDecimalNumberPlaceholder` for both when absent |
    /// | `NS.rounding` | an `NSDecimalNumberHandler` (mode 3, raising on overflow, underflow, division by zero) |
    /// | `NS.decimal`, `NS.thousand` | "." and "," |
    /// | `NS.hasthousands`, `NS.allowsfloats` | `usesGroupingSeparator`, `allowsFloats` |
    /// | `NS.localized` | `localizesFormat` (true when absent); `NO` also adds `locale`, an `NSLocale` with identifier "" |
    /// | `NS.attributes` symbols | `decimalSeparator`, `groupingSeparator`, `percentSymbol`, `positivePrefix`, … copied as strings (``numberSymbolAttributes``); `NS.decimal`/`NS.thousand` follow the separators |
    static func numberFormatter(_ element: SourceElement, cell: ArchivedObject, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        if element["formatterBehavior"] == "10_0" {
            return try legacyNumberFormatter(element, cell: cell, context: context)
        }
        for name in element.attributes.keys
        where !numberAttributes.contains(name) && !numberSymbolAttributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a number formatter is not modelled")
        }
        if let behavior = element["formatterBehavior"], behavior != "custom10_4", behavior != "default10_4" {
            try context.unmodelled(
                .unsupportedAttribute, element, "formatterBehavior \"\(behavior)\" is not modelled")
        }
        let style = try element["numberStyle"].map { (name) throws(CompileError) in
            try CellRule.value(element, "numberStyle", numberStyles, default: 0, context)
        }
        func flag(_ name: String, default fallback: Bool) throws(CompileError) -> Bool {
            guard let text = element[name] else { return fallback }
            guard text == "YES" || text == "NO" else {
                throw context.error(.invalidSource, element, "\(name) must be YES or NO")
            }
            return text == "YES"
        }
        func integer(_ name: String, default fallback: Int?) throws(CompileError) -> Int {
            guard let text = element[name] else {
                guard let fallback else {
                    throw context.error(
                        .unsupportedAttribute, element, "a number formatter without \(name) is not modelled")
                }
                return fallback
            }
            guard let value = Int(text), value >= -1, value <= 2_000_000_000 else {
                throw context.error(.invalidSource, element, "\(name) \"\(text)\" is not a supported count")
            }
            return value
        }
        let allowsFloats = try flag("allowsFloats", default: true)
        let usesGrouping = try flag("usesGroupingSeparator", default: style != nil)
        let groupingSize = try integer("groupingSize", default: 3)
        let minimumIntegers = try integer("minimumIntegerDigits", default: nil)
        let maximumIntegers = try integer("maximumIntegerDigits", default: nil)
        let maximumFractions = try integer("maximumFractionDigits", default: 0)
        let formatWidth = try integer("formatWidth", default: 0)

        var limits: [String: ArchivedObject] = [:]
        var omitted: Set<String> = []
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("nil", let key?) where key == "negativeInfinitySymbol" || key == "positiveInfinitySymbol":
                omitted.insert(key)
            case ("real", let key?) where key == "minimum" || key == "maximum":
                guard let value = child.number("value"), value.isFinite else {
                    throw context.error(.invalidSource, child, "the \(key) needs a numeric value")
                }
                limits[key] = .number(double: value)
            case ("integer", let key?) where key == "minimum" || key == "maximum":
                guard let value = child["value"].flatMap({ Int($0) }) else {
                    throw context.error(.invalidSource, child, "the \(key) needs an integer value")
                }
                limits[key] = .number(value)
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a number formatter is not modelled")
            }
        }

        let positive: String
        let negative: String
        switch (element["positiveFormat"], element["negativeFormat"], style) {
        case (let given?, let givenNegative?, nil):
            positive = given
            negative = givenNegative
        case (nil, nil, nil):
            guard maximumFractions == 0, minimumIntegers >= 0, minimumIntegers <= maximumIntegers,
                maximumIntegers <= 1000
            else {
                throw context.error(
                    .unsupportedAttribute, element, "the pattern for these digit counts is not known yet")
            }
            positive =
                String(repeating: "#", count: maximumIntegers - minimumIntegers)
                + String(repeating: "0", count: minimumIntegers)
            negative = positive
        case (nil, nil, 1?)
        where minimumIntegers == 1 && maximumFractions == 3 && groupingSize == 3 && usesGrouping:
            positive = "#,##0.###"
            negative = positive
        default:
            throw context.error(
                .unsupportedAttribute, element, "the pattern of this number formatter is not known yet")
        }

        var attributes: [(String, ArchivedObject)] = [
            ("allowsFloats", .number(bool: allowsFloats)),
            ("alwaysShowsDecimalSeparator", .number(bool: false)),
            ("formatWidth", .number(formatWidth)),
            ("formatterBehavior", .number(1040)),
            ("generatesDecimalNumbers", .number(bool: false)),
            ("groupingSize", .number(groupingSize)),
            ("lenient", .number(bool: false)),
            ("maximumFractionDigits", .number(maximumFractions)),
            ("maximumIntegerDigits", .number(maximumIntegers)),
            ("minimumFractionDigits", .number(0)),
            ("minimumIntegerDigits", .number(minimumIntegers)),
            ("nilSymbol", .string("")),
            ("paddingPosition", .number(0)),
            ("roundingMode", .number(4)),
            ("secondaryGroupingSize", .number(0)),
            ("usesGroupingSeparator", .number(bool: usesGrouping)),
        ]
        if let style { attributes.append(("numberStyle", .number(style))) }
        for (key, value) in limits { attributes.append((key, value)) }
        if let symbol = element["currencySymbol"] { attributes.append(("currencySymbol", .string(symbol))) }
        if let symbol = element["internationalCurrencySymbol"] {
            attributes.append(("internationalCurrencySymbol", .string(symbol)))
        }
        for name in numberSymbolAttributes.sorted() {
            if let text = element[name] { attributes.append((name, .string(text))) }
        }
        // localizesFormat="NO": an empty locale, and NS.localized false (PreferencesController).
        let localizes = try flag("localizesFormat", default: true)
        if !localizes {
            let locale = ArchivedObject("NSLocale")
            locale.set("NS.identifier", .string(""))
            attributes.append(("locale", locale))
        }
        if element["positiveFormat"] != nil {
            attributes.append(("positiveFormat", .string(positive)))
            attributes.append(("negativeFormat", .string(negative)))
        }
        if !omitted.contains("negativeInfinitySymbol") { attributes.append(("negativeInfinitySymbol", .string("-∞"))) }
        if !omitted.contains("positiveInfinitySymbol") { attributes.append(("positiveInfinitySymbol", .string("+∞"))) }
        attributes.sort { $0.0 < $1.0 }

        let formatter = ArchivedObject("NSNumberFormatter")
        context.track(formatter, id: element["id"], parent: cell)
        formatter.set("NS.attributes", .dictionary("NSMutableDictionary", attributes.map { (.string($0.0), $0.1) }))
        formatter.set("NS.positiveformat", .string(positive))
        formatter.set("NS.negativeformat", .string(negative))
        formatter.set("NS.positiveattrs", .null)
        formatter.set("NS.negativeattrs", .null)
        formatter.set("NS.zero", .null)
        setNilAndNotANumberStrings(formatter)
        let placeholder = notANumberPlaceholder()
        formatter.set("NS.min", limits["minimum"] ?? placeholder)
        formatter.set("NS.max", limits["maximum"] ?? placeholder)
        let rounding = ArchivedObject("NSDecimalNumberHandler")
        rounding.set("NS.roundingmode", int: 3)
        rounding.set("NS.raise.overflow", .bool(true))
        rounding.set("NS.raise.underflow", .bool(true))
        rounding.set("NS.raise.dividebyzero", .bool(true))
        formatter.set("NS.rounding", rounding)
        formatter.set("NS.decimal", .string(element["decimalSeparator"] ?? "."))
        formatter.set("NS.thousand", .string(element["groupingSeparator"] ?? ","))
        formatter.set("NS.hasthousands", .bool(usesGrouping))
        formatter.set("NS.localized", .bool(localizes))
        formatter.set("NS.allowsfloats", .bool(allowsFloats))
        return formatter
    }

    /// `formatterBehavior="10_0"` (Mac OS X 10.0 behavior, `formatterBehavior` 1000), as
    /// IRIndexRecordWController (Xcode 13, the only such formatter) shows it:
    ///
    /// | Key | Source |
    /// |---|---|
    /// | `NS.attributes` | `positiveFormat`, `negativeFormat`, `groupingSeparator` and `usesGroupingSeparator` true (`thousandSeparator`), `allowsFloats` true, `nilSymbol` "", the infinity symbols, `formatterBehavior` 1000, `locale` (`localizesFormat="NO"`), `textAttributesForNegativeValues`, `attributedStringForZero` |
    /// | `NS.positiveattrs`, `NS.negativeattrs` | nil, the negative text attributes (a dictionary of `NSColor`) |
    /// | `NS.zero` | the attributed string for zero (one plain fragment) |
    /// | `NS.min`, `NS.max` | the NaN `<decimal>`s: one NaN placeholder |
    /// | `NS.rounding` | nil |
    /// | `NS.decimal`, `NS.thousand`, `NS.hasthousands`, `NS.localized`, `NS.allowsfloats` | ".", the separator, true, `localizesFormat`, true |
    ///
    /// Anything else on such a formatter is refused.
    private static func legacyNumberFormatter(_ element: SourceElement, cell: ArchivedObject, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        let allowed: Set<String> = [
            "key", "id", "formatterBehavior", "positiveFormat", "negativeFormat", "localizesFormat",
            "thousandSeparator",
        ]
        for name in element.attributes.keys where !allowed.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "attribute \(name) on a 10.0-behavior number formatter is not modelled")
        }
        guard let positive = element["positiveFormat"], let negative = element["negativeFormat"],
            let separator = element["thousandSeparator"]
        else {
            throw context.error(
                .unsupportedAttribute, element,
                "a 10.0-behavior number formatter without formats and a thousand separator is not modelled")
        }
        let localizes = try CellRule.boolean(element, "localizesFormat", default: true, context)
        var negativeAttributes: ArchivedObject?
        var zero: ArchivedObject?
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("textAttributesForNegativeValues", nil):
                var pairs: [(ArchivedObject, ArchivedObject)] = []
                for attribute in child.children {
                    guard attribute.name == "color", let key = attribute["key"] else {
                        throw context.error(
                            .unsupportedElement, attribute,
                            "<\(attribute.name)> in text attributes is not modelled")
                    }
                    pairs.append((.string(key), try AppKitColorRule.color(attribute, context: context)))
                }
                negativeAttributes = .dictionary("NSDictionary", pairs)
            case ("attributedString", "attributedStringForZero"):
                guard child.children.count == 1, let fragment = child.children.first, fragment.name == "fragment",
                    fragment.children.isEmpty, let content = fragment["content"]
                else {
                    throw context.error(
                        .unsupportedElement, child, "only one plain fragment is supported in the attributed zero")
                }
                let text = ArchivedObject("NSAttributedString")
                text.set("NSString", .string(content))
                text.set("NSAttributes", .dictionary("NSDictionary", []))
                zero = text
            case ("decimal", let key?) where (key == "minimum" || key == "maximum") && child["value"] == "NaN": break
            default:
                try context.unmodelled(
                    .unsupportedElement, child,
                    "<\(child.name)> in a 10.0-behavior number formatter is not modelled")
            }
        }
        var attributes: [(String, ArchivedObject)] = [
            ("allowsFloats", .number(bool: true)),
            ("formatterBehavior", .number(1000)),
            ("groupingSeparator", .string(separator)),
            ("negativeFormat", .string(negative)),
            ("negativeInfinitySymbol", .string("-∞")),
            ("nilSymbol", .string("")),
            ("positiveFormat", .string(positive)),
            ("positiveInfinitySymbol", .string("+∞")),
            ("usesGroupingSeparator", .number(bool: true)),
        ]
        if !localizes {
            let locale = ArchivedObject("NSLocale")
            locale.set("NS.identifier", .string(""))
            attributes.append(("locale", locale))
        }
        if let negativeAttributes { attributes.append(("textAttributesForNegativeValues", negativeAttributes)) }
        if let zero { attributes.append(("attributedStringForZero", zero)) }
        let formatter = ArchivedObject("NSNumberFormatter")
        context.track(formatter, id: element["id"], parent: cell)
        formatter.set("NS.attributes", .dictionary("NSMutableDictionary", attributes.map { (.string($0.0), $0.1) }))
        formatter.set("NS.positiveformat", .string(positive))
        formatter.set("NS.negativeformat", .string(negative))
        formatter.set("NS.positiveattrs", .null)
        formatter.set("NS.negativeattrs", negativeAttributes.map { .object($0) } ?? .null)
        formatter.set("NS.zero", zero.map { .object($0) } ?? .null)
        setNilAndNotANumberStrings(formatter)
        let placeholder = notANumberPlaceholder()
        formatter.set("NS.min", placeholder)
        formatter.set("NS.max", placeholder)
        formatter.set("NS.rounding", .null)
        formatter.set("NS.decimal", .string("."))
        formatter.set("NS.thousand", .string(separator))
        formatter.set("NS.hasthousands", .bool(true))
        formatter.set("NS.localized", .bool(localizes))
        formatter.set("NS.allowsfloats", .bool(true))
        return formatter
    }

    /// A number-formatted cell's `NSContents`: ibtool parses the title with the formatter, so an
    /// empty title archives nothing and an integer title an `NSNumber` (`numfmt_decimal`: "400");
    /// other titles are not modelled.
    static func numberContents(_ title: String?, formatter: SourceElement, context: AppKitContext)
        throws(CompileError) -> ArchivedObject?
    {
        guard let title, !title.isEmpty else { return nil }
        let digits = title.hasPrefix("-") ? title.dropFirst() : Substring(title)
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(title)
        else {
            throw context.error(
                .unsupportedAttribute, formatter,
                "ibtool parses the cell title \"\(title)\" with this number formatter at compile time; only integers are modelled"
            )
        }
        return .number(value)
    }

    /// `NS.nil` (an empty attributed string) and `NS.nan` ("NaN" with empty attributes), as
    /// every number formatter in the pairs archives them.
    private static func setNilAndNotANumberStrings(_ formatter: ArchivedObject) {
        let empty = ArchivedObject("NSAttributedString")
        empty.set("NSString", .string(""))
        formatter.set("NS.nil", empty)
        let notANumber = ArchivedObject("NSAttributedString")
        notANumber.set("NSString", .string("NaN"))
        notANumber.set("NSAttributes", .dictionary("NSDictionary", []))
        formatter.set("NS.nan", notANumber)
    }

    /// The NaN `NSDecimalNumber` an absent minimum or maximum archives as.
    private static func notANumberPlaceholder() -> ArchivedObject {
        let number = ArchivedObject("NSDecimalNumberPlaceholder")
        number.set("NS.exponent", int: 0)
        number.set("NS.length", int: 0)
        number.set("NS.negative", .bool(true))
        number.set("NS.compact", .bool(false))
        number.set("NS.mantissa.bo", int: 1)
        number.set("NS.mantissa", .data([UInt8](repeating: 0, count: 16)))
        return number
    }
}
