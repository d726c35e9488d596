/// Text widths for `nibtool render`, from real font metrics: Liberation Sans's advance widths
/// (metric-compatible with Arial and Helvetica, close to Apple's system fonts) for U+0020 through
/// U+00FF and common punctuation (dashes, quotes, bullet, ellipsis), generated into `TextMetrics+Widths.swift` by `Scripts/generate-text-metrics.py`.
/// Other characters: East Asian wide characters and emoji take a full em, combining marks
/// nothing, the rest the width of a lowercase letter.
enum TextMetrics {
    /// The width in points of `text` set at `size` points.
    static func width<Text: StringProtocol>(_ text: Text, size: Double, bold: Bool = false) -> Double {
        var thousandths = 0
        for scalar in text.unicodeScalars { thousandths += advance(of: scalar, bold: bold) }
        return Double(thousandths) * size / 1000
    }

    /// The advance of `scalar` in thousandths of an em.
    static func advance(of scalar: Unicode.Scalar, bold: Bool) -> Int {
        let value = Int(scalar.value)
        let table = bold ? boldWidths : regularWidths
        if value >= 0x20, value - 0x20 < table.count { return Int(table[value - 0x20]) }
        if let punctuation = (bold ? boldPunctuation : regularPunctuation)[scalar.value] { return punctuation }
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 1000
        default: return 556
        }
    }
}
