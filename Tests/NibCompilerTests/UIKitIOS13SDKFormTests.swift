import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import Testing

/// The iOS 13 and 14 SDKs' forms (Xcode 11 and 12) of system fonts, inset grouped tables,
/// resolved UIKit grays and selected buttons, against Apple's compiled nibs in `corpus/nib`.
@Suite("Xcode 11 and 12 forms, against Apple's compiled nibs", .corpus)
struct UIKitIOS13SDKFormTests {
    /// A font's form: its name, its descriptor's dictionary class, the dictionary's keys in
    /// order, and whether the size is a double.
    struct FontForm: Equatable {
        var name: String?
        var dictionary: String?
        var keys: [String]
        var doubleSize: Bool
    }

    static func fontForm(_ graph: Graph, _ font: Int) -> FontForm {
        var form = FontForm(name: graph.text("UIFontName", of: font), dictionary: nil, keys: [], doubleSize: false)
        guard let descriptor = graph.object("UIFontDescriptor", of: font),
            let attributes = graph.object("UIFontDescriptorAttributes", of: descriptor)
        else { return form }
        form.dictionary = graph.nodes[attributes].className
        let elements = graph.elements(of: attributes)
        for pair in stride(from: 0, to: elements.count - 1, by: 2) {
            let key = graph.string(elements[pair]) ?? "?"
            form.keys.append(key)
            if key == "NSFontSizeAttribute" {
                form.doubleSize = graph.value("NS.dblval", of: elements[pair + 1]) != nil
            }
        }
        return form
    }

    /// Apple's first system font named `name` in the corpus nib `nib`, and its point size.
    static func appleFont(_ nib: String, named name: String) throws -> (FontForm, Double) {
        let graph = Graph(try NibArchive(parsing: try Corpus.nibBytes(named: nib)))
        let font = try #require(graph.all("UIFont").first { graph.text("UIFontName", of: $0) == name })
        guard case .float64(let size)? = graph.value("UIFontPointSize", of: font) else {
            Issue.record("no point size")
            return (fontForm(graph, font), 0)
        }
        return (fontForm(graph, font), size)
    }

    /// Our label font for `description` at `size`, compiled as Xcode `xcode`.
    static func compiledFont(_ type: String, size: Double, xcode: Double) throws -> FontForm {
        let source = Source.iOSXib(
            """
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label" lineBreakMode="tailTruncation" id="lbl-00-001">
                <rect key="frame" x="0.0" y="0.0" width="100" height="21"/>
                <autoresizingMask key="autoresizingMask"/>
                <fontDescription key="fontDescription" type="\(type)" pointSize="\(size)"/>
                <nil key="textColor"/>
                <nil key="highlightedColor"/>
            </label>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        let graph = try Source.graph(source, options: options)
        let font = try #require(graph.all("UIFont").first)
        return fontForm(graph, font)
    }

    @Test("Xcode 11: .SFUI- names with the mutable, usage-first descriptor (COVIDSAFE)")
    func xcode11SystemFont() throws {
        let (apple, size) = try Self.appleFont(
            "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_Main.storyboardc_7Cb-h1-N8M-view-DIy-9n-WvV.nib_runtime.nib",
            named: ".SFUI-Regular")
        #expect(apple.dictionary == "NSMutableDictionary" && !apple.doubleSize)
        #expect(try Self.compiledFont("system", size: size, xcode: 11) == apple)
        // An Xcode 10 nib of the same size names the text or display face.
        #expect(try Self.compiledFont("system", size: 17, xcode: 10).name == ".SFUIText")
    }

    @Test("Xcode 12: an immutable, size-first descriptor with a double size (Umarovm)")
    func xcode12SystemFont() throws {
        let (apple, size) = try Self.appleFont(
            "Umarovm-Whats-Cooking__Main.storyboardc_bF5-Aq-edy-view-nSB-Nu-txQ.nib", named: ".SFUI-Regular")
        #expect(apple.dictionary == "NSDictionary" && apple.doubleSize)
        #expect(try Self.compiledFont("system", size: size, xcode: 12) == apple)
    }

    @Test("A bold system font keeps a mutable descriptor when the era's are immutable (ashwinivishwas)")
    func boldSystemFontStaysMutable() throws {
        let (apple, size) = try Self.appleFont(
            "ashwinivishwas-EdgeSDk__Base.lproj_Main.storyboardc_rYs-hn-jRW-view-ylQ-Hv-7WO.nib", named: ".SFUI-Bold")
        #expect(apple.dictionary == "NSMutableDictionary")
        #expect(try Self.compiledFont("boldSystem", size: size, xcode: 12) == apple)
    }

    @Test("An inset grouped table archives UIStyle 1 beside UITableViewStyle 2 (Umarovm)")
    func insetGroupedTableStyle() throws {
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "Umarovm-Whats-Cooking__Main.storyboardc_AD4-g1-LVn-view-FVb-Yd-V7I.nib")))
        let appleTable = try #require(apple.all("UITableView").first)
        let source = Source.iOSXib(
            """
            <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="tbl-00-001">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            </tableView>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(12)
        let ours = try Source.graph(source, options: options)
        let table = try #require(ours.all("UITableView").first)
        for key in ["UITableViewStyle", "UIStyle"] {
            #expect(
                ours.value(key, of: table).map { "\($0)" } == apple.value(key, of: appleTable).map { "\($0)" }, "\(key)"
            )
        }
    }

    @Test("A UIKit gray stored as RGB decompiles to the named system color with its value (Umarovm)")
    func resolvedGroupedBackground() throws {
        let nib = try NibArchive(
            parsing: try Corpus.nibBytes(
                named: "Umarovm-Whats-Cooking__Main.storyboardc_AD4-g1-LVn-view-FVb-Yd-V7I.nib"))
        let apple = Graph(nib)
        let appleTable = try #require(apple.all("UITableView").first)
        let appleColor = try #require(apple.object("UIBackgroundColor", of: appleTable))
        let result = try NibDecompiler().decompile(nib)
        let text = result.document
        #expect(text.contains("systemColor=\"groupTableViewBackgroundColor\""))
        #expect(text.contains("<systemColor name=\"groupTableViewBackgroundColor\">"))
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let ours = try Source.graph(text, options: options)
        let table = try #require(ours.all("UITableView").first)
        let color = try #require(ours.object("UIBackgroundColor", of: table))
        for key in [
            "UIColorComponentCount", "UIRed", "UIRed-Double", "UIGreen-Double", "UIBlue-Double", "NSColorSpace",
        ] {
            #expect(
                ours.value(key, of: color).map { "\($0)" } == apple.value(key, of: appleColor).map { "\($0)" }, "\(key)"
            )
        }
    }

    @Test("A selected button archives UISelected after the view keys, and decompiles back (Google61)")
    func selectedButton() throws {
        let nib = try NibArchive(parsing: try Corpus.nibBytes(named: "Google61-gta3sa.app__SocialClub.nib"))
        let apple = Graph(nib)
        let appleButton = try #require(apple.all("UIButton").first { apple.value("UISelected", of: $0) != nil })
        let appleKeys = apple.nodes[appleButton].values.map(\.key)
        let selectedAt = try #require(appleKeys.firstIndex(of: "UISelected"))
        #expect(apple.value("UISelected", of: appleButton).map { "\($0)" } == "\(NibArchive.Payload.bool(true))")
        let text = try NibDecompiler().decompile(nib).document
        #expect(text.contains("selected=\"YES\""))
        let source = Source.iOSXib(
            """
            <button opaque="NO" contentMode="scaleToFill" selected="YES" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="btn-00-001">
                <rect key="frame" x="0.0" y="0.0" width="100" height="30"/>
                <autoresizingMask key="autoresizingMask"/>
                <state key="normal" title="Button"/>
            </button>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(9)
        let ours = try Source.graph(source, options: options)
        let button = try #require(ours.all("UIButton").first)
        let keys = ours.nodes[button].values.map(\.key)
        #expect(ours.value("UISelected", of: button).map { "\($0)" } == "\(NibArchive.Payload.bool(true))")
        // Between the same neighbours as Apple's: the last view key and the button's content.
        let index = try #require(keys.firstIndex(of: "UISelected"))
        #expect(keys[index - 1] == appleKeys[selectedAt - 1])
        #expect(keys[index + 1] == appleKeys[selectedAt + 1])
    }

    @Test("A plain label with a zero shadow offset archives none, and decompiles back (0senno)")
    func zeroShadowOffset() throws {
        let nib = try NibArchive(
            parsing: try Corpus.nibBytes(named: "0senno-atmosphere__Login.storyboardc_LN6-9o-HUU-view-cD8-pS-ZVx.nib"))
        let apple = Graph(nib)
        let labels = apple.all("UILabel")
        // Apple's two labels: one without the key, one with UILabel's default.
        #expect(labels.contains { apple.value("UIShadowOffset", of: $0) == nil })
        #expect(labels.contains { apple.value("UIShadowOffset", of: $0) != nil })
        let text = try NibDecompiler().decompile(nib).document
        #expect(text.contains("<size key=\"shadowOffset\" width=\"0.0\" height=\"0.0\"/>"))
        func label(_ offset: String) throws -> [String] {
            let source = Source.iOSXib(
                """
                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label" lineBreakMode="tailTruncation" id="lbl-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="21"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    <nil key="textColor"/>
                    <nil key="highlightedColor"/>
                    \(offset)
                </label>
                """)
            let graph = try Source.graph(source)
            let object = try #require(graph.all("UILabel").first)
            return graph.nodes[object].values.map(\.key)
        }
        #expect(!(try label("<size key=\"shadowOffset\" width=\"0.0\" height=\"0.0\"/>")).contains("UIShadowOffset"))
        #expect(try label("").contains("UIShadowOffset"))
    }

    @Test("Xcode 11: a white table's background is named, then gray white (COVIDSAFE)")
    func namedWhiteTableBackground() throws {
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named:
                        "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_Main.storyboardc_7Cb-h1-N8M-view-DIy-9n-WvV.nib_runtime.nib"
                )))
        let appleTable = try #require(apple.all("UITableView").first)
        let appleColor = try #require(apple.object("UIBackgroundColor", of: appleTable))
        #expect(apple.text("UISystemColorName", of: appleColor) == "tableBackgroundColor")
        func background(xcode: Double) throws -> [String] {
            let source = Source.iOSXib(
                """
                <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="tbl-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </tableView>
                """)
            var options = NibCompiler.Options()
            options.xcode = XcodeEra(xcode)
            let graph = try Source.graph(source, options: options)
            let table = try #require(graph.all("UITableView").first)
            let color = try #require(graph.object("UIBackgroundColor", of: table))
            #expect(graph.text("UISystemColorName", of: color) == "tableBackgroundColor")
            return graph.nodes[color].values.filter { $0.key != "UISystemColorName" }.map { "\($0.key)=\($0.payload)" }
        }
        #expect(
            try background(xcode: 11)
                == apple.nodes[appleColor].values.filter { $0.key != "UISystemColorName" }.map {
                    "\($0.key)=\($0.payload)"
                })
        // Xcode 10 and before: RGB white (chadanewsom's three).
        #expect(try background(xcode: 10).contains { $0.hasPrefix("UIRed=") })
    }

    @Test(
        "Image placeholders' nil symbol keys: none in Xcode 11, two in 12, three in 13 (COVIDSAFE, Umarovm, 0senno)",
        arguments: [
            (
                11.0,
                "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_LaunchScreen.storyboardc_ndM-0H-HLb-view-ccJ-n5-IxS.nib_runtime.nib"
            ),
            (12.0, "Umarovm-Whats-Cooking__Launch-Screen.storyboardc_1JO-f7-zNd-view-QdT-Sp-lXA.nib"),
            (13.0, "0senno-atmosphere__Launch.storyboardc_Y6W-OH-hqX-view-5EZ-qb-Rvc.nib"),
        ])
    func placeholderSymbolKeys(xcode: Double, nib: String) throws {
        let apple = Graph(try NibArchive(parsing: try Corpus.nibBytes(named: nib)))
        let placeholder = try #require(apple.all("UIImageNibPlaceholder").first)
        let source = Source.iOSXib(
            """
            <imageView userInteractionEnabled="NO" contentMode="scaleToFill" image="Logo" id="img-00-001">
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
            </imageView>
            """, resources: #"<image name="Logo" width="100" height="100"/>"#)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        let ours = try Source.graph(source, options: options)
        let image = try #require(ours.all("UIImageNibPlaceholder").first)
        #expect(ours.nodes[image].values.map(\.key) == apple.nodes[placeholder].values.map(\.key))
    }

    /// Decompiles the corpus nib `name` and compiles the document again as the Xcode it shows.
    static func roundTrip(_ name: String) throws -> (apple: Graph, document: String, ours: Graph) {
        let nib = try NibArchive(parsing: try Corpus.nibBytes(named: name))
        let result = try NibDecompiler().decompile(nib)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        return (Graph(nib), result.document, try Source.graph(result.document, options: options))
    }

    @Test("An image view's accessibility image size flag, last after the image (COVIDSAFE's launch screen)")
    func accessibilityImageSize() throws {
        let (apple, document, ours) = try Self.roundTrip(
            "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_LaunchScreen.storyboardc_ndM-0H-HLb-view-ccJ-n5-IxS.nib_runtime.nib"
        )
        #expect(document.contains("adjustsImageSizeForAccessibilityContentSizeCategory=\"YES\""))
        let key = "UIAdjustsImageSizeForAccessibilityContentSizeCategory"
        let appleView = try #require(apple.all("UIImageView").first { apple.value(key, of: $0) != nil })
        let view = try #require(ours.all("UIImageView").first { ours.value(key, of: $0) != nil })
        #expect(ours.nodes[view].values.map(\.key) == apple.nodes[appleView].values.map(\.key))
    }

    @Test("A bar button item's fixed width, UIWidth between the title and the image (ertmuirm's Beacon picker)")
    func barButtonItemWidth() throws {
        let (apple, document, ours) = try Self.roundTrip(
            "ertmuirm-mirrorios__Frameworks_Beacon.framework_BeaconDropdownPicker.nib")
        #expect(document.contains("width=\"44\""))
        let appleItem = try #require(apple.all("UIBarButtonItem").first { apple.value("UIWidth", of: $0) != nil })
        let item = try #require(ours.all("UIBarButtonItem").first { ours.value("UIWidth", of: $0) != nil })
        #expect(ours.nodes[item].values.map(\.key) == apple.nodes[appleItem].values.map(\.key))
        #expect(
            "\(ours.value("UIWidth", of: item).map { "\($0)" } ?? "")"
                == "\(apple.value("UIWidth", of: appleItem).map { "\($0)" } ?? "-")")
    }

    @Test(
        "A table view's scroll behaviour decompiles and compiles back (kiralab's table dismissing the keyboard on drag)"
    )
    func tableScrollBehaviour() throws {
        let (apple, document, ours) = try Self.roundTrip(
            "kiralab-dmcc__Admin.storyboardc_Uny-BJ-vWJ-view-9vA-5Q-pbm.nib")
        #expect(document.contains("keyboardDismissMode=\"onDrag\""))
        let key = "UIKeyboardDismissMode"
        let appleTable = try #require(apple.nodes.indices.first { apple.value(key, of: $0) != nil })
        let table = try #require(ours.nodes.indices.first { ours.value(key, of: $0) != nil })
        #expect(
            "\(ours.value(key, of: table).map { "\($0)" } ?? "")"
                == "\(apple.value(key, of: appleTable).map { "\($0)" } ?? "-")")
    }

    @Test("A navigation controller's automaticallyAdjustsScrollViewInsets=NO, after its children (Sn0wFX)")
    func containerScrollViewInsets() throws {
        let name = "UINavigationController-hiS-Re-Ud0.nib"
        let nib = try NibArchive(
            parsing: try Corpus.nibBytes(named: "Sn0wFX-phoenix-ida__Base.lproj_Main.storyboardc_" + name))
        let apple = Graph(nib)
        let result = try NibDecompiler().decompileStoryboard(nibs: [(name: name, archive: nib)], infoPlist: nil)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let files = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Main.storyboard")
            .files
        let ours = Graph(try NibArchive(parsing: try #require(files[name])))
        func keys(_ graph: Graph) throws -> [String] {
            let controller = try #require(graph.all("UINavigationController").first)
            return graph.nodes[controller].values.map(\.key)
        }
        let appleKeys = try keys(apple)
        #expect(appleKeys.contains("UIKeyAutomaticallyAdjustsScrollViewInsets"))
        #expect(try keys(ours) == appleKeys)
    }

    @Test("An Xcode 9/10 activity indicator's color (its tint, flagged) decompiles as its color (chadanewsom)")
    func legacyIndicatorColor() throws {
        let (apple, document, ours) = try Self.roundTrip("chadanewsom-build.io__FeaturedViewController.nib")
        #expect(document.contains("<color key=\"color\""))
        let appleView = try #require(apple.all("UIActivityIndicatorView").first)
        let view = try #require(ours.all("UIActivityIndicatorView").first)
        #expect(ours.nodes[view].values.map(\.key) == apple.nodes[appleView].values.map(\.key))
    }

    @Test("A collection reusable view's reuse identifier round-trips (kiralab's load-earlier header)")
    func reusableViewIdentifier() throws {
        let (apple, document, ours) = try Self.roundTrip("kiralab-dmcc__JSQMessagesLoadEarlierHeaderView.nib")
        #expect(document.contains("reuseIdentifier=\"JSQMessagesLoadEarlierHeaderView\""))
        let appleView = try #require(apple.nodes.indices.first { apple.value("UIReuseIdentifier", of: $0) != nil })
        let view = try #require(ours.nodes.indices.first { ours.value("UIReuseIdentifier", of: $0) != nil })
        #expect(ours.text("UIReuseIdentifier", of: view) == apple.text("UIReuseIdentifier", of: appleView))
    }

    @Test(
        "A static cell's content mode, between UIAutoresizeSubviews and UIClipsToBounds, and its wrapped system red (Umarovm)"
    )
    func cellContentMode() throws {
        let name = "GEf-U8-UJu-view-zzg-Kr-Ay6.nib"
        let nib = try NibArchive(parsing: try Corpus.nibBytes(named: "Umarovm-Whats-Cooking__Main.storyboardc_" + name))
        let apple = Graph(nib)
        let result = try NibDecompiler().decompileStoryboard(nibs: [(name: name, archive: nib)], infoPlist: nil)
        #expect(result.document.contains("contentMode=\"bottom\""))
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let files = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Main.storyboard")
            .files
        let ours = Graph(try NibArchive(parsing: try #require(files[name])))
        // The mode and its neighbours (the rest of the cell depends on the Xcode the lone nib shows).
        func contentMode(_ graph: Graph) throws -> [String] {
            let cell = try #require(graph.all("UITableViewCell").first { graph.value("UIContentMode", of: $0) != nil })
            let values = graph.nodes[cell].values
            let at = try #require(values.firstIndex { $0.key == "UIContentMode" })
            return [values[at - 1].key, "\(values[at].payload)", values[at + 1].key]
        }
        #expect(try contentMode(ours) == contentMode(apple))
        // The cell with a chromatic system background has it wrapped, as a view's.
        func wrappedBackgrounds(_ graph: Graph) -> Int {
            graph.all("UITableViewCell").filter { cell in
                graph.object("UIBackgroundColor", of: cell).map {
                    graph.value("UIDynamicModifiedBaseColor", of: $0) != nil
                }
                    ?? false
            }.count
        }
        #expect(wrappedBackgrounds(apple) == 1)
        #expect(wrappedBackgrounds(ours) == wrappedBackgrounds(apple))
    }

    @Test(
        "From Xcode 11 only the initial or an identified plain controller is swapped (Umarovm, ertmuirm)",
        arguments: [
            (
                "Umarovm-Whats-Cooking__Main.storyboardc_",
                // The table view controller the first is reached from by a segue.
                [
                    "UITableViewController-AD4-g1-LVn.nib", "AD4-g1-LVn-view-FVb-Yd-V7I.nib",
                    "UITableViewController-iVy-Uz-Szv.nib",
                ]
            ),
            (
                "ertmuirm-mirrorios__Base.lproj_LaunchScreen.storyboardc_",
                ["UINavigationController-MJ6-Th-Wb2.nib", "01J-lp-oVM-view-Ze5-6b-2t3.nib"]
            ),
        ])
    func plainControllerSwapping(prefix: String, names: [String]) throws {
        let nibs = try names.map {
            (name: $0, archive: try NibArchive(parsing: try Corpus.nibBytes(named: prefix + $0)))
        }
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: nil)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let files = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Main.storyboard")
            .files
        // The controllers of the scene nib, swapped or not, with the class a swapper names.
        func controllers(_ graph: Graph) -> [String] {
            graph.nodes.indices.compactMap { index in
                let node = graph.nodes[index]
                if node.className == "UIClassSwapper", let name = graph.text("UIClassName", of: index),
                    name.hasSuffix("Controller")
                {
                    return "swapped " + name
                }
                return node.className.hasSuffix("Controller") ? node.className : nil
            }.sorted()
        }
        let apple = Graph(try #require(nibs.first).archive)
        let ours = Graph(try NibArchive(parsing: try #require(files[names[0]])))
        #expect(controllers(apple).contains { !$0.hasPrefix("swapped") })
        #expect(controllers(ours) == controllers(apple))
    }

    @Test(
        "A system button without a font description archives no font in Xcode 11, the 15-point one before (COVIDSAFE)")
    func systemButtonDefaultFont() throws {
        // COVIDSAFE (Xcode 11): system buttons (UIButtonType 1) without UIFont; any
        // <fontDescription> of the source would have been archived.
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named:
                        "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_Main.storyboardc_mND-9i-sIw-view-vgL-lg-QQN.nib_runtime.nib"
                )))
        let appleButton = try #require(
            apple.all("UIButton").first {
                apple.value("UIButtonType", of: $0).map { "\($0)" } == "\(NibArchive.Payload.int8(1))"
            })
        #expect(apple.value("UIFont", of: appleButton) == nil)
        let button = """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="btn-00-001">
                <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                <state key="normal" title="Get PIN"/>
            </button>
            """
        for (tools, expectsFont) in [("15705", false), ("14113", true)] {
            let source = Source.iOSXib(button).replacingOccurrences(
                of: #"toolsVersion="14113""#, with: "toolsVersion=\"\(tools)\"")
            let ours = try Source.graph(source)
            let ourButton = try #require(ours.all("UIButton").first)
            #expect((ours.value("UIFont", of: ourButton) != nil) == expectsFont, "toolsVersion \(tools)")
        }
    }
}
