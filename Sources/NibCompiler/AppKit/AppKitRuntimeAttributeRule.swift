/// AppKit `<userDefinedRuntimeAttributes>` → one `NSIBUserDefinedRuntimeAttributesConnector`
/// in `NSConnections`: `NSObject` (the element's object), `NSValues` and `NSKeyPaths` as
/// parallel arrays in document order (`test_udra`).
///
/// | `type` | value |
/// |---|---|
/// | `boolean` | `NSNumber` (`NS.boolval`) from `value="YES"`/`"NO"` |
/// | `string` | `NSString` |
/// | `color` | `NSColor` (``AppKitColorRule``) |
/// | `number` | `NSNumber` (`NS.intval` / `NS.dblval`), as UIKit's (``RuntimeAttributeRule``: Foundation's class) |
/// | `size`, `point`, `rect` | `NSValue` (special 2, 1, 3), as UIKit's |
///
/// An attribute of another type, or whose value cannot be read, is left out with a warning (its
/// key path too, so that the two arrays stay parallel).
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
            let value = try context.recovered { () throws(CompileError) -> ArchivedObject in
                switch type {
                case "boolean":
                    guard let flag = attribute["value"], flag == "YES" || flag == "NO" else {
                        throw context.error(.invalidSource, attribute, "a boolean attribute needs value YES or NO")
                    }
                    return .number(bool: flag == "YES")
                case "string":
                    return .string(attribute["value"] ?? "")
                case "color":
                    guard let color = attribute.child("color", key: "value") else {
                        throw context.error(
                            .invalidSource, attribute, "a color attribute needs a <color key=\"value\">")
                    }
                    return try AppKitColorRule.color(color, context: context)
                case "number":
                    return try RuntimeAttributeRule.number(attribute, context: context)
                case "size", "point", "rect":
                    return try RuntimeAttributeRule.geometry(type, attribute, context: context)
                default:
                    throw context.error(
                        .unsupportedAttribute, attribute,
                        "AppKit runtime attributes of type \"\(type)\" are not modelled; left out")
                }
            }
            guard let value else { continue }
            values.append(value)
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
