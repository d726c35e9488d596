import Foundation

/// A legacy Interface Builder 3 Cocoa Touch document (``LegacyArchive``) → the `<document>`
/// Xcode makes of it when it opens and upgrades it, compiled then by the UIKit rules.
///
/// Unlike Cocoa documents, Cocoa Touch archives hold IB's design-time stand-ins (`IBUILabel`,
/// `IBUIView`, …) with IB's own keys, not UIKit's archive keys, so they are translated, not
/// passed through. The translation rests on what the two formats share:
///
/// - **Classes.** `IBUI<Name>` stands for `UI<Name>` (the archives list them in
///   `IBDocument.IntegratedClassDependencies`), and the current element for `UI<Name>` is
///   `<name>` with its first letter lowered (`IBUIActivityIndicatorView` →
///   `<activityIndicatorView>`, `IBUITableViewCell` → `<tableViewCell>`); `IBProxyObject`s are
///   placeholders (`IBFilesOwner`, `IBFirstResponder`, external objects); `IBNSLayoutConstraint`
///   is a `<constraint>` of its `containingView` (IB's placeholder constraints, which it drops
///   at build time, are left out).
/// - **Geometry.** `NSFrame` / `NSFrameSize` are the frame; `NSvFlags` holds the autoresizing
///   mask in its low six bits (UIViewAutoresizing's order), bit 8 `autoresizesSubviews` and
///   bit 31 `hidden`; `NSSubviews` are the subviews.
/// - **Properties.** `IBUI<Property>` is the UIKit property `<property>`: booleans and numbers
///   become attributes, `NSColor`s `<color key=…>`, enumerations their current names (tables
///   below, from UIKit's enum declarations). Keys of IB's editor (`NSNextResponder`,
///   `NSNextKeyView`, `targetRuntimeIdentifier`, simulated metrics, …) are left out silently.
/// - **Records.** Custom classes come from `flattenedProperties`, connections from
///   `connectionRecords` (`IBCocoaTouchOutletConnection` → `<outlet>`,
///   `IBCocoaTouchEventConnection` → `<action>` whose `IBEventType` is the bit of the
///   UIControlEvents value plus one); ids are IB's object ids.
///
/// Anything else becomes an attribute the UIKit rules do not know, so it is reported with the
/// rest, as a warning by default.
struct LegacyCocoaTouchUpgrade {
    let archive: LegacyArchive
    let fileName: String
    let diagnostics: CompileDiagnostics

    /// Keys of IB's editor and of objects' places in the graph, which the document form
    /// does not keep (the graph is the element tree).
    static let editorKeys: Set<String> = [
        "NSNextResponder", "NSSuperview", "NSWindow", "NSNextKeyView", "NSReuseIdentifierKey",
        "targetRuntimeIdentifier", "NSFrameMatrix", "IBUISimulatedStatusBarMetrics", "IBUISimulatedOrientationMetrics",
        "IBUISimulatedDestinationMetrics", "IBUISimulatedTopBarMetrics", "IBUISimulatedBottomBarMetrics",
        "IBUISimulatedSizeMetrics", "IBUIFont", "useAutomaticPreferredMaxLayoutWidth",
        "IBUIViewMetadataTranslatesAutoresizingMaskIntoConstraintsKey",
        "IBUIHidesAccessoryWhenEditing", "IBUIShowsSelectionImmediatelyOnTouchBegin", "IBUIResizesToFullScreen",
        "IBUIContentView", "IBUIGestureRecognizers", "IBUIAccessibilityConfiguration", "IBUIFontDescription",
        "NSSubviews", "NSFrame", "NSFrameSize", "NSvFlags", "IBUIAutoresizesSubviews",
    ]

    /// Enumerations by property: the raw value's current name (UIKit's declarations).
    static let enumerations: [String: [String]] = [
        "contentMode": [
            "scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top", "bottom", "left", "right",
            "topLeft", "topRight", "bottomLeft", "bottomRight",
        ],
        "baselineAdjustment": ["alignBaselines", "alignCenters", "none"],
        "lineBreakMode": ["wordWrap", "characterWrap", "clip", "headTruncation", "tailTruncation", "middleTruncation"],
        "textAlignment": ["left", "center", "right", "justified", "natural"],
        "accessoryType": ["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton"],
        "editingAccessoryType": ["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton"],
        "selectionStyle": ["none", "blue", "gray", "default"],
        "separatorStyle": ["none", "default", "singleLineEtched"],
        "buttonType": ["custom", "roundedRect", "detailDisclosure", "infoLight", "infoDark", "contactAdd"],
        "borderStyle": ["none", "line", "bezel", "roundedRect"],
        "contentHorizontalAlignment": ["center", "left", "right", "fill"],
        "contentVerticalAlignment": ["center", "top", "bottom", "fill"],
        "barStyle": ["default", "black", "blackTranslucent"],
        "indicatorStyle": ["default", "black", "white"],
        "keyboardType": [
            "default", "alphabet", "numbersAndPunctuation", "URL", "numberPad", "phonePad", "namePhonePad",
            "emailAddress", "decimalPad", "twitter", "webSearch",
        ],
        "returnKeyType": [
            "default", "go", "google", "join", "next", "route", "search", "send", "yahoo", "done", "emergencyCall",
        ],
        "autocapitalizationType": ["none", "words", "sentences", "allCharacters"],
        "autocorrectionType": ["default", "no", "yes"],
    ]

    /// Enumerations whose property name differs by class (`IBUIStyle`).
    static let styles: [String: [String]] = [
        "tableView": ["plain", "grouped"],
        "activityIndicatorView": ["whiteLarge", "white", "gray"],
        "tableViewCell": ["default", "value1", "value2", "subtitle"],
    ]

    /// UIControlEvents names by bit (`IBEventType` is the bit plus one).
    static let eventNames: [Int: String] = [
        0: "touchDown", 1: "touchDownRepeat", 2: "touchDragInside", 3: "touchDragOutside", 4: "touchDragEnter",
        5: "touchDragExit", 6: "touchUpInside", 7: "touchUpOutside", 8: "touchCancel", 12: "valueChanged",
        13: "primaryActionTriggered", 16: "editingDidBegin", 17: "editingChanged", 18: "editingDidEnd",
        19: "editingDidEndOnExit",
    ]

    /// NSLayoutAttribute names by raw value.
    static let layoutAttributes = [
        1: "left", 2: "right", 3: "top", 4: "bottom", 5: "leading", 6: "trailing", 7: "width", 8: "height",
        9: "centerX", 10: "centerY", 11: "baseline", 12: "firstBaseline",
    ]

    /// Autoresizing mask bits, in the current attribute names.
    static let autoresizingBits = [
        (1, "flexibleMinX"), (2, "widthSizable"), (4, "flexibleMaxX"), (8, "flexibleMinY"), (16, "heightSizable"),
        (32, "flexibleMaxY"),
    ]

    /// The upgraded document.
    func document() throws(CompileError) -> SourceElement {
        let root = archive.root
        let records = try archive.records(fileName: fileName)
        let properties = archive.flattenedProperties()
        var state = State()
        for record in records {
            state.ids[ObjectIdentifier(record.object)] = record.objectID
            if let name = properties[record.objectID]?["CustomClassName"].flatMap(LegacyArchive.string) {
                state.customClasses[ObjectIdentifier(record.object)] = name
            }
        }
        let usesAutolayout =
            archive.value("IBDocument.UseAutolayout", in: archive.data).flatMap(LegacyArchive.bool) ?? false
        state.usesAutolayout = usesAutolayout
        // Constraints, by the view that holds them.
        for record in records where record.object["class"] == "IBNSLayoutConstraint" {
            guard let view = archive.value("containingView", in: record.object) else { continue }
            state.constraints[ObjectIdentifier(view), default: []].append(record.object)
        }
        var attributes = [
            "type": "com.apple.InterfaceBuilder3.CocoaTouch.XIB", "version": "3.0", "targetRuntime": "iOS.CocoaTouch",
            "propertyAccessControl": "none",
        ]
        if let version = archive.value("IBDocument.InterfaceBuilderVersion", in: archive.data)
            .flatMap(LegacyArchive.string)
        {
            attributes["toolsVersion"] = version
        }
        if usesAutolayout { attributes["useAutolayout"] = "YES" }
        let document = make("document", attributes, at: root)
        let objects = make("objects", [:], at: archive.data)
        add(objects, to: document)
        var topLevel: [SourceElement] = []
        for record in records where record.parent == nil {
            if let element = try element(for: record.object, state: &state) { topLevel.append(element) }
        }
        // File's Owner and First Responder first, as Xcode writes them.
        topLevel.sort { rank($0) < rank($1) }
        for element in topLevel { add(element, to: objects) }
        try connect(state: &state)
        for (id, source) in state.connections {
            guard let element = state.elements[id] else {
                try warn(
                    .invalidSource, archive.data,
                    "connections from object \(id), which is not in the document, are left out")
                continue
            }
            let list = element.child("connections") ?? make("connections", [:], at: element)
            if list.parent == nil { add(list, to: element) }
            for connection in source { add(connection, to: list) }
        }
        for record in records where state.elements[record.objectID] == nil {
            guard record.object["class"] != "IBNSLayoutConstraint" else { continue }
            try warn(
                .unsupportedElement, record.object,
                "object \(record.objectID) (\(record.object["class"] ?? record.object.name)) has no place in the "
                    + "document's view tree (legacy Cocoa Touch); left out")
        }
        for id in state.constraintItems { document.constraintItemIDs.insert(id) }
        return document
    }

    private func rank(_ element: SourceElement) -> Int {
        switch element["placeholderIdentifier"] {
        case "IBFilesOwner": 0
        case "IBFirstResponder": 1
        default: 2
        }
    }

    /// What the translation has built so far.
    struct State {
        var ids: [ObjectIdentifier: String] = [:]
        var customClasses: [ObjectIdentifier: String] = [:]
        var constraints: [ObjectIdentifier: [SourceElement]] = [:]
        var usesAutolayout = false
        /// The document element of each IB object, by IB's object id.
        var elements: [String: SourceElement] = [:]
        /// Connections by the id of their source, in record order.
        var connections: [(String, [SourceElement])] = []
        var constraintItems: Set<String> = []
        var generated = 0
    }

    private func id(of object: SourceElement, state: inout State) -> String {
        if let id = state.ids[ObjectIdentifier(object)] { return id }
        state.generated += 1
        let id = "legacy-\(object["id"] ?? String(state.generated))"
        state.ids[ObjectIdentifier(object)] = id
        return id
    }

    private func warn(_ code: CompileError.Code, _ element: SourceElement, _ message: String) throws(CompileError) {
        try diagnostics.recover(LegacyArchive.error(code, element, fileName, message))
    }

    /// How deeply views may nest through their subviews (references may chain objects from
    /// anywhere in the archive, so the XML's own nesting does not bound it).
    static let maximumDepth = 256

    /// The document element for the IB object `object` (and its subviews), or `nil` with a
    /// warning when it is not an object the translation knows. `role` renames it (a cell's
    /// content view is `<tableViewCellContentView key="contentView">`).
    private func element(
        for object: SourceElement, role: (name: String, key: String)? = nil, depth: Int = 0, state: inout State
    ) throws(CompileError) -> SourceElement? {
        guard let className = object["class"] else {
            try warn(.unsupportedElement, object, "<\(object.name)> without a class (legacy Cocoa Touch) is left out")
            return nil
        }
        let id = id(of: object, state: &state)
        guard state.elements[id] == nil else {
            try warn(.invalidSource, object, "object \(id) appears twice in the view tree; the second is left out")
            return nil
        }
        guard depth < Self.maximumDepth else {
            try warn(.limitExceeded, object, "views nest deeper than \(Self.maximumDepth) levels; the rest is left out")
            return nil
        }
        if className == "IBProxyObject" {
            let identifier =
                archive.value("IBProxiedObjectIdentifier", in: object).flatMap(LegacyArchive.string) ?? "IBFilesOwner"
            let placeholderID = identifier == "IBFilesOwner" ? "-1" : identifier == "IBFirstResponder" ? "-2" : id
            state.ids[ObjectIdentifier(object)] = placeholderID
            var attributes = ["placeholderIdentifier": identifier, "id": placeholderID]
            if let custom = state.customClasses[ObjectIdentifier(object)] { attributes["customClass"] = custom }
            let element = make("placeholder", attributes, at: object)
            state.elements[placeholderID] = element
            return element
        }
        if className == "IBNSLayoutConstraint" { return nil }
        guard className.hasPrefix("IBUI"), className.count > 4 else {
            try warn(
                .unsupportedElement, object, "\(className) (legacy Cocoa Touch) has no document form; left out")
            return nil
        }
        let bare = className.dropFirst(4)
        let name = role?.name ?? bare.prefix(1).lowercased() + bare.dropFirst()
        var attributes = ["id": id]
        if let key = role?.key { attributes["key"] = key }
        if let custom = state.customClasses[ObjectIdentifier(object)] { attributes["customClass"] = custom }
        // Marks the id taken before the subviews are translated (a cycle stops at it).
        state.elements[id] = object
        let element = try translate(object, name: name, attributes: attributes, depth: depth, state: &state)
        state.elements[id] = element
        return element
    }

    /// The keys of `object` as the attributes and children of a `<name>` element.
    private func translate(
        _ object: SourceElement, name kind: String, attributes initial: [String: String], depth: Int,
        state: inout State
    ) throws(CompileError) -> SourceElement {
        var attributes = initial
        var children: [SourceElement] = []
        // Geometry.
        let frameText = archive.value("NSFrame", in: object).flatMap(LegacyArchive.string)
        let sizeText = archive.value("NSFrameSize", in: object).flatMap(LegacyArchive.string)
        if let text = frameText ?? sizeText {
            let numbers = Self.numbers(in: text)
            let frame = numbers.count == 4 ? numbers : numbers.count == 2 ? [0, 0] + numbers : nil
            if let frame {
                let names = ["x", "y", "width", "height"]
                var rect = ["key": "frame"]
                for (index, value) in frame.enumerated() { rect[names[index]] = Self.format(value) }
                children.append(make("rect", rect, at: object))
            } else {
                try warn(.invalidSource, object, "the frame \"\(text)\" is not a rectangle; left out")
            }
        }
        if let flags = archive.value("NSvFlags", in: object).flatMap(LegacyArchive.integer) {
            var mask = ["key": "autoresizingMask"]
            for (bit, name) in Self.autoresizingBits where flags & Int64(bit) != 0 { mask[name] = "YES" }
            if mask.count > 1 { children.append(make("autoresizingMask", mask, at: object)) }
            if flags & 0x100 == 0 { attributes["autoresizesSubviews"] = "NO" }
            if flags & 0x8000_0000 != 0 { attributes["hidden"] = "YES" }
        }
        if state.usesAutolayout, depth > 0 {
            attributes["translatesAutoresizingMaskIntoConstraints"] = "NO"
        }
        // Subviews (a cell's content view is its own child).
        let contentView = archive.value("IBUIContentView", in: object)
        if let list = archive.value("NSSubviews", in: object) {
            let subviews = make("subviews", [:], at: list)
            for subview in archive.elements(of: list) {
                let role =
                    subview === contentView
                    ? (name: kind == "collectionViewCell" ? "view" : "tableViewCellContentView", key: "contentView")
                    : nil
                guard let child = try element(for: subview, role: role, depth: depth + 1, state: &state) else {
                    continue
                }
                if role != nil { children.append(child) } else { add(child, to: subviews) }
            }
            if !subviews.children.isEmpty { children.append(subviews) }
        }
        // Constraints this view holds.
        if let constraints = state.constraints[ObjectIdentifier(object)] {
            let list = make("constraints", [:], at: object)
            for constraint in constraints {
                if let translated = try self.constraint(constraint, state: &state) { add(translated, to: list) }
            }
            if !list.children.isEmpty { children.append(list) }
        }
        // Properties.
        for child in object.children {
            guard let key = child["key"], !Self.editorKeys.contains(key), key != "EncodedWithXMLCoder" else { continue }
            guard key.hasPrefix("IBUI"), key.count > 4 else {
                try warn(
                    .unsupportedAttribute, child,
                    "the key \(key) of \(object["class"] ?? "") (legacy) is not modelled; left out")
                continue
            }
            let bare = key.dropFirst(4)
            let property = bare.prefix(1).lowercased() + bare.dropFirst()
            guard let value = archive.resolve(child) else { continue }
            if value["class"] == "NSColor" {
                if let color = try color(value, key: property) { children.append(color) }
                continue
            }
            let text: String?
            if let flag = LegacyArchive.bool(value) {
                text = flag ? "YES" : "NO"
            } else if let number = LegacyArchive.integer(value) {
                if let names = property == "style" ? Self.styles[kind] : Self.enumerations[property] {
                    guard let index = Int(exactly: number), names.indices.contains(index) else {
                        try warn(.invalidSource, child, "\(number) is not a value of \(property); left out")
                        continue
                    }
                    text = names[index]
                } else {
                    text = String(number)
                }
            } else if let number = LegacyArchive.real(value) {
                text = Self.format(number)
            } else {
                text = LegacyArchive.string(value)
            }
            guard let text else {
                try warn(.unsupportedAttribute, child, "the value of \(key) (legacy) has no document form; left out")
                continue
            }
            attributes[property] = text
        }
        if let description = archive.value("IBUIFontDescription", in: object) {
            children.append(font(description))
        }
        if let configuration = archive.value("IBUIAccessibilityConfiguration", in: object) {
            children.append(accessibility(configuration))
        }
        if let recognizers = archive.value("IBUIGestureRecognizers", in: object),
            !archive.elements(of: recognizers).isEmpty
        {
            try warn(
                .unsupportedElement, recognizers, "gesture recognizers of a legacy document are not modelled; left out")
        }
        let element = make(kind, attributes, at: object)
        for child in children { add(child, to: element) }
        return element
    }

    /// An `IBNSLayoutConstraint` → `<constraint>` (`nil` for IB's placeholder constraints).
    private func constraint(_ object: SourceElement, state: inout State) throws(CompileError) -> SourceElement? {
        if archive.value("placeholder", in: object).flatMap(LegacyArchive.bool) == true { return nil }
        var attributes = ["id": id(of: object, state: &state)]
        for side in ["first", "second"] {
            if let item = archive.value("\(side)Item", in: object) {
                let itemID = id(of: item, state: &state)
                attributes["\(side)Item"] = itemID
                state.constraintItems.insert(itemID)
            }
            if let raw = archive.value("\(side)Attribute", in: object).flatMap(LegacyArchive.integer), raw != 0 {
                guard let name = Int(exactly: raw).flatMap({ Self.layoutAttributes[$0] }) else {
                    try warn(.invalidSource, object, "\(raw) is not a layout attribute; the constraint is left out")
                    return nil
                }
                attributes["\(side)Attribute"] = name
            }
        }
        switch archive.value("relation", in: object).flatMap(LegacyArchive.integer) ?? 0 {
        case -1: attributes["relation"] = "lessThanOrEqual"
        case 1: attributes["relation"] = "greaterThanOrEqual"
        default: break
        }
        if let multiplier = archive.value("multiplier", in: object).flatMap(LegacyArchive.real), multiplier != 1 {
            attributes["multiplier"] = Self.format(multiplier)
        }
        if let constant = archive.value("constant", in: object).flatMap({ archive.value("value", in: $0) })
            .flatMap(LegacyArchive.real), constant != 0
        {
            attributes["constant"] = Self.format(constant)
        }
        if let priority = archive.value("priority", in: object).flatMap(LegacyArchive.real), priority != 1000 {
            attributes["priority"] = Self.format(priority)
        }
        return make("constraint", attributes, at: object)
    }

    /// An `NSColor` → `<color key=…>`: a UIKit system color by name, else its components.
    private func color(_ object: SourceElement, key: String) throws(CompileError) -> SourceElement? {
        var attributes = ["key": key]
        if let name = archive.value("IBUIColorCocoaTouchKeyPath", in: object).flatMap(LegacyArchive.string) {
            attributes["cocoaTouchSystemColor"] = name
            return make("color", attributes, at: object)
        }
        let space = archive.value("NSColorSpace", in: object).flatMap(LegacyArchive.integer) ?? 0
        let rgb = archive.value("NSRGB", in: object).flatMap { LegacyArchive.bytes($0.text) }
        let white = archive.value("NSWhite", in: object).flatMap { LegacyArchive.bytes($0.text) }
        func components(_ bytes: [UInt8]) -> [Double] {
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self).split(separator: " ").compactMap { Double($0) }
                .filter(\.isFinite)
        }
        switch (space, rgb.map(components), white.map(components)) {
        case (1, let values?, _), (2, let values?, _):
            guard values.count >= 3 else { break }
            attributes["red"] = Self.format(values[0])
            attributes["green"] = Self.format(values[1])
            attributes["blue"] = Self.format(values[2])
            attributes["alpha"] = Self.format(values.count > 3 ? values[3] : 1)
            attributes["colorSpace"] = space == 1 ? "calibratedRGB" : "deviceRGB"
            return make("color", attributes, at: object)
        case (3, _, let values?), (4, _, let values?):
            guard !values.isEmpty else { break }
            attributes["white"] = Self.format(values[0])
            attributes["alpha"] = Self.format(values.count > 1 ? values[1] : 1)
            attributes["colorSpace"] = space == 3 ? "calibratedWhite" : "deviceWhite"
            return make("color", attributes, at: object)
        default: break
        }
        try warn(.unsupportedElement, object, "a color of color space \(space) (legacy) is not modelled; left out")
        return nil
    }

    /// An `IBUIFontDescription` → `<fontDescription>` (system fonts by type, others by name).
    private func font(_ object: SourceElement) -> SourceElement {
        var attributes = ["key": "fontDescription"]
        let size = archive.value("pointSize", in: object).flatMap(LegacyArchive.real) ?? 17
        attributes["pointSize"] = Self.format(size)
        let types = [1: "system", 2: "boldSystem", 3: "italicSystem"]
        if let type = archive.value("type", in: object).flatMap(LegacyArchive.integer).flatMap({ types[Int($0)] }) {
            attributes["type"] = type
        } else {
            attributes["name"] = archive.value("name", in: object).flatMap(LegacyArchive.string) ?? "Helvetica"
            attributes["family"] = archive.value("family", in: object).flatMap(LegacyArchive.string) ?? "Helvetica"
        }
        return make("fontDescription", attributes, at: object)
    }

    /// An `IBUIAccessibilityConfiguration` → `<accessibility key="accessibilityConfiguration">`.
    private func accessibility(_ object: SourceElement) -> SourceElement {
        var attributes = ["key": "accessibilityConfiguration"]
        if let label = archive.value("IBUIAccessibilityLabel", in: object).flatMap(LegacyArchive.string) {
            attributes["label"] = label
        }
        let element = make("accessibility", attributes, at: object)
        if let raw = archive.value("IBUIAccessibilityTraits", in: object).flatMap(LegacyArchive.integer) {
            var traits = ["key": "traits"]
            for (name, bit) in AccessibilityRule.traitBits where raw & Int64(bit) != 0 { traits[name] = "YES" }
            add(make("accessibilityTraits", traits, at: object), to: element)
        }
        if let isElement = archive.value("IBUIAccessibilityIsElement", in: object).flatMap(LegacyArchive.bool) {
            add(make("bool", ["key": "isElement", "value": isElement ? "YES" : "NO"], at: object), to: element)
        }
        return element
    }

    /// The connection records → `<outlet>` and `<action>` elements, by source.
    private func connect(state: inout State) throws(CompileError) {
        var bySource: [String: [SourceElement]] = [:]
        var order: [String] = []
        for connection in archive.connections() {
            guard let label = connection.label, let source = connection.source, let destination = connection.destination
            else {
                try warn(
                    .invalidSource, connection.element, "the connection has no label, source or destination; left out")
                continue
            }
            let sourceID = id(of: source, state: &state)
            let destinationID = id(of: destination, state: &state)
            let element: SourceElement
            switch connection.className {
            case "IBCocoaTouchOutletConnection":
                element = make("outlet", ["property": label, "destination": destinationID], at: connection.element)
            case "IBCocoaTouchEventConnection":
                let raw = archive.value("IBEventType", in: connection.element).flatMap(LegacyArchive.integer) ?? 7
                guard let event = Int(exactly: raw - 1).flatMap({ Self.eventNames[$0] }) else {
                    try warn(.invalidSource, connection.element, "event type \(raw) is not a control event; left out")
                    continue
                }
                element = make(
                    "action", ["selector": label, "destination": destinationID, "eventType": event],
                    at: connection.element)
            default:
                try warn(
                    .unsupportedElement, connection.element,
                    "\(connection.className) connections (legacy Cocoa Touch) are not modelled; left out")
                continue
            }
            if bySource[sourceID] == nil { order.append(sourceID) }
            bySource[sourceID, default: []].append(element)
        }
        state.connections = order.map { ($0, bySource[$0] ?? []) }
    }

    // MARK: Helpers

    private func make(_ name: String, _ attributes: [String: String], at source: SourceElement) -> SourceElement {
        SourceElement(name: name, attributes: attributes, line: source.line, column: source.column)
    }

    private func add(_ child: SourceElement, to parent: SourceElement) {
        child.parent = parent
        parent.children.append(child)
    }

    /// The numbers of a geometry string (`{{0, 20}, {320, 460}}`).
    static func numbers(in text: String) -> [Double] {
        text.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }.filter(\.isFinite)
    }

    /// A number as Interface Builder writes it (no fraction when integral).
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
