import Foundation
import NibArchive
import NibCoding
import NibCompiler
import Testing

/// AppKit tab views, tab view items and the key-view loop ibtool writes through the selected
/// item. Expected values are read from Apple's nibs in `nkv_overlap` and
/// `tabview_scrollview_chain` (and the order from scribendi's keyed archives, as noted).
@Suite("AppKit tab view rules")
struct AppKitTabViewRuleTests {
    /// A label (text field) `id` at `frame` (x, y, width, height).
    static func label(_ id: String, _ frame: (Int, Int, Int, Int), attributes: String = "") -> String {
        """
        <textField verticalHuggingPriority="750" \(attributes) id="\(id)">
            <rect key="frame" x="\(frame.0)" y="\(frame.1)" width="\(frame.2)" height="\(frame.3)"/>
            <autoresizingMask key="autoresizingMask"/>
            <textFieldCell key="cell" title="\(id)" id="\(id)c">
                <font key="font" metaFont="system"/>
            </textFieldCell>
        </textField>
        """
    }

    /// A custom view holding a tab view (`tabAttributes`) whose items are `items`.
    static func tabView(_ items: String, tabAttributes: String = "", font: Bool = true) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0" y="0" width="500" height="500"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <tabView \(tabAttributes) id="TV">
                        <rect key="frame" x="10" y="10" width="480" height="480"/>
                        <autoresizingMask key="autoresizingMask"/>
                        \(font ? #"<font key="font" metaFont="system"/>"# : "")
                        <tabViewItems>
                            \(items)
                        </tabViewItems>
                    </tabView>
                </subviews>
            </customView>
            """, toolsVersion: 22503)
    }

    /// A tab view item `id` whose view `viewID` holds `subviews`.
    static func item(_ id: String, view viewID: String, _ subviews: String, mask: String = "") -> String {
        """
        <tabViewItem label="Tab \(id)" identifier="\(id).identifier" id="\(id)">
            <view key="view" id="\(viewID)">
                <rect key="frame" x="10" y="33" width="460" height="434"/>
                <autoresizingMask key="autoresizingMask" \(mask)/>
                <subviews>
                    \(subviews)
                </subviews>
            </view>
        </tabViewItem>
        """
    }

    static func graph(_ source: String, overlayScrollers: Bool = false) throws -> Graph {
        var options = StandInProfiles.options
        options.overlayScrollers = overlayScrollers
        return try Source.graph(source, options: options)
    }

    /// The chain of `NSNextKeyView` links from `start`, as the labels' titles (`NSContents` of
    /// their cells) or class names, until it returns to `start` or ends.
    static func chain(_ graph: Graph, from start: Int) -> [String] {
        var names: [String] = []
        var current = graph.object("NSNextKeyView", of: start)
        while let view = current, view != start, names.count < 50 {
            let cell = graph.object("NSCell", of: view)
            names.append(cell.flatMap { graph.text("NSContents", of: $0) } ?? graph.nodes[view].className)
            current = graph.object("NSNextKeyView", of: view)
        }
        if current == nil { names.append("nil") }
        return names
    }

    @Test("an item archives identifier, view, label, controlColor and its tab view (tabview_scrollview_chain)")
    func itemArchive() throws {
        let graph = try Self.graph(Self.tabView(Self.item("A", view: "V", Self.label("x", (20, 20, 80, 17)))))
        let tabView = try #require(graph.all("NSTabView").first)
        let item = try #require(graph.all("NSTabViewItem").first)
        #expect(graph.text("NSIdentifier", of: item) == "A.identifier")
        #expect(graph.text("NSLabel", of: item) == "Tab A")
        #expect(graph.object("NSTabView", of: item) == tabView)
        let color = try #require(graph.object("NSColor", of: item))
        #expect(graph.text("NSColorName", of: color) == "controlColor")
        #expect(graph.object("NSSelectedTabViewItem", of: tabView) == item)
        #expect(graph.elements(of: graph.object("NSTabViewItems", of: tabView) ?? -1) == [item])
        let view = try #require(graph.object("NSView", of: item))
        #expect(graph.elements(of: graph.object("NSSubviews", of: tabView) ?? -1) == [view])
        #expect(graph.object("NSSuperview", of: view) == tabView)
        // nkv_overlap: the source frame and mask are kept.
        #expect(graph.text("NSFrame", of: view) == "{{10, 33}, {460, 434}}")
        #expect(graph.value("NSvFlags", of: view)?.integerValue == 256)
    }

    @Test("only the selected item's view is a subview; the others have no superview (scribendi, keyed)")
    func selectedItem() throws {
        let items =
            Self.item("A", view: "VA", Self.label("a", (20, 20, 80, 17)))
            + Self.item("B", view: "VB", Self.label("b", (20, 20, 80, 17)))
        let graph = try Self.graph(Self.tabView(items, tabAttributes: #"initialItem="B""#))
        let tabView = try #require(graph.all("NSTabView").first)
        let selected = try #require(graph.object("NSSelectedTabViewItem", of: tabView))
        #expect(graph.text("NSLabel", of: selected) == "Tab B")
        let selectedView = try #require(graph.object("NSView", of: selected))
        #expect(graph.elements(of: graph.object("NSSubviews", of: tabView) ?? -1) == [selectedView])
        #expect(Self.chain(graph, from: tabView) == ["NSView", "b"])
        let other = try #require(graph.all("NSTabViewItem").first { $0 != selected })
        let otherView = try #require(graph.object("NSView", of: other))
        #expect(graph.object("NSSuperview", of: otherView) == nil)
        #expect(graph.value("NSNextResponder", of: otherView) == .nil)
        #expect(graph.value("NSNextKeyView", of: otherView) == nil)
    }

    @Test("a view without an id (an older document's content view) takes its place in the key-view loop")
    func viewWithoutID() throws {
        let items =
            Self.item("A", view: "VA", Self.label("a", (20, 60, 80, 17)) + Self.label("b", (20, 20, 80, 17)))
        let withID = try Self.graph(Self.tabView(items))
        let withoutID = try Self.graph(
            Self.tabView(items.replacingOccurrences(of: #"<view key="view" id="VA">"#, with: #"<view key="view">"#)))
        let tabView = try #require(withoutID.all("NSTabView").first)
        let expected = Self.chain(withID, from: try #require(withID.all("NSTabView").first))
        #expect(expected.contains("a") && expected.contains("b"))
        #expect(Self.chain(withoutID, from: tabView) == expected)
    }

    @Test("an item's initialFirstResponder outlet is an outlet connector from the item (scribendi, keyed)")
    func itemOutlet() throws {
        let item = Self.item("A", view: "V", Self.label("x", (20, 20, 80, 17))).replacingOccurrences(
            of: "</tabViewItem>",
            with:
                #"<connections><outlet property="initialFirstResponder" destination="x" id="o1"/></connections></tabViewItem>"#
        )
        let graph = try Self.graph(Self.tabView(item))
        let connector = try #require(graph.all("NSNibOutletConnector").first)
        #expect(graph.object("NSSource", of: connector) == graph.all("NSTabViewItem").first)
        #expect(graph.object("NSDestination", of: connector) == graph.all("NSTextField").first)
        #expect(graph.text("NSLabel", of: connector) == "initialFirstResponder")
    }

    @Test("without a font the tab view archives the small system font (nkv_overlap)")
    func defaultFont() throws {
        let graph = try Self.graph(
            Self.tabView(Self.item("A", view: "V", Self.label("x", (20, 20, 80, 17))), font: false))
        let tabView = try #require(graph.all("NSTabView").first)
        let font = try #require(graph.object("NSFont", of: tabView))
        #expect(graph.value("NSSize", of: font) == .float64(11))
        #expect(graph.value("NSfFlags", of: font)?.integerValue == 3100)
        #expect(graph.value("NSDrawsBackground", of: tabView) == .bool(true))
        #expect(graph.value("NSTvFlags", of: tabView)?.integerValue == 0)
    }

    @Test("a small tab view sets 0x0800_0000 in NSTvFlags (scribendi, keyed)")
    func smallControlSize() throws {
        let graph = try Self.graph(
            Self.tabView(
                Self.item("A", view: "V", Self.label("x", (20, 20, 80, 17))), tabAttributes: #"controlSize="small""#))
        let tabView = try #require(graph.all("NSTabView").first)
        #expect(graph.value("NSTvFlags", of: tabView)?.integerValue == 0x0800_0000)
    }

    @Test("siblings overlapping vertically go by x, others top to bottom (nkv_overlap: A, C, B, D, E)")
    func overlapOrder() throws {
        // nkv_overlap's frames, in its source order A, B, C, D, E.
        let labels = [
            Self.label("A", (20, 250, 80, 18)), Self.label("B", (260, 245, 80, 25)),
            Self.label("C", (20, 230, 80, 18)), Self.label("D", (20, 210, 80, 18)),
            Self.label("E", (20, 100, 80, 18)),
        ].joined()
        let custom = """
            <customView id="CV">
                <rect key="frame" x="0" y="0" width="460" height="434"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>\(labels)</subviews>
            </customView>
            """
        let graph = try Self.graph(Self.tabView(Self.item("A", view: "V", custom)))
        let tabView = try #require(graph.all("NSTabView").first)
        #expect(Self.chain(graph, from: tabView) == ["NSView", "NSCustomView", "A", "C", "B", "D", "E"])
    }

    @Test("overlapping siblings with equal x go top first (MarkupTagsController, keyed)")
    func equalXOrder() throws {
        let labels = Self.label("low", (178, -3, 88, 28)) + Self.label("high", (178, 24, 88, 28))
        let graph = try Self.graph(Self.tabView(Self.item("A", view: "V", labels)))
        let tabView = try #require(graph.all("NSTabView").first)
        #expect(Self.chain(graph, from: tabView) == ["NSView", "high", "low"])
    }

    @Test("an overlap of 3 of 32 points does not make a row (AVRFuses, keyed: Choose…, Program, Verify, Read)")
    func smallOverlapOrder() throws {
        // The Flash box of AVRFuses: a 32-point button at {422, 32} above a row at y 3.
        let labels = [
            Self.label("Read", (440, 3, 82, 32)), Self.label("Verify", (358, 3, 82, 32)),
            Self.label("Program", (276, 3, 82, 32)), Self.label("Choose", (422, 32, 100, 32)),
        ].joined()
        let graph = try Self.graph(Self.tabView(Self.item("A", view: "V", labels)))
        let tabView = try #require(graph.all("NSTabView").first)
        #expect(Self.chain(graph, from: tabView) == ["NSView", "Choose", "Program", "Verify", "Read"])
    }

    @Test("an overlap between 3/32 and 3/18 of the shorter height is refused when x and height disagree")
    func unknownOverlapRefused() throws {
        // 4 of 32 points: x says "low" first, height says "high" first.
        let labels = Self.label("low", (10, 0, 80, 32)) + Self.label("high", (200, 28, 80, 32))
        #expect(throws: CompileError.self) {
            try Source.refusing { try Self.graph(Self.tabView(Self.item("A", view: "V", labels))) }
        }
        // Where both readings agree, the order stands.
        let agreeing = Self.label("high", (10, 28, 80, 32)) + Self.label("low", (200, 0, 80, 32))
        let graph = try Self.graph(Self.tabView(Self.item("A", view: "V", agreeing)))
        let tabView = try #require(graph.all("NSTabView").first)
        #expect(Self.chain(graph, from: tabView) == ["NSView", "high", "low"])
    }

    @Test(
        "orders the pairwise rule does not settle are refused",
        arguments: [
            // Equal frames.
            Self.label("a", (20, 20, 80, 17)) + Self.label("b", (20, 20, 80, 17)),
            // A cycle: a before b (x), b before c (x), c before a (higher).
            Self.label("a", (0, 0, 80, 10)) + Self.label("b", (10, 9, 80, 10)) + Self.label("c", (20, 18, 80, 10)),
        ])
    func ambiguousOrder(labels: String) throws {
        let error = try #require(throws: CompileError.self) {
            try Source.refusing { try Self.graph(Self.tabView(Self.item("A", view: "V", labels))) }
        }
        #expect(error.code == .unsupportedElement)
    }

    @Test("a scroll view joins the loop through its scrollers (tabview_scrollview_chain)")
    func scrollViewChain() throws {
        let scroll = { (n: Int, x: Int) in
            """
            <scrollView fixedFrame="YES" borderType="none" horizontalLineScroll="10" horizontalPageScroll="10" verticalLineScroll="10" verticalPageScroll="10" id="SV\(n)">
                <rect key="frame" x="\(x)" y="20" width="200" height="150"/>
                <autoresizingMask key="autoresizingMask"/>
                <clipView key="contentView" id="CV\(n)">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="150"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <customView id="DV\(n)">
                            <rect key="frame" x="0" y="0" width="200" height="150"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        </customView>
                    </subviews>
                </clipView>
                <scroller key="horizontalScroller" hidden="YES" verticalHuggingPriority="750" horizontal="YES" id="HS\(n)">
                    <rect key="frame" x="-100" y="-100" width="225" height="15"/>
                    <autoresizingMask key="autoresizingMask"/>
                </scroller>
                <scroller key="verticalScroller" verticalHuggingPriority="750" horizontal="NO" id="VS\(n)">
                    <rect key="frame" x="184" y="0" width="16" height="150"/>
                    <autoresizingMask key="autoresizingMask"/>
                </scroller>
            </scrollView>
            """
        }
        let graph = try Self.graph(
            Self.tabView(
                Self.item(
                    "A", view: "V", scroll(1, 20) + scroll(2, 240), mask: #"widthSizable="YES" heightSizable="YES""#)),
            overlayScrollers: true)
        let tabView = try #require(graph.all("NSTabView").first)
        let scrolls = graph.all("NSScrollView")
        #expect(scrolls.count == 2)
        for (index, scroll) in scrolls.enumerated() {
            let horizontal = try #require(graph.object("NSHScroller", of: scroll))
            let vertical = try #require(graph.object("NSVScroller", of: scroll))
            let clip = try #require(graph.object("NSContentView", of: scroll))
            let document = try #require(graph.object("NSDocView", of: clip))
            #expect(graph.object("NSNextKeyView", of: scroll) == horizontal)
            #expect(graph.value("NSNextKeyView", of: horizontal) == .nil)
            #expect(graph.object("NSNextKeyView", of: clip) == document)
            #expect(graph.object("NSNextKeyView", of: document) == vertical)
            #expect(graph.object("NSNextKeyView", of: vertical) == (index == 0 ? scrolls[1] : tabView))
            // Overlay scrollers: layer-backed, and the clip view keeps the scroll view's width.
            #expect(graph.value("NSViewIsLayerTreeHost", of: vertical) == .bool(true))
            #expect(graph.text("NSFrameSize", of: document) == "{200, 150}")
        }
        let view = try #require(graph.object("NSNextKeyView", of: tabView))
        #expect(graph.object("NSNextKeyView", of: view) == scrolls.first)
        #expect(graph.value("NSvFlags", of: view)?.integerValue == 274)
    }

    @Test(
        "what no pair shows is refused",
        arguments: [
            // A selected item view without subviews.
            Self.item("A", view: "V", ""),
            // An item without an identifier.
            Self.item("A", view: "V", Self.label("a", (20, 20, 80, 17))).replacingOccurrences(
                of: #"identifier="A.identifier" "#, with: ""),
        ])
    func refusals(item: String) throws {
        #expect(throws: CompileError.self) { try Source.refusing { try Self.graph(Self.tabView(item)) } }
    }

    /// scribendi MarkupTagsController: ~150 such outlets, and the archive keeps the geometric loop.
    @Test("an explicit nextKeyView outlet stays a connector beside the geometric loop")
    func nextKeyViewOutlet() throws {
        let item = Self.item(
            "A", view: "V",
            Self.label("a", (20, 20, 80, 17)).replacingOccurrences(
                of: "</textField>",
                with:
                    #"<connections><outlet property="nextKeyView" destination="V" id="o1"/></connections></textField>"#)
        )
        let graph = try Self.graph(Self.tabView(item))
        let tabView = try #require(graph.all("NSTabView").first)
        let view = try #require(graph.object("NSNextKeyView", of: tabView))
        let field = try #require(graph.object("NSNextKeyView", of: view))
        #expect(graph.nodes[field].className == "NSTextField")
        #expect(graph.object("NSNextKeyView", of: field) == tabView)
        let outlets = graph.all("NSNibOutletConnector").filter { graph.text("NSLabel", of: $0) == "nextKeyView" }
        #expect(outlets.count == 1)
        #expect(outlets.first.flatMap { graph.object("NSDestination", of: $0) } == view)
    }

    /// MarkupTagsController: IB saved the small tab view's item at {10, 25, 272, 90}; Apple's nib
    /// has {10, 29, 272, 86} and the subviews 4 points lower in it.
    @Test("the selected item's view fills a small tab view's content rect, its subviews autoresized")
    func smallTabLayout() throws {
        let item = """
            <tabViewItem label="XML" identifier="1" id="A">
                <view key="view" id="V">
                    <rect key="frame" x="10" y="25" width="272" height="90"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        \(Self.label("a", (14, 61, 60, 14)).replacingOccurrences(of: #"<autoresizingMask key="autoresizingMask"/>"#, with: #"<autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>"#))
                    </subviews>
                </view>
            </tabViewItem>
            """
        let source = Self.tabView(item, tabAttributes: #"controlSize="small""#).replacingOccurrences(
            of: #"<rect key="frame" x="10" y="10" width="480" height="480"/>"#,
            with: #"<rect key="frame" x="13" y="38" width="292" height="128"/>"#)
        let graph = try Self.graph(source)
        let tabView = try #require(graph.all("NSTabView").first)
        let view = try #require(graph.object("NSNextKeyView", of: tabView))
        #expect(graph.text("NSFrame", of: view) == "{{10, 29}, {272, 86}}")
        let field = try #require(graph.all("NSTextField").first)
        #expect(graph.text("NSFrame", of: field) == "{{14, 57}, {60, 14}}")
    }

    @Test("an unknown initialItem is an error")
    func unknownInitialItem() throws {
        let source = Self.tabView(
            Self.item("A", view: "V", Self.label("a", (20, 20, 80, 17))), tabAttributes: #"initialItem="nope""#)
        let error = try #require(throws: CompileError.self) { try Source.refusing { try Self.graph(source) } }
        #expect(error.code == .invalidSource)
    }

    @Test("the loop decodes with NibCoding as a cycle back to the tab view")
    func loopLoads() throws {
        let labels = Self.label("top", (20, 300, 80, 17)) + Self.label("bottom", (20, 20, 80, 17))
        let output = try Source.compiler(StandInProfiles.options).compile(
            Data(Self.tabView(Self.item("A", view: "V", labels)).utf8), fileName: "Tabs.xib")
        let root = try Nib(bytes: output.files[""] ?? []).decodeGraph()
        let data = try #require(root.object(forKey: "IB.objectdata") as? NibObject)
        let objects = try #require(data.array(forKey: "NSObjectsKeys"))
        let tabView = try #require(objects.first { ($0 as? NibObject)?.className == "NSTabView" } as? NibObject)
        var names: [String] = []
        var current = tabView.object(forKey: "NSNextKeyView") as? NibObject
        while let view = current, view !== tabView, names.count < 10 {
            let cell = view.object(forKey: "NSCell") as? NibObject
            names.append(cell?.string(forKey: "NSContents") ?? view.className)
            current = view.object(forKey: "NSNextKeyView") as? NibObject
        }
        #expect(names == ["NSView", "top", "bottom"])
        #expect(current === tabView)
    }
}
