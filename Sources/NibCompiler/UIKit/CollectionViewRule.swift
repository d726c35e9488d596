import NibArchive

/// `<collectionView>` → `UICollectionView` (a scroll view, ``UIKitScrollViewRule``), its layout
/// and its prototype cells, each compiled to its own nested nib; `<collectionViewCell>` →
/// `UICollectionViewCell`; `<collectionReusableView>` → `UICollectionReusableView`.
///
/// Learned from the corpus: the collection views of duckduckgo's Home, TabSwitcher (two) and
/// Settings (Xcode 13.2, with their sources), chadanewsom's PackageListViewController (Xcode 9
/// or 10 by its keys), ertmuirm's and ikyih's (iOS 13 SDK); the cells of those and of
/// duckduckgo's FavoriteHomeCell and PrivacyProtectionHomeCell xibs and kiralab's JSQMessages
/// cells (iOS 14 SDK); the reusable views of chadanewsom and kiralab.
///
/// A collection view's keys after the scroll view's: `UIViewLocalOverrideTraitCollection` (the
/// table views' Xcode 13 trait override, before the scroll keys), `UICollectionLayout`,
/// `UIAllowsUserInitiatedMultipleSelection` true (iOS 13 SDK), the prototypes
/// (`UICollectionViewCellPrototypeNibExternalObjects`: reuse identifier → the cell nib's
/// upstream placeholders, ``PrototypeNib``;
/// `UICollectionViewCellNibDict`: reuse identifier → `UINib`), `UICollectionViewPrefetchingEnabled`
/// (iOS 10 SDK; true in every nib, so written as the source says).
enum CollectionViewRule {
    static let rule = ViewRule(
        className: "UICollectionView",
        attributes: UIKitScrollViewRule.attributes.union(["dataMode", "prefetchingEnabled", "springLoaded"]),
        children: UIKitScrollViewRule.children.union([
            "collectionViewFlowLayout", "collectionViewLayout", "cells", "collectionReusableView", "color",
        ]),
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        if context.era.writesLocalOverrideTraits {
            let traits = ArchivedObject("UITraitCollection")
            traits.set("UITraitCollectionBuiltinTrait-_UITraitNameSelectionFollowsFocus", int: 0)
            object.set("UIViewLocalOverrideTraitCollection", traits)
        }
        try UIKitScrollViewRule.encodeScrollKeys(element, object, context, isCollectionView: true)
        if let layout = element.children.first(where: { $0["key"] == "collectionViewLayout" }) {
            if let encoded = try context.recovered({ () throws(CompileError) in try self.layout(layout, context) }) {
                object.set("UICollectionLayout", encoded)
            }
        }
        if context.era.writesScrollIndicatorInsetAdjustment {
            object.set("UIAllowsUserInitiatedMultipleSelection", .bool(true))
        }
        for color in element.children(named: "color") where !["backgroundColor", "tintColor"].contains(color["key"]) {
            try context.unmodelled(
                .unsupportedAttribute, color, "collection view color \(color["key"] ?? "?") is not modelled; left out")
        }
        for view in element.children(named: "collectionReusableView") {
            try context.unmodelled(
                .unsupportedElement, view,
                "collection view \(view["key"] ?? "supplementary view")s are not modelled (no compiled nib shows "
                    + "how ibtool archives them); left out")
        }
        if element.flag("springLoaded") {
            try context.unmodelled(.unsupportedAttribute, element, "collection view springLoaded is not modelled")
        }
        switch element["dataMode"] {
        case nil, "prototypes":
            try encodePrototypes(element, object, context, resources)
        case "none":
            for cells in element.children(named: "cells") where !cells.children.isEmpty {
                try context.unmodelled(
                    .invalidSource, cells, "a collection view with dataMode \"none\" has cells; left out")
            }
        case let mode?:
            try context.unmodelled(
                .unsupportedAttribute, element, "collection view dataMode \"\(mode)\" is unknown; no cells archived")
        }
        // The iOS 10 SDK's prefetching: true in every compiled collection view (chadanewsom's,
        // Xcode 9 or 10, to duckduckgo's, 13.2), so UIKit writes the property as it is.
        if context.era >= XcodeEra(8) {
            object.set("UICollectionViewPrefetchingEnabled", .bool(element["prefetchingEnabled"] != "NO"))
        }
    }

    /// `UICollectionViewCellPrototypeNibExternalObjects` and `UICollectionViewCellNibDict`: each
    /// cell with a reuse identifier, compiled as its own nib (a cell without one cannot be
    /// dequeued and is left out, as ibtool drops such table view prototypes).
    private static func encodePrototypes(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        var nibs: [(ArchivedObject, ArchivedObject, ArchivedObject)] = []
        for cells in element.children(named: "cells") {
            for cell in cells.children {
                guard cell.name == "collectionViewCell" else {
                    try context.unmodelled(
                        .unsupportedElement, cell, "<\(cell.name)> among a collection view's cells is not modelled")
                    continue
                }
                guard let identifier = cell["reuseIdentifier"] else {
                    try context.unmodelled(
                        .invalidSource, cell, "a prototype cell without a reuseIdentifier cannot be dequeued; left out")
                    continue
                }
                let (nib, externals) = try PrototypeNib.nib(cell, context: context) { inner throws(CompileError) in
                    try ViewEncoder(context: inner, resources: resources).encode(cell)
                }
                nibs.append((.string(identifier), nib, externals))
            }
        }
        guard !nibs.isEmpty else { return }
        object.set(
            "UICollectionViewCellPrototypeNibExternalObjects",
            .dictionary("NSMutableDictionary", nibs.map { ($0.0, $0.2) }))
        object.set("UICollectionViewCellNibDict", .dictionary("NSMutableDictionary", nibs.map { ($0.0, $0.1) }))
    }

    /// `UICollectionViewFlowLayout` (what is not at UIKit's default): `UIInteritemSpacing` and
    /// `UILineSpacing` (float32, default 10), `UIItemSize` (default 50 × 50), `UISectionInset`
    /// (top, left, bottom, right; default zero), `UISectionInsetReference` (content inset 0,
    /// safe area 1, layout margins 2), `UIScrollDirection` (horizontal 1): the six flow layouts of
    /// the corpus that differ from the defaults. The estimated item size is a runtime attribute.
    /// A custom `<collectionViewLayout>` is its class alone.
    static func layout(_ element: SourceElement, _ context: UIKitContext) throws(CompileError) -> ArchivedObject {
        let known: Set = [
            "key", "id", "minimumLineSpacing", "minimumInteritemSpacing", "scrollDirection", "sectionInsetReference",
            "customClass", "customModule", "customModuleProvider", "automaticEstimatedItemSize",
        ]
        guard element.name == "collectionViewFlowLayout" else {
            let object = ArchivedObject("UICollectionViewLayout")
            context.track(object, id: element["id"])
            return try ClassSwapRule.wrap(object, element: element, context: context)
        }
        for name in element.attributes.keys.sorted() where !known.contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "flow layout attribute \(name) is not modelled")
        }
        let object = ArchivedObject("UICollectionViewFlowLayout")
        context.track(object, id: element["id"])
        for (attribute, key) in [
            ("minimumInteritemSpacing", "UIInteritemSpacing"), ("minimumLineSpacing", "UILineSpacing"),
        ] {
            let value = try SourceNumber.attribute(
                attribute, of: element, in: SourceNumber.float32Range, default: 10, context: context)
            if value != 10 { object.set(key, .float32(Float(value))) }
        }
        let itemSize = try size(element, "itemSize", context) ?? [50, 50]
        if itemSize != [50, 50] { object.set("UIItemSize", ArchivedObject.geometry(itemSize)) }
        // The estimated size is no key of the layout: ibtool sets it at load time, as a runtime
        // attribute `estimatedItemSize` (duckduckgo Settings: {68, 68}; ikyih's automatic size,
        // UICollectionViewFlowLayout.automaticSize, is CGFloat.greatestFiniteMagnitude twice).
        let automatic = Double.greatestFiniteMagnitude
        let estimated: [Double]? =
            element.flag("automaticEstimatedItemSize")
            ? [automatic, automatic]
            : try size(element, "estimatedItemSize", context).flatMap { $0 == [0, 0] ? nil : $0 }
        if let estimated {
            context.keyValuePairs.append(
                RuntimeAttributeRule.pair(
                    object: object, keyPath: "estimatedItemSize",
                    value: RuntimeAttributeRule.geometryValue("size", estimated)))
        }
        for key in ["headerReferenceSize", "footerReferenceSize"] {
            if let size = try size(element, key, context), size != [0, 0] {
                try context.unmodelled(.unsupportedElement, element, "a flow layout \(key) is not modelled; left out")
            }
        }
        if let inset = element.child("inset", key: "sectionInset") {
            let edges = try ViewEncoder.edgeInsets(inset, in: context)
            if edges != [0, 0, 0, 0] { object.set("UISectionInset", ArchivedObject.geometry(edges)) }
        }
        switch element["sectionInsetReference"] {
        case nil, "contentInset": break
        case "safeArea": object.set("UISectionInsetReference", int: 1)
        case "layoutMargins": object.set("UISectionInsetReference", int: 2)
        case let other?:
            try context.unmodelled(
                .unsupportedAttribute, element, "flow layout sectionInsetReference \"\(other)\" is unknown")
        }
        switch element["scrollDirection"] {
        case nil, "vertical": break
        case "horizontal": object.set("UIScrollDirection", int: 1)
        case let other?:
            try context.unmodelled(
                .unsupportedAttribute, element, "flow layout scrollDirection \"\(other)\" is unknown")
        }
        return try ClassSwapRule.wrap(object, element: element, context: context)
    }

    /// The `<size key=…>` child of `element` as width and height, if any.
    private static func size(_ element: SourceElement, _ key: String, _ context: UIKitContext) throws(CompileError)
        -> [Double]?
    {
        guard let size = element.child("size", key: key) else { return nil }
        let value = [size.number("width") ?? 0, size.number("height") ?? 0]
        guard value.allSatisfy({ abs($0) <= 1e9 }) else {
            throw context.error(.invalidSource, size, "the \(key) is not a size")
        }
        return value
    }
}

/// `<collectionViewCell>` → `UICollectionViewCell` with its content view.
///
/// The content view comes in two forms. Up to Xcode 10 documents write `<view key="contentView">`
/// without an id, with the cell's constraints on the cell, naming the cell: ibtool archives
/// UIKit's own content view then (a plain `UIView`: none of the element's attributes, not in
/// `UINibObjectsKey`) and moves the constraints to it, the cell's id standing for the content
/// view, and so does its safe area guide (duckduckgo's FavoriteHomeCell: nine constraints;
/// PrivacyProtectionHomeCell: the safe area; its four old-form cells in Home and
/// TabSwitcher, Xcode 13.2, archive opaque, unclipped content views whatever the element says).
/// Later documents write `<collectionViewCellContentView id=…>`, an object like any view.
/// A content view with subviews does not translate its autoresizing mask, and the cell pins it
/// with four constraints identified `UIIBSystemGenerated` (cell.leading = content.leading,
/// trailing, top, bottom): every such cell of the corpus but kiralab's `runtime.nib` variants.
///
/// The cell's own keys follow the view's: `UIReuseIdentifier` (empty when the source has none),
/// then from the iOS 14 SDK `UISystemBackgroundView` nil, (Xcode 13) `UIContentConfigurationIdentifier`
/// nil, `UIContentConfigurationView` nil, and `UIContentView`.
enum CollectionViewCellRule {
    static let rule = ViewRule(
        className: "UICollectionViewCell", attributes: ["reuseIdentifier", "restorationIdentifier"],
        children: ["view", "collectionViewCellContentView", "size"],
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    /// The suffix of the id given to an old-form content view, which has none (`:` never
    /// occurs in Interface Builder's ids).
    static let contentViewIDSuffix = ":contentView"

    /// Rewrites an old-form cell as ibtool reads it (see the type's documentation): the content
    /// view gets an id and loses its attributes, the cell's constraints move to it, naming it
    /// where they named the cell; a content view with subviews stops translating its mask.
    /// Idempotent, so a document compiled twice reads the same.
    static func normalize(_ cell: SourceElement) {
        guard let content = cell.child(key: "contentView"), let cellID = cell["id"] else { return }
        if content.name == "view" {
            let contentID = cellID + contentViewIDSuffix
            content.attributes = ["key": "contentView", "id": contentID]
            // The cell's safe area is the content view's too (PrivacyProtectionHomeCell, Home's
            // search cell: the owned guide is the content view's `UIViewLayoutGuides`).
            for guide in cell.children(named: "viewLayoutGuide") where guide["key"] == "safeArea" {
                if content.children.contains(where: { $0.name == "viewLayoutGuide" && $0["key"] == "safeArea" }) {
                    continue
                }
                cell.children.removeAll { $0 === guide }
                guide.parent = content
                content.children.append(guide)
            }
            for constraints in cell.children(named: "constraints") {
                cell.children.removeAll { $0 === constraints }
                for constraint in constraints.children {
                    for name in ["firstItem", "secondItem"] where constraint[name] == cellID {
                        constraint.attributes[name] = contentID
                    }
                }
                if let existing = content.child("constraints") {
                    for constraint in constraints.children { constraint.parent = existing }
                    existing.children += constraints.children
                } else {
                    constraints.parent = content
                    content.children.append(constraints)
                }
            }
        }
        if content.child("subviews").map({ !$0.children.isEmpty }) ?? false {
            content.attributes["translatesAutoresizingMaskIntoConstraints"] = "NO"
        }
    }

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        guard let contentElement = element.child(key: "contentView") else {
            throw context.error(.invalidSource, element, "the cell has no content view")
        }
        for child in element.children(named: "size") where child["key"] != "customSize" {
            try context.unmodelled(.unsupportedElement, child, "<size key=\"\(child["key"] ?? "")\"> is not modelled")
        }
        let content = try ViewEncoder(context: context, resources: resources).encode(
            contentElement, kind: contentElement.name == "view" ? "view" : "collectionViewCellContentView")
        if contentElement.name == "view" {
            // UIKit's own view, not one of IB's objects.
            context.allObjects.removeAll { $0 === content }
        }
        object.insert("UISubviews", .object(.collection("NSMutableArray", [content])), after: "UICenter")
        if contentElement.child("subviews").map({ !$0.children.isEmpty }) ?? false {
            let system = [5, 6, 3, 4].map { attribute in
                let constraint = ConstraintRule.generated(
                    "NSLayoutConstraint", first: object, attribute: attribute, second: content)
                constraint.set("NSLayoutIdentifier", .string("UIIBSystemGenerated"))
                return constraint
            }
            if object.has("UIViewAutolayoutConstraints") {
                object.appendElements(system, toCollection: "UIViewAutolayoutConstraints")
            } else {
                let previous =
                    [
                        "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", "UIClipsToBounds", "UIContentMode",
                        "UIAutoresizingMask", "UIAutoresizeSubviews",
                    ].first(where: object.has) ?? "UICenter"
                object.insert(
                    "UIViewAutolayoutConstraints", .object(.collection("NSMutableArray", system)), after: previous)
            }
        }
        if let restoration = element["restorationIdentifier"] {
            object.set("UIRestorationIdentifier", .string(restoration))
        }
        object.set("UIReuseIdentifier", .string(element["reuseIdentifier"] ?? ""))
        if context.era.writesCellConfigurationKeys {
            object.set("UISystemBackgroundView", .null)
            if context.era.writesModernTableKeys, context.era.writesContentConfigurationIdentifier {
                object.set("UIContentConfigurationIdentifier", .null)
            }
            object.set("UIContentConfigurationView", .null)
        }
        object.set("UIContentView", content)
    }
}

/// A prototype cell as the nested nib ibtool writes for it: a `UINib` whose `archiveData`
/// holds the cell as the top-level object of its own nib, with File's Owner and First
/// Responder, its own objects and connections (table and collection view prototypes alike).
///
/// A connection from inside the cell to an object outside it (an action to the controller,
/// an outlet to a view of the scene) goes through an upstream placeholder of the cell's nib,
/// `UpstreamPlaceholder-1`, `-2`, … (numbered as a view nib numbers its own), listed after
/// File's Owner and First Responder; the table or collection view maps each name to the
/// object it stands for in its own nib (`…PrototypeNibExternalObjects`: reuse identifier →
/// name → object). Evidence: duckduckgo Autocomplete's suggestion cell (Xcode 13.2), whose
/// plus button's action reaches the controller through the view nib's own placeholder.
enum PrototypeNib {
    /// The cell's `UINib`, and its external objects dictionary for the enclosing view.
    static func nib(
        _ element: SourceElement, context outer: UIKitContext,
        cell: (UIKitContext) throws(CompileError) -> ArchivedObject
    ) throws(CompileError) -> (nib: ArchivedObject, externalObjects: ArchivedObject) {
        let context = UIKitContext(
            fileName: outer.fileName, isBaseLocalized: outer.isBaseLocalized, module: outer.module, era: outer.era,
            imagesAvailable: outer.imagesAvailable, customFonts: outer.customFonts, diagnostics: outer.diagnostics)
        let owner = UIKitContext.proxy("IBFilesOwner")
        let firstResponder = UIKitContext.proxy("IBFirstResponder")
        context.allObjects = [owner, firstResponder]
        context.variationEra = outer.variationEra
        let ownIDs = Set(([element] + element.descendants).compactMap { $0["id"] })
        var upstream: [(name: String, proxy: ArchivedObject, target: String)] = []
        context.externalObject = { id in
            guard !ownIDs.contains(id) else { return nil }
            let name = "UpstreamPlaceholder-\(id)"
            let proxy = UIKitContext.proxy(name)
            upstream.append((name, proxy, id))
            return proxy
        }
        let cellObject = try cell(context)
        // Size-class variations inside the cell are stored as in a storyboard's view nib, the
        // cell standing for the view (duckduckgo Home's search cell: a stack view's axis).
        if !context.traitStorages.isEmpty {
            context.traitStorageLists = [
                VariationRule.storageList(
                    topLevel: cellObject, storages: context.traitStorages, era: context.variationEra ?? context.era,
                    guidePlaceholders: context.guidePlaceholders)
            ]
        }
        if !context.allObjects.contains(where: { $0 === cellObject }) {
            context.allObjects.insert(cellObject, at: 0)
        }
        for owner in [element] + element.descendants {
            if let connections = owner.child("connections"), let id = owner["id"] {
                ConnectionRule.schedule(connections, sourceID: id, context: context)
            }
        }
        try context.resolve()
        if context.era.numbersUpstreamPlaceholders {
            upstream = StoryboardCompiler.numbered(upstream, by: context.connections)
        }
        // Xcode 13 lists the placeholders first here too, as in every nib it writes
        // (duckduckgo's prototype nibs; ``XcodeEra/listsPlaceholdersFirst``).
        let proxies = upstream.map(\.proxy)
        context.topLevel =
            context.era.listsPlaceholdersFirst
            ? [owner, firstResponder] + proxies + [cellObject] : [cellObject, owner, firstResponder] + proxies
        context.allObjects += proxies
        let bytes = try NibCompiler.serialize(
            context.makeRoot(), fileName: context.fileName, coderVersion: context.era.iOSNibCoderVersion)
        let data = ArchivedObject("NSData")
        data.set("NS.bytes", .data(bytes))
        let nib = ArchivedObject("UINib")
        nib.set("captureEnclosingNIBBundleOnDecode", .bool(true))
        nib.set("archiveData", data)
        // The enclosing nib resolves what each placeholder stands for once its objects exist.
        let externals = ArchivedObject.dictionary("NSMutableDictionary", [])
        let references = upstream.map { ($0.name, $0.target) }
        outer.deferred.append { () throws in
            for (name, target) in references {
                let object = try outer.object(target, from: element)
                externals.set(NibArchive.Builder.emptyKey, .string(name))
                externals.set(NibArchive.Builder.emptyKey, object)
            }
        }
        return (nib, externals)
    }
}

/// `<collectionReusableView>` at the top level of a xib → `UICollectionReusableView`, its
/// reuse identifier after the view's keys when it has one (kiralab's
/// JSQMessagesLoadEarlierHeaderView; chadanewsom's PackageListHeaderBlank has none and no key).
enum CollectionReusableViewRule {
    static let rule = ViewRule(
        className: "UICollectionReusableView", attributes: ["reuseIdentifier"],
        encode: { element, object, _, _ throws(CompileError) in
            if let reuse = element["reuseIdentifier"] { object.set("UIReuseIdentifier", .string(reuse)) }
        })
}
