/// The runtime name ibtool writes for a custom class: plain for Objective-C classes, mangled
/// `_TtC<len><module><len><class>` for Swift classes in a module.
enum SwiftClassName {
    /// The module of `element`'s custom class: `--module` for `customModuleProvider="target"`
    /// (it wins over a saved `customModule`), else `customModule`, else none.
    static func module(of element: SourceElement, target: String?) -> (module: String?, needsTarget: Bool) {
        if element["customModuleProvider"] == "target" {
            if let target { return (target, false) }
            return (element["customModule"], element["customModule"] == nil)
        }
        return (element["customModule"], false)
    }

    /// `_TtC15Millas_a_metros14ViewController`.
    static func mangled(_ className: String, module: String) -> String {
        "_TtC\(module.utf8.count)\(module)\(className.utf8.count)\(className)"
    }
}
