import NibArchive

/// A legacy Interface Builder 3 Cocoa document (``LegacyArchive``) → the `NSIBObjectData` of
/// its nib.
///
/// Interface Builder 3 archived the AppKit objects themselves: an `NSButton` in the document
/// holds the keys `-[NSButton encodeWithCoder:]` writes (`NSvFlags`, `NSFrame`, `NSCell`, …),
/// File's Owner and the other placeholders are `NSCustomObject`s, windows are
/// `NSWindowTemplate`s. So the objects pass into the nib as they are, under the keys and in
/// the order the document gives, for every class (nothing here is per class); what ibtool adds
/// comes from IB's records beside them:
///
/// - `objectRecords` give each object its parent (`NSObjectsKeys` / `NSObjectsValues`); the
///   records' root stands for File's Owner (objectID -2, `NSRoot`). First Responder
///   (objectID -1) is left out, as the current compiler leaves it out of xibs, and actions
///   sent to it have no destination.
/// - `connectionRecords`: `IBOutletConnection` → `NSNibOutletConnector`, `IBActionConnection`
///   → `NSNibControlConnector`, `IBBindingConnection` → the `NSNibBindingConnector` it holds.
/// - `flattenedProperties`: `CustomClassName` (an `NSClassSwapper`, or the class name of a
///   custom object, custom view or window template), `NSWindowTemplate.visibleAtLaunch`
///   (`NSVisibleWindows`; a window without the property is visible, the current default) and
///   tool tips in `IBAttributePlaceholdersKey` (`NSIBHelpConnector`). The rest is IB's editor
///   state (window positions, plug-in dependencies, guides) and is left out silently; a
///   property not known to be either is left out with a warning.
struct LegacyCocoaCompiler {
    let archive: LegacyArchive
    let document: SourceDocument

    /// The properties of IB's editor, which ibtool leaves out of the nib.
    static let editorProperties: Set<String> = [
        "IBPluginDependency", "ImportedFromIB2", "IBViewBoundsToFrameTransform", "IBEditorWindowLastContentRect",
        "editorWindowContentRectSynchronizationRect", "WindowOrigin", "IBWindowTemplateEditedContentRect",
        "IBUserGuides", "IBLastUsedUIStatusBarStylesToTargetRuntimesMap",
        "IBViewEditorWindowController.showingLayoutRectangles", "IBViewIntegration.shadowBlurRadius",
        "IBViewIntegration.shadowColor", "IBViewIntegration.shadowOffsetHeight", "IBViewIntegration.shadowOffsetWidth",
        "IBSegmentedControlTracker.RoundRobinState", "IBSegmentedControlTracker.WasGrowing",
        "IBSegmentedControlInspectorSelectedSegmentMetadataKey",
        "IBNSSegmentedControlInspectorSelectedSegmentMetadataKey",
        "IBShouldRemoveOnLegacySave", "IBNSViewMetadataTranslatesAutoresizingMaskIntoConstraintsKey",
        "IBNSViewMetadataGestureRecognizers", "IBUIViewMetadataTranslatesAutoresizingMaskIntoConstraintsKey",
        "IBRunsAsExpected", "IBSelectionsStrategy",
    ]

    func compileRoot() throws(CompileError) -> ArchivedObject {
        let context = AppKitContext(fileName: document.fileName, module: document.module, colorProfiles: nil)
        context.diagnostics = document.diagnostics
        let records = try archive.records(fileName: document.fileName)
        let properties = archive.flattenedProperties()
        let builder = LegacyObjectBuilder(archive: archive, context: context)
        for record in records {
            if let name = properties[record.objectID]?["CustomClassName"].flatMap(LegacyArchive.string) {
                builder.customClasses[ObjectIdentifier(record.object)] = name
            }
        }
        guard let ownerRecord = records.first(where: { $0.objectID == "-2" }),
            let owner = try builder.object(ownerRecord.object)
        else {
            throw context.error(.invalidSource, archive.data, "the archive has no File's Owner (objectID -2)")
        }
        let firstResponder = records.first { $0.objectID == "-1" }?.object
        for record in records where record.objectID != "-2" && record.objectID != "-1" {
            guard let object = try builder.object(record.object) else { continue }
            let parent = try record.parent.flatMap { parent throws(CompileError) in try builder.object(parent) }
            context.track(object, id: record.objectID, parent: parent ?? owner)
            for (name, value) in properties[record.objectID] ?? [:] {
                switch name {
                case "NSWindowTemplate.visibleAtLaunch":
                    if Self.flag(value) ?? true { context.visibleWindows.append(object) }
                case "IBAttributePlaceholdersKey":
                    try toolTips(in: value, of: object, context: context)
                case "CustomClassName":
                    break  // Read above, before the objects were built.
                case _ where Self.editorProperties.contains(name) || name.hasPrefix("IBEditor"):
                    break
                default:
                    try context.unmodelled(
                        .unsupportedAttribute, record.object,
                        "the property \(name) of object \(record.objectID) (legacy Cocoa) is not modelled")
                }
            }
        }
        for connection in archive.connections() {
            try connect(connection, firstResponder: firstResponder, builder: builder, context: context)
        }
        try builder.finish()
        return context.makeRoot(owner: owner)
    }

    /// A `flattenedProperties` flag (`<boolean>`, `<bool>`, `<integer>` or the string YES/NO).
    static func flag(_ element: SourceElement) -> Bool? {
        if let flag = LegacyArchive.bool(element) { return flag }
        if let number = LegacyArchive.integer(element) { return number != 0 }
        return LegacyArchive.string(element).map { $0 == "YES" || $0 == "1" }
    }

    /// Tool tips (`ToolTip` → an `IBToolTipAttribute` whose `toolTip` is the text).
    private func toolTips(in placeholders: SourceElement, of object: ArchivedObject, context: AppKitContext)
        throws(CompileError)
    {
        for (name, attribute) in archive.dictionaryEntries(placeholders) {
            guard name == "ToolTip", let text = archive.value("toolTip", in: attribute).flatMap(LegacyArchive.string)
            else {
                try context.unmodelled(
                    .unsupportedAttribute, attribute,
                    "the IB attribute placeholder \(name) (legacy Cocoa) is not modelled")
                continue
            }
            AppKitToolTipRule.connect(text, view: object, of: placeholders, context: context)
        }
    }

    private func connect(
        _ connection: LegacyArchive.Connection, firstResponder: SourceElement?, builder: LegacyObjectBuilder,
        context: AppKitContext
    ) throws(CompileError) {
        let element = connection.element
        if connection.className == "IBBindingConnection" {
            guard let connector = archive.value("connector", in: element), let object = try builder.object(connector)
            else {
                try context.unmodelled(.invalidSource, element, "the binding connection has no connector")
                return
            }
            context.connections.append(object)
            return
        }
        guard let label = connection.label, let sourceElement = connection.source,
            let source = try builder.object(sourceElement)
        else {
            try context.unmodelled(.invalidSource, element, "the connection has no label or source; left out")
            return
        }
        let toFirstResponder = connection.destination.map { $0 === firstResponder } ?? false
        let destination = try connection.destination.flatMap { target throws(CompileError) in
            toFirstResponder ? nil : try builder.object(target)
        }
        switch connection.className {
        case "IBOutletConnection":
            guard let destination else {
                try context.unmodelled(.invalidSource, element, "the outlet \(label) has no destination; left out")
                return
            }
            context.connections.append(AppKitConnectionRule.outlet(label, source: source, destination: destination))
        case "IBActionConnection":
            let connector = ArchivedObject("NSNibControlConnector")
            connector.set("NSSource", source)
            if let destination { connector.set("NSDestination", destination) }
            connector.set("NSLabel", .object(.string(label)))
            context.connections.append(connector)
        default:
            try context.unmodelled(
                .unsupportedElement, element, "\(connection.className) connections (legacy Cocoa) are not modelled")
        }
    }
}

/// Builds `ArchivedObject`s from the values of a ``LegacyArchive``: each `<object>` becomes an
/// object of its class with its keyed values in document order; arrays, sets and dictionaries
/// become inlined collections; strings, numbers and data become `NSString`, `NSNumber` and
/// `NSData`. References are followed through a work list, not by recursion, so a long chain
/// of references (a key-view loop) cannot exhaust the stack; an element is built once
/// however often it is referred to.
final class LegacyObjectBuilder {
    let archive: LegacyArchive
    let context: AppKitContext
    /// Custom classes by the element of the object they name (`CustomClassName`).
    var customClasses: [ObjectIdentifier: String] = [:]
    private var built: [ObjectIdentifier: ArchivedObject] = [:]
    private var pending: [(SourceElement, ArchivedObject)] = []

    init(archive: LegacyArchive, context: AppKitContext) {
        self.archive = archive
        self.context = context
    }

    /// Classes whose custom class is a key of the object rather than an `NSClassSwapper`.
    static let classNameKeys = [
        "NSCustomObject": "NSClassName", "NSCustomView": "NSClassName", "NSWindowTemplate": "NSWindowClass",
    ]

    /// The object for `element` (created now, its values filled by ``finish()``), or `nil`
    /// with a warning when the element is not a value.
    func object(_ element: SourceElement) throws(CompileError) -> ArchivedObject? {
        if let object = built[ObjectIdentifier(element)] { return object }
        let object: ArchivedObject
        switch element.name {
        case "string", "characters":
            guard let text = LegacyArchive.string(element) else {
                try context.unmodelled(.invalidSource, element, "the string is not valid base64-encoded UTF-8")
                return nil
            }
            object = .string(text)
        case "int", "integer":
            guard let value = LegacyArchive.integer(element), let int = Int(exactly: value) else {
                return try invalid(element)
            }
            object = .number(int)
        case "bool", "boolean":
            guard let value = LegacyArchive.bool(element) else { return try invalid(element) }
            object = .number(bool: value)
        case "double", "real", "float":
            guard let value = LegacyArchive.real(element) else { return try invalid(element) }
            object = .number(double: value)
        case "bytes":
            guard let bytes = LegacyArchive.bytes(element.text) else { return try invalid(element) }
            object = ArchivedObject("NSData")
            object.set("NS.bytes", .data(bytes))
        case "array", "set", "dictionary", "object":
            let defaults = ["array": "NSArray", "set": "NSSet", "dictionary": "NSDictionary"]
            guard let className = element["class"] ?? defaults[element.name] else {
                try context.unmodelled(.invalidSource, element, "the object has no class; left out")
                return nil
            }
            if className == "NSString" || className == "NSMutableString" {
                let text = archive.value("NS.bytes", in: element).flatMap(LegacyArchive.string) ?? ""
                object = ArchivedObject(className)
                object.set("NS.bytes", .data(Array(text.utf8)))
            } else if let custom = customClasses[ObjectIdentifier(element)], Self.classNameKeys[className] == nil {
                object = ArchivedObject("NSClassSwapper")
                object.set("NSClassName", .object(.string(custom)))
                object.set("NSOriginalClassName", .object(.string(className)))
                pending.append((element, object))
            } else {
                object = ArchivedObject(className)
                pending.append((element, object))
            }
        default:
            try context.unmodelled(.unsupportedElement, element, "<\(element.name)> (legacy archive) is not a value")
            return nil
        }
        built[ObjectIdentifier(element)] = object
        return object
    }

    private func invalid(_ element: SourceElement) throws(CompileError) -> ArchivedObject? {
        try context.unmodelled(.invalidSource, element, "\"\(element.text)\" is not a valid <\(element.name)>")
        return nil
    }

    /// Fills the values of every object created so far (and of those they refer to).
    func finish() throws(CompileError) {
        while let (element, object) = pending.popLast() {
            switch object.className {
            case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
                object.set("NSInlinedValue", .bool(true))
                for item in archive.elements(of: element) {
                    if let value = try self.object(item) { object.set(NibArchive.Builder.emptyKey, value) }
                }
            case "NSDictionary", "NSMutableDictionary":
                object.set("NSInlinedValue", .bool(true))
                for (key, item) in archive.dictionaryEntries(element) {
                    guard let value = try self.object(item) else { continue }
                    object.set(NibArchive.Builder.emptyKey, .string(key))
                    object.set(NibArchive.Builder.emptyKey, value)
                }
            default:
                for child in element.children {
                    guard let key = child["key"], key != "EncodedWithXMLCoder",
                        let value = try value(child)
                    else { continue }
                    object.set(key, value)
                }
                if let custom = customClasses[ObjectIdentifier(element)], let key = Self.classNameKeys[object.className]
                {
                    object.replace(key, .object(.string(custom)))
                }
            }
        }
    }

    /// The keyed value `child` stands for.
    private func value(_ child: SourceElement) throws(CompileError) -> ArchivedObject.Value? {
        switch child.name {
        case "nil":
            return .null
        case "reference":
            guard let ref = child["ref"] else { return .null }
            guard let target = archive.elementsByID[ref] else {
                try context.unmodelled(.invalidSource, child, "refers to id \"\(ref)\", which names nothing")
                return .null
            }
            return try object(target).map { .object($0) } ?? .null
        case "int", "integer":
            guard let value = LegacyArchive.integer(child) else { return try invalidValue(child) }
            return .integer(value)
        case "bool", "boolean":
            guard let value = LegacyArchive.bool(child) else { return try invalidValue(child) }
            return .bool(value)
        case "double", "real":
            guard let value = LegacyArchive.real(child) else { return try invalidValue(child) }
            return .float64(value)
        case "float":
            guard let value = LegacyArchive.real(child) else { return try invalidValue(child) }
            return .float32(Float(value))
        case "bytes":
            guard let bytes = LegacyArchive.bytes(child.text) else { return try invalidValue(child) }
            return .data(bytes)
        default:
            return try object(child).map { .object($0) }
        }
    }

    private func invalidValue(_ element: SourceElement) throws(CompileError) -> ArchivedObject.Value? {
        try context.unmodelled(
            .invalidSource, element, "\"\(element.text)\" is not a valid <\(element.name)>; left out")
        return nil
    }
}
