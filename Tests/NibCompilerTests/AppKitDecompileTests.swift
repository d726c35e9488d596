import CorpusSupport
import Foundation
import NibArchive
import NibDiff
import Testing

@testable import NibCompiler

/// `NibDecompiler` on AppKit nibs (`NSIBObjectData`): compiled documents back to `.xib`s, judged
/// by compiling the decompiled document again.
@Suite("Decompiling AppKit nibs")
struct AppKitDecompileTests {
    /// The MainMenu shape: File's Owner (NSApplication) with its delegate outlet, an app delegate
    /// with an outlet to the window, a window with a content view and a custom view, a main menu
    /// with a submenu, a separator, key equivalents with and without modifiers, actions to First
    /// Responder and to the delegate.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="23504" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.CocoaPlugin" version="23504"/>
            </dependencies>
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="NSApplication">
                    <connections>
                        <outlet property="delegate" destination="Voe-Tx-rLC" id="GzC-gU-4Uq"/>
                    </connections>
                </customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <customObject id="Voe-Tx-rLC" customClass="AppDelegate">
                    <connections>
                        <outlet property="window" destination="QvC-M9-y7g" id="gIp-Ho-8D9"/>
                    </connections>
                </customObject>
                <menu title="Main Menu" systemMenu="main" id="AYu-sK-qS6">
                    <items>
                        <menuItem title="Demo" id="1Xt-HY-uBw">
                            <menu key="submenu" title="Demo" systemMenu="apple" id="uQy-DD-JDr">
                                <items>
                                    <menuItem title="About Demo" id="5kV-Vb-QxS">
                                        <modifierMask key="keyEquivalentModifierMask"/>
                                        <connections>
                                            <action selector="orderFrontStandardAboutPanel:" target="-1" id="Exp-CZ-Vem"/>
                                        </connections>
                                    </menuItem>
                                    <menuItem isSeparatorItem="YES" id="VOq-y0-SEH"/>
                                    <menuItem title="Hide Others" keyEquivalent="h" id="Vdr-fp-XzO">
                                        <modifierMask key="keyEquivalentModifierMask" option="YES" command="YES"/>
                                        <connections>
                                            <action selector="hideOtherApplications:" target="-1" id="VT4-aY-XCT"/>
                                        </connections>
                                    </menuItem>
                                    <menuItem title="Quit Demo" keyEquivalent="q" tag="7" id="4sb-4s-VLi">
                                        <connections>
                                            <action selector="quit:" target="Voe-Tx-rLC" id="Te7-pn-YzF"/>
                                        </connections>
                                    </menuItem>
                                </items>
                            </menu>
                        </menuItem>
                    </items>
                </menu>
                <window title="Demo Window" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" visibleAtLaunch="NO" animationBehavior="default" id="QvC-M9-y7g">
                    <windowStyleMask key="styleMask" titled="YES" closable="YES" miniaturizable="YES" resizable="YES"/>
                    <windowPositionMask key="initialPositionMask" leftStrut="YES" bottomStrut="YES"/>
                    <rect key="contentRect" x="335" y="390" width="480" height="360"/>
                    <rect key="screenRect" x="0.0" y="0.0" width="1920" height="1055"/>
                    <value key="minSize" type="size" width="200" height="100"/>
                    <view key="contentView" id="EiT-Mj-1SZ">
                        <rect key="frame" x="0.0" y="0.0" width="480" height="360"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <customView hidden="YES" id="Cv1-aa-b01" customClass="Canvas">
                                <rect key="frame" x="20" y="20" width="200" height="100"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            </customView>
                            <textField horizontalHuggingPriority="251" verticalHuggingPriority="750" translatesAutoresizingMaskIntoConstraints="NO" id="Tf1-aa-b02">
                                <rect key="frame" x="18" y="320" width="120" height="16"/>
                                <textFieldCell key="cell" lineBreakMode="truncatingTail" sendsActionOnEndEditing="YES" alignment="center" title="Name:" id="Tc1-aa-b03">
                                    <font key="font" metaFont="smallSystem"/>
                                </textFieldCell>
                            </textField>
                            <textField id="Tf2-aa-b04">
                                <rect key="frame" x="150" y="316" width="200" height="22"/>
                                <textFieldCell key="cell" scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" state="on" borderStyle="bezel" placeholderString="Your name" drawsBackground="YES" id="Tc2-aa-b05">
                                    <font key="font" name="Menlo-Regular" size="12"/>
                                </textFieldCell>
                            </textField>
                            <button verticalHuggingPriority="750" tag="3" translatesAutoresizingMaskIntoConstraints="NO" id="Bt1-aa-b06">
                                <rect key="frame" x="380" y="13" width="86" height="32"/>
                                <buttonCell key="cell" type="push" title="Save" bezelStyle="rounded" alignment="center" borderStyle="border" imageScaling="proportionallyDown" inset="2" keyEquivalent="s" id="Bc1-aa-b07">
                                    <behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>
                                    <font key="font" metaFont="system"/>
                                </buttonCell>
                                <connections>
                                    <action selector="save:" target="Voe-Tx-rLC" id="Sv1-aa-b08"/>
                                </connections>
                            </button>
                            <button id="Ck1-aa-b09">
                                <rect key="frame" x="18" y="60" width="100" height="18"/>
                                <buttonCell key="cell" type="check" title="Remember" bezelStyle="regularSquare" imagePosition="left" state="on" allowsMixedState="YES" inset="2" id="Cc1-aa-b10">
                                    <behavior key="behavior" changeContents="YES" doesNotDimImage="YES" lightByContents="YES"/>
                                    <font key="font" metaFont="system"/>
                                </buttonCell>
                            </button>
                        </subviews>
                    </view>
                </window>
            </objects>
        </document>
        """

    static func compiled(_ text: String, era: XcodeEra? = nil) throws -> NibArchive {
        var options = NibCompiler.Options()
        options.xcode = era
        let nib = try NibCompiler(options: options).compile(Data(text.utf8), fileName: "MainMenu.xib")
        return try NibArchive(parsing: try #require(nib.files[""]))
    }

    /// decompile(nib) compiled with the era it names, compared with `nib`.
    static func roundTripDifferences(_ original: NibArchive) throws -> (NibDecompiler.Result, [String]) {
        let result = try NibDecompiler().decompile(original)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Again.xib")
        let bytes = try #require(again.files[""])
        let differences = StructuralComparison().differences(between: original, and: try NibArchive(parsing: bytes))
        return (result, differences.map(\.description))
    }

    @Test("A MainMenu-shaped document decompiles to one that compiles to a structurally equal nib")
    func roundTrip() throws {
        let (result, differences) = try Self.roundTripDifferences(try Self.compiled(Self.document))
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(result.unmappedCount == 0, "no source form for \(result.unmapped)")
        // What the source says, in the document's own terms.
        for fragment in [
            "customClass=\"AppDelegate\"", "title=\"Demo Window\"", "systemMenu=\"apple\"", "keyEquivalent=\"h\"",
            "option=\"YES\" command=\"YES\"", "isSeparatorItem=\"YES\"", "selector=\"hideOtherApplications:\"",
            "target=\"-1\"", "property=\"window\"",
            "<rect key=\"frame\" x=\"20\" y=\"20\" width=\"200\" height=\"100\"/>",
            "customClass=\"Canvas\"", "hidden=\"YES\"", "leftStrut=\"YES\" bottomStrut=\"YES\"",
            "visibleAtLaunch=\"NO\"",
            "<value key=\"minSize\" type=\"size\" width=\"200\" height=\"100\"/>",
            "title=\"Name:\"", "metaFont=\"smallSystem\"", "alignment=\"center\"", "placeholderString=\"Your name\"",
            "name=\"Menlo-Regular\" size=\"12\"", "type=\"check\"", "allowsMixedState=\"YES\"",
            "bezelStyle=\"rounded\"",
            "keyEquivalent=\"s\"", "selector=\"save:\"", "tag=\"3\"",
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
    }

    @Test("The same nib gives the same document; placeholders keep their ids, others get Xcode's shape")
    func stableIDs() throws {
        let original = try Self.compiled(Self.document)
        let first = try NibDecompiler().decompile(original).document
        #expect(first == (try NibDecompiler().decompile(original).document))
        let ids = first.matches(of: /\bid="([^"]*)"/).map { String($0.output.1) }
        let placeholders: Set = ["-1", "-2", "-3"]
        #expect(Set(ids).isSuperset(of: placeholders))
        for id in ids where !placeholders.contains(id) {
            #expect(id.wholeMatch(of: /[A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3}/) != nil, "id \(id)")
        }
        #expect(Set(ids).count == ids.count, "every id is unique")
    }

    @Test("The Xcode is read from the keys AppKitEraRule says each Xcode wrote", arguments: [11.0, 12, 13, 16])
    func era(_ version: Double) throws {
        let (result, differences) = try Self.roundTripDifferences(
            try Self.compiled(Self.document, era: XcodeEra(version)))
        #expect(result.xcode == XcodeEra(version))
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    /// An `NSIBObjectData` nib of `objects` (class, keyed values) whose first object is File's
    /// Owner, all of them top-level.
    static func appKitNib(_ build: (inout NibArchive.Builder) -> [NibArchive.Builder.ObjectID]) throws -> NibArchive {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let data = builder.addObject(className: "NSIBObjectData")
        builder.append(.objectReference(data), forKey: "IB.objectdata", to: root)
        let objects = build(&builder)
        let keys = builder.addObject(className: "NSArray")
        let values = builder.addObject(className: "NSArray")
        if let owner = objects.first {
            builder.append(.objectReference(owner), forKey: "NSRoot", to: data)
            for object in objects.dropFirst() {
                builder.append(.objectReference(object), forKey: NibArchive.Builder.emptyKey, to: keys)
                builder.append(.objectReference(owner), forKey: NibArchive.Builder.emptyKey, to: values)
            }
        }
        builder.append(.objectReference(keys), forKey: "NSObjectsKeys", to: data)
        builder.append(.objectReference(values), forKey: "NSObjectsValues", to: data)
        return try builder.build()
    }

    @Test("Unknown classes and keys are kept as comments and counted")
    func unmapped() throws {
        let nib = try Self.appKitNib { builder in
            let owner = builder.addObject(className: "NSCustomObject")
            let gadget = builder.addObject(className: "NSGadget")
            let view = builder.addObject(className: "NSView")
            builder.append(.int8(3), forKey: "NSMadeUpKey", to: view)
            return [owner, gadget, view]
        }
        let result = try NibDecompiler().decompile(nib)
        #expect(result.unmapped["AppKit object NSGadget"] == 1)
        #expect(result.unmapped["NSView.NSMadeUpKey"] == 1)
        #expect(result.document.contains("<!-- nibtool decompile: NSView NSMadeUpKey has no source form -->"))
    }

    @Test("Hostile graphs: a menu that is its own submenu, a view that is its own subview, deep nesting, bad frames")
    func hostileGraphs() throws {
        let nib = try Self.appKitNib { builder in
            let owner = builder.addObject(className: "NSCustomObject")
            let menu = builder.addObject(className: "NSMenu")
            let items = builder.addObject(className: "NSMutableArray")
            let item = builder.addObject(className: "NSMenuItem")
            builder.append(.objectReference(items), forKey: "NSMenuItems", to: menu)
            builder.append(.objectReference(item), forKey: NibArchive.Builder.emptyKey, to: items)
            builder.append(.objectReference(item), forKey: NibArchive.Builder.emptyKey, to: items)
            builder.append(.objectReference(menu), forKey: "NSSubmenu", to: item)
            let first = builder.addObject(className: "NSView")
            var parent = first
            for _ in 0..<1_000 {
                let subviews = builder.addObject(className: "NSMutableArray")
                let child = builder.addObject(className: "NSView")
                builder.append(.objectReference(subviews), forKey: "NSSubviews", to: parent)
                builder.append(.objectReference(child), forKey: NibArchive.Builder.emptyKey, to: subviews)
                builder.append(.objectReference(first), forKey: NibArchive.Builder.emptyKey, to: subviews)
                builder.append(.objectReference(owner), forKey: "NSFrame", to: child)
                builder.append(.int64(Int64.min), forKey: "NSvFlags", to: child)
                parent = child
            }
            return [owner, menu, first]
        }
        let result = try NibDecompiler().decompile(nib)
        #expect(result.unmapped["AppKit views nested too deep", default: 0] == 1)
        #expect(result.unmapped["AppKit view reached twice", default: 0] > 0)
        #expect(result.unmapped["AppKit menu item", default: 0] == 1)
        #expect(result.unmapped["NSMenuItem.NSSubmenu", default: 0] == 1)
    }

    @Test("Hostile scroll views, tables, matrices and formatters: cycles, bad sizes, overflowing counts, NaN")
    func hostileScrollViewsAndFormatters() throws {
        let nib = try Self.appKitNib { builder in
            let empty = NibArchive.Builder.emptyKey
            let owner = builder.addObject(className: "NSCustomObject")
            // A scroll view whose clip view's document is a table listing itself as a column,
            // with a column whose data cell is the column; short scroll amounts, huge flags.
            let scroll = builder.addObject(className: "NSScrollView")
            let clip = builder.addObject(className: "NSClipView")
            let table = builder.addObject(className: "NSTableView")
            let columns = builder.addObject(className: "NSMutableArray")
            let column = builder.addObject(className: "NSTableColumn")
            builder.append(.objectReference(clip), forKey: "NSContentView", to: scroll)
            builder.append(.data([1, 2, 3]), forKey: "NSScrollAmts", to: scroll)
            builder.append(.int64(Int64.max), forKey: "NSsFlags", to: scroll)
            builder.append(.objectReference(table), forKey: "NSDocView", to: clip)
            builder.append(.objectReference(clip), forKey: "NSSuperview", to: table)
            builder.append(.objectReference(scroll), forKey: "NSSuperview", to: clip)
            builder.append(.objectReference(columns), forKey: "NSTableColumns", to: table)
            builder.append(.nil, forKey: "NSTableViewArchivedReusableViewsKey", to: table)
            builder.append(.objectReference(table), forKey: empty, to: columns)
            builder.append(.objectReference(column), forKey: empty, to: columns)
            builder.append(.objectReference(column), forKey: "NSDataCell", to: column)
            builder.append(.float64(.nan), forKey: "NSWidth", to: column)
            // A matrix whose rows × columns overflows.
            let matrix = builder.addObject(className: "NSMatrix")
            builder.append(.int64(Int64.max), forKey: "NSNumRows", to: matrix)
            builder.append(.int64(3), forKey: "NSNumCols", to: matrix)
            // A text field whose number formatter's style is NaN and whose title is an NSDate
            // at infinity.
            let field = builder.addObject(className: "NSTextField")
            let cell = builder.addObject(className: "NSTextFieldCell")
            let formatter = builder.addObject(className: "NSNumberFormatter")
            let attributes = builder.addObject(className: "NSMutableDictionary")
            let key = builder.addObject(className: "NSString")
            let style = builder.addObject(className: "NSNumber")
            let date = builder.addObject(className: "NSDate")
            builder.append(.objectReference(cell), forKey: "NSCell", to: field)
            builder.append(.objectReference(formatter), forKey: "NSFormatter", to: cell)
            builder.append(.objectReference(date), forKey: "NSContents", to: cell)
            builder.append(.float64(.infinity), forKey: "NS.time", to: date)
            builder.append(.objectReference(attributes), forKey: "NS.attributes", to: formatter)
            builder.append(.objectReference(key), forKey: empty, to: attributes)
            builder.append(.objectReference(style), forKey: empty, to: attributes)
            builder.append(.data(ArraySlice("numberStyle".utf8)), forKey: "NS.bytes", to: key)
            builder.append(.float64(.nan), forKey: "NS.dblval", to: style)
            return [owner, scroll, matrix, field]
        }
        let result = try NibDecompiler().decompile(nib)
        #expect(result.unmapped["AppKit matrix shape"] == 1)
        #expect(result.unmapped["NSScrollView.NSsFlags bits"] == 1)
        #expect(result.unmapped["NSScrollView.NSScrollAmts"] == 1)
        #expect(result.unmapped["AppKit table column", default: 0] >= 1)
        #expect(result.unmapped["NSTextFieldCell.NSFormatter"] == 1)
    }

    @Test("NSString geometry is read as AppKit writes it, and anything else is refused")
    func geometry() {
        #expect(AppKitDecompilation.numbers("{{196, 240}, {480, 270}}") == [196, 240, 480, 270])
        #expect(AppKitDecompilation.numbers("{-1.5, 2e3}") == [-1.5, 2000])
        #expect(AppKitDecompilation.numbers("{1, --2}") == nil)
        #expect(AppKitDecompilation.numbers(String(repeating: "9", count: 600)) == nil)
    }
}

/// The corpus pairs whose Apple output now round-trips (expected: Apple's nib itself).
@Suite("Decompiling AppKit pairs", .corpus)
struct AppKitDecompilePairTests {
    @Test("Apple's output decompiles to a document our compiler turns back into it", arguments: AppKitPairs.passing)
    func pair(_ name: String) throws {
        let folder = try Corpus.directory().appendingPathComponent("xib-pairs/macos-viraptor-ibtool-\(name)")
        let nib = try NibArchive(parsing: [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(name).nib"))))
        let (_, differences) = try AppKitDecompileTests.roundTripDifferences(nib)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }
}

/// Pairs whose nib holds no resolved catalog color: those (text fields, box titles) embed Apple's
/// ICC profiles, which only `Scripts/score-decompile.sh` extracts from the corpus.
enum AppKitPairs {
    static let passing: [String] = [
        "minimal", "window", "with_view", "customview_direct", "test_custom_object_direct", "button_imagehugstitle",
        "checkbox_hugging", "radio_hugging", "button_shadowless", "square_shadowless_button", "imageview_customclass",
        "test_named_image", "popup_default_hugging",
        "popup_empty", "popup_explicit_font", "test33_popup_pulldown", "test_popup_textured", "test_pulldown_title",
        "slider_hugging",
        "stepper_default", "stepper_vflags", "stepper_wraps", "test_slider", "test_slider_prefs",
        "progressindicator_doublevalue",
    ]
}

/// Pairs whose nib holds resolved catalog colors (scroll, clip, table and text views, formatted
/// and tabbed controls): round-tripped with Apple's ICC profiles taken from the corpus, as
/// `Scripts/score-decompile.sh` does. Expected: Apple's nib itself (NibDiff).
@Suite("Decompiling AppKit pairs with catalog colors", .corpus)
struct AppKitDecompileColorPairTests {
    /// decompile(Apple's output) compiled with the era it names and the corpus's profiles,
    /// compared with Apple's output.
    static func differences(_ name: String) throws -> [String] {
        let folder = try Corpus.directory().appendingPathComponent("xib-pairs/macos-viraptor-ibtool-\(name)")
        let nib = try NibArchive(parsing: [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(name).nib"))))
        let result = try NibDecompiler().decompile(nib)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        options.colorProfiles = try #require(CorpusColorProfiles.folder)
        let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Again.xib")
        let bytes = try #require(again.files[""])
        return StructuralComparison().differences(between: nib, and: try NibArchive(parsing: bytes)).map(\.description)
    }

    @Test(
        "Scroll, clip, table, outline and text views, formatters, stack and tab views, toolbars and constraints",
        arguments: [
            // A text view in a borderless scroll view; a table whose header clip view, corner
            // view and tiled frames are the compiler's.
            "test11_text_view_back", "test_table_uniform_header",
            // Width states read back: a table wider than its clip view (3), refilled columns (2).
            "test_6col", "sv16b",
            // A view-based outline view's prototype cell views; a window content clip view with
            // an attributed text storage.
            "outline_cellview", "textview_multiattr",
            // A number formatter's title (NSNumber) and a date formatter's (NSDate, written back).
            "numfmt_decimal", "test_date_formatter",
            // Stack view, tab view, toolbar, safe-area constraints, tool tip.
            "stackview_identifier", "nkv_overlap", "toolbar_button_item", "layout_guide", "tooltip_attr",
            // An image data cell's embedded NSImage (a keyedArchiveRepresentation resource) and a
            // menu item's configured SF Symbol (<imageReference key="secondaryImage">).
            "transmission_MainMenu",
            // A predicate editor with a compound row template (its pop-ups' menus, represented objects).
            "pred_compound_chain",
        ])
    func pair(_ name: String) throws {
        let differences = try Self.differences(name)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test("An AppKit storyboard decompiles to scenes that compile to Apple's storyboardc")
    func storyboard() throws {
        let folder = try Corpus.directory().appendingPathComponent(
            "xib-pairs/macos-viraptor-ibtool-sb_swift_wc/sb_swift_wc.storyboardc")
        var nibs: [(name: String, archive: NibArchive)] = []
        for name in ["MainWC.nib", "vc1-00-002-view-vw1-00-002.nib"] {
            nibs.append(
                (name, try NibArchive(parsing: [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))))
        }
        let info = try Data(contentsOf: folder.appendingPathComponent("Info.plist"))
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: [UInt8](info))
        for fragment in [
            "<windowController storyboardIdentifier=\"MainWC\"", "customClass=\"MainWindowController\"",
            "customModule=\"TestApp\"", "<viewController id=\"vc1-00-002\"", "<view key=\"view\" id=\"vw1-00-002\"",
            "relationship=\"window.shadowedContentViewController\"", "property=\"myLabel\"",
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        options.colorProfiles = try #require(CorpusColorProfiles.folder)
        let again = try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: "Again.storyboard")
        for (name, original) in nibs {
            let bytes = try #require(again.files[name], "no \(name) in \(again.files.keys.sorted())")
            let differences = StructuralComparison().differences(
                between: original, and: try NibArchive(parsing: bytes))
            #expect(differences.isEmpty, "\(name): \(differences.prefix(5).map(\.description))")
        }
    }
}
