/// `<tableView>` → `UITableView`, with each prototype cell compiled to its own nested nib
/// (`UITableViewCellPrototypeNibs`: reuse identifier → `UINib`).
enum TableViewRule {
    static let rule = ViewRule(
        className: "UITableView",
        attributes: Set(
            [
                "dataMode", "style", "separatorStyle", "rowHeight", "sectionHeaderHeight", "sectionFooterHeight",
            ] + modernAttributes
        ).union(UIKitScrollViewRule.attributes),
        children: ["prototypes", "color", "inset", "sections", "view"],
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    /// The attributes only the Xcode 13 form reads (``encodeModern(_:_:_:_:)``).
    static let modernAttributes = [
        "bounces", "estimatedRowHeight", "estimatedSectionHeaderHeight", "estimatedSectionFooterHeight",
        "allowsSelection", "allowsSelectionDuringEditing",
    ]

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        if context.era.writesEstimatedTableHeights { return try encodeModern(element, object, context, resources) }
        for view in element.children(named: "view") {
            try context.unmodelled(
                .unsupportedElement, view,
                "table \(view["key"] ?? "header or footer") views before Xcode 13 are not modelled; left out")
        }
        // `bounces` is the scroll view's (``UIKitScrollViewRule``).
        for name in modernAttributes where name != "bounces" && element[name] != nil {
            try context.unmodelled(.unsupportedAttribute, element, "table view attribute \(name) is not modelled")
        }
        for inset in element.children(named: "inset") {
            try context.unmodelled(.unsupportedElement, inset, "<inset> inside a table view is not modelled")
        }
        let isGrouped = element["style"] == "grouped"
        if let style = element["style"], style != "plain", !isGrouped {
            try context.unmodelled(.unsupportedAttribute, element, "table view style \"\(style)\" is not modelled")
        }
        let hasIdentifiedPrototypes =
            element.child("prototypes")?.children.contains { $0["reuseIdentifier"] != nil } ?? false
        // A grouped table's content height is UIKit's grouped layout of its (empty) section,
        // known only where a pair shows it: 77 with 22-point section headers and footers and no
        // rows under the iOS 8 SDK (ibrahimtaleb, Xcode 6).
        let isStatic = element["dataMode"] == "static"
        if isGrouped {
            let isKnown =
                context.era < XcodeEra(7) && !hasIdentifiedPrototypes && element.number("sectionHeaderHeight") == 22
                && element.number("sectionFooterHeight") == 22
            let message =
                "grouped table views are known only empty, with 22-point section headers and footers, as Xcode 6 lays them out (their content height comes from UIKit's grouped metrics)"
            // A static grouped table keeps its cells (the data source), with this height.
            if !isKnown, isStatic {
                try context.unmodelled(.unsupportedAttribute, element, message)
            } else if !isKnown {
                throw context.error(.unsupportedAttribute, element, message)
            }
        }
        if let mode = element["dataMode"], mode != "prototypes", !isStatic {
            try context.unmodelled(.unsupportedAttribute, element, "table view dataMode \"\(mode)\" is unknown")
        }
        if isStatic {
            // The data source is UIKit's static-table form since storyboards began (iOS 5); only
            // Xcode 13 output shows it, with the iOS 15 SDK's table keys.
            _ = try context.modelledEra(
                for: element, "static table views", modelled: XcodeEra(13)..<XcodeEra.unbounded, newest: XcodeEra(13)
            )
        }
        switch element["separatorStyle"] {
        case "none": break
        case nil, "default", "singleLine":
            // The default single line is archived under both keys.
            object.set("UISeparatorStyle", int: 1)
            object.set("UISeparatorStyleIOS5AndLater", int: 1)
        case let separator?:
            try context.unmodelled(
                .unsupportedAttribute, element, "table view separatorStyle \"\(separator)\" is not modelled")
        }
        if let height = element.number("rowHeight"), height != 44 {
            try context.unmodelled(
                .unsupportedAttribute, element, "table view rowHeight other than 44 is not modelled")
        }
        if !isGrouped { try nameWhiteBackground(of: element, object, in: context) }
        let width = element.child("rect", key: "frame")?.number("width") ?? 0
        try UIKitScrollViewRule.encodeScrollKeys(
            element, object, context, isCollectionView: false, contentSize: [width, isGrouped ? 77 : 0],
            reportsInsets: false)
        if isGrouped { object.set("UIStyle", int: 1) }
        for (attribute, key) in [
            ("sectionHeaderHeight", "UISectionHeaderHeight"), ("sectionFooterHeight", "UISectionFooterHeight"),
        ] {
            if element[attribute] != nil {
                let value = try SourceNumber.attribute(
                    attribute, of: element, in: SourceNumber.float32Range, default: 0, context: context)
                object.set(key, .float32(Float(value)))
            }
        }
        object.set("UIShowsSelectionImmediatelyOnTouchBegin", .bool(true))
        try encodeColors(element, object, context)
        if isStatic {
            try encodeStaticSections(element, table: object, context, resources)
        } else {
            try encodePrototypes(element, object, context, resources)
        }
    }

    /// The separator and section index colors (the background and tint are the view's).
    private static func encodeColors(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext
    ) throws(CompileError) {
        for color in element.children(named: "color") {
            switch color["key"] {
            case "backgroundColor", "tintColor": break
            case "separatorColor": object.set("UISeparatorColor", try ColorRule.color(color, in: context))
            // Sylladise1-6.3's table view controller: after the separator color, in this order.
            case "sectionIndexColor": object.set("UISectionIndexColor", try ColorRule.color(color, in: context))
            case "sectionIndexBackgroundColor":
                object.set("UISectionIndexBackgroundColor", try ColorRule.color(color, in: context))
            default:
                try context.unmodelled(
                    .unsupportedAttribute, color, "table view color \(color["key"] ?? "?") is not modelled")
            }
        }
    }

    /// `UITableViewCellPrototypeNibs` and `UITableViewCellPrototypeNibExternalObjects`.
    private static func encodePrototypes(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        var nibs: [(ArchivedObject, ArchivedObject, ArchivedObject)] = []
        for cell in element.child("prototypes")?.children ?? [] {
            guard cell.name == "tableViewCell" else {
                throw context.error(.unsupportedElement, cell, "a prototype must be a <tableViewCell>")
            }
            // A prototype without a reuse identifier cannot be dequeued: ibtool drops it
            // (ibrahimtaleb's plain table, Sylladise's table view controller: three each).
            guard let identifier = cell["reuseIdentifier"] else { continue }
            let (nib, externals) = try TableViewCellRule.prototypeNib(cell, context: context, resources: resources)
            nibs.append((.string(identifier), nib, externals))
        }
        // Without an identified prototype neither prototype key is written.
        guard !nibs.isEmpty else { return }
        object.set("UITableViewCellPrototypeNibs", .dictionary("NSMutableDictionary", nibs.map { ($0.0, $0.1) }))
        // Each prototype's external objects: reuse identifier → placeholder name → object
        // (``PrototypeNib``), empty when the cell connects to nothing outside it.
        object.set(
            "UITableViewCellPrototypeNibExternalObjects", .dictionary("NSMutableDictionary", nibs.map { ($0.0, $0.2) }))
    }

    /// `dataMode="static"` → a `UITableViewDataSource` {`UITableSections`: `UITableViewSection`
    /// {`UITableSectionHeaderTitle`, `UITableSectionFooterTitle` (localizable), `UITableSectionRows`:
    /// `UITableViewRow` {`UITableRowCell`, `UITableRowHeight` (the cell's `rowHeight`, else -1)}}},
    /// a top-level object of the view nib after the view, which File's Owner (the controller)
    /// reaches through its `staticDataSource` outlet (the storyboard compiler adds both). The
    /// table has no subviews then. Listed in `UINibObjectsKey` right after the table: the data
    /// source, its sections, their cells, then each cell's subtree.
    ///
    /// Evidence: the nine static tables of the duckduckgo pairs (Xcode 13.2: Debug, Settings ×6,
    /// PrivacyProtection ×2, plain and grouped, 61 sections, 181 rows, header and footer titles
    /// plain and localizable) and Umarovm-Whats-Cooking's in the corpus's nibs.
    static func encodeStaticSections(
        _ element: SourceElement, table: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        let dataSource = ArchivedObject("UITableViewDataSource")
        var sectionObjects: [ArchivedObject] = []
        var cellObjects: [ArchivedObject] = []
        let sectionAttributes: Set = ["id", "headerTitle", "footerTitle"]
        for section in element.child("sections")?.children ?? [] {
            guard section.name == "tableViewSection" else {
                try context.unmodelled(
                    .unsupportedElement, section, "<\(section.name)> inside <sections> is not modelled; left out")
                continue
            }
            for name in section.attributes.keys.sorted() where !sectionAttributes.contains(name) {
                try context.unmodelled(
                    .unsupportedAttribute, section, "table view section attribute \(name) is not modelled")
            }
            let sectionObject = ArchivedObject("UITableViewSection")
            for (attribute, key) in [
                ("headerTitle", "UITableSectionHeaderTitle"), ("footerTitle", "UITableSectionFooterTitle"),
            ] {
                if let title = section[attribute] {
                    sectionObject.set(key, context.text(title, id: section["id"], property: attribute))
                }
            }
            var rows: [ArchivedObject] = []
            // A translator's note goes to the strings file, not the nib.
            for child in section.children where !(child.name == "attributedString" && child["key"] == "userComments") {
                guard child.name == "cells" else {
                    try context.unmodelled(
                        .unsupportedElement, child, "<\(child.name)> inside a table view section is not modelled")
                    continue
                }
                for cellElement in child.children {
                    guard cellElement.name == "tableViewCell" else {
                        try context.unmodelled(
                            .unsupportedElement, cellElement,
                            "<\(cellElement.name)> in a static table section is not modelled; left out")
                        continue
                    }
                    let cell = try TableViewCellRule.cell(
                        cellElement, context: context, resources: resources, isPrototype: false)
                    let height = try SourceNumber.attribute(
                        "rowHeight", of: cellElement, in: SourceNumber.float32Range, default: -1, context: context)
                    let row = ArchivedObject("UITableViewRow")
                    row.set("UITableRowCell", cell)
                    row.set("UITableRowHeight", .float32(Float(height)))
                    rows.append(row)
                    cellObjects.append(cell)
                }
            }
            sectionObject.set("UITableSectionRows", .collection("NSArray", rows))
            sectionObjects.append(sectionObject)
        }
        dataSource.set("UITableSections", .collection("NSArray", sectionObjects))
        // IB's object order: the table, its data source, the sections, the cells, then each
        // cell's subtree (already tracked after the table, in document order).
        let listed = [dataSource] + sectionObjects + cellObjects
        context.allObjects.removeAll { object in listed.contains { $0 === object } }
        let index = (context.allObjects.firstIndex { $0 === table } ?? context.allObjects.count - 1) + 1
        context.allObjects.insert(contentsOf: listed, at: min(index, context.allObjects.count))
        context.staticDataSources.append(dataSource)
    }

    /// A white background is UIKit's (plain) table background color, archived by name; a
    /// grouped table's default is another color, so its white stays RGB (ibrahimtaleb, Xcode 6;
    /// duckduckgo's Autocomplete, Xcode 13.2, names it too).
    /// From Xcode 11 the name comes first and the source's own white components follow, as
    /// for the dynamic system colors (Autocomplete: `UISystemColorName`, then `UIWhite` 1).
    private static func nameWhiteBackground(
        of element: SourceElement, _ object: ArchivedObject, in context: UIKitContext
    ) throws(CompileError) {
        guard let background = element.child("color", key: "backgroundColor") else { return }
        // Xcode 13: the dynamic systemBackgroundColor, white in the light appearance, is named
        // the same way (duckduckgo Debug and BrowsingMenuViewController, plain tables).
        let isSystemBackground =
            context.era.writesModernTableKeys && background["systemColor"] == "systemBackgroundColor"
        guard isSystemBackground || (background.number("white") == 1 && (background.number("alpha") ?? 1) == 1)
        else { return }
        let named: ArchivedObject
        // The name before the source's components from Xcode 11 (the iOS 13 SDK's form of named
        // colors, ``XcodeEra/resolvesSystemColors``): COVIDSAFE's two white tables (Xcode 11),
        // ikyih's, kiralab's and ertmuirm's archive the name, then gray white 1, where
        // chadanewsom's three (Xcode 9 or 10) are RGB white.
        if context.era.resolvesSystemColors {
            let source = try ColorRule.color(background, in: context)
            named = ArchivedObject("UIColor")
            named.set("UISystemColorName", .string("tableBackgroundColor"))
            for (key, value) in source.values where key != "UISystemColorName" { named.set(key, value) }
        } else {
            named = ColorRule.namedSystemColor("tableBackgroundColor")
        }
        // Before Xcode 13 the white one stands for every equal white of the nib (one runtime
        // color per source color: a view of an older MainStoryboard pair shares it). From Xcode
        // 13 the named color is the table's own object and the views around it keep their color:
        // systemBackgroundColor (duckduckgo BrowsingMenuViewController: three views before and
        // after the table) and white alike (PrivacyProtection: three white views stay
        // whiteColor around a white table's tableBackgroundColor).
        named.sharingKey =
            (context.era.writesModernTableKeys ? "color:table:" : "") + ColorRule.sourceKey(background)
        object.replace("UIBackgroundColor", .object(named))
    }

    /// The table view styles (`UITableView.Style`: plain, grouped, insetGrouped).
    static let styles: [String: Int] = ["plain": 0, "grouped": 1, "insetGrouped": 2]

    /// A table view as Xcode 13's ibtool (iOS 15 SDK) archives it, learned from the 40 table
    /// views of the duckduckgo pairs (Xcode 13.2; plain and grouped, prototype cells, heights
    /// fixed and automatic, bounces and selection off, separators default and none):
    ///
    /// | Key | Value |
    /// |---|---|
    /// | `UIViewLocalOverrideTraitCollection` | a `UITraitCollection` with `UITraitCollectionBuiltinTrait-_UITraitNameSelectionFollowsFocus` 0 |
    /// | `UIScrollViewIndicatorInsetAdjustmentBehavior` … `UIScrollViewContentInsetAdjustmentBehavior` | the scroll view keys (``UIKitScrollViewRule``) |
    /// | `UITableViewStyle`, `UIStyle` | the style: plain 0, grouped 1 (insetGrouped 2, `UITableView.Style`) |
    /// | `UISeparatorStyle`, `UISeparatorStyleIOS5AndLater` / `UISeparatorStyleIOS9AndLater` | 1 and 1 for the default line; `UISeparatorStyleIOS9AndLater` 0 alone for none |
    /// | `UIPrefetchingEnabled` | true |
    /// | `UIRowHeight`, `UISectionHeaderHeight`, `UISectionFooterHeight` | the source's (float32; -1 is automatic) |
    /// | `UIEstimatedRowHeight`, `UIEstimatedSectionHeaderHeight`, `UIEstimatedSectionFooterHeight` | the source's, else 0 |
    /// | `UIFillerRowHeight`, `UISectionHeaderTopPadding` | 0 and -1 (float64) |
    /// | `UIAllowsSelection`, `UIAllowsSelectionDuringEditing` | false / true when the source says so |
    /// | `UIInsetsContentViewsToSafeArea` | true |
    /// | `UISeparatorColor`, the prototypes | as before |
    /// | `UISeparatorInset` | `<inset key="separatorInset">` as top, left, bottom, right |
    /// | `UISeparatorInsetReference` | 0 |
    ///
    /// Xcode 9 to 12 write the same form without the iOS 15 SDK's keys (the trait override,
    /// `UIPrefetchingEnabled`, `UIFillerRowHeight`, `UISectionHeaderTopPadding`:
    /// ``XcodeEra/writesModernTableKeys``), Xcode 9 and 10 also without the style keys and the
    /// indicator inset behaviour (``XcodeEra/writesTableViewStyle``,
    /// ``XcodeEra/writesScrollIndicatorInsetAdjustment``): the corpus's 30 compiled table views
    /// show the three steps (13 iOS 11/12 SDK, 10 iOS 13/14 SDK, 7 iOS 15 SDK tables).
    ///
    /// Static cells (`dataMode="static"`) are not the table's subviews: they live in a
    /// `UITableViewDataSource` (``encodeStaticSections(_:table:_:_:)``). Header and footer
    /// views are laid out by ``encodeHeaderAndFooter(_:_:_:_:isGrouped:)``.
    static func encodeModern(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        let isStatic = element["dataMode"] == "static"
        if let mode = element["dataMode"], mode != "prototypes", !isStatic {
            throw context.error(.unsupportedAttribute, element, "table view dataMode \"\(mode)\" is unknown")
        }
        let style = element["style"] ?? "plain"
        guard let styleCode = styles[style] else {
            throw context.error(.unsupportedAttribute, element, "table view style \"\(style)\" is unknown")
        }
        if styleCode == 0 { try nameWhiteBackground(of: element, object, in: context) }
        if isStatic {
            // The data source is UIKit's static-table form since storyboards began (iOS 5); only
            // Xcode 13 output shows it.
            _ = try context.modelledEra(
                for: element, "static table views", modelled: XcodeEra(13)..<XcodeEra.unbounded, newest: XcodeEra(13)
            )
        }
        let era = context.era
        if era.writesLocalOverrideTraits {
            let traits = ArchivedObject("UITraitCollection")
            traits.set("UITraitCollectionBuiltinTrait-_UITraitNameSelectionFollowsFocus", int: 0)
            object.set("UIViewLocalOverrideTraitCollection", traits)
        }
        // A table view is a scroll view: its scroll keys are the superclass's.
        try UIKitScrollViewRule.encodeScrollKeys(
            element, object, context, isCollectionView: false, reportsInsets: false)
        if era.writesTableViewStyle {
            object.set("UITableViewStyle", int: styleCode)
            // `UIStyle` knows plain and grouped only: an inset grouped table archives 1 there (all
            // eight of Umarovm's, `UITableViewStyle` 2, Xcode 12).
            object.set("UIStyle", int: min(styleCode, 1))
        } else if styleCode != 0 {
            // No compiled table of the iOS 11/12 SDK is grouped (the corpus's 13 are plain):
            // `UIStyle` alone, as both the older form and UIKit's coder before the iOS 13 SDK have it.
            try context.unmodelled(
                .unsupportedAttribute, element,
                "no compiled nib shows a grouped table view of Xcode 9 or 10; archived with UIStyle 1 as Xcode 7 and 11 write it"
            )
            object.set("UIStyle", int: 1)
        }
        switch element["separatorStyle"] {
        case "none": object.set("UISeparatorStyleIOS9AndLater", int: 0)
        case nil, "default", "singleLine":
            object.set("UISeparatorStyle", int: 1)
            object.set("UISeparatorStyleIOS5AndLater", int: 1)
        case let separator?:
            try context.unmodelled(
                .unsupportedAttribute, element, "table view separatorStyle \"\(separator)\" is not modelled")
        }
        if era.writesModernTableKeys { object.set("UIPrefetchingEnabled", .bool(true)) }
        for (attribute, key, fallback) in [
            ("rowHeight", "UIRowHeight", -1.0), ("sectionHeaderHeight", "UISectionHeaderHeight", -1),
            ("sectionFooterHeight", "UISectionFooterHeight", -1), ("estimatedRowHeight", "UIEstimatedRowHeight", 0),
            ("estimatedSectionHeaderHeight", "UIEstimatedSectionHeaderHeight", 0),
            ("estimatedSectionFooterHeight", "UIEstimatedSectionFooterHeight", 0),
        ] {
            let value = element.number(attribute) ?? fallback
            guard value.isFinite, abs(value) <= Double(Float.greatestFiniteMagnitude) else {
                throw context.error(.invalidSource, element, "table view \(attribute) \"\(value)\" is not a height")
            }
            object.set(key, .float32(Float(value)))
        }
        if era.writesModernTableKeys {
            object.set("UIFillerRowHeight", .float64(0))
            object.set("UISectionHeaderTopPadding", .float64(-1))
        }
        if element["allowsSelection"] == "NO" { object.set("UIAllowsSelection", .bool(false)) }
        if element["allowsSelectionDuringEditing"] == "YES" {
            object.set("UIAllowsSelectionDuringEditing", .bool(true))
        }
        object.set("UIInsetsContentViewsToSafeArea", .bool(true))
        try encodeHeaderAndFooter(element, object, context, resources, isGrouped: styleCode != 0)
        try encodeColors(element, object, context)
        if isStatic {
            try encodeStaticSections(element, table: object, context, resources)
        } else {
            try encodePrototypes(element, object, context, resources)
        }
        for inset in element.children(named: "inset") {
            guard inset["key"] == "separatorInset" else {
                try context.unmodelled(
                    .unsupportedElement, inset, "table view inset \(inset["key"] ?? "?") is not modelled")
                continue
            }
            object.set("UISeparatorInset", ArchivedObject.geometry(try ViewEncoder.edgeInsets(inset, in: context)))
        }
        object.set("UISeparatorInsetReference", int: 0)
    }

    /// `<view key="tableHeaderView">` and `<view key="tableFooterView">` as Xcode 13 lays them
    /// out (the corpus's 16 compiled tables with either, duckduckgo's Xcode 13.2 pairs and
    /// Whats-Cooking): `UITableHeaderView` and `UITableFooterView` after
    /// `UIInsetsContentViewsToSafeArea`, both the table's subviews (the footer first), and the
    /// table's `UIContentSize` (its width, and the height UIKit lays out): a plain table stacks
    /// the header and the footer (PrivacyProtection: 219 + 144 = 363); a grouped or inset grouped
    /// one puts 35 points above the section without a header, and below it the section footer
    /// height, plus 20 without a footer view (eleven tables: header 220 → 258, footer 546 → 599,
    /// 104 and 52 with 1-point sections → 157). The header sits at the top, the footer at the
    /// bottom of that height.
    static func encodeHeaderAndFooter(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources,
        isGrouped: Bool
    ) throws(CompileError) {
        var header: SourceElement?
        var footer: SourceElement?
        for view in element.children(named: "view") {
            switch view["key"] {
            case "tableHeaderView": header = view
            case "tableFooterView": footer = view
            default:
                try context.unmodelled(
                    .unsupportedElement, view,
                    "<view key=\"\(view["key"] ?? "")\"> inside a table view is not modelled; left out")
            }
        }
        guard header != nil || footer != nil else { return }
        func size(_ view: SourceElement?) -> (width: Double, height: Double)? {
            guard let view else { return nil }
            let frame = view.child("rect", key: "frame")
            let width = frame?.number("width") ?? 0
            let height = frame?.number("height") ?? 0
            guard [width, height].allSatisfy({ $0.isFinite && abs($0) <= 1e9 }) else { return (0, 0) }
            return (width, height)
        }
        let headerSize = size(header)
        let footerSize = size(footer)
        var sectionFooter = element.number("sectionFooterHeight") ?? 18
        if !sectionFooter.isFinite || sectionFooter < 0 || sectionFooter > 1e9 { sectionFooter = 18 }
        let contentHeight: Double
        if isGrouped {
            contentHeight =
                (headerSize?.height ?? 35) + (footerSize.map { $0.height + sectionFooter } ?? sectionFooter + 20)
        } else {
            contentHeight = (headerSize?.height ?? 0) + (footerSize?.height ?? 0)
        }
        let width = element.child("rect", key: "frame")?.number("width") ?? 0
        if context.era.writesTableHeaderContentSize {
            object.insert(
                "UIContentSize", ArchivedObject.geometry([width, contentHeight]), after: "UIAlwaysBounceVertical")
        }
        let encoder = ViewEncoder(context: context, resources: resources)
        var views: [ArchivedObject] = []
        if let footer, let footerSize {
            let made = try encoder.encode(
                footer, frameOverride: [0, contentHeight - footerSize.height, footerSize.width, footerSize.height])
            views.append(made)
            if let header, let headerSize {
                let top = try encoder.encode(header, frameOverride: [0, 0, headerSize.width, headerSize.height])
                object.set("UITableHeaderView", top)
                views.append(top)
            }
            object.set("UITableFooterView", made)
        } else if let header, let headerSize {
            let top = try encoder.encode(header, frameOverride: [0, 0, headerSize.width, headerSize.height])
            object.set("UITableHeaderView", top)
            views.append(top)
        }
        object.insert("UISubviews", .object(.collection("NSMutableArray", views)), after: "UICenter")
    }
}
