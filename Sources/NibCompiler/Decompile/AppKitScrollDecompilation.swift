import Foundation
import NibArchive

/// Scroll views and their document views, read backwards: `NSScrollView` (``ScrollViewRule``)
/// with its clip view (``ClipViewRule``), scrollers (``ScrollerRule``) and table header view;
/// text views (``AppKitTextViewRule``); cell-based table and outline views
/// (``AppKitTableViewRule``) with their columns (``TableColumnRule``). What the compiler derives
/// when it tiles the scroll view (the clip view's and the scrollers' tiled frames, the header clip
/// view, the corner view, the table's width state) is not written back: the archived frames are
/// the tiled ones, which tile to themselves.
extension AppKitDecompilation {
    static let scrollBorderTypes = inverted(ScrollViewRule.borderTypes)
    /// `NSsFlags` bits ``ScrollViewRule`` writes: border, scrollers, the document wider than the
    /// clip view (derived), autohiding, predominant axis scrolling and the two always set.
    static let scrollFlagBits = 0x3 | 0x10 | 0x20 | 0x80 | 0x200 | 0x800 | 0x1_0000 | 0x2_0000
    /// The magnifications every scroll view archives (``ScrollViewRule``).
    static let scrollMagnifications: [String: Double] = [
        "NSMinMagnification": 0.25, "NSMaxMagnification": 4, "NSMagnification": 1,
    ]

    /// `<scrollView>`'s attributes, its `<clipView key="contentView">`, scrollers and table header
    /// view; returns the keys read.
    func scrollView(_ index: Int, _ element: DecompiledElement, depth: Int) -> Set<String> {
        var known: Set<String> = [
            "NSsFlags", "NSVScroller", "NSHScroller", "NSContentView", "NSHeaderClipView", "NSCornerView",
            "NSGestureRecognizers", "NSNextKeyView",
        ]
        let flags = reader.integer(index, "NSsFlags") ?? 0x2_0A32
        let border = flags & 0x3
        if border != 2, let name = Self.scrollBorderTypes[border] { element.set("borderType", name) }
        if flags & 0x200 != 0 { element.set("autohidesScrollers", "YES") }
        if flags & 0x20 == 0 { element.set("hasHorizontalScroller", "NO") }
        if flags & 0x10 == 0 { element.set("hasVerticalScroller", "NO") }
        if flags & 0x1_0000 == 0 { element.set("usesPredominantAxisScrolling", "NO") }
        if flags & ~Self.scrollFlagBits & 0xFFFF_FFFF != 0 || flags & 0x2_0800 != 0x2_0800 {
            element.append(lost("NSScrollView.NSsFlags bits", "NSsFlags 0x" + String(flags, radix: 16)))
        }
        // `NSScrollAmts`: horizontal and vertical page, then line scroll, big-endian float32s
        // (``ScrollViewRule/scrollAmounts(_:table:context:)``).
        if case .data(let data)? = reader.payload(index, "NSScrollAmts"), data.count == 16 {
            let bytes = Array(data)
            let names = ["horizontalPageScroll", "verticalPageScroll", "horizontalLineScroll", "verticalLineScroll"]
            for (position, name) in names.enumerated() {
                let bits = bytes[position * 4..<position * 4 + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let value = Double(Float(bitPattern: bits))
                if value.isFinite, value != 10 { element.set(name, Self.number(value)) }
            }
            known.insert("NSScrollAmts")
        }
        for (key, value) in Self.scrollMagnifications where reader.number(index, key) ?? value == value {
            known.insert(key)
        }
        // The parts: the clip view, the two scrollers, the header clip view and the corner view.
        var parts: Set<Int> = []
        for key in ["NSContentView", "NSHScroller", "NSVScroller", "NSHeaderClipView", "NSCornerView"] {
            if let part = reader.reference(index, key) { parts.insert(part) }
        }
        for subview in reader.elements(index, "NSSubviews") where !parts.contains(subview) {
            element.append(lost("AppKit scroll view subview", "the scroll view's subview \(subview)"))
        }
        guard let clip = reader.reference(index, "NSContentView"), !visited.contains(clip),
            reader.className(clip) == "NSClipView"
        else {
            element.append(lost("AppKit scroll view clip view", "the scroll view's content view"))
            return known
        }
        element.append(clipView(clip, depth: depth + 1))
        for (key, name) in [("NSHScroller", "horizontalScroller"), ("NSVScroller", "verticalScroller")] {
            guard let scroller = reader.reference(index, key), !visited.contains(scroller),
                reader.className(scroller) == "NSScroller"
            else {
                element.append(lost("AppKit scroller", "the scroll view's \(name)"))
                continue
            }
            element.append(self.scroller(scroller, key: name))
        }
        if let holder = reader.reference(index, "NSHeaderClipView"), !visited.contains(holder) {
            visited.insert(holder)
            if let header = reader.reference(holder, "NSDocView"), !visited.contains(header),
                reader.className(header) == "NSTableHeaderView"
            {
                visited.insert(header)
                let headerElement = DecompiledElement("tableHeaderView", [("key", "headerView")])
                viewAttributes(header, headerElement, hugging: (250, 250), layerHost: true)
                headerElement.set("id", id(header))
                elements[header] = headerElement
                keepUnread(header, known: Self.impliedViewKeys.union(["NSTableView"]), in: headerElement)
                element.append(headerElement)
            } else {
                element.append(lost("AppKit header clip view", "the scroll view's header clip view"))
            }
        }
        if let corner = reader.reference(index, "NSCornerView") { visited.insert(corner) }
        detachedCorner(of: clip, scroll: index)
        return known
    }

    /// A headerless table's corner view, kept out of the scroll view without a visible vertical
    /// scroller beside it, is shown up to toolsVersion 18122 and hidden from 21225
    /// (``ScrollViewRule/hidesDetachedCorner(_:context:)``): the document says the toolsVersion
    /// that gives what the nib shows when the era's does not.
    func detachedCorner(of clip: Int, scroll: Int) {
        guard let table = reader.reference(clip, "NSDocView"), let corner = reader.reference(table, "NSCornerView"),
            !reader.has(scroll, "NSHeaderClipView"), reader.reference(scroll, "NSCornerView") != corner
        else { return }
        let vertical = reader.reference(scroll, "NSVScroller")
        let verticalVisible =
            (reader.integer(scroll, "NSsFlags") ?? 0) & 0x10 != 0
            && vertical.map { (reader.integer($0, "NSvFlags") ?? 0) & 0x8000_0000 == 0 } ?? false
        guard !verticalVisible, let tools = Double(Self.toolsVersion(era)) else { return }
        let hidden = (reader.integer(corner, "NSvFlags") ?? 0) & 0x8000_0000 != 0
        if hidden, tools < ScrollViewRule.hiddenDetachedCornerToolsVersion {
            detachedCornerToolsVersion = Self.number(ScrollViewRule.hiddenDetachedCornerToolsVersion)
        } else if !hidden, tools > ScrollViewRule.shownDetachedCornerToolsVersion {
            detachedCornerToolsVersion = Self.number(ScrollViewRule.shownDetachedCornerToolsVersion)
        }
    }

    /// `<clipView key="contentView">`: its flags, background color and document view
    /// (``ClipViewRule/encode(_:_:scroll:views:)`` read backwards).
    func clipView(_ clip: Int, depth: Int) -> DecompiledElement {
        visited.insert(clip)
        let element = DecompiledElement("clipView", [("key", "contentView")])
        elements[clip] = element
        viewAttributes(clip, element, hugging: (250, 250), layerHost: true)
        let flags = reader.integer(clip, "NScvFlags") ?? 0
        if flags & 4 == 0 { element.set("drawsBackground", "NO") }
        if flags & 2 != 0 { element.set("copiesOnScroll", "NO") }
        element.set("id", id(clip))
        var known = Self.impliedViewKeys.union([
            "NScvFlags", "NSDocView", "NSNextKeyView", "NSCursor", "NSBounds", "NSAutomaticallyAdjustsContentInsets",
        ])
        if flags & ~6 != 0 { element.append(lost("NSClipView.NScvFlags bits", "NScvFlags \(flags)")) }
        let subviews = reader.elements(clip, "NSSubviews")
        if subviews.count > 1 || (subviews.first.map { $0 != reader.reference(clip, "NSDocView") } ?? false) {
            element.append(lost("AppKit clip view subviews", "clip view subviews other than its document view"))
        }
        if let document = reader.reference(clip, "NSDocView"), !visited.contains(document) {
            let container = DecompiledElement("subviews")
            if let view = view(document, key: nil, depth: depth + 1, isContentView: false, isDocumentView: true) {
                container.append(view)
            } else {
                visited.insert(document)
                let className = reader.className(document)
                container.append(lost("AppKit object \(className)", "the \(className) document view \(document)"))
            }
            element.append(container)
        }
        if let color = reader.reference(clip, "NSBGColor") {
            if let colorElement = self.color(color, key: "backgroundColor") {
                element.append(colorElement)
                known.insert("NSBGColor")
            }
        } else {
            // No background color at all (``ClipViewRule``: `<nil key="backgroundColor">`).
            element.append(DecompiledElement("nil", [("key", "backgroundColor")]))
        }
        keepUnread(clip, known: known, in: element)
        return element
    }

    /// `<scroller key=…>` (``ScrollerRule`` read backwards); its target and action are the scroll
    /// view's.
    func scroller(_ index: Int, key: String) -> DecompiledElement {
        visited.insert(index)
        let element = DecompiledElement("scroller", [("key", key)])
        elements[index] = element
        // With overlay scrollers every scroller is a layer-tree host, which the option says.
        viewAttributes(index, element, hugging: (250, 750), layerHost: !overlayScrollers)
        let flags = reader.integer(index, "NSsFlags") ?? 0
        element.set("horizontal", flags & 1 != 0 ? "YES" : "NO")
        if flags & 0x100 != 0 { element.set("controlSize", "small") }
        if flags & ~0x101 != 0 { element.append(lost("NSScroller.NSsFlags bits", "scroller NSsFlags \(flags)")) }
        if let value = reader.number(index, "NSCurValue"), value != 0 { element.set("doubleValue", Self.number(value)) }
        element.set("id", id(index))
        // `NSPercent` and `NSEnabled` follow a table wider than the clip view (``ScrollViewRule``).
        let known = Self.impliedViewKeys.union(Self.impliedControlKeys).union([
            "NSsFlags", "NSCurValue", "NSPercent", "NSControlAction", "NSControlTarget", "NSTarget", "NSAction",
        ])
        keepUnread(index, known: known, in: element)
        return element
    }

    // MARK: Text views

    static let findStyles = inverted(AppKitTextViewRule.findStyles)
    /// Shared data `NSFlags` bits → the attribute each sets (``AppKitTextViewRule/flags(_:)``);
    /// `defaultOn` attributes are YES when absent.
    static let textViewFlagBits: [(bit: Int, name: String, defaultOn: Bool)] = [
        (0x1, "selectable", true), (0x2, "editable", true), (0x4, "richText", true), (0x8, "importsGraphics", true),
        (0x20, "usesFontPanel", false), (0x40, "usesRuler", false), (0x200, "smartInsertDelete", false),
        (0x400, "allowsUndo", false), (0x4_0000, "linkDetection", false), (0x400_0000, "spellingCorrection", false),
    ]

    /// `<textView>`: the shared data's flags and colors, the text color, the maximum size
    /// (``AppKitTextViewRule`` read backwards); returns the keys read. The text container, layout
    /// manager and an empty text storage are the compiler's.
    func textView(_ index: Int, _ element: DecompiledElement) -> Set<String> {
        var known: Set<String> = ["NSTextContainer", "NSTVFlags", "NSDelegate", "NSDragTypes"]
        let flags = reader.integer(index, "NSTVFlags") ?? 0x86
        if flags & 1 != 0 { element.set("horizontallyResizable", "YES") }
        if flags & ~1 != 0x86 { element.append(lost("NSTextView.NSTVFlags bits", "NSTVFlags \(flags)")) }
        if let size = Self.numbers(reader.string(index, "NSMaxSize")), size.count == 2 {
            element.append(
                DecompiledElement(
                    "size", [("key", "maxSize"), ("width", Self.number(size[0])), ("height", Self.number(size[1]))]))
            known.insert("NSMaxSize")
        }
        if let color = reader.reference(index, "NSTextViewTextColor"),
            let colorElement = self.color(color, key: "textColor")
        {
            element.append(colorElement)
            known.insert("NSTextViewTextColor")
        }
        // The text storage: an empty one is the compiler's.
        let storage = reader.reference(index, "NSTextContainer")
            .flatMap { reader.reference($0, "NSLayoutManager") }
            .flatMap { reader.reference($0, "NSTextStorage") }
        if let storage, let text = reader.string(storage, "NSString"), !text.isEmpty {
            if let attributed = attributedString(storage, text: text) {
                element.append(attributed)
            } else {
                element.append(lost("NSTextView text", "the text view's text"))
            }
        }
        guard let shared = reader.reference(index, "NSSharedData"), reader.className(shared) == "NSTextViewSharedData"
        else { return known }
        known.insert("NSSharedData")
        var sharedFlags = reader.integer(shared, "NSFlags") ?? 0x90F
        // A storyboard archives the compiling Mac's text settings for the source's flags
        // (``AppKitTextViewRule/storyboardFlags``).
        if isStoryboard, let source = AppKitTextViewRule.storyboardFlags.first(where: { $0.value == sharedFlags }) {
            sharedFlags = source.key
        }
        var modelled = 0x800 | 0x100 | 0x2000
        for (bit, name, defaultOn) in Self.textViewFlagBits {
            modelled |= bit
            let isSet = sharedFlags & bit != 0
            if isSet != defaultOn { element.set(name, isSet ? "YES" : "NO") }
        }
        let style = reader.integer(shared, "NSPreferredTextFinderStyle") ?? 0
        if style != 0, let name = Self.findStyles[style] { element.set("findStyle", name) }
        if (sharedFlags & 0x2000 != 0) != (style == 1) || sharedFlags & ~modelled != 0 || sharedFlags & 0x900 != 0x900 {
            element.append(lost("NSTextViewSharedData.NSFlags bits", "text view NSFlags \(sharedFlags)"))
        }
        if let color = reader.reference(shared, "NSBackgroundColor") {
            if let colorElement = self.color(color, key: "backgroundColor") {
                element.append(colorElement)
            } else {
                element.append(lost("NSTextViewSharedData.NSBackgroundColor", "the text view's background color"))
            }
        }
        if let color = reader.reference(shared, "NSInsertionColor"),
            !(reader.className(color) == "NSColor" && reader.string(color, "NSColorName") == "textInsertionPointColor")
        {
            if let colorElement = self.color(color, key: "insertionPointColor") {
                element.append(colorElement)
            } else {
                element.append(lost("NSTextViewSharedData.NSInsertionColor", "the text view's insertion point color"))
            }
        }
        return known
    }

    /// `<attributedString key="textStorage">` for a text storage whose runs each hold the
    /// catalog text color and a font (``AppKitTextViewRule/encodeAttributes``): one
    /// `<fragment>` per run, its font in `<attributes>` unless it is the default 12-point
    /// Helvetica of the first dictionary; nil for anything else.
    func attributedString(_ storage: Int, text: String) -> DecompiledElement? {
        var dictionaries: [Int] = []
        var runs: [(length: Int, index: Int)] = []
        let units = Array(text.utf16)
        guard let attributes = reader.reference(storage, "NSAttributes") else { return nil }
        if reader.className(attributes) == "NSDictionary" {
            dictionaries = [attributes]
            runs = [(units.count, 0)]
        } else {
            dictionaries = reader.elements(at: attributes)
            guard let info = reader.reference(storage, "NSAttributeInfo"),
                case .data(let data)? = reader.payload(info, "NS.bytes"), data.count % 2 == 0
            else { return nil }
            let bytes = Array(data)
            runs = stride(from: 0, to: bytes.count, by: 2).map { (Int(bytes[$0]), Int(bytes[$0 + 1])) }
        }
        var fonts: [DecompiledElement?] = []
        for dictionary in dictionaries {
            var font: DecompiledElement?
            var color = false
            for (key, value) in reader.pairs(at: dictionary) {
                switch reader.string(at: key) {
                case "NSColor":
                    color = reader.className(value) == "NSColor" && reader.string(value, "NSColorName") == "textColor"
                case "NSFont":
                    font = self.font(value)
                    font?.setKey("NSFont")
                    if reader.string(value, "NSName") == "Helvetica", reader.number(value, "NSSize") == 12,
                        reader.integer(value, "NSfFlags").map({ $0 >> 8 == 0 }) == true, fonts.isEmpty
                    {
                        font = DecompiledElement("default")
                    }
                default: return nil
                }
            }
            guard color, let font, reader.pairs(at: dictionary).count == 2 else { return nil }
            fonts.append(font.name == "default" ? nil : font)
        }
        let element = DecompiledElement("attributedString", [("key", "textStorage")])
        var start = 0
        for run in runs {
            guard run.length > 0, run.index < fonts.count, start + run.length <= units.count else { return nil }
            let content = String(decoding: units[start..<start + run.length], as: UTF16.self)
            start += run.length
            let fragment = DecompiledElement("fragment", [("content", content)])
            if let font = fonts[run.index] { fragment.child("attributes").append(font) }
            element.append(fragment)
        }
        return start == units.count ? element : nil
    }

    // MARK: Tables

    static let columnAutoresizingStyles = inverted(AppKitTableViewRule.autoresizingStyles)
    /// `NSTvFlags` bits whose attribute is YES when absent (``AppKitTableViewRule/flags(_:)``).
    static let tableFlagBits: [(bit: Int, name: String)] = [
        (0x1000_0000, "emptySelection"), (0x8000_0000, "columnReordering"), (0x4000_0000, "columnResizing"),
        (0x0800_0000, "multipleSelection"), (0x0100_0000, "autosaveColumns"),
    ]

    /// `<tableView>` / `<outlineView>` (cell-based) with its `<tableColumns>`
    /// (``AppKitTableViewRule`` and ``TableColumnRule`` read backwards); returns the keys read.
    func tableView(_ index: Int, _ element: DecompiledElement, outline: Bool, depth: Int) -> Set<String> {
        var known = Self.impliedControlKeys.union([
            "NSTvFlags", "NSColumnAutoresizingStyle", "NSRowHeight", "NSIntercellSpacingWidth",
            "NSIntercellSpacingHeight", "NSAllowsTypeSelect", "NSControlAllowsExpansionToolTips", "NSHeaderView",
            "NSCornerView", "NSTableColumns", "NSDelegate", "NSDataSource", "NSDraggingSourceMaskForLocal",
            "NSDraggingSourceMaskForNonLocal", "NSTableViewDraggingDestinationStyle", "NSTableViewGroupRowStyle",
            "NSOutineViewStronglyReferencesItems",
        ])
        let viewFlags = reader.integer(index, "NSvFlags") ?? 0
        if viewFlags & 0x1000 != 0 { element.set("focusRingType", "none") }
        let flags = reader.integer(index, "NSTvFlags") ?? 0
        for (bit, name) in Self.tableFlagBits where flags & bit == 0 { element.set(name, "NO") }
        if flags & 0x0080_0000 != 0 { element.set("alternatingRowBackgroundColors", "YES") }
        let style = reader.integer(index, "NSColumnAutoresizingStyle") ?? 1
        if style != 1, let name = Self.columnAutoresizingStyles[style] { element.set("columnAutoresizingStyle", name) }
        let modelledFlags = 0xFBE0_8000
        if flags & ~modelledFlags & 0xFFFF_FFFF != 0 || flags & 0x0200_0000 == 0
            || (flags & 0x8000 != 0) != (style == 1)
        {
            element.append(lost("NSTableView.NSTvFlags bits", "NSTvFlags 0x" + String(flags & 0xFFFF_FFFF, radix: 16)))
        }
        sourceWidth(of: index, element, widthState: flags >> 21 & 3)
        if let height = reader.number(index, "NSRowHeight"), height != 17 {
            element.set("rowHeight", Self.number(height))
        }
        if reader.flag(index, "NSAllowsTypeSelect") == false { element.set("typeSelect", "NO") }
        if reader.flag(index, "NSControlAllowsExpansionToolTips") == true {
            element.set("allowsExpansionToolTips", "YES")
        }
        if let name = reader.string(index, "NSAutosaveName") {
            element.set("autosaveName", name)
            known.insert("NSAutosaveName")
        }
        if let header = reader.reference(index, "NSHeaderView") { element.set("headerView", id(header)) }
        if let corner = reader.reference(index, "NSCornerView") { visited.insert(corner) }
        if reader.integer(index, "NSTableViewSelectionHighlightStyle") == 1 {
            element.set("selectionHighlightStyle", "sourceList")
            known.insert("NSTableViewSelectionHighlightStyle")
        }
        if reader.flag(index, "NSTableViewUseARH") == true {
            element.set("usesAutomaticRowHeights", "YES")
            known.insert("NSTableViewUseARH")
        }
        let viewBased = reader.has(index, "NSTableViewArchivedReusableViewsKey")
        if viewBased { element.set("viewBased", "YES") }
        if outline {
            known.formUnion([
                "NSOutlineViewAutoresizesOutlineColumnKey", "NSOutlineViewIndentationPerLevelKey",
                "NSOutlineViewAutosaveExpandedItemsKey", "NSOutlineViewIndentationMarkerFollowsCellKey",
            ])
            if reader.flag(index, "NSOutlineViewAutoresizesOutlineColumnKey") != false {
                element.set("autoresizesOutlineColumn", "YES")
            }
            if let indentation = reader.number(index, "NSOutlineViewIndentationPerLevelKey"), indentation != 0 {
                element.set("indentationPerLevel", Self.number(indentation))
            }
            if reader.flag(index, "NSOutlineViewAutosaveExpandedItemsKey") == true {
                element.set("autosaveExpandedItems", "YES")
            }
            if reader.flag(index, "NSOutlineViewIndentationMarkerFollowsCellKey") == false {
                element.set("indentationMarkerFollowsCell", "NO")
            }
        }
        let spacing = [
            reader.number(index, "NSIntercellSpacingWidth") ?? 3, reader.number(index, "NSIntercellSpacingHeight") ?? 2,
        ]
        if spacing != [3, 2] {
            element.append(
                DecompiledElement(
                    "size",
                    [
                        ("key", "intercellSpacing"), ("width", Self.number(spacing[0])),
                        ("height", Self.number(spacing[1])),
                    ]
                ))
        }
        for (key, attribute) in [("NSBackgroundColor", "backgroundColor"), ("NSGridColor", "gridColor")] {
            guard let color = reader.reference(index, key) else { continue }
            if let colorElement = self.color(color, key: attribute) {
                element.append(colorElement)
                known.insert(key)
            }
        }
        if let grid = reader.integer(index, "NSGridStyleMask") {
            if grid == 2, flags & 0x2000_0000 != 0 {
                element.append(
                    DecompiledElement("tableViewGridLines", [("key", "gridStyleMask"), ("horizontal", "YES")]))
                known.insert("NSGridStyleMask")
            }
        } else if flags & 0x2000_0000 != 0 {
            element.append(lost("NSTableView grid lines", "grid lines without a style"))
        }
        let columns = DecompiledElement("tableColumns")
        var prototypes: [String] = []
        for (position, column) in reader.elements(index, "NSTableColumns").enumerated() {
            guard !visited.contains(column), reader.className(column) == "NSTableColumn" else {
                columns.append(lost("AppKit table column", "the table column object \(column)"))
                continue
            }
            var identifiers: [String]? = viewBased ? [] : nil
            columns.append(tableColumn(column, position: position, depth: depth, prototypes: &identifiers))
            prototypes += identifiers ?? []
        }
        element.append(columns)
        // The prototypes' nested nibs, by reuse identifier, are the compiler's
        // (``AppKitTableCellViewRule/archive``).
        if viewBased {
            let archived =
                reader.reference(index, "NSTableViewArchivedReusableViewsKey")
                .map { reader.pairs(at: $0).compactMap { reader.string(at: $0.0) } } ?? []
            if Set(archived) == Set(prototypes), archived.count == prototypes.count {
                known.insert("NSTableViewArchivedReusableViewsKey")
            }
        }
        if outline, let column = reader.reference(index, "NSOutlineViewOutlineTableColumnKey") {
            element.set("outlineTableColumn", id(column))
            known.insert("NSOutlineViewOutlineTableColumnKey")
        }
        return known
    }

    /// The table's width in the document, from which
    /// ``AppKitTableViewRule/tiledSize(_:clipSize:sourceWidth:element:context:)`` gives the
    /// archived one again: a table wider than its clip view (width state 3) was as wide as the
    /// clip view (a table ibtool resizes to its columns' needs would have had them shrunk or
    /// refilled); a cell-based table whose column ibtool refilled (width state 2, as wide as the
    /// clip view) had another width, taken as the scroll view's inside its border (the clip view
    /// before the vertical scroller was tiled). Otherwise the archived width.
    func sourceWidth(of table: Int, _ element: DecompiledElement, widthState: Int) {
        guard let clip = reader.reference(table, "NSSuperview"), reader.className(clip) == "NSClipView",
            let clipFrame = frame(of: clip), let tableFrame = frame(of: table)
        else { return }
        let rect = element.child("rect", key: "frame")
        if widthState == 3 {
            rect.set("width", Self.number(clipFrame[2]))
        } else if widthState == 2, !reader.has(table, "NSTableViewArchivedReusableViewsKey"),
            tableFrame[2] == clipFrame[2], let scroll = reader.reference(clip, "NSSuperview"),
            let scrollFrame = frame(of: scroll)
        {
            let border = ScrollViewRule.borderWidths[(reader.integer(scroll, "NSsFlags") ?? 2) & 3] ?? 0
            let inner = scrollFrame[2] - 2 * border
            if inner != clipFrame[2] { rect.set("width", Self.number(inner)) }
        }
    }

    /// The archived frame of view `index` (`NSFrame`, or `NSFrameSize` at the origin).
    func frame(of index: Int) -> [Double]? {
        if let rect = Self.numbers(reader.string(index, "NSFrame")), rect.count == 4 { return rect }
        if let size = Self.numbers(reader.string(index, "NSFrameSize")), size.count == 2 { return [0, 0] + size }
        return nil
    }

    /// `<tableColumn>` with its header cell and data cell (``TableColumnRule`` read backwards).
    func tableColumn(_ index: Int, position: Int, depth: Int, prototypes: inout [String]?) -> DecompiledElement {
        visited.insert(index)
        let element = DecompiledElement("tableColumn")
        elements[index] = element
        var known: Set<String> = [
            "NSIdentifier", "NSWidth", "NSMinWidth", "NSMaxWidth", "NSResizingMask", "NSIsResizeable", "NSIsEditable",
            "NSTableView", "NSHeaderCell", "NSDataCell",
        ]
        if let identifier = reader.string(index, "NSIdentifier"),
            identifier != "AutomaticTableColumnIdentifier.\(position)"
        {
            element.set("identifier", identifier)
        }
        for (key, attribute) in [("NSWidth", "width"), ("NSMinWidth", "minWidth"), ("NSMaxWidth", "maxWidth")] {
            if let value = reader.number(index, key) { element.set(attribute, Self.number(value)) }
        }
        if reader.flag(index, "NSIsEditable") != true { element.set("editable", "NO") }
        element.set("id", id(index))
        if let header = reader.reference(index, "NSHeaderCell"), reader.className(header) == "NSTableHeaderCell" {
            visited.insert(header)
            let cell = DecompiledElement("tableHeaderCell", [("key", "headerCell")])
            cellFlags(header, cell, textBorders: true)
            if let title = reader.string(header, "NSContents"), !title.isEmpty { cell.set("title", title) }
            // The header font is always the 11-point system font (``TableColumnRule/header``).
            var cellKnown = Self.impliedTextCellKeys.union(["NSSupport"])
            appendColors(of: header, to: cell, known: &cellKnown)
            keepUnread(header, known: cellKnown, in: cell)
            element.append(cell)
        } else {
            known.remove("NSHeaderCell")
        }
        if let data = reader.reference(index, "NSDataCell"), !visited.contains(data) {
            switch reader.className(data) {
            case "NSTextFieldCell": element.append(dataTextCell(data))
            case "NSImageCell": element.append(imageCell(data, key: "dataCell"))
            // A check box column: the button cell takes the button's attributes itself
            // (``AppKitButtonRule/buttonCell``, `button: dataCell`).
            case "NSButtonCell":
                if let made = ownButtonCell(data, key: "dataCell") {
                    element.append(made)
                } else {
                    known.remove("NSDataCell")
                }
            default: known.remove("NSDataCell")
            }
        }
        // A view-based table's prototype cell views: the column's children in the object table
        // (``AppKitTableCellViewRule``); a prototype without an identifier takes the column's.
        if prototypes != nil {
            let container = DecompiledElement("prototypeCellViews")
            for child in objectOrder where parents[child] == index && !visited.contains(child) {
                let className = reader.className(child)
                let original = className == "NSClassSwapper" ? reader.string(child, "NSOriginalClassName") : className
                guard original == "NSTableCellView" else { continue }
                if let view = view(child, key: nil, depth: depth + 1, isContentView: false, isDocumentView: true) {
                    container.append(view)
                    prototypes?.append(
                        reader.string(child, "NSReuseIdentifierKey") ?? reader.string(index, "NSIdentifier") ?? "")
                }
            }
            if !container.children.isEmpty { element.append(container) }
        }
        if let mask = reader.integer(index, "NSResizingMask"), mask != 0 {
            let maskElement = DecompiledElement("tableColumnResizingMask", [("key", "resizingMask")])
            if mask & 1 != 0 { maskElement.set("resizeWithTable", "YES") }
            if mask & 2 != 0 { maskElement.set("userResizable", "YES") }
            if mask & ~3 != 0 { maskElement.append(lost("NSTableColumn.NSResizingMask bits", "resizing mask \(mask)")) }
            element.append(maskElement)
        }
        if let descriptor = reader.reference(index, "NSSortDescriptorPrototype"),
            reader.className(descriptor) == "NSSortDescriptor", let key = reader.string(descriptor, "NSKey"),
            let selector = reader.string(descriptor, "NSSelector"),
            reader.flag(descriptor, "NSReverseNullOrder") != true
        {
            let sort = DecompiledElement(
                "sortDescriptor", [("key", "sortDescriptorPrototype"), ("selector", selector)])
            sort.set("sortKey", key)
            if reader.flag(descriptor, "NSAscending") == false { sort.set("ascending", "NO") }
            element.append(sort)
            known.insert("NSSortDescriptorPrototype")
        }
        keepUnread(index, known: known, in: element)
        return element
    }

    /// A column's `<textFieldCell key="dataCell">` (``TableColumnRule/encodeDataCell``).
    func dataTextCell(_ cell: Int) -> DecompiledElement {
        visited.insert(cell)
        let element = DecompiledElement("textFieldCell", [("key", "dataCell")])
        elements[cell] = element
        cellFlags(cell, element, textBorders: true)
        var known = Self.impliedTextCellKeys
        if !formatter(of: cell, in: element, known: &known), let title = reader.string(cell, "NSContents"),
            !title.isEmpty
        {
            element.set("title", title)
        }
        copyFlag("NSDrawsBackground", of: cell, as: "drawsBackground", to: element, known: &known)
        element.set("id", id(cell))
        appendFont(of: cell, to: element, known: &known)
        appendColors(of: cell, to: element, known: &known)
        keepUnread(cell, known: known, in: element)
        return element
    }

    /// A cell's `<color key="textColor">` and `<color key="backgroundColor">`, marked read.
    func appendColors(of cell: Int, to element: DecompiledElement, known: inout Set<String>) {
        for (key, attribute) in [("NSTextColor", "textColor"), ("NSBackgroundColor", "backgroundColor")] {
            if let color = reader.reference(cell, key), let colorElement = self.color(color, key: attribute) {
                element.append(colorElement)
                known.insert(key)
            }
        }
    }
}
