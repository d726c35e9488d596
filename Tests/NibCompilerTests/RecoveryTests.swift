import Foundation
import NibArchive
import NibCompiler
import Testing

/// A real document never stops the compiler: what no rule models is a warning with its kind,
/// element and line, and the rest compiles; `--strict` (approximations refused) turns every
/// such warning into an error after looking at the whole document.
@Suite("Compiling what no rule models")
struct RecoveryTests {
    /// A page control (no rule models it) holding a label, with an unknown attribute on a view.
    static let body = #"""
        <view contentMode="scaleToFill" someNewFlag="YES" id="v1">
            <rect key="frame" x="0" y="0" width="320" height="200"/>
            <subviews>
                <pageControl opaque="NO" contentMode="scaleToFill" numberOfPages="3" id="p1">
                    <rect key="frame" x="10" y="20" width="100" height="40"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hi" id="l1">
                            <rect key="frame" x="0" y="0" width="50" height="21"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                    </subviews>
                </pageControl>
            </subviews>
        </view>
        """#

    @Test("an unknown view is archived under its own class with the UIView keys, its subviews kept")
    func unknownViewKeepsItsClassAndSubviews() throws {
        let output = try Source.compile(Source.iOSXib(Self.body))
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let page = try #require(graph.all("UIPageControl").first)
        #expect(graph.value("UIBounds", of: page) == .bytes([7] + [0.0, 0, 100, 40].flatMap(UIKitRuleTests.le)))
        #expect(graph.value("UICenter", of: page) == .bytes([7] + [60.0, 40].flatMap(UIKitRuleTests.le)))
        let subviews = graph.elements(of: graph.object("UISubviews", of: page) ?? -1)
        #expect(subviews.map { graph.nodes[$0].className } == ["UILabel"])
        // Only keys UIView archives: nothing of a page control's own (none is known).
        #expect(graph.nodes[page].values.allSatisfy { $0.key.hasPrefix("UI") })
        #expect(!graph.nodes[page].values.contains { $0.key.contains("Page") })
    }

    @Test("each problem is a warning with its kind, element and line")
    func warningsNameKindElementAndLine() throws {
        let output = try Source.compile(Source.iOSXib(Self.body))
        let element = try #require(output.warnings.first { $0.kind == .unmodelledElement })
        #expect(element.element == #"<pageControl id="p1">"#)
        #expect(element.line == 9)
        #expect(element.message.contains("UIPageControl"))
        let attribute = try #require(output.warnings.first { $0.kind == .unmodelledAttribute })
        #expect(attribute.element == #"<view id="v1">"#)
        #expect(attribute.message.contains("someNewFlag"))
        #expect(output.warnings.count == 2, "\(output.warnings)")
    }

    @Test("strict: every problem is listed, then the compile fails with the first")
    func strictListsEveryProblem() throws {
        var options = NibCompiler.Options()
        options.approximations = .refuse
        let error = try #require(throws: CompileError.self) {
            try NibCompiler(options: options).compile(Data(Source.iOSXib(Self.body).utf8), fileName: "Test.xib")
        }
        #expect(error.warnings.count == 2)
        #expect(error.message.contains("the first of 2 problems"))
        #expect(error.code == .unsupportedAttribute || error.code == .unsupportedElement)
    }

    @Test("a root view without a frame fills the simulated device; landscape swaps the sides")
    func viewWithoutFrame() throws {
        for (device, expected) in [
            // Apple's published sizes: iPhone 11 / XR 414 × 896 points, iPhone 5 / SE 320 × 568.
            (#"<device id="retina6_1" orientation="portrait"/>"#, [0.0, 0, 414, 896]),
            (#"<device id="retina4_0" orientation="landscape"/>"#, [0.0, 0, 568, 320]),
        ] {
            let source = Source.iOSXib(#"<view contentMode="scaleToFill" id="v1"/>"#).replacingOccurrences(
                of: "<objects>", with: "\(device)<objects>")
            let output = try Source.compile(source)
            let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
            let view = try #require(graph.all("UIView").first)
            #expect(graph.value("UIBounds", of: view) == .bytes([7] + expected.flatMap(UIKitRuleTests.le)))
            #expect(output.warnings.isEmpty, "\(output.warnings)")
        }
    }

    @Test("an AppKit view no rule models is archived as its class with the NSView keys; its connections too")
    func unknownAppKitView() throws {
        let body = #"""
            <customView id="c1">
                <rect key="frame" x="0" y="0" width="200" height="100"/>
                <subviews>
                    <levelIndicator verticalHuggingPriority="750" id="li1">
                        <rect key="frame" x="10" y="10" width="96" height="18"/>
                        <levelIndicatorCell key="cell" alignment="left" maxValue="2" levelIndicatorStyle="continuousCapacity" id="lic1"/>
                        <connections>
                            <outlet property="delegate" destination="-2" id="o1"/>
                        </connections>
                    </levelIndicator>
                </subviews>
            </customView>
            """#
        let output = try Source.compile(Source.macOSXib(body))
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let indicator = try #require(graph.all("NSLevelIndicator").first)
        #expect(graph.value("NSFrame", of: indicator) != nil)
        #expect(graph.value("NSNextResponder", of: indicator) != nil)
        let outlets = graph.all("NSNibOutletConnector").filter { graph.text("NSLabel", of: $0) == "delegate" }
        #expect(outlets.count == 1)
        #expect(
            output.warnings.contains { $0.kind == .unmodelledElement && $0.element == #"<levelIndicator id="li1">"# })
    }

    @Test("nibtool compile prints each warning and a count by kind, and writes the nib")
    func summaryLine() throws {
        let output = try Source.compile(Source.iOSXib(Self.body))
        #expect(Set(output.warnings.map(\.kind)) == [.unmodelledElement, .unmodelledAttribute])
    }
}

/// Asset catalog colors and system colors whose value the document's `<resources>` recorded.
@Suite("Colors from the document's resources")
struct ResourceColorTests {
    static func source(_ color: String, resources: String) -> String {
        Source.iOSXib(
            #"""
            <view contentMode="scaleToFill" id="v1">
                <rect key="frame" x="0" y="0" width="10" height="10"/>
                \#(color)
            </view>
            """#
        ).replacingOccurrences(of: "<resources></resources>", with: "<resources>\(resources)</resources>")
    }

    /// The keys and payloads of the view's background color.
    static func background(_ text: String) throws -> [(String, NibArchive.Payload)] {
        let graph = try Source.graph(text)
        let view = try #require(graph.all("UIView").first)
        let color = try #require(graph.object("UIBackgroundColor", of: view))
        return graph.nodes[color].values.map { ($0.key, $0.payload) }
    }

    @Test("an asset catalog color: its name, the nib bundle flag, then the recorded color's keys (0senno-atmosphere)")
    func namedColor() throws {
        let recorded =
            #"<color red="0.878" green="0.878" blue="0.878" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#
        let named = try Self.background(
            Self.source(
                #"<color key="backgroundColor" name="Gray300"/>"#,
                resources: #"<namedColor name="Gray300">\#(recorded)</namedColor>"#))
        let plain = try Self.background(
            Self.source(
                recorded.replacingOccurrences(of: "<color ", with: #"<color key="backgroundColor" "#), resources: ""))
        #expect(named.map(\.0) == ["UIDynamicCatalogName", "UIDynamicCatalogUseNibBundle"] + plain.map(\.0))
        #expect(named.dropFirst(2).map(\.1.description) == plain.map(\.1.description))
        #expect(named[1].1.description == NibArchive.Payload.bool(true).description)
    }

    @Test("a named color without its recorded value is left out with a warning; the view stays")
    func namedColorWithoutResource() throws {
        let output = try Source.compile(Self.source(#"<color key="backgroundColor" name="Missing"/>"#, resources: ""))
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let view = try #require(graph.all("UIView").first)
        #expect(graph.object("UIBackgroundColor", of: view) == nil)
        #expect(output.warnings.contains { $0.kind == .invalidSource && $0.message.contains("Missing") })
    }

    @Test("a system color no table knows: its name before the recorded RGB value")
    func systemColorFromResources() throws {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13)
        let text = Self.source(
            #"<color key="tintColor" systemColor="systemBlueColor"/>"#,
            resources:
                #"<systemColor name="systemBlueColor"><color red="0.0" green="0.47843137254901963" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></systemColor>"#
        )
        let graph = try Source.graph(text, options: options)
        let view = try #require(graph.all("UIView").first)
        // (A tint: as a background, a chromatic system color is wrapped, see Xcode13ColorTests.)
        let color = try #require(graph.object("UITintColor", of: view))
        let keys = graph.nodes[color].values.map(\.key)
        #expect(keys.first == "UISystemColorName")
        #expect(keys.contains("UIRed") && keys.contains("NSRGB"))
        #expect(graph.text("UISystemColorName", of: color) == "systemBlueColor")
    }

    /// UIKit's coder resolves `UISystemColorName` at load time, the form Xcodes before 11 archive.
    @Test("a system color without a recorded value: archived by its name only, with a warning")
    func systemColorWithoutResources() throws {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13)
        let text = Self.source(#"<color key="tintColor" systemColor="systemGrayColor"/>"#, resources: "")
        let output = try Source.compiler(options).compile(Data(text.utf8), fileName: "Test.xib")
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let view = try #require(graph.all("UIView").first)
        let color = try #require(graph.object("UITintColor", of: view))
        #expect(graph.nodes[color].values.map(\.key) == ["UISystemColorName"])
        #expect(graph.text("UISystemColorName", of: color) == "systemGrayColor")
        #expect(output.warnings.contains { $0.message.contains("systemGrayColor") })
    }
}

/// `<stackView>` → `UIStackView` with the keys and order of the corpus's 38 compiled stack views.
@Suite("UIKit stack views")
struct UIKitStackViewTests {
    @Test("layout margins, arranged subviews and the stack's layout, in Apple's order, with UIKit's enum values")
    func stackView() throws {
        let body = #"""
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="fillEqually" alignment="center" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="s1">
                <rect key="frame" x="0" y="0" width="100" height="50"/>
                <subviews>
                    <view contentMode="scaleToFill" id="a"><rect key="frame" x="0" y="0" width="100" height="21"/></view>
                    <view contentMode="scaleToFill" id="b"><rect key="frame" x="0" y="29" width="100" height="21"/></view>
                </subviews>
            </stackView>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let stack = try #require(graph.all("UIStackView").first)
        let keys = graph.nodes[stack].values.map(\.key)
        let tail = [
            "UIStackViewArrangedSubviews", "UIStackViewAxis", "UIStackViewDistribution", "UIStackViewAlignment",
            "UIStackViewSpacing", "UIStackViewBaselineRelative", "UIStackViewLayoutMarginsRelative",
        ]
        #expect(Array(keys.suffix(tail.count)) == tail)
        let margins = try #require(keys.firstIndex(of: "UIViewLayoutMargins"))
        let semantic = try #require(keys.firstIndex(of: "UIViewSemanticContentAttribute"))
        #expect(margins < semantic)
        #expect(
            graph.value("UIViewLayoutMargins", of: stack) == .bytes([7] + [0.0, 0, 0, 0].flatMap(UIKitRuleTests.le)))
        #expect(graph.value("UIStackViewAxis", of: stack)?.integerValue == 1)
        #expect(graph.value("UIStackViewDistribution", of: stack)?.integerValue == 1)
        #expect(graph.value("UIStackViewAlignment", of: stack)?.integerValue == 3)
        #expect(graph.value("UIStackViewSpacing", of: stack) == .float64(8))
        let arranged = try #require(graph.object("UIStackViewArrangedSubviews", of: stack))
        #expect(graph.nodes[arranged].className == "NSArray")
        #expect(graph.elements(of: arranged) == graph.elements(of: graph.object("UISubviews", of: stack) ?? -1))
    }
}

/// Fonts a label keeps even when no table knows them.
@Suite("Text styles and unknown fonts")
struct FontRecoveryTests {
    static func label(_ font: String) -> String {
        Source.iOSXib(
            #"""
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hello" id="l1">
                <rect key="frame" x="0" y="0" width="100" height="21"/>
                \#(font)
            </label>
            """#)
    }

    @Test("a text style: UIIBTextStyle with the font and size the corpus shows for it, no descriptor")
    func textStyle() throws {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13)
        let graph = try Source.graph(
            Self.label(#"<fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>"#), options: options
        )
        let font = try #require(graph.all("UIFont").first)
        #expect(
            graph.nodes[font].values.map(\.key) == [
                "UIFontName", "UIIBTextStyle", "UIFontPointSize", "UIFontTextStyleForScaling",
                "UIFontPointSizeForScaling", "UIFontMaximumPointSizeAfterScaling", "UIFontTraits", "UISystemFont",
                "NSName", "NSSize",
            ])
        #expect(graph.text("UIIBTextStyle", of: font) == "UICTFontTextStyleHeadline")
        #expect(graph.text("UIFontName", of: font) == ".SFUI-Semibold")
        #expect(graph.value("NSSize", of: font) == .float64(14))
    }

    @Test("a font no table knows keeps the label and its text; its traits come from its name, with a warning")
    func unknownNamedFont() throws {
        let output = try Source.compile(
            Self.label(
                #"<fontDescription key="fontDescription" name="AGaramondPro-BoldItalic" family="Adobe Garamond Pro" pointSize="17"/>"#
            ))
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let label = try #require(graph.all("UILabel").first)
        #expect(graph.text("UIText", of: label) == "Hello")
        let font = try #require(graph.object("UIFont", of: label))
        #expect(graph.value("UIFontTraits", of: font)?.integerValue == 3)
        #expect(output.warnings.contains { $0.message.contains("AGaramondPro-BoldItalic") })
    }
}

/// Fonts as Xcode 13's ibtool archives them, checked against the duckduckgo pairs' Apple output
/// (Xcode 13.2.1): NotificationView's labels (ProximaNova-Bold 17, a font the app ships) and its
/// custom buttons without a font (the 18-point system font), against Idrill7's (Xcode 10) for
/// the older form.
@Suite("Xcode 13 fonts and buttons")
struct Xcode13FontTests {
    static func document(_ body: String, customFonts: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            \(customFonts)
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="v1">
                    <rect key="frame" x="0" y="0" width="320" height="100"/>
                    <subviews>\(body)</subviews>
                </view>
            </objects>
        </document>
        """
    }

    static func label(_ font: String) -> String {
        """
        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" id="l1">
            <rect key="frame" x="0" y="0" width="100" height="21"/>
            \(font)
        </label>
        """
    }

    static func graph(_ text: String, xcode: Double) throws -> Graph {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        return try Source.graph(text, options: options)
    }

    /// The descriptor attributes of `font` as (key, value) pairs, and the dictionary's class.
    static func attributes(of font: Int, in graph: Graph) throws -> (String, [(String, NibArchive.Payload?)]) {
        let descriptor = try #require(graph.object("UIFontDescriptor", of: font))
        let dictionary = try #require(graph.object("UIFontDescriptorAttributes", of: descriptor))
        let items = graph.elements(of: dictionary)
        var pairs: [(String, NibArchive.Payload?)] = []
        for index in stride(from: 0, to: items.count - 1, by: 2) {
            let value = items[index + 1]
            let payload = graph.value("NS.dblval", of: value) ?? graph.value("NS.intval", of: value)
            pairs.append((graph.string(items[index]) ?? "?", payload ?? graph.value("NS.bytes", of: value)))
        }
        return (graph.nodes[dictionary].className, pairs)
    }

    @Test("a font the app ships (<customFonts>): traits 0 whatever its style, no scaling keys, a double size")
    func customFont() throws {
        let fonts = """
            <customFonts key="customFonts">
                <array key="proximanova-bold.otf"><string>ProximaNova-Bold</string></array>
            </customFonts>
            """
        let graph = try Self.graph(
            Self.document(
                Self.label(
                    #"<fontDescription key="fontDescription" name="ProximaNova-Bold" family="Proxima Nova" pointSize="17"/>"#
                ), customFonts: fonts), xcode: 13.2)
        let font = try #require(graph.all("UIFont").first)
        #expect(
            graph.nodes[font].values.map(\.key) == [
                "UIFontName", "UIFontDescriptor", "UIFontPointSize", "UIFontTraits", "UISystemFont", "NSName", "NSSize",
            ])
        #expect(graph.value("UIFontTraits", of: font)?.integerValue == 0)
        let (dictionaryClass, pairs) = try Self.attributes(of: font, in: graph)
        #expect(dictionaryClass == "NSDictionary")
        #expect(pairs.map(\.0) == ["NSFontSizeAttribute", "NSFontNameAttribute"])
        #expect(pairs.first?.1 == .float64(17))
    }

    @Test("the system font: .SFUI-Regular, size then usage in an NSDictionary (13); .SFUIText, usage then size (10)")
    func systemFont() throws {
        let body = Self.label(#"<fontDescription key="fontDescription" type="system" pointSize="17"/>"#)
        let modern = try Self.graph(Self.document(body), xcode: 13.2)
        let font = try #require(modern.all("UIFont").first)
        #expect(modern.text("UIFontName", of: font) == ".SFUI-Regular")
        let (modernClass, modernPairs) = try Self.attributes(of: font, in: modern)
        #expect(modernClass == "NSDictionary")
        #expect(modernPairs.map(\.0) == ["NSFontSizeAttribute", "NSCTFontUIUsageAttribute"])
        #expect(modernPairs.first?.1 == .float64(17))

        let older = try Self.graph(Self.document(body), xcode: 10)
        let olderFont = try #require(older.all("UIFont").first)
        #expect(older.text("UIFontName", of: olderFont) == ".SFUIText")
        let (olderClass, olderPairs) = try Self.attributes(of: olderFont, in: older)
        #expect(olderClass == "NSMutableDictionary")
        #expect(olderPairs.map(\.0) == ["NSCTFontUIUsageAttribute", "NSFontSizeAttribute"])
    }

    /// duckduckgo's DaxOnboarding (Xcode 13.2): its `<customFonts>` lists ProximaNova-Bold, its
    /// buttons' `<fontDescription>`s keep that name, and its attributed label's ProximaNova-Bold 32
    /// is archived as `.SFUI-Regular` 32 (label and string). Feedback's CategoryCell title: a
    /// word-wrapping paragraph style under a word-wrapping label has no `NSLineBreakMode`.
    @Test("an attributed string's font the app ships is not found (system font, a warning); word wrapping is left out")
    func attributedCustomFont() throws {
        let fonts = """
            <customFonts key="customFonts">
                <array key="proximanova-bold.otf"><string>ProximaNova-Bold</string></array>
            </customFonts>
            """
        let label = """
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" usesAttributedText="YES" lineBreakMode="wordWrap" numberOfLines="0" id="l1">
                <rect key="frame" x="0" y="0" width="300" height="70"/>
                <attributedString key="attributedText">
                    <fragment content="Welcome">
                        <attributes>
                            <color key="NSColor" red="0.1333333333" green="0.1333333333" blue="0.1333333333" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            <font key="NSFont" size="32" name="ProximaNova-Bold"/>
                            <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="wordWrapping" baseWritingDirection="natural" tighteningFactorForTruncation="0.0"/>
                        </attributes>
                    </fragment>
                </attributedString>
                <nil key="highlightedColor"/>
            </label>
            """
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let output = try Source.compiler(options).compile(
            Data(Self.document(label, customFonts: fonts).utf8), fileName: "Test.xib", isBaseLocalized: false)
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let object = try #require(graph.all("UILabel").first)
        let font = try #require(graph.object("UIFont", of: object))
        #expect(graph.text("UIFontName", of: font) == ".SFUI-Regular")
        #expect(graph.value("UIFontPointSize", of: font) == .float64(32))
        #expect(output.warnings.contains { $0.message.contains("ProximaNova-Bold") })
        let style = try #require(graph.all("NSParagraphStyle").first)
        #expect(graph.value("NSAlignment", of: style)?.integerValue == 2)
        #expect(graph.value("NSLineBreakMode", of: style) == nil)
        #expect(graph.all("NSMutableParagraphStyle").isEmpty)
    }

    @Test("a custom button without a font: the 18-point system font and UIButtonConfiguration nil, last (13 only)")
    func customButton() throws {
        let button = """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" lineBreakMode="middleTruncation" id="b1">
                <rect key="frame" x="0" y="0" width="24" height="24"/>
                <state key="normal" title="X"/>
            </button>
            """
        let modern = try Self.graph(Self.document(button), xcode: 13.2)
        let object = try #require(modern.all("UIButton").first)
        #expect(modern.nodes[object].values.suffix(2).map(\.key) == ["UIFont", "UIButtonConfiguration"])
        let font = try #require(modern.object("UIFont", of: object))
        #expect(modern.text("UIFontName", of: font) == ".SFUI-Regular")
        #expect(modern.value("UIFontPointSize", of: font) == .float64(18))

        let older = try Self.graph(Self.document(button), xcode: 10)
        let olderButton = try #require(older.all("UIButton").first)
        #expect(older.value("UIFont", of: olderButton) == nil)
        #expect(older.value("UIButtonConfiguration", of: olderButton) == nil)
    }
}

/// UIView and UIControl attributes Apple's output shows on the duckduckgo pairs (Xcode 13.2)
/// and 0senno-atmosphere's nibs.
@Suite("View and control attributes")
struct ViewControlAttributeTests {
    @Test("autoresizesSubviews=\"NO\" leaves UIAutoresizeSubviews out (ActionMessageView); the default archives true")
    func autoresizesSubviews() throws {
        let graph = try Source.graph(
            Source.iOSXib(
                """
                <view autoresizesSubviews="NO" contentMode="scaleToFill" id="v1">
                    <rect key="frame" x="0" y="0" width="100" height="40"/>
                    <subviews>
                        <view contentMode="scaleToFill" id="v2">
                            <rect key="frame" x="0" y="0" width="10" height="10"/>
                        </view>
                    </subviews>
                </view>
                """))
        let views = graph.all("UIView")
        #expect(views.count == 2)
        let outer = try #require(views.first { graph.object("UISubviews", of: $0) != nil })
        let inner = try #require(views.first { $0 != outer })
        #expect(graph.value("UIAutoresizeSubviews", of: outer) == nil)
        #expect(graph.value("UIAutoresizeSubviews", of: inner) == .bool(true))
    }

    @Test("a button's content alignments are UIControl's codes, before its stateful content; center is left out")
    func buttonAlignments() throws {
        let graph = try Source.graph(
            Source.iOSXib(
                """
                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="trailing" contentVerticalAlignment="center" lineBreakMode="middleTruncation" id="b1">
                    <rect key="frame" x="0" y="0" width="30" height="25"/>
                    <state key="normal" title="Edit"/>
                </button>
                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" lineBreakMode="middleTruncation" id="b2">
                    <rect key="frame" x="0" y="0" width="30" height="25"/>
                    <state key="normal" title="Go"/>
                </button>
                """))
        let buttons = graph.all("UIButton")
        #expect(buttons.count == 2)
        for button in buttons {
            let keys = graph.nodes[button].values.map(\.key)
            let stateful = try #require(keys.firstIndex(of: "UIButtonStatefulContent"))
            let horizontal = try #require(keys.firstIndex(of: "UIContentHorizontalAlignment"))
            #expect(horizontal < stateful)
        }
        let codes = buttons.map { graph.value("UIContentHorizontalAlignment", of: $0)?.integerValue }
        #expect(Set(codes) == [5, 1])
        let vertical = buttons.compactMap { graph.value("UIContentVerticalAlignment", of: $0)?.integerValue }
        #expect(vertical == [1])
    }

    @Test("a button's edge insets are UIEdgeInsets (top, left, bottom, right) after its font; zero ones are left out")
    func buttonInsets() throws {
        let graph = try Source.graph(
            Source.iOSXib(
                """
                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="b1">
                    <rect key="frame" x="0" y="0" width="60" height="30"/>
                    <inset key="contentEdgeInsets" minX="6" minY="0.0" maxX="6" maxY="0.0"/>
                    <inset key="imageEdgeInsets" minX="-5" minY="0.0" maxX="0.0" maxY="0.0"/>
                    <inset key="titleEdgeInsets" minX="0.0" minY="0.0" maxX="0.0" maxY="0.0"/>
                    <state key="normal" title="Cancel"/>
                </button>
                """))
        let button = try #require(graph.all("UIButton").first)
        let keys = graph.nodes[button].values.map(\.key)
        #expect(keys.suffix(2) == ["UIContentEdgeInsets", "UIImageEdgeInsets"])
        let le = UIKitRuleTests.le
        #expect(graph.value("UIContentEdgeInsets", of: button) == .bytes([7] + [0.0, 6, 0, 6].flatMap(le)))
        #expect(graph.value("UIImageEdgeInsets", of: button) == .bytes([7] + [0.0, -5, 0, 0].flatMap(le)))
    }
}

/// Table views and colors as Xcode 13.2's ibtool archives them (the duckduckgo pairs' Apple
/// output: 40 table views; the sRGB colors of its storyboards and xibs).
@Suite("Xcode 13 table views and colors")
struct Xcode13TableTests {
    static func storyboard(_ view: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES" initialViewController="vc1">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>\(view)</subviews>
                                <color key="backgroundColor" red="0.13333333333333333" green="0.26666666666666666" blue="0.99999600649999998" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    static func viewNib(_ view: String) throws -> Graph {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let output = try Source.compiler(options).compile(Data(Self.storyboard(view).utf8), fileName: "T.storyboard")
        let name = try #require(output.files.keys.first { $0.contains("-view-") })
        return Graph(try NibArchive(parsing: output.files[name] ?? []))
    }

    @Test("a grouped prototype table: the iOS 15 SDK keys in Apple's order, with the source's heights")
    func groupedTable() throws {
        let graph = try Self.viewNib(
            """
            <tableView clipsSubviews="YES" contentMode="scaleToFill" bounces="NO" alwaysBounceVertical="YES" dataMode="prototypes" style="grouped" separatorStyle="none" allowsSelection="NO" rowHeight="25" estimatedRowHeight="25" sectionHeaderHeight="46" estimatedSectionHeaderHeight="46" sectionFooterHeight="18" id="t1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
            </tableView>
            """)
        let table = try #require(graph.all("UITableView").first)
        let keys = graph.nodes[table].values.map(\.key)
        let expected = [
            "UIViewLocalOverrideTraitCollection", "UIScrollViewIndicatorInsetAdjustmentBehavior", "UIBounceEnabled",
            "UIBouncesZoom", "UIAlwaysBounceVertical", "UIScrollViewContentInsetAdjustmentBehavior",
            "UITableViewStyle", "UIStyle", "UISeparatorStyleIOS9AndLater", "UIPrefetchingEnabled", "UIRowHeight",
            "UISectionHeaderHeight", "UISectionFooterHeight", "UIEstimatedRowHeight",
            "UIEstimatedSectionHeaderHeight", "UIEstimatedSectionFooterHeight", "UIFillerRowHeight",
            "UISectionHeaderTopPadding", "UIAllowsSelection", "UIInsetsContentViewsToSafeArea",
            "UISeparatorInsetReference",
        ]
        let start = try #require(keys.firstIndex(of: "UIViewLocalOverrideTraitCollection"))
        #expect(Array(keys[start...]) == expected)
        #expect(graph.value("UITableViewStyle", of: table)?.integerValue == 1)
        #expect(graph.value("UIRowHeight", of: table) == .float32(25))
        #expect(graph.value("UIEstimatedSectionHeaderHeight", of: table) == .float32(46))
        #expect(graph.value("UIEstimatedSectionFooterHeight", of: table) == .float32(0))
        #expect(graph.value("UISectionHeaderTopPadding", of: table) == .float64(-1))
        let traits = try #require(graph.object("UIViewLocalOverrideTraitCollection", of: table))
        #expect(
            graph.nodes[traits].values.map(\.key) == [
                "UITraitCollectionBuiltinTrait-_UITraitNameSelectionFollowsFocus"
            ])
    }

    @Test("a storyboard's sRGB view colors: doubles rounded to ten places")
    func roundedDoubles() throws {
        let graph = try Self.viewNib("")
        let view = try #require(graph.all("UIView").first { graph.object("UIBackgroundColor", of: $0) != nil })
        let color = try #require(graph.object("UIBackgroundColor", of: view))
        #expect(graph.value("UIRed-Double", of: color) == .float64(0.1333333333))
        #expect(graph.value("UIGreen-Double", of: color) == .float64(0.2666666667))
        #expect(graph.value("UIBlue-Double", of: color) == .float64(0.9999960065))
    }
}

/// System font weights and cells as Apple's output shows them: zbrateam's
/// ZBPackageTableViewCell (Xcode 10: a semibold 17-point label in a top-level cell).
@Suite("Font weights and cell view keys")
struct FontWeightTests {
    static func label(weight: String, size: Int) -> String {
        Source.iOSXib(
            """
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hello" id="l1">
                <rect key="frame" x="0" y="0" width="100" height="21"/>
                <fontDescription key="fontDescription" type="system" weight="\(weight)" pointSize="\(size)"/>
            </label>
            """)
    }

    static func font(weight: String, size: Int, xcode: Double) throws -> (Graph, Int) {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        let graph = try Source.graph(Self.label(weight: weight, size: size), options: options)
        return (graph, try #require(graph.all("UIFont").first))
    }

    @Test("semibold: -Semibold, CTFontDemiUsage, traits 2; medium: -Medium, CTFontMediumUsage, traits 0")
    func weights() throws {
        let (graph, font) = try Self.font(weight: "semibold", size: 17, xcode: 10)
        #expect(graph.text("UIFontName", of: font) == ".SFUIText-Semibold")
        #expect(graph.value("UIFontTraits", of: font)?.integerValue == 2)
        let descriptor = try #require(graph.object("UIFontDescriptor", of: font))
        let attributes = try #require(graph.object("UIFontDescriptorAttributes", of: descriptor))
        let strings = graph.elements(of: attributes).compactMap(graph.string)
        #expect(strings.contains("CTFontDemiUsage"))

        let (large, medium) = try Self.font(weight: "medium", size: 24, xcode: 10)
        #expect(large.text("UIFontName", of: medium) == ".SFUIDisplay-Medium")
        #expect(large.value("UIFontTraits", of: medium)?.integerValue == 0)
        let (modern, modernFont) = try Self.font(weight: "semibold", size: 17, xcode: 13)
        #expect(modern.text("UIFontName", of: modernFont) == ".SFUI-Semibold")
    }

    /// The corpus's one light system font (Apple's nib): `.SFUIText-Light`, `CTFontLightUsage`,
    /// traits 8.
    @Test("light: -Light, CTFontLightUsage, traits 8")
    func lightWeight() throws {
        let (graph, font) = try Self.font(weight: "light", size: 17, xcode: 10)
        #expect(graph.text("UIFontName", of: font) == ".SFUIText-Light")
        #expect(graph.value("UIFontTraits", of: font)?.integerValue == 8)
        let descriptor = try #require(graph.object("UIFontDescriptor", of: font))
        let attributes = try #require(graph.object("UIFontDescriptorAttributes", of: descriptor))
        #expect(graph.elements(of: attributes).compactMap(graph.string).contains("CTFontLightUsage"))
    }

    @Test("a weight no rule knows is the regular font with a warning")
    func unknownWeight() throws {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(10)
        let output = try Source.compiler(options).compile(
            Data(Self.label(weight: "heavy", size: 17).utf8), fileName: "T.xib")
        #expect(output.warnings.contains { $0.message.contains("font weight heavy") })
        let graph = Graph(try NibArchive(parsing: output.files[""] ?? []))
        let font = try #require(graph.all("UIFont").first)
        #expect(graph.text("UIFontName", of: font) == ".SFUIText")
    }
}

/// Prototype cells as Xcode 13.2 archives them (duckduckgo's Autocomplete cells).
@Suite("Xcode 13 prototype cells")
struct Xcode13CellTests {
    static let table = """
        <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="46" sectionHeaderHeight="28" sectionFooterHeight="28" id="t1">
            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
            <prototypes>
                <tableViewCell clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleToFill" selectionStyle="none" indentationWidth="10" reuseIdentifier="Empty" id="c1">
                    <rect key="frame" x="0.0" y="28" width="375" height="46"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="c1" id="cv1">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="46"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <color key="backgroundColor" white="0.0" alpha="0.0" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                    </tableViewCellContentView>
                    <color key="backgroundColor" red="0.2" green="0.2" blue="0.2" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                    <color key="tintColor" red="0.6" green="0.6" blue="0.6" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </tableViewCell>
            </prototypes>
        </tableView>
        """

    @Test(
        "the cell's view keys, its colors, the default indentation width, the iOS 14 slots and its place in the table")
    func prototypeCell() throws {
        let graph = try Xcode13TableTests.viewNib(Self.table)
        let table = try #require(graph.all("UITableView").first)
        let nibs = try #require(graph.object("UITableViewCellPrototypeNibs", of: table))
        let nib = try #require(graph.elements(of: nibs).last)
        let data = try #require(graph.object("archiveData", of: nib))
        let cellNib = Graph(try NibArchive(parsing: try #require(graph.data("NS.bytes", of: data))))
        let cell = try #require(cellNib.all("UITableViewCell").first)
        let keys = cellNib.nodes[cell].values.map(\.key)
        for key in [
            "UIBackgroundColor", "UIDeepDrawRect", "UIUserInteractionDisabled", "UIClipsToBounds", "UITintColor",
            "UIViewLargeContentStoredProperties", "UIIndentationWidth", "UITableCellBackgroundColorSet",
            "UISystemBackgroundView", "UIContentConfigurationIdentifier", "UIContentConfigurationView",
        ] {
            #expect(keys.contains(key), "\(key)")
        }
        #expect(cellNib.value("UIIndentationWidth", of: cell) == .float32(10))
        // At its place in the table: below the 28-point section header (Apple's center: 187.5, 51).
        #expect(cellNib.value("UICenter", of: cell) == .bytes([7] + [187.5, 51].flatMap(UIKitRuleTests.le)))
        let content = try #require(cellNib.object("UIContentView", of: cell))
        #expect(cellNib.value("UIBackgroundColor", of: content) != nil)
        // Placeholders first, then the cell.
        let top = try #require(cellNib.object("UINibTopLevelObjectsKey", of: cellNib.root))
        #expect(
            cellNib.elements(of: top).map { cellNib.nodes[$0].className } == [
                "UIProxyObject", "UIProxyObject", "UITableViewCell",
            ])
    }
}
