import Foundation

/// `<userDefinedRuntimeAttributes>` → one `UINibKeyValuePair` per attribute (`UIObject`,
/// `UIKeyPath`, `UIValue`) in the root's `UINibKeyValuePairsKey`, applied as key-path sets at
/// load time.
///
/// Values by type, as the corpus's 300 compiled pairs hold them: `string` an `NSString`;
/// `number` an `NSNumber` (`NS.intval` for `<integer>`, `NS.dblval` for `<real>`); `boolean` an
/// `NSNumber` with `NS.intval` 1 or 0 (duckduckgo's `dropShadow` NO, chadanewsom's YES); `color`
/// a `UIColor`; `size`, `point` and `rect` an `NSValue` (`NS.special` 2, 1 and 3) holding the
/// geometry as `NSStringFromCGSize` and friends write it, each number as `%.17g` (COVIDSAFE's
/// `shadowOffset` "{0, 5}", duckduckgo's switch frames); `image` the image placeholder every
/// image attribute archives (``ImageRule``; inferred, no compiled nib shows one). Other types
/// (`range`, `localizedString`, `nil`) are left out with a warning, and so is an attribute
/// whose value cannot be read: never the object.
enum RuntimeAttributeRule {
    static func schedule(
        _ attributes: SourceElement, object: ArchivedObject, context: UIKitContext,
        resources: UIKitResources? = nil
    ) throws(CompileError) {
        for attribute in attributes.children(named: "userDefinedRuntimeAttribute") {
            for name in attribute.attributes.keys where !["keyPath", "type", "value"].contains(name) {
                try context.unmodelled(
                    .unsupportedAttribute, attribute, "runtime attribute attribute \(name) is not modelled")
            }
            guard
                let (keyPath, value) = try context.recovered({ () throws(CompileError) in
                    try self.value(attribute, context: context, resources: resources)
                })
            else { continue }
            context.keyValuePairs.append(pair(object: object, keyPath: keyPath, value: value))
        }
    }

    /// A `UINibKeyValuePair` setting `keyPath` of `object` to `value` at load time.
    static func pair(object: ArchivedObject, keyPath: String, value: ArchivedObject) -> ArchivedObject {
        let pair = ArchivedObject("UINibKeyValuePair")
        pair.set("UIObject", object)
        pair.set("UIKeyPath", .string(keyPath))
        pair.set("UIValue", value)
        return pair
    }

    /// An `NSValue` holding a point (`NS.special` 1), size (2) or rect (3): `type` is
    /// "point", "size" or "rect", `numbers` its components (x, y / width, height / all four), the
    /// text as `NSStringFromCGPoint`/`Size`/`Rect` writes it.
    static func geometryValue(_ type: String, _ numbers: [Double]) -> ArchivedObject {
        let text = numbers.map { String(format: "%.17g", $0) }
        let value = ArchivedObject("NSValue")
        switch (type, text.count) {
        case ("rect", 4):
            value.set("NS.special", int: 3)
            value.set("NS.rectval", .string("{{\(text[0]), \(text[1])}, {\(text[2]), \(text[3])}}"))
        case ("point", 2):
            value.set("NS.special", int: 1)
            value.set("NS.pointval", .string("{\(text[0]), \(text[1])}"))
        default:
            value.set("NS.special", int: 2)
            value.set("NS.sizeval", .string("{\(text.first ?? "0"), \(text.dropFirst().first ?? "0")}"))
        }
        return value
    }

    /// A `number` attribute's `NSNumber`: `NS.intval` for `<integer>`, `NS.dblval` for `<real>`
    /// (Foundation's class, coded alike in UIKit's and AppKit's nibs).
    static func number(_ attribute: SourceElement, context: some DiagnosingContext) throws(CompileError)
        -> ArchivedObject
    {
        guard let number = attribute.child("real", key: "value") ?? attribute.child("integer", key: "value"),
            let text = number["value"]
        else {
            throw context.error(.invalidSource, attribute, "a number attribute needs an <integer> or <real> value")
        }
        if number.name == "integer", let integer = Int(text) { return .number(integer) }
        guard let real = Double(text), real.isFinite else {
            throw context.error(.invalidSource, number, "\"\(text)\" is not a finite number")
        }
        return .number(double: real)
    }

    /// A `size`, `point` or `rect` attribute's `NSValue` (``geometryValue(_:_:)``).
    static func geometry(_ type: String, _ attribute: SourceElement, context: some DiagnosingContext)
        throws(CompileError) -> ArchivedObject
    {
        let names = ["size": ["width", "height"], "point": ["x", "y"], "rect": ["x", "y", "width", "height"]][type]
        guard let names, let geometry = attribute.child(type, key: "value") else {
            throw context.error(.invalidSource, attribute, "a \(type) attribute needs a <\(type) key=\"value\">")
        }
        let numbers = names.map { geometry.number($0) ?? 0 }
        guard numbers.allSatisfy({ $0.isFinite && abs($0) <= 1e15 }) else {
            throw context.error(.invalidSource, geometry, "the \(type) is not made of finite numbers")
        }
        return geometryValue(type, numbers)
    }

    /// The attribute's key path and value; an error for what cannot be read (left out by the
    /// caller with a warning).
    private static func value(_ attribute: SourceElement, context: UIKitContext, resources: UIKitResources?)
        throws(CompileError) -> (keyPath: String, value: ArchivedObject)
    {
        guard let keyPath = attribute["keyPath"], let type = attribute["type"] else {
            throw context.error(.invalidSource, attribute, "a runtime attribute needs a keyPath and a type")
        }
        return (keyPath, try value(of: type, attribute, context: context, resources: resources))
    }

    private static func value(
        of type: String, _ attribute: SourceElement, context: UIKitContext, resources: UIKitResources?
    ) throws(CompileError) -> ArchivedObject {
        switch type {
        case "string":
            return .string(attribute["value"] ?? "")
        case "boolean":
            return .number(attribute["value"] == "YES" ? 1 : 0)
        case "number":
            return try number(attribute, context: context)
        case "color":
            guard let color = attribute.child("color", key: "value") else {
                throw context.error(.invalidSource, attribute, "a color attribute needs a <color key=\"value\">")
            }
            return try ColorRule.color(color, in: context)
        case "size", "point", "rect":
            return try geometry(type, attribute, context: context)
        case "image":
            guard let name = attribute["value"], !name.isEmpty, let resources else {
                throw context.error(.invalidSource, attribute, "an image attribute needs an image name")
            }
            return try ImageRule.placeholder(named: name, element: attribute, context: context, resources: resources)
        default:
            throw context.error(
                .unsupportedAttribute, attribute, "runtime attributes of type \"\(type)\" are not modelled; left out")
        }
    }
}
