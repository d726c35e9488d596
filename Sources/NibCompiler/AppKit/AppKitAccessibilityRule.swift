/// A view's `<accessibility>` element → one `NSNibAXAttributeConnector` per attribute in the
/// object data's `NSAccessibilityConnectors` (`test_accessibility`):
///
/// | Attribute | Connector |
/// |---|---|
/// | `description` | `AXDestinationArchiveKey` the view, `AXAttributeTypeArchiveKey` "AXDescription" (an `NSMutableString`), `AXAttributeValueArchiveKey` the text |
///
/// The connectors are listed again in `NSAccessibilityOidsKeys`, their object ids continuing
/// after the other objects' (`NSAccessibilityOidsValues`). Other attributes are refused.
enum AppKitAccessibilityRule {
    /// `<accessibility>` attributes → AppKit's attribute names.
    static let attributeTypes: [String: String] = ["description": "AXDescription"]

    /// Appends the connectors for `element` (an `<accessibility>`) on `view` to the context.
    static func connect(_ element: SourceElement, view: ArchivedObject, context: AppKitContext) throws(CompileError) {
        for child in element.children {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside <accessibility> is not modelled")
        }
        for name in element.attributes.keys.sorted() {
            guard let type = attributeTypes[name], let value = element[name] else {
                throw context.error(
                    .unsupportedAttribute, element, "accessibility attribute \(name) is not modelled")
            }
            let typeName = ArchivedObject("NSMutableString")
            typeName.set("NS.bytes", .data(Array(type.utf8)))
            let connector = ArchivedObject("NSNibAXAttributeConnector")
            connector.set("AXDestinationArchiveKey", view)
            connector.set("AXAttributeTypeArchiveKey", typeName)
            connector.set("AXAttributeValueArchiveKey", .string(value))
            context.accessibilityConnectors.append(connector)
        }
    }
}
