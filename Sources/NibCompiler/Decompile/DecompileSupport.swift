import NibArchive

/// What the nibs of one document share: the ids taken, the resources named, and the record of
/// what had no source form.
final class DecompileShared {
    var usedIDs: Set<String> = []
    /// Kind → count of what had no source form.
    var unmapped: [String: Int] = [:]
    var images: [String: (Double, Double)] = [:]
    var imageOrder: [String] = []
    /// Images that are SF Symbols (`catalog="system"` in `<resources>`).
    var systemSymbols: Set<String> = []
    /// Images the document stores itself, by name: the base64 of their `NSKeyedArchiver`
    /// archive (`<mutableData key="keyedArchiveRepresentation">`).
    var embeddedImages: [String: String] = [:]
    var namedColors: [(String, DecompiledElement)] = []
    var systemColors: [(String, DecompiledElement)] = []
    /// Fonts the app ships (named fonts archived without the scaling keys ibtool gives the
    /// fonts it can load: ``FontRule/namedFont(_:size:element:in:)``).
    var customFonts: [String] = []
    /// The segues a view nib's connection placed on their trigger (a control, a cell, a
    /// container); the scene gives the others to its controller.
    var placedSegues: Set<ObjectIdentifier> = []

    /// `<customFonts>` for the fonts the app ships, or nil.
    func customFontsElement() -> DecompiledElement? {
        guard !customFonts.isEmpty else { return nil }
        let element = DecompiledElement("customFonts", [("key", "customFonts")])
        for name in customFonts {
            let array = DecompiledElement("array", [("key", name + ".ttf")])
            let string = DecompiledElement("string")
            string.text = name
            array.append(string)
            element.append(array)
        }
        return element
    }

    /// A UIKit document of `type` as the Xcode `era` saves it: the header, `<dependencies>` and
    /// the custom fonts named so far (call it once the nibs are decoded).
    func uiKitDocument(type: String, era: XcodeEra, device chosen: (id: String, landscape: Bool)? = nil)
        -> DecompiledElement
    {
        let version = UIKitDecompilation.toolsVersion(era)
        let document = DecompiledElement(
            "document",
            [
                ("type", type), ("version", "3.0"), ("toolsVersion", version), ("targetRuntime", "iOS.CocoaTouch"),
                ("propertyAccessControl", "none"), ("useAutolayout", "YES"),
            ])
        if era >= XcodeEra(8) {
            document.set("useTraitCollections", "YES")
            document.set("colorMatched", "YES")
        }
        if era >= XcodeEra(9) { document.set("useSafeAreas", "YES") }
        // A document previews a device (every wild and pair source in the Xcode 8 format) or,
        // before, a simulated screen (``simulatedScreen(era:)``); without either, the compiler
        // draws root views on the "any size" canvas (600 × 600). Xcode 8 itself compiles
        // device documents' root views at 600 × 600, so a nib from that era, whose frames are
        // what it shows, is described the older way. The device's size matters only to views
        // without a frame (decompiled views have theirs).
        if era >= XcodeEra(9) {
            var device = [
                ("id", chosen?.id ?? "retina6_1"),
                ("orientation", chosen?.landscape == true ? "landscape" : "portrait"),
            ]
            if era >= XcodeEra(11) { device.append(("appearance", "light")) }
            document.append(DecompiledElement("device", device))
        }
        let dependencies = document.child("dependencies")
        dependencies.append(
            DecompiledElement(
                "plugIn", [("identifier", "com.apple.InterfaceBuilder.IBCocoaTouchPlugin"), ("version", version)]))
        if !systemColors.isEmpty {
            dependencies.append(
                DecompiledElement(
                    "capability", [("name", "System colors in document resources"), ("minToolsVersion", "11.0")]))
        }
        if era >= XcodeEra(8) {
            dependencies.append(
                DecompiledElement(
                    "capability", [("name", "documents saved in the Xcode 8 format"), ("minToolsVersion", "8.0")]))
        }
        if let fonts = customFontsElement() { document.append(fonts) }
        return document
    }

    /// For documents of the eras before ``uiKitDocument(type:era:)`` writes a `<device>`: the
    /// simulated destination screen older documents name (ibrahimtaleb, ROMPiOS), which keeps
    /// root views at their frames; nil from Xcode 9.
    func simulatedScreen(era: XcodeEra) -> DecompiledElement? {
        guard era < XcodeEra(9) else { return nil }
        let container = DecompiledElement("simulatedMetricsContainer", [("key", "defaultSimulatedMetrics")])
        container.append(DecompiledElement("simulatedScreenMetrics", [("key", "destination"), ("type", "retina4")]))
        return container
    }

    /// `<resources>` for the images and colors the document names, or nil.
    func resources() -> DecompiledElement? {
        guard !images.isEmpty || !namedColors.isEmpty || !systemColors.isEmpty else { return nil }
        let resources = DecompiledElement("resources")
        for name in imageOrder {
            let size = images[name] ?? (1, 1)
            let image = DecompiledElement("image", [("name", name)])
            if systemSymbols.contains(name) { image.set("catalog", "system") }
            image.set("width", DecompileState.number(size.0))
            image.set("height", DecompileState.number(size.1))
            if let archive = embeddedImages[name] {
                let data = DecompiledElement("mutableData", [("key", "keyedArchiveRepresentation")])
                data.text = archive
                image.append(data)
            }
            resources.append(image)
        }
        for (name, color) in namedColors {
            let entry = DecompiledElement("namedColor", [("name", name)])
            entry.append(color)
            resources.append(entry)
        }
        for (name, color) in systemColors {
            let entry = DecompiledElement("systemColor", [("name", name)])
            entry.append(color)
            resources.append(entry)
        }
        return resources
    }
}

/// What every decompilation of one nib has: the reader, stable ids, and number formatting.
class DecompileState {
    let reader: DecompileReader
    let shared: DecompileShared
    /// Which nib of the document this is: ids are derived from it and the object's index.
    let salt: Int
    /// Object index → the id its element gets.
    var ids: [Int: String] = [:]

    init(reader: DecompileReader, shared: DecompileShared = DecompileShared(), salt: Int = 0) {
        self.reader = reader
        self.shared = shared
        self.salt = salt
    }

    var unmapped: [String: Int] {
        get { shared.unmapped }
        set { shared.unmapped = newValue }
    }

    /// Records `kind` as having no source form and returns the comment that keeps it.
    @discardableResult
    func lost(_ kind: String, _ detail: String) -> DecompiledElement {
        shared.unmapped[kind, default: 0] += 1
        return .comment("nibtool decompile: \(detail) has no source form")
    }

    /// The id of object `index`: one assigned before (a localization key's), else one in
    /// Xcode's `abc-12-xyz` shape derived from the object's index alone, so that the same nib
    /// always gives the same ids.
    func id(_ index: Int) -> String {
        if let known = ids[index] { return known }
        var seed =
            UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(truncatingIfNeeded: salt)
            &* 0xD1B5_4A32_D192_ED03
        var made = ""
        for _ in 0..<64 {
            made = Self.idShape(&seed)
            if !shared.usedIDs.contains(made) { break }
        }
        assign(made, to: index)
        return made
    }

    /// Gives object `index` the id `id` (when neither is taken).
    func assign(_ id: String, to index: Int) {
        guard ids[index] == nil, !shared.usedIDs.contains(id) else { return }
        ids[index] = id
        shared.usedIDs.insert(id)
    }

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    private static func idShape(_ state: inout UInt64) -> String {
        // SplitMix64.
        state &+= 0x9E37_79B9_7F4A_7C15
        var bits = state
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        bits ^= bits >> 31
        var characters: [Character] = []
        for position in 0..<8 {
            characters.append(alphabet[Int(bits % UInt64(alphabet.count))])
            bits /= UInt64(alphabet.count)
            if position == 2 || position == 4 { characters.append("-") }
        }
        return String(characters)
    }

    /// `<constraint>` for the `NSLayoutConstraint` `index` (``ConstraintRule`` read backwards,
    /// UIKit and AppKit alike): items, attributes, relation, multiplier, constant, priority,
    /// identifier; nil without a first item.
    func layoutConstraint(_ index: Int) -> DecompiledElement? {
        let element = DecompiledElement("constraint")
        guard let first = reader.reference(index, "NSFirstItem"),
            let firstAttribute = reader.integer(index, "NSFirstAttributeV2")
                ?? reader.integer(index, "NSFirstAttribute"),
            let firstName = UIKitDecompilation.constraintAttributes[firstAttribute]
        else { return nil }
        element.set("firstItem", id(first))
        element.set("firstAttribute", firstName)
        switch reader.integer(index, "NSRelation") {
        case .some(1): element.set("relation", "greaterThanOrEqual")
        case .some(-1): element.set("relation", "lessThanOrEqual")
        default: break
        }
        if let second = reader.reference(index, "NSSecondItem"),
            let attribute = reader.integer(index, "NSSecondAttributeV2") ?? reader.integer(index, "NSSecondAttribute"),
            let name = UIKitDecompilation.constraintAttributes[attribute]
        {
            element.set("secondItem", id(second))
            element.set("secondAttribute", name)
        }
        // The legacy constant of a constraint on a margin has the margin folded in
        // (``ConstraintRule``): only the V2 constant is the document's.
        let secondAttribute = reader.integer(index, "NSSecondAttributeV2") ?? reader.integer(index, "NSSecondAttribute")
        let usesMargins =
            ConstraintRule.margins[firstAttribute] != nil
            || secondAttribute.map { ConstraintRule.margins[$0] != nil } == true
        if let multiplier = reader.number(index, "NSMultiplier"), multiplier != 1 {
            element.set("multiplier", Self.number(multiplier))
        }
        if reader.has(index, "NSSymbolicConstant") {
            element.set("symbolic", "YES")
        } else if let constant = reader.number(index, "NSConstantV2")
            ?? (usesMargins ? nil : reader.number(index, "NSConstant")),
            constant != 0
        {
            element.set("constant", Self.number(constant))
        }
        if let priority = reader.integer(index, "NSPriority") { element.set("priority", String(priority)) }
        if let identifier = reader.string(index, "NSLayoutIdentifier") { element.set("identifier", identifier) }
        element.set("id", id(index))
        return element
    }

    /// A number as Interface Builder writes it: whole numbers without a fraction, others with
    /// the shortest text that reads back as the same double.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A Swift class name mangled as ibtool writes it (`_TtC6Module5Class`) → class and module.
    static func demangled(_ name: String) -> (className: String, module: String?) {
        guard name.hasPrefix("_TtC") else { return (name, nil) }
        var rest = Substring(name.dropFirst(4))
        func part() -> String? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count < 6, let count = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard rest.utf8.count >= count else { return nil }
            let utf8 = rest.utf8
            let end = utf8.index(utf8.startIndex, offsetBy: count)
            guard let text = String(utf8[utf8.startIndex..<end]) else { return nil }
            rest = Substring(utf8[end...])
            return text
        }
        guard let module = part(), let className = part(), rest.isEmpty else { return (name, nil) }
        return (className, module)
    }

    /// Inverts a compiler table (name → code), preferring the first name listed in `preferred`
    /// when several names share a code.
    static func inverted(_ table: [String: Int], preferring preferred: [String] = []) -> [Int: String] {
        var result: [Int: String] = [:]
        for (name, code) in table.sorted(by: { $0.key < $1.key }) where result[code] == nil {
            result[code] = name
        }
        for name in preferred.reversed() { if let code = table[name] { result[code] = name } }
        return result
    }
}
