/// `<userDefinedRuntimeAttributes>` → one `UINibKeyValuePair` per attribute (`UIObject`,
/// `UIKeyPath`, `UIValue`) in the root's `UINibKeyValuePairsKey`, applied as key-path sets at
/// load time.
enum RuntimeAttributeRule {
    static func schedule(_ attributes: SourceElement, object: ArchivedObject, context: UIKitContext)
        throws(CompileError)
    {
        for attribute in attributes.children(named: "userDefinedRuntimeAttribute") {
            for name in attribute.attributes.keys where !["keyPath", "type", "value"].contains(name) {
                try context.unmodelled(
                    .unsupportedAttribute, attribute, "runtime attribute attribute \(name) is not modelled")
            }
            guard let keyPath = attribute["keyPath"], let type = attribute["type"] else {
                throw context.error(.invalidSource, attribute, "a runtime attribute needs a keyPath and a type")
            }
            let value: ArchivedObject
            switch type {
            case "string":
                value = .string(attribute["value"] ?? "")
            case "number":
                guard let number = attribute.child("real", key: "value") ?? attribute.child("integer", key: "value"),
                    let text = number["value"]
                else {
                    throw context.error(
                        .invalidSource, attribute, "a number attribute needs an <integer> or <real> value")
                }
                if number.name == "integer", let integer = Int(text) {
                    value = .number(integer)
                } else if let real = Double(text) {
                    value = .number(double: real)
                } else {
                    throw context.error(.invalidSource, number, "\"\(text)\" is not a number")
                }
            case "color":
                guard let color = attribute.child("color", key: "value") else {
                    throw context.error(.invalidSource, attribute, "a color attribute needs a <color key=\"value\">")
                }
                value = try ColorRule.color(color, in: context)
            default:
                throw context.error(
                    .unsupportedAttribute, attribute, "runtime attributes of type \"\(type)\" are not modelled")
            }
            let pair = ArchivedObject("UINibKeyValuePair")
            pair.set("UIObject", object)
            pair.set("UIKeyPath", .string(keyPath))
            pair.set("UIValue", value)
            context.keyValuePairs.append(pair)
        }
    }
}
