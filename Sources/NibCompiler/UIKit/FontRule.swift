/// `<fontDescription>` → `UIFont` (fallback `NSFont`) with a `UIFontDescriptor` whose
/// attributes name the CoreText usage, as the iOS 9–12 SDKs' ibtool writes system fonts:
/// `.SFUIText` below 20 points, `.SFUIDisplay` from 20, with `-Bold` for bold.
enum FontRule {
    static func font(_ element: SourceElement, in context: UIKitContext) throws(CompileError) -> ArchivedObject {
        guard let size = element.number("pointSize") else {
            throw context.error(
                .unsupportedAttribute, element, "fonts without a pointSize (text styles) are not supported yet")
        }
        let type = element["type"]
        guard element["name"] == nil, type == "system" || type == "boldSystem" else {
            throw context.error(
                .unsupportedAttribute, element,
                "font \(element["name"] ?? type ?? "?") is not supported yet (system and boldSystem are)")
        }
        let bold = type == "boldSystem"
        let name = context.era.systemFontName(size: size, bold: bold)
        let attributes: [(ArchivedObject, ArchivedObject)] =
            [(.string("NSCTFontUIUsageAttribute"), .string(bold ? "CTFontEmphasizedUsage" : "CTFontRegularUsage"))]
            + [(.string("NSFontSizeAttribute"), size == size.rounded() ? .number(Int(size)) : .number(double: size))]
            + (bold && context.era.writesBoldUsageOverride
                ? [(.string("NSCTFontUIUsageOverrideAttribute"), .string("CTFontBoldUsage"))] : [])
        let descriptor = ArchivedObject("UIFontDescriptor")
        descriptor.set("UIFontDescriptorAttributes", .dictionary("NSMutableDictionary", attributes))
        let font = ArchivedObject("UIFont")
        font.set("UIFontName", .string(name))
        font.set("UIFontDescriptor", descriptor)
        font.set("UIFontPointSize", .float64(size))
        font.set("UIFontTraits", int: bold ? 2 : 0)
        font.set("UISystemFont", .bool(true))
        font.set("NSName", .string(name))
        font.set("NSSize", .float64(size))
        if context.era.writesFontScalingKeys {
            font.set("UIFontTextStyleForScaling", .null)
            font.set("UIFontPointSizeForScaling", .float64(0))
            font.set("UIFontMaximumPointSizeAfterScaling", .float64(0))
        }
        return font
    }
}
