/// `<view>` / `<customView>` → `NSView`: `NSvFlags` (autoresizing bits and
/// autoresizes-subviews), the frame as NSString geometry, subviews with their responder links.
struct AppKitViewEncoder {
    let context: AppKitContext
    let usesAutolayout: Bool
    /// Whether custom objects and views are instantiated with `-init` (`NSClassSwapper`).
    var instantiatesDirectly = false

    static let attributes: Set<String> = [
        "id", "key", "userLabel", "translatesAutoresizingMaskIntoConstraints", "wantsLayer", "customClass",
    ]

    func view(_ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, isContentView: Bool = false)
        throws(CompileError) -> ArchivedObject
    {
        guard element.name == "view" || element.name == "customView" else {
            throw context.error(.unsupportedElement, element, "<\(element.name)> (AppKit) is not supported yet")
        }
        for name in element.attributes.keys where !Self.attributes.contains(name) {
            throw context.error(
                .unsupportedAttribute, element, "attribute \(name) on an AppKit view is not supported yet")
        }
        let isCustom = element.name == "customView"
        let customClass = element["customClass"] ?? "NSView"
        // A `<view>` with a custom class is always swapped in; a `<customView>` only when the
        // document instantiates custom objects directly (otherwise it is an `NSCustomView`).
        let swapsClass = (isCustom && instantiatesDirectly) || (!isCustom && element["customClass"] != nil)
        let view = ArchivedObject(swapsClass ? "NSClassSwapper" : isCustom ? "NSCustomView" : "NSView")
        if swapsClass {
            view.set("NSClassName", .string(customClass))
            view.set("NSOriginalClassName", .string("NSView"))
        }
        context.track(view, id: element["id"], parent: parent)
        var frame: [Double] = [0, 0, 0, 0]
        var mask: Int?
        var subviews: [SourceElement] = []
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"): frame = ["x", "y", "width", "height"].map { child.number($0) ?? 0 }
            case ("autoresizingMask", "autoresizingMask"): mask = AutoresizingRule.mask(child)
            case ("subviews", _): subviews = child.children
            case ("connections", _), ("point", "canvasLocation"): break
            default:
                throw context.error(
                    .unsupportedElement, child, "<\(child.name)> inside an AppKit view is not supported yet")
            }
        }
        if let superview {
            view.set("NSNextResponder", superview)
            view.set("NSSuperview", superview)
        } else {
            view.set("NSNextResponder", .null)
        }
        view.set("NSNibTouchBar", .null)
        view.set("NSvFlags", int: 0x100 | (mask ?? (usesAutolayout ? 0x0C : 0x28)))
        if frame[0] == 0 && frame[1] == 0 {
            view.set("NSFrameSize", .string(AppKitContext.text([frame[2], frame[3]])))
        } else {
            view.set("NSFrame", .string(AppKitContext.text(frame)))
        }
        if element.flag("wantsLayer") { view.set("NSViewIsLayerTreeHost", .bool(true)) }
        var children: [ArchivedObject] = []
        for subview in subviews {
            children.append(try self.view(subview, superview: view, parent: view))
        }
        if !children.isEmpty { view.set("NSSubviews", .collection("NSMutableArray", children)) }
        view.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        view.set("IBNSSafeAreaLayoutGuide", .null)
        view.set("IBNSLayoutMarginsGuide", .null)
        view.set("IBNSClipsToBounds", int: 0)
        if isCustom && !swapsClass {
            if let custom = element["customClass"] {
                view.set("IBClassReference", CustomObjectRule.classReference(custom, module: nil))
            }
            view.set("NSClassName", .string(customClass))
        }
        return view
    }
}
