import NibArchive

extension Nib {
    /// Loads the nib's objects as UIKit's `instantiateWithOwner:options:` does and returns the
    /// top-level objects, placeholders removed.
    ///
    /// - Parameters:
    ///   - owner: File's Owner; every reference to the `IBFilesOwner` proxy becomes this object.
    ///     `nil` uses a throw-away ``NibObject``.
    ///   - externalObjects: the objects for the nib's other proxies, by identifier
    ///     (`UINibExternalObjects`); see ``externalObjectIdentifiers``.
    ///   - options: the class registry, limits, strings table and missing-object policy.
    /// - Throws: ``NibCodingError``, for example ``NibCodingError/Code/missingExternalObject``
    ///   naming an identifier nobody supplied.
    public func instantiate(
        owner: AnyObject? = nil, externalObjects: [String: AnyObject] = [:],
        options: NibLoadingOptions = NibLoadingOptions()
    ) throws -> [AnyObject] {
        try instantiation(owner: owner, externalObjects: externalObjects, options: options).topLevelObjects
    }

    /// Loads the nib like ``instantiate(owner:externalObjects:options:)`` and returns everything
    /// the load produced: outlets, actions, visible windows and diagnostics too.
    ///
    /// The steps, in UIKit's order: map proxies (owner, first responder, external objects);
    /// decode the connections first, then top-level objects, visible windows, all objects,
    /// accessibility configurations, runtime attributes and trait-storage lists; apply
    /// accessibility configurations and runtime attributes; connect outlets, outlet collections
    /// and actions; drop placeholders from the top-level objects; call `awakeFromNib` on every
    /// object in `UINibObjectsKey` order.
    public func instantiation(
        owner: AnyObject? = nil, externalObjects: [String: AnyObject] = [:],
        options: NibLoadingOptions = NibLoadingOptions()
    ) throws -> NibInstantiation {
        let session = DecodingSession(archive: archive, registry: options.registry, limits: options.limits)
        session.stringsTable = options.stringsTable
        let ownerObject: AnyObject = owner ?? NibObject()
        let mapping = DecodingSession.ProxyMapping(
            owner: ownerObject, firstResponder: NibFirstResponder(), externalObjects: externalObjects,
            keepsMissingPlaceholders: options.keepsMissingExternalObjects)
        session.proxyMapping = mapping
        // Usually a handful of objects: compared by identity in a list, cheaper than hashing
        // every object; a caller's long list of external objects gets a set.
        let placeholders = mapping.placeholders
        let placeholderSet = placeholders.count > 16 ? Set(placeholders) : nil
        func isPlaceholder(_ object: ObjectIdentifier) -> Bool {
            if let placeholderSet { return placeholderSet.contains(object) }
            return placeholders.contains(object)
        }
        guard !archive.objects.isEmpty else {
            throw NibCodingError(code: .invalidRoot, message: "the archive has no objects, so no root object")
        }
        let root = NibCoder(session: session, index: 0, object: archive.objects[0])
        var result = NibInstantiation(
            topLevelObjects: [], owner: ownerObject, objects: [], outlets: [], actions: [], bindings: [],
            visibleWindows: [], accessibilityConfigurations: [], traitStorageLists: [], diagnostics: [])

        if !root.containsValue(forKey: "UINibTopLevelObjectsKey") {
            if root.containsValue(forKey: "IB.objectdata") {
                // A macOS nib: NSIBObjectData's placeholders, connectors and object table.
                if let data = try root.decodeObject(forKey: "IB.objectdata") as? NibObject {
                    try Self.instantiateAppKit(
                        data, externalObjects: externalObjects, keepsMissing: options.keepsMissingExternalObjects,
                        session, &result)
                } else {
                    result.diagnostics.append("IB.objectdata is not an object")
                }
            } else if let object = try root.decodeObject(forKey: "object") {
                // A generic archive (`archivedDataWithRootObject:`).
                result.topLevelObjects.append(object)
            }
            result.diagnostics += session.diagnostics
            return result
        }

        func list(_ key: String) throws -> [AnyObject] { try root.decodeArray(forKey: key) ?? [] }
        let connections = try list("UINibConnectionsKey")
        var topLevel = try list("UINibTopLevelObjectsKey")
        result.visibleWindows = try list("UINibVisibleWindowsKey")
        var all = try list("UINibObjectsKey")
        result.accessibilityConfigurations = try list("UINibAccessibilityConfigurationsKey")
        let keyValuePairs = try list("UINibKeyValuePairsKey")
        result.traitStorageLists = try list("UINibTraitStorageListsKey")

        for configuration in result.accessibilityConfigurations {
            try applyAccessibility(configuration, session, &result)
        }
        for pair in keyValuePairs {
            guard let pair = pair as? NibKeyValuePair, let keyPath = pair.keyPath else {
                result.diagnostics.append("runtime attribute record \(Self.name(pair)) has no key path")
                continue
            }
            let applied = try Self.apply(pair.value, forKeyPath: keyPath, to: pair.target, session, &result)
            if !applied {
                result.diagnostics.append(
                    "runtime attribute \"\(keyPath)\" was not applied to \(Self.name(pair.target))")
            }
        }
        result.outlets.reserveCapacity(connections.count)
        for connection in connections { connect(connection, &result) }

        // In place: a filtered copy retained every object again. Objects are compared by
        // identity read through the buffer (reading an element as an object retained it).
        func dropPlaceholders(_ objects: inout [AnyObject]) {
            let kept = objects.withUnsafeMutableBufferPointer { buffer in
                var kept = 0
                for index in buffer.indices where !isPlaceholder(ObjectIdentifier(buffer[index])) {
                    if kept != index { buffer.swapAt(kept, index) }
                    kept += 1
                }
                return kept
            }
            objects.removeSubrange(kept...)
        }
        dropPlaceholders(&topLevel)
        result.topLevelObjects = topLevel
        dropPlaceholders(&all)
        result.objects = all
        Self.awake(all)
        result.diagnostics += session.diagnostics
        return result
    }

    /// Loads a macOS nib's `NSIBObjectData` as AppKit's nib loading does: File's Owner
    /// (`NSRoot`) becomes `result.owner`, the First Responder placeholder a `nil` target, the
    /// Application placeholder `externalObjects["NSApplication"]` (kept when none is given), an
    /// `NSNibExternalObjectPlaceholder` the external object of its identifier; then the
    /// connectors in order (outlets, actions, bindings recorded, user-defined runtime
    /// attributes); the top-level objects are those whose parent is File's Owner (the
    /// application among them, as in AppKit), and every object of the object table but the
    /// placeholders gets `awakeFromNib`.
    private static func instantiateAppKit(
        _ data: NibObject, externalObjects: [String: AnyObject], keepsMissing: Bool, _ session: DecodingSession,
        _ result: inout NibInstantiation
    ) throws {
        let ownerPlaceholder = data.object(forKey: "NSRoot")
        var substitutes: [ObjectIdentifier: AnyObject?] = [:]
        if let ownerPlaceholder { substitutes[ObjectIdentifier(ownerPlaceholder)] = result.owner }
        let keys = data.array(forKey: "NSObjectsKeys") ?? []
        let parents = data.array(forKey: "NSObjectsValues") ?? []
        var candidates = keys
        for connector in data.array(forKey: "NSConnections") ?? [] {
            guard let connector = connector as? NibObject else { continue }
            for key in ["NSSource", "NSDestination", "NSObject"] {
                if let object = connector.object(forKey: key) { candidates.append(object) }
            }
        }
        var applicationPlaceholder: NibObject?
        // The placeholders among the objects, found by class.
        for case let object as NibObject in candidates where substitutes[ObjectIdentifier(object)] == nil {
            switch object.className {
            case "NSCustomObject":
                switch object.string(forKey: "NSClassName") {
                case "FirstResponder":
                    substitutes[ObjectIdentifier(object)] = .some(nil)
                case "NSApplication":
                    applicationPlaceholder = object
                    if let application = externalObjects["NSApplication"] {
                        substitutes[ObjectIdentifier(object)] = application
                    } else {
                        substitutes[ObjectIdentifier(object)] = object
                        result.diagnostics.append(
                            "no object was supplied for the Application placeholder (external object \"NSApplication\"); it stays a placeholder"
                        )
                    }
                default: break
                }
            case "NSNibExternalObjectPlaceholder":
                let identifier = object.string(forKey: "NSExternalObjectPlaceholderIdentifier") ?? ""
                if let external = externalObjects[identifier] {
                    substitutes[ObjectIdentifier(object)] = external
                } else if keepsMissing {
                    substitutes[ObjectIdentifier(object)] = object
                    result.diagnostics.append(
                        "no external object was supplied for \"\(identifier)\"; its placeholder stays")
                } else {
                    throw NibCodingError(
                        code: .missingExternalObject,
                        message: "the nib needs the external object \"\(identifier)\", but none was supplied",
                        objectIndex: object.archiveIndex)
                }
            default: break
            }
        }
        /// The object a reference stands for: `.some(nil)` for First Responder.
        func resolve(_ object: AnyObject?) -> AnyObject? {
            guard let object else { return nil }
            if let substitute = substitutes[ObjectIdentifier(object)] { return substitute }
            return object
        }
        func isPlaceholder(_ object: AnyObject) -> Bool { substitutes[ObjectIdentifier(object)] != nil }

        var skipped: [String: Int] = [:]
        for case let connector as NibObject in data.array(forKey: "NSConnections") ?? [] {
            let label = connector.string(forKey: "NSLabel")
            switch connector.className {
            case "NSNibOutletConnector", "NSIBOutletConnector", "NSNibConnector":
                guard let label, let source = resolve(connector.object(forKey: "NSSource")) else {
                    result.diagnostics.append("connector \(connector.className) lacks a label or source")
                    continue
                }
                guard let destination = resolve(connector.object(forKey: "NSDestination")) else {
                    result.diagnostics.append("outlet \"\(label)\" has no destination")
                    continue
                }
                let set =
                    (source as? NibObject)?.setOutlet(label, to: destination)
                    ?? (source as? any NibOutletSettable)?.setOutlet(label, to: destination) ?? false
                if set {
                    result.outlets.append(NibOutlet(source: source, name: label, destination: destination))
                } else {
                    result.diagnostics.append("outlet \"\(label)\" was not set on \(name(source))")
                }
            case "NSNibControlConnector", "NSIBControlConnector", "NSNibAuxiliaryActionConnector":
                guard let label, let source = resolve(connector.object(forKey: "NSSource")) else {
                    result.diagnostics.append("connector \(connector.className) lacks a label or source")
                    continue
                }
                // No destination, or the First Responder placeholder: sent along the responder chain.
                let target = resolve(connector.object(forKey: "NSDestination"))
                let action = NibAction(
                    source: source, target: target, action: label, events: NibControlEvents(rawValue: 0))
                result.actions.append(action)
                if let object = source as? NibObject {
                    object.addAction(action)
                } else if let control = source as? any NibActionSource {
                    control.addAction(action)
                } else {
                    result.diagnostics.append("action \"\(label)\" has a source that is not a control: \(name(source))")
                }
            case "NSNibBindingConnector":
                guard let source = resolve(connector.object(forKey: "NSSource")),
                    let binding = connector.string(forKey: "NSBinding") ?? label
                else {
                    result.diagnostics.append("binding connector lacks a binding or source")
                    continue
                }
                result.bindings.append(
                    NibBinding(
                        source: source, binding: binding,
                        destination: resolve(connector.object(forKey: "NSDestination")),
                        keyPath: connector.string(forKey: "NSKeyPath") ?? ""))
            case "NSIBUserDefinedRuntimeAttributesConnector":
                let target = resolve(connector.object(forKey: "NSObject"))
                let keyPaths = connector.array(forKey: "NSKeyPaths") ?? []
                let values = connector.array(forKey: "NSValues") ?? []
                for (keyPath, value) in zip(keyPaths, values) {
                    guard let keyPath = (keyPath as? NibString)?.string else { continue }
                    // As for UIKit: a value that leads back to its target is held weakly.
                    if try !apply(resolve(value), forKeyPath: keyPath, to: target, session, &result) {
                        result.diagnostics.append("runtime attribute \"\(keyPath)\" was not applied to \(name(target))")
                    }
                }
            default:
                skipped[connector.className, default: 0] += 1
            }
        }
        for (className, count) in skipped.sorted(by: { $0.key < $1.key }) {
            result.diagnostics.append("\(count) \(className) record\(count == 1 ? "" : "s") not applied")
        }
        // As AppKit's topLevelObjects: the application (NSApp) is among them, the other
        // placeholders are not.
        for (object, parent) in zip(keys, parents) where parent === ownerPlaceholder && object !== ownerPlaceholder {
            if let application = applicationPlaceholder, object === application {
                if let substitute = resolve(object) { result.topLevelObjects.append(substitute) }
            } else if !isPlaceholder(object) {
                result.topLevelObjects.append(object)
            }
        }
        result.visibleWindows = (data.array(forKey: "NSVisibleWindows") ?? []).filter { !isPlaceholder($0) }
        result.objects = keys.filter { !isPlaceholder($0) }
        awake(result.objects)
    }

    /// Calls `awakeFromNib` on each object that adopts ``NibAwakable``, in order.
    ///
    /// A conformance check walks the class hierarchy, so it is asked once per Swift type (as
    /// many as the registry has, whatever the nib says): the answers are kept in a list on the
    /// stack, cheaper than hashing every object's type or growing an array per load; past its
    /// capacity, types are asked again.
    private static func awake(_ objects: [AnyObject]) {
        let capacity = 32
        withUnsafeTemporaryAllocation(of: (type: ObjectIdentifier, adopts: Bool).self, capacity: capacity) { known in
            var knownCount = 0
            // Read through the buffer: iterating the array retained and released every object.
            objects.withUnsafeBufferPointer { objects in
                for index in objects.indices {
                    let type = ObjectIdentifier(Swift.type(of: objects[index]))
                    var adopts: Bool?
                    for position in 0..<knownCount where known[position].type == type {
                        adopts = known[position].adopts
                        break
                    }
                    if adopts == nil {
                        let answer = objects[index] is any NibAwakable
                        if knownCount < capacity {
                            known.initializeElement(at: knownCount, to: (type, answer))
                            knownCount += 1
                        }
                        adopts = answer
                    }
                    if adopts == true { (objects[index] as? any NibAwakable)?.awakeFromNib() }
                }
            }
        }
    }

    static func name(_ object: AnyObject?) -> String {
        guard let object else { return "nil" }
        if let nib = object as? NibObject { return nib.displayClassName }
        return String(describing: type(of: object))
    }

    private static let accessibilityKeys = [
        ("UIAccessibilityIdentifier", "accessibilityIdentifier"), ("UIAccessibilityLabel", "accessibilityLabel"),
        ("UIAccessibilityHint", "accessibilityHint"), ("UIAccessibilityTraits", "accessibilityTraits"),
        ("UIIsAccessibilityElement", "isAccessibilityElement"),
    ]

    private func applyAccessibility(
        _ configuration: AnyObject, _ session: DecodingSession, _ result: inout NibInstantiation
    ) throws {
        guard let configuration = configuration as? NibObject else { return }
        let target = configuration.object(forKey: "UIAccessibileObject")
        for (key, keyPath) in Self.accessibilityKeys where configuration.containsValue(forKey: key) {
            let value = configuration.object(forKey: key)
            if try !Self.apply(value, forKeyPath: keyPath, to: target, session, &result) {
                result.diagnostics.append("\(keyPath) was not applied to \(Self.name(target))")
            }
        }
    }

    /// Sets a runtime attribute or accessibility value, as `setValue:forKeyPath:` does.
    ///
    /// Decoding leaves the strong references of the graph free of cycles; a value that reaches
    /// its target through them (only a hostile nib does that) would close one, so a
    /// ``NibObject`` records it weakly and any other target does not get it.
    private static func apply(
        _ value: AnyObject?, forKeyPath keyPath: String, to target: AnyObject?, _ session: DecodingSession,
        _ result: inout NibInstantiation
    ) throws -> Bool {
        // A model is cast as a class, cheaper than a conformance lookup (same methods).
        guard let settable = (target as? NibObject) ?? (target as? any NibKeyValueSettable) else { return false }
        guard let value, let target, try reaches(target, from: value, session) else {
            return settable.setNibValue(value, forKeyPath: keyPath)
        }
        result.diagnostics.append(
            "the value of \"\(keyPath)\" on \(name(target)) refers back to it; held weakly to avoid a reference cycle")
        guard let object = target as? NibObject else { return false }
        object.recordRuntimeAttribute(keyPath, weakValue: value)
        return true
    }

    /// Whether `target` is `start` or is reachable from it through strong references between
    /// ``NibObject``s; every object visited counts toward ``NibDecodingLimits/maximumWork``.
    private static func reaches(_ target: AnyObject, from start: AnyObject, _ session: DecodingSession) throws -> Bool {
        if start === target { return true }
        guard let start = start as? NibObject else { return false }
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
        var pending = [start]
        var found = false
        while let next = pending.popLast() {
            try session.countWork(1, object: next.archiveIndex ?? 0)
            let finished = next.forEachStrongReference { child in
                if child === target {
                    found = true
                    return false
                }
                if let child = child as? NibObject, visited.insert(ObjectIdentifier(child)).inserted {
                    pending.append(child)
                }
                return true
            }
            if !finished { return found }
        }
        return found
    }

    private func connect(_ connection: AnyObject, _ result: inout NibInstantiation) {
        guard let connection = connection as? NibConnection else {
            result.diagnostics.append("connection \(Self.name(connection)) lacks a label or source")
            return
        }
        // One walk over the archived values by key index instead of three reads by name.
        let label: String?
        let source: AnyObject?
        let destination: AnyObject?
        if case .archived(let archived) = connection.storage, let parts = archived.connectionParts {
            (label, source, destination) = parts
        } else {
            (label, source, destination) = (connection.label, connection.source, connection.destination)
        }
        guard let label, let source else {
            result.diagnostics.append("connection \(Self.name(connection)) lacks a label or source")
            return
        }
        // A `NibObject` source is called directly: the same methods, without a protocol
        // conformance lookup per connection.
        let object = source as? NibObject
        switch connection {
        case let event as NibEventConnection:
            let target = destination is NibFirstResponder ? nil : destination
            let action = NibAction(source: source, target: target, action: label, events: event.events)
            result.actions.append(action)
            if let object {
                object.addAction(action)
            } else if let control = source as? any NibActionSource {
                control.addAction(action)
            } else {
                result.diagnostics.append(
                    "action \"\(label)\" has a source that is not a control: \(Self.name(source))")
            }
        case let collection as NibOutletCollectionConnection:
            guard let destination else {
                result.diagnostics.append("outlet collection \"\(label)\" has no destination")
                return
            }
            let elements = (destination as? NibCollection)?.elements ?? [destination]
            let appending = collection.appendsToExistingCollection
            let set =
                if let object {
                    object.setOutletCollection(label, to: elements, appending: appending)
                } else {
                    (source as? any NibOutletSettable)?.setOutletCollection(label, to: elements, appending: appending)
                        ?? false
                }
            if set {
                result.outlets.append(NibOutlet(source: source, name: label, collection: elements))
            } else {
                result.diagnostics.append("outlet collection \"\(label)\" was not set on \(Self.name(source))")
            }
        default:
            guard let destination else {
                result.diagnostics.append("outlet \"\(label)\" has no destination")
                return
            }
            let set =
                if let object {
                    object.setOutlet(label, to: destination)
                } else {
                    (source as? any NibOutletSettable)?.setOutlet(label, to: destination) ?? false
                }
            if set {
                result.outlets.append(NibOutlet(source: source, name: label, destination: destination))
            } else {
                result.diagnostics.append("outlet \"\(label)\" was not set on \(Self.name(source))")
            }
        }
    }
}
