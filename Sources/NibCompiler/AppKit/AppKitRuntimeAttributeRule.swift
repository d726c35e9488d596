/// AppKit `<userDefinedRuntimeAttributes>` → one `NSIBUserDefinedRuntimeAttributesConnector`
/// in `NSConnections`: `NSObject` (the element's object), `NSValues` and `NSKeyPaths` as
/// parallel arrays in document order (`test_udra`).
///
/// | `type` | value |
/// |---|---|
/// | `boolean` | `NSNumber` (`NS.boolval`) from `value="YES"`/`"NO"` |
/// | `string` | `NSString` |
/// | `color` | `NSColor` (``AppKitColorRule``) |
enum AppKitRuntimeAttributeRule {
    /// Appends the connector for `attributes` on `object` to the context's connections.
    static func connect(_ attributes: SourceElement, object: ArchivedObject, context: AppKitContext)
        throws(CompileError)
    {
        var keyPaths: [ArchivedObject] = []
        var values: [ArchivedObject] = []
        for attribute in attributes.children {
            guard attribute.name == "userDefinedRuntimeAttribute" else {
                throw context.error(
                    .unsupportedElement, attribute, "<\(attribute.name)> inside runtime attributes is not supported")
            }
            for name in attribute.attributes.keys where !["keyPath", "type", "value"].contains(name) {
                try context.unmodelled(
                    .unsupportedAttribute, attribute, "runtime attribute attribute \(name) is not modelled")
            }
            guard let keyPath = attribute["keyPath"], let type = attribute["type"] else {
                throw context.error(.invalidSource, attribute, "a runtime attribute needs a keyPath and a type")
            }
            switch type {
            case "boolean":
                guard let flag = attribute["value"], flag == "YES" || flag == "NO" else {
                    throw context.error(.invalidSource, attribute, "a boolean attribute needs value YES or NO")
                }
                values.append(.number(bool: flag == "YES"))
            case "string":
                values.append(.string(attribute["value"] ?? ""))
            case "color":
                guard let color = attribute.child("color", key: "value") else {
                    throw context.error(.invalidSource, attribute, "a color attribute needs a <color key=\"value\">")
                }
                values.append(try AppKitColorRule.color(color, context: context))
            default:
                try context.unmodelled(
                    .unsupportedAttribute, attribute,
                    "AppKit runtime attributes of type \"\(type)\" are not modelled")
            }
            keyPaths.append(.string(keyPath))
        }
        connect(keyPaths: keyPaths, values: values, object: object, context: context)
    }

    /// One connector setting `values` at `keyPaths` on `object` after loading (also what IB
    /// writes for attributes an object's coder does not keep, such as a box's
    /// `autoresizesSubviews="NO"`).
    static func connect(
        keyPaths: [ArchivedObject], values: [ArchivedObject], object: ArchivedObject, context: AppKitContext
    ) {
        let connector = ArchivedObject("NSIBUserDefinedRuntimeAttributesConnector")
        connector.set("NSObject", object)
        connector.set("NSValues", .collection("NSArray", values))
        connector.set("NSKeyPaths", .collection("NSArray", keyPaths))
        context.connections.append(connector)
    }
}
