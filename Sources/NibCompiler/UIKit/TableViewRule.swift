/// `<tableView>` → `UITableView`, with each prototype cell compiled to its own nested nib
/// (`UITableViewCellPrototypeNibs`: reuse identifier → `UINib`).
enum TableViewRule {
    static let rule = ViewRule(
        className: "UITableView",
        attributes: [
            "alwaysBounceVertical", "dataMode", "style", "separatorStyle", "rowHeight", "sectionHeaderHeight",
            "sectionFooterHeight",
        ],
        children: ["prototypes", "color"],
        encode: { element, object, context, resources throws(CompileError) in
            try encode(element, object, context, resources)
        })

    static func encode(
        _ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext, _ resources: UIKitResources
    ) throws(CompileError) {
        let isGrouped = element["style"] == "grouped"
        if let style = element["style"], style != "plain", !isGrouped {
            try context.unmodelled(.unsupportedAttribute, element, "table view style \"\(style)\" is not modelled")
        }
        let hasIdentifiedPrototypes =
            element.child("prototypes")?.children.contains { $0["reuseIdentifier"] != nil } ?? false
        // A grouped table's content height is UIKit's grouped layout of its (empty) section,
        // known only where a pair shows it: 77 with 22-point section headers and footers and no
        // rows under the iOS 8 SDK (ibrahimtaleb, Xcode 6).
        if isGrouped {
            guard context.era < XcodeEra(7), !hasIdentifiedPrototypes, element.number("sectionHeaderHeight") == 22,
                element.number("sectionFooterHeight") == 22
            else {
                throw context.error(
                    .unsupportedAttribute, element,
                    "grouped table views are known only empty, with 22-point section headers and footers, as Xcode 6 lays them out (their content height comes from UIKit's grouped metrics)"
                )
            }
        }
        if let mode = element["dataMode"], mode != "prototypes" {
            try context.unmodelled(.unsupportedAttribute, element, "table view dataMode \"\(mode)\" is not modelled")
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
        // A white background is UIKit's (plain) table background color, archived by name; a
        // grouped table's default is another color, so its white stays RGB (ibrahimtaleb).
        if !isGrouped, let background = element.child("color", key: "backgroundColor"), background.number("white") == 1,
            (background.number("alpha") ?? 1) == 1
        {
            let named = ColorRule.namedSystemColor("tableBackgroundColor")
            named.sharingKey = ColorRule.sourceKey(background)
            object.replace("UIBackgroundColor", .object(named))
        }
        object.setFlag("UIBouncesZoom", true)
        object.setFlag("UIAlwaysBounceVertical", element.flag("alwaysBounceVertical"))
        let width = element.child("rect", key: "frame")?.number("width") ?? 0
        object.set("UIContentSize", ArchivedObject.geometry([width, isGrouped ? 77 : 0]))
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
        var nibs: [(ArchivedObject, ArchivedObject)] = []
        for cell in element.child("prototypes")?.children ?? [] {
            guard cell.name == "tableViewCell" else {
                throw context.error(.unsupportedElement, cell, "a prototype must be a <tableViewCell>")
            }
            // A prototype without a reuse identifier cannot be dequeued: ibtool drops it
            // (ibrahimtaleb's plain table, Sylladise's table view controller: three each).
            guard let identifier = cell["reuseIdentifier"] else { continue }
            nibs.append(
                (.string(identifier), try TableViewCellRule.prototypeNib(cell, context: context, resources: resources)))
        }
        // Without an identified prototype neither prototype key is written.
        guard !nibs.isEmpty else { return }
        object.set("UITableViewCellPrototypeNibs", .dictionary("NSMutableDictionary", nibs))
        // Each prototype's external objects (none modelled yet): reuse identifier → empty dictionary.
        object.set(
            "UITableViewCellPrototypeNibExternalObjects",
            .dictionary("NSMutableDictionary", nibs.map { ($0.0, .dictionary("NSMutableDictionary", [])) }))
    }
}
