/// A named image (`image="…"` on a cell) → `NSCustomResource`: class `NSImage`, the resource
/// name, `IBNamespaceID` ("system" for AppKit's named images, else nil), `IBDesignSize` (an
/// `NSValue` of special kind 2 holding the size as a string) and a nil
/// `IBDesignImageConfiguration`.
///
/// An app image's design size is the one cached in the document's `<resources>`; a system
/// image's is AppKit's own, which ibtool does not take from `<resources>` (NSApplicationIcon:
/// `<resources>` says 128 × 128, the pairs 32 × 32), so only the ones in ``systemImages`` are known.
enum AppKitImageRule {
    /// AppKit's named images seen in the pairs, with the design size ibtool archived.
    static let systemImages: [String: (width: Double, height: Double)] = [
        "NSApplicationIcon": (32, 32), "NSInfo": (32, 32), "NSAdvanced": (32, 32), "NSFolder": (32, 32),
        "NSStatusAvailable": (16, 16), "NSActionTemplate": (19, 19), "NSTrashEmpty": (32, 32),
    ]

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
            throw context.error(
                .unsupportedAttribute, element, "the design size of AppKit's image \"\(name)\" is not known yet")
        } else {
            guard let resource = context.imageResources[name] else {
                throw context.error(
                    .invalidSource, element, "image \"\(name)\" is not listed in the document's <resources>")
            }
            guard resource["catalog"] == nil else {
                throw context.error(.unsupportedAttribute, element, "catalog images (symbols) are not supported yet")
            }
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
