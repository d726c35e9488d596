import Foundation

/// A view's or menu item's tool tip (`toolTip="…"`, or a `<string key="toolTip">` child, plain
/// or `base64-UTF8="YES"`) → an `NSIBHelpConnector` in `NSConnections`: `NSDestination` the view
/// or item, `NSFile` "NSToolTipHelpKey", `NSMarker` the text (`tooltip_attr`, `tooltip_child`;
/// menu items: HotReloading's MainMenu, 26 of its 28 tool tips). In a `Base.lproj` document the
/// text is an `NSLocalizableString` keyed `<id>.ibShadowedToolTip` (every tool tip of the
/// corpus's two `Base.lproj` nibs that have them, HotReloading's MainMenu and Skype's
/// LocationMessageMapView: menu items, buttons and text fields), as titles are.
///
/// A `base64-UTF8="YES"` tool tip string is checked but archives nothing: Apple's nib for
/// `tooltip_base64` (a button with the base64 tool tip "(Return)") has no help connector.
enum AppKitToolTipRule {
    /// The tool tip text of a `<string key="toolTip">` element.
    static func text(of string: SourceElement, context: AppKitContext) throws(CompileError) -> String {
        for name in string.attributes.keys where name != "key" && name != "base64-UTF8" {
            try context.unmodelled(
                .unsupportedAttribute, string, "attribute \(name) on a tool tip string is not modelled")
        }
        guard string.flag("base64-UTF8") else { return string.text }
        let encoded = string.text.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: encoded), let text = String(data: data, encoding: .utf8) else {
            throw context.error(.invalidSource, string, "the tool tip is not valid base64-encoded UTF-8")
        }
        return text
    }

    /// Appends the help connector for `text`, the tool tip of `element`, on `view` (its archived
    /// object) to the context's connections.
    static func connect(_ text: String, view: ArchivedObject, of element: SourceElement, context: AppKitContext) {
        let connector = ArchivedObject("NSIBHelpConnector")
        connector.set("NSDestination", view)
        connector.set("NSFile", .string("NSToolTipHelpKey"))
        connector.set("NSMarker", context.localizable(text, property: "ibShadowedToolTip", of: element))
        context.connections.append(connector)
    }
}
