import Foundation
import NibArchive
import NibCompiler
import Testing

@Suite("UIKit element rules")
struct UIKitRuleTests {
    static let frame = #"<rect key="frame" x="10" y="20" width="100" height="50"/>"#

    /// Interface Builder's simulated metrics inside a view are design-time: a strict compile
    /// accepts them and the nib is the one without them (byte for byte).
    @Test("simulated metrics inside a view are dropped silently")
    func simulatedMetrics() throws {
        func source(_ extra: String) -> String {
            Source.iOSXib(
                """
                <view contentMode="scaleToFill" id="vie-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    \(extra)
                </view>
                """)
        }
        let with = try Source.strictCompile(
            source(
                """
                <simulatedStatusBarMetrics key="simulatedStatusBarMetrics"/>
                <simulatedScreenMetrics key="simulatedDestinationMetrics"/>
                <simulatedOrientationMetrics key="simulatedOrientationMetrics"/>
                """))
        let without = try Source.strictCompile(source(""))
        #expect(with.files[""] == without.files[""])
    }

    @Test("a view stores bounds at the origin and its center in the superview")
    func viewGeometry() throws {
        let graph = try Source.graph(Source.iOSXib(#"<view contentMode="scaleToFill" id="v1">\#(Self.frame)</view>"#))
        let view = try #require(graph.all("UIView").first)
        #expect(graph.value("UIBounds", of: view) == .bytes([7] + [0.0, 0, 100, 50].flatMap(Self.le)))
        #expect(graph.value("UICenter", of: view) == .bytes([7] + [60.0, 45].flatMap(Self.le)))
        #expect(graph.value("UIAutoresizingMask", of: view) == .int8(36))
        #expect(graph.value("UIContentMode", of: view) == nil)
        #expect(graph.topLevelClasses == ["UIProxyObject", "UIProxyObject", "UIView"])
    }

    static func le(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }

    @Test(
        "autoresizing mask bits",
        arguments: [
            (#"widthSizable="YES" heightSizable="YES""#, Int8(18)),
            (#"flexibleMaxX="YES" flexibleMaxY="YES""#, 36),
            (#"flexibleMinX="YES" flexibleMinY="YES""#, 9),
        ])
    func autoresizing(attributes: String, mask: Int8) throws {
        let source = Source.iOSXib(
            #"<view id="v1">\#(Self.frame)<autoresizingMask key="autoresizingMask" \#(attributes)/></view>"#)
        let graph = try Source.graph(source)
        #expect(graph.value("UIAutoresizingMask", of: try #require(graph.all("UIView").first)) == .int8(mask))
    }

    @Test("sRGB colors store float32 components and NSRGB text with 3 significant digits")
    func rgbColor() throws {
        let color =
            #"<color key="backgroundColor" red="0.25" green="0.5" blue="0.616" alpha="0.5" colorSpace="custom" customColorSpace="sRGB"/>"#
        let graph = try Source.graph(Source.iOSXib(#"<view id="v1">\#(Self.frame)\#(color)</view>"#))
        let object = try #require(graph.all("UIColor").first)
        #expect(graph.value("UIColorComponentCount", of: object) == .int8(4))
        #expect(graph.value("UIRed", of: object) == .float32(0.25))
        // Xcode 9 (the default of these tests) writes no double components: none of the
        // corpus's pre-iOS 13 SDK nibs has one; Xcode 11's do (see XcodeEra).
        #expect(graph.value("UIBlue-Double", of: object) == nil)
        #expect(graph.value("NSRGB", of: object) == .string("0.25 0.5 0.616 0.5"))
        #expect(graph.value("NSColorSpace", of: object) == .int8(2))
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(11)
        let modern = try Source.graph(Source.iOSXib(#"<view id="v1">\#(Self.frame)\#(color)</view>"#), options: options)
        let modernColor = try #require(modern.all("UIColor").first)
        #expect(modern.value("UIBlue-Double", of: modernColor) == .float64(0.616))
        #expect(modern.value("UIRed-Double", of: modernColor) == nil)
    }

    @Test("named system colors are grays with UISystemColorName")
    func systemColor() throws {
        let color = #"<color key="backgroundColor" cocoaTouchSystemColor="darkTextColor"/>"#
        let graph = try Source.graph(Source.iOSXib(#"<view id="v1">\#(Self.frame)\#(color)</view>"#))
        let object = try #require(graph.all("UIColor").first)
        #expect(graph.text("UISystemColorName", of: object) == "darkTextColor")
        #expect(graph.value("NSWhite", of: object) == .string("0"))
        #expect(graph.value("NSColorSpace", of: object) == .int8(4))
    }

    @Test("constraints: implied first item, ratio multipliers in float32 precision, symbolic spacing")
    func constraints() throws {
        let body = #"""
            <view id="v1">\#(Self.frame)
                <subviews><view id="v2"><rect key="frame" x="0" y="0" width="10" height="10"/></view></subviews>
                <constraints>
                    <constraint firstItem="v2" firstAttribute="centerY" secondItem="v1" secondAttribute="bottom" multiplier="1/3" constant="1" id="c1"/>
                    <constraint firstAttribute="bottom" secondItem="v2" secondAttribute="bottom" constant="20" priority="750" id="c2"/>
                    <constraint firstItem="v2" firstAttribute="leading" secondItem="v1" secondAttribute="leading" constant="20" symbolic="YES" id="c3"/>
                    <constraint firstItem="v2" firstAttribute="width" relation="lessThanOrEqual" constant="5" id="c4"/>
                </constraints>
            </view>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let constraints = graph.all("NSLayoutConstraint")
        #expect(constraints.count == 4)
        let byFirstAttribute = Dictionary(
            uniqueKeysWithValues: constraints.compactMap { index in
                graph.value("NSFirstAttribute", of: index)?.integerValue.map { ($0, index) }
            })
        let ratio = try #require(byFirstAttribute[10])
        #expect(graph.value("NSMultiplier", of: ratio) == .float64(Double(Float(1.0 / 3.0))))
        #expect(graph.value("NSConstant", of: ratio) == .float64(1))
        let implied = try #require(byFirstAttribute[4])
        #expect(graph.className("NSFirstItem", of: implied) == "UIView")
        #expect(graph.value("NSPriority", of: implied) == .int16(750))
        let symbolic = try #require(byFirstAttribute[5])
        #expect(graph.text("NSSymbolicConstant", of: symbolic) == "NSSpace")
        #expect(graph.value("NSConstant", of: symbolic) == nil)
        let lessThan = try #require(byFirstAttribute[7])
        #expect(graph.value("NSRelation", of: lessThan) == .int64(-1))
        #expect(graph.value("NSSecondItem", of: lessThan) == nil)
    }

    @Test("labels: localizable text under Base.lproj, plain text elsewhere")
    func labelText() throws {
        let source = #"""
            <label opaque="NO" text="Hello" textAlignment="center" minimumFontSize="9" id="L1">\#(Self.frame)
                <fontDescription key="fontDescription" type="system" pointSize="18"/>
            </label>
            """#
        let localized = try Source.graph(Source.iOSXib(source), baseLocalized: true)
        let localizedLabel = try #require(localized.all("UILabel").first)
        let text = try #require(localized.object("UIText", of: localizedLabel))
        #expect(localized.nodes[text].className == "NSLocalizableString")
        #expect(localized.text("NSKey", of: text) == "L1.text")
        let plain = try Source.graph(Source.iOSXib(source))
        let label2 = try #require(plain.all("UILabel").first)
        #expect(plain.className("UIText", of: label2) == "NSString")
        #expect(plain.value("UIMinimumScaleFactor", of: label2) == .float32(0.5))
        #expect(plain.value("UITextAlignment", of: label2) == .int8(1))
        let font = try #require(plain.all("UIFont").first)
        #expect(plain.text("UIFontName", of: font) == ".SFUIText")
    }

    @Test("image views refer to a placeholder sized from <resources>")
    func imageView() throws {
        let body = #"<imageView image="Logo" id="i1">\#(Self.frame)</imageView>"#
        let graph = try Source.graph(Source.iOSXib(body, resources: #"<image name="Logo" width="32" height="16"/>"#))
        let image = try #require(graph.all("UIImageNibPlaceholder").first)
        #expect(graph.value("UIImageWidth", of: image) == .float32(32))
        #expect(graph.text("UIResourceName", of: image) == "Logo")
    }

    @Test("outlets and actions become runtime connections with event masks")
    func connections() throws {
        let body = #"""
            <view id="v1">\#(Self.frame)
                <connections><outlet property="view" destination="v1" id="o1"/></connections>
            </view>
            """#
        let source = Source.iOSXib(body).replacingOccurrences(
            of: #"userLabel="File's Owner"/>"#,
            with:
                #"userLabel="File's Owner"><connections><outlet property="view" destination="v1" id="o2"/></connections></placeholder>"#
        )
        let graph = try Source.graph(source)
        #expect(graph.all("UIRuntimeOutletConnection").count == 2)
    }

    @Test("custom classes become UIClassSwapper with the original class")
    func classSwapper() throws {
        let graph = try Source.graph(Source.iOSXib(#"<view id="v1" customClass="MyView">\#(Self.frame)</view>"#))
        let swapper = try #require(graph.all("UIClassSwapper").first)
        #expect(graph.text("UIClassName", of: swapper) == "MyView")
        #expect(graph.text("UIOriginalClassName", of: swapper) == "UIView")
    }
}

@Suite("Xcode eras")
struct XcodeEraTests {
    @Test(
        "the era comes from the document's tools version",
        arguments: [
            ("4451", 5.0), ("6214", 6.1), ("7702", 6.3), ("10117", 7.3), ("11762", 8.0), ("14113", 9.0),
            ("16096", 11.0),
            ("20037", 13.0),
        ])
    func fromToolsVersion(tools: String, xcode: Double) {
        #expect(XcodeEra(toolsVersion: tools) == XcodeEra(xcode))
    }

    @Test(
        "system font names follow the SDK",
        arguments: [
            (6.1, 17.0, false, ".HelveticaNeueInterface-Regular"), (7.0, 17, false, ".SFUIText-Regular"),
            (9.0, 17, false, ".SFUIText"), (9.0, 36, true, ".SFUIDisplay-Bold"),
        ])
    func fontNames(xcode: Double, size: Double, bold: Bool, name: String) {
        #expect(XcodeEra(xcode).systemFontName(size: size, bold: bold) == name)
    }

    @Test("an older ibtool writes no semantic content attribute and no deep-draw flag")
    func olderKeys() throws {
        let source = Source.iOSXib(#"<view id="v1"><rect key="frame" x="0" y="0" width="1" height="1"/></view>"#)
            .replacingOccurrences(of: #"toolsVersion="14113""#, with: #"toolsVersion="6214""#)
        let graph = try Source.graph(source)
        let view = try #require(graph.all("UIView").first)
        #expect(graph.value("UIViewSemanticContentAttribute", of: view) == nil)
        #expect(graph.value("UIDeepDrawRect", of: view) == nil)
    }
}

@Suite("UIKit buttons and generated constraints")
struct ButtonRuleTests {
    static let frame = #"<rect key="frame" x="10" y="20" width="100" height="30"/>"#

    @Test("per-state content keyed by state number; empty states dropped; system 15 font by default")
    func statefulContent() throws {
        let body = #"""
            <button opaque="NO" buttonType="roundedRect" lineBreakMode="middleTruncation" id="b1">\#(Self.frame)
                <state key="normal" title="Go"><color key="titleColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></state>
                <state key="highlighted"/>
            </button>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let button = try #require(graph.all("UIButton").first)
        #expect(graph.value("UIButtonType", of: button) == .int8(1))
        let contents = graph.elements(of: graph.object("UIButtonStatefulContent", of: button) ?? -1)
        #expect(contents.count == 2)
        #expect(graph.value("NS.intval", of: contents[0]) == .int8(0))
        #expect(graph.text("UITitle", of: contents[1]) == "Go")
        let font = try #require(graph.object("UIFont", of: button))
        #expect(graph.value("UIFontPointSize", of: font) == .float64(15))
    }

    @Test("before Xcode 8, fixed-frame views get four prototyping constraints")
    func prototypingConstraints() throws {
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="320" height="568"/>
                <subviews>
                    <button buttonType="roundedRect" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="b1">\#(Self.frame)</button>
                </subviews>
            </view>
            """#
        let old = try Source.graph(
            Source.iOSXib(body).replacingOccurrences(of: #"toolsVersion="14113""#, with: #"toolsVersion="6211""#))
        let prototyping = old.all("NSIBPrototypingLayoutConstraint")
        #expect(prototyping.count == 4)
        #expect(
            prototyping.allSatisfy {
                old.text("NSLayoutIdentifier", of: $0) == "IB auto generated at build time for view with fixed frame"
            })
        let modern = try Source.graph(Source.iOSXib(body))
        #expect(modern.all("NSIBPrototypingLayoutConstraint").isEmpty)
        #expect(
            modern.value(
                "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", of: try #require(modern.all("UIButton").first))
                == nil)
    }
}

@Suite("Constraints for ambiguous views")
struct AmbiguityConstraintTests {
    @Test("before Xcode 8, a view IB marked ambiguous is pinned by optional prototyping constraints")
    func ambiguousView() throws {
        // appodeal-Main: left, top, width, height at priority 251, "…with ambiguity".
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="600" height="600"/>
                <subviews>
                    <button buttonType="roundedRect" ambiguous="YES" misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="b1">
                        <rect key="frame" x="253" y="142" width="95" height="30"/>
                    </button>
                    <button buttonType="roundedRect" translatesAutoresizingMaskIntoConstraints="NO" id="b2">
                        <rect key="frame" x="263" y="104" width="74" height="30"/>
                    </button>
                </subviews>
            </view>
            """#
        let graph = try Source.graph(
            Source.iOSXib(body).replacingOccurrences(of: #"toolsVersion="14113""#, with: #"toolsVersion="9532""#))
        let pinned = graph.all("NSIBPrototypingLayoutConstraint")
        #expect(pinned.count == 4)
        #expect(pinned.allSatisfy { graph.value("NSPriority", of: $0) == .int16(251) })
        #expect(
            pinned.allSatisfy {
                graph.text("NSLayoutIdentifier", of: $0) == "IB auto generated at build time for view with ambiguity"
            })
        #expect(pinned.compactMap { graph.value("NSConstant", of: $0) }.count == 4)
    }
}

@Suite("Storyboard upstream placeholders")
struct UpstreamPlaceholderTests {
    @Test("the controller seen from its view nib is an upstream placeholder the scene nib maps back")
    func upstream() throws {
        let source = StoryboardTests.storyboard.replacingOccurrences(
            of: #"<autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>"#,
            with: #"""
                <subviews>
                    <button buttonType="roundedRect" id="b1"><rect key="frame" x="0" y="0" width="10" height="10"/>
                        <connections><action selector="tap:" destination="BYZ-38-t0r" eventType="touchUpInside" id="a1"/></connections>
                    </button>
                </subviews>
                """#)
        let output = try Source.compiler().compile(Data(source.utf8), fileName: "Main.storyboard")
        let view = Graph(try NibArchive(parsing: output.files["BYZ-38-t0r-view-8bC-Xf-vdC.nib"] ?? []))
        let event = try #require(view.all("UIRuntimeEventConnection").first)
        #expect(view.value("UIEventMask", of: event) == .int8(64))
        let destination = try #require(view.object("UIDestination", of: event))
        let name = try #require(view.text("UIProxiedObjectIdentifier", of: destination))
        #expect(name.hasPrefix("UpstreamPlaceholder-"))
        let scene = Graph(try NibArchive(parsing: output.files["UIViewController-BYZ-38-t0r.nib"] ?? []))
        let controller = try #require(scene.all("UIClassSwapper").first)
        let table = scene.elements(of: scene.object("UIExternalObjectsTableForViewLoading", of: controller) ?? -1)
        #expect(table.count == 2)
        #expect(scene.string(table[0]) == name)
        #expect(table[1] == controller)
    }
}

@Suite("User-defined runtime attributes")
struct RuntimeAttributeTests {
    @Test("each attribute becomes a UINibKeyValuePair in the root's list")
    func keyValuePairs() throws {
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="accessibilityIdentifier" value="Main"/>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><integer key="value" value="8"/></userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </view>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let pairs = graph.elements(of: graph.object("UINibKeyValuePairsKey", of: graph.root) ?? -1)
        #expect(pairs.count == 2)
        #expect(graph.text("UIKeyPath", of: pairs[0]) == "accessibilityIdentifier")
        #expect(graph.text("UIValue", of: pairs[0]) == "Main")
        let number = try #require(graph.object("UIValue", of: pairs[1]))
        #expect(graph.value("NS.intval", of: number) == .int8(8))
        #expect(graph.className("UIObject", of: pairs[1]) == "UIView")
    }
}

@Suite("UIKit text views and text fields")
struct TextViewRuleTests {
    /// An Xcode 6.1 document (the era the text view pairs were built in).
    static func xcode6(_ body: String) -> String {
        Source.iOSXib(body).replacingOccurrences(of: #"toolsVersion="14113""#, with: #"toolsVersion="6211""#)
    }

    @Test("an empty text view archives its width and one 14 pt line as content size, zoom bounce and alignment")
    func emptyTextView() throws {
        // Expected values from the mobilewits Files and SQLite pairs (320 and 303 wide, both 33 high).
        let body = #"""
            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" id="t1" text="">
                <rect key="frame" x="8" y="302" width="303" height="246"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
            </textView>
            """#
        let graph = try Source.graph(Self.xcode6(body))
        let view = try #require(graph.all("UITextView").first)
        #expect(graph.value("UIContentSize", of: view) == .bytes([7] + [303.0, 33].flatMap(UIKitRuleTests.le)))
        #expect(graph.value("UIBouncesZoom", of: view) == .bool(true))
        #expect(graph.value("UITextAlignment", of: view) == .int8(0))
        #expect(graph.value("UIText", of: view) == nil)
        #expect(graph.value("UIAutocapitalizationType", of: view) == nil)
        let font = try #require(graph.object("UIFont", of: view))
        #expect(graph.text("UIFontName", of: font) == ".HelveticaNeueInterface-Regular")
    }

    /// Sylladise's text view (pogoros Sylladise1.3, built by Xcode 7).
    static let sylladiseTextView = #"""
        <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" id="909" text="Sylladise" textAlignment="center" editable="NO" selectable="NO">
            <rect key="frame" x="0.0" y="108" width="375" height="111"/>
            <color key="backgroundColor" colorSpace="calibratedRGB" red="1" green="0.4" blue="0.4" alpha="1"/>
            <fontDescription key="fontDescription" name="Optima-Bold" family="Optima" pointSize="75"/>
            <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
            <color key="textColor" colorSpace="calibratedRGB" red="1" green="1" blue="1" alpha="1"/>
        </textView>
        """#

    @Test("a text view with text: plain and attributed text, color, switches; the one-line size is a warning")
    func textViewWithText() throws {
        // Apple's UITextView (Sylladise1.3, BYZ-38-t0r-view-8bC-Xf-vdC.nib #109): UIContentSize
        // {375, 108}, UIText "Sylladise", UIAttributedText {NSString: the same string,
        // NSAttributes: NSColor → the text color, NSParagraphStyle → NSMutableParagraphStyle
        // {NSAlignment 2, NSTabStops nil}, NSFont → the same UIFont}, UITextColor, UITextAlignment 1,
        // UIEditable false, UISelectable false.
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(7)
        let output = try Source.compiler(options).compile(
            Data(Source.iOSXib(Self.sylladiseTextView).utf8), fileName: "Test.xib")
        #expect(output.warnings.map(\.kind) == [.textLayout])
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let view = try #require(graph.all("UITextView").first)
        #expect(graph.value("UIContentSize", of: view) == .bytes([7] + [375.0, 108].flatMap(UIKitRuleTests.le)))
        #expect(graph.text("UIText", of: view) == "Sylladise")
        #expect(graph.value("UITextAlignment", of: view) == .int8(1))
        #expect(graph.value("UIEditable", of: view) == .bool(false))
        #expect(graph.value("UISelectable", of: view) == .bool(false))
        let attributed = try #require(graph.object("UIAttributedText", of: view))
        #expect(graph.nodes[attributed].className == "NSAttributedString")
        #expect(graph.object("NSString", of: attributed) == graph.object("UIText", of: view))
        let pairs = graph.elements(of: graph.object("NSAttributes", of: attributed) ?? -1)
        #expect(pairs.count == 6)
        var attributes: [String: Int] = [:]
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            if let key = graph.string(pairs[index]) { attributes[key] = pairs[index + 1] }
        }
        #expect(attributes["NSColor"] == graph.object("UITextColor", of: view))
        #expect(attributes["NSFont"] == graph.object("UIFont", of: view))
        let style = try #require(attributes["NSParagraphStyle"])
        #expect(graph.nodes[style].className == "NSMutableParagraphStyle")
        #expect(graph.value("NSAlignment", of: style) == .int8(2))
        #expect(graph.value("NSTabStops", of: style) == .nil)
        Source.expectApproximation(
            Source.iOSXib(Self.sylladiseTextView), .textLayout, mentioning: "one line of Optima-Bold 75",
            options: options)
    }

    @Test("an empty text view in a font no pair shows gets an estimated line, with a warning")
    func textViewUnknownFont() throws {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(7)
        let body = #"""
            <textView id="t1" text=""><rect key="frame" x="0" y="0" width="100" height="100"/>
                <fontDescription key="fontDescription" type="system" pointSize="20"/>
            </textView>
            """#
        Source.expectApproximation(Source.iOSXib(body), .textLayout, mentioning: "system 20", options: options)
    }

    @Test("rounded-rect text fields get no height prototyping constraint; an empty text is not archived")
    func roundedRectTextField() throws {
        // The mobilewits SQLite and pogoros pairs: left, top and width only for these fields.
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="320" height="568"/>
                <subviews>
                    <textField contentHorizontalAlignment="left" contentVerticalAlignment="center" text="" borderStyle="roundedRect" minimumFontSize="17" id="f1" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO">
                        <rect key="frame" x="33" y="84" width="152" height="30"/>
                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                    </textField>
                </subviews>
            </view>
            """#
        let graph = try Source.graph(Self.xcode6(body))
        let attributes = graph.all("NSIBPrototypingLayoutConstraint").compactMap {
            graph.value("NSFirstAttribute", of: $0)?.integerValue
        }
        #expect(attributes.sorted() == [1, 3, 7])
        #expect(graph.value("UIText", of: try #require(graph.all("UITextField").first)) == nil)
    }
}

@Suite("UIKit cells, tables and shared colors")
struct CellAndColorRuleTests {
    /// An Xcode 5 document (toolsVersion 4451, as the mobilewits pairs), built by Xcode 6.
    static func xcode5(_ body: String) -> String {
        Source.iOSXib(body).replacingOccurrences(of: #"toolsVersion="14113""#, with: #"toolsVersion="4451""#)
    }

    @Test("a cell placed in a view is archived in place, with the default mask and margins flag")
    func cellInView() throws {
        // From the mobilewits cell-accessory pair: mask 36 although the source's mask is empty,
        // UIViewPreservesSuperviewMargins on the cell only, the separator generated at x = 15.
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="320" height="568"/>
                <subviews>
                    <tableViewCell contentMode="scaleToFill" selectionStyle="blue" hidesAccessoryWhenEditing="NO" indentationLevel="1" indentationWidth="0.0" id="c1" translatesAutoresizingMaskIntoConstraints="NO">
                        <rect key="frame" x="0.0" y="39" width="320" height="44"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="c1" id="c2">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="43.5"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <color key="backgroundColor" white="0.0" alpha="0.0" colorSpace="calibratedWhite"/>
                        </view>
                    </tableViewCell>
                </subviews>
            </view>
            """#
        let graph = try Source.graph(Self.xcode5(body))
        let cell = try #require(graph.all("UITableViewCell").first)
        #expect(graph.value("UIAutoresizingMask", of: cell) == .int8(36))
        #expect(graph.value("UICenter", of: cell) == .bytes([7] + [160.0, 61].flatMap(UIKitRuleTests.le)))
        #expect(graph.value("UIViewPreservesSuperviewMargins", of: cell) == .bool(true))
        #expect(graph.value("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", of: cell) == .bool(true))
        let content = try #require(graph.all("UITableViewCellContentView").first)
        #expect(graph.value("UIViewPreservesSuperviewMargins", of: content) == nil)
        // An Xcode 5 content view takes the cell's bounds (44, not the source's 43.5) and drops
        // its clear background (mobilewits row-selection pair).
        #expect(graph.value("UIBackgroundColor", of: content) == nil)
        #expect(graph.value("UIBounds", of: content) == .bytes([7] + [0.0, 0, 320, 44].flatMap(UIKitRuleTests.le)))
        let separator = try #require(graph.all("_UITableViewCellSeparatorView").first)
        #expect(graph.value("UIBounds", of: separator) == .bytes([7] + [0.0, 0, 305, 1].flatMap(UIKitRuleTests.le)))
    }

    @Test("a view's white background after a table's white one archives as tableBackgroundColor")
    func sharedColors() throws {
        // From the mobilewits row-selection pair: both backgrounds are one object in Apple's nib.
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="320" height="568"/>
                <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="calibratedWhite"/>
                <subviews>
                    <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" rowHeight="44" sectionHeaderHeight="22" sectionFooterHeight="22" id="t1">
                        <rect key="frame" x="0.0" y="20" width="320" height="548"/>
                        <color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
                    </tableView>
                </subviews>
            </view>
            """#
        let graph = try Source.graph(Self.xcode5(body))
        let view = try #require(graph.all("UIView").first)
        let table = try #require(graph.all("UITableView").first)
        let color = try #require(graph.object("UIBackgroundColor", of: table))
        #expect(graph.object("UIBackgroundColor", of: view) == color)
        #expect(graph.text("UISystemColorName", of: color) == "tableBackgroundColor")
        // No separatorStyle: the default single line, under both keys.
        #expect(graph.value("UISeparatorStyle", of: table) == .int8(1))
        #expect(graph.value("UISeparatorStyleIOS5AndLater", of: table) == .int8(1))
    }

    @Test("different source colors stay distinct even when their runtime values are equal")
    func distinctNamedColors() throws {
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <color key="backgroundColor" cocoaTouchSystemColor="tableCellGroupedBackgroundColor"/>
                <subviews>
                    <view id="v2"><rect key="frame" x="0" y="0" width="1" height="1"/>
                        <color key="backgroundColor" cocoaTouchSystemColor="tableBackgroundColor"/>
                    </view>
                </subviews>
            </view>
            """#
        let graph = try Source.graph(Self.xcode5(body))
        let names = graph.all("UIColor").compactMap { graph.text("UISystemColorName", of: $0) }
        #expect(Set(names) == ["tableCellGroupedBackgroundColor", "tableBackgroundColor"])
    }

    @Test("labels in Xcode 5 documents without a text color archive black; preferred width is float32")
    func xcode5Label() throws {
        let body = #"""
            <label opaque="NO" text="Label" lineBreakMode="tailTruncation" minimumFontSize="10" id="l1" preferredMaxLayoutWidth="42">
                <rect key="frame" x="76" y="15" width="42" height="21"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
            </label>
            """#
        let graph = try Source.graph(Self.xcode5(body))
        let label = try #require(graph.all("UILabel").first)
        let color = try #require(graph.object("UITextColor", of: label))
        #expect(graph.value("NSRGB", of: color) == .bytes(Array("0 0 0".utf8)))
        #expect(graph.value("UISystemColorName", of: color) == nil)
        #expect(graph.value("UIPreferredMaxLayoutWidth", of: label) == .float32(42))
        // In a newer document the default is darkTextColor.
        let modern = try Source.graph(Source.iOSXib(body))
        let modernLabel = try #require(modern.all("UILabel").first)
        let modernColor = try #require(modern.object("UITextColor", of: modernLabel))
        #expect(modern.text("UISystemColorName", of: modernColor) == "darkTextColor")
    }

    @Test("a top-level cell in a xib gets the cell background color and keeps its content view's frame")
    func topLevelCell() throws {
        // From the Aura pair (built by Xcode 7): tableCellBackgroundColor, the "set" flag, content 43 high.
        let body = #"""
            <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="c1" rowHeight="44">
                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="c1" id="c2">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="43"/>
                    <autoresizingMask key="autoresizingMask"/>
                </tableViewCellContentView>
            </tableViewCell>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let cell = try #require(graph.all("UITableViewCell").first)
        #expect(graph.value("UITableCellBackgroundColorSet", of: cell) == .bool(true))
        let color = try #require(graph.object("UIBackgroundColor", of: cell))
        #expect(graph.text("UISystemColorName", of: color) == "tableCellBackgroundColor")
        #expect(graph.value("UISelectionStyle", of: cell) == nil)
        let content = try #require(graph.all("UITableViewCellContentView").first)
        #expect(graph.value("UIBounds", of: content) == .bytes([7] + [0.0, 0, 320, 43].flatMap(UIKitRuleTests.le)))
    }

    @Test("an empty image name archives no image")
    func emptyImageName() throws {
        let body = #"<imageView id="i1" image=""><rect key="frame" x="0" y="0" width="30" height="30"/></imageView>"#
        let graph = try Source.graph(Self.xcode5(body))
        #expect(graph.value("UIImage", of: try #require(graph.all("UIImageView").first)) == nil)
    }
}

@Suite("UIKit fonts, tags and images")
struct FontAndTagRuleTests {
    /// An Xcode 6.1 document.
    static func xcode6(_ body: String) -> String {
        Source.iOSXib(body).replacingOccurrences(of: #"toolsVersion="14113""#, with: #"toolsVersion="6211""#)
    }

    @Test("a named font names itself in its descriptor and is not a system font")
    func namedFont() throws {
        // canoelover: Helvetica 36 → descriptor {NSFontSizeAttribute: 36, NSFontNameAttribute: Helvetica}.
        let body = #"""
            <label text="Second View" id="l1"><rect key="frame" x="0" y="0" width="200" height="40"/>
                <fontDescription key="fontDescription" name="Helvetica" family="Helvetica" pointSize="36"/>
            </label>
            """#
        let graph = try Source.graph(Self.xcode6(body))
        let font = try #require(graph.all("UIFont").first)
        #expect(graph.text("UIFontName", of: font) == "Helvetica")
        #expect(graph.value("UISystemFont", of: font) == .bool(false))
        #expect(graph.value("UIFontTraits", of: font) == .int8(0))
        let attributes = graph.elements(
            of: graph.object("UIFontDescriptorAttributes", of: graph.object("UIFontDescriptor", of: font) ?? -1) ?? -1)
        #expect(attributes.compactMap(graph.string) == ["NSFontSizeAttribute", "NSFontNameAttribute", "Helvetica"])
        // Sylladise: Optima-Bold archives UIFontTraits 2 (bold); a font not in the table is refused.
        let optima = try Source.graph(Self.xcode6(body.replacingOccurrences(of: "Helvetica", with: "Optima-Bold")))
        #expect(optima.all("UIFont").first.flatMap { optima.value("UIFontTraits", of: $0) } == .int8(2))
        let unknown = body.replacingOccurrences(of: "Helvetica", with: "Futura-Medium")
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(Self.xcode6(unknown)) } }
    }

    @Test("tags other than 0 and button line breaks other than middle truncation are archived")
    func tagsAndLineBreaks() throws {
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="320" height="568"/>
                <subviews>
                    <button buttonType="roundedRect" lineBreakMode="tailTruncation" tag="5" id="b1"><rect key="frame" x="0" y="0" width="10" height="10"/></button>
                    <button buttonType="roundedRect" lineBreakMode="middleTruncation" tag="0" id="b2"><rect key="frame" x="0" y="0" width="10" height="10"/></button>
                </subviews>
            </view>
            """#
        let graph = try Source.graph(Self.xcode6(body))
        let buttons = graph.all("UIButton")
        #expect(buttons.map { graph.value("UITag", of: $0) } == [.int8(5), nil])
        #expect(buttons.map { graph.value("UILineBreakMode", of: $0) } == [.int8(4), nil])
    }

    @Test("a label's long text may be a <string key=\"text\"> child")
    func stringText() throws {
        let body = #"""
            <label id="l1"><rect key="frame" x="0" y="0" width="200" height="40"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                <string key="text">A long text.</string>
            </label>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        #expect(graph.text("UIText", of: try #require(graph.all("UILabel").first)) == "A long text.")
    }

    @Test("when ibtool could not find the images, placeholders record 1 × 1")
    func imagesUnavailable() throws {
        let body =
            #"<imageView id="i1" image="Images/ad.png"><rect key="frame" x="0" y="0" width="30" height="30"/></imageView>"#
        let source = Source.iOSXib(body, resources: #"<image name="Images/ad.png" width="550" height="385"/>"#)
            .replacingOccurrences(of: #"toolsVersion="14113""#, with: #"toolsVersion="6211""#)
        var options = NibCompiler.Options()
        let found = Graph(
            try NibArchive(
                parsing: Source.compiler(options).compile(Data(source.utf8), fileName: "A.xib").files[""] ?? []))
        options.imagesAvailable = false
        let missing = Graph(
            try NibArchive(
                parsing: Source.compiler(options).compile(Data(source.utf8), fileName: "A.xib").files[""] ?? []))
        #expect(found.all("UIImageNibPlaceholder").map { found.value("UIImageWidth", of: $0) } == [.float32(550)])
        #expect(missing.all("UIImageNibPlaceholder").map { missing.value("UIImageWidth", of: $0) } == [.float32(1)])
    }
}

@Suite("UIKit switches and secure fields")
struct SwitchRuleTests {
    @Test("a switch restores its frame through a key-value pair and gets position-only prototyping constraints")
    func switchFrame() throws {
        // ROMPiOS (Xcode 6): "frame" → NSValue rect "{{28, 462}, {51, 31}}"; left and top only.
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="320" height="568"/>
                <subviews>
                    <switch opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="s1">
                        <rect key="frame" x="28" y="462" width="51" height="31"/>
                    </switch>
                </subviews>
            </view>
            """#
        let graph = try Source.graph(FontAndTagRuleTests.xcode6(body))
        let control = try #require(graph.all("UISwitch").first)
        #expect(graph.value("UISwitchEnabled", of: control) == .bool(true))
        #expect(graph.text("UIViewContentHuggingPriority", of: control) == "{250, 250}")
        let pairs = graph.elements(of: graph.object("UINibKeyValuePairsKey", of: graph.root) ?? -1)
        #expect(pairs.count == 1)
        #expect(graph.text("UIKeyPath", of: pairs[0]) == "frame")
        let value = try #require(graph.object("UIValue", of: pairs[0]))
        #expect(graph.text("NS.rectval", of: value) == "{{28, 462}, {51, 31}}")
        #expect(graph.value("NS.special", of: value) == .int8(3))
        let attributes = graph.all("NSIBPrototypingLayoutConstraint").compactMap {
            graph.value("NSFirstAttribute", of: $0)?.integerValue
        }
        #expect(attributes.sorted() == [1, 3])
    }

    @Test("a secure text field turns autocorrection and spell checking off")
    func secureField() throws {
        let body = #"""
            <textField borderStyle="roundedRect" id="f1"><rect key="frame" x="0" y="0" width="97" height="30"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                <textInputTraits key="textInputTraits" secureTextEntry="YES"/>
            </textField>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let field = try #require(graph.all("UITextField").first)
        #expect(graph.value("UISecureTextEntry", of: field) == .bool(true))
        #expect(graph.value("UIAutocorrectionType", of: field) == .int8(1))
        #expect(graph.value("UISpellCheckingType", of: field) == .int8(1))
    }
}

@Suite("Color matching")
struct ColorMatchingTests {
    @Test("documents not saved color-matched keep calibrated RGB components, without doubles, even under Xcode 10")
    func unmatchedDocument() throws {
        // Carbook (Xcode 7.3 document, built by Xcode 10): 0.16078431372549018 → float32, "0.161 0.145 0.141".
        let color =
            #"<color key="backgroundColor" red="0.16078431372549018" green="0.14509803921568626" blue="0.14117647058823529" alpha="1" colorSpace="calibratedRGB"/>"#
        let body = #"<view id="v1"><rect key="frame" x="0" y="0" width="1" height="1"/>\#(color)</view>"#
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(10)
        let source = Source.iOSXib(body).replacingOccurrences(
            of: #"toolsVersion="14113""#, with: #"toolsVersion="10117""#)
        let archive = try NibArchive(
            parsing: Source.compiler(options).compile(Data(source.utf8), fileName: "A.xib").files[""] ?? [])
        let graph = Graph(archive)
        let object = try #require(graph.all("UIColor").first)
        #expect(graph.value("UIRed", of: object) == .float32(Float(0.16078431372549018)))
        #expect(graph.value("UIRed-Double", of: object) == nil)
        #expect(graph.value("NSRGB", of: object) == .bytes(Array("0.161 0.145 0.141".utf8)))
        // The same color in a color-matched document is converted by ColorSync: approximated
        // with a warning, or an error when only exact colors are wanted.
        let matched = source.replacingOccurrences(
            of: #"useAutolayout="YES""#, with: #"useAutolayout="YES" colorMatched="YES""#)
        let approximated = try Source.compiler(options).compile(Data(matched.utf8), fileName: "A.xib")
        #expect(approximated.warnings.count == 1)
        options.approximations = .refuse
        #expect(throws: CompileError.self) {
            try Source.compiler(options).compile(Data(matched.utf8), fileName: "A.xib")
        }
    }
    /// Compiles a view with `color` in a color-matched document as Xcode 8.
    static func compileMatched(_ color: String, exactOnly: Bool = false) throws -> (Graph, [CompileWarning]) {
        let body = #"<view id="v1"><rect key="frame" x="0" y="0" width="1" height="1"/>\#(color)</view>"#
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(8)
        if exactOnly { options.approximations = .refuse }
        let source = Source.iOSXib(body).replacingOccurrences(
            of: #"useAutolayout="YES""#, with: #"useAutolayout="YES" colorMatched="YES""#)
        let compiled = try Source.compiler(options).compile(Data(source.utf8), fileName: "A.xib")
        return (Graph(try NibArchive(parsing: compiled.files[""] ?? [])), compiled.warnings)
    }

    @Test("color-matched calibrated grays follow gamma 1.8 then the sRGB curve, exactly")
    func matchedCalibratedGray() throws {
        // allianad-8bbedf3d (Xcode 8): titleShadowColor white 0.5 calibratedWhite archives as
        // UIWhite float32 0.57230675, NSWhite "0.572", gray color space 4.
        func compile(_ color: String) throws -> Graph { try Self.compileMatched(color, exactOnly: true).0 }
        let graph = try compile(#"<color key="backgroundColor" white="0.5" alpha="1" colorSpace="calibratedWhite"/>"#)
        let gray = try #require(graph.all("UIColor").first)
        #expect(graph.value("UIWhite", of: gray) == .float32(0.572_306_75))
        #expect(graph.value("NSWhite", of: gray) == .bytes(Array("0.572".utf8)))
        #expect(graph.value("NSColorSpace", of: gray) == .int8(4))
        // The same document's calibrated cyan (0, 1, 1) archives as -0.17282835, 0.9914395,
        // 1.0007813, which NibKit reproduces only approximately: an error when exact colors
        // are asked for.
        #expect(throws: CompileError.self) {
            try compile(
                #"<color key="backgroundColor" red="0" green="1" blue="1" alpha="1" colorSpace="calibratedRGB"/>"#)
        }
    }

    /// Colors ColorSync converted in the pairs, with Apple's archived float32 components.
    static let convertedByApple: [(source: String, apple: [Float])] = [
        // allianad-8bbedf3d, -489d01fe (calibrated RGB, Xcode 8).
        (
            #"red="0" green="1" blue="1" alpha="1" colorSpace="calibratedRGB""#,
            [-0.172_828_35, 0.991_439_5, 1.000_781_3]
        ),
        (
            #"red="0.20392156862745098" green="0.74509803921568629" blue="0.996078431372549" alpha="1" colorSpace="calibratedRGB""#,
            [0.232_764_36, 0.792_803_6, 0.997_886_1]
        ),
        // Zebra ZBPackageTableViewCell (Xcode 10, the same plain-colorant path as Xcode 8): a
        // calibrated gray comes out tinted, the two profiles' whites differing (1.5e-5 off with
        // the colorants recovered from allianad alone).
        (
            #"red="0.25098039220000001" green="0.25098039220000001" blue="0.25098039220000001" alpha="1" colorSpace="calibratedRGB""#,
            [0.319_094, 0.319_102_23, 0.319_097_82]
        ),
        // Idrill7 (Display P3, Xcode 9).
        (
            #"red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="displayP3""#,
            [1.093_033_9, -0.226_670_06, -0.150_101_96]
        ),
        (
            #"red="1" green="0.97638088971008075" blue="0.96040377405670796" alpha="1" colorSpace="custom" customColorSpace="displayP3""#,
            [1.005_117_4, 0.975_438_2, 0.958_216_13]
        ),
        (
            #"red="0.91718763113021851" green="0.19854520261287689" blue="0.13727428019046783" alpha="1" colorSpace="custom" customColorSpace="displayP3""#,
            [0.999_693_6, -0.006_630_021_6, -0.003_124_648_2]
        ),
    ]

    @Test(
        "calibrated RGB and Display P3 are converted to within 2.5e-7 of Apple's components, with a warning",
        arguments: 0..<convertedByApple.count)
    func approximatedConversions(index: Int) throws {
        let (source, apple) = Self.convertedByApple[index]
        let (graph, warnings) = try Self.compileMatched(#"<color key="backgroundColor" \#(source)/>"#)
        let color = try #require(graph.all("UIColor").first)
        for (key, expected) in zip(["UIRed", "UIGreen", "UIBlue"], apple) {
            guard case .float32(let value) = graph.value(key, of: color) else {
                Issue.record("\(key) is not a float32")
                continue
            }
            // 2.4e-7 at worst (the red of (52, 190, 254)); not ColorSync's exact float32 digits.
            #expect(abs(value - expected) <= 2.5e-7, "\(key): \(value), Apple \(expected)")
            #expect(graph.value(key + "-Double", of: color) == nil)
        }
        #expect(graph.value("NSColorSpace", of: color) == .int8(2))
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.line == 6 && warning.column > 0 && warning.element?.contains("backgroundColor") == true)
        #expect(throws: CompileError.self) {
            try Self.compileMatched(#"<color key="backgroundColor" \#(source)/>"#, exactOnly: true)
        }
    }
}

@Suite("Margin constraints")
struct MarginConstraintTests {
    @Test("margin attributes keep their V2 codes; the legacy keys name the plain attribute with the margin folded in")
    func legacyMarginKeys() throws {
        // Byjuanamn: superview.trailingMargin = field.trailing → NSFirstAttribute 6, NSConstant 8;
        // label.leading = superview.leadingMargin → NSSecondAttribute 5, NSConstant 8.
        let body = #"""
            <view id="v1"><rect key="frame" x="0" y="0" width="320" height="568"/>
                <subviews><view id="v2"><rect key="frame" x="0" y="0" width="10" height="10"/></view></subviews>
                <constraints>
                    <constraint firstAttribute="trailingMargin" secondItem="v2" secondAttribute="trailing" id="c1"/>
                    <constraint firstItem="v2" firstAttribute="leading" secondItem="v1" secondAttribute="leadingMargin" id="c2"/>
                    <constraint firstItem="v2" firstAttribute="top" secondItem="v1" secondAttribute="topMargin" constant="4" id="c3"/>
                </constraints>
            </view>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let constraints = graph.all("NSLayoutConstraint")
        #expect(constraints.count == 3)
        let rows = constraints.map {
            [
                graph.value("NSFirstAttributeV2", of: $0), graph.value("NSFirstAttribute", of: $0),
                graph.value("NSSecondAttributeV2", of: $0), graph.value("NSSecondAttribute", of: $0),
                graph.value("NSConstantV2", of: $0), graph.value("NSConstant", of: $0),
            ]
        }
        #expect(rows[0] == [.int8(18), .int8(6), .int8(6), .int8(6), nil, .float64(8)])
        #expect(rows[1] == [.int8(5), .int8(5), .int8(17), .int8(5), nil, .float64(8)])
        #expect(rows[2] == [.int8(3), .int8(3), .int8(15), .int8(3), .float64(4), .float64(12)])
    }
}

@Suite("Label text colors by Xcode")
struct LabelTextColorTests {
    @Test("Xcode 7 archives a label's black RGB text color as darkTextColor; later Xcodes keep RGB black")
    func blackText() throws {
        let body = #"""
            <label text="Nombre" id="l1"><rect key="frame" x="0" y="0" width="60" height="21"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                <color key="textColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB"/>
            </label>
            """#
        func color(xcode: Double) throws -> (Graph, Int) {
            var options = NibCompiler.Options()
            options.xcode = XcodeEra(xcode)
            let source = Source.iOSXib(body).replacingOccurrences(
                of: #"toolsVersion="14113""#, with: #"toolsVersion="10117""#)
            let graph = Graph(
                try NibArchive(
                    parsing: Source.compiler(options).compile(Data(source.utf8), fileName: "A.xib").files[""] ?? []
                ))
            let label = try #require(graph.all("UILabel").first)
            return (graph, try #require(graph.object("UITextColor", of: label)))
        }
        let (seven, sevenColor) = try color(xcode: 7)
        #expect(seven.text("UISystemColorName", of: sevenColor) == "darkTextColor")
        let (ten, tenColor) = try color(xcode: 10)
        #expect(ten.text("UISystemColorName", of: tenColor) == nil)
        #expect(ten.value("NSRGB", of: tenColor) == .bytes(Array("0 0 0".utf8)))
    }
}

@Suite("Attributed text, text field backgrounds and content stretch")
struct AttributedTextTests {
    /// Idrill7-millasAmetros-Main's label zWl-x6-HHO (Xcode 9) without its Display P3 background.
    static let label = #"""
        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" usesAttributedText="YES" lineBreakMode="middleTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="l1">
            <rect key="frame" x="16" y="189" width="343" height="55"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            <color key="tintColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB"/>
            <attributedString key="attributedText">
                <fragment content="UNIDAD DE PARTIDA">
                    <attributes>
                        <color key="NSColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB"/>
                        <font key="NSFont" size="18" name="Copperplate"/>
                        <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="wordWrapping" baseWritingDirection="natural" tighteningFactorForTruncation="0.0"/>
                    </attributes>
                </fragment>
            </attributedString>
            <nil key="highlightedColor"/>
            <size key="shadowOffset" width="0.0" height="0.0"/>
        </label>
        """#

    @Test("a label's attributed text: UILabel's mutable string, its line break mode, NSShadow, shared font and color")
    func attributedLabel() throws {
        let graph = try Source.graph(Source.iOSXib(Self.label))
        let label = try #require(graph.all("UILabel").first)
        // Apple's output (#17 UILabel): UIText an NSMutableString shared with the attributed
        // string, UIFont and UITextColor the attributes' objects, no UIShadowOffset.
        let text = try #require(graph.object("UIText", of: label))
        #expect(graph.nodes[text].className == "NSMutableString")
        #expect(graph.string(text) == "UNIDAD DE PARTIDA")
        #expect(graph.value("UINumberOfLines", of: label) == .int8(0))
        #expect(graph.value("UILineBreakMode", of: label) == .int8(5))
        #expect(graph.value("UITextAlignment", of: label) == .int8(1))
        #expect(graph.value("UIShadowOffset", of: label) == nil)
        #expect(graph.value("UIBaselineAdjustment", of: label) == nil)
        #expect(graph.value("UIDisableUpdateTextColorOnTraitCollectionChange", of: label) == .bool(false))
        let string = try #require(graph.object("UIAttributedText", of: label))
        #expect(graph.nodes[string].className == "NSMutableAttributedString")
        #expect(graph.object("NSString", of: string) == text)
        let dictionary = try #require(graph.object("NSAttributes", of: string))
        let pairs = graph.elements(of: dictionary)
        var attributes: [String: Int] = [:]
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            if let key = graph.string(pairs[index]) { attributes[key] = pairs[index + 1] }
        }
        #expect(Set(attributes.keys) == ["NSFont", "NSParagraphStyle", "NSShadow", "NSColor"])
        #expect(attributes["NSFont"] == graph.object("UIFont", of: label))
        #expect(attributes["NSColor"] == graph.object("UITextColor", of: label))
        let font = try #require(attributes["NSFont"])
        #expect(graph.text("UIFontName", of: font) == "Copperplate")
        #expect(graph.value("UIFontPointSize", of: font) == .float64(18))
        #expect(graph.value("UIFontTraits", of: font) == .int8(0))
        let style = try #require(attributes["NSParagraphStyle"])
        #expect(graph.nodes[style].className == "NSMutableParagraphStyle")
        #expect(graph.value("NSAlignment", of: style) == .int8(2))
        #expect(graph.value("NSLineBreakMode", of: style) == .int8(5))
        #expect(graph.value("NSTabStops", of: style) == .nil)
        let shadow = try #require(attributes["NSShadow"])
        #expect(graph.nodes[shadow].className == "NSShadow")
        #expect(graph.nodes[shadow].values.map(\.key) == ["NSShadowColor"])
    }

    @Test("attributed labels are refused outside what the pairs show")
    func attributedLabelRefusals() throws {
        // Two fragments (attribute runs), a shadow, and Xcode 8 (no pair shows its archive).
        let twoFragments = Self.label.replacingOccurrences(
            of: "</fragment>", with: #"</fragment><fragment content="X"><attributes/></fragment>"#)
        let shadow = Self.label.replacingOccurrences(of: #"height="0.0"/>"#, with: #"height="-1"/>"#)
        for body in [twoFragments, shadow] {
            #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(Source.iOSXib(body)) } }
        }
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(8)
        Source.expectApproximation(
            Source.iOSXib(Self.label), .nearestXcode, mentioning: "labels with attributed text", options: options)
    }

    @Test("an attributed button title is the fragment as written; the button takes its font")
    func attributedButtonTitle() throws {
        // Idrill7 button 7cK-41-LFs (Xcode 9): UIAttributedTitle NSAttributedString "CONVERTIR",
        // NSParagraphStyle (immutable) NSAlignment 2 and NSTabStops nil, NSFont HelveticaNeue 24,
        // which is also the button's UIFont; no UITitle.
        let body = #"""
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="roundedRect" lineBreakMode="middleTruncation" hasAttributedTitle="YES" id="b1">
                <rect key="frame" x="101" y="450" width="174" height="70"/>
                <state key="normal">
                    <attributedString key="attributedTitle">
                        <fragment content="CONVERTIR">
                            <attributes>
                                <color key="NSColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB"/>
                                <font key="NSFont" size="24" name="HelveticaNeue"/>
                                <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="wordWrapping" baseWritingDirection="natural" tighteningFactorForTruncation="0.0"/>
                            </attributes>
                        </fragment>
                    </attributedString>
                </state>
            </button>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let button = try #require(graph.all("UIButton").first)
        let content = try #require(graph.all("UIButtonContent").first)
        #expect(graph.value("UITitle", of: content) == nil)
        let title = try #require(graph.object("UIAttributedTitle", of: content))
        #expect(graph.nodes[title].className == "NSAttributedString")
        #expect(graph.text("NSString", of: title) == "CONVERTIR")
        let style = try #require(graph.all("NSParagraphStyle").first)
        #expect(graph.nodes[style].values.map(\.key) == ["NSAlignment", "NSTabStops"])
        #expect(graph.value("NSAlignment", of: style) == .int8(2))
        let font = try #require(graph.object("UIFont", of: button))
        #expect(graph.text("UIFontName", of: font) == "HelveticaNeue")
        #expect(graph.value("UIFontPointSize", of: font) == .float64(24))
        #expect(graph.value("UIFontTraits", of: font) == .int8(0))
    }

    @Test("a text field's background image is an image placeholder; a nil text color clears the trait flag")
    func textFieldBackground() throws {
        // pogoros Sylladise1.3 (a Xamarin build): UITextFieldBackground UIImageNibPlaceholder
        // 1 x 1 named "Screen Shot 2016-04-16 at 4.53.29 PM.png". Idrill7 (Xcode 9): a field with
        // <nil key="textColor"/> archives UIDisableTextColorUpdateOnTraitCollectionChange false.
        let body = #"""
            <textField opaque="NO" clipsSubviews="YES" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" minimumFontSize="17" background="Screen Shot 2016-04-16 at 4.53.29 PM.png" id="t1">
                <rect key="frame" x="83" y="292" width="199" height="30"/>
                <nil key="textColor"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                <textInputTraits key="textInputTraits"/>
            </textField>
            """#
        var options = NibCompiler.Options()
        options.imagesAvailable = false
        let resources = #"<image name="Screen Shot 2016-04-16 at 4.53.29 PM.png" width="25" height="22"/>"#
        let graph = try Source.graph(Source.iOSXib(body, resources: resources), options: options)
        let field = try #require(graph.all("UITextField").first)
        let image = try #require(graph.object("UITextFieldBackground", of: field))
        #expect(graph.nodes[image].className == "UIImageNibPlaceholder")
        #expect(graph.value("UIImageWidth", of: image) == .float32(1))
        #expect(graph.text("UIResourceName", of: image) == "Screen Shot 2016-04-16 at 4.53.29 PM.png")
        #expect(graph.value("UIDisableTextColorUpdateOnTraitCollectionChange", of: field) == .bool(false))
    }

    @Test("contentStretch archives as UIContentStretch")
    func contentStretch() throws {
        // Idrill7 image view 9C4-Tk-yiT: UIContentStretch {0.1, 0, 0.85, 1}.
        let body = #"""
            <view id="v1"><rect key="frame" x="185" y="561" width="213" height="106"/>
                <rect key="contentStretch" x="0.10000000000000001" y="0.0" width="0.84999999999999998" height="1"/>
            </view>
            """#
        let graph = try Source.graph(Source.iOSXib(body))
        let view = try #require(graph.all("UIView").first)
        let components: [Double] = [0.1, 0, 0.85, 1]
        let expected: [UInt8] = [7] + components.flatMap(UIKitRuleTests.le)
        #expect(graph.value("UIContentStretch", of: view) == .bytes(expected))
    }
}

@Suite("Segmented controls and nil label colors")
struct SegmentedControlTests {
    @Test("segments are subviews and UISegments, with their positions; the tint is the control's own key")
    func segments() throws {
        // Idrill7 control dOn-vq-k18 (Xcode 9), Apple's #12 UISegmentedControl.
        let body = #"""
            <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" id="s1">
                <rect key="frame" x="68" y="236" width="239" height="29"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <segments>
                    <segment title="Millas"/>
                    <segment title="Kilómetros"/>
                    <segment title="Yardas"/>
                </segments>
                <color key="tintColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
            </segmentedControl>
            """#
        // Idrill7 is color-matched: its calibrated white tint is UIKit's whiteColor.
        let source = Source.iOSXib(body).replacingOccurrences(
            of: #"useAutolayout="YES""#, with: #"useAutolayout="YES" colorMatched="YES""#)
        let graph = try Source.graph(source)
        let control = try #require(graph.all("UISegmentedControl").first)
        let segments = graph.elements(of: graph.object("UISegments", of: control) ?? -1)
        #expect(graph.elements(of: graph.object("UISubviews", of: control) ?? -1) == segments)
        #expect(segments.compactMap { graph.text("UISegmentInfo", of: $0) } == ["Millas", "Kilómetros", "Yardas"])
        #expect(segments.map { graph.value("UISegmentPosition", of: $0) } == [nil, .int8(3), .int8(1)])
        #expect(segments.allSatisfy { graph.value("UISegmentStyle", of: $0) == .int8(5) })
        let size: [Double] = [0, 0, 0, 29]
        #expect(graph.value("UIBounds", of: segments[0]) == .bytes([7] + size.flatMap(UIKitRuleTests.le)))
        let center: [Double] = [0, 14.5]
        #expect(graph.value("UICenter", of: segments[0]) == .bytes([7] + center.flatMap(UIKitRuleTests.le)))
        #expect(graph.value("UITintColor", of: control) == nil)
        let tint = try #require(graph.object("UISegmentedControlTintColor", of: control))
        #expect(graph.text("UISystemColorName", of: tint) == "whiteColor")
        #expect(graph.text("UIViewContentHuggingPriority", of: control) == "{250, 250}")
        #expect(graph.value("UIContentVerticalAlignment", of: control) == .int8(1))
        #expect(graph.value("UIContentHorizontalAlignment", of: control) == .int8(1))
        #expect(graph.value("UISelectedSegmentIndex", of: control) == .int8(0))
        // The segments are not listed among the nib's objects.
        let objects = graph.elements(of: graph.object("UINibObjectsKey", of: graph.root) ?? -1)
        #expect(!objects.contains(segments[0]))
    }

    @Test("a nil label text color is blackColor with the trait flag off (Xcode 8)")
    func nilLabelColor() throws {
        // allianad-8bbedf3d (Xcode 8): labels "Height" and "Weight" with <nil key="textColor"/>
        // archive UIKit's blackColor and UIDisableUpdateTextColorOnTraitCollectionChange false.
        let body = #"""
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Height" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="l1">
                <rect key="frame" x="20" y="20" width="52" height="21"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                <nil key="textColor"/>
                <nil key="highlightedColor"/>
            </label>
            """#
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(8)
        let graph = try Source.graph(Source.iOSXib(body), options: options)
        let label = try #require(graph.all("UILabel").first)
        let color = try #require(graph.object("UITextColor", of: label))
        #expect(graph.text("UISystemColorName", of: color) == "blackColor")
        #expect(graph.value("UIDisableUpdateTextColorOnTraitCollectionChange", of: label) == .bool(false))
        options.xcode = XcodeEra(7)
        Source.expectApproximation(
            Source.iOSXib(body), .nearestXcode, mentioning: "labels with a nil text color", options: options)
    }
}

@Suite("Grouped tables and unidentified prototypes")
struct GroupedTableTests {
    /// ibrahimtaleb's grouped table (Xcode 6): one prototype cell without a reuse identifier.
    static let table = #"""
        <tableView opaque="NO" clipsSubviews="YES" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="grouped" separatorStyle="default" rowHeight="44" sectionHeaderHeight="22" sectionFooterHeight="22" id="t1">
            <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            <color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
            <prototypes>
                <tableViewCell contentMode="scaleToFill" selectionStyle="blue" hidesAccessoryWhenEditing="NO" indentationLevel="1" indentationWidth="0.0" id="c1" rowHeight="44">
                    <rect key="frame" x="0.0" y="55.5" width="320" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="c1" id="v1">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="43.5"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </tableViewCellContentView>
                </tableViewCell>
            </prototypes>
        </tableView>
        """#

    @Test("an empty grouped table: UIStyle 1, content height 77, RGB white, no prototype keys")
    func groupedTable() throws {
        // Apple's 4-view-5.nib #14: UIContentSize {320, 77}, UIStyle 1, UIBackgroundColor RGB
        // 1 1 1 without a system name, no UITableViewCellPrototypeNibs.
        let graph = try Source.graph(TextViewRuleTests.xcode6(Self.table))
        let table = try #require(graph.all("UITableView").first)
        let size: [Double] = [320, 77]
        #expect(graph.value("UIContentSize", of: table) == .bytes([7] + size.flatMap(UIKitRuleTests.le)))
        #expect(graph.value("UIStyle", of: table) == .int8(1))
        let background = try #require(graph.object("UIBackgroundColor", of: table))
        #expect(graph.value("UISystemColorName", of: background) == nil)
        #expect(graph.value("NSRGB", of: background) == .bytes(Array("1 1 1".utf8)))
        #expect(graph.value("UITableViewCellPrototypeNibs", of: table) == nil)
        #expect(graph.value("UITableViewCellPrototypeNibExternalObjects", of: table) == nil)
        #expect(graph.all("UITableViewCell").isEmpty)
    }

    @Test("grouped tables outside the one known layout are refused")
    func groupedRefusals() throws {
        let headers = Self.table.replacingOccurrences(
            of: #"sectionHeaderHeight="22""#, with: #"sectionHeaderHeight="18""#)
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(TextViewRuleTests.xcode6(headers)) }
        }
        // Xcode 9 (the default of these tests): no compiled nib shows its grouped tables.
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(Source.iOSXib(Self.table)) } }
    }
}

@Suite("Attributes no rule reads are errors, not dropped")
struct UnreadAttributeTests {
    /// A view with a label whose font, color, outlet, action and runtime attribute each carry
    /// one attribute the rules do not read (a `weight` no rule knows, `name`, …): compiled, it would be wrong.
    @Test(
        "an unread attribute stops the compile",
        arguments: [
            (#"<fontDescription key="fontDescription" type="system" weight="heavy" pointSize="17"/>"#, "weight"),
            (#"<color key="backgroundColor" name="AccentColor"/>"#, "name"),
            (
                #"<userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="string" keyPath="a" value="b" extra="c"/></userDefinedRuntimeAttributes>"#,
                "extra"
            ),
        ])
    func unreadAttribute(element: String, attribute: String) throws {
        let body = #"""
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hi" id="l1">
                <rect key="frame" x="0" y="0" width="100" height="21"/>
                \#(element)
            </label>
            """#
        do {
            _ = try Source.refusing { try Source.graph(Source.iOSXib(body)) }
            Issue.record("compiled although \(attribute) is not read")
        } catch {
            #expect("\(error)".contains(attribute), "\(error)")
        }
    }

    @Test("an image resource attribute no rule reads (a catalog other than the system's) stops a strict compile")
    func unreadImageResourceAttribute() throws {
        let body = #"""
            <imageView userInteractionEnabled="NO" contentMode="scaleToFill" image="star" id="i1">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
            </imageView>
            """#
        let resources = #"<image name="star" catalog="Other" width="128" height="122"/>"#
        do {
            _ = try Source.refusing { try Source.graph(Source.iOSXib(body, resources: resources)) }
            Issue.record("compiled an image of an unknown catalog as a named image")
        } catch {
            #expect("\(error)".contains("catalog"), "\(error)")
        }
    }

    @Test("an outlet or action attribute no rule reads stops a strict compile")
    func unreadConnectionAttribute() throws {
        for connection in [
            #"<outlet property="label" destination="l1" id="o1" zzExtra="1"/>"#,
            #"<action selector="tap:" destination="-1" eventType="touchUpInside" id="a1" zzExtra="1"/>"#,
        ] {
            let body = #"""
                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="roundedRect" lineBreakMode="middleTruncation" id="b1">
                    <rect key="frame" x="0" y="0" width="100" height="30"/>
                    <state key="normal" title="Go"/>
                    <connections>\#(connection)</connections>
                </button>
                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hi" id="l1">
                    <rect key="frame" x="0" y="40" width="100" height="21"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </label>
                """#
            do {
                _ = try Source.refusing { try Source.graph(Source.iOSXib(body)) }
                Issue.record("compiled although zzExtra is not read: \(connection)")
            } catch {
                #expect("\(error)".contains("zzExtra"), "\(error)")
            }
        }
    }
}
