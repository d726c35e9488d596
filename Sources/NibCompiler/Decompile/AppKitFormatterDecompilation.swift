import Foundation
import NibArchive

/// A cell's formatter (`NSFormatter`) read backwards: `<numberFormatter key="formatter">` and
/// `<dateFormatter key="formatter">` (``AppKitFormatterRule``), and the title ibtool parsed with it
/// into the cell's `NSContents` (an `NSNumber`, or an `NSDate` written back with the formatter's
/// pattern: ``AppKitDateTitleRule`` parses it to the same date, which is checked).
extension AppKitDecompilation {
    static let dateStyles = inverted(AppKitFormatterRule.styles)
    static let numberStyles = inverted(AppKitFormatterRule.numberStyles)
    /// The `NS.attributes` a 10.4-behavior number formatter always archives with these values
    /// (``AppKitFormatterRule/numberFormatter(_:cell:context:)``).
    static let fixedNumberAttributes: [String: Double] = [
        "alwaysShowsDecimalSeparator": 0, "formatterBehavior": 1040, "generatesDecimalNumbers": 0, "lenient": 0,
        "minimumFractionDigits": 0, "paddingPosition": 0, "roundingMode": 4, "secondaryGroupingSize": 0,
    ]
    /// Number formatter attributes written back as they are archived (counts and flags).
    static let numberCountAttributes = [
        "groupingSize", "minimumIntegerDigits", "maximumIntegerDigits", "maximumFractionDigits", "formatWidth",
    ]

    /// The cell's formatter element, appended to `cellElement` (`known` gets `NSFormatter`), and
    /// the cell's title when its `NSContents` is what ibtool parsed from it; returns whether the
    /// contents were read (false: they are a string, or absent).
    @discardableResult
    func formatter(of cell: Int, in cellElement: DecompiledElement, known: inout Set<String>) -> Bool {
        guard let formatter = reader.reference(cell, "NSFormatter") else { return false }
        let element: DecompiledElement?
        switch reader.className(formatter) {
        case "NSNumberFormatter": element = numberFormatter(formatter)
        case "NSDateFormatter": element = dateFormatter(formatter)
        default: element = nil
        }
        guard let element else { return false }
        elements[formatter] = element
        visited.insert(formatter)
        cellElement.append(element)
        known.insert("NSFormatter")
        guard let contents = reader.reference(cell, "NSContents") else { return false }
        switch reader.className(contents) {
        case "NSNumber" where reader.has(contents, "NS.intval"):
            guard let value = reader.integer(contents, "NS.intval") else { return false }
            cellElement.set("title", String(value))
        case "NSDate":
            guard let time = reader.number(contents, "NS.time"), let format = reader.string(formatter, "NS.format"),
                let title = Self.dateTitle(time, format: format)
            else {
                cellElement.append(lost("NSTextFieldCell.NSContents date", "a date title"))
                return true
            }
            cellElement.set("title", title)
        default:
            return false
        }
        return true
    }

    /// The number formatter limits (`minimum 0`) that `reader`, a keyed archive, holds as
    /// doubles (`NS.dblval`), in any of its 10.4-behavior formatters.
    static func realLimits(in reader: DecompileReader) -> Set<String> {
        let decompilation = AppKitDecompilation(reader: reader)
        var limits: Set<String> = []
        for index in reader.entries.indices where reader.className(index) == "NSNumberFormatter" {
            let attributes = decompilation.formatterAttributes(index)
            for name in ["minimum", "maximum"] {
                guard let object = attributes[name], reader.has(object, "NS.dblval"),
                    let value = reader.numberObject(at: object)
                else { continue }
                limits.insert("\(name) \(Self.number(value))")
            }
        }
        return limits
    }

    /// The formatter's `NS.attributes`: name → value object.
    func formatterAttributes(_ formatter: Int) -> [String: Int] {
        guard let dictionary = reader.reference(formatter, "NS.attributes") else { return [:] }
        var result: [String: Int] = [:]
        for (key, value) in reader.pairs(at: dictionary) {
            if let name = reader.string(at: key) { result[name] = value }
        }
        return result
    }

    /// An `NSNumber`'s value, booleans (`NS.boolval`) as 0 and 1.
    func formatterNumber(at index: Int) -> Double? {
        if reader.className(index) == "NSNumber", let flag = reader.flag(index, "NS.boolval") { return flag ? 1 : 0 }
        return reader.numberObject(at: index)
    }

    /// `<numberFormatter>` (10.4 behavior, or 10.0: ``legacyNumberFormatter(_:attributes:)``);
    /// nil for unknown attributes.
    func numberFormatter(_ formatter: Int) -> DecompiledElement? {
        let attributes = formatterAttributes(formatter)
        if let behavior = attributes["formatterBehavior"], formatterNumber(at: behavior) == 1000 {
            return legacyNumberFormatter(formatter, attributes: attributes)
        }
        let element = DecompiledElement(
            "numberFormatter", [("key", "formatter"), ("formatterBehavior", "default10_4")])
        var read: Set<String> = ["nilSymbol"]
        for (name, value) in Self.fixedNumberAttributes {
            guard let object = attributes[name], formatterNumber(at: object) == value else { return nil }
            read.insert(name)
        }
        guard let empty = attributes["nilSymbol"], reader.string(at: empty) == "" else { return nil }
        if let style = attributes["numberStyle"] {
            guard let code = formatterNumber(at: style), let name = Self.numberStyles[Int(exactly: code) ?? -1] else {
                return nil
            }
            element.set("numberStyle", name)
            read.insert("numberStyle")
        }
        if let positive = attributes["positiveFormat"], let negative = attributes["negativeFormat"] {
            guard let positive = reader.string(at: positive), let negative = reader.string(at: negative) else {
                return nil
            }
            element.set("positiveFormat", positive)
            element.set("negativeFormat", negative)
            read.formUnion(["positiveFormat", "negativeFormat"])
        }
        for name in ["allowsFloats", "usesGroupingSeparator"] {
            guard let object = attributes[name], let value = formatterNumber(at: object) else { return nil }
            element.set(name, value != 0 ? "YES" : "NO")
            read.insert(name)
        }
        for name in Self.numberCountAttributes {
            guard let object = attributes[name], let value = formatterNumber(at: object) else { continue }
            element.set(name, Self.number(value))
            read.insert(name)
        }
        let strings =
            ["currencySymbol", "internationalCurrencySymbol"] + AppKitFormatterRule.numberSymbolAttributes.sorted()
        for name in strings {
            guard let object = attributes[name] else { continue }
            guard let text = reader.string(at: object) else { return nil }
            element.set(name, text)
            read.insert(name)
        }
        if let locale = attributes["locale"] {
            guard reader.className(locale) == "NSLocale", reader.string(locale, "NS.identifier") == "" else {
                return nil
            }
            element.set("localizesFormat", "NO")
            read.insert("locale")
        }
        element.set("id", id(formatter))
        for (name, symbol) in [("negativeInfinitySymbol", "-∞"), ("positiveInfinitySymbol", "+∞")] {
            if let object = attributes[name] {
                guard reader.string(at: object) == symbol else { return nil }
                read.insert(name)
            } else {
                element.append(DecompiledElement("nil", [("key", name)]))
            }
        }
        for name in ["minimum", "maximum"] {
            guard let object = attributes[name] else { continue }
            guard reader.className(object) == "NSNumber", let value = reader.numberObject(at: object) else {
                return nil
            }
            // A whole limit the keyed archive beside the nib keeps as a double (``realLimits``).
            let kind =
                reader.has(object, "NS.intval") && !realLimits.contains("\(name) \(Self.number(value))")
                ? "integer" : "real"
            element.append(DecompiledElement(kind, [("key", name), ("value", Self.number(value))]))
            read.insert(name)
        }
        guard Set(attributes.keys).isSubset(of: read) else { return nil }
        return element
    }

    /// `<numberFormatter formatterBehavior="10_0">` (``AppKitFormatterRule``'s 10.0-behavior
    /// form, IRIndexRecordWController's): the formats, the thousand separator, `localizesFormat`
    /// from the empty locale, the negative values' text colors and the attributed zero; nil
    /// when the archive holds anything that form does not.
    func legacyNumberFormatter(_ formatter: Int, attributes: [String: Int]) -> DecompiledElement? {
        let fixed: [String: String] = [
            "negativeInfinitySymbol": "-∞", "nilSymbol": "", "positiveInfinitySymbol": "+∞",
        ]
        for (name, text) in fixed {
            guard let object = attributes[name], reader.string(at: object) == text else { return nil }
        }
        for name in ["allowsFloats", "usesGroupingSeparator"] {
            guard let object = attributes[name], formatterNumber(at: object) == 1 else { return nil }
        }
        guard let positive = attributes["positiveFormat"].flatMap({ reader.string(at: $0) }),
            let negative = attributes["negativeFormat"].flatMap({ reader.string(at: $0) }),
            let separator = attributes["groupingSeparator"].flatMap({ reader.string(at: $0) }),
            reader.string(formatter, "NS.positiveformat") == positive,
            reader.string(formatter, "NS.negativeformat") == negative,
            reader.string(formatter, "NS.thousand") == separator, reader.string(formatter, "NS.decimal") == ".",
            reader.flag(formatter, "NS.hasthousands") == true, reader.flag(formatter, "NS.allowsfloats") == true,
            reader.reference(formatter, "NS.positiveattrs") == nil, reader.reference(formatter, "NS.rounding") == nil
        else { return nil }
        var read = Set(fixed.keys).union([
            "allowsFloats", "usesGroupingSeparator", "positiveFormat", "negativeFormat", "groupingSeparator",
            "formatterBehavior",
        ])
        let element = DecompiledElement(
            "numberFormatter",
            [
                ("key", "formatter"), ("formatterBehavior", "10_0"), ("positiveFormat", positive),
                ("negativeFormat", negative),
            ])
        let localizes = reader.flag(formatter, "NS.localized") ?? true
        if let locale = attributes["locale"] {
            guard !localizes, reader.className(locale) == "NSLocale", reader.string(locale, "NS.identifier") == ""
            else { return nil }
            element.set("localizesFormat", "NO")
            read.insert("locale")
        } else if !localizes {
            return nil
        }
        element.set("thousandSeparator", separator)
        element.set("id", id(formatter))
        if let colors = attributes["textAttributesForNegativeValues"] {
            guard reader.reference(formatter, "NS.negativeattrs") == colors else { return nil }
            let child = DecompiledElement("textAttributesForNegativeValues")
            for (key, value) in reader.pairs(at: colors) {
                guard let name = reader.string(at: key), let color = color(value, key: name) else { return nil }
                child.append(color)
            }
            element.append(child)
            read.insert("textAttributesForNegativeValues")
        } else if reader.reference(formatter, "NS.negativeattrs") != nil {
            return nil
        }
        if let zero = attributes["attributedStringForZero"] {
            guard reader.reference(formatter, "NS.zero") == zero, reader.className(zero) == "NSAttributedString",
                let text = reader.string(zero, "NSString"),
                reader.reference(zero, "NSAttributes").map({ reader.pairs(at: $0).isEmpty }) ?? true
            else { return nil }
            let child = DecompiledElement("attributedString", [("key", "attributedStringForZero")])
            child.append(DecompiledElement("fragment", [("content", text)]))
            element.append(child)
            read.insert("attributedStringForZero")
        } else if reader.reference(formatter, "NS.zero") != nil {
            return nil
        }
        // Both limits are the NaN placeholder the compiler writes for `<decimal value="NaN">`.
        for key in ["NS.min", "NS.max"] {
            // NaN: no digits (`NS.length` 0) and the sign bit set.
            guard let limit = reader.reference(formatter, key), reader.className(limit) == "NSDecimalNumberPlaceholder",
                reader.integer(limit, "NS.length") == 0, reader.flag(limit, "NS.negative") == true
            else { return nil }
        }
        element.append(DecompiledElement("decimal", [("key", "minimum"), ("value", "NaN")]))
        element.append(DecompiledElement("decimal", [("key", "maximum"), ("value", "NaN")]))
        guard Set(attributes.keys).isSubset(of: read) else { return nil }
        return element
    }

    /// `<dateFormatter>`: its styles or custom format; nil when the archived pattern is not the
    /// one ``AppKitFormatterRule/pattern(of:context:)`` gives.
    func dateFormatter(_ formatter: Int) -> DecompiledElement? {
        let attributes = formatterAttributes(formatter)
        let element = DecompiledElement("dateFormatter", [("key", "formatter")])
        guard let behavior = attributes["formatterBehavior"], formatterNumber(at: behavior) == 1040,
            let format = reader.string(formatter, "NS.format")
        else { return nil }
        var read: Set<String> = ["formatterBehavior", "dateStyle", "timeStyle"]
        var styles: [String] = []
        for name in ["dateStyle", "timeStyle"] {
            let code = attributes[name].flatMap { formatterNumber(at: $0) } ?? 0
            guard let style = Self.dateStyles[Int(exactly: code) ?? -1] else { return nil }
            styles.append(style)
            if code != 0 { element.set(name, style) }
        }
        if let custom = attributes["dateFormat"] {
            guard let text = reader.string(at: custom), text == format else { return nil }
            element.set("formatterBehavior", "custom10_4")
            element.set("dateFormat", text)
            read.insert("dateFormat")
        } else if AppKitFormatterRule.stylePatterns[styles.joined(separator: "/")] != format {
            return nil
        }
        if let relative = attributes["doesRelativeDateFormatting"], formatterNumber(at: relative) != 0 {
            element.set("doesRelativeDateFormatting", "YES")
            read.insert("doesRelativeDateFormatting")
        }
        guard Set(attributes.keys).isSubset(of: read) else { return nil }
        element.set("id", id(formatter))
        return element
    }

    /// `time` (seconds since 2001 UTC) written with the date pattern `format`, when
    /// ``AppKitDateTitleRule`` parses the text back to the same time; nil otherwise.
    static func dateTitle(_ time: Double, format: String) -> String? {
        let refuse = { (why: String) in
            CompileError(code: .unsupportedAttribute, file: "", line: 0, column: 0, element: nil, message: why)
        }
        guard time.isFinite, abs(time) < 1e11, let tokens = try? AppKitDateTitleRule.tokenize(format, refuse: refuse)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let date = Date(timeIntervalSinceReferenceDate: time)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
            let minute = parts.minute, let second = parts.second, let weekday = parts.weekday
        else { return nil }
        func padded(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        var title = ""
        for token in tokens {
            switch token {
            case .space: title += " "
            case .literal(let text): title += text
            case .field(let letter, let count):
                switch letter {
                case "y": title += padded(year, count)
                case "M" where count == 4:
                    guard let name = AppKitDateTitleRule.months.dropFirst(month - 1).first else { return nil }
                    title += name.capitalized
                case "M": title += padded(month, count)
                case "d": title += padded(day, count)
                case "E":
                    // Calendar weekdays start on Sunday (1); the rule's names on Monday.
                    guard let name = AppKitDateTitleRule.weekdays.dropFirst((weekday + 5) % 7).first else { return nil }
                    title += name.capitalized
                case "h": title += padded(hour % 12 == 0 ? 12 : hour % 12, count)
                case "H": title += padded(hour, count)
                case "m": title += padded(minute, count)
                case "s": title += padded(second, count)
                case "a": title += hour < 12 ? "AM" : "PM"
                default: return nil
                }
            }
        }
        guard let fields = AppKitDateTitleRule.parse(Array(title), tokens),
            let parsed = try? AppKitDateTitleRule.seconds(fields, refuse: refuse), Double(parsed) == time
        else { return nil }
        return title
    }
}
