import Foundation
import NibArchive

/// One UIKit nib → `.xib`: placeholders, views with their subviews and constraints, outlets
/// and actions, user-defined runtime attributes, and the resources they name. Each key is read
/// with the table the compiler's rule writes it with (``ViewEncoder``, ``LabelRule``,
/// ``ButtonRule``, ``UIKitStackViewRule``, ``ConstraintRule``, ``ConnectionRule``, ``FontRule``,
/// ``ColorRule``).
final class UIKitDecompilation: DecompileState {
    /// Object index → its element, for connections and runtime attributes.
    private var elements: [Int: DecompiledElement] = [:]
    private var visited: Set<Int> = []
    /// Subviews whose generated constraints say `fixedFrame` or `ambiguous`.
    private var prototypingFlags: [Int: String] = [:]
    /// Views whose `<viewLayoutGuide key="safeArea">` came from their own guide.
    private var safeAreaPlaced: Set<Int> = []
    /// Views with their own safe area guide whose placeholder guide has not been met yet.
    private var ownGuidesPending: Set<Int> = []
    /// Subview → its superview.
    private var parentOf: [Int: Int] = [:]
    var era = XcodeEra(13)
    var localizable = false
    /// Whether the nib is a storyboard's (whose sRGB colors the compiler rounds: ``ColorRule``).
    var inStoryboard = false
    /// How deep views nest before the rest is left out (a comment): real nibs stay far below.
    static let maximumDepth = 200
    /// Indexes above every real object's, for ids of elements no object stands for.
    static let syntheticBase = 1 << 40

    static let contentModes = inverted(ViewEncoder.contentModes)
    static let semanticAttributes = inverted(ViewEncoder.semanticContentAttributes)
    static let alignments = inverted(LabelRule.alignments)
    static let lineBreakModes = inverted(LabelRule.lineBreakModes)
    static let buttonTypes = inverted(ButtonRule.types, preferring: ["system"])
    static let buttonStates = inverted(ButtonRule.states)
    static let horizontalAlignments = inverted(ButtonRule.horizontal)
    static let verticalAlignments = inverted(ButtonRule.vertical)
    static let constraintAttributes = inverted(ConstraintRule.attributes, preferring: ["lastBaseline"])
    static let eventTypes = inverted(ConnectionRule.eventMasks)
    static let stackAxes = inverted(UIKitStackViewRule.axes)
    static let stackDistributions = inverted(UIKitStackViewRule.distributions)
    static let stackAlignments = inverted(UIKitStackViewRule.alignments, preferring: ["leading", "trailing"])
    static let verticalStackAlignments = inverted(UIKitStackViewRule.alignments, preferring: ["top", "bottom"])
    /// Runtime class → element name: the view rules' classes, then the element classes whose
    /// name is not the class's.
    static let elementNames: [String: String] = {
        var names: [String: String] = [:]
        // An element named after its class (`view` for UIView) before the other elements that
        // archive the class (`containerView`, `collectionViewCellContentView`).
        let rules = ViewRule.all.sorted { $0.key < $1.key }
        for (element, rule) in rules where "UI" + element.prefix(1).uppercased() + element.dropFirst() == rule.className
        {
            names[rule.className] = element
        }
        for (element, rule) in rules where names[rule.className] == nil {
            names[rule.className] = element
        }
        for (element, className) in ClassHierarchy.uiKitElementClasses.sorted(by: { $0.key < $1.key })
        where names[className] == nil && !element.hasPrefix("collectionViewCellContent") {
            names[className] = element
        }
        // A styled cell's own labels: `<label>`s that ``TableViewCellRule`` swaps to UIKit's class.
        names["UITableViewLabel"] = "label"
        return names
    }()

    /// Keys the compiler writes for every view of an era without a source attribute.
    static let impliedViewKeys: Set<String> = [
        "UIDeepDrawRect", "UIViewLargeContentStoredProperties", "UIViewPreservesSpecificSuperviewMargins",
    ]

    /// Proxy identifier → the element it stands for in the document being built (a view nib's
    /// File's Owner is its scene's controller).
    var externalElements: [String: DecompiledElement] = [:]
    /// The top-level views of the nib, in order.
    private(set) var topLevelViews: [(index: Int, element: DecompiledElement)] = []
    /// The controller layout guides (`_UILayoutGuide`) met among the views: index and type.
    private(set) var layoutGuides: [(index: Int, type: String)] = []

    /// Decodes the nib's top-level objects (placeholders standing for `externalElements` are
    /// not repeated), then its connections and runtime attributes onto their elements.
    func decodeObjects() -> [DecompiledElement] {
        assignLocalizationIDs()
        pendingDataSources = reader.elements(0, "UINibTopLevelObjectsKey").filter {
            reader.className($0) == "UITableViewDataSource"
        }
        let storageLists = reader.elements(0, "UINibTraitStorageListsKey")
        collectCandidates(storageLists)
        var objects: [DecompiledElement] = []
        for index in reader.elements(0, "UINibTopLevelObjectsKey") {
            if let element = topLevel(index) { objects.append(element) }
        }
        safeAreas()
        connect()
        runtimeAttributes()
        for index in reader.elements(0, "UINibAccessibilityConfigurationsKey") {
            if let comment = accessibility(index) { objects.append(comment) }
        }
        for index in storageLists where !variations(index) {
            objects.append(lost("size-class variations", "the trait storage list object \(index)"))
        }
        return objects
    }

    /// The element made for object `index`, if any.
    func element(for index: Int) -> DecompiledElement? { elements[index] }

    func run() -> NibDecompiler.Result {
        era = Self.inferredEra(reader)
        let objects = DecompiledElement("objects")
        for element in decodeObjects() { objects.append(element) }
        let document = shared.uiKitDocument(type: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", era: era)
        document.append(objects)
        if let screen = shared.simulatedScreen(era: era) { document.append(screen) }
        if let resources = shared.resources() { document.append(resources) }
        return NibDecompiler.Result(
            document: document.document(), xcode: era, isBaseLocalized: localizable, unmapped: shared.unmapped)
    }

    // MARK: The Xcode

    /// The Xcode whose ibtool wrote the nib, from the keys each Xcode added
    /// (``XcodeEra``'s flags read backwards).
    static func inferredEra(_ reader: DecompileReader, inStoryboard: Bool = false) -> XcodeEra {
        var keys: Set<String> = []
        var hasSFUI = false
        var immutableDescriptors = false
        var unitImages = 0
        var sizedImages = 0
        for (index, entry) in reader.entries.enumerated() {
            for value in entry.values { keys.insert(value.key) }
            if entry.className == "UIFont", reader.string(index, "UIFontName")?.hasPrefix(".SFUI-") == true {
                hasSFUI = true
            }
            if entry.className == "UIFontDescriptor",
                reader.reference(index, "UIFontDescriptorAttributes").map(reader.className) == "NSDictionary"
            {
                immutableDescriptors = true
            }
            if entry.className == "UIImageNibPlaceholder" {
                if reader.number(index, "UIImageWidth") == 1, reader.number(index, "UIImageHeight") == 1 {
                    unitImages += 1
                } else {
                    sizedImages += 1
                }
            }
        }
        var version: Double
        // ``XcodeEra/writesModernTableKeys``: the iOS 15 SDK's table and table cell keys.
        let modernTable = ["UIContentConfigurationIdentifier", "UIFillerRowHeight", "UISectionHeaderTopPadding"]
        // An immutable font descriptor: Xcode 12 or later (``XcodeEra/writesSFUIFontDescriptors``),
        // read as 13 unless the top-level order below says before 13.
        if keys.contains("UIButtonConfiguration") || keys.contains("UIResourceCatalogName")
            || modernTable.contains(where: keys.contains) || immutableDescriptors
        {
            version = 13
        } else if keys.contains("UIViewLargeContentStoredProperties")
            || keys.contains("UIScrollViewIndicatorInsetAdjustmentBehavior") || hasSFUI
            || keys.contains("UISystemSymbolResourceName")
        {
            // The iOS 13 SDK's view keys and system font names (``XcodeEra/writesSFUIFontNames``);
            // with the iOS 14 SDK's cell keys or nil symbol keys without the catalog name, 12
            // (``XcodeEra/writesCellConfigurationKeys``, ``XcodeEra/writesNilSymbolKeys``).
            version =
                keys.contains("UIContentConfigurationView") || keys.contains("UISystemSymbolResourceName") ? 12 : 11
        } else if keys.contains("UIFontTextStyleForScaling") || keys.contains("UIViewPreservesSpecificSuperviewMargins")
            || keys.contains("UIScrollViewContentInsetAdjustmentBehavior")
        {
            version = 9
        } else if keys.contains("UIDeepDrawRect") || keys.contains("UIDisableUpdateTextColorOnTraitCollectionChange") {
            version = 8
        } else if keys.contains("UIViewSemanticContentAttribute") {
            version = 7
        } else {
            version = 6.1
        }
        // The iOS 16 SDK's keys (``XcodeEra/writesFontDescriptorOptions``,
        // ``XcodeEra/writesCenterItemGroups``: 14); what the rules date to 15 (locked navigation
        // bars, the later system font options, tables and collection views without the trait
        // override) and 16 (the launch nib mark, the iOS 18 SDK's background configurations).
        if keys.contains("UIFontDescriptorOptions") || keys.contains("UICenterItemGroups") { version = 14 }
        if keys.contains("UIIsLocked") || keys.contains("IBUINibLNEVersionKey") { version = 15 }
        if version >= 13, version < 15,
            reader.entries.indices.contains(where: { index in
                let className = actualClass(reader, index)
                if className == "UIFontDescriptor" {
                    return reader.number(index, "UIFontDescriptorOptions") == 0x8000_8404
                }
                let isModernTable =
                    ClassHierarchy.isKind(className, of: "UITableView") && reader.has(index, "UIPrefetchingEnabled")
                return (isModernTable || ClassHierarchy.isKind(className, of: "UICollectionView"))
                    && !reader.has(index, "UIViewLocalOverrideTraitCollection")
            })
        {
            version = 15
        }
        // A table view cell with the iOS 14 SDK's slots but no content configuration identifier
        // (``XcodeEra/writesContentConfigurationIdentifier``).
        if reader.entries.indices.contains(where: { index in
            ClassHierarchy.isKind(actualClass(reader, index), of: "UITableViewCell")
                && reader.has(index, "UIContentConfigurationView")
                && !reader.has(index, "UIContentConfigurationIdentifier")
        }) {
            version = max(version, 15)
        }
        if keys.contains("defaultStyle_v2") || keys.contains("UITextHighlightAttributes") { version = 16 }
        if version == 9, unitImages > 0, sizedImages == 0 { version = 10 }
        // A top-level cell without a background: an Xcode from 10, whose cells outside a table
        // no longer archive UIKit's cell background (``TableViewCellRule``).
        let topLevelObjects = reader.elements(0, "UINibTopLevelObjectsKey")
        if version == 9, sizedImages == 0,
            topLevelObjects.contains(where: { index in
                ClassHierarchy.isKind(actualClass(reader, index), of: "UITableViewCell")
                    && !reader.has(index, "UIBackgroundColor")
            })
        {
            version = 10
        }
        // A storyboard view nib with a placeholder before its view: an Xcode from 13, which
        // lists the placeholders first (``XcodeEra/listsPlaceholdersFirst``); before, the view
        // comes first. (Not for xibs: applied to them, the rule lost 13 pairs and corpus nibs that
        // round-trip as older Xcodes' output, the LaunchScreen xibs of FBPages, insulter, …)
        if inStoryboard, let first = topLevelObjects.first, reader.className(first) == "UIProxyObject",
            topLevelObjects.contains(where: { ClassHierarchy.isKind(actualClass(reader, $0), of: "UIView") })
        {
            version = max(version, 13)
        }
        // Top-level objects before a placeholder: an Xcode before 13 (``XcodeEra/listsPlaceholdersFirst``).
        let topLevel = topLevelObjects
        if let lastProxy = topLevel.lastIndex(where: { reader.className($0) == "UIProxyObject" }),
            topLevel[..<lastProxy].contains(where: { reader.className($0) != "UIProxyObject" })
        {
            version = min(version, 12)
        }
        return XcodeEra(version)
    }

    /// A `toolsVersion` that the compiler reads as `era` (``XcodeEra/init(toolsVersion:)``):
    /// a build of each modelled Xcode (13.3, 14.3, 15.2, 16.2), so that compiling the document
    /// asks for no nearest-Xcode approximation.
    static func toolsVersion(_ era: XcodeEra) -> String {
        let table: [(Double, String)] = [
            (16, "23727"), (15, "22505"), (14, "21701"), (13, "20037"), (12, "17701"), (11, "15705"), (10, "14490.70"),
            (9, "13771"), (8, "11762"), (7.3, "10117"),
            (7, "9531"), (6.3, "7706"), (6.1, "6254"),
        ]
        return table.first { era.version >= $0.0 }?.1 ?? "4514"
    }

    // MARK: Ids

    /// Localizable strings (`NSKey` `abc-12-xyz.text`) name their object's id: the decompiled
    /// element gets it back, so the compiled strings get the same keys.
    func assignLocalizationIDs() {
        let referrer = reader.firstReferrers()
        for (index, entry) in reader.entries.enumerated() where entry.className == "NSLocalizableString" {
            localizable = true
            guard let key = reader.string(index, "NSKey"), let dot = key.firstIndex(of: ".") else { continue }
            var owner = referrer[index]
            // A button's titles hang off its state contents, in a dictionary.
            var steps = 0
            while let current = owner, steps < 4,
                ["UIButtonContent", "NSMutableDictionary", "NSDictionary"].contains(reader.className(current))
            {
                owner = referrer[current]
                steps += 1
            }
            // An accessibility label's key names the configured view (AccessibilityRule).
            if let current = owner, reader.className(current) == "UIRuntimeAccessibilityConfiguration" {
                owner = reader.reference(current, "UIAccessibileObject")
            }
            if let owner { assign(String(key[..<dot]), to: owner) }
        }
    }

    // MARK: Top-level objects

    private func topLevel(_ index: Int) -> DecompiledElement? {
        let className = reader.className(index)
        if className == "UIProxyObject" {
            let identifier = reader.string(index, "UIProxiedObjectIdentifier") ?? ""
            if let external = externalElements[identifier] {
                elements[index] = external
                if let id = external["id"] { ids[index] = id }
                return nil
            }
            let placeholder = DecompiledElement("placeholder", [("placeholderIdentifier", identifier)])
            switch identifier {
            case "IBFilesOwner":
                assign("-1", to: index)
                placeholder.set("id", id(index))
                placeholder.set("userLabel", "File's Owner")
            case "IBFirstResponder":
                assign("-2", to: index)
                placeholder.set("id", id(index))
                placeholder.set("customClass", "UIResponder")
            default:
                placeholder.set("id", id(index))
            }
            elements[index] = placeholder
            return placeholder
        }
        if let recognizer = gestureRecognizer(index) { return recognizer }
        // A static table's data source: its table's `<sections>` (``tableView(_:_:_:)``).
        if reader.className(index) == "UITableViewDataSource", decodedDataSources.contains(index) { return nil }
        if isView(index) {
            if ClassHierarchy.isKind(actualClass(index), of: "UITableViewCell") { topLevelCells.insert(index) }
            let made = view(index, depth: 0)
            topLevelViews.append((index, made))
            return made
        }
        if let object = customObject(index) { return object }
        return lost("object \(actualClass(index))", "the top-level \(actualClass(index)) object \(index)")
    }

    /// `<customObject>` (``UIKitCustomObjectRule`` read backwards): a class swapper from
    /// `UICustomObject` with no other key.
    func customObject(_ index: Int) -> DecompiledElement? {
        guard reader.className(index) == "UIClassSwapper",
            reader.string(index, "UIOriginalClassName") == "UICustomObject",
            reader.values(index).allSatisfy({ ["UIClassName", "UIOriginalClassName"].contains($0.key) })
        else { return nil }
        let element = DecompiledElement("customObject", [("id", id(index))])
        if let custom = reader.string(index, "UIClassName"), custom != "NSObject" {
            let (plain, module) = Self.demangled(custom)
            element.set("customClass", plain)
            if let module { element.set("customModule", module) }
        }
        elements[index] = element
        return element
    }

    /// `<tapGestureRecognizer>` and the other recognizers (``GestureRecognizerRule`` read
    /// backwards), or nil when `index` is no recognizer the rule knows.
    func gestureRecognizer(_ index: Int) -> DecompiledElement? {
        let className = actualClass(index)
        guard
            let name = GestureRecognizerRule.classes.first(where: { $0.value == className && !$0.key.hasPrefix("pong") }
            )?.key
        else { return nil }
        let element = DecompiledElement(name)
        var used: Set<String> = [
            "UIGestureRecognizer.allowedTouchTypes", "UIGestureRecognizer.requiresExclusiveTouchType",
        ]
        if setCustomClass(index, on: element) { used.formUnion(["UIClassName", "UIOriginalClassName"]) }
        if let imp = reader.reference(index, "UITapGestureRecognizer._imp") {
            used.insert("UITapGestureRecognizer._imp")
            if let taps = reader.integer(imp, "UITapRecognizer.numberOfTapsRequired") {
                element.set("numberOfTapsRequired", String(taps))
            }
        }
        element.set("id", id(index))
        elements[index] = element
        for (key, payload) in reader.values(index) where !used.contains(key) {
            element.append(lost("\(className).\(key)", "\(key) (\(payload))"))
        }
        return element
    }

    /// Whether `index` already has an element (a scene member another controller of the
    /// scene nib claimed).
    func hasElement(_ index: Int) -> Bool { elements[index] != nil }

    /// The element of view `index` (and its subtree), or nil when it is no view.
    func decodeView(_ index: Int) -> DecompiledElement? {
        isView(index) ? view(index, depth: 0) : nil
    }

    /// Gives the nib's first top-level view the id `id` (a storyboard view nib's name holds it).
    func assignRootViewID(_ id: String) {
        if let root = reader.elements(0, "UINibTopLevelObjectsKey").first(where: { isView($0) }) {
            assign(id, to: root)
        }
    }

    private func actualClass(_ index: Int) -> String { Self.actualClass(reader, index) }

    /// The class object `index` stands for: a class swapper's original class.
    static func actualClass(_ reader: DecompileReader, _ index: Int) -> String {
        let className = reader.className(index)
        return className == "UIClassSwapper" ? reader.string(index, "UIOriginalClassName") ?? className : className
    }

    private func isView(_ index: Int) -> Bool {
        let className = actualClass(index)
        return ClassHierarchy.isKind(className, of: "UIView") || reader.has(index, "UIBounds")
    }

    // MARK: Views

    private func view(_ index: Int, depth: Int) -> DecompiledElement {
        guard visited.insert(index).inserted else {
            return lost("shared view", "the view \(index), already placed elsewhere,")
        }
        let className = actualClass(index)
        if ClassHierarchy.isKind(className, of: "UITableViewCell") { return tableViewCell(index, depth: depth) }
        var used: Set<String> = []
        func take(_ key: String) { used.insert(key) }
        let name = Self.elementNames[className] ?? Self.elementName(className)
        let element = DecompiledElement(name)
        elements[index] = element
        let rule = ViewRule.all[name]
        if setCustomClass(index, on: element) {
            take("UIClassName")
            take("UIOriginalClassName")
        }
        // Attributes in Interface Builder's order.
        if let mode = reader.integer(index, "UIContentMode") {
            take("UIContentMode")
            element.set("contentMode", Self.contentModes[mode] ?? "scaleToFill")
        } else {
            element.set("contentMode", "scaleToFill")
        }
        take("UIOpaque")
        if reader.flag(index, "UIOpaque") != true { element.set("opaque", "NO") }
        take("UIClearsContextBeforeDrawing")
        if reader.flag(index, "UIClearsContextBeforeDrawing") == false {
            element.set("clearsContextBeforeDrawing", "NO")
        }
        take("UIClipsToBounds")
        if reader.flag(index, "UIClipsToBounds") == true { element.set("clipsSubviews", "YES") }
        take("UIUserInteractionDisabled")
        if reader.flag(index, "UIUserInteractionDisabled") == true { element.set("userInteractionEnabled", "NO") }
        take("UIMultipleTouchEnabled")
        if reader.flag(index, "UIMultipleTouchEnabled") == true { element.set("multipleTouchEnabled", "YES") }
        take("UIHidden")
        if reader.flag(index, "UIHidden") == true { element.set("hidden", "YES") }
        take("UIAutoresizeSubviews")
        if reader.flag(index, "UIAutoresizeSubviews") != true { element.set("autoresizesSubviews", "NO") }
        if let alpha = reader.number(index, "UIAlpha") {
            take("UIAlpha")
            element.set("alpha", Self.number(alpha))
        }
        if let tag = reader.integer(index, "UITag") {
            take("UITag")
            element.set("tag", String(tag))
        }
        let defaultHugging = rule?.defaultHugging ?? [250, 250]
        take("UIViewContentHuggingPriority")
        let buttonType = reader.integer(index, "UIButtonType") ?? 0
        if let hugging = priorities(reader.string(index, "UIViewContentHuggingPriority")) {
            if [hugging.0, hugging.1] != defaultHugging,
                !(className == "UIButton" && buttonType >= 2 && hugging == (250, 250))
            {
                element.set("horizontalHuggingPriority", Self.number(hugging.0))
                element.set("verticalHuggingPriority", Self.number(hugging.1))
            }
        } else if defaultHugging.count == 2, defaultHugging != [250, 250] {
            // No priority archived: the source said the class's own (an activity indicator's
            // 750 × 750), which a document without the attributes (250) would not give back.
            element.set("horizontalHuggingPriority", Self.number(defaultHugging[0]))
            element.set("verticalHuggingPriority", Self.number(defaultHugging[1]))
        }
        if let resistance = priorities(reader.string(index, "UIViewContentCompressionResistancePriority")) {
            take("UIViewContentCompressionResistancePriority")
            element.set("horizontalCompressionResistancePriority", Self.number(resistance.0))
            element.set("verticalCompressionResistancePriority", Self.number(resistance.1))
        }
        take("UIViewSemanticContentAttribute")
        if let semantic = reader.integer(index, "UIViewSemanticContentAttribute"), semantic != 0 {
            element.set("semanticContentAttribute", Self.semanticAttributes[semantic] ?? "unspecified")
        }
        take("UIViewPreservesSuperviewMargins")
        if reader.flag(index, "UIViewPreservesSuperviewMargins") == true {
            element.set("preservesSuperviewLayoutMargins", "YES")
        }
        take("UIViewInsetsLayoutMarginsFromSafeArea")
        if reader.integer(index, "UIViewInsetsLayoutMarginsFromSafeArea") == 0 {
            element.set("insetsLayoutMarginsFromSafeArea", "NO")
        }
        take("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints")
        if reader.flag(index, "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints") == true {
            element.set("translatesAutoresizingMaskIntoConstraints", "NO")
        }
        if let flag = prototypingFlags[index] { element.set(flag, "YES") }
        element.set("id", id(index))

        // Frame: bounds size around the center.
        take("UIBounds")
        take("UICenter")
        if let bounds = reader.geometry(index, "UIBounds"), bounds.count == 4, bounds[0] != 0 || bounds[1] != 0 {
            element.append(lost("\(className).UIBounds origin", "the bounds origin \(bounds[0]), \(bounds[1])"))
        }
        if let frame = frame(index) { element.append(frame) }
        take("UIAutoresizingMask")
        if let mask = autoresizingMask(index) { element.append(mask) }
        if let stretch = reader.geometry(index, "UIContentStretch"), stretch.count == 4 {
            take("UIContentStretch")
            element.append(
                DecompiledElement(
                    "rect",
                    [
                        ("key", "contentStretch"), ("x", Self.number(stretch[0])), ("y", Self.number(stretch[1])),
                        ("width", Self.number(stretch[2])), ("height", Self.number(stretch[3])),
                    ]))
        }
        // Constraints ibtool generated for subviews with a fixed frame or an ambiguous layout
        // (``PrototypingConstraintRule``) stand for those flags on the subview.
        for constraint in reader.elements(index, "UIViewAutolayoutConstraints")
        where reader.className(constraint) == "NSIBPrototypingLayoutConstraint" {
            guard let item = reader.reference(constraint, "NSFirstItem") else { continue }
            switch reader.string(constraint, "NSLayoutIdentifier") {
            case PrototypingConstraintRule.identifier?: prototypingFlags[item] = "fixedFrame"
            case PrototypingConstraintRule.ambiguityIdentifier?: prototypingFlags[item] = "ambiguous"
            default: break
            }
        }
        // Subviews.
        take("UISubviews")
        let subviews = withCandidates(subviewCandidates[index], reader.elements(index, "UISubviews"))
        // A collection view cell's content view is its `contentView` (``CollectionViewCellRule``).
        let cellContent =
            ClassHierarchy.isKind(className, of: "UICollectionViewCell")
            ? reader.reference(index, "UIContentView") : nil
        var movedConstraints: [DecompiledElement] = []
        // A table's header and footer views are its subviews too (TableViewRule.encodeHeaderAndFooter).
        let tableExtras: [(key: String, view: Int)] =
            className == "UITableView"
            ? [("tableHeaderView", "UITableHeaderView"), ("tableFooterView", "UITableFooterView")].compactMap {
                key, archived in
                reader.reference(index, archived).map { (key, $0) }
            } : []
        if !subviews.isEmpty {
            let list = DecompiledElement("subviews")
            for subview in subviews {
                if let extra = tableExtras.first(where: { $0.view == subview }), isView(subview),
                    depth < Self.maximumDepth
                {
                    take(extra.key == "tableHeaderView" ? "UITableHeaderView" : "UITableFooterView")
                    parentOf[subview] = index
                    let made = view(subview, depth: depth + 1)
                    made.setKey(extra.key)
                    element.append(made)
                } else if subview == cellContent, isView(subview), depth < Self.maximumDepth {
                    let content = collectionCellContent(subview, cell: index, depth: depth + 1)
                    element.append(content.element)
                    movedConstraints = content.constraints
                } else if reader.className(subview) == "UISegment", className == "UISegmentedControl" {
                    // The control's segments (``segmentedControl(_:_:_:)``).
                    visited.insert(subview)
                } else if reader.className(subview) == "_UILayoutGuide" {
                    let identifier = reader.string(subview, "_UILayoutGuideIdentifier")
                    layoutGuides.append((subview, identifier == "_UIViewControllerBottom" ? "bottom" : "top"))
                    visited.insert(subview)
                } else if depth >= Self.maximumDepth {
                    list.append(lost("deep view", "a view nested more than \(Self.maximumDepth) levels deep"))
                } else if isView(subview) {
                    parentOf[subview] = index
                    list.append(view(subview, depth: depth + 1))
                } else {
                    list.append(
                        lost("subview \(actualClass(subview))", "the subview \(actualClass(subview)) \(subview)"))
                }
            }
            if !list.children.isEmpty { element.append(list) }
        }
        let guides = reader.elements(index, "UIViewLayoutGuides")
        if !guides.isEmpty,
            guides.allSatisfy({ reader.string($0, "UILayoutGuideIdentifier") == SafeAreaRule.identifier })
        {
            take("UIViewLayoutGuides")
        }
        // The view's own safe area guide (constraints name it): ``SafeAreaRule``.
        if let guide = guides.first(where: { reader.string($0, "UILayoutGuideIdentifier") == SafeAreaRule.identifier })
        {
            element.append(DecompiledElement("viewLayoutGuide", [("key", "safeArea"), ("id", id(guide))]))
            safeAreaPlaced.insert(index)
            ownGuidesPending.insert(index)
        }
        if let margins = reader.geometry(index, "UIViewLayoutMargins"), margins.count == 4 {
            take("UIViewLayoutMargins")
            if margins != rule?.defaultLayoutMargins {
                element.append(
                    DecompiledElement(
                        "edgeInsets",
                        [
                            ("key", "layoutMargins"), ("top", Self.number(margins[0])),
                            ("left", Self.number(margins[1])),
                            ("bottom", Self.number(margins[2])), ("right", Self.number(margins[3])),
                        ]))
            }
        }
        // The kind's own keys.
        kindDepth = depth
        switch className {
        case "UILabel", "UITableViewLabel": label(index, element, take)
        case "UIButton": button(index, element, take)
        case "UIImageView": imageView(index, element, take)
        case "UIStackView": stackView(index, element, take)
        case "UITextField": textField(index, element, take)
        case "UITableView": tableView(index, element, take)
        case "UIScrollView": scrollKeys(index, element, take)
        case "UIActivityIndicatorView": activityIndicator(index, element, take)
        case "UIProgressView": progressView(index, element, take)
        case "UIDatePicker": datePicker(index, element, take)
        case "WKWebView": webView(index, element, take)
        case "UISegmentedControl": segmentedControl(index, element, take)
        case "UIToolbar": toolbar(index, element, take)
        case "UITextView":
            scrollKeys(index, element, take)
            textView(index, element, take)
        case "UICollectionView":
            scrollKeys(index, element, take)
            collectionView(index, element, take)
        case "UISwitch": switchKeys(index, element, take)
        // A reusable view's identifier (``CollectionReusableViewRule``: kiralab's load-earlier header).
        case "UICollectionReusableView":
            copyString(index, "UIReuseIdentifier", to: "reuseIdentifier", of: element, take)
        case _ where cellContent != nil:
            collectionViewCell(index, element, take)
        default: break
        }
        if !used.contains("UIBackgroundColor"),
            let color = color(reader.reference(index, "UIBackgroundColor"), key: "backgroundColor")
        {
            take("UIBackgroundColor")
            element.append(color)
        }
        if !used.contains("UITintColor"), let color = color(reader.reference(index, "UITintColor"), key: "tintColor") {
            take("UITintColor")
            element.append(color)
        }
        take("UIViewAutolayoutConstraints")
        let constraints = withCandidates(
            constraintCandidates[index], reader.elements(index, "UIViewAutolayoutConstraints"))
        if !constraints.isEmpty || !movedConstraints.isEmpty {
            let list = DecompiledElement("constraints")
            for constraint in constraints {
                if let made = self.constraint(constraint, owner: index) { list.append(made) }
            }
            for made in movedConstraints { list.append(made) }
            if !list.children.isEmpty { element.append(list) }
        }
        for (key, payload) in reader.values(index)
        where !used.contains(key) && !Self.impliedViewKeys.contains(key) {
            element.append(lost("\(className).\(key)", "\(key) (\(payload))"))
        }
        return element
    }

    static let cellSelectionStyles = inverted(TableViewCellRule.selectionStyles)
    static let cellAccessoryTypes = inverted(TableViewCellRule.accessoryTypes)
    static let cellStyles = inverted(TableViewCellRule.cellStyles)
    /// Keys ``TableViewCellRule`` writes for every cell of an era, from no attribute, and the
    /// ones this function reads through others (the content view, the style's own views).
    static let impliedCellKeys: Set<String> = [
        "UIDeepDrawRect", "UIAutoresizeSubviews", "UIViewSemanticContentAttribute",
        "UIViewLargeContentStoredProperties",
        "UIContentConfigurationIdentifier", "UIContentConfigurationView", "UIViewPreservesSpecificSuperviewMargins",
        "UIContentView", "UITextLabel", "UIDetailTextLabel", "UIImageView", "UISubviews", "UIBounds", "UICenter",
        "UIAutoresizingMask", "UITableCellBackgroundColorSet", "UIViewLayoutGuides",
    ]
    /// Content view → its cell, for the cell's safe area (listed after the content view).
    private var cellOfContentView: [Int: Int] = [:]
    /// Top-level cells (``TableViewCellRule`` names a top-level cell's background before Xcode 10).
    private var topLevelCells: Set<Int> = []

    /// `<tableViewCell>` (``TableViewCellRule`` read backwards): its attributes, frame, mask,
    /// `<tableViewCellContentView key="contentView">`, colors and safe area; the separator view
    /// and the iOS 14 SDK's system background view are the compiler's.
    private func tableViewCell(_ index: Int, depth: Int) -> DecompiledElement {
        let className = actualClass(index)
        var used = Self.impliedCellKeys
        let element = DecompiledElement("tableViewCell")
        elements[index] = element
        used.insert("UIContentMode")
        element.set("contentMode", Self.contentModes[reader.integer(index, "UIContentMode") ?? 0] ?? "scaleToFill")
        // TableViewCellRule archives UIOpaque only for an opaque cell (as for any view).
        if reader.flag(index, "UIOpaque") != true { element.set("opaque", "NO") }
        used.insert("UIOpaque")
        for (key, attribute, value) in [
            ("UIClipsToBounds", "clipsSubviews", "YES"), ("UIUserInteractionDisabled", "userInteractionEnabled", "NO"),
            ("UIHidden", "hidden", "YES"),
        ] where reader.flag(index, key) == true {
            used.insert(key)
            element.set(attribute, value)
        }
        if let tag = reader.integer(index, "UITag") {
            used.insert("UITag")
            element.set("tag", String(tag))
        }
        used.insert("UISelectionStyle")
        element.set(
            "selectionStyle", Self.cellSelectionStyles[reader.integer(index, "UISelectionStyle") ?? 3] ?? "default")
        if let level = reader.integer(index, "UIIndentationLevel") {
            used.insert("UIIndentationLevel")
            element.set("indentationLevel", String(level))
        }
        if let accessory = reader.integer(index, "UIAccessoryType"), let name = Self.cellAccessoryTypes[accessory] {
            used.insert("UIAccessoryType")
            element.set("accessoryType", name)
        }
        used.insert("UIIndentationWidth")
        // Written at its default, 10, as Interface Builder does; the compiler leaves 10 out
        // before Xcode 13.
        element.set("indentationWidth", Self.number(reader.number(index, "UIIndentationWidth") ?? 10))
        if let style = reader.integer(index, "UITableViewCellStyle"), let name = Self.cellStyles[style] {
            used.insert("UITableViewCellStyle")
            element.set("style", name)
        }
        copyString(index, "UIReuseIdentifier", to: "reuseIdentifier", of: element, { used.insert($0) })
        copyString(index, "UIRestorationIdentifier", to: "restorationIdentifier", of: element, { used.insert($0) })
        for (key, attribute) in [
            ("UITextLabel", "textLabel"), ("UIDetailTextLabel", "detailTextLabel"), ("UIImageView", "imageView"),
        ] {
            if let view = reader.reference(index, key) { element.set(attribute, id(view)) }
        }
        if reader.flag(index, "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints") == true {
            used.insert("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints")
            element.set("translatesAutoresizingMaskIntoConstraints", "NO")
        }
        if reader.flag(index, "UIViewPreservesSuperviewMargins") == true {
            used.insert("UIViewPreservesSuperviewMargins")
            // Xcode 6 writes it on every cell (``TableViewCellRule``).
            if era >= XcodeEra(7) { element.set("preservesSuperviewLayoutMargins", "YES") }
        }
        if reader.integer(index, "UIViewInsetsLayoutMarginsFromSafeArea") == 0 {
            used.insert("UIViewInsetsLayoutMarginsFromSafeArea")
            element.set("insetsLayoutMarginsFromSafeArea", "NO")
        }
        element.set("id", id(index))
        if setCustomClass(index, on: element) { used.formUnion(["UIClassName", "UIOriginalClassName"]) }
        if let frame = frame(index) { element.append(frame) }
        if let mask = autoresizingMask(index) { element.append(mask) }
        // The content view, then the separator ibtool generates (and, from Xcode 13, UIKit's
        // system background view), which the compiler makes again.
        let content = reader.reference(index, "UIContentView")
        for subview in reader.elements(index, "UISubviews") {
            let subviewClass = reader.className(subview)
            if subview == content, isView(subview), depth < Self.maximumDepth {
                cellOfContentView[subview] = index
                let made = view(subview, depth: depth + 1)
                made.setKey("contentView")
                made.set("tableViewCell", id(index))
                element.append(made)
            } else if subviewClass != "_UITableViewCellSeparatorView" && subviewClass != "_UISystemBackgroundView" {
                element.append(lost("cell subview \(subviewClass)", "the cell's subview \(subviewClass) \(subview)"))
            }
        }
        // A background UIKit gives the cell (the iOS 14 SDK's system background, or a top-level
        // cell's before Xcode 10) is the compiler's; any other is the document's.
        let background = reader.reference(index, "UIBackgroundColor")
        let systemBackground =
            reader.flag(index, "UIDidEncodeCompatibilityBackgroundColor") == true
            || (topLevelCells.contains(index) && era < XcodeEra(10)
                && background.flatMap { reader.string($0, "UISystemColorName") } == "tableCellBackgroundColor")
        used.formUnion(["UIDidEncodeCompatibilityBackgroundColor", "UISystemBackgroundView"])
        if systemBackground {
            used.insert("UIBackgroundColor")
        } else if let color = color(background, key: "backgroundColor") {
            used.insert("UIBackgroundColor")
            element.append(color)
        }
        if let color = color(reader.reference(index, "UITintColor"), key: "tintColor") {
            used.insert("UITintColor")
            element.append(color)
        }
        if let guide = reader.elements(index, "UIViewLayoutGuides").first(where: {
            reader.string($0, "UILayoutGuideIdentifier") == SafeAreaRule.identifier
        }) {
            element.append(DecompiledElement("viewLayoutGuide", [("key", "safeArea"), ("id", id(guide))]))
            safeAreaPlaced.insert(index)
            ownGuidesPending.insert(index)
        }
        for (key, payload) in reader.values(index) where !used.contains(key) {
            element.append(lost("\(className).\(key)", "\(key) (\(payload))"))
        }
        return element
    }

    /// Sets `customClass` (and `customModule`, from a mangled Swift name) for a class swapper;
    /// whether `index` is one.
    @discardableResult
    func setCustomClass(_ index: Int, on element: DecompiledElement) -> Bool {
        guard reader.className(index) == "UIClassSwapper" else { return false }
        if let custom = reader.string(index, "UIClassName") {
            let (plain, module) = Self.demangled(custom)
            element.set("customClass", plain)
            if let module { element.set("customModule", module) }
        }
        return true
    }

    /// `<rect key="frame">` of a view: its bounds' size around its center.
    func frame(_ index: Int) -> DecompiledElement? {
        guard let bounds = reader.geometry(index, "UIBounds"), bounds.count == 4,
            let center = reader.geometry(index, "UICenter"), center.count == 2
        else { return nil }
        return DecompiledElement(
            "rect",
            [
                ("key", "frame"), ("x", Self.number(center[0] - bounds[2] / 2)),
                ("y", Self.number(center[1] - bounds[3] / 2)), ("width", Self.number(bounds[2])),
                ("height", Self.number(bounds[3])),
            ])
    }

    /// `<autoresizingMask>` of a view (``AutoresizingRule/bits``), unless it is the default.
    private func autoresizingMask(_ index: Int) -> DecompiledElement? {
        let mask = reader.integer(index, "UIAutoresizingMask") ?? 0
        guard mask != 36 else { return nil }
        let element = DecompiledElement("autoresizingMask", [("key", "autoresizingMask")])
        for (name, bit) in AutoresizingRule.bits where mask & bit != 0 { element.set(name, "YES") }
        return element
    }

    static func elementName(_ className: String) -> String {
        guard className.hasPrefix("UI"), className.count > 2, ClassHierarchy.superclasses[className] != nil else {
            return "view"
        }
        let rest = className.dropFirst(2)
        return (rest.first.map { String($0).lowercased() } ?? "") + rest.dropFirst()
    }

    func priorities(_ text: String?) -> (Double, Double)? {
        guard let text else { return nil }
        let parts = text.trimmingCharacters(in: ["{", "}", " "]).split(separator: ",").map {
            Double($0.trimmingCharacters(in: [" "]))
        }
        guard parts.count == 2, let first = parts[0], let second = parts[1] else { return nil }
        return (first, second)
    }

    // MARK: Kinds

    private func label(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        // Attributed text (``LabelRule``'s attributed forms read backwards): the label's text,
        // font, text color and alignment are the fragment's.
        let attributed = reader.reference(index, "UIAttributedText").flatMap { attributedLabelText(index, $0) }
        if let attributed {
            for key in [
                "UIAttributedText", "UIText", "UIFont", "UITextColor", "UITextAlignment",
                "UIDisableUpdateTextColorOnTraitCollectionChange",
            ] {
                take(key)
            }
            element.set("usesAttributedText", "YES")
        } else if let textIndex = reader.reference(index, "UIText"), let text = reader.string(at: textIndex) {
            take("UIText")
            if text.contains("\n") || text.contains("\r") {
                let string = DecompiledElement("string", [("key", "text")])
                string.text = text
                element.append(string)
            } else {
                element.set("text", text)
            }
        }
        if attributed == nil {
            let alignment = reader.integer(index, "UITextAlignment") ?? 0
            take("UITextAlignment")
            element.set("textAlignment", Self.alignments[alignment] ?? "left")
        }
        take("UILineBreakMode")
        element.set(
            "lineBreakMode", Self.lineBreakModes[reader.integer(index, "UILineBreakMode") ?? 4] ?? "tailTruncation")
        take("UIBaselineAdjustment")
        switch reader.integer(index, "UIBaselineAdjustment") {
        case nil: element.set("baselineAdjustment", "alignBaselines")
        case 2: element.set("baselineAdjustment", "none")
        default: break
        }
        if let lines = reader.integer(index, "UINumberOfLines") {
            take("UINumberOfLines")
            element.set("numberOfLines", String(lines))
        }
        take("UIAdjustsFontSizeToFit")
        take("UIMinimumFontSize")
        take("UIMinimumScaleFactor")
        let fontSize = reader.reference(index, "UIFont").flatMap { reader.number($0, "UIFontPointSize") }
        if let minimum = reader.number(index, "UIMinimumFontSize") {
            element.set("minimumFontSize", Self.number(minimum))
            if let factor = reader.number(index, "UIMinimumScaleFactor"), let fontSize, fontSize > 0,
                Float(minimum / fontSize) != Float(factor)
            {
                element.set("minimumScaleFactor", Self.number(factor))
            }
        } else {
            if reader.flag(index, "UIAdjustsFontSizeToFit") == true { element.set("adjustsFontSizeToFit", "YES") }
            if let factor = reader.number(index, "UIMinimumScaleFactor") {
                element.set("minimumScaleFactor", Self.number(factor))
            }
        }
        copyFlag(
            index, "UIAdjustsLetterSpacingToFit", when: true, to: "adjustsLetterSpacingToFitWidth", "YES", of: element,
            take)
        if let width = reader.number(index, "UIPreferredMaxLayoutWidth") {
            take("UIPreferredMaxLayoutWidth")
            element.set("preferredMaxLayoutWidth", Self.number(width))
        }
        copyFlag(
            index, "UIAdjustsFontForContentSizeCategory", when: true, to: "adjustsFontForContentSizeCategory", "YES",
            of: element, take)
        take("UIDisableUpdateTextColorOnTraitCollectionChange")
        if let attributed {
            element.append(attributed)
        } else if let font = font(reader.reference(index, "UIFont"), key: "fontDescription") {
            take("UIFont")
            element.append(font)
        }
        if attributed != nil {
            // The fragment's color (LabelRule).
        } else if reader.flag(index, "UIDisableUpdateTextColorOnTraitCollectionChange") == false {
            // A label whose text color follows the trait collection: the document's nil color,
            // for which the compiler writes the color (LabelRule).
            take("UITextColor")
            element.append(DecompiledElement("nil", [("key", "textColor")]))
        } else if let color = color(reader.reference(index, "UITextColor"), key: "textColor") {
            take("UITextColor")
            element.append(color)
        }
        if let color = color(reader.reference(index, "UIHighlightedColor"), key: "highlightedColor") {
            take("UIHighlightedColor")
            element.append(color)
        } else {
            element.append(DecompiledElement("nil", [("key", "highlightedColor")]))
        }
        if let color = color(reader.reference(index, "UIShadowColor"), key: "shadowColor") {
            take("UIShadowColor")
            element.append(color)
        }
        take("UIShadowOffset")
        if !reader.has(index, "UIShadowOffset") {
            // No offset: a zero one, which UILabel leaves out (``LabelRule``; Xcode 9's
            // attributed labels, ``LabelRule/encodeAttributed(_:_:_:)``, have it so).
            element.append(DecompiledElement("size", [("key", "shadowOffset"), ("width", "0.0"), ("height", "0.0")]))
        } else if let offset = reader.geometry(index, "UIShadowOffset"), offset.count == 2, offset != [0, -1] {
            element.append(
                DecompiledElement(
                    "size",
                    [("key", "shadowOffset"), ("width", Self.number(offset[0])), ("height", Self.number(offset[1]))]))
        }
    }

    // MARK: Attributed strings

    static let paragraphAlignments = inverted(AttributedStringRule.allParagraphAlignments)
    static let paragraphLineBreakModes = inverted(AttributedStringRule.paragraphLineBreakModes)

    /// The text and attribute dictionary (attribute name → value object) of an archived
    /// `NSAttributedString` of one attribute run, or nil for anything else (several runs
    /// archive `NSAttributeInfo`).
    private func attributedParts(_ index: Int) -> (text: String, attributes: [(String, Int)])? {
        guard ["NSAttributedString", "NSMutableAttributedString"].contains(reader.className(index)),
            !reader.has(index, "NSAttributeInfo"), let text = reader.string(index, "NSString"),
            let dictionary = reader.reference(index, "NSAttributes")
        else { return nil }
        var attributes: [(String, Int)] = []
        for (key, value) in reader.pairs(at: dictionary) {
            guard let name = reader.string(at: key) else { return nil }
            attributes.append((name, value))
        }
        return (text, attributes)
    }

    /// `<attributedString key=…>` with one `<fragment>` and its `<attributes>`
    /// (``AttributedStringRule/fragment(_:in:readsEveryParagraphStyle:)`` read backwards):
    /// colors, the font, and the paragraph style `paragraph` makes of its object; nil when the
    /// string is not one run or holds an attribute the rule does not read (`skipping` is left
    /// to the compiler).
    private func attributedElement(
        key: String, text: String, attributes: [(String, Int)], skipping: Set<String> = [],
        paragraph: (Int) -> DecompiledElement
    ) -> DecompiledElement? {
        let list = DecompiledElement("attributes")
        for (name, value) in attributes.sorted(by: { $0.0 < $1.0 }) where !skipping.contains(name) {
            switch name {
            case "NSColor", "NSBackgroundColor":
                guard let made = color(value, key: name) else { return nil }
                list.append(made)
            case "NSFont":
                guard let made = fontAttribute(value) else { return nil }
                list.append(made)
            case "NSParagraphStyle":
                guard ["NSParagraphStyle", "NSMutableParagraphStyle"].contains(reader.className(value)) else {
                    return nil
                }
                list.append(paragraph(value))
            default:
                return nil
            }
        }
        let fragment = DecompiledElement("fragment")
        if text.contains("\n") || text.contains("\r") {
            let content = DecompiledElement("string", [("key", "content")])
            content.text = text
            fragment.append(content)
        } else {
            fragment.set("content", text)
        }
        if !list.children.isEmpty { fragment.append(list) }
        let element = DecompiledElement("attributedString", [("key", key)])
        element.append(fragment)
        return element
    }

    /// `<font key="NSFont">`: the system font by `metaFont`, a named font by name
    /// (``AttributedStringRule``'s font, which archives any other name as the system font).
    private func fontAttribute(_ index: Int) -> DecompiledElement? {
        guard reader.className(index) == "UIFont",
            let size = reader.number(index, "UIFontPointSize") ?? reader.number(index, "NSSize")
        else { return nil }
        if reader.flag(index, "UISystemFont") == true {
            return DecompiledElement("font", [("key", "NSFont"), ("metaFont", "system"), ("size", Self.number(size))])
        }
        guard let name = reader.string(index, "UIFontName") else { return nil }
        return DecompiledElement("font", [("key", "NSFont"), ("size", Self.number(size)), ("name", name)])
    }

    /// `<paragraphStyle key="NSParagraphStyle">`: the archived alignment (none: left,
    /// ``AttributedStringRule/archivedAlignment(_:)``), the line break mode given, the line metrics.
    private func paragraphStyle(_ index: Int, lineBreakMode: String) -> DecompiledElement {
        let element = DecompiledElement(
            "paragraphStyle",
            [
                ("key", "NSParagraphStyle"),
                ("alignment", Self.paragraphAlignments[reader.integer(index, "NSAlignment") ?? 0] ?? "left"),
                ("lineBreakMode", lineBreakMode), ("baseWritingDirection", "natural"),
            ])
        for (attribute, key) in AttributedStringRule.paragraphMetricKeys {
            if let value = reader.number(index, key) { element.set(attribute, Self.number(value)) }
        }
        element.set("tighteningFactorForTruncation", "0.0")
        return element
    }

    /// A label's `<attributedString key="attributedText">` for its `UIAttributedText` `string`:
    /// Xcode 13's form (``LabelRule/encodeModernAttributed(_:_:_:)``: the paragraph style is an
    /// immutable `NSParagraphStyle` when the source's line break mode is the label's, a mutable
    /// one when it differed: word wrapping, as in 29 of the pairs' 42 styles) or Xcode 9's
    /// (``LabelRule/encodeAttributed(_:_:_:)``: the string's shadow is UILabel's, the paragraph's
    /// mode the label's whatever the source said: word wrapping, as in Idrill7's three).
    private func attributedLabelText(_ label: Int, _ string: Int) -> DecompiledElement? {
        guard let (text, attributes) = attributedParts(string) else { return nil }
        let labelMode = reader.integer(label, "UILineBreakMode") ?? 4
        if era.archivesAttributedTextAsGiven {
            return attributedElement(key: "attributedText", text: text, attributes: attributes) { style in
                let mode =
                    reader.className(style) == "NSParagraphStyle"
                    ? Self.paragraphLineBreakModes[labelMode] ?? "truncatingTail"
                    : labelMode == 0 ? "truncatingTail" : "wordWrapping"
                return paragraphStyle(style, lineBreakMode: mode)
            }
        }
        let shadow = attributes.first { $0.0 == "NSShadow" }?.1
        guard let shadow, reader.className(shadow) == "NSShadow", reader.reference(shadow, "NSShadowColor") == nil
        else { return nil }
        return attributedElement(
            key: "attributedText", text: text, attributes: attributes, skipping: ["NSShadow"]
        ) { paragraphStyle($0, lineBreakMode: "wordWrapping") }
    }

    /// A button state's `<attributedString key="attributedTitle">`
    /// (``ButtonRule/attributedTitle(_:in:)`` read backwards: an immutable paragraph style
    /// that archives no line break mode).
    private func attributedTitle(_ string: Int) -> DecompiledElement? {
        guard let (text, attributes) = attributedParts(string) else { return nil }
        return attributedElement(key: "attributedTitle", text: text, attributes: attributes) {
            paragraphStyle($0, lineBreakMode: "wordWrapping")
        }
    }

    /// The `NSFont` of a button's normal-state attributed title, which the compiler gives the
    /// button when its document names no font (``ButtonRule``).
    private func attributedTitleFont(_ button: Int) -> Int? {
        let contents = reader.reference(button, "UIButtonStatefulContent").map { reader.pairs(at: $0) } ?? []
        guard let normal = contents.first(where: { reader.numberObject(at: $0.0) == 0 })?.1,
            let title = reader.reference(normal, "UIAttributedTitle"), let parts = attributedParts(title)
        else { return nil }
        return parts.attributes.first { $0.0 == "NSFont" }?.1
    }

    private func button(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        // UIControl's flags (``ButtonRule``).
        copyFlag(index, "UIDisabled", when: true, to: "enabled", "NO", of: element, take)
        copyFlag(index, "UISelected", when: true, to: "selected", "YES", of: element, take)
        let type = reader.integer(index, "UIButtonType") ?? 0
        take("UIButtonType")
        element.set("buttonType", Self.buttonTypes[type] ?? "custom")
        take("UILineBreakMode")
        element.set(
            "lineBreakMode", Self.lineBreakModes[reader.integer(index, "UILineBreakMode") ?? 5] ?? "middleTruncation")
        copyCode(
            index, "UIContentHorizontalAlignment", to: "contentHorizontalAlignment", of: element,
            Self.horizontalAlignments, unknown: "center", take)
        copyCode(
            index, "UIContentVerticalAlignment", to: "contentVerticalAlignment", of: element, Self.verticalAlignments,
            unknown: "center", take)
        for key in ["UIAdjustsImageWhenHighlighted", "UIAdjustsImageWhenDisabled"]
        where reader.flag(index, key) == true {
            take(key)
        }
        for (key, attribute) in [
            ("UIReversesTitleShadowWhenHighlighted", "reversesTitleShadowWhenHighlighted"),
            ("UIShowsTouchWhenHighlighted", "showsTouchWhenHighlighted"),
        ] where reader.flag(index, key) == true {
            take(key)
            element.set(attribute, "YES")
        }
        take("UIButtonConfiguration")
        var configuration: DecompiledElement?
        if let made = reader.reference(index, "UIButtonConfiguration") {
            configuration =
                buttonConfiguration(made) ?? lost("UIButtonConfiguration", "a button configuration (object \(made))")
        }
        defer { if let configuration { element.append(configuration) } }
        for (name, key) in [
            ("contentEdgeInsets", "UIContentEdgeInsets"), ("titleEdgeInsets", "UITitleEdgeInsets"),
            ("imageEdgeInsets", "UIImageEdgeInsets"),
        ] {
            guard let edges = reader.geometry(index, key), edges.count == 4 else { continue }
            take(key)
            element.append(
                DecompiledElement(
                    "inset",
                    [
                        ("key", name), ("minX", Self.number(edges[1])), ("minY", Self.number(edges[0])),
                        ("maxX", Self.number(edges[3])), ("maxY", Self.number(edges[2])),
                    ]))
        }
        if let fontIndex = reader.reference(index, "UIFont"), fontIndex == attributedTitleFont(index) {
            take("UIFont")
        } else if let font = font(reader.reference(index, "UIFont"), key: "fontDescription") {
            take("UIFont")
            element.append(font)
        }
        take("UIButtonStatefulContent")
        let contents = reader.reference(index, "UIButtonStatefulContent").map { reader.pairs(at: $0) } ?? []
        for (stateIndex, content) in contents {
            guard let code = reader.numberObject(at: stateIndex).flatMap({ Int(exactly: $0) }),
                let stateName = Self.buttonStates[code], reader.className(content) == "UIButtonContent"
            else {
                element.append(lost("UIButtonContent", "a button state's content (object \(content))"))
                continue
            }
            let state = DecompiledElement("state", [("key", stateName)])
            for (key, payload) in reader.values(content) {
                switch key {
                case "UITitle":
                    if let title = reader.string(content, key) { state.set("title", title) }
                case "UIAttributedTitle":
                    if let title = reader.reference(content, key).flatMap({ attributedTitle($0) }) {
                        state.append(title)
                        element.set("hasAttributedTitle", "YES")
                    } else {
                        state.append(lost("UIButtonContent.\(key)", "\(key) (\(payload))"))
                    }
                case "UIImage" where symbolReference(reader.reference(content, key)) != nil:
                    if let reference = symbolReference(reader.reference(content, key)) { state.append(reference) }
                case "UIImageSymbolConfiguration":
                    if let configuration = symbolConfiguration(reader.reference(content, key)) {
                        state.append(configuration)
                    } else {
                        state.append(lost("UIButtonContent.\(key)", "\(key) (\(payload))"))
                    }
                case "UIImage", "UIBackgroundImage":
                    if let name = image(reader.reference(content, key)) {
                        state.set(key == "UIImage" ? "image" : "backgroundImage", name)
                    } else {
                        state.append(lost("UIButtonContent.\(key)", "\(key) (\(payload))"))
                    }
                case "UITitleColor", "UIShadowColor":
                    if let color = color(
                        reader.reference(content, key), key: key == "UITitleColor" ? "titleColor" : "titleShadowColor")
                    {
                        state.append(color)
                    } else {
                        state.append(lost("UIButtonContent.\(key)", "\(key) (\(payload))"))
                    }
                default:
                    state.append(lost("UIButtonContent.\(key)", "\(key) (\(payload))"))
                }
            }
            element.append(state)
        }
    }

    static let symbolScales = inverted(ButtonRule.symbolScales)
    static let symbolWeights = inverted(ButtonRule.symbolWeights)

    /// A configured SF Symbol's placeholder → `<imageReference key="image" catalog="system"
    /// symbolScale=…>` (``ImageRule/reference(_:context:resources:)`` read backwards); nil for
    /// any other image.
    private func symbolReference(_ index: Int?) -> DecompiledElement? {
        guard let index, reader.className(index) == "UIImageNibPlaceholder",
            let configuration = reader.reference(index, "UISymbolImageConfiguration"),
            reader.className(configuration) == "UIImageSymbolConfiguration",
            Set(reader.values(configuration).map(\.key)) == ["UITraitCollection", "UISymbolScale"],
            let scale = reader.integer(configuration, "UISymbolScale").flatMap({ Self.symbolScales[$0] }),
            let name = image(index)
        else { return nil }
        return DecompiledElement(
            "imageReference", [("key", "image"), ("image", name), ("catalog", "system"), ("symbolScale", scale)])
    }

    /// A button state's `UIImageSymbolConfiguration` → `<preferredSymbolConfiguration>`
    /// (``ButtonRule/symbolConfiguration(_:in:)`` read backwards); nil for another shape.
    private func symbolConfiguration(_ index: Int?) -> DecompiledElement? {
        guard let index, reader.className(index) == "UIImageSymbolConfiguration",
            Set(reader.values(index).map(\.key)).isSubset(of: [
                "UITraitCollection", "UISymbolScale", "UIPointSize", "UISymbolWeight",
            ])
        else { return nil }
        let element = DecompiledElement("preferredSymbolConfiguration", [("key", "preferredSymbolConfiguration")])
        if let size = reader.number(index, "UIPointSize") {
            element.set("configurationType", "pointSize")
            element.set("pointSize", Self.number(size))
        }
        if let code = reader.integer(index, "UISymbolScale") {
            guard let name = Self.symbolScales[code] else { return nil }
            element.set("scale", name)
        }
        if let code = reader.integer(index, "UISymbolWeight") {
            guard let name = Self.symbolWeights[code] else { return nil }
            element.set("weight", name)
        }
        return element
    }

    static let configurationStyles = inverted(ButtonConfigurationRule.styles)
    static let configurationCodes: [(key: String, attribute: String, table: [Int: String], fallback: Int)] = [
        ("UIButtonConfigurationImagePlacement", "imagePlacement", inverted(ButtonConfigurationRule.imagePlacements), 2),
        ("UIButtonConfigurationCornerStyle", "cornerStyle", inverted(ButtonConfigurationRule.cornerStyles), 0),
        ("UIButtonConfigurationButtonSize", "buttonSize", inverted(ButtonConfigurationRule.sizes), 0),
        ("UIButtonConfigurationTitleAlignment", "titleAlignment", inverted(ButtonConfigurationRule.titleAlignments), 0),
    ]

    /// `UIButtonConfiguration` → `<buttonConfiguration key="configuration">`
    /// (``ButtonConfigurationRule`` read backwards); nil for a shape the rule does not write.
    private func buttonConfiguration(_ index: Int) -> DecompiledElement? {
        guard reader.className(index) == "UIButtonConfiguration",
            let style = reader.integer(index, "UIButtonConfigurationButtonStyle").flatMap({
                Self.configurationStyles[$0]
            })
        else { return nil }
        let element = DecompiledElement("buttonConfiguration", [("key", "configuration"), ("style", style)])
        for entry in Self.configurationCodes {
            guard let code = reader.integer(index, entry.key), code != entry.fallback else { continue }
            guard let name = entry.table[code] else { return nil }
            element.set(entry.attribute, name)
        }
        var titleFont: DecompiledElement?
        for (key, attribute) in [
            ("UIButtonConfigurationTitle", "title"), ("UIButtonConfigurationSubtitle", "subtitle"),
        ] {
            guard let string = reader.reference(index, key), let parts = attributedParts(string) else { continue }
            // A text without attributes is no text (the rule writes "" alone then).
            guard reader.has(string, "NSAttributes") else { continue }
            element.set(attribute, parts.text)
            if key == "UIButtonConfigurationTitle", let font = parts.attributes.first(where: { $0.0 == "NSFont" }) {
                titleFont = self.font(font.1, key: "titleFontDescription")
            }
        }
        for (key, attribute, fallback) in [
            ("UIButtonConfigurationImagePadding", "imagePadding", 0.0),
            ("UIButtonConfigurationTitlePadding", "titlePadding", 1),
        ] {
            if let value = reader.number(index, key), value != fallback { element.set(attribute, Self.number(value)) }
        }
        if reader.flag(index, "UIButtonConfigurationShowsActivityIndicator") == true {
            element.set("showsActivityIndicator", "YES")
        }
        if let name = image(reader.reference(index, "UIButtonConfigurationImage")) {
            element.append(DecompiledElement("imageReference", [("key", "image"), ("image", name)]))
        }
        if let inset = reader.string(index, "UIButtonConfigurationContentInset") {
            let edges = inset.trimmingCharacters(in: CharacterSet(charactersIn: "{}")).split(separator: ",").compactMap
            {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            guard edges.count == 4 else { return nil }
            element.append(
                DecompiledElement(
                    "directionalEdgeInsets",
                    [
                        ("key", "contentInsets"), ("top", Self.number(edges[0])), ("leading", Self.number(edges[1])),
                        ("bottom", Self.number(edges[2])), ("trailing", Self.number(edges[3])),
                    ]))
        }
        if let titleFont { element.append(titleFont) }
        // A background color the source set (customized); the others are the rule's defaults.
        if let background = reader.reference(index, "UIButtonConfigurationBackground"),
            reader.flag(background, "hasCustomized-backgroundColor") == true,
            let color = color(reader.reference(background, "backgroundColor"), key: "backgroundColor")
        {
            let made = DecompiledElement("backgroundConfiguration", [("key", "background")])
            made.append(color)
            element.append(made)
        }
        for (key, attribute) in [
            ("UIButtonConfigurationBaseForegroundColor", "baseForegroundColor"),
            ("UIButtonConfigurationBaseBackgroundColor", "baseBackgroundColor"),
        ] {
            if let color = color(reader.reference(index, key), key: attribute) { element.append(color) }
        }
        return element
    }

    static let borderStyles = inverted(TextFieldRule.borderStyles)
    static let clearButtonModes = inverted(TextFieldRule.clearButtonModes)
    static let capitalizations = inverted(TextInputTraitsRule.capitalizations)
    static let tristates = inverted(TextInputTraitsRule.tristate)
    static let keyboardTypes = inverted(TextFieldRule.keyboardTypes)
    static let returnKeyTypes = inverted(TextFieldRule.returnKeyTypes)

    /// Sets `attribute` to `value` and marks `key` read when the flag under `key` is `when`
    /// (a flag the compiler writes only for a source attribute that is not the default).
    private func copyFlag(
        _ index: Int, _ key: String, when flag: Bool, to attribute: String, _ value: String,
        of element: DecompiledElement, _ take: (String) -> Void
    ) {
        guard reader.flag(index, key) == flag else { return }
        take(key)
        element.set(attribute, value)
    }

    /// Sets `attribute` to the string under `key` and marks the key read; nothing when the key
    /// is absent.
    private func copyString(
        _ index: Int, _ key: String, to attribute: String, of element: DecompiledElement, _ take: (String) -> Void
    ) {
        guard let value = reader.string(index, key) else { return }
        take(key)
        element.set(attribute, value)
    }

    /// Sets `attribute` to the name `table` gives the integer under `key` (`unknown` for a code
    /// the table lacks) and marks the key read; nothing when the key is absent.
    private func copyCode(
        _ index: Int, _ key: String, to attribute: String, of element: DecompiledElement, _ table: [Int: String],
        unknown: String, _ take: (String) -> Void
    ) {
        guard let code = reader.integer(index, key) else { return }
        take(key)
        element.set(attribute, table[code] ?? unknown)
    }

    private func textField(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        copyFlag(index, "UIDisabled", when: true, to: "enabled", "NO", of: element, take)
        copyFlag(index, "UISelected", when: true, to: "selected", "YES", of: element, take)
        copyCode(
            index, "UIContentHorizontalAlignment", to: "contentHorizontalAlignment", of: element,
            Self.horizontalAlignments, unknown: "left", take)
        copyCode(index, "UIBorderStyle", to: "borderStyle", of: element, Self.borderStyles, unknown: "none", take)
        copyCode(
            index, "UIClearButtonMode", to: "clearButtonMode", of: element, Self.clearButtonModes, unknown: "never",
            take)
        copyString(index, "UIText", to: "text", of: element, take)
        copyString(index, "UIPlaceholder", to: "placeholder", of: element, take)
        copyFlag(index, "UIClearsOnBeginEditing", when: true, to: "clearsOnBeginEditing", "YES", of: element, take)
        take("UITextAlignment")
        element.set("textAlignment", Self.alignments[reader.integer(index, "UITextAlignment") ?? 0] ?? "left")
        if let minimum = reader.number(index, "UIMinimumFontSize") {
            take("UIMinimumFontSize")
            take("UIAdjustsFontSizeToFit")
            // The minimum size is archived whether or not the field adjusts (TextFieldRule).
            if reader.flag(index, "UIAdjustsFontSizeToFit") != true { element.set("adjustsFontSizeToFit", "NO") }
            element.set("minimumFontSize", Self.number(minimum))
        }
        if let name = image(reader.reference(index, "UITextFieldBackground")) {
            take("UITextFieldBackground")
            element.set("background", name)
        }
        take("UIClearButtonOffset")
        take("UIDisableTextColorUpdateOnTraitCollectionChange")
        if let font = font(reader.reference(index, "UIFont"), key: "fontDescription") {
            take("UIFont")
            element.append(font)
        }
        if reader.flag(index, "UIDisableTextColorUpdateOnTraitCollectionChange") == false {
            take("UITextColor")
            element.append(DecompiledElement("nil", [("key", "textColor")]))
        } else if let color = color(reader.reference(index, "UITextColor"), key: "textColor") {
            take("UITextColor")
            element.append(color)
        }
        element.append(textInputTraits(index, take))
    }

    /// `<textInputTraits>` (``TextInputTraitsRule`` read backwards) of a text field or view. An
    /// absent capitalization is the class's own default either way (the compiler leaves it out).
    private func textInputTraits(_ index: Int, _ take: (String) -> Void) -> DecompiledElement {
        let traits = DecompiledElement("textInputTraits", [("key", "textInputTraits")])
        let secure = reader.flag(index, "UISecureTextEntry") == true
        for (key, name, table) in [
            ("UIAutocapitalizationType", "autocapitalizationType", Self.capitalizations),
            ("UIAutocorrectionType", "autocorrectionType", Self.tristates),
            ("UISpellCheckingType", "spellCheckingType", Self.tristates),
            ("UIKeyboardType", "keyboardType", Self.keyboardTypes),
            ("UIReturnKeyType", "returnKeyType", Self.returnKeyTypes),
            ("UITextSmartQuotesType", "smartQuotesType", Self.tristates),
            ("UITextSmartDashesType", "smartDashesType", Self.tristates),
            ("UITextSmartInsertDeleteType", "smartInsertDeleteType", Self.tristates),
        ] {
            guard let code = reader.integer(index, key), let value = table[code] else { continue }
            take(key)
            // A secure field's autocorrection and spell checking are implied.
            if secure, key == "UIAutocorrectionType" || key == "UISpellCheckingType", code == 1 { continue }
            traits.set(name, value)
        }
        if reader.flag(index, "UIEnablesReturnKeyAutomatically") == true {
            take("UIEnablesReturnKeyAutomatically")
            traits.set("enablesReturnKeyAutomatically", "YES")
        }
        if secure {
            take("UISecureTextEntry")
            traits.set("secureTextEntry", "YES")
        }
        copyString(index, "UITextContentType", to: "textContentType", of: traits, take)
        return traits
    }

    static let indicatorStyles = inverted(UIKitScrollViewRule.indicatorStyles)
    static let keyboardDismissModes = inverted(UIKitScrollViewRule.keyboardDismissModes)
    static let contentInsetAdjustments = inverted(UIKitScrollViewRule.contentInsetAdjustmentBehaviors)

    /// The `UIScrollView` keys every scroll view shares (``UIKitScrollViewRule`` read
    /// backwards); the content size is the subclass's (a text view's is computed from its font).
    private func scrollKeys(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        for key in ["UIScrollViewIndicatorInsetAdjustmentBehavior", "UIBouncesZoom", "UIContentSize"] { take(key) }
        copyFlag(index, "UIBounceEnabled", when: false, to: "bounces", "NO", of: element, take)
        scrollBehaviour(index, element, take)
        copyFlag(index, "UIAlwaysBounceVertical", when: true, to: "alwaysBounceVertical", "YES", of: element, take)
        if reader.flag(index, "UIBouncesZoom") != true { element.set("bouncesZoom", "NO") }
        if let behavior = reader.integer(index, "UIScrollViewContentInsetAdjustmentBehavior"),
            let name = Self.contentInsetAdjustments[behavior]
        {
            take("UIScrollViewContentInsetAdjustmentBehavior")
            if behavior != 0 { element.set("contentInsetAdjustmentBehavior", name) }
        }
    }

    /// The indicators, scrolling, paging, directional lock and keyboard dismissal of any scroll
    /// view, table views included (``UIKitScrollViewRule/encodeScrollKeys(_:_:_:isCollectionView:contentSize:reportsInsets:)``
    /// writes them for every kind: kiralab's tables without horizontal indicators or dismissing
    /// the keyboard on drag).
    private func scrollBehaviour(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        if let style = reader.integer(index, "UIIndicatorStyle"), let name = Self.indicatorStyles[style] {
            take("UIIndicatorStyle")
            element.set("indicatorStyle", name)
        }
        for (key, attribute) in [
            ("UIShowsHorizontalScrollIndicator", "showsHorizontalScrollIndicator"),
            ("UIShowsVerticalScrollIndicator", "showsVerticalScrollIndicator"),
        ] where reader.flag(index, key) == false {
            take(key)
            element.set(attribute, "NO")
        }
        copyFlag(index, "UIScrollDisabled", when: true, to: "scrollEnabled", "NO", of: element, take)
        for (key, attribute) in [
            ("UIPagingEnabled", "pagingEnabled"), ("UIDirectionalLockEnabled", "directionalLockEnabled"),
        ]
        where reader.flag(index, key) == true {
            take(key)
            element.set(attribute, "YES")
        }
        if let mode = reader.integer(index, "UIKeyboardDismissMode"), let name = Self.keyboardDismissModes[mode] {
            take("UIKeyboardDismissMode")
            element.set("keyboardDismissMode", name)
        }
    }

    static let dataDetectorBits = TextViewRule.dataDetectorBits.sorted { $0.value < $1.value }

    /// `<textView>` (``TextViewRule`` read backwards): text, font, color, alignment, the
    /// editable and selectable switches, data detectors and text input traits. The attributed
    /// string ibtool makes of a plain text is the compiler's; attributed text is kept as a comment.
    private func textView(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        take("UIAttributedText")
        if let text = reader.string(index, "UIText") {
            take("UIText")
            if text.contains("\n") || text.contains("\r") {
                let string = DecompiledElement("string", [("key", "text")])
                string.text = text
                element.append(string)
            } else {
                element.set("text", text)
            }
        }
        take("UITextAlignment")
        element.set("textAlignment", Self.alignments[reader.integer(index, "UITextAlignment") ?? 0] ?? "left")
        for (key, attribute) in [("UIEditable", "editable"), ("UISelectable", "selectable")]
        where reader.flag(index, key) == false {
            take(key)
            element.set(attribute, "NO")
        }
        copyFlag(
            index, "UIAdjustsFontForContentSizeCategory", when: true, to: "adjustsFontForContentSizeCategory", "YES",
            of: element, take)
        if let font = font(reader.reference(index, "UIFont"), key: "fontDescription") {
            take("UIFont")
            element.append(font)
        }
        if let color = color(reader.reference(index, "UITextColor"), key: "textColor") {
            take("UITextColor")
            // Written with the color before the iOS 13 SDK (TextViewRule).
            take("UIDisableUpdateTextColorOnTraitCollectionChange")
            element.append(color)
        }
        if let bits = reader.integer(index, "UIDataDetectorTypes") {
            take("UIDataDetectorTypes")
            let detectors = DecompiledElement("dataDetectorType", [("key", "dataDetectorTypes")])
            for (name, bit) in Self.dataDetectorBits where bits & bit != 0 { detectors.set(name, "YES") }
            element.append(detectors)
        }
        element.append(textInputTraits(index, take))
    }

    /// How deep prototype nibs nest (a prototype's table view with prototypes of its own)
    /// before the rest is left out.
    static let maximumNesting = 4
    /// How many prototype nibs enclose this one.
    var nesting = 0

    /// `<prototypes>` of table view `index`: each prototype nib (``PrototypeNib``, a `UINib`
    /// whose archive data is the cell's own nib) decompiled into its `<tableViewCell>`, its
    /// upstream placeholders standing for the elements of this nib they name.
    private func prototypes(
        _ index: Int, listName: String = "prototypes", nibsKey: String = "UITableViewCellPrototypeNibs",
        externalsKey: String = "UITableViewCellPrototypeNibExternalObjects"
    ) -> DecompiledElement {
        let list = DecompiledElement(listName)
        let externalTables = Dictionary(
            reader.reference(index, externalsKey).map { reader.pairs(at: $0) } ?? [],
            uniquingKeysWith: { first, _ in first })
        let externalsByIdentifier = Dictionary(
            externalTables.compactMap { key, table in reader.string(at: key).map { ($0, table) } },
            uniquingKeysWith: { first, _ in first })
        let nibs = reader.reference(index, nibsKey).map { reader.pairs(at: $0) } ?? []
        for (position, pair) in nibs.enumerated() {
            let (key, nib) = pair
            let identifier = reader.string(at: key) ?? ""
            guard nesting < Self.maximumNesting, reader.className(nib) == "UINib",
                let data = reader.reference(nib, "archiveData"),
                case .data(let bytes)? = reader.payload(data, "NS.bytes"),
                let archive = try? NibArchive(parsing: bytes)
            else {
                list.append(lost("prototype nib", "the prototype \(identifier)'s nib"))
                continue
            }
            let nested = UIKitDecompilation(
                reader: DecompileReader(archive), shared: shared, salt: salt &* 131 &+ index &* 17 &+ position &+ 1)
            nested.era = era
            nested.inStoryboard = inStoryboard
            nested.nesting = nesting + 1
            // What the prototype's upstream placeholders stand for in this nib.
            for (name, target) in externalsByIdentifier[identifier].map({ reader.pairs(at: $0) }) ?? [] {
                guard let name = reader.string(at: name) else { continue }
                if let element = elements[target] {
                    nested.externalElements[name] = element
                } else if reader.className(target) == "UIProxyObject",
                    let proxied = reader.string(target, "UIProxiedObjectIdentifier"),
                    let element = externalElements[proxied]
                {
                    nested.externalElements[name] = element
                }
            }
            // The prototype nib's own File's Owner and First Responder stand for nothing.
            let made = nested.decodeObjects()
            if nested.localizable { localizable = true }
            for element in made where nested.topLevelViews.contains(where: { $0.element === element }) {
                list.append(element)
            }
        }
        return list
    }

    // MARK: Switches

    /// `<switch>` (``SwitchRule`` read backwards): enabled, on, the on tint; the frame is the
    /// source's, restored at load time by a `frame` key-value pair (``runtimeAttributes()``).
    private func switchKeys(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        take("UISwitchEnabled")
        copyFlag(index, "UIDisabled", when: true, to: "enabled", "NO", of: element, take)
        copyFlag(index, "UISwitchOn", when: true, to: "on", "YES", of: element, take)
        if let color = color(reader.reference(index, "UISwitchOnTintColor"), key: "onTintColor") {
            take("UISwitchOnTintColor")
            element.append(color)
        }
    }

    /// The numbers of an `NSValue` rect string (`{{x, y}, {width, height}}`), or nil.
    private func rectValue(_ index: Int) -> [Double]? {
        guard reader.className(index) == "NSValue", reader.integer(index, "NS.special") == 3,
            let text = reader.string(index, "NS.rectval")
        else { return nil }
        let numbers = text.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
        return numbers.count == 4 && numbers.allSatisfy(\.isFinite) ? numbers : nil
    }

    // MARK: Collection views

    /// Keys ``CollectionViewRule`` and ``UIKitScrollViewRule`` write for every collection view
    /// of an era, from no attribute.
    static let impliedCollectionKeys: Set<String> = [
        "UIViewLocalOverrideTraitCollection", "UIAllowsUserInitiatedMultipleSelection", "UIDelegate",
    ]

    /// `<collectionView>` (``CollectionViewRule`` read backwards): the layout, the prototype
    /// cells (nested nibs, as a table's: ``prototypes(_:listName:nibsKey:externalsKey:)``) in
    /// `<cells>`, prefetching.
    private func collectionView(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        for key in Self.impliedCollectionKeys { take(key) }
        if reader.flag(index, "UICollectionViewPrefetchingEnabled") == false {
            element.set("prefetchingEnabled", "NO")
        }
        take("UICollectionViewPrefetchingEnabled")
        if reader.has(index, "UICollectionViewCellNibDict") {
            take("UICollectionViewCellNibDict")
            take("UICollectionViewCellPrototypeNibExternalObjects")
            element.set("dataMode", "prototypes")
            element.append(
                prototypes(
                    index, listName: "cells", nibsKey: "UICollectionViewCellNibDict",
                    externalsKey: "UICollectionViewCellPrototypeNibExternalObjects"))
        }
        if let layout = reader.reference(index, "UICollectionLayout"), let made = collectionLayout(layout) {
            take("UICollectionLayout")
            element.append(made)
        }
    }

    /// `<collectionViewFlowLayout key="collectionViewLayout">` (``CollectionViewRule/layout(_:_:)``
    /// read backwards: spacings, item size, section inset and its reference, scroll direction),
    /// or a custom layout's `<collectionViewLayout>` with its class.
    private func collectionLayout(_ index: Int) -> DecompiledElement? {
        let className = actualClass(index)
        if className == "UICollectionViewLayout" {
            let element = DecompiledElement("collectionViewLayout", [("key", "collectionViewLayout")])
            element.set("id", id(index))
            setCustomClass(index, on: element)
            elements[index] = element
            return element
        }
        guard className == "UICollectionViewFlowLayout" else { return nil }
        let element = DecompiledElement("collectionViewFlowLayout", [("key", "collectionViewLayout")])
        elements[index] = element
        element.set("minimumLineSpacing", Self.number(reader.number(index, "UILineSpacing") ?? 10))
        element.set("minimumInteritemSpacing", Self.number(reader.number(index, "UIInteritemSpacing") ?? 10))
        if reader.integer(index, "UIScrollDirection") == 1 { element.set("scrollDirection", "horizontal") }
        switch reader.integer(index, "UISectionInsetReference") {
        case 1?: element.set("sectionInsetReference", "safeArea")
        case 2?: element.set("sectionInsetReference", "layoutMargins")
        default: break
        }
        setCustomClass(index, on: element)
        element.set("id", id(index))
        let size = reader.geometry(index, "UIItemSize") ?? [50, 50]
        if size.count == 2 {
            element.append(
                DecompiledElement(
                    "size", [("key", "itemSize"), ("width", Self.number(size[0])), ("height", Self.number(size[1]))]))
        }
        if let inset = reader.geometry(index, "UISectionInset"), inset.count == 4 {
            element.append(
                DecompiledElement(
                    "inset",
                    [
                        ("key", "sectionInset"), ("minX", Self.number(inset[1])), ("minY", Self.number(inset[0])),
                        ("maxX", Self.number(inset[3])), ("maxY", Self.number(inset[2])),
                    ]))
        }
        return element
    }

    /// A collection view cell's own keys (``CollectionViewCellRule``): its reuse and
    /// restoration identifiers; the iOS 14 SDK's nil configuration keys and the content view
    /// are the compiler's.
    private func collectionViewCell(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        for key in [
            "UISystemBackgroundView", "UIContentConfigurationIdentifier", "UIContentConfigurationView", "UIContentView",
        ] {
            take(key)
        }
        if let identifier = reader.string(index, "UIReuseIdentifier") {
            take("UIReuseIdentifier")
            if !identifier.isEmpty { element.set("reuseIdentifier", identifier) }
        }
        copyString(index, "UIRestorationIdentifier", to: "restorationIdentifier", of: element, take)
    }

    /// A collection view cell's content view. The older form (``CollectionViewCellRule``: UIKit's
    /// own view, which IB does not track) is `<view key="contentView">` without an id, the
    /// cell's id standing for it, its constraints the cell's (returned for the cell to list);
    /// the later one `<collectionViewCellContentView key="contentView">`, a view like any other.
    private func collectionCellContent(_ index: Int, cell: Int, depth: Int) -> (
        element: DecompiledElement, constraints: [DecompiledElement]
    ) {
        let tracked = reader.elements(0, "UINibObjectsKey").contains(index)
        if !tracked { ids[index] = id(cell) }
        let made = view(index, depth: depth)
        made.setKey("contentView")
        // A content view with subviews does not translate its mask whatever the document says.
        if !reader.elements(index, "UISubviews").isEmpty { made.remove("translatesAutoresizingMaskIntoConstraints") }
        guard !tracked else {
            made.name = "collectionViewCellContentView"
            return (made, [])
        }
        made.name = "view"
        made.remove("id")
        // Its own safe area guide is the cell's (the source's guide on the cell moves to it), so
        // the guide's placeholder, tracked after the cell, is that guide's.
        if ownGuidesPending.remove(index) != nil {
            ownGuidesPending.insert(cell)
            safeAreaPlaced.insert(cell)
        }
        return (made, made.removeChildren(named: "constraints").flatMap(\.children))
    }

    static let barSystemItems = inverted(BarButtonItemRule.systemItems)
    static let barItemStyles = inverted(BarButtonItemRule.styles)

    /// `<barButtonItem>` (``BarButtonItemRule`` read backwards) for item `index`, registered
    /// for connections, or nil when `index` is no bar button item.
    func barButtonItem(_ index: Int, key: String?) -> DecompiledElement? {
        let className = actualClass(index)
        guard className == "UIBarButtonItem", visited.insert(index).inserted else { return nil }
        let element = DecompiledElement("barButtonItem")
        if let key { element.set("key", key) }
        elements[index] = element
        var used: Set<String> = ["UIEnabled", "UIStyle"]
        if setCustomClass(index, on: element) { used.formUnion(["UIClassName", "UIOriginalClassName"]) }
        copyString(index, "UITitle", to: "title", of: element, { used.insert($0) })
        if let width = reader.number(index, "UIWidth") {
            used.insert("UIWidth")
            element.set("width", Self.number(width))
        }
        if let name = image(reader.reference(index, "UIImage")) {
            used.insert("UIImage")
            element.set("image", name)
        }
        let style = reader.integer(index, "UIStyle") ?? 0
        if style != 1 { element.set("style", Self.barItemStyles[style] ?? "plain") }
        if reader.flag(index, "UIIsSystemItem") == true, let code = reader.integer(index, "UISystemItem"),
            let name = Self.barSystemItems[code]
        {
            used.formUnion(["UIIsSystemItem", "UISystemItem"])
            element.set("systemItem", name)
        }
        if reader.flag(index, "UIEnabled") != true { element.set("enabled", "NO") }
        element.set("id", id(index))
        if let insets = reader.geometry(index, "UIImageInsets"), insets.count == 4 {
            used.insert("UIImageInsets")
            element.append(
                DecompiledElement(
                    "inset",
                    [
                        ("key", "imageInsets"), ("minX", Self.number(insets[1])), ("minY", Self.number(insets[0])),
                        ("maxX", Self.number(insets[3])), ("maxY", Self.number(insets[2])),
                    ]))
        }
        if let custom = reader.reference(index, "UICustomView"), isView(custom), nesting < Self.maximumNesting {
            used.insert("UICustomView")
            let view = self.view(custom, depth: 1)
            view.setKey("customView")
            element.append(view)
        }
        if let tint = color(reader.reference(index, "UITintColor"), key: "tintColor") {
            used.insert("UITintColor")
            element.append(tint)
        }
        for (key, payload) in reader.values(index) where !used.contains(key) {
            element.append(lost("\(className).\(key)", "\(key) (\(payload))"))
        }
        return element
    }

    /// Whether this is a storyboard's scene nib, whose File's Owner → controller
    /// (`sceneViewController`) and controller → storyboard placeholder (`storyboard`) outlets
    /// ``StoryboardCompiler`` makes for every scene.
    private var isSceneNib = false

    /// Registers `element` as object `index`'s (a storyboard controller or its navigation item
    /// made by ``StoryboardDecompilation``), so that connections reach it.
    func register(_ element: DecompiledElement, for index: Int) {
        elements[index] = element
    }

    /// A scene nib's own connections and runtime attributes (its controller's outlets to bar
    /// button items, the items' actions), once its elements are registered.
    func connectScene() {
        isSceneNib = true
        connect()
        runtimeAttributes()
    }

    static let activityIndicatorStyles = inverted(ActivityIndicatorRule.styles)

    /// `<activityIndicatorView>` (``ActivityIndicatorRule`` read backwards): the style (the
    /// iOS 13 SDK's when archived, the legacy one otherwise), hiding, animating and color.
    private func activityIndicator(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        take("UIActivityIndicatorViewStyle")
        take("UIDisableUpdateColorOnTraitCollectionChange")
        let style =
            reader.integer(index, "UIActivityIndicatorViewStyle-Modern")
            ?? reader.integer(index, "UIActivityIndicatorViewStyle") ?? 0
        take("UIActivityIndicatorViewStyle-Modern")
        if let name = Self.activityIndicatorStyles[style], style != 0 { element.set("style", name) }
        take("UIHidesWhenStopped")
        if reader.flag(index, "UIHidesWhenStopped") != false { element.set("hidesWhenStopped", "YES") }
        copyFlag(index, "UIAnimating", when: true, to: "animating", "YES", of: element, take)
        take("UIColor")
        if let color = color(reader.reference(index, "UIColor"), key: "color") { element.append(color) }
        // Before the iOS 13 SDK the indicator's color was its tint, marked from Xcode 9 by the
        // trait flag (``ActivityIndicatorRule/encodeBeforeIOS13(_:_:_:era:style:)``: chadanewsom's).
        if !reader.has(index, "UIActivityIndicatorViewStyle-Modern"),
            reader.flag(index, "UIDisableUpdateColorOnTraitCollectionChange") == true,
            let color = color(reader.reference(index, "UITintColor"), key: "color")
        {
            take("UITintColor")
            element.append(color)
        }
    }

    /// `<progressView>` (``ProgressViewRule`` read backwards): the progress, its tint and image;
    /// the frame is the source's origin with the archived width (the compiler makes the view
    /// its style's 4 points high).
    static let datePickerModes = inverted(DatePickerRule.modes)
    static let datePickerStyles = inverted(DatePickerRule.styles)

    /// `<datePicker>` (``DatePickerRule`` read backwards).
    private func datePicker(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        copyCode(index, "UIPickerStyle", to: "style", of: element, Self.datePickerStyles, unknown: "automatic", take)
        copyCode(
            index, "UIDatePickerMode", to: "datePickerMode", of: element, Self.datePickerModes, unknown: "dateAndTime",
            take)
        if let duration = reader.number(index, "UICountDownDuration") {
            take("UICountDownDuration")
            element.set("countDownDuration", Self.number(duration))
        }
        if let interval = reader.integer(index, "UIMinuteInterval") {
            take("UIMinuteInterval")
            element.set("minuteInterval", String(interval))
        }
        copyFlag(
            index, "UIDatePickerUseCurrentDateDuringDecoding", when: false, to: "useCurrentDate", "NO", of: element,
            take)
    }

    /// `<wkWebView>` and its `<wkWebViewConfiguration>` (``WebViewRule`` read backwards): the
    /// attributes and elements whose values differ from Interface Builder's defaults.
    private func webView(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        for key in ["configuration", "allowsBackForwardNavigationGestures", "customUserAgent", "allowsLinkPreview"] {
            take(key)
        }
        if reader.flag(index, "allowsBackForwardNavigationGestures") == true {
            element.set("allowsBackForwardNavigationGestures", "YES")
        }
        if reader.flag(index, "allowsLinkPreview") == false { element.set("allowsLinkPreview", "NO") }
        if let agent = reader.string(index, "customUserAgent"), !agent.isEmpty { element.set("customUserAgent", agent) }
        let configuration = DecompiledElement("wkWebViewConfiguration", [("key", "configuration")])
        let source = reader.reference(index, "configuration")
        for (name, value) in WebViewRule.configurationFlags {
            if let source, let flag = reader.flag(source, name), flag != value {
                configuration.set(name, flag ? "YES" : "NO")
            }
        }
        if let source, let name = reader.string(source, "applicationNameForUserAgent") {
            configuration.set("applicationNameForUserAgent", name)
        }
        if let source, reader.integer(source, "dataDetectorTypes") == 0 {
            configuration.append(
                DecompiledElement("dataDetectorTypes", [("key", "dataDetectorTypes"), ("none", "YES")]))
        }
        let requiresAction = source.flatMap { reader.flag($0, "mediaTypesRequiringUserActionForPlayback") } ?? false
        configuration.append(
            DecompiledElement(
                "audiovisualMediaTypes",
                [
                    ("key", "mediaTypesRequiringUserActionForPlayback"),
                    requiresAction ? ("all", "YES") : ("none", "YES"),
                ]))
        let preferences = DecompiledElement("wkPreferences", [("key", "preferences")])
        if let source, let index = reader.reference(source, "preferences") {
            if let size = reader.number(index, "minimumFontSize"), size != 0 {
                preferences.set("minimumFontSize", Self.number(size))
            }
            if reader.flag(index, "javaScriptCanOpenWindowsAutomatically") == true {
                preferences.set("javaScriptCanOpenWindowsAutomatically", "YES")
            }
            if reader.flag(index, "javaScriptEnabled") == false { preferences.set("javaScriptEnabled", "NO") }
        }
        configuration.append(preferences)
        element.append(configuration)
    }

    private func progressView(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        if let progress = reader.number(index, "UIProgress") {
            take("UIProgress")
            element.set("progress", Self.number(progress))
        }
        if let color = color(reader.reference(index, "UIProgressProgressTintColor"), key: "progressTintColor") {
            take("UIProgressProgressTintColor")
            element.append(color)
        }
        if let name = image(reader.reference(index, "UIProgressProgressImage")) {
            take("UIProgressProgressImage")
            element.set("progressImage", name)
        }
    }

    /// `<segmentedControl>` (``SegmentedControlRule`` read backwards): the selected segment,
    /// alignments, the tint (archived under the control's own key) and one `<segment>` per
    /// titled `UISegment`.
    private func segmentedControl(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        copyCode(
            index, "UIContentHorizontalAlignment", to: "contentHorizontalAlignment", of: element,
            Self.horizontalAlignments, unknown: "center", take)
        copyCode(
            index, "UIContentVerticalAlignment", to: "contentVerticalAlignment", of: element, Self.verticalAlignments,
            unknown: "center", take)
        element.set("segmentControlStyle", "plain")
        if let selected = reader.integer(index, "UISelectedSegmentIndex") {
            take("UISelectedSegmentIndex")
            element.set("selectedSegmentIndex", String(selected))
        }
        let segments = DecompiledElement("segments")
        take("UISegments")
        for segment in reader.elements(index, "UISegments") {
            let made = DecompiledElement("segment")
            if let title = reader.string(segment, "UISegmentInfo") { made.set("title", title) }
            for (key, payload) in reader.values(segment)
            where ![
                "UISegmentInfo", "UISegmentStyle", "UISegmentPosition", "UIBounds", "UICenter", "UIDeepDrawRect",
                "UIAutoresizeSubviews", "UIViewSemanticContentAttribute",
            ].contains(key) {
                made.append(lost("UISegment.\(key)", "\(key) (\(payload))"))
            }
            segments.append(made)
        }
        element.append(segments)
        if let tint = color(reader.reference(index, "UISegmentedControlTintColor"), key: "tintColor") {
            take("UISegmentedControlTintColor")
            element.append(tint)
        }
    }

    /// `<toolbar>` (``UIKitToolbarRule`` read backwards): translucency, bar tint and the
    /// `<items>`' bar button items; the bar position is the compiler's.
    private func toolbar(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        take("UIBarPosition")
        take("UIBarTranslucence")
        if reader.integer(index, "UIBarTranslucence") == 2 { element.set("translucent", "NO") }
        if let tint = color(reader.reference(index, "UIBarTintColor"), key: "barTintColor") {
            take("UIBarTintColor")
            element.append(tint)
        }
        let items = reader.elements(index, "UIItems")
        let made = items.compactMap { barButtonItem($0, key: nil) }
        if made.count == items.count {
            take("UIItems")
            if !made.isEmpty {
                let list = DecompiledElement("items")
                for item in made { list.append(item) }
                element.append(list)
            }
        }
    }

    static let tabBarSystemItems = inverted(TabBarRule.systemItems)

    /// `<tabBarItem key="tabBarItem">` (``TabBarRule/item(_:context:resources:)`` read
    /// backwards): a system item, or a title and images; registered for connections.
    func tabBarItem(_ index: Int) -> DecompiledElement? {
        guard reader.className(index) == "UITabBarItem", visited.insert(index).inserted else { return nil }
        let element = DecompiledElement("tabBarItem", [("key", "tabBarItem")])
        elements[index] = element
        var used: Set<String> = ["UIEnabled"]
        if let code = reader.integer(index, "UISystemItem"), let name = Self.tabBarSystemItems[code] {
            used.insert("UISystemItem")
            element.set("systemItem", name)
        }
        copyString(index, "UITitle", to: "title", of: element, { used.insert($0) })
        for (key, attribute) in [("UIImage", "image"), ("UISelectedTemplateImage", "selectedImage")] {
            if let name = image(reader.reference(index, key)) {
                used.insert(key)
                element.set(attribute, name)
            }
        }
        if reader.flag(index, "UIEnabled") == false { element.set("enabled", "NO") }
        element.set("id", id(index))
        // TabBarRule.item: the badge color.
        if let badge = color(reader.reference(index, "UIBadgeColor"), key: "badgeColor") {
            used.insert("UIBadgeColor")
            element.append(badge)
        }
        for (key, payload) in reader.values(index) where !used.contains(key) {
            element.append(lost("UITabBarItem.\(key)", "\(key) (\(payload))"))
        }
        return element
    }

    static let tableStyles = inverted(TableViewRule.styles)
    /// Keys ``TableViewRule`` writes for every table view of an era, from no attribute.
    static let impliedTableKeys: Set<String> = [
        "UIViewLocalOverrideTraitCollection", "UIScrollViewIndicatorInsetAdjustmentBehavior", "UIBouncesZoom",
        "UIScrollViewContentInsetAdjustmentBehavior", "UIPrefetchingEnabled", "UIFillerRowHeight",
        "UISectionHeaderTopPadding", "UIInsetsContentViewsToSafeArea", "UISeparatorInsetReference", "UIContentSize",
        "UIShowsSelectionImmediatelyOnTouchBegin", "UISeparatorStyleIOS5AndLater", "UISeparatorStyle",
        "UISeparatorStyleIOS9AndLater", "UIStyle", "UITableViewStyle",
    ]

    /// `<tableView>` (``TableViewRule`` read backwards): style, separators, heights, bouncing,
    /// selection, colors; prototype cells (nested nibs) and static sections are kept as comments.
    private func tableView(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        for key in Self.impliedTableKeys { take(key) }
        // From Xcode 11 a table's white background archives UIKit's name before the source's
        // own components (``TableViewRule``'s white naming): the components are the document's.
        if era.resolvesSystemColors, let background = reader.reference(index, "UIBackgroundColor"),
            reader.string(background, "UISystemColorName") == "tableBackgroundColor",
            reader.number(background, "UIWhite") == 1, let color = plainColor(background, key: "backgroundColor")
        {
            take("UIBackgroundColor")
            element.append(color)
        }
        let style = reader.integer(index, "UITableViewStyle") ?? reader.integer(index, "UIStyle") ?? 0
        element.set("style", Self.tableStyles[style] ?? "plain")
        if reader.integer(index, "UISeparatorStyleIOS9AndLater") == 0 || !reader.has(index, "UISeparatorStyle") {
            element.set("separatorStyle", "none")
        } else {
            element.set("separatorStyle", "default")
        }
        if reader.has(index, "UITableViewCellPrototypeNibs") {
            element.set("dataMode", "prototypes")
            take("UITableViewCellPrototypeNibs")
            take("UITableViewCellPrototypeNibExternalObjects")
            element.append(prototypes(index))
        } else if !pendingDataSources.isEmpty {
            element.set("dataMode", "static")
            element.append(staticSections(pendingDataSources.removeFirst()))
        }
        let modern = reader.has(index, "UIFillerRowHeight")
        for (key, attribute, fallback) in [
            ("UIRowHeight", "rowHeight", -1.0), ("UISectionHeaderHeight", "sectionHeaderHeight", modern ? -1 : .nan),
            ("UISectionFooterHeight", "sectionFooterHeight", modern ? -1 : .nan),
            ("UIEstimatedRowHeight", "estimatedRowHeight", 0),
            ("UIEstimatedSectionHeaderHeight", "estimatedSectionHeaderHeight", 0),
            ("UIEstimatedSectionFooterHeight", "estimatedSectionFooterHeight", 0),
        ] {
            guard let value = reader.number(index, key) else { continue }
            take(key)
            if value != fallback { element.set(attribute, Self.number(value)) }
        }
        copyFlag(index, "UIAlwaysBounceVertical", when: true, to: "alwaysBounceVertical", "YES", of: element, take)
        copyFlag(index, "UIBounceEnabled", when: false, to: "bounces", "NO", of: element, take)
        scrollBehaviour(index, element, take)
        copyFlag(index, "UIAllowsSelection", when: false, to: "allowsSelection", "NO", of: element, take)
        copyFlag(
            index, "UIAllowsSelectionDuringEditing", when: true, to: "allowsSelectionDuringEditing", "YES", of: element,
            take)
        for (key, name) in [
            ("UISeparatorColor", "separatorColor"), ("UISectionIndexColor", "sectionIndexColor"),
            ("UISectionIndexBackgroundColor", "sectionIndexBackgroundColor"),
        ] {
            if let color = color(reader.reference(index, key), key: name) {
                take(key)
                element.append(color)
            }
        }
        if let inset = reader.geometry(index, "UISeparatorInset"), inset.count == 4 {
            take("UISeparatorInset")
            element.append(
                DecompiledElement(
                    "inset",
                    [
                        ("key", "separatorInset"), ("minX", Self.number(inset[1])), ("minY", Self.number(inset[0])),
                        ("maxX", Self.number(inset[3])), ("maxY", Self.number(inset[2])),
                    ]))
        }
    }

    /// The nib's static table data sources not yet given to a table, in top-level order: the
    /// order ``StoryboardCompiler`` lists them, that of their tables in the document.
    private var pendingDataSources: [Int] = []
    /// The depth of the view whose kind's keys are being read (static cells nest below it).
    private var kindDepth = 0
    /// The data sources given to a table, whose `staticDataSource` outlets are the compiler's.
    private var decodedDataSources: Set<Int> = []

    /// `<sections>` of a static table (``TableViewRule/encodeStaticSections(_:table:_:_:)`` read
    /// backwards): each `UITableViewSection` a `<tableViewSection>` with its header and footer
    /// titles and `<cells>`, each row's cell with its `rowHeight` (-1: none).
    private func staticSections(_ dataSource: Int) -> DecompiledElement {
        let depth = kindDepth
        decodedDataSources.insert(dataSource)
        visited.insert(dataSource)
        let list = DecompiledElement("sections")
        for section in reader.elements(dataSource, "UITableSections") {
            let made = DecompiledElement("tableViewSection")
            for (key, attribute) in [
                ("UITableSectionHeaderTitle", "headerTitle"), ("UITableSectionFooterTitle", "footerTitle"),
            ] {
                if let title = reader.string(section, key) { made.set(attribute, title) }
            }
            made.set("id", id(section))
            elements[section] = made
            let cells = DecompiledElement("cells")
            for row in reader.elements(section, "UITableSectionRows") {
                guard let cell = reader.reference(row, "UITableRowCell"),
                    ClassHierarchy.isKind(actualClass(cell), of: "UITableViewCell"), depth < Self.maximumDepth
                else {
                    cells.append(lost("static table row", "a static table row without a cell"))
                    continue
                }
                let element = view(cell, depth: depth + 1)
                if let height = reader.number(row, "UITableRowHeight"), height != -1 {
                    element.set("rowHeight", Self.number(height))
                }
                cells.append(element)
            }
            made.append(cells)
            list.append(made)
        }
        return list
    }

    private func imageView(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        // A configured SF Symbol is an `<imageReference key="image">` (the image view rule reads
        // it as a button state's).
        if let reference = symbolReference(reader.reference(index, "UIImage")) {
            take("UIImage")
            element.append(reference)
        } else if let name = image(reader.reference(index, "UIImage")) {
            take("UIImage")
            element.set("image", name)
        }
        copyFlag(
            index, "UIAdjustsImageSizeForAccessibilityContentSizeCategory", when: true,
            to: "adjustsImageSizeForAccessibilityContentSizeCategory", "YES", of: element, take)
    }

    private func stackView(_ index: Int, _ element: DecompiledElement, _ take: (String) -> Void) {
        let axis = reader.integer(index, "UIStackViewAxis") ?? 0
        for key in [
            "UIStackViewAxis", "UIStackViewDistribution", "UIStackViewAlignment", "UIStackViewSpacing",
            "UIStackViewBaselineRelative", "UIStackViewLayoutMarginsRelative",
        ] {
            take(key)
        }
        if axis != 0 { element.set("axis", Self.stackAxes[axis] ?? "horizontal") }
        if let distribution = reader.integer(index, "UIStackViewDistribution"), distribution != 0 {
            element.set("distribution", Self.stackDistributions[distribution] ?? "fill")
        }
        if let alignment = reader.integer(index, "UIStackViewAlignment"), alignment != 0 {
            let table = axis == 1 ? Self.stackAlignments : Self.verticalStackAlignments
            element.set("alignment", table[alignment] ?? "fill")
        }
        if let spacing = reader.number(index, "UIStackViewSpacing"), spacing != 0 {
            element.set("spacing", Self.number(spacing))
        }
        if reader.flag(index, "UIStackViewBaselineRelative") == true {
            element.set("baselineRelativeArrangement", "YES")
        }
        if reader.flag(index, "UIStackViewLayoutMarginsRelative") == true {
            element.set("layoutMarginsRelativeArrangement", "YES")
        }
        // The compiler arranges every subview; a stack view that arranges others loses that.
        take("UIStackViewArrangedSubviews")
        if reader.elements(index, "UIStackViewArrangedSubviews") != reader.elements(index, "UISubviews") {
            element.append(lost("UIStackView.UIStackViewArrangedSubviews", "arranged subviews other than the subviews"))
        }
    }

    // MARK: Values

    /// An image placeholder's name, recorded for `<resources>`.
    private func image(_ index: Int?) -> String? {
        guard let index, reader.className(index) == "UIImageNibPlaceholder",
            let name = reader.string(index, "UIResourceName")
        else { return nil }
        // An SF Symbol (``ImageRule/symbol(named:element:context:)``): its resource is the
        // system catalog's.
        if reader.string(index, "UISystemSymbolResourceName") == name { shared.systemSymbols.insert(name) }
        if shared.images[name] == nil {
            shared.images[name] = (
                reader.number(index, "UIImageWidth") ?? 1, reader.number(index, "UIImageHeight") ?? 1
            )
            shared.imageOrder.append(name)
        }
        return name
    }

    /// `<color key=…>` for a `UIColor` (``ColorRule`` read backwards), or nil.
    func color(_ index: Int?, key: String) -> DecompiledElement? {
        guard let index, reader.className(index) == "UIColor" else { return nil }
        // A chromatic system background inside its modified-color wrapper (alpha unchanged):
        // the system color (``ColorRule/backgroundColor(_:in:)``).
        if let base = reader.reference(index, "UIDynamicModifiedBaseColor"), base != index,
            reader.className(base) == "UIColor", !reader.has(base, "UIDynamicModifiedBaseColor"),
            reader.number(index, "UIDynamicModifiedAlphaComponent") == .greatestFiniteMagnitude
        {
            return color(base, key: key)
        }
        let element = DecompiledElement("color", [("key", key)])
        if let catalog = reader.string(index, "UIDynamicCatalogName") {
            element.set("name", catalog)
            if !shared.namedColors.contains(where: { $0.0 == catalog }) {
                let value = plainColor(index, key: nil)
                shared.namedColors.append(
                    (
                        catalog,
                        value
                            ?? DecompiledElement(
                                "color",
                                [
                                    ("white", "0"), ("alpha", "1"), ("colorSpace", "custom"),
                                    ("customColorSpace", "genericGamma22GrayColorSpace"),
                                ])
                    ))
            }
            return element
        }
        if let system = reader.string(index, "UISystemColorName") {
            let isGray = reader.has(index, "UIWhite")
            // A UIKit gray that the nib stores as RGB is the iOS 13 SDK's dynamic color of that
            // name, which an Xcode 11 document names as a `systemColor` with its light value in
            // `<resources>` (Umarovm's eight grouped tables, Xcode 12: `groupTableViewBackgroundColor`
            // as RGB 242, 242, 247 where the Xcode 10 output of Zebra's launch screen has gray 0.937).
            let resolvedGray = ColorRule.systemGrays[system] != nil && reader.has(index, "UIRed")
            if !resolvedGray,
                ColorRule.systemGrays[system] != nil || ColorRule.systemWhites.contains(system)
                    || (!isGray && !reader.has(index, "UIRed") && era < XcodeEra(11))
            {
                if ["whiteColor", "blackColor", "clearColor"].contains(system), let plain = plainColor(index, key: key)
                {
                    return plain
                }
                element.set(
                    ColorRule.systemGrays[system] != nil || ColorRule.systemWhites.contains(system)
                        ? "cocoaTouchSystemColor" : "systemColor", system)
                return element
            }
            element.set("systemColor", system)
            if ColorRule.dynamicGrays[system] == nil, !shared.systemColors.contains(where: { $0.0 == system }),
                let value = plainColor(index, key: nil)
            {
                shared.systemColors.append((system, value))
            }
            return element
        }
        return plainColor(index, key: key)
    }

    /// An RGB or gray color's components.
    private func plainColor(_ index: Int, key: String?) -> DecompiledElement? {
        let element = DecompiledElement("color", key.map { [("key", $0)] } ?? [])
        func component(_ name: String) -> Double? {
            reader.number(index, name + "-Double") ?? reader.number(index, name)
        }
        if let white = component("UIWhite") {
            element.set("white", Self.number(white))
            element.set("alpha", Self.number(component("UIAlpha") ?? 1))
            element.set("colorSpace", "custom")
            element.set("customColorSpace", "genericGamma22GrayColorSpace")
            return element
        }
        guard let red = component("UIRed"), let green = component("UIGreen"), let blue = component("UIBlue") else {
            return nil
        }
        // Xcode 13's ColorSync matches calibrated white to float32's next value above 1, without
        // float64 components (``ColorRule``): the source's calibrated RGB white.
        let matchedWhite = Double(Float(1).nextUp)
        if era.matchesCalibratedWhiteAboveOne, [red, green, blue].allSatisfy({ $0 == matchedWhite }),
            !reader.has(index, "UIRed-Double")
        {
            element.set("red", "1")
            element.set("green", "1")
            element.set("blue", "1")
            element.set("alpha", Self.number(component("UIAlpha") ?? 1))
            element.set("colorSpace", "calibratedRGB")
            return element
        }
        // A storyboard's sRGB components are rounded to ten digits and keep float64 copies
        // (``ColorRule/roundsDoubles(_:_:)``): float32 components that ten digits do not give,
        // without copies, are ColorSync's match of a calibrated RGB color (Generic RGB through
        // both profiles' whites, ``ColorConversion/genericRGBToSRGB(_:relativeToWhite:)``),
        // given back when the compiler's conversion of the inverse gives the same float32s.
        if inStoryboard, era.roundsColorDoubles, era.matchesColorsRelativeToWhite,
            !["UIRed", "UIGreen", "UIBlue"].contains(where: { reader.has(index, $0 + "-Double") }),
            [red, green, blue].contains(where: { ColorRule.roundedToTenDigits($0) != $0 }),
            let calibrated = Self.calibratedSource(of: [red, green, blue])
        {
            element.set("red", Self.number(calibrated[0]))
            element.set("green", Self.number(calibrated[1]))
            element.set("blue", Self.number(calibrated[2]))
            element.set("alpha", Self.number(component("UIAlpha") ?? 1))
            element.set("colorSpace", "calibratedRGB")
            return element
        }
        element.set("red", Self.number(red))
        element.set("green", Self.number(green))
        element.set("blue", Self.number(blue))
        element.set("alpha", Self.number(component("UIAlpha") ?? 1))
        element.set("colorSpace", "custom")
        element.set("customColorSpace", "sRGB")
        return element
    }

    /// The calibrated RGB components whose match to extended sRGB (Xcode 13's, relative to the
    /// whites) gives `target` in float32, refined from the inverse conversion; nil when none does.
    static func calibratedSource(of target: [Double]) -> [Double]? {
        guard target.count == 3, target.allSatisfy(\.isFinite) else { return nil }
        let goal = ColorConversion.sRGBToGenericRGB(target)
        var source = goal
        for _ in 0..<8 {
            let matched = ColorConversion.genericRGBToSRGB(source, relativeToWhite: true)
            guard matched.count == 3 else { return nil }
            if zip(matched, target).allSatisfy({ Float($0) == Float($1) }) { return source }
            let back = ColorConversion.sRGBToGenericRGB(matched)
            guard back.count == 3 else { return nil }
            source = (0..<3).map { source[$0] + goal[$0] - back[$0] }
            guard source.allSatisfy(\.isFinite) else { return nil }
        }
        return nil
    }

    /// `<fontDescription key=…>` for a `UIFont` (``FontRule`` read backwards), or nil.
    func font(_ index: Int?, key: String) -> DecompiledElement? {
        guard let index, reader.className(index) == "UIFont" else { return nil }
        let element = DecompiledElement("fontDescription", [("key", key)])
        if let style = reader.string(index, "UIIBTextStyle") {
            element.set("style", style)
            return element
        }
        let size = reader.number(index, "UIFontPointSize") ?? reader.number(index, "NSSize") ?? 17
        let name = reader.string(index, "UIFontName") ?? ""
        if reader.flag(index, "UISystemFont") == true {
            var usage: String?
            if let descriptor = reader.reference(index, "UIFontDescriptor"),
                let attributes = reader.reference(descriptor, "UIFontDescriptorAttributes")
            {
                for (keyIndex, valueIndex) in reader.pairs(at: attributes)
                where reader.string(at: keyIndex) == "NSCTFontUIUsageAttribute" {
                    usage = reader.string(at: valueIndex)
                }
            }
            // FontRule.weights read backwards: the CoreText usage names the weight.
            if usage == "CTFontEmphasizedUsage" {
                element.set("type", "boldSystem")
            } else if let weight = FontRule.weights.sorted(by: { $0.key < $1.key }).first(where: {
                $0.value.usage == usage
            })?.key {
                element.set("type", "system")
                element.set("weight", weight)
            } else {
                element.set("type", (reader.integer(index, "UIFontTraits") ?? 0) & 2 != 0 ? "boldSystem" : "system")
            }
            element.set("pointSize", Self.number(size))
            return element
        }
        if era.writesFontScalingKeys, !reader.has(index, "UIFontTextStyleForScaling"),
            !shared.customFonts.contains(name)
        {
            shared.customFonts.append(name)
        }
        element.set("name", name)
        element.set("family", name.split(separator: "-").first.map(String.init) ?? name)
        element.set("pointSize", Self.number(size))
        return element
    }

    // MARK: Constraints

    private func constraint(_ index: Int, owner: Int) -> DecompiledElement? {
        let className = reader.className(index)
        // The constraints that place a controller's layout guides in its view are made by the
        // compiler (StoryboardCompiler): a guide and the view, or a guide alone.
        let items = [reader.reference(index, "NSFirstItem"), reader.reference(index, "NSSecondItem")]
        if items.contains(where: { $0.map { reader.className($0) == "_UILayoutGuide" } ?? false }),
            items.allSatisfy({ $0 == nil || $0 == owner || reader.className($0 ?? -1) == "_UILayoutGuide" })
        {
            return nil
        }
        // The four constraints pinning a collection view cell's content view (CollectionViewCellRule).
        if reader.string(index, "NSLayoutIdentifier") == "UIIBSystemGenerated" { return nil }
        switch className {
        case "NSLayoutConstraint": break
        case "NSIBPrototypingLayoutConstraint", "_UILayoutSupportConstraint":
            // Generated by the compiler from the frames and the controller's layout guides.
            return nil
        default:
            return lost("constraint \(className)", "the \(className) object \(index)")
        }
        guard let element = layoutConstraint(index) else {
            return lost("constraint without a first item", "the constraint \(index) without a first item")
        }
        elements[index] = element
        return element
    }

    // MARK: Safe areas

    /// `<viewLayoutGuide key="safeArea">` on each view whose safe area placeholder (a
    /// `UILayoutGuide` without an identifier, tracked right after its view: ``SafeAreaRule``)
    /// the nib lists; its id is the view's own guide's when constraints name one.
    private func safeAreas() {
        let tracked = reader.elements(0, "UINibObjectsKey")
        let scrollGuides = ownedScrollGuides()
        var pairedPlaceholder: Int?
        for (position, index) in tracked.enumerated()
        where position > 0 && reader.className(index) == "UILayoutGuide"
            && reader.string(index, "UILayoutGuideIdentifier") == ""
        {
            if pairedPlaceholder == index { continue }
            // A scroll view's content and frame guides (SafeAreaRule.encodeScrollGuide, Xcode 11
            // and later): two placeholders after its subtree, so the nearest scroll view tracked
            // before them that has none yet; their ids are UIKit's own guides' when constraints
            // name those.
            if era >= XcodeEra(11), position + 1 < tracked.count,
                reader.className(tracked[position + 1]) == "UILayoutGuide",
                reader.string(tracked[position + 1], "UILayoutGuideIdentifier") == "",
                let scrollView = tracked[..<position].last(where: {
                    actualClass($0) == "UIScrollView" && !scrollGuidesPlaced.contains($0)
                }), let element = elements[scrollView]
            {
                scrollGuidesPlaced.insert(scrollView)
                pairedPlaceholder = tracked[position + 1]
                for (offset, key) in [(0, "contentLayoutGuide"), (1, "frameLayoutGuide")] {
                    let owned = scrollGuides[[scrollView, offset]]
                    element.append(
                        DecompiledElement(
                            "viewLayoutGuide", [("key", key), ("id", id(owned ?? tracked[position + offset]))]))
                }
                element.orderChildren(["rect", "autoresizingMask", "subviews", "viewLayoutGuide"])
                continue
            }
            // Right after its view (xibs); else, as in storyboard view nibs, listed after the
            // placeholders: the first top-level view without a safe area.
            var owner = tracked[position - 1]
            // A cell's placeholder follows its content view (``TableViewCellRule``).
            if let cell = cellOfContentView[owner] { owner = cell }
            // A view whose own guide constraints name has its placeholder too, after the views
            // of its subtree: it belongs to that view (or the previous object's nearest ancestor
            // that has one), which already has its `<viewLayoutGuide>`.
            var chain = [owner]
            while let last = chain.last, let parent = parentOf[last], chain.count < Self.maximumDepth + 2 {
                chain.append(cellOfContentView[parent] ?? parent)
            }
            if let pending = chain.first(where: { ownGuidesPending.contains($0) }) {
                ownGuidesPending.remove(pending)
                continue
            }
            if !isView(owner) || elements[owner] == nil || safeAreaPlaced.contains(owner) {
                guard let root = topLevelViews.first(where: { !safeAreaPlaced.contains($0.index) }) else { continue }
                owner = root.index
            }
            safeAreaPlaced.insert(owner)
            guard isView(owner), let ownerElement = elements[owner] else {
                unmapped["safe area placeholder without its view", default: 0] += 1
                continue
            }
            let guideID = id(index)
            ownerElement.append(DecompiledElement("viewLayoutGuide", [("key", "safeArea"), ("id", guideID)]))
            ownerElement.orderChildren([
                "rect", "autoresizingMask", "subviews", "tableViewCellContentView", "viewLayoutGuide",
            ])
        }
    }

    // MARK: Size-class variations

    /// Container → every subview (constraint) a size-class mask includes or excludes, in the
    /// document's order: what ``VariationRule`` lists as the relationship storage's candidates,
    /// installed or not.
    private var subviewCandidates: [Int: [Int]] = [:]
    /// Container → its `traitStorageSubviews` storage.
    private var subviewStorages: [Int: Int] = [:]
    private var constraintCandidates: [Int: [Int]] = [:]

    static let variationValues = VariationRule.attributeVariationCodes.mapValues { inverted($0) }

    /// Notes each relationship storage's candidates, so that the views and constraints no
    /// size class installs by default are decoded with the installed ones.
    private func collectCandidates(_ lists: [Int]) {
        for list in lists {
            for storage in reader.elements(list, "UITraitStorages")
            where reader.className(storage) == "_UIRelationshipTraitStorage" {
                guard let object = reader.reference(storage, "UIObject") else { continue }
                let candidates = reader.elements(storage, "UIRelationshipCandidates")
                switch reader.string(storage, "UIKeyPath") {
                case "traitStorageSubviews"?:
                    subviewCandidates[object] = candidates
                    subviewStorages[object] = storage
                case "traitStorageConstraints"?
                where !candidates.contains(where: { reader.className($0) == "NSIBPrototypingLayoutConstraint" }):
                    constraintCandidates[object] = candidates
                case "traitStorageConstraints"?:
                    // Xcode 6 and 7: each size class's prototyping constraints, which stand for
                    // the subviews' frames there (``frameVariations(_:records:)``).
                    prototypingStorages[object] = storage
                    for record in reader.elements(storage, "UIRecords")
                    where variationKey(reader.reference(record, "UITraitCollection")) == "default" {
                        for constraint in reader.elements(record, "UIAddedObjects") {
                            guard let item = reader.reference(constraint, "NSFirstItem") else { continue }
                            prototypingFlags[item] = "fixedFrame"
                        }
                    }
                default: break
                }
            }
        }
    }

    /// A container's candidates in order, then what it lists that is no candidate (a
    /// controller's layout guides, generated constraints).
    private func withCandidates(_ candidates: [Int]?, _ listed: [Int]) -> [Int] {
        guard let candidates else { return listed }
        let known = Set(candidates)
        return candidates + listed.filter { !known.contains($0) }
    }

    /// The `<variation key=…>` key of a record's trait collection (``VariationRule/SizeClass``
    /// read backwards): `default`, or the height class then the width class.
    private func variationKey(_ traits: Int?) -> String? {
        guard let traits, reader.className(traits) == "UITraitCollection" else { return "default" }
        var parts: [String] = []
        for (trait, name) in [("Vertical", "heightClass"), ("Horizontal", "widthClass")] {
            guard let code = reader.integer(traits, "UITraitCollectionBuiltinTrait-_UITraitName\(trait)SizeClass")
            else { continue }
            guard let value = [1: "compact", 2: "regular"][code] else { return nil }
            parts.append("\(name)=\(value)")
        }
        return parts.isEmpty ? "default" : parts.joined(separator: "-")
    }

    /// Trait storage list `index` → `<variation>`s on the elements its storages name
    /// (``VariationRule`` read backwards, Xcode 10 and later): a relationship storage's records
    /// → `<mask key="subviews">` / `<mask key="constraints">` with `<include>` and `<exclude>`;
    /// an attribute storage's records but the last (the default's, the element's own value) →
    /// the attribute, or a constraint's `constant` (``VariationRule/constantStorages(_:context:)``,
    /// listed twice). False when a storage is none of these; what was read stays.
    private func variations(_ index: Int) -> Bool {
        var complete = true
        var seen: Set<String> = []
        for storage in reader.elements(index, "UITraitStorages") {
            guard let object = reader.reference(storage, "UIObject"), let owner = elements[object],
                let keyPath = reader.string(storage, "UIKeyPath")
            else {
                complete = false
                continue
            }
            // Storages repeated as equal objects: the first stands for them.
            let records = reader.elements(storage, "UIRecords")
            guard seen.insert("\(object) \(keyPath)").inserted else { continue }
            switch reader.className(storage) {
            case "_UIRelationshipTraitStorage" where prototypingStorages[object] == storage:
                frameVariations(object, records: records)
            case "_UIRelationshipTraitStorage":
                guard
                    let kind = ["traitStorageSubviews": "subviews", "traitStorageConstraints": "constraints"][keyPath]
                else {
                    complete = false
                    continue
                }
                for record in records {
                    guard let key = variationKey(reader.reference(record, "UITraitCollection")) else {
                        complete = false
                        continue
                    }
                    let mask = variationElement(owner, key).child("mask", key: kind)
                    for (listKey, entry) in [("UIAddedObjects", "include"), ("UIRemovedObjects", "exclude")] {
                        for member in reader.elements(record, listKey) where elements[member] != nil {
                            mask.append(DecompiledElement(entry, [("reference", id(member))]))
                        }
                    }
                }
            case "_UIAttributeTraitStorage":
                for record in records.dropLast() {
                    guard let key = variationKey(reader.reference(record, "UITraitCollection")),
                        let value = reader.reference(record, "UIValue"),
                        let text = variationValue(keyPath, value)
                    else {
                        complete = false
                        continue
                    }
                    variationElement(owner, key).set(keyPath == "encodedConstant" ? "constant" : keyPath, text)
                }
            default:
                complete = false
            }
        }
        return complete
    }

    /// Container → its Xcode 6/7 prototyping constraint storage.
    private var prototypingStorages: [Int: Int] = [:]

    /// Xcode 6 and 7's prototyping constraint storage of `container` → its subviews' frame
    /// variations (``VariationRule``'s per-class placement read backwards). Each record is a size
    /// class's constraints, made from each installed subview's frame there when it is fixed
    /// (``PrototypingConstraintRule``: left and top to the container, width and height unless
    /// intrinsic); a subview without constraints in a class where it is installed is not fixed
    /// there. A subview gets `<variation key=… fixedFrame=…>` (with its `<rect key="frame">`) for
    /// each class, from the least specific, whose placement the variations before do not give.
    private func frameVariations(_ container: Int, records: [Int]) {
        struct Placement: Equatable {
            var fixed: Bool
            var frame: [Double]
        }
        typealias SizeClass = VariationRule.SizeClass
        var perClass: [Int: [(SizeClass, [Int])]] = [:]
        var classes: [SizeClass] = []
        for record in records {
            guard let key = variationKey(reader.reference(record, "UITraitCollection")),
                let sizeClass = SizeClass(key: key)
            else { continue }
            classes.append(sizeClass)
            var byItem: [Int: [Int]] = [:]
            for constraint in reader.elements(record, "UIAddedObjects") {
                if let item = reader.reference(constraint, "NSFirstItem") {
                    byItem[item, default: []].append(constraint)
                }
            }
            for (item, constraints) in byItem { perClass[item, default: []].append((sizeClass, constraints)) }
        }
        let subviews = subviewCandidates[container] ?? reader.elements(container, "UISubviews")
        for subview in subviews {
            guard let element = elements[subview], let base = frameNumbers(subview) else { continue }
            let constrained = perClass[subview] ?? []
            func placement(_ sizeClass: SizeClass) -> Placement {
                guard let constraints = constrained.first(where: { $0.0 == sizeClass })?.1 else {
                    return Placement(fixed: false, frame: base)
                }
                var frame = base
                for constraint in constraints {
                    let attribute = reader.integer(constraint, "NSFirstAttributeV2") ?? 0
                    let constant = reader.number(constraint, "NSConstantV2") ?? 0
                    switch attribute {
                    case 1: frame[0] = constant
                    case 3: frame[1] = constant
                    case 7: frame[2] = constant
                    case 8: frame[3] = constant
                    default: break
                    }
                }
                return Placement(fixed: true, frame: frame)
            }
            let defaultClass = SizeClass(horizontal: nil, vertical: nil)
            let installed = classes.filter { isInstalled(subview, in: $0, container: container) }
            let basePlacement =
                installed.contains(defaultClass) ? placement(defaultClass) : Placement(fixed: false, frame: base)
            var emitted: [(SizeClass, Placement)] = []
            for sizeClass in installed.sorted(by: { $0.specificity < $1.specificity }) where sizeClass.specificity > 0 {
                var resolved = basePlacement
                for (other, value) in emitted.sorted(by: { $0.0.specificity < $1.0.specificity })
                where other.applies(in: sizeClass) {
                    resolved = value
                }
                let actual = placement(sizeClass)
                guard actual.fixed != resolved.fixed || (actual.fixed && actual.frame != resolved.frame) else {
                    continue
                }
                emitted.append((sizeClass, actual))
                let variation = variationElement(element, variationKeyText(sizeClass))
                variation.set("fixedFrame", actual.fixed ? "YES" : "NO")
                if actual.fixed {
                    variation.append(
                        DecompiledElement(
                            "rect",
                            [
                                ("key", "frame"), ("x", Self.number(actual.frame[0])),
                                ("y", Self.number(actual.frame[1])), ("width", Self.number(actual.frame[2])),
                                ("height", Self.number(actual.frame[3])),
                            ]))
                }
            }
        }
    }

    /// A subview's frame as x, y, width, height.
    private func frameNumbers(_ index: Int) -> [Double]? {
        guard let bounds = reader.geometry(index, "UIBounds"), bounds.count == 4,
            let center = reader.geometry(index, "UICenter"), center.count == 2
        else { return nil }
        return [center[0] - bounds[2] / 2, center[1] - bounds[3] / 2, bounds[2], bounds[3]]
    }

    /// Whether `subview` is installed in `sizeClass`: its container's subview masks (the records
    /// of its `traitStorageSubviews` storage), the more specific last; installed without one.
    private func isInstalled(_ subview: Int, in sizeClass: VariationRule.SizeClass, container: Int) -> Bool {
        guard let storage = subviewStorages[container] else { return true }
        var installed = true
        var masks: [(VariationRule.SizeClass, Int)] = []
        for record in reader.elements(storage, "UIRecords") {
            guard let key = variationKey(reader.reference(record, "UITraitCollection")),
                let maskClass = VariationRule.SizeClass(key: key)
            else { continue }
            masks.append((maskClass, record))
        }
        for (maskClass, record) in masks.sorted(by: { $0.0.specificity < $1.0.specificity })
        where maskClass.applies(in: sizeClass) {
            if reader.elements(record, "UIRemovedObjects").contains(subview) { installed = false }
            if reader.elements(record, "UIAddedObjects").contains(subview) { installed = true }
        }
        return installed
    }

    /// The variation key of a size class (``VariationRule/SizeClass/init(key:)`` read backwards).
    private func variationKeyText(_ sizeClass: VariationRule.SizeClass) -> String {
        let names = [1: "compact", 2: "regular"]
        var parts: [String] = []
        if let vertical = sizeClass.vertical, let name = names[vertical] { parts.append("heightClass=\(name)") }
        if let horizontal = sizeClass.horizontal, let name = names[horizontal] { parts.append("widthClass=\(name)") }
        return parts.isEmpty ? "default" : parts.joined(separator: "-")
    }

    /// The text of an attribute variation's value: a constraint's numeric constant, a view
    /// attribute's name for its raw value or its number.
    private func variationValue(_ keyPath: String, _ value: Int) -> String? {
        if keyPath == "encodedConstant" {
            guard reader.className(value) == "_NSLayoutConstraintConstant",
                reader.reference(value, "UISymbolicConstant") == nil,
                let constant = reader.number(value, "UINumericConstant")
            else { return nil }
            return Self.number(constant)
        }
        guard let number = reader.numberObject(at: value) else { return nil }
        if keyPath == VariationRule.numericVariationAttribute { return Self.number(number) }
        return Int(exactly: number).flatMap { Self.variationValues[keyPath]?[$0] }
    }

    /// `owner`'s `<variation key=key>`, made when missing.
    private func variationElement(_ owner: DecompiledElement, _ key: String) -> DecompiledElement {
        owner.child("variation", key: key)
    }

    /// Scroll views given their content and frame guides.
    private var scrollGuidesPlaced: Set<Int> = []

    /// UIKit's own content (0) and frame (1) guides of scroll views, which constraints name:
    /// [scroll view, kind] → guide.
    private func ownedScrollGuides() -> [[Int]: Int] {
        var guides: [[Int]: Int] = [:]
        for index in reader.entries.indices
        where ["UILayoutGuide", "_UIScrollViewLayoutGuide"].contains(reader.className(index)) {
            guard let owner = reader.reference(index, "UILayoutGuideOwningView") else { continue }
            switch reader.string(index, "UILayoutGuideIdentifier") {
            case "UIScrollView-contentLayoutGuide"?: guides[[owner, 0]] = index
            case "UIScrollView-frameLayoutGuide"?: guides[[owner, 1]] = index
            default: break
            }
        }
        return guides
    }

    // MARK: Accessibility

    static let accessibilityTraits = AccessibilityRule.traitBits.sorted { $0.value < $1.value }

    /// `<accessibility key="accessibilityConfiguration">` on the configured view
    /// (``AccessibilityRule`` read backwards); a comment for the document when it cannot be placed.
    private func accessibility(_ index: Int) -> DecompiledElement? {
        guard reader.className(index) == "UIRuntimeAccessibilityConfiguration",
            let object = reader.reference(index, "UIAccessibileObject"), isView(object), let owner = elements[object]
        else {
            return lost("accessibility configuration", "the accessibility configuration object \(index)")
        }
        let element = DecompiledElement("accessibility", [("key", "accessibilityConfiguration")])
        for (key, payload) in reader.values(index) {
            switch key {
            case "UIAccessibileObject": break
            case "UIAccessibilityIdentifier" where reader.string(index, key) != nil:
                element.set("identifier", reader.string(index, key) ?? "")
            case "UIAccessibilityLabel" where reader.string(index, key) != nil:
                element.set("label", reader.string(index, key) ?? "")
            case "UIAccessibilityHint" where reader.string(index, key) != nil:
                element.set("hint", reader.string(index, key) ?? "")
            case "UIAccessibilityTraits":
                let bits = reader.reference(index, key).flatMap { reader.numberObject(at: $0) }.flatMap {
                    Int(exactly: $0)
                }
                let traits = DecompiledElement("accessibilityTraits", [("key", "traits")])
                var known = 0
                for (name, bit) in Self.accessibilityTraits where (bits ?? 0) & bit != 0 {
                    traits.set(name, "YES")
                    known |= bit
                }
                element.append(traits)
                if bits == nil || known != bits { element.append(lost("accessibility trait", "the traits \(payload)")) }
            case "UIIsAccessibilityElement":
                let value = reader.reference(index, key).flatMap { reader.numberObject(at: $0) }
                element.append(DecompiledElement("bool", [("key", "isElement"), ("value", value == 0 ? "NO" : "YES")]))
            default:
                element.append(lost("UIRuntimeAccessibilityConfiguration.\(key)", "\(key) (\(payload))"))
            }
        }
        owner.append(element)
        return nil
    }

    // MARK: Connections and runtime attributes

    private func connect() {
        for index in reader.elements(0, "UINibConnectionsKey") {
            let className = reader.className(index)
            if isSceneNib, className == "UIRuntimeOutletConnection",
                let label = reader.string(index, "UILabel"), label == "sceneViewController" || label == "storyboard",
                let proxy = reader.reference(index, label == "storyboard" ? "UIDestination" : "UISource"),
                reader.className(proxy) == "UIProxyObject"
            {
                continue
            }
            // Every segue template's outlet to the controller it leaves is the compiler's
            // (StoryboardCompiler), made with the segue.
            if isSceneNib, className == "UIRuntimeOutletConnection",
                reader.string(index, "UILabel") == "viewController",
                let source = reader.reference(index, "UISource"), reader.className(source).hasSuffix("SegueTemplate")
            {
                continue
            }
            guard let source = reader.reference(index, "UISource"), let owner = elements[source],
                let label = reader.string(index, "UILabel")
            else {
                unmapped["connection without a decompiled source", default: 0] += 1
                continue
            }
            let destinationElement = reader.reference(index, "UIDestination").flatMap { elements[$0] }
            if className == "UIRuntimeOutletConnection" {
                // The controller's outlet to a static table's data source is the compiler's.
                if label == "staticDataSource",
                    let destination = reader.reference(index, "UIDestination"), decodedDataSources.contains(destination)
                {
                    continue
                }
                // A static cell's segue: its selectionSegueTemplate outlet to the template's
                // placeholder; a container's embed segue: the placeholder's containerView
                // outlet to it (``ConnectionRule``'s segue triggers read backwards).
                if label == "selectionSegueTemplate", let segue = destinationElement, segue.name == "segue" {
                    shared.placedSegues.insert(ObjectIdentifier(segue))
                    owner.child("connections").append(segue)
                    continue
                }
                // A popover segue's anchor: its template's anchorView outlet (StoryboardCompiler).
                if label == "anchorView", owner.name == "segue",
                    let destination = reader.reference(
                        index, "UIDestination"), destinationElement != nil
                {
                    owner.set("popoverAnchorView", id(destination))
                    continue
                }
                if label == "containerView", owner.name == "segue", let container = destinationElement,
                    container.name == "view"
                {
                    container.name = "containerView"
                    shared.placedSegues.insert(ObjectIdentifier(owner))
                    container.child("connections").append(owner)
                    continue
                }
            }
            // Made when a connection is written (a skipped one leaves no empty list).
            var connections: DecompiledElement { owner.child("connections") }
            switch className {
            case "UIRuntimeOutletConnection":
                // A view nib's File's Owner (its controller) gets its view outlet from the compiler.
                if label == "view", externalElements["IBFilesOwner"] === owner,
                    let destination = reader.reference(index, "UIDestination"),
                    topLevelViews.contains(where: { $0.index == destination })
                {
                    continue
                }
                guard let destination = reader.reference(index, "UIDestination"), elements[destination] != nil else {
                    connections.append(lost("outlet to an object without an element", "the outlet \(label)"))
                    continue
                }
                connections.append(
                    DecompiledElement(
                        "outlet", [("property", label), ("destination", id(destination)), ("id", id(index))]))
            case "UIRuntimeEventConnection":
                // A control's segue: its template's placeholder stands for the <segue>.
                if label == "perform:", let destination = reader.reference(index, "UIDestination"),
                    let segue = elements[destination], segue.name == "segue"
                {
                    shared.placedSegues.insert(ObjectIdentifier(segue))
                    connections.append(segue)
                    continue
                }
                // A bar button item's action has no event (``ConnectionRule``).
                let mask = reader.integer(index, "UIEventMask")
                let event = mask.flatMap { Self.eventTypes[$0] }
                guard let destination = reader.reference(index, "UIDestination"), elements[destination] != nil,
                    mask == nil || event != nil
                else {
                    connections.append(lost("action without a decompiled target", "the action \(label)"))
                    continue
                }
                connections.append(
                    DecompiledElement(
                        "action",
                        [
                            ("selector", label), ("destination", id(destination)),
                        ] + (event.map { [("eventType", $0)] } ?? []) + [("id", id(index))]))
            case "UIRuntimeOutletCollectionConnection":
                for (position, destination) in reader.elements(index, "UIDestination").enumerated()
                where elements[destination] != nil {
                    let collection = DecompiledElement(
                        "outletCollection", [("property", label), ("destination", id(destination))])
                    if let className = reader.string(index, "runtimeCollectionClassName"), className != "NSArray" {
                        collection.set("collectionClass", className)
                    }
                    if reader.flag(index, "addsContentToExistingCollection") == true {
                        collection.set("appends", "YES")
                    }
                    collection.set("id", position == 0 ? id(index) : id(Self.syntheticBase + index * 64 + position))
                    connections.append(collection)
                }
            default:
                connections.append(lost("connection \(className)", "the \(className) \(label)"))
            }
        }
    }

    private func runtimeAttributes() {
        for index in reader.elements(0, "UINibKeyValuePairsKey") {
            guard let object = reader.reference(index, "UIObject"), let owner = elements[object],
                let keyPath = reader.string(index, "UIKeyPath")
            else {
                unmapped["runtime attribute of an object without an element", default: 0] += 1
                continue
            }
            // A switch's frame: the document's own, which UISwitch's fixed size would lose.
            if keyPath == "frame", owner.name == "switch", let value = reader.reference(index, "UIValue"),
                let rect = rectValue(value)
            {
                let frame = DecompiledElement(
                    "rect",
                    [
                        ("key", "frame"), ("x", Self.number(rect[0])), ("y", Self.number(rect[1])),
                        ("width", Self.number(rect[2])), ("height", Self.number(rect[3])),
                    ])
                owner.replaceChild(named: "rect", key: "frame", with: frame)
                continue
            }
            let list = owner.child("userDefinedRuntimeAttributes")
            let attribute = DecompiledElement("userDefinedRuntimeAttribute", [("keyPath", keyPath)])
            let value = reader.reference(index, "UIValue")
            let valueClass = value.map { reader.className($0) } ?? "nil"
            if let value, let text = reader.string(at: value) {
                attribute.set("type", "string")
                attribute.set("value", text)
            } else if let value, valueClass == "NSNumber" {
                attribute.set("type", "number")
                if let integer = reader.integer(value, "NS.intval") {
                    attribute.append(DecompiledElement("integer", [("key", "value"), ("value", String(integer))]))
                } else {
                    attribute.append(
                        DecompiledElement(
                            "real", [("key", "value"), ("value", Self.number(reader.number(value, "NS.dblval") ?? 0))]))
                }
            } else if let color = color(value, key: "value") {
                attribute.set("type", "color")
                attribute.append(color)
            } else {
                list.append(lost("runtime attribute of class \(valueClass)", "the runtime attribute \(keyPath)"))
                continue
            }
            list.append(attribute)
        }
    }
}
