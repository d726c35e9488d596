import Foundation
import NibArchive
import NibCompiler
import Testing

/// View-based tables (prototype cell views as nested nibs), visual effect views and the table
/// attributes that came with them. Expected values are read from Apple's nibs in the macOS pairs
/// named in each test (`outline_cellview`, `reusable_views_order`, `HSChooserWindow`).
@Suite("AppKit view-based tables and visual effect views")
struct AppKitTableCellViewRuleTests {
    /// A prototype cell view `id` with one width-sizable text field (`id` + 1, cell `id` + 2)
    /// connected as its `textField` outlet, at `x` and `width` as the source says.
    static func cellView(_ id: Int, x: Int, width: Int, attributes: String = "") -> String {
        """
        <prototypeCellViews>
            <tableCellView \(attributes) id="\(id)">
                <rect key="frame" x="\(x)" y="1" width="\(width)" height="34"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <textField focusRingType="none" horizontalHuggingPriority="251" verticalHuggingPriority="750" horizontalCompressionResistancePriority="250" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="\(id + 1)">
                        <rect key="frame" x="0" y="9" width="\(width)" height="16"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/>
                        <textFieldCell key="cell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" title="Table View Cell" id="\(id + 2)">
                            <font key="font" usesAppearanceFont="YES"/>
                        </textFieldCell>
                    </textField>
                </subviews>
                <connections>
                    <outlet property="textField" destination="\(id + 1)" id="\(id + 3)"/>
                </connections>
            </tableCellView>
        </prototypeCellViews>
        """
    }

    /// reusable_views_order in small: a bezel scroll view 316 wide with a visible small vertical
    /// scroller, a view-based outline view with columns Zebra (218, resizes with the table, a
    /// prototype), Middle (34, a prototype) and Apple (31); `style` is the columns' autoresizing
    /// style attribute.
    static func outline(style: String = "", zebraCell: String? = nil) -> String {
        let column = { (id: Int, identifier: String, width: Int, extra: String) in
            """
            <tableColumn identifier="\(identifier)" editable="NO" width="\(width)" minWidth="10" maxWidth="1000" id="\(id)">
                <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border" alignment="left" title="\(identifier)"/>
                <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" alignment="left" title="Text Cell" id="\(id + 1)">
                    <font key="font" metaFont="system"/>
                </textFieldCell>
                \(extra)
            </tableColumn>
            """
        }
        return Source.macOSXib(
            """
            <customView id="2">
                <rect key="frame" x="0" y="0" width="340" height="365"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <scrollView hasHorizontalScroller="NO" usesPredominantAxisScrolling="NO" translatesAutoresizingMaskIntoConstraints="NO" id="4">
                        <rect key="frame" x="12" y="40" width="316" height="313"/>
                        <clipView key="contentView" id="5">
                            <rect key="frame" x="1" y="1" width="301" height="311"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <outlineView verticalHuggingPriority="750" columnReordering="NO" columnResizing="NO" autosaveColumns="NO" rowHeight="34" rowSizeStyle="automatic" viewBased="YES" indentationPerLevel="16" autoresizesOutlineColumn="YES" outlineTableColumn="10" \(style) id="7">
                                    <rect key="frame" x="0.0" y="0.0" width="301" height="311"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <size key="intercellSpacing" width="3" height="2"/>
                                    <tableColumns>
                                        \(column(10, "Zebra", 218, #"<tableColumnResizingMask key="resizingMask" resizeWithTable="YES"/>"# + (zebraCell ?? cellView(100, x: 1, width: 223))))
                                        \(column(20, "Middle", 34, cellView(200, x: 225, width: 34)))
                                        \(column(30, "Apple", 31, ""))
                                    </tableColumns>
                                </outlineView>
                            </subviews>
                        </clipView>
                        <scroller key="horizontalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" controlSize="small" horizontal="YES" id="8">
                            <rect key="frame" x="-100" y="-100" width="328" height="11"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        <scroller key="verticalScroller" wantsLayer="YES" verticalHuggingPriority="750" controlSize="small" horizontal="NO" id="9">
                            <rect key="frame" x="302" y="1" width="13" height="311"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                    </scrollView>
                </subviews>
            </customView>
            """, toolsVersion: 24412)
    }

    /// `source` compiled with stand-in ICC profiles and loaded as an object graph.
    static func graph(_ source: String) throws -> Graph {
        try Source.graph(source, options: StandInProfiles.options)
    }

    /// The message of the error compiling `source` throws, if any.
    static func refusal(_ source: String) -> String? {
        do {
            _ = try Source.refusing { try graph(source) }
            return nil
        } catch let error as CompileError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    /// The nested nibs of the first reusable-views dictionary of `graph`, by identifier.
    static func nestedNibs(_ graph: Graph) throws -> [(identifier: String, graph: Graph)] {
        let table = try #require(graph.all("NSOutlineView").first ?? graph.all("NSTableView").first)
        let dictionary = try #require(graph.object("NSTableViewArchivedReusableViewsKey", of: table))
        let entries = graph.elements(of: dictionary)
        return try stride(from: 0, to: entries.count - 1, by: 2).map { index in
            let identifier = try #require(graph.string(entries[index]))
            let data = try #require(graph.object("NSNibFileData", of: entries[index + 1]))
            let bytes = try #require(graph.data("NS.bytes", of: data))
            return (identifier, Graph(try NibArchive(parsing: bytes)))
        }
    }

    // MARK: Prototype cell views

    @Test("each prototype is a nested nib, keyed by its column's identifier, sorted")
    func reusableViews() throws {
        let graph = try Self.graph(Self.outline())
        let nibs = try Self.nestedNibs(graph)
        // reusable_views_order: Middle before Zebra.
        #expect(nibs.map(\.identifier) == ["Middle", "Zebra"])
        let outline = try #require(graph.all("NSOutlineView").first)
        let dictionary = try #require(graph.object("NSTableViewArchivedReusableViewsKey", of: outline))
        #expect(graph.nodes[dictionary].className == "NSMutableDictionary")
        let nib = try #require(graph.elements(of: dictionary).last)
        #expect(graph.value("NSNibFileIsKeyed", of: nib)?.type == .true)
        #expect(graph.value("NSNibFileUseParentBundle", of: nib)?.type == .true)
        #expect(graph.value("NSNibFileImages", of: nib)?.type == .nil)
        // A view-based table archives its (empty) subviews; width state 2 with its columns kept.
        #expect(graph.object("NSSubviews", of: outline).map { graph.elements(of: $0) } == [])
        // outline_cellview 0x1AC0_8000 with alternating rows (0x0080_0000).
        #expect(graph.value("NSTvFlags", of: outline)?.integerValue == 0x1A40_8000)
    }

    @Test("cell frames: inset rows, columns tiled for a 17-point scroller, half the spacing in")
    func frames() throws {
        let nibs = try Self.nestedNibs(try Self.graph(Self.outline()))
        var frames: [String: String] = [:]
        var fieldFrames: [String: String] = [:]
        for (identifier, nested) in nibs {
            let cell = try #require(nested.all("NSTableCellView").first)
            frames[identifier] = nested.text("NSFrame", of: cell)
            let field = try #require(nested.all("NSTextField").first)
            fieldFrames[identifier] = nested.text("NSFrame", of: field)
            #expect(nested.text("NSReuseIdentifierKey", of: cell) == identifier)
        }
        // outline_cellview / reusable_views_order.
        #expect(frames == ["Zebra": "{{11, 1}, {203, 34}}", "Middle": "{{217, 1}, {34, 34}}"])
        #expect(fieldFrames == ["Zebra": "{{0, 9}, {203, 16}}", "Middle": "{{0, 9}, {34, 16}}"])
    }

    @Test("the nested nib: a plain NSObject owner, the cell view's objects, NSApplication, its outlets")
    func nestedObjectData() throws {
        let nibs = try Self.nestedNibs(try Self.graph(Self.outline()))
        let nested = try #require(nibs.first { $0.identifier == "Zebra" }?.graph)
        let data = try #require(nested.object("IB.objectdata", of: nested.root))
        let owner = try #require(nested.object("NSRoot", of: data))
        #expect(nested.nodes[owner].className == "NSCustomObject")
        #expect(nested.text("NSClassName", of: owner) == "NSObject")
        #expect(nested.value("IBClassReference", of: owner)?.type == nil)
        let objects = nested.elements(of: try #require(nested.object("NSObjectsKeys", of: data)))
        #expect(
            objects.map { nested.nodes[$0].className } == [
                "NSTableCellView", "NSTextField", "NSTextFieldCell", "NSCustomObject",
            ])
        #expect(objects.last.flatMap { nested.text("NSClassName", of: $0) } == "NSApplication")
        let parents = nested.elements(of: try #require(nested.object("NSObjectsValues", of: data)))
        #expect(parents == [owner, objects[0], objects[1], owner])
        let connections = nested.elements(of: try #require(nested.object("NSConnections", of: data)))
        #expect(connections.map { nested.text("NSLabel", of: $0) } == ["textField"])
        let oids = nested.elements(of: try #require(nested.object("NSOidsKeys", of: data)))
        #expect(oids.count == 6)
    }

    @Test("the document's nib also tracks each prototype, under its column, without a reuse identifier")
    func outerCopy() throws {
        let graph = try Self.graph(Self.outline())
        let data = try #require(graph.object("IB.objectdata", of: graph.root))
        let objects = graph.object("NSObjectsKeys", of: data).map { graph.elements(of: $0) } ?? []
        let parents = graph.object("NSObjectsValues", of: data).map { graph.elements(of: $0) } ?? []
        let classes = objects.map { graph.nodes[$0].className }
        // outline_cellview: … column, data cell, cell view, text field, text field cell, next column …
        let cellIndex = try #require(classes.firstIndex(of: "NSTableCellView"))
        #expect(
            Array(classes[(cellIndex - 2)...(cellIndex + 2)]) == [
                "NSTableColumn", "NSTextFieldCell", "NSTableCellView", "NSTextField", "NSTextFieldCell",
            ])
        #expect(parents[cellIndex] == objects[cellIndex - 2])
        #expect(graph.value("NSReuseIdentifierKey", of: objects[cellIndex])?.type == nil)
        #expect(graph.text("NSFrame", of: objects[cellIndex]) == "{{11, 1}, {203, 34}}")
        // The outlets of both prototypes are among the document's connections too.
        let connections = graph.object("NSConnections", of: data).map { graph.elements(of: $0) } ?? []
        #expect(connections.filter { graph.text("NSLabel", of: $0) == "textField" }.count == 2)
        // The small vertical scroller takes 13 points; the corner view sits as for 17.
        let clip = try #require(graph.all("NSClipView").first)
        #expect(graph.text("NSFrame", of: clip) == "{{1, 1}, {301, 311}}")
        let corner = try #require(graph.all("_NSCornerView").first)
        #expect(graph.text("NSFrame", of: corner) == "{{298, 1}, {18, 28}}")
    }

    @Test("a cell view's own identifier is its reuse identifier in both nibs (HSChooserWindow)")
    func explicitIdentifier() throws {
        let cell = Self.cellView(100, x: 1, width: 223, attributes: #"identifier="Custom" customClass="MyCell""#)
        let graph = try Self.graph(Self.outline(zebraCell: cell))
        let nibs = try Self.nestedNibs(graph)
        #expect(nibs.map(\.identifier) == ["Custom", "Middle"])
        let swapper = try #require(graph.all("NSClassSwapper").first)
        #expect(graph.text("NSReuseIdentifierKey", of: swapper) == "Custom")
        #expect(graph.text("NSOriginalClassName", of: swapper) == "NSTableCellView")
    }

    @Test(
        "column layouts no pair shows are refused",
        arguments: [#"columnAutoresizingStyle="sequential""#, #"columnAutoresizingStyle="none""#])
    func refusedLayouts(style: String) {
        #expect(Self.refusal(Self.outline(style: style))?.contains("prototype cell views") == true)
    }

    /// todo-test28_tableview_attrs in small: a table 238 wide in an autohiding bezel scroll view,
    /// intercell spacing 17, lastColumnOnly, two columns (116 and 93) that resize with the table,
    /// each with a prototype.
    static func wideTable() -> String {
        let column = { (id: Int, width: Int, cell: String) in
            """
            <tableColumn width="\(width)" minWidth="40" maxWidth="1000" id="\(id)">
                <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border"/>
                <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" title="Text Cell" id="\(id + 1)">
                    <font key="font" metaFont="system"/>
                </textFieldCell>
                <tableColumnResizingMask key="resizingMask" resizeWithTable="YES" userResizable="YES"/>
                \(cell)
            </tableColumn>
            """
        }
        return Source.macOSXib(
            """
            <customView id="2">
                <rect key="frame" x="0" y="0" width="623" height="412"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <scrollView fixedFrame="YES" autohidesScrollers="YES" usesPredominantAxisScrolling="NO" id="4">
                        <rect key="frame" x="20" y="257" width="240" height="135"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                        <clipView key="contentView" id="5">
                            <rect key="frame" x="1" y="1" width="238" height="133"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <tableView verticalHuggingPriority="750" columnAutoresizingStyle="lastColumnOnly" multipleSelection="NO" autosaveColumns="NO" rowHeight="24" rowSizeStyle="automatic" viewBased="YES" id="7">
                                    <rect key="frame" x="0.0" y="0.0" width="238" height="133"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <size key="intercellSpacing" width="17" height="0.0"/>
                                    <tableColumns>
                                        \(column(10, 116, cellView(100, x: 8, width: 114)))
                                        \(column(20, 93, cellView(200, x: 139, width: 90)))
                                    </tableColumns>
                                </tableView>
                            </subviews>
                        </clipView>
                        <scroller key="horizontalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" horizontal="YES" id="8">
                            <rect key="frame" x="1" y="118" width="238" height="16"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        <scroller key="verticalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" horizontal="NO" id="9">
                            <rect key="frame" x="224" y="17" width="15" height="102"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                    </scrollView>
                </subviews>
            </customView>
            """, toolsVersion: 23727)
    }

    @Test("a view-based table whose columns do not fit widens; its resizable columns share the cell layout's change")
    func wideTableFrames() throws {
        let graph = try Self.graph(Self.wideTable())
        let table = try #require(graph.all("NSTableView").first)
        // todo-test28_tableview_attrs: 116 + 93 + 17 + 32 = 258, width state 3.
        #expect(graph.text("NSFrameSize", of: table) == "{258, 133}")
        #expect((graph.value("NSTvFlags", of: table)?.integerValue ?? 0) >> 21 & 3 == 3)
        // Cells laid out in 258 − 20: 243 needed, −5 shared as 116 → 114, 93 → 90.
        var frames: [String: String] = [:]
        for (identifier, nested) in try Self.nestedNibs(graph) {
            let cell = try #require(nested.all("NSTableCellView").first)
            frames[identifier] = nested.text("NSFrame", of: cell)
        }
        #expect(
            frames == [
                "AutomaticTableColumnIdentifier.0": "{{18, 1}, {114, 34}}",
                "AutomaticTableColumnIdentifier.1": "{{149, 1}, {90, 34}}",
            ])
    }

    @Test("connections from a prototype to objects outside it are refused (no pair shows one)")
    func refusedOutsideConnections() {
        let source = Self.outline().replacingOccurrences(
            of: #"<outlet property="textField" destination="101" id="103"/>"#,
            with: #"<outlet property="delegate" destination="-2" id="103"/>"#)
        #expect(source.contains(#"destination="-2""#))
        #expect(Self.refusal(source)?.contains("outside it") == true)
    }

    @Test("prototype cell views in documents older than any pair shows compile with a warning; --strict refuses them")
    func oldDocuments() throws {
        let old = Self.outline().replacingOccurrences(of: #"toolsVersion="24412""#, with: #"toolsVersion="15702""#)
        #expect(old.contains("15702"))
        #expect(Self.refusal(old)?.contains("toolsVersion 18122") == true)
        let output = try Source.compiler(StandInProfiles.options).compile(Data(old.utf8), fileName: "Test.xib")
        #expect(output.warnings.contains { $0.message.contains("older than toolsVersion 18122") })
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        // The outline keeps its class and its cell views (nested nibs), as in a current document.
        #expect(!graph.all("NSOutlineView").isEmpty)
        #expect(try !Self.nestedNibs(graph).isEmpty)
    }

    // MARK: Table attributes (HSChooserWindow)

    @Test("emptySelection NO clears 0x1000_0000; source lists and automatic row heights")
    func sourceListTable() throws {
        let source = Self.outline(
            style: #"emptySelection="NO" selectionHighlightStyle="sourceList" usesAutomaticRowHeights="YES""#)
        let graph = try Self.graph(source)
        let outline = try #require(graph.all("NSOutlineView").first)
        let plain = try #require(try Self.graph(Self.outline()).all("NSOutlineView").first)
        let flags = graph.value("NSTvFlags", of: outline)?.integerValue ?? 0
        let plainFlags = try Self.graph(Self.outline()).value("NSTvFlags", of: plain)?.integerValue ?? 0
        #expect(flags == plainFlags & ~0x1000_0000)
        #expect(graph.value("NSTableViewSelectionHighlightStyle", of: outline)?.integerValue == 1)
        #expect(graph.value("NSTableViewDraggingDestinationStyle", of: outline)?.integerValue == 1)
        #expect(graph.value("NSTableViewUseARH", of: outline)?.type == .true)
        #expect(
            Self.refusal(Self.outline(style: #"selectionHighlightStyle="none""#))?.contains("selectionHighlightStyle")
                == true)
    }

    // MARK: NSVisualEffectView

    static func effectView(_ attributes: String) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="529" height="178"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <visualEffectView wantsLayer="YES" \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="2">
                        <rect key="frame" x="0.0" y="0.0" width="529" height="178"/>
                    </visualEffectView>
                </subviews>
            </customView>
            """, toolsVersion: 18122)
    }

    @Test("a visual effect view archives its blending mode, state and material (HSChooserWindow)")
    func visualEffectView() throws {
        let graph = try Self.graph(
            Self.effectView(#"blendingMode="behindWindow" material="sidebar" state="followsWindowActiveState""#))
        let view = try #require(graph.all("NSVisualEffectView").first)
        #expect(graph.value("NSVisualEffectViewBlendingMode", of: view)?.integerValue == 0)
        #expect(graph.value("NSVisualEffectViewState", of: view)?.integerValue == 0)
        #expect(graph.value("NSVisualEffectViewMaterial", of: view)?.integerValue == 7)
        #expect(graph.value("IBVisualEffectViewExternalMaterial", of: view)?.integerValue == 7)
        #expect(graph.value("IBVisualEffectViewAppearanceType", of: view)?.integerValue == 0)
        #expect(graph.value("NSVisualEffectViewMaskImage", of: view)?.type == .nil)
        #expect(graph.value("NSViewIsLayerTreeHost", of: view)?.type == .true)
    }

    @Test(
        "visual effect values no pair shows are refused",
        arguments: [
            #"blendingMode="withinWindow" material="sidebar" state="followsWindowActiveState""#,
            #"blendingMode="behindWindow" material="menu" state="followsWindowActiveState""#,
            #"blendingMode="behindWindow" material="sidebar""#,
        ])
    func refusedEffects(attributes: String) {
        #expect(Self.refusal(Self.effectView(attributes))?.contains("visual effect view") == true)
    }

    // MARK: Also learned from these pairs

    @Test("an untitled window sizes its content view to the content rect; subviews autoresize (HSChooserWindow)")
    func untitledWindowContentView() throws {
        let window = { (style: String) in
            Source.macOSXib(
                """
                <window title="W" id="1">
                    <windowStyleMask key="styleMask" \(style)/>
                    <rect key="contentRect" x="574" y="449" width="509" height="281"/>
                    <rect key="screenRect" x="0.0" y="0.0" width="3840" height="2135"/>
                    <view key="contentView" id="2">
                        <rect key="frame" x="0.0" y="0.0" width="529" height="178"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <customView id="3">
                                <rect key="frame" x="0.0" y="0.0" width="529" height="178"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                            </customView>
                        </subviews>
                    </view>
                </window>
                """, toolsVersion: 18122)
        }
        let graph = try Self.graph(window(#"nonactivatingPanel="YES" fullSizeContentView="YES""#))
        let content = try #require(graph.all("NSView").first)
        #expect(graph.text("NSFrameSize", of: content) == "{509, 281}")
        let inner = try #require(graph.all("NSCustomView").first)
        // HSChooserWindow: its visual effect view (Auto Layout's default mask, flexible right
        // and bottom margins) keeps its width and moves up by 103 points.
        #expect(graph.text("NSFrame", of: inner) == "{{0, 103}, {529, 178}}")
        // A titled window keeps the source size (transmission_MainMenu, todo-test25_hugging).
        let titled = try Self.graph(window(#"titled="YES""#))
        let titledContent = try #require(titled.all("NSView").first)
        #expect(titled.text("NSFrameSize", of: titledContent) == "{529, 178}")
    }

    @Test("a clip view with a nil background color archives none (HSChooserWindow)")
    func clipWithoutBackground() throws {
        let source = Self.outline().replacingOccurrences(
            of: "</clipView>", with: #"<nil key="backgroundColor"/></clipView>"#)
        #expect(source.contains("<nil key"))
        let graph = try Self.graph(source)
        let clip = try #require(graph.all("NSClipView").first)
        #expect(graph.value("NSBGColor", of: clip) == nil)
    }

    @Test("stack view edge insets (transmission_MainMenu: right 4)")
    func stackEdgeInsets() throws {
        let source = Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="200" height="50"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <stackView distribution="fill" orientation="horizontal" alignment="centerY" spacing="4" horizontalStackHuggingPriority="250" verticalStackHuggingPriority="250" detachesHiddenViews="YES" id="2">
                        <rect key="frame" x="45" y="4" width="45" height="15"/>
                        <edgeInsets key="edgeInsets" left="0.0" right="4" top="0.0" bottom="0.0"/>
                    </stackView>
                </subviews>
            </customView>
            """, toolsVersion: 24412)
        let graph = try Self.graph(source)
        let stack = try #require(graph.all("NSStackView").first)
        #expect(graph.value("NSStackViewEdgeInsets.right", of: stack) == .float32(4))
        #expect(graph.value("NSStackViewEdgeInsets.left", of: stack) == .float32(0))
    }

    @Test("button image scaling proportionallyUpOrDown is 0x40 in NSButtonFlags2 (transmission_MainMenu)")
    func buttonImageScaling() throws {
        let cell = { (scaling: String) in
            #"type="square" bezelStyle="shadowlessSquare" imagePosition="only" alignment="center" imageScaling="\#(scaling)" inset="2""#
        }
        let behavior = #"pushIn="YES" lightByBackground="YES" lightByGray="YES""#
        for (scaling, flags) in [("proportionallyUpOrDown", 0x46), ("proportionallyDown", 0x86)] {
            let graph = try Self.graph(AppKitButtonRuleTests.button(cell: cell(scaling), behavior: behavior))
            let buttonCell = try #require(graph.all("NSButtonCell").first)
            #expect(graph.value("NSButtonFlags2", of: buttonCell)?.integerValue == Int64(flags))
        }
    }

    @Test("image cells in a nested nib animate by default; the document's copy does not (HSChooserWindow)")
    func nestedImageCellsAnimate() throws {
        let imageCell = """
            <prototypeCellViews>
                <tableCellView id="100">
                    <rect key="frame" x="1" y="1" width="223" height="34"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <imageView horizontalHuggingPriority="251" verticalHuggingPriority="251" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="101">
                            <rect key="frame" x="0.0" y="0.0" width="34" height="34"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES"/>
                            <imageCell key="cell" refusesFirstResponder="YES" alignment="left" imageScaling="proportionallyUpOrDown" id="102"/>
                        </imageView>
                    </subviews>
                </tableCellView>
            </prototypeCellViews>
            """
        let graph = try Self.graph(Self.outline(zebraCell: imageCell))
        let outer = try #require(graph.all("NSImageCell").first)
        #expect(graph.value("NSAnimates", of: outer) == .bool(false))
        let nested = try #require(try Self.nestedNibs(graph).first { $0.identifier == "Zebra" }?.graph)
        let inner = try #require(nested.all("NSImageCell").first)
        #expect(nested.value("NSAnimates", of: inner) == .bool(true))
    }
}
