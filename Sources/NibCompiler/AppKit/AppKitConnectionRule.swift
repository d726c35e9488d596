/// AppKit `<connections>`: `<outlet>` → `NSNibOutletConnector`, `<action>` →
/// `NSNibControlConnector`, `<binding>` → `NSNibBindingConnector` (source: the element holding
/// the connection).
enum AppKitConnectionRule {
    /// The attributes the rule reads on `<outlet>` and `<action>`; any other is refused.
    static let knownAttributes: [String: Set<String>] = [
        "outlet": ["property", "destination", "id"], "action": ["selector", "target", "id"],
    ]

    static func schedule(_ connections: SourceElement, source: ArchivedObject, context: AppKitContext) {
        for connection in connections.children {
            context.deferred.append { () throws in
                if let known = knownAttributes[connection.name] {
                    for name in connection.attributes.keys where !known.contains(name) {
                        try context.unmodelled(
                            .unsupportedAttribute, connection, "\(connection.name) attribute \(name) is not modelled")
                    }
                }
                switch connection.name {
                case "outlet":
                    guard let property = connection["property"], let destinationID = connection["destination"] else {
                        throw context.error(.invalidSource, connection, "the outlet needs a property and a destination")
                    }
                    context.connections.append(
                        outlet(
                            property, source: source, destination: try destination(destinationID, connection, context)))
                case "action":
                    guard let selector = connection["selector"], let targetID = connection["target"] else {
                        throw context.error(.invalidSource, connection, "the action needs a selector and a target")
                    }
                    let record = ArchivedObject("NSNibControlConnector")
                    record.set("NSSource", source)
                    // An action sent to First Responder has no destination: AppKit sends it
                    // along the responder chain (First Responder itself is not archived).
                    if !context.firstResponderIDs.contains(targetID) {
                        record.set("NSDestination", try destination(targetID, connection, context))
                    }
                    record.set("NSLabel", .string(selector))
                    context.connections.append(record)
                case "binding":
                    context.connections.append(try binding(connection, source: source, context: context))
                default:
                    try context.unmodelled(
                        .unsupportedElement, connection,
                        "<\(connection.name)> connections (AppKit) are not modelled")
                }
            }
        }
    }

    /// Schedules the `<connections>` of every element in `elements` whose id names an archived
    /// object; connections from any other element are left out with a warning.
    static func scheduleAll(in elements: [SourceElement], context: AppKitContext) throws(CompileError) {
        for element in elements {
            guard let connections = element.child("connections"), let id = element["id"] else { continue }
            guard let source = context.objectsByID[id] else {
                // The element was left out or archived without its parts (a rule it has none for).
                try context.unmodelled(
                    .unsupportedElement, connections,
                    "connections from <\(element.name)> are left out: the element is not archived")
                continue
            }
            schedule(connections, source: source, context: context)
        }
    }

    /// A `<binding>` → `NSNibBindingConnector` {`NSSource`, `NSDestination`, `NSLabel`
    /// "name: keyPath", `NSBinding`, `NSKeyPath`, `NSOptions`, `NSNibBindingConnectorVersion` 2}
    /// (PreferencesController: four bindings to an `SUUpdater`, from buttons, a button cell and
    /// a pop-up; AVRFuses: 31 bindings from text fields, buttons, a combo box, pop-ups and table
    /// columns). `NSOptions` is written only for a `<dictionary key="options">` and holds exactly
    /// its entries, as ``options(_:context:)`` reads them.
    static func binding(_ connection: SourceElement, source: ArchivedObject, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        let known = ["destination", "name", "keyPath", "id", "previousBinding"]
        for name in connection.attributes.keys where !known.contains(name) {
            try context.unmodelled(
                .unsupportedAttribute, connection, "attribute \(name) on a binding is not modelled")
        }
        var options: ArchivedObject?
        for child in connection.children {
            guard child.name == "dictionary", child["key"] == "options", options == nil else {
                throw context.error(.unsupportedElement, child, "<\(child.name)> inside a binding is not modelled")
            }
            options = try self.options(child, context: context)
        }
        guard let destinationID = connection["destination"], let name = connection["name"],
            let keyPath = connection["keyPath"]
        else {
            throw context.error(.invalidSource, connection, "the binding needs a destination, a name and a key path")
        }
        let record = ArchivedObject("NSNibBindingConnector")
        record.set("NSSource", source)
        record.set("NSDestination", try destination(destinationID, connection, context))
        record.set("NSLabel", .string("\(name): \(keyPath)"))
        record.set("NSBinding", .string(name))
        record.set("NSKeyPath", .string(keyPath))
        if let options { record.set("NSOptions", options) }
        record.set("NSNibBindingConnectorVersion", int: 2)
        // `previousBinding` names the binding of the same object this one follows (a progress
        // indicator's `value` after its `maxValue`): `NSPreviousConnector` is that connector
        // (Sparkle's SUStatus, both pairs). It may come later in the document (Tunnelblick's
        // pop-ups: contentValues before the contentObjects it follows), so it is linked once
        // every binding exists.
        if let previousID = connection["previousBinding"] {
            context.finishing.append { [unowned context] in
                if let previous = context.bindingConnectors[previousID] {
                    record.insert("NSPreviousConnector", .object(previous), after: "NSKeyPath")
                } else {
                    // An invalid-source problem is always recoverable: recorded, never thrown.
                    try? context.unmodelled(
                        .invalidSource, connection,
                        "previousBinding \"\(previousID)\" names no binding; NSPreviousConnector is left out")
                }
            }
        }
        if let id = connection["id"] { context.bindingConnectors[id] = record }
        return record
    }

    /// A binding's `<dictionary key="options">` → an `NSDictionary` holding exactly the source's
    /// entries, nothing added (all six option dictionaries of AVRFuses, in both pairs):
    /// `<bool key value>` → an `NSNumber` boolean, `<string key>` → its text as an `NSString`
    /// (the empty placeholders), `<integer key value>` → an `NSNumber` integer (the −1
    /// placeholders of a check box's `value` binding). Other value types are refused.
    static func options(_ dictionary: SourceElement, context: AppKitContext) throws(CompileError) -> ArchivedObject {
        for name in dictionary.attributes.keys where name != "key" {
            try context.unmodelled(
                .unsupportedAttribute, dictionary, "attribute \(name) on binding options is not modelled")
        }
        var pairs: [(ArchivedObject, ArchivedObject)] = []
        var keys: Set<String> = []
        for entry in dictionary.children {
            guard let key = entry["key"], keys.insert(key).inserted else {
                throw context.error(.invalidSource, entry, "each binding option needs a key of its own")
            }
            let value: ArchivedObject
            switch entry.name {
            case "bool" where Set(entry.attributes.keys) == ["key", "value"] && entry.children.isEmpty:
                value = .number(bool: try CellRule.boolean(entry, "value", default: false, context))
            case "integer" where Set(entry.attributes.keys) == ["key", "value"] && entry.children.isEmpty:
                guard let text = entry["value"], let number = Int(text) else {
                    throw context.error(.invalidSource, entry, "an integer binding option needs an integer value")
                }
                value = .number(number)
            case "string" where entry.attributes.keys.allSatisfy({ $0 == "key" }) && entry.children.isEmpty:
                value = .string(entry.text)
            default:
                throw context.error(
                    .unsupportedElement, entry, "<\(entry.name)> binding options are not modelled")
            }
            pairs.append((.string(key), value))
        }
        return .dictionary("NSDictionary", pairs)
    }

    /// An `NSNibOutletConnector` setting `label` on `source` to `destination`.
    static func outlet(_ label: String, source: ArchivedObject, destination: ArchivedObject) -> ArchivedObject {
        let record = ArchivedObject("NSNibOutletConnector")
        record.set("NSSource", source)
        record.set("NSDestination", destination)
        record.set("NSLabel", .string(label))
        record.set("NSChildControllerCreationSelectorName", .null)
        return record
    }

    private static func destination(_ id: String, _ connection: SourceElement, _ context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        guard let object = context.objectsByID[id] else {
            throw context.error(.unsupportedAttribute, connection, "connections to id \"\(id)\" are not modelled")
        }
        return object
    }
}
