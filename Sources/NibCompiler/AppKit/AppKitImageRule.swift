import Foundation

/// A named image (`image="…"` on a cell) → `NSCustomResource`: class `NSImage`, the resource
/// name, `IBNamespaceID` ("system" for AppKit's named images, else nil), `IBDesignSize` (an
/// `NSValue` of special kind 2 holding the size as a string) and a nil
/// `IBDesignImageConfiguration`.
///
/// An app image's design size is the one cached in the document's `<resources>`; a system
/// image's is AppKit's own, which ibtool does not take from `<resources>` (NSApplicationIcon:
/// `<resources>` says 128 × 128, the pairs 32 × 32), so only the ones in ``systemImages`` are known;
/// another takes the `<resources>` size with a warning.
///
/// SF Symbols (`catalog="system"`, transmission_MainMenu, Xcode 16.4 / 24506):
///
/// | Source | Archived |
/// |---|---|
/// | `image="NAME" catalog="system"` (menu item `image` or `secondaryImage`; button and image cells' `image`, assumed alike: the resource is the same class whatever holds it) | `NSCustomResource`: `NSCatalogName` and `IBNamespaceID` "system", `IBDesignSize` {32, 32} whatever `<resources>` says (36 of 36), nil `IBDesignImageConfiguration` |
/// | `<imageReference image="NAME" catalog="system" symbolScale="default" variableValue="V">` | the same plus `NSImageVariableValue` V (float64) and an `IBImageConfiguration` (`IBSymbolScale` -1, `IBRenderingMode` 0, `IBVariableValue` an `NSNumber` V, `IBHierarchicalColors` an empty `NSArray`, nil `IBLocale`); `IBDesignSize` is the symbol's size at that configuration, known only for "heart" ({17, 14}; `<resources>` says 16 × 14) |
enum AppKitImageRule {
    /// AppKit's named images seen in the pairs, with the design size ibtool archived.
    static let systemImages: [String: (width: Double, height: Double)] = [
        "NSApplicationIcon": (32, 32), "NSInfo": (32, 32), "NSAdvanced": (32, 32), "NSFolder": (32, 32),
        "NSStatusAvailable": (16, 16), "NSActionTemplate": (19, 19), "NSTrashEmpty": (32, 32),
    ]

    /// The design sizes ibtool archived for symbols given by an `<imageReference>`, by name
    /// (transmission_MainMenu). Others are refused: their sizes are not in the pairs.
    static let referencedSymbolSizes: [String: String] = ["heart": "{17, 14}"]
    /// `<imageReference>` `symbolScale` → `IBSymbolScale` (only "default" is in the pairs).
    static let symbolScales = ["default": -1]

    /// The resource for image `name` of `catalog` (an SF Symbol when `catalog` is "system"),
    /// used by `element`; a plain named image (``image(_:element:context:)``) without `catalog`.
    static func image(_ name: String, catalog: String?, element: SourceElement, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        guard let catalog else { return try image(name, element: element, context: context) }
        try checkSymbol(name, catalog: catalog, element: element, context: context)
        return symbol(name, designSize: "{32, 32}", variableValue: nil, configuration: nil)
    }

    /// The resource for an `<imageReference>` (an SF Symbol with a configuration).
    static func imageReference(_ reference: SourceElement, context: AppKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let known: Set = ["key", "image", "catalog", "symbolScale", "variableValue"]
        for name in reference.attributes.keys where !known.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, reference, "attribute \(name) on an <imageReference> is not modelled")
        }
        if let child = reference.children.first {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside an <imageReference> is not modelled")
        }
        guard let name = reference["image"], let catalog = reference["catalog"] else {
            throw context.error(
                .unsupportedAttribute, reference, "an <imageReference> without image and catalog is not modelled")
        }
        try checkSymbol(name, catalog: catalog, element: reference, context: context)
        guard let size = referencedSymbolSizes[name] else {
            throw context.error(
                .unsupportedAttribute, reference, "the design size of symbol \"\(name)\" is not known yet")
        }
        guard let scaleName = reference["symbolScale"], let scale = symbolScales[scaleName] else {
            throw context.error(
                .unsupportedAttribute, reference,
                "symbolScale \"\(reference["symbolScale"] ?? "")\" is not modelled")
        }
        guard let variable = reference.number("variableValue"), variable.isFinite else {
            throw context.error(
                .unsupportedAttribute, reference, "an <imageReference> without a variableValue is not modelled")
        }
        let configuration = ArchivedObject("IBImageConfiguration")
        configuration.set("IBSymbolScale", int: scale)
        configuration.set("IBRenderingMode", int: 0)
        configuration.set("IBVariableValue", .number(double: variable))
        configuration.set("IBHierarchicalColors", .collection("NSArray", []))
        configuration.set("IBLocale", .null)
        return symbol(name, designSize: size, variableValue: variable, configuration: configuration)
    }

    /// The image a `<resources>` `<image>` stores itself (a `<mutableData
    /// key="keyedArchiveRepresentation">`: base64 of an `NSKeyedArchiver` archive of an
    /// `NSImage`), which ibtool archives as that `NSImage` in place of a named resource
    /// (transmission_MainMenu: a table column's image data cell, `NSContents`); nil for a
    /// resource without one. Decoded once per resource: every use shares the object.
    static func embeddedImage(_ resource: SourceElement, context: AppKitContext) throws(CompileError)
        -> ArchivedObject?
    {
        guard let name = resource["name"] else { return nil }
        if let image = context.embeddedImages[name] { return image }
        guard let first = resource.children.first else { return nil }
        guard resource.children.count == 1, first.name == "mutableData", first["key"] == "keyedArchiveRepresentation",
            first.attributes.count == 1, first.children.isEmpty
        else {
            throw context.error(
                .unsupportedElement, first, "<\(first.name)> inside an image resource is not modelled")
        }
        // Xcode writes the base64 in lines, without padding.
        var encoded = first.text.filter { !$0.isWhitespace }
        encoded += String(repeating: "=", count: (4 - encoded.count % 4) % 4)
        guard let data = Data(base64Encoded: encoded) else {
            throw context.error(.invalidSource, first, "the image's keyed archive is not valid base64")
        }
        let image: ArchivedObject
        do {
            image = try ArchivedObject.root(ofKeyedArchive: Array(data))
        } catch {
            throw context.error(.invalidSource, first, error.message)
        }
        guard image.className == "NSImage" else {
            throw context.error(
                .unsupportedElement, first, "an embedded \(image.className) in place of an image is not modelled")
        }
        context.embeddedImages[name] = image
        return image
    }

    /// Checks that symbol `name` is in catalog "system" and listed in `<resources>` as such.
    private static func checkSymbol(
        _ name: String, catalog: String, element: SourceElement, context: AppKitContext
    ) throws(CompileError) {
        guard catalog == "system" else {
            throw context.error(.unsupportedAttribute, element, "image catalog \"\(catalog)\" is not modelled")
        }
        guard let resource = context.imageResources[name], resource["catalog"] == catalog else {
            throw context.error(
                .invalidSource, element, "symbol \"\(name)\" is not listed in the document's <resources>")
        }
    }

    private static func symbol(
        _ name: String, designSize: String, variableValue: Double?, configuration: ArchivedObject?
    ) -> ArchivedObject {
        let value = ArchivedObject("NSValue")
        value.set("NS.special", int: 2)
        value.set("NS.sizeval", .string(designSize))
        let resource = ArchivedObject("NSCustomResource")
        resource.set("NSClassName", .string("NSImage"))
        resource.set("NSResourceName", .string(name))
        resource.set("NSCatalogName", .string("system"))
        if let variableValue { resource.set("NSImageVariableValue", .float64(variableValue)) }
        resource.set("IBNamespaceID", .string("system"))
        resource.set("IBDesignSize", value)
        if let configuration {
            resource.set("IBDesignImageConfiguration", configuration)
        } else {
            resource.set("IBDesignImageConfiguration", .null)
        }
        return resource
    }

    /// The resource for image `name`, used by `element`.
    static func image(_ name: String, element: SourceElement, context: AppKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let size: (width: Double, height: Double)
        let isSystem: Bool
        if let known = systemImages[name] {
            size = known
            isSystem = true
        } else if name.hasPrefix("NS") {
            // AppKit's own size is not known: the size Interface Builder cached in <resources>
            // stands in (it can differ from what ibtool archives: NSActionTemplate 14 or 15 there,
            // 19 archived), with a warning; without one the image is refused.
            guard let resource = context.imageResources[name], let width = resource.number("width"),
                let height = resource.number("height"), width.isFinite, height.isFinite, width >= 0, height >= 0
            else {
                throw context.error(
                    .unsupportedAttribute, element, "the design size of AppKit's image \"\(name)\" is not known yet")
            }
            try context.unmodelled(
                .unsupportedAttribute, element,
                "the design size of AppKit's image \"\(name)\" is not known; archived with the size <resources> "
                    + "records (\(AppKitContext.text([width, height]))), which may differ from AppKit's")
            size = (width, height)
            isSystem = true
        } else {
            guard let resource = context.imageResources[name] else {
                throw context.error(
                    .invalidSource, element, "image \"\(name)\" is not listed in the document's <resources>")
            }
            guard resource["catalog"] == nil else {
                throw context.error(
                    .unsupportedAttribute, element, "a catalog image (symbol) needs the catalog attribute here")
            }
            if let embedded = try embeddedImage(resource, context: context) { return embedded }
            guard let width = resource.number("width"), let height = resource.number("height"),
                width.isFinite, height.isFinite, width >= 0, height >= 0
            else {
                throw context.error(.invalidSource, resource, "the image resource needs a width and a height")
            }
            size = (width, height)
            isSystem = false
        }
        let value = ArchivedObject("NSValue")
        value.set("NS.special", int: 2)
        value.set("NS.sizeval", .string(AppKitContext.text([size.width, size.height])))
        let resource = ArchivedObject("NSCustomResource")
        resource.set("NSClassName", .string("NSImage"))
        resource.set("NSResourceName", .string(name))
        resource.set("IBNamespaceID", isSystem ? .object(.string("system")) : .null)
        resource.set("IBDesignSize", value)
        resource.set("IBDesignImageConfiguration", .null)
        return resource
    }
}
