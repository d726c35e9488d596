/// A top-level `<arrayController>` → `NSArrayController` (NSObjectController's keys, then its
/// own), as the corpus's six array controllers archive them: Sparkle's SUUpdatePermissionPrompt
/// (the pair's NIBArchive and three keyed copies), Skype's MessagingPreferencesView, restel's
/// DictionaryWindow and QuickDMG's MDMGWindow.
///
/// | Source | Archived |
/// |---|---|
/// | `editable` (default YES) | `NSEditable` true, absent when NO (Sparkle's `editable="NO"` has none, Skype's has it) |
/// | `objectClassName` | `NSObjectClassName` (absent without the attribute: Sparkle, restel) |
/// | `<declaredKeys>` | `NSDeclaredKeys`, an `NSMutableArray` of the strings |
/// | — | `_NSManagedProxy`, an empty `_NSManagedProxy` (all six) |
/// | `avoidsEmptySelection`, `preservesSelection`, `selectsInsertedObjects`, `clearsFilterPredicateOnInsertion` (default YES) | `NSAvoidsEmptySelection`, `NSPreservesSelection`, `NSSelectsInsertedObjects`, `NSClearsFilterPredicateOnInsertion` true, absent when NO (Sparkle's four NOs leave only the last) |
/// | — | `NSFilterRestrictsInsertion` true (all six) |
///
/// Other attributes (`automaticallyRearrangesObjects`, `automaticallyPreparesContent`, Core
/// Data's entity and mode, …) are left out with a warning: no nib shows them. The controller's
/// bindings and outlets are connections like any object's.
enum AppKitArrayControllerRule {
    /// The attributes whose default is YES, and the key each archives when it is.
    static let flags: [(attribute: String, key: String)] = [
        ("avoidsEmptySelection", "NSAvoidsEmptySelection"), ("preservesSelection", "NSPreservesSelection"),
        ("selectsInsertedObjects", "NSSelectsInsertedObjects"),
    ]

    /// The archived controller for `element`, tracked with `owner` as its parent.
    @discardableResult
    static func controller(_ element: SourceElement, owner: ArchivedObject, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        let known: Set<String> = [
            "id", "userLabel", "customClass", "customModule", "customModuleProvider", "editable", "objectClassName",
            "avoidsEmptySelection", "preservesSelection", "selectsInsertedObjects", "clearsFilterPredicateOnInsertion",
        ]
        for name in element.attributes.keys.sorted() where !known.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on an array controller is not modelled; left out")
        }
        var declaredKeys: [ArchivedObject] = []
        for child in element.children where child.name != "connections" {
            guard child.name == "declaredKeys" else {
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> inside an array controller is not modelled; left out")
                continue
            }
            for key in child.children {
                guard key.name == "string" else {
                    try context.unmodelled(
                        .unsupportedElement, key, "<\(key.name)> among declared keys is not modelled; left out")
                    continue
                }
                declaredKeys.append(.string(key.text))
            }
        }
        let controller = try ControlRule.swapped(ArchivedObject("NSArrayController"), for: element, context: context)
        context.track(controller, id: element["id"], parent: owner)
        if try CellRule.boolean(element, "editable", default: true, context) {
            controller.set("NSEditable", .bool(true))
        }
        if let className = element["objectClassName"] { controller.set("NSObjectClassName", .string(className)) }
        if element.child("declaredKeys") != nil {
            controller.set("NSDeclaredKeys", .collection("NSMutableArray", declaredKeys))
        }
        controller.set("_NSManagedProxy", ArchivedObject("_NSManagedProxy"))
        for (attribute, key) in flags where try CellRule.boolean(element, attribute, default: true, context) {
            controller.set(key, .bool(true))
        }
        controller.set("NSFilterRestrictsInsertion", .bool(true))
        if try CellRule.boolean(element, "clearsFilterPredicateOnInsertion", default: true, context) {
            controller.set("NSClearsFilterPredicateOnInsertion", .bool(true))
        }
        return controller
    }
}
