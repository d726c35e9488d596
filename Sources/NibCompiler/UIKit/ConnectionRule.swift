import NibArchive

/// `<connections>`: `<outlet>` → `UIRuntimeOutletConnection`, `<action>` →
/// `UIRuntimeEventConnection` with the control-event mask, `<outletCollection>` →
/// `UIRuntimeOutletCollectionConnection`.
enum ConnectionRule {
    /// The attributes the rule reads on `<action>` and `<outlet>`; any other is refused.
    static let actionAttributes: Set<String> = ["selector", "destination", "eventType", "id"]
    static let outletAttributes: Set<String> = ["property", "destination", "id"]
    static let collectionAttributes: Set<String> = ["property", "destination", "id", "collectionClass", "appends"]

    static let eventMasks: [String: Int] = [
        "touchDown": 1, "touchDownRepeat": 2, "touchDragInside": 4, "touchDragOutside": 8, "touchDragEnter": 16,
        "touchDragExit": 32, "touchUpInside": 64, "touchUpOutside": 128, "touchCancel": 256, "valueChanged": 4096,
        "primaryActionTriggered": 8192, "editingDidBegin": 65536, "editingChanged": 131072, "editingDidEnd": 262144,
        "editingDidEndOnExit": 524288,
    ]

    /// Defers the connections of `owner` (the element holding `<connections>`) whose source
    /// is `sourceID`; destinations that `accept` rejects are skipped (they belong to another nib),
    /// and so are segues when `includesSegues` is false (a controller's own segues are templates
    /// in its scene nib, triggered from code).
    static func schedule(
        _ connections: SourceElement, sourceID: String, context: UIKitContext,
        accept: @escaping (String) -> Bool = { _ in true }, includesSegues: Bool = true
    ) {
        for connection in connections.children where includesSegues || connection.name != "segue" {
            context.deferred.append { () throws in
                if connection.name == "segue" {
                    try scheduleSegue(connection, sourceID: sourceID, context: context)
                    return
                }
                guard let destinationID = connection["destination"] else {
                    throw context.error(.invalidSource, connection, "the connection has no destination")
                }
                guard accept(destinationID) else { return }
                let known =
                    connection.name == "action"
                    ? actionAttributes : connection.name == "outletCollection" ? collectionAttributes : outletAttributes
                for name in connection.attributes.keys where !known.contains(name) {
                    try context.unmodelled(
                        .unsupportedAttribute, connection, "\(connection.name) attribute \(name) is not modelled")
                }
                let source = try context.object(sourceID, from: connection)
                let destination = try context.object(destinationID, from: connection)
                switch connection.name {
                case "outlet":
                    guard let property = connection["property"] else {
                        throw context.error(.invalidSource, connection, "the outlet has no property")
                    }
                    context.addOutlet(property, source: source, destination: destination)
                case "action":
                    guard let selector = connection["selector"] else {
                        throw context.error(.invalidSource, connection, "the action has no selector")
                    }
                    let record = ArchivedObject("UIRuntimeEventConnection")
                    record.set("UILabel", .string(selector))
                    record.set("UISource", source)
                    record.set("UIDestination", destination)
                    if let event = connection["eventType"] {
                        guard let mask = eventMasks[event] else {
                            throw context.error(.unsupportedAttribute, connection, "event type \"\(event)\" is unknown")
                        }
                        record.set("UIEventMask", int: mask)
                    }
                    context.connections.append(record)
                case "outletCollection":
                    guard let property = connection["property"] else {
                        throw context.error(.invalidSource, connection, "the outlet collection has no property")
                    }
                    addToCollection(
                        property, of: connection, source: source, destination: destination, context: context)
                default:
                    try context.unmodelled(
                        .unsupportedElement, connection, "<\(connection.name)> connections are not modelled")
                }
            }
        }
    }

    /// One `<outletCollection>` element: the first of a source's property makes the
    /// `UIRuntimeOutletCollectionConnection` {`UILabel`, `UISource`, `UIDestination` (an
    /// `NSMutableArray`), `runtimeCollectionClassName` (`collectionClass`, else "NSArray"),
    /// `addsContentToExistingCollection` (`appends`, written when false too)}; the others
    /// append their destination to its array, in document order. Seen in the duckduckgo pairs
    /// (Xcode 13.2): OmniBar's `trackerIcons` (three elements, one connection, NSMutableArray)
    /// and its views' `gestureRecognizers` (`appends="YES"`, NSArray).
    private static func addToCollection(
        _ property: String, of element: SourceElement, source: ArchivedObject, destination: ArchivedObject,
        context: UIKitContext
    ) {
        let key = ObjectIdentifier(source)
        if let array = context.outletCollections[key]?[property] {
            array.set(NibArchive.Builder.emptyKey, destination)
            return
        }
        let array = ArchivedObject.collection("NSMutableArray", [destination])
        context.outletCollections[key, default: [:]][property] = array
        let record = ArchivedObject("UIRuntimeOutletCollectionConnection")
        record.set("UILabel", .string(property))
        record.set("UISource", source)
        record.set("UIDestination", array)
        record.set("runtimeCollectionClassName", .string(element["collectionClass"] ?? "NSArray"))
        record.set("addsContentToExistingCollection", .bool(element.flag("appends")))
        context.connections.append(record)
    }

    /// A button's segue: the button sends `perform:` on touch-up-inside to the object standing
    /// for the segue template (a bar button item sends it as its action); a cell's segue is its
    /// `selectionSegueTemplate` outlet to it.
    private static func scheduleSegue(_ segue: SourceElement, sourceID: String, context: UIKitContext)
        throws(CompileError)
    {
        // A scene's own bar button item (a navigation or toolbar item) lives in the scene nib
        // with the template: `perform:` straight to it, without an event mask (Umarovm
        // Whats-Cooking's Home and MainTabBarController: four items → show templates). A segue
        // whose template was left out (its destination has no nib) was reported then.
        if segue.parent?.parent?.name == "barButtonItem", let templates = context.sceneSegueTemplates {
            guard let id = segue["id"], let template = templates[id] else { return }
            let record = ArchivedObject("UIRuntimeEventConnection")
            record.set("UILabel", .string("perform:"))
            record.set("UISource", try context.object(sourceID, from: segue))
            record.set("UIDestination", template)
            context.connections.append(record)
            return
        }
        guard let trigger = context.segueTrigger else {
            throw context.error(.unsupportedElement, segue, "segues are supported in storyboard scenes only")
        }
        // A static cell's segue: the cell's selectionSegueTemplate outlet names the template's
        // placeholder (duckduckgo Debug, Settings, PrivacyProtection: 13 cells, Xcode 13.2).
        // No document or nib of the corpus shows another trigger (accessoryAction).
        if segue.parent?.parent?.name == "tableViewCell" {
            if let trigger = segue["trigger"] {
                throw context.error(
                    .unsupportedAttribute, segue, "segues triggered by \"\(trigger)\" from a cell are not modelled")
            }
            context.addOutlet(
                "selectionSegueTemplate", source: try context.object(sourceID, from: segue), destination: trigger(segue)
            )
            return
        }
        // A container view's embed segue: the template's placeholder has the container as its
        // containerView outlet (duckduckgo Home, Main, DaxOnboarding, Bookmarks: 9 containers).
        if segue.parent?.parent?.name == "containerView" {
            context.addOutlet(
                "containerView", source: trigger(segue), destination: try context.object(sourceID, from: segue))
            return
        }
        // A bar button item's segue: `perform:` without an event mask, as its actions are
        // (duckduckgo Main, Xcode 13.2: the toolbar's Tab Switcher item → ShowTabs).
        if segue.parent?.parent?.name == "barButtonItem" {
            let record = ArchivedObject("UIRuntimeEventConnection")
            record.set("UILabel", .string("perform:"))
            record.set("UISource", try context.object(sourceID, from: segue))
            record.set("UIDestination", trigger(segue))
            context.connections.append(record)
            return
        }
        guard segue.parent?.parent?.name == "button" else {
            throw context.error(
                .unsupportedElement, segue, "segues from a <\(segue.parent?.parent?.name ?? "?")> are not modelled"
            )
        }
        let record = ArchivedObject("UIRuntimeEventConnection")
        record.set("UILabel", .string("perform:"))
        record.set("UISource", try context.object(sourceID, from: segue))
        record.set("UIDestination", trigger(segue))
        record.set("UIEventMask", int: eventMasks["touchUpInside"] ?? 64)
        context.connections.append(record)
    }
}
