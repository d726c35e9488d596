import Foundation
import NibArchive
import NibCompiler
import Testing

/// Cells, text input traits and activity indicators as Apple's compiled nibs show them. Every
/// expected value is read from Apple's output, named in each test: the duckduckgo pairs (Xcode
/// 13.2) and the corpus's compiled nibs.
@Suite("Xcode 13 cells, text input traits and activity indicators")
struct Xcode13ControlTests {
    /// A view in an Xcode 13 xib (toolsVersion 19529, the duckduckgo era).
    static func xib(_ body: String, xcode: Double = 13.2) throws -> Graph {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useSafeAreas="YES" colorMatched="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    \(body)
                </objects>
            </document>
            """
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        let output = try Source.compiler(options).compile(Data(text.utf8), fileName: "T.xib")
        return Graph(try NibArchive(parsing: output.files[""] ?? []))
    }

    static func cell(selectionStyle: String, background: String = "") -> String {
        """
        <tableViewCell contentMode="scaleToFill" selectionStyle="\(selectionStyle)" indentationWidth="10" rowHeight="20" id="c1">
            <rect key="frame" x="0.0" y="0.0" width="320" height="20"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="c1" id="cv1">
                <rect key="frame" x="0.0" y="0.0" width="320" height="20"/>
                <autoresizingMask key="autoresizingMask"/>
            </tableViewCellContentView>
            \(background)
            <viewLayoutGuide key="safeArea" id="g1"/>
        </tableViewCell>
        """
    }

    @Test(
        "a cell with selection style none and no background: system background view, shared color (BrowsingMenuSeparatorViewCell)"
    )
    func systemBackgroundView() throws {
        let graph = try Self.xib(Self.cell(selectionStyle: "none"))
        let cell = try #require(graph.all("UITableViewCell").first)
        let color = try #require(graph.object("UIBackgroundColor", of: cell))
        #expect(graph.text("UISystemColorName", of: color) == "tableCellPlainBackgroundColor")
        #expect(graph.value("UIWhite", of: color) == .float32(1))
        #expect(graph.value("UIDidEncodeCompatibilityBackgroundColor", of: cell) == .bool(true))
        #expect(graph.value("UITableCellBackgroundColorSet", of: cell) == nil)
        let view = try #require(graph.object("UISystemBackgroundView", of: cell))
        #expect(graph.nodes[view].className == "_UISystemBackgroundView")
        #expect(graph.value("UIBounds", of: view) == graph.value("UIBounds", of: cell))
        let configuration = try #require(graph.object("configurationAPI", of: view))
        #expect(graph.nodes[configuration].className == "UIBackgroundConfiguration")
        // Apple's #30 holds the cell's own color object (#26) and UIKit's clear color.
        #expect(graph.object("backgroundColor", of: configuration) == color)
        let stroke = try #require(graph.object("strokeColor", of: configuration))
        #expect(graph.text("UISystemColorName", of: stroke) == "clearColor")
        #expect(graph.value("maskedCorners", of: configuration)?.integerValue == 15)
        #expect(graph.value("defaultStyle", of: configuration)?.integerValue == 1)
        #expect(graph.text("backgroundInsets", of: configuration) == "{0, 0, 0, 0}")
        let customized = graph.nodes[configuration].values.filter { $0.key.hasPrefix("hasCustomized-") }
        #expect(customized.count == 13)
        #expect(customized.allSatisfy { $0.payload == .bool(false) })
    }

    @Test(
        "a cell with a selection style or a background of its own has no system background view (BrowsingMenuEntryViewCell, PrivacyGrade)"
    )
    func noSystemBackgroundView() throws {
        for source in [
            Self.cell(selectionStyle: "default"),
            Self.cell(
                selectionStyle: "none",
                background:
                    #"<color key="backgroundColor" red="1" green="0.5" blue="0.25" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#
            ),
        ] {
            let graph = try Self.xib(source)
            let cell = try #require(graph.all("UITableViewCell").first)
            #expect(graph.value("UISystemBackgroundView", of: cell) == NibArchive.Payload.nil)
            #expect(graph.value("UIDidEncodeCompatibilityBackgroundColor", of: cell) == nil)
        }
    }

    @Test(
        "Xcode 13: the separator starts at 8 and the cell's safe area guide is archived; Xcode 10: 15, no guide (zbrateam)"
    )
    func separatorAndSafeArea() throws {
        let modern = try Self.xib(Self.cell(selectionStyle: "default"))
        let separator = try #require(modern.all("_UITableViewCellSeparatorView").first)
        // BrowsingMenuSeparatorViewCell (Apple's #25): {0, 0, 312, 1} at {164, 19.5} in a 320 × 20 cell.
        #expect(modern.value("UIBounds", of: separator) == .bytes([7] + [0.0, 0, 312, 1].flatMap(UIKitRuleTests.le)))
        #expect(modern.value("UICenter", of: separator) == .bytes([7] + [164.0, 19.5].flatMap(UIKitRuleTests.le)))
        #expect(modern.all("UILayoutGuide").count == 1)
        let older = try Self.xib(Self.cell(selectionStyle: "default"), xcode: 10.1)
        let olderSeparator = try #require(older.all("_UITableViewCellSeparatorView").first)
        #expect(
            older.value("UIBounds", of: olderSeparator) == .bytes([7] + [0.0, 0, 305, 1].flatMap(UIKitRuleTests.le)))
        #expect(older.all("UILayoutGuide").isEmpty)
    }

    @Test(
        "a cell's tag follows its opaque flag; its outline label is not archived and not warned about (the corpus's tagged cells)"
    )
    func cellTagAndLabel() throws {
        let source = Self.cell(selectionStyle: "default").replacingOccurrences(
            of: #"id="c1">"#, with: #"tag="7" userLabel="Row" id="c1">"#)
        let graph = try Self.xib(source)
        let cell = try #require(graph.all("UITableViewCell").first)
        let keys = graph.nodes[cell].values.map(\.key)
        let tag = try #require(keys.firstIndex(of: "UITag"))
        #expect(keys[tag - 1] == "UIOpaque")
        #expect(keys[tag + 1] == "UIAutoresizeSubviews")
        #expect(graph.value("UITag", of: cell)?.integerValue == 7)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useSafeAreas="YES" colorMatched="YES">
                <objects>\(source)</objects>
            </document>
            """
        let output = try Source.compiler(options).compile(Data(text.utf8), fileName: "T.xib")
        #expect(!output.warnings.contains { $0.message.contains("userLabel") || $0.message.contains("attribute tag") })
    }

    @Test("text input traits: UIKit's codes in Apple's key order (duckduckgo's OmniBar and Bookmarks fields)")
    func textInputTraits() throws {
        let graph = try Self.xib(
            """
            <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" minimumFontSize="17" id="t1">
                <rect key="frame" x="0.0" y="0.0" width="200" height="34"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                <textInputTraits key="textInputTraits" autocapitalizationType="words" autocorrectionType="no" spellCheckingType="no" keyboardType="webSearch" returnKeyType="done" enablesReturnKeyAutomatically="YES" textContentType="url" smartDashesType="yes" smartInsertDeleteType="no"/>
            </textField>
            """)
        let field = try #require(graph.all("UITextField").first)
        let traitKeys = graph.nodes[field].values.map(\.key).filter {
            [
                "UIAutocapitalizationType", "UIAutocorrectionType", "UISpellCheckingType", "UIKeyboardType",
                "UIReturnKeyType", "UIEnablesReturnKeyAutomatically", "UITextContentType", "UITextSmartDashesType",
                "UITextSmartInsertDeleteType",
            ].contains($0)
        }
        #expect(
            traitKeys == [
                "UIAutocapitalizationType", "UIAutocorrectionType", "UISpellCheckingType", "UIKeyboardType",
                "UIReturnKeyType", "UIEnablesReturnKeyAutomatically", "UITextContentType", "UITextSmartDashesType",
                "UITextSmartInsertDeleteType",
            ])
        #expect(graph.value("UIAutocapitalizationType", of: field)?.integerValue == 1)
        #expect(graph.value("UIAutocorrectionType", of: field)?.integerValue == 1)
        #expect(graph.value("UISpellCheckingType", of: field)?.integerValue == 1)
        #expect(graph.value("UIKeyboardType", of: field)?.integerValue == 10)
        #expect(graph.value("UIReturnKeyType", of: field)?.integerValue == 9)
        #expect(graph.value("UIEnablesReturnKeyAutomatically", of: field) == .bool(true))
        #expect(graph.text("UITextContentType", of: field) == "url")
        #expect(graph.value("UITextSmartDashesType", of: field)?.integerValue == 2)
        #expect(graph.value("UITextSmartInsertDeleteType", of: field)?.integerValue == 1)
    }

    @Test(
        "activity indicators: both style keys, hides-when-stopped, animating, nil color; 750 hugging left out (duckduckgo Main, PrivacyProtection)"
    )
    func activityIndicators() throws {
        let graph = try Self.xib(
            """
            <view contentMode="scaleToFill" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                <subviews>
                    <activityIndicatorView hidden="YES" opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" hidesWhenStopped="YES" style="gray" translatesAutoresizingMaskIntoConstraints="NO" id="a1">
                        <rect key="frame" x="324" y="14.5" width="20" height="20"/>
                    </activityIndicatorView>
                    <activityIndicatorView opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" animating="YES" style="large" translatesAutoresizingMaskIntoConstraints="NO" id="a2">
                        <rect key="frame" x="177" y="25" width="37" height="37"/>
                    </activityIndicatorView>
                </subviews>
            </view>
            """)
        let indicators = graph.all("UIActivityIndicatorView")
        #expect(indicators.count == 2)
        let hidden = try #require(indicators.first { graph.value("UIHidden", of: $0) == .bool(true) })
        let animating = try #require(indicators.first { $0 != hidden })
        // Main's #171: gray 2/2, no UIHidesWhenStopped, UIColor nil, no hugging.
        #expect(graph.value("UIActivityIndicatorViewStyle-Modern", of: hidden)?.integerValue == 2)
        #expect(graph.value("UIActivityIndicatorViewStyle", of: hidden)?.integerValue == 2)
        #expect(graph.value("UIHidesWhenStopped", of: hidden) == nil)
        #expect(graph.value("UIColor", of: hidden) == NibArchive.Payload.nil)
        #expect(graph.value("UIViewContentHuggingPriority", of: hidden) == nil)
        // PrivacyProtection's #93: UIHidesWhenStopped false and UIAnimating true; COVIDSAFE's
        // large ones: 101 and the legacy whiteLarge 0.
        #expect(graph.value("UIHidesWhenStopped", of: animating) == .bool(false))
        #expect(graph.value("UIAnimating", of: animating) == .bool(true))
        #expect(graph.value("UIActivityIndicatorViewStyle-Modern", of: animating)?.integerValue == 101)
        #expect(graph.value("UIActivityIndicatorViewStyle", of: animating)?.integerValue == 0)
    }

    @Test(
        "a label that adjusts to the content size category archives the flag between its text and font (ikyih-seed, ertmuirm)"
    )
    func adjustsFontForContentSizeCategory() throws {
        let graph = try Self.xib(
            """
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" adjustsFontForContentSizeCategory="YES" id="l1">
                <rect key="frame" x="0.0" y="0.0" width="100" height="21"/>
                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
            </label>
            """)
        let label = try #require(graph.all("UILabel").first)
        let keys = graph.nodes[label].values.map(\.key)
        let flag = try #require(keys.firstIndex(of: "UIAdjustsFontForContentSizeCategory"))
        #expect(keys.firstIndex(of: "UIText") == flag - 1)
        #expect(keys.firstIndex(of: "UIFont") == flag + 1)
    }
}

/// Switches as Apple's nibs show them: duckduckgo Settings' (Xcode 13.2; Apple's #182 of
/// fAo-H3-Yyo-view-Us0-75-vOB.nib/runtime.nib) and ROMPiOS's (Xcode 6, in the passing pairs).
@Suite("Xcode 13 switches")
struct Xcode13SwitchTests {
    @Test(
        "an on switch: its own 51 × 31 bounds, UISwitchEnabled then UISwitchOn, no 750 hugging, the frame pair with 17 digits"
    )
    func onSwitch() throws {
        let graph = try Xcode13ControlTests.xib(
            """
            <view contentMode="scaleToFill" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                <subviews>
                    <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="s1">
                        <rect key="frame" x="345" y="6.6666666666666679" width="51" height="31.000000000000004"/>
                    </switch>
                </subviews>
            </view>
            """)
        let toggle = try #require(graph.all("UISwitch").first)
        #expect(graph.value("UIBounds", of: toggle) == .bytes([7] + [0.0, 0, 51, 31].flatMap(UIKitRuleTests.le)))
        #expect(
            graph.value("UICenter", of: toggle)
                == .bytes([7] + [370.5, 6.666_666_666_666_667_9 + 15.5].flatMap(UIKitRuleTests.le)))
        let keys = graph.nodes[toggle].values.map(\.key)
        #expect(keys.suffix(2) == ["UISwitchEnabled", "UISwitchOn"])
        #expect(graph.value("UIViewContentHuggingPriority", of: toggle) == nil)
        let pair = try #require(graph.all("UINibKeyValuePair").first)
        let value = try #require(graph.object("UIValue", of: pair))
        #expect(graph.text("NS.rectval", of: value) == "{{345, 6.6666666666666679}, {51, 31.000000000000004}}")
    }

    @Test("a disabled switch archives UIDisabled instead of UISwitchEnabled (a corpus nib)")
    func disabledSwitch() throws {
        let graph = try Xcode13ControlTests.xib(
            """
            <switch opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" enabled="NO" id="s1">
                <rect key="frame" x="10" y="10" width="51" height="31"/>
            </switch>
            """)
        let toggle = try #require(graph.all("UISwitch").first)
        #expect(graph.value("UIDisabled", of: toggle) == .bool(true))
        #expect(graph.value("UISwitchEnabled", of: toggle) == nil)
        #expect(graph.value("UISwitchOn", of: toggle) == nil)
        // No hugging in the source: 250 differs from the switch's own 750 (ROMPiOS's {250, 250}).
        #expect(graph.text("UIViewContentHuggingPriority", of: toggle) == "{250, 250}")
    }
}

/// Progress views and Xcode 13 navigation bars, as duckduckgo's WebContainer, Settings and
/// Onboarding pairs (Xcode 13.2) show them.
@Suite("Xcode 13 progress views and navigation bars")
struct Xcode13BarTests {
    @Test("a progress view has its own 4-point height at the source's origin and its progress (WebContainer)")
    func progressView() throws {
        let graph = try Xcode13ControlTests.xib(
            """
            <progressView opaque="NO" contentMode="scaleToFill" verticalHuggingPriority="750" progress="0.5" translatesAutoresizingMaskIntoConstraints="NO" id="p1">
                <rect key="frame" x="0.0" y="64" width="375" height="2"/>
                <color key="progressTintColor" red="1" green="0.5" blue="0.25" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
            </progressView>
            """)
        let view = try #require(graph.all("UIProgressView").first)
        #expect(graph.value("UIBounds", of: view) == CollectionViewTests.geometry([0, 0, 375, 4]))
        #expect(graph.value("UICenter", of: view) == CollectionViewTests.geometry([187.5, 66]))
        #expect(graph.value("UIViewContentHuggingPriority", of: view) == nil)
        #expect(graph.value("UIProgress", of: view) == .float32(0.5))
        #expect(graph.className("UIProgressProgressTintColor", of: view) == "UIColor")
    }

    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" translucent="NO" id="bar">
                                <rect key="frame" x="0.0" y="44" width="414" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <textAttributes key="titleTextAttributes">
                                    <color key="textColor" red="1" green="1" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                </textAttributes>
                            </navigationBar>
                            <connections>
                                <segue destination="root" kind="relationship" relationship="rootViewController" id="r1"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="root" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            </view>
                            <navigationItem key="navigationItem" title="Settings" id="item"/>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr2" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    @Test(
        "an Xcode 13 navigation bar is zero wide and 50 high at the source's y, opaque when not translucent, with its title attributes (Settings, Onboarding)"
    )
    func navigationBar() throws {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let output = try Source.compiler(options).compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        let scene = Graph(try NibArchive(parsing: try #require(output.files["UINavigationController-nav.nib"])))
        // Onboarding: a plain navigation controller is a class swapper naming its own class.
        let controller = try #require(
            scene.all("UIClassSwapper").first { scene.object("UINavigationBar", of: $0) != nil })
        #expect(scene.text("UIOriginalClassName", of: controller) == "UINavigationController")
        let bar = try #require(scene.object("UINavigationBar", of: controller))
        // Settings' w88-u3-TgK (Apple's #72), y 44.
        #expect(
            scene.nodes[bar].values.map(\.key) == [
                "UIBounds", "UICenter", "UIDeepDrawRect", "UIOpaque", "UIAutoresizeSubviews", "UIAutoresizingMask",
                "UIViewContentHuggingPriority", "UIViewSemanticContentAttribute", "UIViewLargeContentStoredProperties",
                "UIItems", "UIDelegate", "UITitleTextAttributes", "UIBarPosition", "UIBarTranslucence",
            ])
        #expect(scene.value("UIBounds", of: bar) == CollectionViewTests.geometry([0, 0, 0, 50]))
        #expect(scene.value("UICenter", of: bar) == CollectionViewTests.geometry([0, 69]))
        #expect(scene.value("UIBarTranslucence", of: bar)?.integerValue == 2)
        let attributes = try #require(scene.object("UITitleTextAttributes", of: bar))
        #expect(scene.elements(of: attributes).first.flatMap(scene.string) == "NSColor")
    }
}

/// Attributed label text and calibrated white as Xcode 13.2 archives them (duckduckgo pairs).
@Suite("Xcode 13 attributed labels")
struct Xcode13AttributedLabelTests {
    static func label(paragraphBreak: String, color: Bool = true) -> String {
        """
        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" usesAttributedText="YES" lineBreakMode="tailTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" translatesAutoresizingMaskIntoConstraints="NO" id="l1">
            <rect key="frame" x="0.0" y="0.0" width="200" height="40"/>
            <attributedString key="attributedText">
                <fragment content="Let's Get Started!">
                    <attributes>
                        \(color ? #"<color key="NSColor" red="1" green="1" blue="1" alpha="1" colorSpace="calibratedRGB"/>"# : "")
                        <font key="NSFont" metaFont="system" size="15"/>
                        <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="\(paragraphBreak)" baseWritingDirection="natural" lineHeightMultiple="1.28" tighteningFactorForTruncation="0.0"/>
                    </attributes>
                </fragment>
            </attributedString>
            <nil key="highlightedColor"/>
        </label>
        """
    }

    @Test(
        "the fragment's attributes as given; the paragraph style is mutable when the label's line break mode changes it (Feedback, PrivacyProtection)"
    )
    func attributedLabel() throws {
        let graph = try Xcode13ControlTests.xib(Self.label(paragraphBreak: "wordWrapping"))
        let label = try #require(graph.all("UILabel").first)
        #expect(graph.className("UIText", of: label) == "NSString")
        #expect(graph.text("UIText", of: label) == "Let's Get Started!")
        // Center: UIKit's 1 on the label, AppKit's 2 in the paragraph style.
        #expect(graph.value("UITextAlignment", of: label)?.integerValue == 1)
        #expect(graph.value("UIShadowOffset", of: label) == CollectionViewTests.geometry([0, -1]))
        #expect(graph.value("UIDisableUpdateTextColorOnTraitCollectionChange", of: label) == .bool(false))
        let string = try #require(graph.object("UIAttributedText", of: label))
        let attributes = try #require(graph.object("NSAttributes", of: string))
        let entries = graph.elements(of: attributes)
        let names = stride(from: 0, to: entries.count, by: 2).compactMap { graph.string(entries[$0]) }
        #expect(Set(names) == ["NSColor", "NSParagraphStyle", "NSFont"])
        let style = try #require(graph.all("NSMutableParagraphStyle").first)
        #expect(
            graph.nodes[style].values.map(\.key) == [
                "NSAlignment", "NSLineBreakMode", "NSLineHeightMultiple", "NSTabStops",
            ])
        #expect(graph.value("NSAlignment", of: style)?.integerValue == 2)
        #expect(graph.value("NSLineBreakMode", of: style)?.integerValue == 4)
        // Calibrated white: 1.0000001 in every component (Settings' title, TabSwitcher's label).
        let color = try #require(graph.object("UITextColor", of: label))
        #expect(graph.value("UIRed", of: color) == .float32(Float(1).nextUp))
        // Already truncating: the style is kept immutable (PrivacyProtection's "88%").
        let kept = try Xcode13ControlTests.xib(Self.label(paragraphBreak: "truncatingTail"))
        #expect(kept.all("NSParagraphStyle").count == 1)
        #expect(kept.all("NSMutableParagraphStyle").isEmpty)
        // No NSColor: the label's own labelColor (Feedback's three).
        let plain = try Xcode13ControlTests.xib(Self.label(paragraphBreak: "wordWrapping", color: false))
        let plainLabel = try #require(plain.all("UILabel").first)
        let labelColor = try #require(plain.object("UITextColor", of: plainLabel))
        #expect(plain.text("UISystemColorName", of: labelColor) == "labelColor")
    }
}

/// Button flags and a text field's minimum font size, as duckduckgo OmniBar (Xcode 13.2) shows.
@Suite("Xcode 13 button flags and text field font size")
struct Xcode13ButtonFlagTests {
    @Test(
        "reversesTitleShadowWhenHighlighted comes before the adjusts-image flags; adjustsImageWhenHighlighted NO is false"
    )
    func buttonFlags() throws {
        let graph = try Xcode13ControlTests.xib(
            """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" reversesTitleShadowWhenHighlighted="YES" adjustsImageWhenHighlighted="NO" lineBreakMode="middleTruncation" id="b1">
                <rect key="frame" x="0.0" y="0.0" width="40" height="40"/>
            </button>
            """)
        let button = try #require(graph.all("UIButton").first)
        let keys = graph.nodes[button].values.map(\.key)
        let reverses = try #require(keys.firstIndex(of: "UIReversesTitleShadowWhenHighlighted"))
        let adjusts = try #require(keys.firstIndex(of: "UIAdjustsImageWhenHighlighted"))
        #expect(reverses < adjusts)
        #expect(graph.value("UIAdjustsImageWhenHighlighted", of: button) == .bool(false))
        #expect(graph.value("UIAdjustsImageWhenDisabled", of: button) == .bool(true))
    }

    @Test("a field that does not adjust its font size still archives the minimum font size (OmniBar)")
    func minimumFontSize() throws {
        let graph = try Xcode13ControlTests.xib(
            """
            <textField opaque="NO" clipsSubviews="YES" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" adjustsFontSizeToFit="NO" minimumFontSize="17" id="t1">
                <rect key="frame" x="0.0" y="0.0" width="200" height="34"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                <textInputTraits key="textInputTraits"/>
            </textField>
            """)
        let field = try #require(graph.all("UITextField").first)
        #expect(graph.value("UIMinimumFontSize", of: field) == .float32(17))
        #expect(graph.value("UIAdjustsFontSizeToFit", of: field) == nil)
    }
}

/// A view's alpha and the empty gesture recognizer marker (duckduckgo DaxOnboarding, OmniBar).
@Suite("View alpha and gesture recognizer markers")
struct ViewAlphaTests {
    @Test(
        "alpha other than 1 is UIAlpha (float32) after the mask; the empty <gestureRecognizers/> marker archives nothing, silently"
    )
    func alpha() throws {
        let text = """
            <view alpha="0.0" contentMode="scaleToFill" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <gestureRecognizers/>
            </view>
            """
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let output = try Source.compiler(options).compile(
            Data(Source.iOSXib(text).utf8), fileName: "T.xib")
        #expect(
            output.warnings.allSatisfy { !$0.message.contains("gestureRecognizers") && !$0.message.contains("alpha") })
        let graph = Graph(try NibArchive(parsing: output.files[""] ?? []))
        let view = try #require(graph.all("UIView").first)
        #expect(graph.value("UIAlpha", of: view) == .float32(0))
        let keys = graph.nodes[view].values.map(\.key)
        #expect(keys.firstIndex(of: "UIAlpha") == keys.firstIndex(of: "UIAutoresizingMask").map { $0 + 1 })
    }
}
