/// One UIKit view element kind: its runtime class and the keys it adds after the common view
/// keys. The table ``ViewRule/all`` reads like the mapping ibtool applies.
struct ViewRule: Sendable {
    /// The runtime class ibtool writes.
    var className: String
    /// Attributes this kind understands beyond the common view attributes.
    var attributes: Set<String> = []
    /// Child elements this kind understands beyond the common view children.
    var children: Set<String> = []
    /// Appends the kind's own keys.
    var encode: @Sendable (SourceElement, ArchivedObject, UIKitContext, UIKitResources) throws(CompileError) -> Void = {
        _, _, _, _ in
    }

    static let all: [String: ViewRule] = [
        "view": ViewRule(className: "UIView"),
        "label": LabelRule.rule,
        "button": ButtonRule.rule,
        "textField": TextFieldRule.rule,
        "textView": TextViewRule.rule,
        "tableView": TableViewRule.rule,
        "tableViewCellContentView": ViewRule(className: "UITableViewCellContentView", attributes: ["tableViewCell"]),
        "imageView": ViewRule(
            className: "UIImageView",
            attributes: ["image", "highlightedImage", "adjustsImageSizeForAccessibilityContentSizeCategory"],
            encode: { element, object, context, resources throws(CompileError) in
                // An empty image name (left behind when an image is cleared) archives no image.
                if let name = element["image"], !name.isEmpty {
                    object.set(
                        "UIImage",
                        try ImageRule.placeholder(named: name, element: element, context: context, resources: resources)
                    )
                }
                if element["highlightedImage"] != nil {
                    throw context.error(.unsupportedAttribute, element, "highlightedImage is not supported yet")
                }
            }),
    ]
}

/// Named resources a document declares (`<resources><image name= width= height=>`).
struct UIKitResources {
    var imageSizes: [String: (width: Double, height: Double)] = [:]

    init(document: SourceElement) {
        for resources in document.children(named: "resources") {
            for image in resources.children(named: "image") {
                if let name = image["name"], let width = image.number("width"), let height = image.number("height") {
                    imageSizes[name] = (width, height)
                }
            }
        }
    }
}

/// `image="name"` → `UIImageNibPlaceholder`.
enum ImageRule {
    static func placeholder(
        named name: String, element: SourceElement, context: UIKitContext, resources: UIKitResources
    ) throws(CompileError) -> ArchivedObject {
        guard let size = resources.imageSizes[name] else {
            throw context.error(.invalidSource, element, "image \"\(name)\" has no size in <resources>")
        }
        let image = ArchivedObject("UIImageNibPlaceholder")
        let unit = context.era.writesUnitImageSize || !context.imagesAvailable
        image.set("UIImageWidth", .float32(unit ? 1 : Float(size.width)))
        image.set("UIImageHeight", .float32(unit ? 1 : Float(size.height)))
        image.set("UIResourceName", .string(name))
        if context.era.writesSymbolImageKeys {
            image.set("UISystemSymbolResourceName", .null)
            image.set("UISymbolImageConfiguration", .null)
            image.set("UIResourceCatalogName", .null)
        }
        return image
    }
}
