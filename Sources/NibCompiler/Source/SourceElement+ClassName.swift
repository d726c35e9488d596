extension SourceElement {
    /// The UIKit or AppKit class the element stands for (`<label>` → `UILabel`,
    /// `<buttonCell>` → `NSButtonCell`), by its document's runtime; its `customClass` aside.
    public var elementClassName: String {
        documentElement["targetRuntime"]?.contains("CocoaTouch") ?? false
            ? ClassHierarchy.uiKitClass(forElement: name) : ClassHierarchy.appKitClass(forElement: name)
    }
}
