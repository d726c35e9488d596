import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

/// `<viewLayoutGuide key="safeArea">` (`SafeAreaRule`) and Xcode's launch screen templates.
@Suite("Safe area layout guides")
struct SafeAreaTests {
    /// Xcode's launch screen template as Xcode 12 writes it (system background color, a safe
    /// area no constraint uses), with `toolsVersion` and the background as `replacements` say.
    static func launchScreen(toolsVersion: String = "17150", background: String? = nil) -> String {
        let color = background ?? #"<color key="backgroundColor" systemColor="systemBackgroundColor"/>"#
        let resources =
            background == nil
            ? #"""
                <resources>
                    <systemColor name="systemBackgroundColor">
                        <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                    </systemColor>
                </resources>
            """# : ""
        return #"""
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\#(toolsVersion)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" launchScreen="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="01J-lp-oVM">
                <device id="retina4_7" orientation="portrait"/>
                <dependencies>
                    <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                    <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
                </dependencies>
                <scenes>
                    <scene sceneID="EHf-IW-A2E">
                        <objects>
                            <viewController id="01J-lp-oVM" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>
                                    \#(color)
                                </view>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="iYj-Kq-Ea1" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="53" y="375"/>
                    </scene>
                </scenes>
            \#(resources)
            </document>
            """#
    }

    static func compile(_ source: String, xcode: Double? = nil) throws -> CompiledNib {
        var options = NibCompiler.Options()
        options.xcode = xcode.map(XcodeEra.init)
        return try Source.compiler(options).compile(Data(source.utf8), fileName: "LaunchScreen.storyboard")
    }

    @Test("an unconstrained safe area is an ownerless UILayoutGuide listed among the objects only")
    func unconstrainedGuide() throws {
        let output = try Self.compile(Self.launchScreen())
        let view = Graph(try NibArchive(parsing: output.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"] ?? []))
        let guide = try #require(view.all("UILayoutGuide").first)
        #expect(
            view.nodes[guide].values.map(\.key) == [
                "UILayoutGuideOwningView", "UILayoutGuideIdentifier", "UILayoutGuideOwningViewIsLocked",
                "UILayoutGuideShouldBeArchived", "UILayoutGuideAllowsNegativeDimensions",
            ])
        #expect(view.value("UILayoutGuideOwningView", of: guide) == .nil)
        #expect(view.text("UILayoutGuideIdentifier", of: guide) == "")
        #expect(view.elements(of: view.object("UINibObjectsKey", of: view.root) ?? -1).contains(guide))
        #expect(!view.elements(of: view.object("UINibTopLevelObjectsKey", of: view.root) ?? -1).contains(guide))
        // A safe-area document lists no view controller layout guides: none are made.
        #expect(view.all("_UILayoutGuide").isEmpty)
    }

    @Test("constraints to a safe area name the view's own guide, with its four system constraints")
    func constrainedGuide() throws {
        // The corpus's 46 owned guides: identifier UIViewSafeAreaLayoutGuide, locked, archived,
        // negative dimensions allowed, in the view's UIViewLayoutGuides; system constraints
        // guide.top = view.top, guide.left = view.left, view.bottom = guide.bottom,
        // view.right = guide.right, unarchived, no constant, identified "…-top" … "…-right".
        let source = Self.launchScreen().replacingOccurrences(
            of: #"<viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>"#,
            with: #"""
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sub-01-xyz">
                        <rect key="frame" x="0.0" y="20" width="375" height="100"/>
                    </view>
                </subviews>
                <viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>
                <constraints>
                    <constraint firstItem="sub-01-xyz" firstAttribute="top" secondItem="6Tk-OE-BBY" secondAttribute="top" id="c1"/>
                </constraints>
                """#)
        let output = try Self.compile(source)
        let view = Graph(try NibArchive(parsing: output.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"] ?? []))
        let root = try #require(view.all("UIView").first { view.object("UIViewLayoutGuides", of: $0) != nil })
        let owned = view.elements(of: view.object("UIViewLayoutGuides", of: root) ?? -1)
        #expect(owned.count == 1)
        let guide = try #require(owned.first)
        #expect(view.object("UILayoutGuideOwningView", of: guide) == root)
        #expect(view.text("UILayoutGuideIdentifier", of: guide) == "UIViewSafeAreaLayoutGuide")
        for key in [
            "UILayoutGuideOwningViewIsLocked", "UILayoutGuideShouldBeArchived", "UILayoutGuideAllowsNegativeDimensions",
        ] {
            #expect(view.value(key, of: guide) == .bool(true))
        }
        let system = view.elements(of: view.object("UILayoutGuideSystemConstraints", of: guide) ?? -1)
        #expect(
            system.map { view.text("NSLayoutIdentifier", of: $0) } == [
                "UIViewSafeAreaLayoutGuide-top", "UIViewSafeAreaLayoutGuide-left",
                "UIViewSafeAreaLayoutGuide-bottom", "UIViewSafeAreaLayoutGuide-right",
            ])
        #expect(system.map { view.object("NSFirstItem", of: $0) } == [guide, guide, root, root])
        #expect(system.map { view.value("NSFirstAttribute", of: $0) } == [.int8(3), .int8(1), .int8(4), .int8(2)])
        #expect(system.allSatisfy { view.value("NSShouldBeArchived", of: $0) == .bool(false) })
        #expect(system.allSatisfy { view.value("NSConstant", of: $0) == nil })
        // The source's constraint names the owned guide; the objects list keeps the placeholder only.
        let constraints = view.elements(of: view.object("UIViewAutolayoutConstraints", of: root) ?? -1)
        #expect(constraints.contains { view.object("NSSecondItem", of: $0) == guide })
        let objects = view.elements(of: view.object("UINibObjectsKey", of: view.root) ?? -1)
        #expect(!objects.contains(guide))
        #expect(objects.contains { view.nodes[$0].className == "UILayoutGuide" })
    }

    @Test("a color names its Xcode 11 system color for Xcode 11 and later, the older one before")
    func xcode11SystemColor() throws {
        let background =
            #"<color key="backgroundColor" xcode11CocoaTouchSystemColor="systemBackgroundColor" cocoaTouchSystemColor="whiteColor"/>"#
        func name(_ xcode: Double) throws -> String? {
            let output = try Self.compile(
                Self.launchScreen(toolsVersion: "15705", background: background), xcode: xcode)
            let view = Graph(try NibArchive(parsing: output.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"] ?? []))
            let color = view.object("UIBackgroundColor", of: view.all("UIView").first ?? -1) ?? -1
            return view.text("UISystemColorName", of: color)
        }
        #expect(try name(13) == "systemBackgroundColor")
        #expect(try name(10) == "whiteColor")
        // An asset catalog color (`name=`) is not modelled: an error, not a silently dropped name.
        let named = Self.launchScreen(background: #"<color key="backgroundColor" name="AccentColor"/>"#)
        #expect(throws: CompileError.self) { try Source.refusing { try Self.compile(named) } }
    }

    @Test("the three-part placeholder toolsVersion without a plug-in version: compiled as the newest modelled Xcode")
    func threePartToolsVersion() throws {
        // "32700.99.1234" once read as no number at all, which made the document look like an
        // Xcode 5 one (given layout guides it does not have). With no plug-in version to name
        // the build (UIKitXcode16FormTests reads one), it is beyond every release.
        let output = try Self.compile(Self.launchScreen(toolsVersion: "32700.99.1234"))
        let view = Graph(try NibArchive(parsing: output.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"] ?? []))
        #expect(view.all("_UILayoutGuide").isEmpty)
        #expect(view.value("UIViewLargeContentStoredProperties", of: view.all("UIView").first ?? -1) == .nil)
        #expect(output.warnings.map(\.kind) == [.nearestXcode])
        Source.expectApproximation(
            Self.launchScreen(toolsVersion: "32700.99.1234"), .nearestXcode, mentioning: "compiled as Xcode 16",
            fileName: "LaunchScreen.storyboard")
    }

    @Test("from Xcode 11 a storyboard declaring an unversioned deployment keeps its root view's size")
    func rootViewSize() throws {
        // Idrill7 and BestKai (Xcode 9, 10): 600 × 600; the corpus's later builds of template
        // storyboards (eagle-eyexk 375 × 667, man12nam 852 × 393) keep the device size.
        let source = Self.launchScreen(toolsVersion: "14460.31")
            .replacingOccurrences(of: #"launchScreen="YES" "#, with: "")
            .replacingOccurrences(of: "<dependencies>", with: #"<dependencies><deployment identifier="iOS"/>"#)
        func bounds(_ xcode: Double) throws -> NibArchive.Payload? {
            let output = try Self.compile(source, xcode: xcode)
            let view = Graph(try NibArchive(parsing: output.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"] ?? []))
            return view.value("UIBounds", of: view.all("UIView").first ?? -1)
        }
        #expect(try bounds(10) == .bytes([7] + [0.0, 0, 600, 600].flatMap(UIKitRuleTests.le)))
        #expect(try bounds(13) == .bytes([7] + [0.0, 0, 375, 667].flatMap(UIKitRuleTests.le)))
    }
}

/// The corpus's compiled launch screens (sources not in the corpus) against Xcode's templates.
@Suite("Xcode launch screen templates compile to the corpus's compiled ones", .corpus)
struct LaunchScreenTemplateTests {
    static func reference(_ project: String, _ nib: String) throws -> NibArchive {
        let url = try Corpus.directory().appendingPathComponent(
            "nib/\(project)__Base.lproj_LaunchScreen.storyboardc_\(nib).nib")
        return try NibArchive(parsing: [UInt8](Data(contentsOf: url)))
    }

    static func expectIdentical(_ reference: NibArchive, _ compiled: [UInt8]?) throws {
        let differences = StructuralComparison().differences(
            between: reference, and: try NibArchive(parsing: try #require(compiled)))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description).joined(separator: "\n"))")
    }

    @Test("the Xcode 10 template (sRGB white) is chadanewsom build.io's scene and view nibs")
    func xcode10Template() throws {
        let source = SafeAreaTests.launchScreen(
            toolsVersion: "14460.31",
            background:
                #"<color key="backgroundColor" red="1" green="1" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#
        )
        let output = try SafeAreaTests.compile(source)
        for nib in ["01J-lp-oVM-view-Ze5-6b-2t3", "UIViewController-01J-lp-oVM"] {
            try Self.expectIdentical(try Self.reference("chadanewsom-build.io", nib), output.files[nib + ".nib"])
        }
    }

    @Test(
        "the Xcode 11 and 12 templates (system background) built by Xcode 13 are leeja328 Random-Photo's view nib",
        arguments: [
            nil,
            #"<color key="backgroundColor" xcode11CocoaTouchSystemColor="systemBackgroundColor" cocoaTouchSystemColor="whiteColor"/>"#,
        ])
    func xcode12Template(background: String?) throws {
        let output = try SafeAreaTests.compile(
            SafeAreaTests.launchScreen(toolsVersion: background == nil ? "17150" : "15705", background: background),
            xcode: 13)
        try Self.expectIdentical(
            try Self.reference("leeja328-Random-Photo", "01J-lp-oVM-view-Ze5-6b-2t3"),
            output.files["01J-lp-oVM-view-Ze5-6b-2t3.nib"])
    }
}
