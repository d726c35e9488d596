/// `<prototypeCellViews>` of a view-based table's `<tableColumn>` → one nested nib per
/// `<tableCellView>` in the table's `NSTableViewArchivedReusableViewsKey`, learned from
/// outline_cellview and reusable_views_order (outline views, toolsVersion 24412),
/// transmission_MainMenu (an outline view) and HSChooserWindow (a table view).
///
/// Each prototype is archived twice:
///
/// * in the document's own nib, tracked after its column's data cell with the column as parent
///   (its subviews and cells after it, its outlets among the document's connections), with no
///   superview;
/// * as a whole nib of its own: an `NSNib` {`NSNibFileData` = the NIBArchive, `NSNibFileIsKeyed`
///   true, `NSNibFileUseParentBundle` true, `NSNibFileImages` nil, `NSNibFileSounds` nil}, whose
///   `NSIBObjectData` has a plain `NSCustomObject` "NSObject" as root (File's Owner, no
///   `IBClassReference`), lists the cell view (parent the owner), its subviews and cells, then an
///   `NSCustomObject` "NSApplication" (parent the owner), and holds the outlets made inside the
///   cell view. Connections that leave the prototype appear in no pair and are refused.
///
/// | Key | Source |
/// |---|---|
/// | class | `NSTableCellView`; `customClass` → `NSClassSwapper` (original class `NSTableCellView`) |
/// | `NSReuseIdentifierKey` | `identifier`; in the nested nib, the column's identifier when absent |
/// | `NSFrame` | the frame of the cell in the table, below; subviews follow their autoresizing masks |
///
/// The dictionary maps each reuse identifier to its `NSNib`, identifiers sorted:
/// reusable_views_order (columns Zebra, Middle) lists Middle first, transmission_MainMenu
/// (GroupCell, TorrentCell, SmallTorrentCell in the source) GroupCell, SmallTorrentCell,
/// TorrentCell — neither document order nor reversed — and HSChooserWindow
/// (HSChooserCellSubtext, HSChooserCell) HSChooserCell first. (It may be NSDictionary's hash
/// order; NibDiff compares dictionaries unordered.)
///
/// **Frames.** ibtool places each prototype where its column's cells are in the tiled table,
/// keeping the source's y and height: tables of the automatic style (inset rows) leave 10 points
/// on each side, each column takes `width + spacing`, the columns that resize with the table
/// share the difference evenly (whole points, the rest to the last ones), and a cell starts half
/// the intercell spacing (rounded down) into its column and is as wide as the column. The table
/// is as wide as ``AppKitTableViewRule`` tiles it, less what a small vertical scroller gave back
/// (cells are laid out as beside a 17-point scroller):
///
/// | Pair | Table | Columns → laid out | Cells |
/// |---|---|---|---|
/// | outline_cellview, reusable_views_order | 301 (small scroller: 297) | 218 (resizable), 34, 31 → 203, 34, 31 | {{11, 1}, {203, 34}}, {{217, 1}, {34, 34}} |
/// | todo-test28_tableview_attrs | 258 (widened) | 116, 93 (both resizable) → 114, 90 | {{18, 0}, {114, 24}}, {{149, 0}, {90, 24}} |
/// | transmission_MainMenu | 480 | 448 → 458 | {{11, y}, {458, h}} |
/// | HSChooserWindow | 519 | 487 → 496 | {{11, y}, {496, h}} |
///
/// Styles other than uniform and lastColumnOnly, no resizable column when the widths must change,
/// and documents older than the oldest pair's (toolsVersion 18122, whose ibtool may predate the
/// inset style) are refused.
enum AppKitTableCellViewRule {
    /// A prototype cell view waiting for its table to be tiled.
    struct Prototype {
        /// The `<tableCellView>`.
        let element: SourceElement
        /// Its copy in the document's nib.
        let view: ArchivedObject
        /// The index of its column.
        let column: Int
        /// The reuse identifier: the cell view's, else its column's.
        let identifier: String
    }

    /// The `<tableCellView>` attributes beyond ``AppKitViewEncoder/attributes``; `misplaced` is
    /// Interface Builder's canvas state.
    static let attributes: Set<String> = ["identifier", "misplaced"]

    /// The room inset rows leave on each side of a table of the automatic style.
    static let rowInset: Double = 10
    /// The oldest tools version a pair shows view-based tables for (HSChooserWindow): older
    /// Interface Builders predate the inset table style the frames assume, and are refused.
    static let oldestToolsVersion: Double = 18122

    /// Encodes the cell views of `container` (a column's `<prototypeCellViews>`) into the
    /// document's nib, tracked with `column` as parent.
    static func prototypes(
        _ container: SourceElement, column: ArchivedObject, index: Int, identifier: String, views: AppKitViewEncoder
    ) throws(CompileError) -> [Prototype] {
        if let tools = views.context.toolsVersion, tools < oldestToolsVersion {
            // The table keeps its cell views (and their outlets) rather than falling back: laid
            // out as the oldest modelled Interface Builder lays them out, with a warning.
            try views.context.unmodelled(
                .unsupportedElement, container,
                "no pair shows prototype cell views in a document older than toolsVersion 18122; laid out as "
                    + "toolsVersion 18122 documents are")
        }
        var prototypes: [Prototype] = []
        for element in container.children {
            guard element.name == "tableCellView" else {
                throw views.context.error(
                    .unsupportedElement, element, "<\(element.name)> as a prototype cell view is not modelled")
            }
            let view = try cellView(element, parent: column, writesIdentifier: false, views: views)
            prototypes.append(
                Prototype(element: element, view: view, column: index, identifier: element["identifier"] ?? identifier))
        }
        return prototypes
    }

    /// The archived cell view for `element`, tracked with `parent`; `writesIdentifier` writes the
    /// column's identifier when the cell view has none (nested nibs).
    static func cellView(
        _ element: SourceElement, parent: ArchivedObject, writesIdentifier: Bool, identifier: String? = nil,
        views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        let view = ArchivedObject("NSTableCellView")
        _ = try ControlRule.swapped(view, for: element, context: context)
        context.track(view, id: element["id"], parent: parent)
        _ = try views.encodeView(element, view, superview: nil, kind: AppKitViewEncoder.Kind(attributes: attributes))
        if let reuse = element["identifier"] ?? (writesIdentifier ? identifier : nil) {
            view.set("NSReuseIdentifierKey", .string(reuse))
        }
        return view
    }

    /// Lays the prototypes of `table` out in a table `width` points wide and archives them as
    /// `NSTableViewArchivedReusableViewsKey`; `element` is the table, for the errors.
    static func archive(
        _ prototypes: [Prototype], table: ArchivedObject, width: Double, element: SourceElement,
        views: AppKitViewEncoder
    ) throws(CompileError) {
        let context = views.context
        let origins = try columnFrames(table, width: width, element: element, context: context)
        var nibs: [(identifier: String, nib: ArchivedObject)] = []
        for prototype in prototypes {
            guard origins.indices.contains(prototype.column) else { continue }
            let source = try ScrollViewRule.rect(prototype.element, context)
            let column = origins[prototype.column]
            let frame = [column.x, source[1], column.width, source[3]]
            try place(prototype.element, prototype.view, from: source, to: frame, views: views)
            nibs.append((prototype.identifier, try nib(prototype, frame: frame, source: source, views: views)))
        }
        var seen: Set<String> = []
        for prototype in prototypes where !seen.insert(prototype.identifier).inserted {
            throw context.error(
                .invalidSource, prototype.element,
                "two prototype cell views share the identifier \(prototype.identifier)")
        }
        let sorted = nibs.sorted { Array($0.identifier.utf8).lexicographicallyPrecedes(Array($1.identifier.utf8)) }
        let dictionary = ArchivedObject.dictionary(
            "NSMutableDictionary", sorted.map { (.string($0.identifier), $0.nib) })
        table.replace("NSTableViewArchivedReusableViewsKey", .object(dictionary))
    }

    /// Each column's cell origin and width in a table `width` points wide (see the type's
    /// documentation).
    static func columnFrames(_ table: ArchivedObject, width: Double, element: SourceElement, context: AppKitContext)
        throws(CompileError) -> [(x: Double, width: Double)]
    {
        guard case .float64(let spacing)? = table.value(forKey: "NSIntercellSpacingWidth") else { return [] }
        let columns = table.object(forKey: "NSTableColumns").map(ClipViewRule.elements) ?? []
        var widths = columns.map { column -> Double in
            if case .float64(let value)? = column.value(forKey: "NSWidth") { return value }
            return 0
        }
        let resizable = columns.indices.filter { index in
            if case .integer(let mask)? = columns[index].value(forKey: "NSResizingMask") { return mask & 1 != 0 }
            return false
        }
        let change = width - 2 * rowInset - widths.reduce(Double(columns.count) * spacing, +)
        if change != 0 {
            // The columns that resize with the table share the change evenly, whole points, the
            // rest to the last ones: one column in outline_cellview (uniform), transmission_MainMenu
            // (uniform) and HSChooserWindow (lastColumnOnly); two in todo-test28_tableview_attrs
            // (lastColumnOnly, −5: 116 → 114, 93 → 90). Other styles are refused.
            var style: Int64?
            if case .integer(let value)? = table.value(forKey: "NSColumnAutoresizingStyle") { style = value }
            guard style == 1 || style == 4, !resizable.isEmpty, change == change.rounded()
            else {
                throw context.error(
                    .unsupportedElement, element,
                    "laying out prototype cell views when these columns resize is not modelled")
            }
            let share = (change / Double(resizable.count)).rounded(.towardZero)
            var rest = change - share * Double(resizable.count)
            for index in resizable.reversed() {
                let extra = rest == 0 ? 0.0 : (rest > 0 ? 1.0 : -1.0)
                widths[index] += share + extra
                rest -= extra
            }
            guard widths.allSatisfy({ $0 >= 0 }) else {
                throw context.error(
                    .unsupportedElement, element, "prototype cell views in columns this narrow are not modelled")
            }
        }
        var x = rowInset
        var frames: [(x: Double, width: Double)] = []
        for columnWidth in widths {
            frames.append((x + (spacing / 2).rounded(.down), columnWidth))
            x += columnWidth + spacing
        }
        return frames
    }

    /// Moves the archived cell `view` of `element` to `frame` and resizes its subviews.
    static func place(
        _ element: SourceElement, _ view: ArchivedObject, from source: [Double], to frame: [Double],
        views: AppKitViewEncoder
    ) throws(CompileError) {
        ScrollViewRule.setFrame(view, frame)
        try AppKitAutoresizing.resizeSubviews(
            of: element, from: [source[2], source[3]], to: [frame[2], frame[3]], views: views)
    }

    /// The `NSNib` holding `prototype` compiled as a nib of its own, at `frame`.
    static func nib(_ prototype: Prototype, frame: [Double], source: [Double], views outer: AppKitViewEncoder)
        throws(CompileError) -> ArchivedObject
    {
        let context = outer.context.nestedContext()
        let owner = ArchivedObject("NSCustomObject")
        owner.set("NSClassName", .string("NSObject"))
        // Every connection of the pairs' prototypes stays inside the prototype; one that leaves
        // it (to File's Owner, First Responder or the document) has no pair to say where it goes.
        let elements = [prototype.element] + prototype.element.descendants
        let ids = Set(elements.compactMap { $0["id"] })
        for connection in elements.flatMap({ $0.child("connections")?.children ?? [] }) {
            let target = connection["destination"] ?? connection["target"]
            guard let target, ids.contains(target) else {
                throw context.error(
                    .unsupportedElement, connection,
                    "a connection from a prototype cell view to an object outside it is not modelled")
            }
        }
        var views = AppKitViewEncoder(context: context, usesAutolayout: outer.usesAutolayout)
        views.instantiatesDirectly = outer.instantiatesDirectly
        let view = try cellView(
            prototype.element, parent: owner, writesIdentifier: true, identifier: prototype.identifier, views: views)
        try place(prototype.element, view, from: source, to: frame, views: views)
        let application = ArchivedObject("NSCustomObject")
        application.set("NSClassName", .string("NSApplication"))
        context.track(application, id: nil, parent: owner)
        try AppKitConnectionRule.scheduleAll(in: elements, context: context)
        try context.resolve()
        // The prototype nib is built by the same ibtool as the nib holding it: LuLu's Rules
        // (Xcode 8.3) has none of the later keys in its prototype nib either.
        let root = context.makeRoot(owner: owner)
        context.finish(root)
        let bytes = try NibCompiler.serialize(root, fileName: context.fileName, fallbacks: [:])
        let data = ArchivedObject("NSData")
        data.set("NS.bytes", .data(bytes))
        let nib = ArchivedObject("NSNib")
        nib.set("NSNibFileData", data)
        nib.set("NSNibFileIsKeyed", .bool(true))
        nib.set("NSNibFileUseParentBundle", .bool(true))
        nib.set("NSNibFileImages", .null)
        nib.set("NSNibFileSounds", .null)
        return nib
    }
}
