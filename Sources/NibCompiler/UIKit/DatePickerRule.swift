/// `<datePicker>` → `UIDatePicker`, as the corpus's two compiled date pickers show it (no pair
/// has one): Umarovm Whats-Cooking's countdown timer (iOS 13 SDK: `UIDatePickerMode` 3,
/// `UICountDownDuration` 300 as float32, `UIMinuteInterval` 5,
/// `UIDatePickerUseCurrentDateDuringDecoding` false) and ertmuirm's BeaconDatePicker (Xcode 12
/// and later: `UIPickerStyle` 1, `UIDatePickerMode` 1). After the view keys, in that order:
///
/// | key | source |
/// |---|---|
/// | `UIPickerStyle` | `style` (`UIDatePickerStyle`: automatic 0, not archived; wheels 1, compact 2, inline 3) |
/// | `UIDatePickerMode` | `datePickerMode` (`UIDatePicker.Mode`: time 0, date 1, dateAndTime 2, countDownTimer 3), always |
/// | `UICountDownDuration` | `countDownDuration` in seconds, when not 0 |
/// | `UIMinuteInterval` | `minuteInterval`, when not 1 (ertmuirm's picker has none) |
/// | `UIDatePickerUseCurrentDateDuringDecoding` | false for `useCurrentDate="NO"` |
///
/// Dates (`<date key="minimumDate">`, …) and locales appear in no compiled nib: left out with
/// the encoder's warning for an unknown child. Centered content alignments, UIControl's defaults, archive nothing.
enum DatePickerRule {
    static let rule = ViewRule(
        className: "UIDatePicker",
        attributes: [
            "contentHorizontalAlignment", "contentVerticalAlignment", "datePickerMode", "style", "countDownDuration",
            "minuteInterval", "useCurrentDate",
        ],
        encode: { element, object, context, _ throws(CompileError) in try encode(element, object, context) })

    /// `UIDatePicker.Mode` raw values (UIKit's declaration).
    static let modes: [String: Int] = ["time": 0, "date": 1, "dateAndTime": 2, "countDownTimer": 3]
    /// `UIDatePickerStyle` raw values (UIKit's declaration).
    static let styles: [String: Int] = ["automatic": 0, "wheels": 1, "compact": 2, "inline": 3]

    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext)
        throws(CompileError)
    {
        for name in ["contentHorizontalAlignment", "contentVerticalAlignment"] {
            if let value = element[name], value != "center" {
                try context.unmodelled(
                    .unsupportedAttribute, element, "date picker \(name)=\"\(value)\" is not modelled; left out")
            }
        }
        if let style = element["style"] {
            if let code = styles[style] {
                if code != 0 { object.set("UIPickerStyle", int: code) }
            } else {
                try context.unmodelled(.unsupportedAttribute, element, "date picker style \"\(style)\" is unknown")
            }
        }
        var mode = 2
        if let name = element["datePickerMode"] {
            if let code = modes[name] {
                mode = code
            } else {
                try context.unmodelled(
                    .unsupportedAttribute, element, "datePickerMode \"\(name)\" is unknown; dateAndTime is used")
            }
        }
        object.set("UIDatePickerMode", int: mode)
        let duration = try SourceNumber.attribute(
            "countDownDuration", of: element, in: 0...86_400, default: 0, context: context)
        if duration != 0 { object.set("UICountDownDuration", .float32(Float(duration))) }
        let interval = try SourceNumber.attribute(
            "minuteInterval", of: element, in: 1...30, default: 1, context: context)
        if interval != 1 { object.set("UIMinuteInterval", int: Int(interval)) }
        if element["useCurrentDate"] == "NO" { object.set("UIDatePickerUseCurrentDateDuringDecoding", .bool(false)) }
    }
}
