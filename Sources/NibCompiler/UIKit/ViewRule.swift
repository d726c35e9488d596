/// One UIKit view element kind: its runtime class and the keys it adds after the common view
/// keys. The table ``ViewRule/all`` reads like the mapping ibtool applies.
struct ViewRule: Sendable {
    /// The runtime class ibtool writes.
    var className: String
    /// Attributes this kind understands beyond the common view attributes.
    var attributes: Set<String> = []
    /// Child elements this kind understands beyond the common view children.
    var children: Set<String> = []
    /// The layout margins (top, left, bottom, right) ibtool writes for this kind when the
    /// document gives none (`UIViewLayoutMargins`); `nil` for UIView's own, which it leaves out.
    var defaultLayoutMargins: [Double]?
    /// The content hugging priorities (horizontal, vertical) the class has of its own; ibtool
    /// archives `UIViewContentHuggingPriority` when the source's differ. UIView's are 250.
    /// `nil`: ibtool archives the priorities whatever they are (a toolbar's "{250, 250}"), and a
    /// document leaves out 250, 250.
    var defaultHugging: [Double]? = [250, 250]
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
        "segmentedControl": SegmentedControlRule.rule,
        "switch": ViewRule(
            className: "UISwitch",
            attributes: ["contentHorizontalAlignment", "contentVerticalAlignment", "on", "enabled"],
            children: ["color"], defaultHugging: [750, 750],
            encode: { element, object, context, _ throws(CompileError) in
                try SwitchRule.encode(element, object, context)
            }),
        "slider": SliderRule.rule,
        "visualEffectView": VisualEffectViewRule.rule,
        "tableView": TableViewRule.rule,
        "scrollView": UIKitScrollViewRule.rule,
        "progressView": ProgressViewRule.rule,
        "wkWebView": WebViewRule.rule,
        "datePicker": DatePickerRule.rule,
        "toolbar": UIKitToolbarRule.rule,
        // A container view is a plain view; its embed segue is the controller's (SegueRule).
        "containerView": ViewRule(className: "UIView"),
        "collectionView": CollectionViewRule.rule,
        "collectionViewCell": CollectionViewCellRule.rule,
        "collectionViewCellContentView": ViewRule(className: "UIView"),
        "collectionReusableView": CollectionReusableViewRule.rule,
        "activityIndicatorView": ActivityIndicatorRule.rule,
        "stackView": UIKitStackViewRule.rule,
        "tableViewCellContentView": ViewRule(className: "UITableViewCellContentView", attributes: ["tableViewCell"]),
        "imageView": ViewRule(
            className: "UIImageView",
            // `catalog="system"` repeats what the image's resource says (an SF Symbol).
            attributes: [
                "image", "highlightedImage", "adjustsImageSizeForAccessibilityContentSizeCategory", "catalog",
            ],
            children: ["imageReference"],
            encode: { element, object, context, resources throws(CompileError) in
                // An empty image name (left behind when an image is cleared) archives no image.
                if let name = element["image"], !name.isEmpty {
                    object.set(
                        "UIImage",
                        try ImageRule.placeholder(named: name, element: element, context: context, resources: resources)
                    )
                }
                // Xcode 12 and later write a configured image as `<imageReference key="image">`:
                // the same `UIImage` placeholder the attribute makes (``ImageRule/reference``).
                for reference in element.children(named: "imageReference") {
                    guard reference["key"] == "image", element["image"] == nil else {
                        try context.unmodelled(
                            .unsupportedElement, reference,
                            "<imageReference key=\"\(reference["key"] ?? "")\"> inside <imageView> is not modelled; left out"
                        )
                        continue
                    }
                    object.set("UIImage", try ImageRule.reference(reference, context: context, resources: resources))
                }
                // After the image: COVIDSAFE's launch screen logo (Xcode 11), the corpus's only
                // image view with the flag, archives it true as the view's last key.
                if element.flag("adjustsImageSizeForAccessibilityContentSizeCategory") {
                    object.set("UIAdjustsImageSizeForAccessibilityContentSizeCategory", .bool(true))
                }
                if element["highlightedImage"] != nil {
                    try context.unmodelled(.unsupportedAttribute, element, "highlightedImage is not modelled")
                }
            }),
    ]
}

/// Named resources a document declares (`<resources><image name= width= height=>`).
struct UIKitResources {
    var imageSizes: [String: (width: Double, height: Double)] = [:]
    /// The SF Symbols the document uses: image resources from the system catalog
    /// (`<image name="house.fill" catalog="system" …>`).
    var systemSymbols: Set<String> = []
    /// Image resources with an attribute the rules do not read, by name: the resource element
    /// and the attribute.
    var unreadImageAttributes: [String: (SourceElement, String)] = [:]

    init(document: SourceElement) {
        for resources in document.children(named: "resources") {
            for image in resources.children(named: "image") {
                guard let name = image["name"] else { continue }
                if let width = image.number("width"), let height = image.number("height") {
                    imageSizes[name] = (width, height)
                }
                if image["catalog"] == "system" { systemSymbols.insert(name) }
                if let unread = image.attributes.keys.sorted().first(where: {
                    !["name", "width", "height"].contains($0) && !($0 == "catalog" && image[$0] == "system")
                }) {
                    unreadImageAttributes[name] = (image, unread)
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
        if let (resource, attribute) = resources.unreadImageAttributes[name] {
            try context.unmodelled(
                .unsupportedAttribute, resource, "image resource attribute \(attribute) is not modelled (\"\(name)\")")
        }
        if resources.systemSymbols.contains(name) { return try symbol(named: name, element: element, context: context) }
        guard let size = resources.imageSizes[name] else {
            throw context.error(.invalidSource, element, "image \"\(name)\" has no size in <resources>")
        }
        let image = ArchivedObject("UIImageNibPlaceholder")
        let unit = context.era.writesUnitImageSize || !context.imagesAvailable
        image.set("UIImageWidth", .float32(unit ? 1 : Float(size.width)))
        image.set("UIImageHeight", .float32(unit ? 1 : Float(size.height)))
        image.set("UIResourceName", .string(name))
        if context.era.writesNilSymbolKeys {
            image.set("UISystemSymbolResourceName", .null)
            image.set("UISymbolImageConfiguration", .null)
        }
        if context.era.writesSymbolImageKeys { image.set("UIResourceCatalogName", .null) }
        return image
    }

    /// An SF Symbol: a placeholder of size 0 × 0 whose resource and system symbol names are one
    /// string, without a symbol configuration, as the iOS 13 SDK's ibtool archives every symbol
    /// image of the corpus's nibs (Umarovm Whats-Cooking's 18 in 8 nibs, ertmuirm's 2, with the
    /// nil catalog name the modern keys add); UIKit looks the symbol up at load time.
    static func symbol(
        named name: String, element: SourceElement, context: UIKitContext, configuration: ArchivedObject? = nil
    ) throws(CompileError) -> ArchivedObject {
        _ = try context.modelledEra(
            for: element, "SF Symbol images", modelled: XcodeEra(11)..<XcodeEra.unbounded, newest: .unbounded)
        let image = ArchivedObject("UIImageNibPlaceholder")
        image.set("UIImageWidth", .float32(0))
        image.set("UIImageHeight", .float32(0))
        let string = ArchivedObject.string(name)
        image.set("UIResourceName", string)
        image.set("UISystemSymbolResourceName", string)
        image.set("UISymbolImageConfiguration", configuration.map { .object($0) } ?? .null)
        if context.era.writesSymbolImageKeys { image.set("UIResourceCatalogName", .null) }
        return image
    }

    /// `<imageReference key="image" image=… catalog="system" symbolScale=…>` (a configured SF
    /// Symbol, Xcode 12 and later): the symbol's placeholder with a `UIImageSymbolConfiguration`
    /// holding the scale (duckduckgo Settings, Xcode 13.2: chevron.left, `symbolScale="large"` →
    /// `UISymbolScale` 3 after a nil `UITraitCollection`); without a catalog, the app's image by
    /// name. Rendering modes are not modelled (no nib shows one).
    static func reference(_ element: SourceElement, context: UIKitContext, resources: UIKitResources)
        throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys.sorted()
        where !["key", "image", "catalog", "symbolScale"].contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "image reference attribute \(name) is not modelled")
        }
        guard let name = element["image"] else {
            throw context.error(.invalidSource, element, "the image reference names no image")
        }
        guard element["catalog"] == "system" else {
            return try placeholder(named: name, element: element, context: context, resources: resources)
        }
        var configuration: ArchivedObject?
        if let scale = element["symbolScale"] {
            guard let code = ButtonRule.symbolScales[scale] else {
                throw context.error(.unsupportedAttribute, element, "symbolScale \"\(scale)\" is unknown")
            }
            let made = ArchivedObject("UIImageSymbolConfiguration")
            made.set("UITraitCollection", .null)
            made.set("UISymbolScale", int: code)
            configuration = made
        }
        return try symbol(named: name, element: element, context: context, configuration: configuration)
    }
}
