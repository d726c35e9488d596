import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import Testing

/// What Xcodes before 13 write differently in AppKit nibs (``AppKitEraRule``). Each key's
/// presence is read from Apple's output in the pairs that show the era: adium's bundles
/// (Xcode 11 and 12), LuLu (8.3), eqMac (9.2) and scribendi (13, 14.2).
@Suite("AppKit nibs of Xcode 7.3 to 12")
struct AppKitOldXcodeTests {
    /// A window with a button, an image view and a text field, a custom object with a class,
    /// a menu and an outlet: the objects that carry every key of the era rules.
    static let source = Source.macOSXib(
        """
        <customObject id="obj" customClass="AppDelegate">
            <connections>
                <outlet property="window" destination="w1" id="o1"/>
            </connections>
        </customObject>
        <window title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" identifier="mainWindow" id="w1">
            <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
            <windowPositionMask key="initialPositionMask" leftStrut="YES" rightStrut="YES" topStrut="YES" bottomStrut="YES"/>
            <rect key="contentRect" x="100" y="100" width="300" height="200"/>
            <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
            <view key="contentView" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <button verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="b1">
                        <rect key="frame" x="20" y="20" width="100" height="32"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                        <buttonCell key="cell" type="push" title="OK" bezelStyle="rounded" alignment="center" borderStyle="border" imageScaling="proportionallyDown" inset="2" id="c1">
                            <behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>
                            <font key="font" metaFont="system"/>
                        </buttonCell>
                    </button>
                </subviews>
            </view>
        </window>
        <menu title="Main" systemMenu="main" id="m1">
            <items>
                <menuItem title="Quit" keyEquivalent="q" id="i1"/>
            </items>
        </menu>
        """)

    /// Every key name used anywhere in `archive`.
    static func keys(_ archive: NibArchive) -> Set<String> {
        Set(archive.objects.flatMap { object in archive.values(of: object).map { archive.keyName(of: $0) } })
    }

    /// Apple's output at `path` under `xib-pairs` (a keyed archive or a NIBArchive).
    static func apple(_ path: String) throws -> NibArchive {
        let url = try Corpus.directory().appendingPathComponent("xib-pairs/\(path)")
        let bytes = try [UInt8](Data(contentsOf: url))
        return NibArchive.isKeyedArchive(bytes)
            ? try NibArchive(keyedArchiveBytes: bytes) : try NibArchive(parsing: bytes)
    }

    /// Our keys for `source` built by Xcode `xcode` (the NIBArchive, or the keyed archive alone).
    static func ourKeys(_ xcode: Double) throws -> Set<String> {
        var options = StandInProfiles.options
        options.xcode = XcodeEra(xcode)
        let output = try Source.compiler(options).compile(Data(Self.source.utf8), fileName: "Test.xib")
        return keys(try NibArchive(parsing: output.files[""] ?? []))
    }

    /// The keys whose presence each era rule decides.
    static let ruled = [
        "IBNSSafeAreaLayoutGuide", "IBNSLayoutMarginsGuide", "IBNSClipsToBounds", "NSControlSize2",
        "IBClassReference", "NSChildControllerCreationSelectorName", "NSAllowsKeyEquivalentLocalization",
        "NSAllowsKeyEquivalentMirroring",
    ]

    @Test(
        "each era writes the keys Apple's output of that era has",
        .corpus,
        arguments: [
            // Xcode 11: adium's ContactListWindowBorderless (toolsVersion 15505) has connectors
            // and controls, no macOS 11 keys and no class references.
            (11.0, "macos-adium-adium-ContactListWindowBorderless/ContactListWindowBorderless.nib/keyedobjects.nib"),
            // Xcode 12: AccountProfile (17701) has the macOS 11 keys, still no class references.
            (12.0, "macos-adium-adium-AccountProfile/AccountProfile.nib/keyedobjects.nib"),
            // Xcode 8.3: LuLu's MainMenu (12121) has none of them, nor the connectors' selector.
            (8.3, "macos-objective-see-LuLu-MainMenu/Base.lproj/MainMenu.nib"),
            // Xcode 14.2: scribendi's PreferencesController (21507) has them all.
            (
                14.2,
                "macos-scribendi-cindex-mac-PreferencesController/Base.lproj/PreferencesController.nib/keyedobjects.nib"
            ),
        ] as [(Double, String)])
    func keysByEra(xcode: Double, pair: String) throws {
        let archive = try Self.apple(pair)
        let apple = Self.keys(archive)
        let classes = Set(archive.objects.map { archive.className(of: $0) })
        let ours = try Self.ourKeys(xcode)
        // Only keys whose carrier the pair has: adium's bundles have no menu items, so their
        // menu keys say nothing.
        let carriers: [String: String] = [
            "NSAllowsKeyEquivalentLocalization": "NSMenuItem", "NSAllowsKeyEquivalentMirroring": "NSMenuItem",
        ]
        for key in Self.ruled {
            if let carrier = carriers[key], !classes.contains(carrier) {
                continue
            }
            #expect(ours.contains(key) == apple.contains(key), "\(key) for Xcode \(xcode) (Apple: \(pair))")
        }
    }

    @Test("a window's identifier is its NSUserInterfaceItemIdentifier (Aerial, Sparkle SUStatus)", .corpus)
    func windowIdentifier() throws {
        let graph = try Source.graph(Self.source, options: StandInProfiles.options)
        let window = try #require(graph.all("NSWindowTemplate").first)
        #expect(graph.text("NSUserInterfaceItemIdentifier", of: window) == "mainWindow")
        // Apple's SUStatus: the window's identifier "SUStatus" under the same key.
        let url = try Corpus.directory().appendingPathComponent(
            "xib-pairs/macos-sparkle-project-Sparkle-SUStatus/SUStatus.nib")
        let apple = Graph(try NibArchive(parsing: [UInt8](Data(contentsOf: url))))
        let appleWindow = try #require(apple.all("NSWindowTemplate").first)
        #expect(apple.text("NSUserInterfaceItemIdentifier", of: appleWindow) == "SUStatus")
    }

    @Test("before Xcode 11 a directly instantiated font manager is swapped in (eqMac); 16 keeps it (test8_menu)")
    func fontManager() throws {
        let text = Source.macOSXib(#"<customObject id="fm" customClass="NSFontManager"/>"#)
            .replacingOccurrences(
                of: #"propertyAccessControl="none""#, with: #"customObjectInstantitationMethod="direct""#)
        func classes(_ xcode: Double?) throws -> [String] {
            var options = StandInProfiles.options
            options.xcode = xcode.map(XcodeEra.init)
            options.deploymentTarget = "10.13"
            let graph = try Source.graph(text, options: options)
            return graph.all("NSClassSwapper").compactMap { graph.text("NSClassName", of: $0) }
        }
        #expect(try classes(9.2).contains("NSFontManager"))
        #expect(try !classes(nil).contains("NSFontManager"))
    }

    @Test(
        "Base.lproj titles are NSLocalizableStrings keyed <id>.title as in Sparkle's SUUpdateAlert; empty ones stay strings",
        .corpus)
    func localizableTitles() throws {
        let url = try Corpus.directory().appendingPathComponent(
            "xib-pairs/macos-sparkle-project-Sparkle-SUUpdateAlert/Base.lproj/SUUpdateAlert.nib")
        let apple = Graph(try NibArchive(parsing: [UInt8](Data(contentsOf: url))))
        // Apple's window (id 5, "Software Update") and its localizable strings' class and keys.
        let appleWindow = try #require(apple.all("NSWindowTemplate").first)
        let appleTitle = try #require(apple.object("NSWindowTitle", of: appleWindow))
        #expect(apple.nodes[appleTitle].className == "NSLocalizableString")
        #expect(apple.text("NSKey", of: appleTitle) == "5.title")
        #expect(apple.text("NSDev", of: appleTitle) == "Software Update")
        let appleKeys = apple.nodes[appleTitle].values.map(\.key)

        var options = StandInProfiles.options
        options.baseLocalized = true
        let graph = try Source.graph(Self.source, options: options)
        let window = try #require(graph.all("NSWindowTemplate").first)
        let title = try #require(graph.object("NSWindowTitle", of: window))
        #expect(graph.nodes[title].className == "NSLocalizableString")
        #expect(graph.nodes[title].values.map(\.key) == appleKeys)
        #expect(graph.string(title) == "W")
        #expect(graph.text("NSKey", of: title) == "w1.title")
        #expect(graph.text("NSDev", of: title) == "W")
        let cell = try #require(graph.all("NSButtonCell").first)
        #expect(graph.className("NSContents", of: cell) == "NSLocalizableString")
        let item = try #require(graph.all("NSMenuItem").first)
        #expect(graph.text("NSKey", of: try #require(graph.object("NSTitle", of: item))) == "i1.title")
        // Not in Base.lproj: plain strings.
        let plain = try Source.graph(Self.source, options: StandInProfiles.options)
        #expect(plain.all("NSLocalizableString").isEmpty)
        // Apple's empty text field titles in the same nib stay NSStrings.
        let emptyCells = apple.all("NSTextFieldCell").filter { apple.className("NSContents", of: $0) == "NSString" }
        #expect(emptyCells.allSatisfy { apple.text("NSContents", of: $0) == "" })
    }

    /// Apple's output at `path` under `xib-pairs` as a graph.
    static func appleGraph(_ path: String) throws -> Graph { Graph(try apple(path)) }

    /// `body` inside a window's content view, compiled for Xcode `xcode`.
    static func windowGraph(_ body: String, xcode: Double?, baseLocalized: Bool = false) throws -> Graph {
        var options = StandInProfiles.options
        options.xcode = xcode.map(XcodeEra.init)
        options.baseLocalized = baseLocalized
        return try Source.graph(
            Source.macOSXib(
                """
                <window title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" showsToolbarButton="NO" animationBehavior="default" id="w1">
                    <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
                    <windowPositionMask key="initialPositionMask" leftStrut="YES" rightStrut="YES" topStrut="YES" bottomStrut="YES"/>
                    <rect key="contentRect" x="100" y="100" width="400" height="200"/>
                    <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
                    <view key="contentView" id="v1">
                        <rect key="frame" x="0.0" y="0.0" width="400" height="200"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                \(body)
                        </subviews>
                    </view>
                </window>
                """), options: options)
    }

    @Test("NSpiFlags from style, indeterminate, bezeled, layer, displayedWhenStopped and size (LuLu, Aerial)", .corpus)
    func progressFlags() throws {
        // LuLu's Preferences: small spinning indicator with a layer, not displayed when stopped.
        let apple = try Self.appleGraph("macos-objective-see-LuLu-Preferences/Preferences.nib")
        let appleIndicator = try #require(apple.all("NSProgressIndicator").first)
        let graph = try Self.windowGraph(
            """
            <progressIndicator wantsLayer="YES" horizontalHuggingPriority="750" verticalHuggingPriority="750" fixedFrame="YES" maxValue="100" displayedWhenStopped="NO" bezeled="NO" indeterminate="YES" controlSize="small" style="spinning" translatesAutoresizingMaskIntoConstraints="NO" id="p1">
                <rect key="frame" x="20" y="20" width="16" height="16"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            </progressIndicator>
            """, xcode: 8.3)
        let indicator = try #require(graph.all("NSProgressIndicator").first)
        #expect(
            graph.value("NSpiFlags", of: indicator)?.integerValue
                == apple.value("NSpiFlags", of: appleIndicator)?.integerValue)
        // Aerial's determinate bezeled bars with a layer.
        let aerial = try Self.appleGraph("macos-JohnCoates-Aerial-PreferencesWindow/PreferencesWindow.nib")
        let aerialBar = try #require(aerial.all("NSProgressIndicator").first)
        let bar = try Self.windowGraph(
            """
            <progressIndicator wantsLayer="YES" fixedFrame="YES" maxValue="100" style="bar" translatesAutoresizingMaskIntoConstraints="NO" id="p1">
                <rect key="frame" x="20" y="20" width="200" height="20"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            </progressIndicator>
            """, xcode: 7.3)
        let barIndicator = try #require(bar.all("NSProgressIndicator").first)
        #expect(
            bar.value("NSpiFlags", of: barIndicator)?.integerValue
                == aerial.value("NSpiFlags", of: aerialBar)?.integerValue)
    }

    @Test("a hidden view sets NSvFlags bit 31 (LuLu UpdateWindow's custom view)", .corpus)
    func hiddenView() throws {
        let apple = try Self.appleGraph("macos-objective-see-LuLu-UpdateWindow/UpdateWindow.nib")
        let appleView = try #require(apple.all("NSCustomView").first)
        let graph = try Self.windowGraph(
            """
            <customView hidden="YES" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="c1">
                <rect key="frame" x="0.0" y="0.0" width="422" height="123"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            </customView>
            """, xcode: nil)
        let view = try #require(graph.all("NSCustomView").first)
        #expect(graph.value("NSvFlags", of: view)?.integerValue == apple.value("NSvFlags", of: appleView)?.integerValue)
    }

    @Test(
        "before Xcode 11: key equivalent font in NSAlternateImage, profile-less catalog grays, 0x400 for no toolbar button (LuLu AboutWindow)",
        .corpus)
    func before11Forms() throws {
        let apple = try Self.appleGraph("macos-objective-see-LuLu-AboutWindow/AboutWindow.nib")
        let appleCell = try #require(apple.all("NSButtonCell").first)
        let appleFont = try #require(apple.object("NSAlternateImage", of: appleCell))
        let appleWindow = try #require(apple.all("NSWindowTemplate").first)
        let button = """
            <button verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="b1">
                <rect key="frame" x="344" y="13" width="128" height="32"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                <buttonCell key="cell" type="push" title="More Info" bezelStyle="rounded" alignment="center" borderStyle="border" imageScaling="proportionallyDown" inset="2" id="c1">
                    <behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>
                    <font key="font" metaFont="system"/>
                </buttonCell>
            </button>
            <textField horizontalHuggingPriority="251" verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="t1">
                <rect key="frame" x="18" y="60" width="200" height="17"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                <textFieldCell key="cell" scrollable="YES" lineBreakMode="clipping" sendsActionOnEndEditing="YES" title="Label" id="t2">
                    <font key="font" metaFont="system"/>
                    <color key="textColor" name="labelColor" catalog="System" colorSpace="catalog"/>
                    <color key="backgroundColor" name="controlColor" catalog="System" colorSpace="catalog"/>
                </textFieldCell>
            </textField>
            """
        let old = try Self.windowGraph(button, xcode: 8.3)
        let cell = try #require(old.all("NSButtonCell").first)
        let font = try #require(old.object("NSAlternateImage", of: cell))
        #expect(old.nodes[font].className == "NSFont")
        #expect(old.text("NSName", of: font) == apple.text("NSName", of: appleFont))
        #expect(old.value("NSSize", of: font) == apple.value("NSSize", of: appleFont))
        #expect(
            old.value("NSButtonFlags", of: cell)?.integerValue
                == apple.value("NSButtonFlags", of: appleCell)?.integerValue)
        let window = try #require(old.all("NSWindowTemplate").first)
        #expect(
            old.value("NSWTFlags", of: window)?.integerValue == apple.value("NSWTFlags", of: appleWindow)?.integerValue)
        // The text field's catalog grays: white only, no profile, as Apple's.
        let grays = old.all("NSColor").filter { old.value("NSColorSpace", of: $0)?.integerValue == 3 }
        let appleGrays = apple.all("NSColor").filter { apple.value("NSColorSpace", of: $0)?.integerValue == 3 }
        #expect(!grays.isEmpty && !appleGrays.isEmpty)
        #expect(
            grays.allSatisfy {
                old.value("NSCustomColorSpace", of: $0) == nil && old.value("NSComponents", of: $0) == nil
            })
        #expect(appleGrays.allSatisfy { apple.value("NSCustomColorSpace", of: $0) == nil })
        let appleWhites = Set(appleGrays.compactMap { apple.data("NSWhite", of: $0) })
        #expect(grays.allSatisfy { old.data("NSWhite", of: $0).map(appleWhites.contains) == true })
        // Xcode 16: neither.
        let modern = try Self.windowGraph(button, xcode: nil)
        let modernCell = try #require(modern.all("NSButtonCell").first)
        #expect(modern.value("NSAlternateImage", of: modernCell) == nil)
    }

    @Test("setsMaxLayoutWidthAtFirstLayout and previousBinding as in Sparkle's SUStatus", .corpus)
    func sparkleStatusKeys() throws {
        let apple = try Self.appleGraph("macos-sparkle-project-Sparkle-SUStatus/SUStatus.nib")
        let appleField = try #require(
            apple.all("NSTextField").first { apple.value("NSControlAutosetMaxLayoutWidth", of: $0) != nil })
        let appleNext = try #require(
            apple.all("NSNibBindingConnector").first { apple.object("NSPreviousConnector", of: $0) != nil })
        let applePrevious = try #require(apple.object("NSPreviousConnector", of: appleNext))
        let graph = try Self.windowGraph(
            """
            <textField verticalHuggingPriority="750" horizontalCompressionResistancePriority="250" setsMaxLayoutWidthAtFirstLayout="YES" translatesAutoresizingMaskIntoConstraints="NO" id="8">
                <rect key="frame" x="106" y="75" width="277" height="16"/>
                <textFieldCell key="cell" sendsActionOnEndEditing="YES" title="Status" id="t8">
                    <font key="font" metaFont="systemBold"/>
                    <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                    <color key="backgroundColor" name="controlColor" catalog="System" colorSpace="catalog"/>
                </textFieldCell>
            </textField>
            <progressIndicator verticalHuggingPriority="750" maxValue="100" bezeled="NO" indeterminate="YES" style="bar" translatesAutoresizingMaskIntoConstraints="NO" id="p1">
                <rect key="frame" x="107" y="50" width="275" height="20"/>
                <connections>
                    <binding destination="-2" name="maxValue" keyPath="maxProgressValue" id="13"/>
                    <binding destination="-2" name="value" keyPath="progressValue" previousBinding="13" id="27"/>
                </connections>
            </progressIndicator>
            """, xcode: nil)
        let field = try #require(graph.all("NSTextField").first)
        #expect(
            graph.value("NSControlAutosetMaxLayoutWidth", of: field)
                == apple.value("NSControlAutosetMaxLayoutWidth", of: appleField))
        #expect(
            graph.value("NSPreferredMaxLayoutWidth", of: field)
                == apple.value("NSPreferredMaxLayoutWidth", of: appleField))
        let next = try #require(
            graph.all("NSNibBindingConnector").first { graph.object("NSPreviousConnector", of: $0) != nil })
        let previous = try #require(graph.object("NSPreviousConnector", of: next))
        #expect(graph.text("NSLabel", of: previous) == apple.text("NSLabel", of: applePrevious))
        #expect(graph.text("NSLabel", of: next) == apple.text("NSLabel", of: appleNext))
        // The binding it follows may come later in the document (Tunnelblick's pop-ups).
        let reordered = try Self.windowGraph(
            """
            <progressIndicator verticalHuggingPriority="750" maxValue="100" bezeled="NO" indeterminate="YES" style="bar" translatesAutoresizingMaskIntoConstraints="NO" id="p1">
                <rect key="frame" x="107" y="50" width="275" height="20"/>
                <connections>
                    <binding destination="-2" name="value" keyPath="progressValue" previousBinding="13" id="27"/>
                    <binding destination="-2" name="maxValue" keyPath="maxProgressValue" id="13"/>
                </connections>
            </progressIndicator>
            """, xcode: nil)
        let later = try #require(
            reordered.all("NSNibBindingConnector").first { reordered.object("NSPreviousConnector", of: $0) != nil })
        #expect(
            reordered.text("NSLabel", of: try #require(reordered.object("NSPreviousConnector", of: later)))
                == "maxValue: maxProgressValue")
    }

    /// A window with LuLu Preferences' toolbar: space items and two selectable image items.
    static let toolbarWindow = Source.macOSXib(
        """
        <window title="Window" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" oneShot="NO" releasedWhenClosed="NO" animationBehavior="default" id="F0z">
            <windowStyleMask key="styleMask" titled="YES" closable="YES" miniaturizable="YES"/>
            <windowPositionMask key="initialPositionMask" leftStrut="YES" rightStrut="YES" topStrut="YES" bottomStrut="YES"/>
            <rect key="contentRect" x="196" y="240" width="480" height="270"/>
            <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
            <view key="contentView" id="se5">
                <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                <autoresizingMask key="autoresizingMask"/>
            </view>
            <toolbar key="toolbar" implicitIdentifier="C2AC49E3-FD8B-4919-9001-868355500E38" autosavesConfiguration="NO" displayMode="iconAndLabel" sizeMode="regular" id="V8g">
                <allowedToolbarItems>
                    <toolbarItem implicitItemIdentifier="NSToolbarSpaceItem" id="J66"/>
                    <toolbarItem implicitItemIdentifier="NSToolbarFlexibleSpaceItem" id="6nW"/>
                    <toolbarItem implicitItemIdentifier="99F00439-5E3B-4FBB-BC65-3E1F7EBDDBC6" explicitItemIdentifier="general" label="general" paletteLabel="general" tag="101" image="NSActionTemplate" selectable="YES" id="Twx"/>
                    <toolbarItem implicitItemIdentifier="02D6BD86-DADC-4F38-A40D-D01909050221" explicitItemIdentifier="update" label="update" paletteLabel="update" tag="102" image="NSActionTemplate" selectable="YES" id="2Fi"/>
                </allowedToolbarItems>
                <defaultToolbarItems>
                    <toolbarItem reference="Twx"/>
                    <toolbarItem reference="J66"/>
                    <toolbarItem reference="2Fi"/>
                </defaultToolbarItems>
            </toolbar>
        </window>
        """)

    @Test(
        "toolbars: selectable items; before Xcode 11 mutable lists, the separator, older space sizes (LuLu Preferences)",
        .corpus)
    func olderToolbar() throws {
        let apple = try Self.appleGraph("macos-objective-see-LuLu-Preferences/Preferences.nib")
        let appleToolbar = try #require(apple.all("NSToolbar").first)
        var options = StandInProfiles.options
        options.xcode = XcodeEra(8.3)
        let graph = try Source.graph(Self.toolbarWindow, options: options)
        let toolbar = try #require(graph.all("NSToolbar").first)
        for key in ["NSToolbarIBAllowedItems", "NSToolbarIBDefaultItems", "NSToolbarIBSelectableItems"] {
            #expect(graph.className(key, of: toolbar) == apple.className(key, of: appleToolbar), "\(key)")
            let ours = try #require(graph.object(key, of: toolbar))
            let theirs = try #require(apple.object(key, of: appleToolbar))
            #expect(graph.elements(of: ours).count == apple.elements(of: theirs).count, "\(key)")
        }
        #expect(
            graph.value("NSToolbarShowsBaselineSeparator", of: toolbar)
                == apple.value("NSToolbarShowsBaselineSeparator", of: appleToolbar))
        #expect(graph.value("NSToolbarCenteredItemIdentifier", of: toolbar) == nil)
        #expect(apple.value("NSToolbarCenteredItemIdentifier", of: appleToolbar) == nil)
        for className in ["NSToolbarSpaceItem", "NSToolbarFlexibleSpaceItem"] {
            let item = try #require(graph.all(className).first)
            let appleItem = try #require(apple.all(className).first)
            for key in ["NSToolbarItemMinSize", "NSToolbarItemMaxSize"] {
                #expect(graph.text(key, of: item) == apple.text(key, of: appleItem), "\(className) \(key)")
            }
        }
        // No minimum size, so no maximum size (as Apple's window).
        let window = try #require(graph.all("NSWindowTemplate").first)
        let appleWindow = try #require(apple.all("NSWindowTemplate").first)
        #expect(graph.value("NSMaxSize", of: window) == nil)
        #expect(apple.value("NSMaxSize", of: appleWindow) == nil)
        // The current ibtool: selectable items too, immutable lists.
        let modern = try Source.graph(Self.toolbarWindow, options: StandInProfiles.options)
        let modernToolbar = try #require(modern.all("NSToolbar").first)
        let selectable = try #require(modern.object("NSToolbarIBSelectableItems", of: modernToolbar))
        #expect(modern.elements(of: selectable).count == 2)
        #expect(modern.className("NSToolbarIBAllowedItems", of: modernToolbar) == "NSArray")
    }

    @Test(
        "before Xcode 11 a window with a toolbar and a minimum size has no NSMinSize or NSMaxSize (LuLu Rules)",
        .corpus)
    func toolbarWindowSizes() throws {
        let apple = try Self.appleGraph("macos-objective-see-LuLu-Rules/Rules.nib")
        let appleWindow = try #require(
            apple.all("NSWindowTemplate").first { apple.className("NSViewClass", of: $0) == "NSToolbar" })
        let source = Self.toolbarWindow.replacingOccurrences(
            of: #"<view key="contentView" id="se5">"#,
            with: #"<value key="minSize" type="size" width="900" height="600"/><view key="contentView" id="se5">"#)
        var options = StandInProfiles.options
        options.xcode = XcodeEra(8.3)
        let graph = try Source.graph(source, options: options)
        let window = try #require(graph.all("NSWindowTemplate").first)
        for key in ["NSMaxSize", "NSMinSize", "NSWindowContentMinSize"] {
            #expect(graph.text(key, of: window) == apple.text(key, of: appleWindow), "\(key)")
        }
    }

    @Test("a <string key=\"title\"> child is the cell's title (Sparkle SUUpdatePermissionPrompt's label)", .corpus)
    func titleString() throws {
        let apple = try Self.appleGraph(
            "macos-sparkle-project-Sparkle-SUUpdatePermissionPrompt/Base.lproj/SUUpdatePermissionPrompt.nib/keyedobjects-110000.nib"
        )
        let appleTitle = try #require(
            apple.all("NSLocalizableString").first { apple.text("NSKey", of: $0) == "183.title" })
        let text =
            "Anonymous system profile information is used to help us plan future development work. "
            + "Please contact us if you have any questions about this.\n\nThis is the information that would be sent:"
        let graph = try Self.windowGraph(
            """
            <textField verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="182">
                <rect key="frame" x="20" y="20" width="300" height="60"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                <textFieldCell key="cell" sendsActionOnEndEditing="YES" id="183">
                    <font key="font" metaFont="smallSystem"/>
                    <string key="title">\(text)</string>
                    <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                    <color key="backgroundColor" name="controlColor" catalog="System" colorSpace="catalog"/>
                </textFieldCell>
            </textField>
            """, xcode: nil, baseLocalized: true)
        let title = try #require(graph.all("NSLocalizableString").first { graph.text("NSKey", of: $0) == "183.title" })
        #expect(graph.string(title) == apple.string(appleTitle))
        #expect(graph.text("NSKey", of: title) == apple.text("NSKey", of: appleTitle))
        #expect(graph.text("NSDev", of: title) == apple.text("NSDev", of: appleTitle))
    }

    @Test("a prototype cell view's nested nib is built by the same Xcode (LuLu Rules: none of the later keys)", .corpus)
    func nestedNibEra() throws {
        // Apple's prototype nib in LuLu's Rules (a keyed archive inside the keyed archive).
        let apple = try Self.apple("macos-objective-see-LuLu-Rules/Rules.nib")
        let graph = Graph(apple)
        let nib = try #require(graph.all("NSNib").first)
        let data = try #require(graph.object("NSNibFileData", of: nib))
        let bytes = try #require(graph.data("NS.bytes", of: data))
        let appleKeys = Self.keys(try NibArchive(keyedArchiveBytes: bytes))
        var options = StandInProfiles.options
        options.xcode = XcodeEra(8.3)
        let old = try Source.graph(AppKitTableCellViewRuleTests.outline(), options: options)
        let nibs = try AppKitTableCellViewRuleTests.nestedNibs(old)
        #expect(!nibs.isEmpty)
        for key in ["NSViewWantsBestResolutionOpenGLSurface", "NSControlSize", "IBNSSafeAreaLayoutGuide"] {
            #expect(!appleKeys.contains(key), "Apple's \(key)")
            for (identifier, nested) in nibs {
                let keys = Set(nested.nodes.flatMap { $0.values.map(\.key) })
                #expect(!keys.contains(key), "\(identifier): \(key)")
            }
        }
    }
}
