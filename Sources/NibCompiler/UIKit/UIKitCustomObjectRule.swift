/// `<customObject>` (Interface Builder's "Object": an instance of any class the nib creates, an
/// app delegate in a MainWindow xib, an "initializer" object in a storyboard scene) → a
/// `UIClassSwapper` whose `UIClassName` is the custom class (a Swift class's runtime name) and
/// whose `UIOriginalClassName` is `UICustomObject`, with no other key: the app delegates of the
/// corpus's two MainWindow nibs (Google61 gta3sa's IOSAppDelegate, swindlesmccoop's
/// DominosPizzaAppDelegate). An object without a custom class is an `NSObject` (no nib shows
/// one). Its outlets and actions are the caller's (``ConnectionRule``); its runtime attributes
/// name it, as a view's do.
enum UIKitCustomObjectRule {
    static func handles(_ element: SourceElement) -> Bool { element.name == "customObject" }

    static func object(_ element: SourceElement, context: UIKitContext, resources: UIKitResources?)
        throws(CompileError) -> ArchivedObject
    {
        let known: Set = ["id", "customClass", "customModule", "customModuleProvider", "userLabel", "sceneMemberID"]
        for name in element.attributes.keys.sorted() where !known.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "custom object attribute \(name) is not modelled; left out")
        }
        let object = ArchivedObject("UICustomObject")
        for child in element.children {
            switch child.name {
            case "connections": break
            case "userDefinedRuntimeAttributes":
                try RuntimeAttributeRule.schedule(child, object: object, context: context, resources: resources)
            default:
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside a custom object is not modelled; left out")
            }
        }
        let swapped = try ClassSwapRule.wrap(object, element: element, context: context)
        if swapped.className != "UIClassSwapper" {
            swapped.set("UIClassName", .string("NSObject"))
            swapped.set("UIOriginalClassName", .string("UICustomObject"))
            swapped.swapClass("UIClassSwapper")
        }
        context.track(swapped, id: element["id"])
        return swapped
    }
}
