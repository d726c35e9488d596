/// The title of a cell with a date formatter: ibtool parses it with the formatter at compile
/// time and archives the date it gives as the cell's `NSContents` (`NSDate`, `NS.time` seconds
/// since 1 January 2001 UTC); a title the formatter cannot parse stays a string.
///
/// Learned from two pairs, which agree:
///
/// | Pair | Format | Title | `NS.time` (UTC) |
/// |---|---|---|---|
/// | `dateformatter_weekday` | `EEEE` | "Wednesday" | −31 276 800 (Wednesday 5 January 2000, 00:00) |
/// | `test_date_formatter` | short/short, `d/M/y, h:mm a` | "4/1/1976, 11:00 pm" | −788 662 800 (4 January 1976, 23:00) |
/// | `datacell_unparseable` | short/short | "Text Cell" | stays the string |
///
/// The parse is the lenient one of a `NSDateFormatter` in the compiling Mac's locale: a space
/// in the pattern (also the narrow no-break space before the AM/PM marker) matches any run of
/// spaces, AM/PM and names ignore case. Fields the format lacks take the default date 1 January
/// 2000, 00:00:00; a weekday alone (Monday to Friday) is that weekday in 3–7 January 2000, the
/// first ISO week of 2000 — one pair shows it (Wednesday → 5 January), which other week rules
/// agree with on weekdays but not on Saturday and Sunday, so those are refused. The compiling
/// Mac's time zone was 0 hours from UTC on both dates, both in January: it is either UTC or a
/// zone such as London's, so dates from March to October (summer time) and before 1972 (London
/// kept GMT+1 from 1968 to 1971) are refused, as are the pattern fields no pair shows, weekdays
/// together with other date fields, years with fewer than four digits and titles that do not
/// match.
enum AppKitDateTitleRule {
    /// English month names (`MMMM`), January first.
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]
    /// English weekday names (`EEEE`), Monday first.
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// One piece of a date pattern.
    enum Token: Equatable {
        /// A field: its pattern letter and how many times it repeats.
        case field(Character, Int)
        /// Text to match as written.
        case literal(String)
        /// One or more spaces.
        case space
    }

    /// The fields a parsed title sets (nil: absent from the format).
    struct Fields {
        /// `y`: the year.
        var year: Int?
        /// `M`: the month, 1 for January.
        var month: Int?
        /// `d`: the day of the month.
        var day: Int?
        /// `H`: the hour, 0–23.
        var hour: Int?
        /// `h`: the hour, 1–12.
        var hour12: Int?
        /// `a`: whether the marker was PM.
        var isPM: Bool?
        /// `m`: the minute.
        var minute: Int?
        /// `s`: the second.
        var second: Int?
        /// `EEEE`: the weekday, 0 for Monday.
        var weekday: Int?
    }

    /// The pattern fields this rule parses (letter → the counts allowed).
    static let supportedFields: [Character: Set<Int>] = [
        "y": [1, 4], "M": [1, 2, 4], "d": [1, 2], "E": [4], "h": [1, 2], "H": [1, 2], "m": [2], "s": [2], "a": [1],
    ]

    /// `NSContents` for a cell whose title is `title` and whose formatter uses `format`:
    /// an `NSDate`, or the title as a string when it is empty or the formatter cannot parse it.
    /// `styled` says the format came from date/time styles.
    static func contents(
        title: String?, format: String, styled: Bool, formatter: SourceElement, context: AppKitContext
    ) throws(CompileError) -> ArchivedObject {
        guard let title, !title.isEmpty else { return .string(title ?? "") }
        func refuse(_ why: String) -> CompileError {
            context.error(
                .unsupportedAttribute, formatter,
                "ibtool parses the cell title \"\(title)\" with the date format \"\(format)\" at compile time: \(why)")
        }
        let tokens = try tokenize(format, refuse: refuse)
        guard let fields = parse(Array(title), tokens) else {
            // Style patterns all need digits: a title without any cannot parse (datacell_unparseable).
            if styled, !title.contains(where: \.isNumber) { return .string(title) }
            throw refuse("the title does not match the format as far as this compiler knows")
        }
        let time = try seconds(fields, refuse: refuse)
        let date = ArchivedObject("NSDate")
        date.set("NS.time", .float64(Double(time)))
        return date
    }

    /// Splits an ICU date pattern into fields, quoted or plain literals and spaces.
    static func tokenize(_ format: String, refuse: (String) -> CompileError) throws(CompileError) -> [Token] {
        var tokens: [Token] = []
        var characters = Array(format)[...]
        while let first = characters.first {
            if first.isASCII, first.isLetter {
                let count = characters.prefix(while: { $0 == first }).count
                characters = characters.dropFirst(count)
                guard supportedFields[first]?.contains(count) == true else {
                    throw refuse("the field \(String(repeating: first, count: count)) is not modelled yet")
                }
                tokens.append(.field(first, count))
            } else if first == "'" {
                characters = characters.dropFirst()
                guard let end = characters.firstIndex(of: "'") else {
                    throw refuse("the format has an unterminated quote")
                }
                let text = String(characters[..<end])
                characters = characters[characters.index(after: end)...]
                tokens.append(text.isEmpty ? .literal("'") : .literal(text))
            } else if isSpace(first) {
                characters = characters.drop(while: isSpace)
                tokens.append(.space)
            } else {
                characters = characters.dropFirst()
                tokens.append(.literal(String(first)))
            }
        }
        return tokens
    }

    /// Whether `character` counts as a space between fields.
    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\u{202F}" || character == "\u{A0}"
    }

    /// The fields `title` sets when it matches `tokens` in full, or nil.
    static func parse(_ title: [Character], _ tokens: [Token]) -> Fields? {
        var fields = Fields()
        var index = 0
        func digits(max: Int) -> Int? {
            var end = index
            while end < title.count, end - index < max, title[end].isASCII, title[end].isNumber { end += 1 }
            guard end > index, let value = Int(String(title[index..<end])) else { return nil }
            defer { index = end }
            return value
        }
        func name(_ names: [String]) -> Int? {
            for (position, candidate) in names.enumerated() {
                let end = index + candidate.count
                guard end <= title.count, String(title[index..<end]).lowercased() == candidate else { continue }
                index = end
                return position
            }
            return nil
        }
        for token in tokens {
            switch token {
            case .space:
                let start = index
                while index < title.count, isSpace(title[index]) { index += 1 }
                guard index > start else { return nil }
            case .literal(let text):
                let end = index + text.count
                guard end <= title.count, String(title[index..<end]).lowercased() == text.lowercased() else {
                    return nil
                }
                index = end
            case .field("y", _):
                let start = index
                guard let value = digits(max: 4), index - start == 4 else { return nil }
                fields.year = value
            case .field("M", 4):
                guard let value = name(months) else { return nil }
                fields.month = value + 1
            case .field("M", _): fields.month = digits(max: 2)
            case .field("d", _): fields.day = digits(max: 2)
            case .field("E", _): fields.weekday = name(weekdays)
            case .field("h", _): fields.hour12 = digits(max: 2)
            case .field("H", _): fields.hour = digits(max: 2)
            case .field("m", _): fields.minute = digits(max: 2)
            case .field("s", _): fields.second = digits(max: 2)
            case .field("a", _):
                guard let marker = name(["am", "pm"]) else { return nil }
                fields.isPM = marker == 1
            case .field: return nil
            }
            // A field that did not parse leaves nil behind: the title does not match.
            if case .field(let letter, _) = token, !isSet(fields, letter) { return nil }
        }
        return index == title.count ? fields : nil
    }

    /// Whether the field for pattern letter `letter` was set.
    private static func isSet(_ fields: Fields, _ letter: Character) -> Bool {
        switch letter {
        case "y": fields.year != nil
        case "M": fields.month != nil
        case "d": fields.day != nil
        case "E": fields.weekday != nil
        case "h": fields.hour12 != nil
        case "H": fields.hour != nil
        case "m": fields.minute != nil
        case "s": fields.second != nil
        case "a": fields.isPM != nil
        default: false
        }
    }

    /// Seconds from 1 January 2001 UTC to the date `fields` give (see the type's comment).
    static func seconds(_ fields: Fields, refuse: (String) -> CompileError) throws(CompileError) -> Int {
        var hour = fields.hour ?? 0
        if let hour12 = fields.hour12 {
            guard fields.hour == nil, (1...12).contains(hour12) else { throw refuse("the hour is out of range") }
            hour = hour12 % 12 + (fields.isPM == true ? 12 : 0)
        } else if fields.isPM != nil {
            throw refuse("an AM/PM marker without a 12-hour field is not modelled")
        }
        let minute = fields.minute ?? 0
        let second = fields.second ?? 0
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            throw refuse("the time is out of range")
        }
        var year = fields.year ?? 2000
        var month = fields.month ?? 1
        var day = fields.day ?? 1
        if let weekday = fields.weekday {
            guard fields.year == nil, fields.month == nil, fields.day == nil else {
                throw refuse("a weekday together with other date fields is not modelled")
            }
            // Monday 3 January 2000 starts the first ISO week of the default year. Monday to
            // Friday fall on 3–7 January under every reading the pair allows (ISO weeks, weeks
            // from Sunday with four days in January, the first such day of 2000); Saturday and
            // Sunday do not (1 or 8, 2 or 9 January).
            guard weekday < 5 else { throw refuse("a weekend day alone is ambiguous in the pairs") }
            year = 2000
            month = 1
            day = 3 + weekday
        }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else {
            throw refuse("the date does not exist")
        }
        guard year >= 1972, year <= 9999 else {
            throw refuse("the compiling Mac's time zone offset is known only from 1972 on")
        }
        guard month <= 2 || month >= 11 else {
            throw refuse(
                "the compiling Mac's time zone offset is known only outside summer time (November to February)")
        }
        let days = daysSince2001(year: year, month: month, day: day)
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The number of days in `month` of `year` (Gregorian).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1 January 2001 to the given Gregorian date (negative before).
    static func daysSince2001(year: Int, month: Int, day: Int) -> Int {
        // Days since 1 March of year 0 (the civil-from-days algorithm's era arithmetic).
        func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
            let shifted = month <= 2 ? year - 1 : year
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            return shifted * 365 + shifted / 4 - shifted / 100 + shifted / 400 + dayOfYear
        }
        return days(year, month, day) - days(2001, 1, 1)
    }
}
