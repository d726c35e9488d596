/// A top-level `<userDefaultsController>` → `NSUserDefaultsController`.
///
/// | Source | Archived |
/// |---|---|
/// | `representsSharedInstance="YES"` | `NSSharedInstance` true (its only key; PreferencesController) |
/// | `id`, `userLabel` | tracked with File's Owner as parent; the label archives nothing |
///
/// A controller that is not the shared instance (it would archive its defaults and keys) is
/// refused: no pair shows one.
enum AppKitUserDefaultsControllerRule {
    /// The archived controller for `element`, tracked with `owner` as its parent.
    static func controller(_ element: SourceElement, owner: ArchivedObject, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys where !["id", "userLabel", "representsSharedInstance"].contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a user defaults controller is not modelled")
        }
        if let child = element.children.first(where: { $0.name != "connections" }) {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside a user defaults controller is not modelled")
        }
        guard element.flag("representsSharedInstance") else {
            throw context.error(
                .unsupportedAttribute, element,
                "a user defaults controller other than the shared one is not modelled")
        }
        let controller = ArchivedObject("NSUserDefaultsController")
        controller.set("NSSharedInstance", .bool(true))
        context.track(controller, id: element["id"], parent: owner)
        return controller
    }
}
