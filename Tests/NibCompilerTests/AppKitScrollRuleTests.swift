import Foundation
import NibArchive
import NibCompiler
import Testing

/// AppKit scroll views, clip views, scrollers, table and outline views. Expected values are
/// read from Apple's nibs in the macOS pairs named in each test (`test_table_header`,
/// `sv_nohs_small_vs`, `test12_text_view_border`, `test_sv2`, `outline_2col_default`, …).
@Suite("AppKit scroll and table rules")
struct AppKitScrollRuleTests {
    /// A window content view holding one scroll view with `scrollAttributes`, a table (or
    /// outline view) with `tableAttributes` and two columns, both scrollers (the vertical one
    /// with `verticalAttributes`) and, when `header` is set, a 23-point header view.
    static func table(
        _ scrollAttributes: String = "", table tableAttributes: String = "", element: String = "tableView",
        vertical verticalAttributes: String = #"hidden="YES""#, header: Bool = true, secondColumnWidth: Int = 240,
        tableColors: Bool = true, secondDataCell: String? = nil, resizingMasks: Bool = true
    ) -> String {
        let headerAttribute = header ? #"headerView="20""# : ""
        let colors =
            tableColors
            ? """
            <color key="backgroundColor" name="controlBackgroundColor" catalog="System" colorSpace="catalog"/>
            <color key="gridColor" name="gridColor" catalog="System" colorSpace="catalog"/>
            """ : ""
        let headerView =
            header
            ? """
            <tableHeaderView key="headerView" wantsLayer="YES" id="20">
                <rect key="frame" x="0.0" y="0.0" width="378" height="23"/>
                <autoresizingMask key="autoresizingMask"/>
            </tableHeaderView>
            """ : ""
        let textDataCell = { (id: Int) in
            """
            <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" alignment="left" id="\(id)">
                <font key="font" metaFont="system"/>
                <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                <color key="backgroundColor" name="controlBackgroundColor" catalog="System" colorSpace="catalog"/>
            </textFieldCell>
            """
        }
        let column = { (id: Int, identifier: String, width: Int, dataCell: String) in
            """
            <tableColumn identifier="\(identifier)" width="\(width)" minWidth="40" maxWidth="1000" id="\(id)">
                <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border" alignment="left" title="\(identifier)">
                    <color key="textColor" name="headerTextColor" catalog="System" colorSpace="catalog"/>
                    <color key="backgroundColor" white="0.33" alpha="1" colorSpace="calibratedWhite"/>
                </tableHeaderCell>
                \(dataCell)
                \(resizingMasks ? #"<tableColumnResizingMask key="resizingMask" resizeWithTable="YES" userResizable="YES"/>"# : "")
            </tableColumn>
            """
        }
        return Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="400" height="300"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <scrollView \(scrollAttributes) id="10">
                        <rect key="frame" x="10" y="10" width="380" height="200"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <clipView key="contentView" id="11">
                            <rect key="frame" x="1" y="1" width="378" height="198"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <\(element) verticalHuggingPriority="750" \(headerAttribute) \(tableAttributes) id="12">
                                    <rect key="frame" x="0.0" y="0.0" width="378" height="175"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <size key="intercellSpacing" width="3" height="2"/>
                                    \(colors)
                                    <tableColumns>
                                        \(column(13, "name", 100, textDataCell(14)))
                                        \(column(15, "value", secondColumnWidth, secondDataCell ?? textDataCell(16)))
                                    </tableColumns>
                                </\(element)>
                            </subviews>
                        </clipView>
                        <scroller key="horizontalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" horizontal="YES" id="17">
                            <rect key="frame" x="-100" y="-100" width="363" height="15"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        <scroller key="verticalScroller" \(verticalAttributes) wantsLayer="YES" verticalHuggingPriority="750" horizontal="NO" id="18">
                            <rect key="frame" x="364" y="24" width="15" height="175"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        \(headerView)
                    </scrollView>
                </subviews>
            </customView>
            """, toolsVersion: 24506)
    }

    /// `source` compiled with stand-in ICC profiles and loaded as an object graph.
    static func graph(_ source: String) throws -> Graph {
        try Source.graph(source, options: StandInProfiles.options)
    }

    // MARK: NSScrollView

    /// A table that cannot be compiled (here its background is in a custom Adobe RGB space,
    /// whose conversion is not modelled) leaves the scroll view, its scrollers and the header:
    /// only the table falls back.
    @Test("a table its rule cannot compile keeps its scroll view and header")
    func failedTableKeepsScrollView() throws {
        let spacing = #"<size key="intercellSpacing" width="3" height="2"/>"#
        let source = Self.table(tableColors: false).replacingOccurrences(
            of: spacing,
            with: spacing
                + #"<color key="backgroundColor" red="0.5" green="0.5" blue="0.5" alpha="1" colorSpace="custom" customColorSpace="adobeRGB1998"/>"#
        )
        #expect(source.contains("adobeRGB1998"))
        let output = try Source.compile(source)
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let scroll = try #require(graph.all("NSScrollView").first)
        #expect(graph.value("NSsFlags", of: scroll) != nil)
        let header = try #require(graph.all("NSTableHeaderView").first)
        #expect(graph.value("NSTableView", of: header) == nil)
        #expect(output.warnings.contains { $0.message.contains("header is archived without it") })
    }

    @Test(
        "NSsFlags packs the border, scrollers, autohiding and predominant-axis scrolling",
        arguments: [
            // test_table_header 133650, test_table_uniform_header's flags without its 0x80,
            // test12_text_view_border (none / line / groove), pred_compound_chain (no scrollers).
            (#"autohidesScrollers="YES" hasHorizontalScroller="NO" usesPredominantAxisScrolling="NO""#, 133_650),
            (#"hasHorizontalScroller="NO""#, 198_674),
            (#"borderType="none" hasHorizontalScroller="NO""#, 198_672),
            (#"borderType="line" hasHorizontalScroller="NO""#, 198_673),
            (#"borderType="groove" hasHorizontalScroller="NO""#, 198_675),
            (
                #"autohidesScrollers="YES" hasHorizontalScroller="NO" hasVerticalScroller="NO" usesPredominantAxisScrolling="NO""#,
                133_634
            ),
        ])
    func scrollFlags(attributes: String, flags: Int64) throws {
        let graph = try Self.graph(Self.table(attributes))
        let scroll = try #require(graph.all("NSScrollView").first)
        #expect(graph.value("NSsFlags", of: scroll)?.integerValue == flags)
    }

    @Test("a scroll view archives its parts, pan recognizer, magnification and line scroll (test_table_header)")
    func scrollViewParts() throws {
        let graph = try Self.graph(Self.table(#"horizontalLineScroll="19" verticalLineScroll="19""#))
        let scroll = try #require(graph.all("NSScrollView").first)
        let subviews = graph.elements(of: graph.object("NSSubviews", of: scroll) ?? -1).map {
            graph.nodes[$0].className
        }
        #expect(subviews == ["NSClipView", "NSClipView", "NSScroller", "_NSCornerView", "NSScroller"])
        let clip = try #require(graph.object("NSContentView", of: scroll))
        #expect(graph.object("NSNextKeyView", of: scroll) == clip)
        #expect(graph.text("NSFrame", of: clip) == "{{1, 1}, {378, 198}}")
        #expect(graph.text("NSBounds", of: clip) == "{{0, -23}, {378, 198}}")
        #expect(graph.value("NSvFlags", of: clip)?.integerValue == 256)
        #expect(graph.value("NScvFlags", of: clip)?.integerValue == 4)
        let headerClip = try #require(graph.object("NSHeaderClipView", of: scroll))
        #expect(graph.text("NSFrame", of: headerClip) == "{{1, 1}, {378, 23}}")
        #expect(graph.className("NSDocView", of: headerClip) == "NSTableHeaderView")
        // 10, 10, 19, 19 as big-endian float32s.
        #expect(
            graph.data("NSScrollAmts", of: scroll)
                == [0x41, 0x20, 0, 0, 0x41, 0x20, 0, 0, 0x41, 0x98, 0, 0, 0x41, 0x98, 0, 0])
        #expect(graph.value("NSMaxMagnification", of: scroll) == .float64(4))
        let pan = try #require(graph.all("NSPanGestureRecognizer").first)
        #expect(graph.text("NSGestureRecognizer.action", of: pan) == "_panWithGestureRecognizer:")
        #expect(graph.object("NSGestureRecognizer.target", of: pan) == scroll)
    }

    @Test("a visible legacy vertical scroller takes 17 points from the clip view (test_sv2, test_outline_header)")
    func visibleScrollerTiling() throws {
        let graph = try Self.graph(
            Self.table(
                #"hasHorizontalScroller="NO""#, vertical: #"doubleValue="1""#, header: false, secondColumnWidth: 200))
        let scroll = try #require(graph.all("NSScrollView").first)
        let clip = try #require(graph.object("NSContentView", of: scroll))
        #expect(graph.text("NSFrame", of: clip) == "{{1, 1}, {361, 198}}")
        let vertical = try #require(graph.object("NSVScroller", of: scroll))
        #expect(graph.text("NSFrame", of: vertical) == "{{362, 1}, {17, 198}}")
        #expect(graph.value("NSCurValue", of: vertical) == .float64(1))
        #expect(graph.value("NSvFlags", of: vertical)?.integerValue == 256)
    }

    @Test("scrollers target their scroll view; hidden and horizontal become view and scroller flags")
    func scrollers() throws {
        let graph = try Self.graph(Self.table())
        let scroll = try #require(graph.all("NSScrollView").first)
        let horizontal = try #require(graph.object("NSHScroller", of: scroll))
        #expect(graph.value("NSvFlags", of: horizontal)?.integerValue == -2_147_483_392)
        #expect(graph.value("NSsFlags", of: horizontal)?.integerValue == 1)
        #expect(graph.object("NSTarget", of: horizontal) == scroll)
        #expect(graph.text("NSAction", of: horizontal) == "_doScroller:")
        #expect(graph.value("NSControlSendActionMask", of: horizontal)?.integerValue == 4)
        let vertical = try #require(graph.object("NSVScroller", of: scroll))
        #expect(graph.value("NSsFlags", of: vertical) == nil)
    }

    @Test(
        "NScvFlags: drawsBackground 4, copiesOnScroll NO 2, written only when not 0",
        arguments: [
            // test_table_header, pred_compound_chain, transmission_MainMenu, test11_text_view_back
            ("", Int64?.some(4)), (#"drawsBackground="NO" copiesOnScroll="NO""#, 2), (#"copiesOnScroll="NO""#, 6),
            (#"drawsBackground="NO""#, nil),
        ])
    func clipFlags(attributes: String, flags: Int64?) throws {
        let source = Self.table().replacingOccurrences(
            of: #"<clipView key="contentView" id="11">"#, with: #"<clipView key="contentView" \#(attributes) id="11">"#)
        let graph = try Self.graph(source)
        let clip = try #require(graph.object("NSContentView", of: graph.all("NSScrollView")[0]))
        #expect(graph.value("NScvFlags", of: clip)?.integerValue == flags)
    }

    @Test("without a header, a visible vertical scroller puts the detached corner view at its top (test_sv2)")
    func detachedCorner() throws {
        let graph = try Self.graph(
            Self.table(
                #"hasHorizontalScroller="NO""#, table: #"columnAutoresizingStyle="lastColumnOnly""#,
                vertical: #"doubleValue="1""#, header: false, secondColumnWidth: 200))
        let table = try #require(graph.all("NSTableView").first)
        let corner = try #require(graph.object("NSCornerView", of: table))
        #expect(graph.text("NSFrame", of: corner) == "{{362, 1}, {18, 28}}")
        #expect(graph.value("NSNextResponder", of: corner) == .nil)
        #expect(graph.value("NSCornerView", of: graph.all("NSScrollView")[0]) == nil)
    }

    @Test("a tiled clip view autoresizes a plain document view and its subviews (test10_next_key)")
    func documentAutoresizing() throws {
        let source = Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <scrollView horizontalLineScroll="10" horizontalPageScroll="10" verticalLineScroll="10" verticalPageScroll="10" usesPredominantAxisScrolling="NO" id="2">
                        <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                        <clipView key="contentView" id="3">
                            <rect key="frame" x="1" y="1" width="478" height="268"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view id="4">
                                    <rect key="frame" x="0.0" y="0.0" width="463" height="253"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <view id="5">
                                            <rect key="frame" x="207" y="103" width="48" height="48"/>
                                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                                        </view>
                                    </subviews>
                                </view>
                            </subviews>
                        </clipView>
                        <scroller key="horizontalScroller" verticalHuggingPriority="750" horizontal="YES" id="6">
                            <rect key="frame" x="1" y="253" width="478" height="16"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        <scroller key="verticalScroller" verticalHuggingPriority="750" horizontal="NO" id="7">
                            <rect key="frame" x="463" y="1" width="16" height="268"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                    </scrollView>
                </subviews>
            </customView>
            """)
        let graph = try Self.graph(source)
        let clip = try #require(graph.all("NSClipView").first)
        #expect(graph.text("NSFrame", of: clip) == "{{1, 1}, {461, 251}}")
        let views = graph.all("NSView")
        #expect(views.compactMap { graph.text("NSFrameSize", of: $0) }.contains("{446, 236}"))
        #expect(views.compactMap { graph.text("NSFrame", of: $0) }.contains("{{207, 86}, {48, 48}}"))
    }

    // MARK: NSTableView

    @Test(
        "NSTvFlags packs reordering, resizing, selection, autosave and alternating rows",
        arguments: [
            // test_table_header, test_table_mult_sel_no, test_single_col_noresize, test_sv2
            (
                #"alternatingRowBackgroundColors="YES" multipleSelection="NO" columnAutoresizingStyle="lastColumnOnly""#,
                Int64(-744_488_960)
            ),
            (#"alternatingRowBackgroundColors="YES" multipleSelection="NO" autosaveColumns="NO""#, -761_233_408),
            (
                #"columnResizing="NO" alternatingRowBackgroundColors="YES" multipleSelection="NO" autosaveColumns="NO""#,
                -1_834_975_232
            ),
            (
                #"columnAutoresizingStyle="lastColumnOnly" alternatingRowBackgroundColors="YES" columnReordering="NO" columnResizing="NO" autosaveColumns="NO""#,
                446_693_376
            ),
        ])
    func tableFlags(attributes: String, flags: Int64) throws {
        let graph = try Self.graph(Self.table(table: attributes))
        let table = try #require(graph.all("NSTableView").first)
        #expect(graph.value("NSTvFlags", of: table)?.integerValue == flags)
    }

    @Test("columns that need exactly the table's width set width state 2 (outline_autohide_header -616562688)")
    func exactlyFilled() throws {
        let graph = try Self.graph(
            Self.table(table: #"columnAutoresizingStyle="reverseSequential""#, secondColumnWidth: 243))
        let table = try #require(graph.all("NSTableView").first)
        #expect(graph.value("NSTvFlags", of: table)?.integerValue == -616_562_688)
    }

    @Test("a table archives its columns, cells, header and corner views (test_table_header)")
    func tableParts() throws {
        let graph = try Self.graph(Self.table(table: #"columnAutoresizingStyle="lastColumnOnly""#))
        let table = try #require(graph.all("NSTableView").first)
        #expect(graph.text("NSFrameSize", of: table) == "{378, 175}")
        #expect(graph.value("NSColumnAutoresizingStyle", of: table)?.integerValue == 4)
        #expect(graph.value("NSRowHeight", of: table) == .float64(17))
        #expect(graph.value("NSAllowsTypeSelect", of: table) == .bool(true))
        let header = try #require(graph.object("NSHeaderView", of: table))
        #expect(graph.object("NSTableView", of: header) == table)
        let corner = try #require(graph.object("NSCornerView", of: table))
        #expect(graph.text("NSFrameSize", of: corner) == "{17, 28}")
        let columns = graph.elements(of: graph.object("NSTableColumns", of: table) ?? -1)
        #expect(columns.count == 2)
        let column = try #require(columns.first)
        #expect(graph.text("NSIdentifier", of: column) == "name")
        #expect(graph.value("NSWidth", of: column) == .float64(100))
        #expect(graph.value("NSResizingMask", of: column)?.integerValue == 3)
        #expect(graph.value("NSIsResizeable", of: column) == .bool(true))
        #expect(graph.value("NSIsEditable", of: column) == .bool(true))
        let headerCell = try #require(graph.object("NSHeaderCell", of: column))
        #expect(graph.value("NSCellFlags", of: headerCell)?.integerValue == 75_497_536)
        #expect(graph.value("NSCellFlags2", of: headerCell)?.integerValue == 2048)
        let font = try #require(graph.object("NSSupport", of: headerCell))
        #expect(graph.value("NSSize", of: font) == .float64(11))
        #expect(graph.value("NSfFlags", of: font)?.integerValue == 16)
        let dataCell = try #require(graph.object("NSDataCell", of: column))
        #expect(graph.value("NSCellFlags", of: dataCell)?.integerValue == 337_641_537)
        #expect(graph.object("NSControlView", of: dataCell) == table)
    }

    @Test("tracked objects follow document order with their parents (test_table_header)")
    func tracking() throws {
        let graph = try Self.graph(Self.table())
        let data = try #require(graph.object("IB.objectdata", of: graph.root))
        let keys = graph.elements(of: graph.object("NSObjectsKeys", of: data) ?? -1).map { graph.nodes[$0].className }
        #expect(
            keys.suffix(10) == [
                "NSScrollView", "NSClipView", "NSTableView", "NSTableColumn", "NSTextFieldCell", "NSTableColumn",
                "NSTextFieldCell", "NSScroller", "NSScroller", "NSTableHeaderView",
            ])
        let parents = graph.elements(of: graph.object("NSObjectsValues", of: data) ?? -1).map {
            graph.nodes[$0].className
        }
        #expect(parents.suffix(3) == ["NSScrollView", "NSScrollView", "NSScrollView"])
    }

    @Test("outline views add their indentation and outline-column keys (outline_2col_default)")
    func outline() throws {
        let graph = try Self.graph(
            Self.table(table: #"indentationPerLevel="16" outlineTableColumn="13""#, element: "outlineView"))
        let outline = try #require(graph.all("NSOutlineView").first)
        #expect(graph.value("NSOutlineViewIndentationPerLevelKey", of: outline) == .float32(16))
        #expect(graph.value("NSOutlineViewAutoresizesOutlineColumnKey", of: outline) == .bool(false))
        #expect(graph.value("NSOutineViewStronglyReferencesItems", of: outline) == .bool(true))
    }

    @Test("a custom table class becomes an NSClassSwapper over NSOutlineView (test_outline_small_sv)")
    func customClass() throws {
        let graph = try Self.graph(
            Self.table(table: #"outlineTableColumn="13" customClass="FileOutlineView""#, element: "outlineView"))
        let swapper = try #require(graph.all("NSClassSwapper").first)
        #expect(graph.text("NSClassName", of: swapper) == "FileOutlineView")
        #expect(graph.text("NSOriginalClassName", of: swapper) == "NSOutlineView")
        #expect(graph.value("NSOutineViewStronglyReferencesItems", of: swapper) == .bool(true))
    }

    // MARK: Errors

    @Test(
        "unmodelled scroll and table sources stay errors",
        arguments: [
            Self.table(#"borderType="fancy""#),
            Self.table(table: #"selectionHighlightStyle="none""#),
            Self.table(table: #"rowSizeStyle="large""#),
            Self.table(table: #"viewBased="YES" tableStyle="inset""#),
            Self.table(vertical: #"controlSize="mini""#),
        ])
    func unsupported(source: String) {
        #expect(throws: CompileError.self) { try Source.refusing { try Self.graph(source) } }
    }

    @Test("a sort descriptor prototype becomes an NSSortDescriptor (test_sort_desc)")
    func sortDescriptor() throws {
        let source = Self.table().replacingOccurrences(
            of: #"<tableColumnResizingMask key="resizingMask" resizeWithTable="YES" userResizable="YES"/>"#,
            with: #"<sortDescriptor key="sortDescriptorPrototype" sortKey="name" ascending="YES" selector="compare:"/>"#
        )
        let graph = try Self.graph(source)
        let descriptor = try #require(graph.all("NSSortDescriptor").first)
        #expect(graph.text("NSKey", of: descriptor) == "name")
        #expect(graph.value("NSAscending", of: descriptor) == .bool(true))
        #expect(graph.text("NSSelector", of: descriptor) == "compare:")
        #expect(graph.value("NSReverseNullOrder", of: descriptor) == .bool(false))
    }

    @Test("a table without colors archives none; its clip view draws controlBackgroundColor (test_single_col_noresize)")
    func tableWithoutColors() throws {
        let graph = try Self.graph(Self.table(tableColors: false))
        let table = try #require(graph.all("NSTableView").first)
        #expect(graph.value("NSBackgroundColor", of: table) == nil)
        #expect(graph.value("NSGridColor", of: table) == nil)
        let clip = try #require(graph.all("NSClipView").first)
        let background = try #require(graph.object("NSBGColor", of: clip))
        #expect(graph.text("NSColorName", of: background) == "controlBackgroundColor")
    }

    @Test("an image data cell becomes an NSImageCell controlled by the table (imagecell_datacell_font)")
    func imageDataCell() throws {
        let graph = try Self.graph(
            Self.table(
                secondDataCell:
                    #"<imageCell key="dataCell" controlSize="small" refusesFirstResponder="YES" alignment="left" imageScaling="proportionallyDown" id="16"/>"#
            ))
        let table = try #require(graph.all("NSTableView").first)
        let cell = try #require(graph.all("NSImageCell").first)
        #expect(graph.object("NSControlView", of: cell) == table)
        // Without a font the cell type is null: only the small size and refusal bits remain.
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 0)
        #expect(graph.value("NSScale", of: cell)?.integerValue == 0)
    }

    @Test("columns without resizing masks that need more room widen the table (test_table_header_first_col)")
    func widerTable() throws {
        // 100 + 260 + 3 spacing + 32 padding = 395 > 378; the visible scroller shows the corner view.
        let graph = try Self.graph(
            Self.table(
                #"hasHorizontalScroller="NO""#, vertical: #"doubleValue="1""#, secondColumnWidth: 260,
                resizingMasks: false))
        let table = try #require(graph.all("NSTableView").first)
        let scroll = try #require(graph.all("NSScrollView").first)
        let clip = try #require(graph.object("NSContentView", of: scroll))
        #expect(graph.text("NSFrame", of: clip) == "{{1, 1}, {361, 198}}")
        #expect(graph.text("NSFrameSize", of: table) == "{395, 175}")
        #expect(graph.value("NSTvFlags", of: table)?.integerValue == Int64(Int32(bitPattern: 0xDB60_8000)))
        #expect(graph.value("NSsFlags", of: scroll)?.integerValue == 198_802)
        let header = try #require(graph.object("NSHeaderView", of: table))
        #expect(graph.text("NSFrameSize", of: header) == "{395, 23}")
        let horizontal = try #require(graph.object("NSHScroller", of: scroll))
        #expect(graph.value("NSEnabled", of: horizontal) == .bool(true))
        let corner = try #require(graph.object("NSCornerView", of: scroll))
        #expect(graph.text("NSFrame", of: corner) == "{{362, 1}, {18, 23}}")
        #expect(graph.value("NSvFlags", of: corner)?.integerValue == 256)
    }

    @Test("an autohiding horizontal scroller shows under a wider table, knob as wide as the view (test_6col)")
    func shownHorizontalScroller() throws {
        let graph = try Self.graph(
            Self.table(#"autohidesScrollers="YES""#, secondColumnWidth: 260, resizingMasks: false))
        let scroll = try #require(graph.all("NSScrollView").first)
        let horizontal = try #require(graph.object("NSHScroller", of: scroll))
        #expect(graph.value("NSvFlags", of: horizontal)?.integerValue == 256)
        #expect(graph.text("NSFrame", of: horizontal) == "{{1, 182}, {378, 17}}")
        #expect(graph.value("NSPercent", of: horizontal) == .float64(378.0 / 395.0))
        // The corner view stays out of the scroll view while the scroller shows.
        #expect(graph.value("NSCornerView", of: scroll) == nil)
    }

    @Test("resizable columns that leave no room for the padding shrink by 29 points (test_outline_indent 172 → 143)")
    func shrinkingColumns() throws {
        let graph = try Self.graph(
            Self.table(table: #"columnAutoresizingStyle="lastColumnOnly""#, secondColumnWidth: 250))
        let table = try #require(graph.all("NSTableView").first)
        let columns = graph.elements(of: graph.object("NSTableColumns", of: table) ?? -1)
        #expect(columns.map { graph.value("NSWidth", of: $0) } == [.float64(100), .float64(221)])
        #expect(graph.text("NSFrameSize", of: table) == "{378, 175}")
    }

    @Test("uniform shrinking where even and proportional shares differ stays an error")
    func nearlyFillingColumns() {
        #expect(throws: CompileError.self) {
            try Source.refusing { try Self.graph(Self.table(secondColumnWidth: 260)) }
        }
    }

    /// sv16b: a 585-point table in a clip view tiled to 568 grows its lastColumnOnly column
    /// 542 → 556, leaving 9 points after the column and its spacing.
    @Test("a narrowed table fits its resizing column to leave 9 points (sv16b)")
    func narrowedTable() throws {
        let graph = try Self.graph(Self.table(table: #"columnAutoresizingStyle="lastColumnOnly""#, vertical: ""))
        let table = try #require(graph.all("NSTableView").first)
        #expect(graph.text("NSFrameSize", of: table) == "{361, 175}")
        let columns = graph.elements(of: graph.object("NSTableColumns", of: table) ?? -1)
        // 361 − 9 − (100 + 2 × 3) = 246.
        #expect(columns.map { graph.value("NSWidth", of: $0) } == [.float64(100), .float64(246)])
        // Width state 2 (sv16b NSTvFlags 0x1AC00000, test_outline_small_sv 0x1A408000).
        let flags = try #require(graph.value("NSTvFlags", of: table)?.integerValue)
        #expect((flags >> 21) & 3 == 2)
        // Several uniformly resizing columns: how they share the change is not in the pairs.
        #expect(throws: CompileError.self) { try Source.refusing { try Self.graph(Self.table(vertical: "")) } }
    }

    /// test_outline_small_sv: a visible small vertical scroller beside an outline takes 13
    /// points ({{302, 1}, {13, 312}} in a 316-point scroll view); the detached corner view stays
    /// where a regular scroller's top would be ({{298, 1}, {18, 28}}).
    @Test("a visible small vertical scroller beside a table takes 13 points (test_outline_small_sv)")
    func smallVerticalScroller() throws {
        let source = Self.table(
            table: #"columnAutoresizingStyle="lastColumnOnly""#, vertical: #"controlSize="small""#, header: false)
        let graph = try Self.graph(source)
        let scroll = try #require(graph.all("NSScrollView").first)
        let clip = try #require(graph.object("NSContentView", of: scroll))
        #expect(graph.text("NSFrame", of: clip) == "{{1, 1}, {365, 198}}")
        let vertical = try #require(graph.object("NSVScroller", of: scroll))
        #expect(graph.text("NSFrame", of: vertical) == "{{366, 1}, {13, 198}}")
        let table = try #require(graph.all("NSTableView").first)
        let corner = try #require(graph.object("NSCornerView", of: table))
        #expect(graph.text("NSFrame", of: corner) == "{{362, 1}, {18, 28}}")
    }

    @Test("resizable columns wider than the clip view widen the table instead (sv_nohs_wide_col 1200 → table 1232)")
    func overflowingColumns() throws {
        let graph = try Self.graph(Self.table(#"hasHorizontalScroller="NO""#, secondColumnWidth: 400))
        let table = try #require(graph.all("NSTableView").first)
        #expect(graph.text("NSFrameSize", of: table) == "{535, 175}")
        let columns = graph.elements(of: graph.object("NSTableColumns", of: table) ?? -1)
        #expect(columns.map { graph.value("NSWidth", of: $0) } == [.float64(100), .float64(400)])
    }

    @Test(
        "a table ibtool resizes, whose columns do not fit, fills it less 9 points with its resizable column (sv16b 542 → 556)"
    )
    func resizedTableFillsColumn() throws {
        // The visible scroller takes 17 points: the 378-point table is tiled to 361, where
        // 100 + 240 + 3 + 32 = 375 does not fit; the last column takes 361 − 9 − 6 − 100 = 246.
        let graph = try Self.graph(
            Self.table(table: #"columnAutoresizingStyle="lastColumnOnly""#, vertical: ""))
        let table = try #require(graph.all("NSTableView").first)
        let columns = graph.elements(of: graph.object("NSTableColumns", of: table) ?? -1)
        #expect(columns.map { graph.value("NSWidth", of: $0) } == [.float64(100), .float64(246)])
        #expect(graph.text("NSFrameSize", of: table)?.hasPrefix("{361, ") == true)
        #expect((graph.value("NSTvFlags", of: table)?.integerValue ?? 0) >> 21 & 3 == 2)
        // Uniform autoresizing with two resizable columns: no pair shows how they share it.
        #expect(throws: CompileError.self) { try Source.refusing { try Self.graph(Self.table(vertical: "")) } }
    }
}

/// AppKit text views in scroll views and window content clip views. Expected values are read
/// from Apple's nibs in test11_text_view_back, test12_text_view_border, test13_clip_flags and
/// test7_clipview.
@Suite("AppKit text view rules")
struct AppKitTextViewRuleTests {
    /// A 240 × 135 borderless scroll view with a visible vertical scroller around a text view
    /// with `attributes` and `body`.
    static func textView(_ attributes: String, body: String = "") -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="400" height="300"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <scrollView borderType="none" horizontalLineScroll="10" horizontalPageScroll="10" verticalLineScroll="10" verticalPageScroll="10" hasHorizontalScroller="NO" id="2">
                        <rect key="frame" x="86" y="67" width="240" height="135"/>
                        <clipView key="contentView" id="3">
                            <rect key="frame" x="0.0" y="0.0" width="225" height="135"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <textView \(attributes) id="4">
                                    <rect key="frame" x="0.0" y="0.0" width="225" height="135"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    \(body)
                                </textView>
                            </subviews>
                        </clipView>
                        <scroller key="horizontalScroller" hidden="YES" verticalHuggingPriority="750" horizontal="YES" id="5">
                            <rect key="frame" x="-100" y="-100" width="225" height="15"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        <scroller key="verticalScroller" verticalHuggingPriority="750" horizontal="NO" id="6">
                            <rect key="frame" x="225" y="0.0" width="15" height="135"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                    </scrollView>
                </subviews>
            </customView>
            """, toolsVersion: 22505)
    }

    @Test(
        "the shared data flags pack the text view's behaviours",
        arguments: [
            // test11_text_view_back, test12_text_view_border, test13_clip_flags, test7_clipview
            (
                #"importsGraphics="NO" richText="NO" verticallyResizable="YES" findStyle="bar" spellingCorrection="YES" smartInsertDelete="YES""#,
                Int64(67_111_683), Int64(2)
            ),
            (
                #"importsGraphics="NO" richText="NO" verticallyResizable="YES" findStyle="panel" spellingCorrection="YES" smartInsertDelete="YES""#,
                67_119_875, 1
            ),
            (
                #"editable="NO" importsGraphics="NO" horizontallyResizable="YES" spellingCorrection="YES""#, 67_111_173,
                0
            ),
            ("", 2319, 0),
            (
                #"editable="NO" importsGraphics="NO" richText="NO" horizontallyResizable="YES" verticallyResizable="YES" usesFontPanel="YES" usesRuler="YES" linkDetection="YES" spellingCorrection="YES" smartInsertDelete="YES""#,
                67_373_921, 0
            ),
        ])
    func sharedFlags(attributes: String, flags: Int64, finderStyle: Int64) throws {
        let graph = try Source.graph(Self.textView(attributes), options: StandInProfiles.options)
        let shared = try #require(graph.all("NSTextViewSharedData").first)
        #expect(graph.value("NSFlags", of: shared)?.integerValue == flags)
        #expect(graph.value("NSPreferredTextFinderStyle", of: shared)?.integerValue == finderStyle)
        #expect(graph.value("NSWritingToolsFlags", of: shared)?.integerValue == 256)
    }

    @Test("a text view archives its text system and tracks the clip view's tiled width (test11_text_view_back)")
    func textSystem() throws {
        let graph = try Source.graph(
            Self.textView(#"verticallyResizable="YES""#, body: #"<size key="maxSize" width="240" height="10000000"/>"#),
            options: StandInProfiles.options)
        let view = try #require(graph.all("NSTextView").first)
        #expect(graph.text("NSFrameSize", of: view) == "{223, 135}")
        #expect(graph.value("NSTVFlags", of: view)?.integerValue == 134)
        #expect(graph.text("NSMaxSize", of: view) == "{240, 10000000}")
        let container = try #require(graph.object("NSTextContainer", of: view))
        #expect(graph.value("NSWidth", of: container) == .float64(223))
        #expect(graph.value("NSMinWidth", of: container) == .float64(15))
        let layout = try #require(graph.object("NSLayoutManager", of: container))
        #expect(graph.value("NSLMFlags", of: layout)?.integerValue == 102)
        let textColor = try #require(graph.object("NSTextViewTextColor", of: view))
        #expect(graph.text("NSColorName", of: textColor) == "textColor")
        let clip = try #require(graph.all("NSClipView").first)
        #expect(graph.text("NSFrameSize", of: clip) == "{223, 135}")
        let cursor = try #require(graph.object("NSCursor", of: clip))
        #expect(graph.text("NSHotSpot", of: cursor) == "{1, -1}")
        // Text views keep the source frame of their visible scroller.
        let scroller = try #require(graph.object("NSVScroller", of: graph.all("NSScrollView")[0]))
        #expect(graph.text("NSFrame", of: scroller) == "{{225, 0}, {15, 135}}")
    }

    @Test("a window content clip view takes the content size with its text view (test7_clipview)")
    func contentClipView() throws {
        let source = Source.macOSXib(
            """
            <window id="5">
                <rect key="contentRect" x="641" y="589" width="538" height="337"/>
                <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
                <clipView key="contentView" id="123">
                    <rect key="frame" x="1" y="1" width="523" height="188"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <textView id="28">
                            <rect key="frame" x="0.0" y="0.0" width="523" height="188"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        </textView>
                    </subviews>
                </clipView>
            </window>
            """)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let clip = try #require(graph.all("NSClipView").first)
        #expect(graph.text("NSFrame", of: clip) == "{{1, 1}, {538, 337}}")
        #expect(graph.value("NSvFlags", of: clip)?.integerValue == 274)
        let view = try #require(graph.all("NSTextView").first)
        #expect(graph.text("NSFrameSize", of: view) == "{538, 337}")
    }

    @Test("attributed text: runs of distinct attribute dictionaries with one-byte lengths (textview_multiattr)")
    func attributedRuns() throws {
        let body = """
            <attributedString key="textStorage">
                <fragment content="Hello "><attributes><font key="NSFont" metaFont="label"/></attributes></fragment>
                <fragment content="bold"><attributes><font key="NSFont" size="10" name="LucidaGrande-Bold"/></attributes></fragment>
                <fragment content=" world"><attributes><font key="NSFont" metaFont="label"/></attributes></fragment>
            </attributedString>
            """
        let graph = try Source.graph(Self.textView("", body: body), options: StandInProfiles.options)
        let storage = try #require(graph.all("NSTextStorage").first)
        #expect(graph.text("NSString", of: storage) == "Hello bold world")
        #expect(graph.elements(of: graph.object("NSAttributes", of: storage) ?? -1).count == 2)
        #expect(graph.data("NS.bytes", of: graph.object("NSAttributeInfo", of: storage) ?? -1) == [6, 0, 4, 1, 6, 0])
        let view = try #require(graph.all("NSTextView").first)
        #expect(graph.value("NSTextViewTextColor", of: view) == nil)
    }

    @Test("a run's NSColor attribute replaces the catalog textColor its dictionary holds; other runs keep it")
    func attributedRunColor() throws {
        let body = """
            <attributedString key="textStorage">
                <fragment content="Red "><attributes><color key="NSColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB"/></attributes></fragment>
                <fragment content="plain"/>
            </attributedString>
            """
        let graph = try Source.graph(Self.textView("", body: body), options: StandInProfiles.options)
        let storage = try #require(graph.all("NSTextStorage").first)
        let dictionaries = graph.elements(of: graph.object("NSAttributes", of: storage) ?? -1)
        #expect(dictionaries.count == 2)
        let colors = graph.all("NSColor").filter { graph.value("NSColorSpace", of: $0)?.integerValue == 1 }
        #expect(colors.compactMap { graph.data("NSRGB", of: $0) }.contains(Array("1 0 0".utf8) + [0]))
        #expect(graph.all("NSColor").contains { graph.text("NSColorName", of: $0) == "textColor" })
        #expect(graph.data("NS.bytes", of: graph.object("NSAttributeInfo", of: storage) ?? -1) == [4, 0, 5, 1])
    }

    @Test("a single run archives one dictionary with the default Helvetica 12 (textview_attributedstring)")
    func attributedSingleRun() throws {
        let body = #"<attributedString key="textStorage"><fragment content="Hi"/></attributedString>"#
        let graph = try Source.graph(Self.textView("", body: body), options: StandInProfiles.options)
        let storage = try #require(graph.all("NSTextStorage").first)
        let attributes = try #require(graph.object("NSAttributes", of: storage))
        #expect(graph.nodes[attributes].className == "NSDictionary")
        #expect(graph.value("NSAttributeInfo", of: storage) == nil)
        let font = try #require(graph.all("NSFont").first)
        #expect(graph.text("NSName", of: font) == "Helvetica")
        #expect(graph.value("NSfFlags", of: font)?.integerValue == 16)
    }

    @Test("unmodelled text view sources stay errors", arguments: [#"usesInspectorBar="YES""#, #"findStyle="sheet""#])
    func unsupported(attributes: String) {
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.graph(Self.textView(attributes), options: StandInProfiles.options) }
        }
    }
}
