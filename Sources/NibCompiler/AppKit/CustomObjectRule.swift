/// `<customObject>` → `NSCustomObject` (with an `IBClassReference` when a class is named), or
/// `NSClassSwapper` for objects the document instantiates directly with `-init`.
enum CustomObjectRule {
    static let attributes: Set<String> = ["id", "userLabel", "customClass", "customModule", "customModuleProvider"]

    static func classReference(_ name: String, module: String?) -> ArchivedObject {
        let reference = ArchivedObject("IBClassReference")
        reference.set("IBClassName", .string(name))
        reference.set("IBModuleName", module.map { .object(.string($0)) } ?? .null)
        reference.set("IBModuleProvider", .null)
        return reference
    }

    /// AppKit classes whose nib instances are the shared instance (`+sharedFontManager`), which
    /// ibtool keeps as `NSCustomObject` even when custom objects are instantiated directly
    /// (seen in the `test8_menu` pair).
    static let sharedInstanceClasses: Set<String> = ["NSFontManager"]

    /// File's Owner (`-2`), Application (`-3`) and ordinary custom objects.
    static func object(_ element: SourceElement, ownerClass: String, direct: Bool, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys where !attributes.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a custom object is not modelled")
        }
        let (module, needsTarget) = SwiftClassName.module(of: element, target: context.module)
        if needsTarget {
            try context.unmodelled(
                .unsupportedAttribute, element, "customModuleProvider=\"target\" needs the module name: pass --module")
        }
        if module != nil && !direct {
            try context.unmodelled(
                .unsupportedAttribute, element,
                "custom objects in a module are only supported with direct instantiation yet")
        }
        for child in element.children where child.name != "connections" {
            try context.unmodelled(
                .unsupportedElement, child, "<\(child.name)> inside a custom object is not modelled")
        }
        let custom = element["customClass"]
        switch element["id"] {
        case "-2", "-3":
            let object = ArchivedObject("NSCustomObject")
            if let custom { object.set("IBClassReference", classReference(custom, module: nil)) }
            object.set("NSClassName", .string(element["id"] == "-3" ? "NSApplication" : custom ?? "NSObject"))
            return object
        default:
            let name =
                custom.map { custom in module.map { SwiftClassName.mangled(custom, module: $0) } ?? custom }
                ?? "NSObject"
            // Before Xcode 11 a directly instantiated font manager is swapped in like any other
            // class (eqMac, Xcode 9.2); test8_menu (16) keeps it a custom object. Nothing between
            // shows which Xcode changed; the boundary is put with the other Xcode 10 and earlier
            // facts (``XcodeEra/writesNibArchiveVariantsForOldTargets``).
            let shared = sharedInstanceClasses.contains(name) && context.era >= XcodeEra(11)
            if direct && !shared {
                let object = ArchivedObject("NSClassSwapper")
                object.set("NSClassName", .string(name))
                object.set("NSOriginalClassName", .string("NSObject"))
                object.set("NSInitializeWithInit", .bool(true))
                return object
            }
            let object = ArchivedObject("NSCustomObject")
            if let custom { object.set("IBClassReference", classReference(custom, module: nil)) }
            object.set("NSClassName", .string(name))
            return object
        }
    }
}
