import CorpusSupport
import Foundation
import NibArchive
import NibDiff
import Testing

@testable import NibCompiler

/// The iOS output of Xcode 14 and 16, which no pair shows, against the corpus's compiled nibs
/// that carry the iOS 16 SDK's keys (``XcodeEra``'s "Xcode 14, 15 and 16" flags): man12nam's
/// and leeja328's (the 14 era), ikyih's and kiralab's (15), 0senno's and iOS-Apps-Code-UNO's (16). The
/// expected values are Apple's nibs, compared structurally (NibDiff) or key by key.
@Suite("Xcode 14 and 16 iOS output, against Apple's compiled nibs", .corpus)
struct UIKitXcode16FormTests {
    /// Xcode's launch screen template: a controller and its view, with a safe area guide and a
    /// system background color.
    static func launchScreen(
        toolsVersion: String, background: String, device: String = #"id="retina4_7" orientation="portrait""#,
        width: Int = 375, height: Int = 667
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" launchScreen="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="01J-lp-oVM">
            <device \(device) appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="\(toolsVersion)"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                <capability name="System colors in document resources" minToolsVersion="11.0"/>
                <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
            </dependencies>
            <scenes>
                <scene sceneID="EHf-IW-A2E">
                    <objects>
                        <viewController id="01J-lp-oVM" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3">
                                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>
                                <color key="backgroundColor" systemColor="\(background)"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="iYj-Kq-Ea1" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="53" y="375"/>
                </scene>
            </scenes>
            <resources>
                <systemColor name="\(background)">
                    <color white="\(background == "blackColor" ? 0 : 1)" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>
        """
    }

    static func differences(_ nib: [UInt8]?, from appleName: String) throws -> [String] {
        let apple = try NibArchive(parsing: try Corpus.nibBytes(named: appleName))
        let ours = try NibArchive(parsing: try #require(nib))
        return StructuralComparison().differences(between: apple, and: ours).map { "\($0)" }
    }

    @Test("Xcode 16: a launch screen's nibs carry IBUINibLNEVersionKey (iOS-Apps-Code-UNO)")
    func launchScreen16() throws {
        // A landscape iPhone 11 (896 × 414), as Apple's nib has it.
        let source = Self.launchScreen(
            toolsVersion: "23727", background: "blackColor", device: #"id="retina6_1" orientation="landscape""#,
            width: 896, height: 414)
        let nib = try Source.strictCompile(source, fileName: "LaunchScreen.storyboard")
        #expect(
            try Self.differences(
                nib.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"],
                from: "iOS-Apps-Code-UNO__LaunchScreen.storyboardc_01J-lp-oVM-view-Ze5-6b-2t3.nib") == [])
        #expect(
            try Self.differences(
                nib.files["UIViewController-01J-lp-oVM.nib"],
                from: "iOS-Apps-Code-UNO__LaunchScreen.storyboardc_UIViewController-01J-lp-oVM.nib") == [])
    }

    @Test("Xcode 14: the same launch screen without the key (leeja328)")
    func launchScreen14() throws {
        let source = Self.launchScreen(toolsVersion: "21701", background: "systemBackgroundColor")
        let nib = try Source.strictCompile(source, fileName: "LaunchScreen.storyboard")
        #expect(
            try Self.differences(
                nib.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"],
                from: "leeja328-Random-Photo__Base.lproj_LaunchScreen.storyboardc_01J-lp-oVM-view-Ze5-6b-2t3.nib")
                == [])
    }

    @Test("a key no launch-screen-like nib shows (a label) keeps the mark off")
    func labelKeepsMarkOff() throws {
        let source = Self.launchScreen(toolsVersion: "23727", background: "blackColor").replacingOccurrences(
            of: "<viewLayoutGuide key=\"safeArea\" id=\"6Tk-OE-BBY\"/>",
            with: """
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hello" lineBreakMode="tailTruncation" id="lbl-00-001">
                        <rect key="frame" x="16" y="20" width="100" height="21"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <nil key="textColor"/>
                        <nil key="highlightedColor"/>
                    </label>
                </subviews>
                <viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>
                """)
        let nib = try Source.compile(source, fileName: "LaunchScreen.storyboard")
        let view = try Graph(NibArchive(parsing: try #require(nib.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"])))
        let controller = try Graph(NibArchive(parsing: try #require(nib.files["UIViewController-01J-lp-oVM.nib"])))
        #expect(view.value("IBUINibLNEVersionKey", of: view.root) == nil)
        #expect(controller.value("IBUINibLNEVersionKey", of: controller.root) != nil)
    }

    /// A font's descriptor: its options and its attributes' keys in order.
    static func descriptor(in graph: Graph, name: String, size: Double) throws -> (options: Int64?, keys: [String]) {
        let font = try #require(
            graph.all("UIFont").first { index in
                guard graph.text("UIFontName", of: index) == name,
                    case .float64(let pointSize)? = graph.value("UIFontPointSize", of: index)
                else { return false }
                return pointSize == size
            }, "no \(name) \(size)")
        let descriptor = try #require(graph.object("UIFontDescriptor", of: font))
        let attributes = try #require(graph.object("UIFontDescriptorAttributes", of: descriptor))
        let entries = graph.elements(of: attributes)
        let keys = stride(from: 0, to: entries.count, by: 2).compactMap { graph.string(entries[$0]) }
        var options: Int64?
        switch graph.value("UIFontDescriptorOptions", of: descriptor) {
        case .int8(let value)?: options = Int64(value)
        case .int16(let value)?: options = Int64(value)
        case .int32(let value)?: options = Int64(value)
        case .int64(let value)?: options = value
        default: options = nil
        }
        return (options, keys)
    }

    static func compiledLabels(xcode: Double, fonts: [String], customFonts: [String]) throws -> Graph {
        let labels = fonts.enumerated().map { index, font in
            """
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Text" lineBreakMode="tailTruncation" id="lbl-00-\(index)">
                <rect key="frame" x="0.0" y="\(index * 30)" width="100" height="21"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                \(font)
                <nil key="textColor"/>
                <nil key="highlightedColor"/>
            </label>
            """
        }
        let custom =
            customFonts.isEmpty
            ? ""
            : """
            <customFonts key="customFonts">
                <array key="\(customFonts[0]).ttf"><string>\(customFonts[0])</string></array>
            </customFonts>
            """
        let source = Source.iOSXib(
            """
            <view contentMode="scaleToFill" id="vie-00-001">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
            \(labels.joined(separator: "\n"))
                </subviews>
            </view>
            """
        ).replacingOccurrences(of: "<objects>", with: custom + "<objects>")
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        return try Source.graph(source, options: options)
    }

    @Test("Xcode 15 and later: descriptors in key order; options 0x80008404 system, 0x80000000 installed, 0 shipped")
    func fonts16() throws {
        let ours = try Self.compiledLabels(
            xcode: 16,
            fonts: [
                #"<fontDescription key="fontDescription" type="system" pointSize="17"/>"#,
                #"<fontDescription key="fontDescription" type="system" weight="semibold" pointSize="15"/>"#,
                #"<fontDescription key="fontDescription" name="Arial-BoldMT" family="Arial" pointSize="17"/>"#,
                #"<fontDescription key="fontDescription" name="Poppins-Regular" family="Poppins" pointSize="14"/>"#,
            ], customFonts: ["Poppins-Regular"])
        func apple(_ name: String) throws -> Graph { Graph(try NibArchive(parsing: try Corpus.nibBytes(named: name))) }
        let cell = try apple("kiralab-dmcc__FileMediaTableViewCell.nib")
        let statusLine = try apple(
            "kiralab-dmcc__Frameworks_SwiftMessages.framework_SwiftMessages.bundle_StatusLine.nib")
        let email = try apple("0senno-atmosphere__EmailViewController.nib")
        let login = try apple("0senno-atmosphere__Settings.storyboardc_75O-9C-nVX-view-A2q-Me-JNk.nib")
        let expected: [(Graph, String, Double)] = [
            (cell, ".SFUI-Regular", 17), (statusLine, ".SFUI-Semibold", 12), (email, "Arial-BoldMT", 17),
            (login, "Poppins-Regular", 14),
        ]
        let ourFonts: [(String, Double)] = [
            (".SFUI-Regular", 17), (".SFUI-Semibold", 15), ("Arial-BoldMT", 17), ("Poppins-Regular", 14),
        ]
        for ((apple, name, size), (ourName, ourSize)) in zip(expected, ourFonts) {
            let theirs = try Self.descriptor(in: apple, name: name, size: size)
            let mine = try Self.descriptor(in: ours, name: ourName, size: ourSize)
            #expect(mine.options == theirs.options, "\(name)")
            #expect(mine.keys == theirs.keys, "\(name)")
        }
    }

    @Test("Xcode 14: the size first; system fonts 0x80008006, shipped fonts 0 (man12nam)")
    func fonts14() throws {
        let ours = try Self.compiledLabels(
            xcode: 14,
            fonts: [
                #"<fontDescription key="fontDescription" type="system" pointSize="18"/>"#,
                #"<fontDescription key="fontDescription" name="MONSTERTRUCK" family="Monster Truck" pointSize="30"/>"#,
            ], customFonts: ["MONSTERTRUCK"])
        let apple = try Graph(
            NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "man12nam-ios-63__Base.lproj_Main.storyboardc_BYZ-38-t0r-view-8bC-Xf-vdC.nib")))
        for (name, size) in [(".SFUI-Regular", 18.0), ("MONSTERTRUCK", 30)] {
            let theirs = try Self.descriptor(in: apple, name: name, size: size)
            let mine = try Self.descriptor(in: ours, name: name, size: size)
            #expect(mine.options == theirs.options, "\(name)")
            #expect(mine.keys == theirs.keys, "\(name)")
        }
    }

    @Test("Xcode 15 and later: table view cells keep two of the iOS 14 SDK's slots (0senno, kiralab)")
    func cellSlots() throws {
        let source = Source.iOSXib(
            """
            <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" reuseIdentifier="Cell" id="cel-00-001">
                <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                <autoresizingMask key="autoresizingMask"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cel-00-001" id="con-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                </tableViewCellContentView>
            </tableViewCell>
            """)
        let slots: Set<String> = [
            "UISystemBackgroundView", "UIContentConfigurationIdentifier", "UIContentConfigurationView",
        ]
        func cellSlots(_ graph: Graph) throws -> Set<String> {
            let cell = try #require(graph.nodes.indices.first { graph.value("UIContentView", of: $0) != nil })
            return Set(graph.nodes[cell].values.map(\.key)).intersection(slots)
        }
        for apple in ["0senno-atmosphere__LeaderTableViewCell.nib", "kiralab-dmcc__FileMediaTableViewCell.nib"] {
            let expected = try cellSlots(Graph(try NibArchive(parsing: try Corpus.nibBytes(named: apple))))
            for xcode in [15.0, 16] {
                var options = NibCompiler.Options()
                options.xcode = XcodeEra(xcode)
                #expect(
                    try cellSlots(try Source.graph(source, options: options)) == expected, "\(apple), Xcode \(xcode)")
            }
        }
    }

    @Test("Xcode 15 and later: a table with a header view archives no content size (ikyih, 0senno)")
    func tableHeaderContentSize() throws {
        let source = Source.iOSXib(
            """
            <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="tbl-00-001">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
                <view key="tableHeaderView" contentMode="scaleToFill" id="hdr-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="120"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                </view>
            </tableView>
            """)
        func hasContentSize(_ graph: Graph) throws -> Bool {
            let table = try #require(graph.nodes.indices.first { graph.value("UIRowHeight", of: $0) != nil })
            return graph.value("UIContentSize", of: table) != nil
        }
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "ikyih-seed__Base.lproj_Main.storyboardc_9lc-VT-fau-view-I85-sL-vSJ.nib")))
        #expect(
            apple.value(
                "UITableHeaderView",
                of: try #require(apple.nodes.indices.first { apple.value("UIRowHeight", of: $0) != nil })) != nil)
        for xcode in [15.0, 16] {
            var options = NibCompiler.Options()
            options.xcode = XcodeEra(xcode)
            #expect(try hasContentSize(try Source.graph(source, options: options)) == hasContentSize(apple))
        }
        var thirteen = NibCompiler.Options()
        thirteen.xcode = XcodeEra(13)
        #expect(try hasContentSize(try Source.graph(source, options: thirteen)))
    }

    @Test("Xcode 16: text views end with the iOS 18 SDK's two keys, as eagle-eyexk's")
    func textHighlightKeys() throws {
        let source = Source.iOSXib(
            """
            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" editable="NO" selectable="NO" text="Text" translatesAutoresizingMaskIntoConstraints="NO" id="txv-00-001">
                <rect key="frame" x="0.0" y="0.0" width="240" height="128"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
            </textView>
            """)
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named:
                        "eagle-eyexk-tiligo-webapp__Firebase_FirebaseInAppMessaging_iOS.bundle_FIRInAppMessageDisplayStoryboard.storyboardc_oTF-1C-LZP-view-SM1-hn-m3n.nib"
                )))
        func tail(_ graph: Graph) throws -> [String] {
            let view = try #require(graph.nodes.indices.first { graph.value("UIEditable", of: $0) != nil })
            let keys = graph.nodes[view].values.map(\.key)
            let start = try #require(keys.firstIndex(of: "UITextAllowsNumberPadPopover"))
            return Array(keys[start...])
                + ButtonConfigurationTests.flatten(graph, view).filter {
                    $0.hasPrefix("UITextAllowsNumberPadPopover") || $0.hasPrefix("UITextHighlightAttributes")
                }
        }
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(16)
        #expect(try tail(try Source.graph(source, options: options)) == tail(apple))
        options.xcode = XcodeEra(15)
        let fifteen = try Source.graph(source, options: options)
        #expect(fifteen.nodes.allSatisfy { node in !node.values.contains { $0.key == "UITextHighlightAttributes" } })
    }

    @Test(
        "toolsVersion → Xcode as the wild corpus's manifest maps each build from 20000 on",
        arguments: [
            ("20037", 13.0), ("21219", 14), ("21701", 14), ("22113.3", 15), ("22505", 15), ("23077.2", 16),
            ("23727", 16), ("24093.7", 26), ("24765", 26), ("25094", 26),
        ])
    func toolsVersions(tools: String, xcode: Double) {
        #expect(XcodeEra(toolsVersion: tools).version == xcode)
    }

    @Test("the placeholder toolsVersion 32700.99.1234 is read from the plug-in's version (Xcode 15)")
    func placeholderToolsVersion() throws {
        let source = Self.launchScreen(toolsVersion: "32700.99.1234", background: "blackColor")
            .replacingOccurrences(of: #"version="32700.99.1234"/>"#, with: #"version="22685"/>"#)
        let document = try SourceDocument(parsing: Data(source.utf8), fileName: "LaunchScreen.storyboard")
        #expect(document.era == XcodeEra(15))
        let nib = try Source.strictCompile(source, fileName: "LaunchScreen.storyboard")
        #expect(nib.warnings.isEmpty)
    }

    @Test("a document of an Xcode after 16 compiles as 16, with the nearest-Xcode warning")
    func afterSixteen() throws {
        let source = Self.launchScreen(toolsVersion: "24506", background: "blackColor")
        let nib = try Source.compile(source, fileName: "LaunchScreen.storyboard")
        #expect(nib.warnings.contains { $0.kind == .nearestXcode && $0.message.contains("compiled as Xcode 16") })
        let view = try Graph(NibArchive(parsing: try #require(nib.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"])))
        #expect(view.value("IBUINibLNEVersionKey", of: view.root) != nil)
    }
}

/// Configured buttons (`<buttonConfiguration>`) against 0senno's (Xcode 16 era): the button's
/// `UIButtonConfiguration` subtree, value by value.
@Suite("Button configurations, against 0senno's compiled buttons", .corpus)
struct ButtonConfigurationTests {
    /// An object's values as text, references followed (`depth` levels).
    static func flatten(_ graph: Graph, _ index: Int, depth: Int = 4) -> [String] {
        graph.nodes[index].values.flatMap { key, payload -> [String] in
            if case .objectReference(let target) = payload {
                let node = graph.nodes[Int(target)]
                if let text = graph.string(Int(target)) { return ["\(key) = \(node.className) \"\(text)\""] }
                guard depth > 0 else { return ["\(key) = \(node.className)"] }
                return ["\(key) = \(node.className)"]
                    + flatten(graph, Int(target), depth: depth - 1).map { "\(key).\($0)" }
            }
            return ["\(key) = \(payload)"]
        }
    }

    static func configuration(_ graph: Graph, imageName: String) throws -> [String] {
        let button = try #require(
            graph.all("UIButton").first { index in
                guard let configuration = graph.object("UIButtonConfiguration", of: index),
                    let image = graph.object("UIButtonConfigurationImage", of: configuration)
                else { return false }
                return graph.text("UIResourceName", of: image) == imageName
            }, "no configured button with image \(imageName)")
        return flatten(graph, try #require(graph.object("UIButtonConfiguration", of: button)))
    }

    static func expectSame(
        _ ours: Graph, _ apple: Graph, imageName: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let mine = try configuration(ours, imageName: imageName)
        let theirs = try configuration(apple, imageName: imageName)
        #expect(
            mine == theirs,
            "ours only: \(mine.filter { !theirs.contains($0) }); Apple's only: \(theirs.filter { !mine.contains($0) })",
            sourceLocation: sourceLocation)
    }

    static func compiled(_ button: String, customFonts: String = "") throws -> Graph {
        let source = Source.iOSXib(
            """
            <view contentMode="scaleToFill" id="vie-00-001">
                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
            \(button)
                </subviews>
            </view>
            """,
            resources: """
                <image name="FlagIcon" width="20" height="20"/>
                <image name="backIcon" width="24" height="24"/>
                <systemColor name="whiteColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
                <systemColor name="blackColor">
                    <color white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
                """
        ).replacingOccurrences(of: "<objects>", with: customFonts + "<objects>")
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(16)
        return try Source.graph(source, options: options)
    }

    @Test("filled, with base colors, a custom title font, content insets and a trailing image (Settings)")
    func filled() throws {
        // A storyboard rounds its colors' doubles to ten places (``XcodeEra/roundsColorDoubles``):
        // this xib gives the color as the storyboard archived it.
        let ours = try Self.compiled(
            """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="fill" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-00-001">
                <rect key="frame" x="17" y="321" width="361" height="58"/>
                <color key="tintColor" systemColor="blackColor"/>
                <buttonConfiguration key="configuration" style="filled" imagePlacement="trailing" title="Report This Player" cornerStyle="medium">
                    <imageReference key="image" image="FlagIcon"/>
                    <directionalEdgeInsets key="contentInsets" top="0.0" leading="23" bottom="0.0" trailing="28"/>
                    <fontDescription key="titleFontDescription" name="Poppins-Bold" family="Poppins" pointSize="16"/>
                    <color key="baseForegroundColor" systemColor="whiteColor"/>
                    <color key="baseBackgroundColor" red="0.1568627451" green="0.1568627451" blue="0.1568627451" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </buttonConfiguration>
            </button>
            """,
            customFonts: """
                <customFonts key="customFonts">
                    <array key="Poppins-Bold.ttf"><string>Poppins-Bold</string></array>
                </customFonts>
                """)
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "0senno-atmosphere__Settings.storyboardc_BwS-18-f0U-view-vwo-31-h2G.nib")))
        try Self.expectSame(ours, apple, imageName: "FlagIcon")
    }

    @Test("plain, an image alone (EmailViewController's back button)")
    func plainImage() throws {
        let ours = try Self.compiled(
            """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-00-002">
                <rect key="frame" x="0.0" y="0.0" width="44" height="44"/>
                <buttonConfiguration key="configuration" style="plain" image="backIcon"/>
            </button>
            """)
        let apple = Graph(
            try NibArchive(parsing: try Corpus.nibBytes(named: "0senno-atmosphere__EmailViewController.nib")))
        try Self.expectSame(ours, apple, imageName: "backIcon")
    }
}

/// A button state's SF Symbol with a point-size configuration, against Umarovm Whats-Cooking's
/// pause button (Xcode 12): the state's content, image and `UIImageSymbolConfiguration`.
@Suite("Symbol configurations in button states", .corpus)
struct ButtonSymbolConfigurationTests {
    @Test("scale large, weight bold, 100 points: Apple's content, value by value")
    func pointSizeConfiguration() throws {
        let source = Source.iOSXib(
            """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="btn-00-001">
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                <state key="normal" image="pause.circle.fill" catalog="system">
                    <preferredSymbolConfiguration key="preferredSymbolConfiguration" configurationType="pointSize" pointSize="100" scale="large" weight="bold"/>
                </state>
            </button>
            """,
            resources: #"<image name="pause.circle.fill" catalog="system" width="128" height="121"/>"#)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(12)
        let ours = try Source.graph(source, options: options)
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "Umarovm-Whats-Cooking__Main.storyboardc_bF5-Aq-edy-view-nSB-Nu-txQ.nib")))
        func content(_ graph: Graph) throws -> [String] {
            let index = try #require(
                graph.all("UIButtonContent").first { index in
                    guard let image = graph.object("UIImage", of: index) else { return false }
                    return graph.text("UIResourceName", of: image) == "pause.circle.fill"
                })
            return ButtonConfigurationTests.flatten(graph, index)
        }
        #expect(try content(ours) == content(apple))
    }

    /// duckduckgo Settings (Xcode 13.2): `<imageReference … symbolScale="large"/>` and a
    /// weight-only `<preferredSymbolConfiguration>` in a state.
    @Test("a symbol scale on the image reference, a weight alone on the configuration")
    func referenceAndWeight() throws {
        let source = Source.iOSXib(
            """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="8YG-7Q-Czd">
                <rect key="frame" x="0.0" y="0.0" width="100" height="44"/>
                <state key="normal" title="Settings">
                    <imageReference key="image" image="chevron.left" catalog="system" symbolScale="large"/>
                    <preferredSymbolConfiguration key="preferredSymbolConfiguration" weight="semibold"/>
                </state>
            </button>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13)
        let ours = try Source.graph(source, options: options)
        let path = try Corpus.directory().appendingPathComponent(
            "xib-pairs/ios-duckduckgo-iOS-Settings/Base.lproj/Settings.storyboardc/UITableViewController-Z3c-9H-Usp.nib/objects-14.0+.nib"
        )
        let apple = Graph(try NibArchive(parsing: [UInt8](try Data(contentsOf: path))))
        func content(_ graph: Graph) throws -> [String] {
            let index = try #require(
                graph.all("UIButtonContent").first { index in
                    guard let image = graph.object("UIImage", of: index) else { return false }
                    return graph.text("UIResourceName", of: image) == "chevron.left"
                })
            // The title is localizable in Apple's Base.lproj storyboard; the image and the
            // configurations are what this compares.
            return ButtonConfigurationTests.flatten(graph, index).filter { !$0.hasPrefix("UITitle") }
        }
        #expect(try content(ours) == content(apple))
    }
}

/// `clearsOnBeginEditing="YES"`, against Google61's SocialClub fields: `UIClearsOnBeginEditing`
/// true between the text color and the font size fitting.
@Suite("Text fields that clear on editing", .corpus)
struct TextFieldClearsOnBeginEditingTests {
    @Test("the flag, in Apple's place among the field's keys")
    func clearsOnBeginEditing() throws {
        let source = Source.iOSXib(
            """
            <textField opaque="NO" clipsSubviews="YES" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" placeholder="Password" clearsOnBeginEditing="YES" minimumFontSize="17" id="txt-00-001">
                <rect key="frame" x="20" y="20" width="280" height="31"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                <textInputTraits key="textInputTraits"/>
            </textField>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(8)
        let ours = try Source.graph(source, options: options)
        let apple = Graph(try NibArchive(parsing: try Corpus.nibBytes(named: "Google61-gta3sa.app__SocialClub.nib")))
        func keys(_ graph: Graph) throws -> [String] {
            let field = try #require(graph.nodes.indices.first { graph.value("UIClearsOnBeginEditing", of: $0) != nil })
            return graph.nodes[field].values.map(\.key).filter {
                ["UITextColor", "UIClearsOnBeginEditing", "UIAdjustsFontSizeToFit", "UIMinimumFontSize"].contains($0)
            }
        }
        #expect(try keys(ours) == keys(apple))
    }
}
