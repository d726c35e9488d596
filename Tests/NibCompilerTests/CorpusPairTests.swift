import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

/// Every corpus pair that compiles to exactly Apple's structure stays that way.
@Suite("Corpus pairs that match Apple's output", .corpus)
struct CorpusPairTests {
    /// The pairs `Scripts/score-compile.sh` reports as PASS; add each newly passing pair here.
    static let passing = [
        "ios-BestKai-my_flutter_wechat-LaunchScreen",
        "ios-BestKai-my_flutter_wechat-Main",
        "ios-Byjuanamn-ALExample3-LaunchScreen",
        "ios-FanWenjun-TableView.iOS-LaunchScreen",
        "ios-FanWenjun-TableView.iOS-Main",
        "ios-UEADementiaResearchG-supermarket-task-LaunchScreen",
        "ios-appodeal-Appodeal-Xamarin-Demo-Main",
        "ios-blakeleftwich-animal-kindergarten-LaunchScreen",
        "ios-canoelover-Flags-LaunchScreen",
        "ios-hekaiyou-talk_casually-LaunchScreen",
        "ios-hekaiyou-talk_casually-Main",
        "ios-ibrahimtaleb11-Data-Table--UITableView2-LaunchScreen",
        "ios-ibrahimtaleb11-Data-Table--UITableView2-Main",
        "ios-jdrharding-ROMPiOS-LaunchScreen",
        "ios-jimbobbennett-iBeaconDemo-Main",
        "ios-lfabreges-lunoco-LaunchScreen-7f9407a9",
        "ios-lfabreges-lunoco-LaunchScreen-8b952e3c",
        "ios-madliani-com.solar2d.madliani.snowfall-LaunchScreen",
        "ios-mioppong-Diving-Blitz-LaunchScreen",
        "ios-mobilewits-Hello-World-How-it-works--MainStoryboard",
        "ios-mobilewits-How-Navigation-with-Segue-works-in-Xamar-MainStoryboard",
        "ios-mobilewits-How-to-Use-table-view-Cell-accessory-MainStoryboard",
        "ios-mobilewits-How-to-create-Action-sheets-using-Xamari-MainStoryboard",
        "ios-mobilewits-How-to-create-Thread-in-Xamarin.iOS-MainStoryboard",
        "ios-mobilewits-How-to-handle-Row-selection-and-delete-a-MainStoryboard",
        "ios-mobilewits-How-to-use-Buttons-in-Xamarin-iOS.-MainStoryboard",
        "ios-mobilewits-How-to-use-Buttons-in-Xamarin-iOS.-MainStoryboard-33891ee7",
        "ios-mobilewits-Working-With-Core-Animation-Xamarin-iOS-SecondViewController",
        "ios-mobilewits-Working-With-Core-Animation-Xamarin-iOS-ViewTransaction",
        "ios-mobilewits-Working-With-Files-in-Xamarin-iOS-MainStoryboard",
        "ios-mobilewits-Working-With-Gestures-Drag-Gesture-Xamar-MainStoryboard",
        "ios-mobilewits-Working-With-Graphics-Images-Xamarin.iOS-MainStoryboard",
        "ios-mobilewits-Working-With-Graphics-Images-Xamarin.iOS-MainStoryboard-ef7e1cec",
        "ios-mobilewits-Working-with-Database-using-SQLite-Xamar-MainStoryboard",
        "ios-nicksantan-just-rain-LaunchScreen",
        "ios-robinsuu-jindol-LaunchScreen",
        "ios-schroederapps-LD46-LaunchScreen",
        "ios-xxnickfuryxx-lolChallenges-LaunchScreen",
        "macos-viraptor-ibtool-StatusBar",
        "macos-viraptor-ibtool-blocklist",
        "macos-viraptor-ibtool-blocklist_big",
        "macos-viraptor-ibtool-box_separator_autoresize",
        "macos-viraptor-ibtool-button_imagehugstitle",
        "macos-viraptor-ibtool-button_shadowless",
        "macos-viraptor-ibtool-checkbox_hugging",
        "macos-viraptor-ibtool-color_white_precision",
        "macos-viraptor-ibtool-customview_direct",
        "macos-viraptor-ibtool-datacell_unparseable",
        "macos-viraptor-ibtool-dateformatter_weekday",
        "macos-viraptor-ibtool-datepicker",
        "macos-viraptor-ibtool-imagecell_datacell_font",
        "macos-viraptor-ibtool-imageview_customclass",
        "macos-viraptor-ibtool-layout_guide",
        "macos-viraptor-ibtool-metafonts_extra",
        "macos-viraptor-ibtool-minimal",
        "macos-viraptor-ibtool-module_override",
        "macos-viraptor-ibtool-nkv_overlap",
        "macos-viraptor-ibtool-numfmt",
        "macos-viraptor-ibtool-numfmt_basic",
        "macos-viraptor-ibtool-numfmt_decimal",
        "macos-viraptor-ibtool-numfmt_dedup",
        "macos-viraptor-ibtool-outline_cellview",
        "macos-viraptor-ibtool-popup_default_hugging",
        "macos-viraptor-ibtool-popup_empty",
        "macos-viraptor-ibtool-popup_explicit_font",
        "macos-viraptor-ibtool-pred_compound_chain",
        "macos-viraptor-ibtool-progressindicator_doublevalue",
        "macos-viraptor-ibtool-radio_hugging",
        "macos-viraptor-ibtool-reusable_views_order",
        "macos-viraptor-ibtool-sb_button_hug",
        "macos-viraptor-ibtool-sb_imagecell_nsstyle",
        "macos-viraptor-ibtool-sb_imagecell_style",
        "macos-viraptor-ibtool-sb_swift_wc",
        "macos-viraptor-ibtool-sb_textview",
        "macos-viraptor-ibtool-sb_toolbar_colors_tv",
        "macos-viraptor-ibtool-searchfield_no_completion",
        "macos-viraptor-ibtool-searchfieldcell_customclass",
        "macos-viraptor-ibtool-securetextfield",
        "macos-viraptor-ibtool-segmented_fillprop",
        "macos-viraptor-ibtool-slider_hugging",
        "macos-viraptor-ibtool-square_shadowless_button",
        "macos-viraptor-ibtool-stackview_identifier",
        "macos-viraptor-ibtool-stepper_default",
        "macos-viraptor-ibtool-stepper_vflags",
        "macos-viraptor-ibtool-stepper_wraps",
        "macos-viraptor-ibtool-sv16b",
        "macos-viraptor-ibtool-sv_nohs_wide_col",
        "macos-viraptor-ibtool-tabview_notabsnoborder",
        "macos-viraptor-ibtool-test1",
        "macos-viraptor-ibtool-test10_next_key",
        "macos-viraptor-ibtool-test11_text_view_back",
        "macos-viraptor-ibtool-test12_text_view_border",
        "macos-viraptor-ibtool-test14_custom_classes",
        "macos-viraptor-ibtool-test15_custom_classes",
        "macos-viraptor-ibtool-test19_2_layouts",
        "macos-viraptor-ibtool-test19_layouts",
        "macos-viraptor-ibtool-test21_masktranslate",
        "macos-viraptor-ibtool-test23_segmented",
        "macos-viraptor-ibtool-test27_allows_writing_tools",
        "macos-viraptor-ibtool-test30_character_picker",
        "macos-viraptor-ibtool-test31_wtflags_signed",
        "macos-viraptor-ibtool-test32_hugging_priority",
        "macos-viraptor-ibtool-test33_popup_pulldown",
        "macos-viraptor-ibtool-test5_connect",
        "macos-viraptor-ibtool-test6_whitecolor",
        "macos-viraptor-ibtool-test7_clipview",
        "macos-viraptor-ibtool-test8_menu",
        "macos-viraptor-ibtool-test_6col",
        "macos-viraptor-ibtool-test_accessibility",
        "macos-viraptor-ibtool-test_animations",
        "macos-viraptor-ibtool-test_box_titled",
        "macos-viraptor-ibtool-test_content_border",
        "macos-viraptor-ibtool-test_custom_object_direct",
        "macos-viraptor-ibtool-test_date_formatter",
        "macos-viraptor-ibtool-test_matrix_flags",
        "macos-viraptor-ibtool-test_named_image",
        "macos-viraptor-ibtool-test_outline_header",
        "macos-viraptor-ibtool-test_outline_indent",
        "macos-viraptor-ibtool-test_outline_small_sv",
        "macos-viraptor-ibtool-test_popup_textured",
        "macos-viraptor-ibtool-test_pulldown_title",
        "macos-viraptor-ibtool-test_rect_float_coords",
        "macos-viraptor-ibtool-test_single_col_noresize",
        "macos-viraptor-ibtool-test_slider",
        "macos-viraptor-ibtool-test_slider_prefs",
        "macos-viraptor-ibtool-test_sort_desc",
        "macos-viraptor-ibtool-test_splitview_props",
        "macos-viraptor-ibtool-test_sv2",
        "macos-viraptor-ibtool-test_table_header",
        "macos-viraptor-ibtool-test_table_header_first_col",
        "macos-viraptor-ibtool-test_table_mult_sel_no",
        "macos-viraptor-ibtool-test_table_no_header",
        "macos-viraptor-ibtool-test_table_uniform_header",
        "macos-viraptor-ibtool-test_tv",
        "macos-viraptor-ibtool-test_udra",
        "macos-viraptor-ibtool-test_window_behavior",
        "macos-viraptor-ibtool-textfield_formatter",
        "macos-viraptor-ibtool-textfield_no_truncates",
        "macos-viraptor-ibtool-textfield_textcolor",
        "macos-viraptor-ibtool-textfield_truncates",
        "macos-viraptor-ibtool-textview_attributedstring",
        "macos-viraptor-ibtool-textview_linkdetection",
        "macos-viraptor-ibtool-textview_multiattr",
        "macos-viraptor-ibtool-todo-test19_layouts",
        "macos-viraptor-ibtool-todo-test25_hugging",
        "macos-viraptor-ibtool-todo-test28_tableview_attrs",
        "macos-viraptor-ibtool-todo-test9_menu_conn",
        "macos-viraptor-ibtool-toolbar_button_item",
        "macos-viraptor-ibtool-toolbar_searchfield_view",
        "macos-viraptor-ibtool-tooltip_attr",
        "macos-viraptor-ibtool-tooltip_base64",
        "macos-viraptor-ibtool-tooltip_child",
        "macos-viraptor-ibtool-transmission_MainMenu",
        "macos-viraptor-ibtool-white_color_format",
        "macos-viraptor-ibtool-window",
        "macos-viraptor-ibtool-window_fullsize",
        "macos-viraptor-ibtool-window_toolbarstyle",
        "macos-viraptor-ibtool-with_view",
    ]

    /// How a pair was built where its source does not say: the rows of
    /// `Scripts/compile-xcode.tsv`, the table the scorer's second line uses, so the two never
    /// disagree. Add a newly passing pair of this kind there.
    struct BuiltPair: Sendable, CustomTestStringConvertible {
        /// The pair folder.
        var pair: String
        /// The Xcode that built it, or `nil` for the one that saved the document.
        var xcode: Double?
        /// Whether ibtool found the images (`--images-unavailable` in the table).
        var imagesAvailable: Bool
        /// Whether ibtool ran with overlay scrollers (`--overlay-scrollers` in the table).
        var overlayScrollers = false
        /// The deployment target (`--deployment-target` in the table).
        var deploymentTarget: String?
        /// The menu state images' design sizes (`--menu-state-image-sizes` in the table).
        var menuStateImageSizes: MenuStateImageSizes?

        var testDescription: String { pair }
    }

    /// The rows of `Scripts/compile-xcode.tsv`.
    static let passingAsBuilt: [BuiltPair] = {
        let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/compile-xcode.tsv")
        guard let text = try? String(contentsOf: table, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> BuiltPair? in
            let columns = line.split(separator: "\t").map(String.init)
            guard !line.hasPrefix("#"), columns.count >= 3 else { return nil }
            let options = columns[2].split(separator: " ").map(String.init)
            let target = options.firstIndex(of: "--deployment-target").flatMap {
                options.indices.contains($0 + 1) ? options[$0 + 1] : nil
            }
            let sizes = options.firstIndex(of: "--menu-state-image-sizes").flatMap {
                options.indices.contains($0 + 1) ? MenuStateImageSizes(parsing: options[$0 + 1]) : nil
            }
            return BuiltPair(
                pair: columns[0], xcode: Double(columns[1]), imagesAvailable: !options.contains("--images-unavailable"),
                overlayScrollers: options.contains("--overlay-scrollers"), deploymentTarget: target,
                menuStateImageSizes: sizes)
        }
    }()

    @Test("the build table lists pairs")
    func buildTableIsRead() {
        #expect(Self.passingAsBuilt.count >= 12)
    }

    @Test(
        "compiles to Apple's structure when built as the pair was (Xcode, images, scrollers)", arguments: passingAsBuilt
    )
    func matchesAppleAsBuilt(_ built: BuiltPair) throws {
        let (source, reference) = try Self.files(of: built.pair)
        var options = NibCompiler.Options()
        options.xcode = built.xcode.map(XcodeEra.init)
        options.imagesAvailable = built.imagesAvailable
        options.overlayScrollers = built.overlayScrollers
        options.deploymentTarget = built.deploymentTarget
        options.menuStateImageSizes = built.menuStateImageSizes
        options.module = try Self.module(of: built.pair)
        if options.colorProfiles == nil { options.colorProfiles = CorpusColorProfiles.folder }
        // Interface Builder nib documents (adium, scribendi, AVRFuses) are what IB saved, the
        // editable form (`--flatten NO`), as the scorer compiles them; their designable.nib is
        // the source itself.
        let isDocument = try Self.isNibDocument(built.pair)
        options.flatten = !isDocument
        var compiled = try Source.compiler(options).compile(contentsOf: source)
        if isDocument { compiled.files["designable.nib"] = nil }
        let differences = FileTreeComparison().differences(
            between: try FileTreeComparison.files(at: reference), and: compiled.files)
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description).joined(separator: "\n"))")
    }

    /// Whether the pair's output is an Interface Builder nib document (`family=ib-nib-document`
    /// in the corpus's MANIFEST.tsv), as `Scripts/score-compile.sh` reads it.
    static func isNibDocument(_ pair: String) throws -> Bool {
        let manifest = try Corpus.directory().appendingPathComponent("xib-pairs/MANIFEST.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { line in
            line.hasPrefix("\(pair)\t") && line.contains("family=ib-nib-document")
        }
    }

    /// The source and Apple's output of a pair folder.
    static func files(of pair: String) throws -> (source: URL, reference: URL) {
        let folder = try Corpus.directory().appendingPathComponent("xib-pairs").appendingPathComponent(pair)
        let candidates = [folder, folder.appendingPathComponent("Base.lproj")]
        for directory in candidates {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if let name = names.first(where: { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }) {
                let source = directory.appendingPathComponent(name)
                let base = source.deletingPathExtension()
                let reference = base.appendingPathExtension(name.hasSuffix(".xib") ? "nib" : "storyboardc")
                return (source, reference)
            }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
    }

    /// The `--module` of the pair's `compile.args` (the app target that built it), if any.
    static func module(of pair: String) throws -> String? {
        let argumentsFile = try Corpus.directory().appendingPathComponent("xib-pairs/\(pair)/compile.args")
        guard let text = try? String(contentsOf: argumentsFile, encoding: .utf8) else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let index = words.firstIndex(of: "--module"), index + 1 < words.count else { return nil }
        return words[index + 1]
    }

    @Test("compiles to Apple's structure", arguments: passing)
    func matchesApple(pair: String) throws {
        let (source, reference) = try Self.files(of: pair)
        var options = NibCompiler.Options()
        if options.colorProfiles == nil { options.colorProfiles = CorpusColorProfiles.folder }
        options.module = try Self.module(of: pair)
        let compiled = try Source.compiler(options).compile(contentsOf: source)
        let differences = FileTreeComparison().differences(
            between: try FileTreeComparison.files(at: reference), and: compiled.files)
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description).joined(separator: "\n"))")
    }
}

/// Pairs whose only obstacle is a color ColorSync matches (Display P3 or calibrated RGB to
/// extended sRGB), which NibKit reproduces only approximately: with each such source color
/// replaced by an sRGB color holding Apple's archived float32 components, they compile to
/// exactly Apple's structure; as written, they compile with a warning per converted color and
/// differ from Apple's only in those colors' components (refused when exact colors are asked for).
@Suite("Corpus pairs identical but for ColorSync colors", .corpus)
struct CorpusColorSyncPairTests {
    /// A source color's components (as written, with their color space) and Apple's float32
    /// result for it.
    struct Replacement: Sendable {
        var source: String
        var apple: [Float]
    }

    /// Idrill7's Display P3 colors (Xcode 9); Apple's UIColor #44, #38, #123, #75.
    static let displayP3 = [
        Replacement(
            source: #"red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="displayP3""#,
            apple: [1.093_033_9, -0.226_670_06, -0.150_101_96]),
        Replacement(
            source:
                #"red="1" green="0.97638088971008075" blue="0.96040377405670796" alpha="1" colorSpace="custom" customColorSpace="displayP3""#,
            apple: [1.005_117_4, 0.975_438_2, 0.958_216_13]),
        Replacement(
            source:
                #"red="0.91718763113021851" green="0.19854520261287689" blue="0.13727428019046783" alpha="1" colorSpace="custom" customColorSpace="displayP3""#,
            apple: [0.999_693_6, -0.006_630_021_6, -0.003_124_648_2]),
        Replacement(
            source:
                #"red="0.91718763110000001" green="0.1985452026" blue="0.13727428019999999" alpha="1" colorSpace="custom" customColorSpace="displayP3""#,
            apple: [0.999_693_6, -0.006_630_021_6, -0.003_124_648_2]),
        Replacement(
            source: #"red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="displayP3""#,
            apple: [0, 0, 0]),
    ]

    /// allianad's calibrated RGB text colors (Xcode 8): cyan (UIColor #46 of -8bbedf3d) and
    /// (52, 190, 254) / 255 (#29 of -489d01fe).
    static let calibratedRGB = [
        Replacement(
            source: #"colorSpace="calibratedRGB" red="0" green="1" blue="1" alpha="1""#,
            apple: [-0.172_828_35, 0.991_439_5, 1.000_781_3]),
        Replacement(
            source:
                #"colorSpace="calibratedRGB" red="0.20392156862745098" green="0.74509803921568629" blue="0.996078431372549" alpha="1""#,
            apple: [0.232_764_36, 0.792_803_6, 0.997_886_1]),
    ]

    static let pairs: [(pair: String, replacements: [Replacement])] = [
        ("ios-Idrill7-millasAmetros-Main", displayP3), ("ios-Idrill7-millasAmetros-Main-0a761b4b", displayP3),
        ("ios-Idrill7-millasAmetros-Main-a6ca1ba6", displayP3),
        ("ios-allianad-BMICalculator-Main-8bbedf3d", calibratedRGB),
        ("ios-allianad-BMICalculator-Main-ea36c384", calibratedRGB),
        ("ios-allianad-BMICalculator-Main-489d01fe", calibratedRGB),
    ]

    @Test(
        "as written the pair differs only in converted color components; with Apple's color values it is identical",
        arguments: pairs.map(\.pair))
    func matchesAppleButColors(pair: String) throws {
        let replacements = Self.pairs.first { $0.pair == pair }?.replacements ?? []
        let (source, reference) = try CorpusPairTests.files(of: pair)
        var exact = NibCompiler.Options()
        exact.approximations = .refuse
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.compiler(exact).compile(contentsOf: source) }
        }
        let approximated = try Source.compiler().compile(contentsOf: source)
        #expect(!approximated.warnings.isEmpty)
        let approximateDifferences = FileTreeComparison().differences(
            between: try FileTreeComparison.files(at: reference), and: approximated.files)
        let components: Set = ["value UIColor.UIRed", "value UIColor.UIGreen", "value UIColor.UIBlue"]
        let others = approximateDifferences.filter { !components.contains("\($0.difference.category)") }
        #expect(others.isEmpty, "\(others.prefix(5).map(\.description).joined(separator: "\n"))")
        var text = try String(contentsOf: source, encoding: .utf8)
        var replaced = 0
        for replacement in replacements where text.contains(replacement.source) {
            let components = replacement.apple.map { String(Double($0)) }
            text = text.replacingOccurrences(
                of: replacement.source,
                with:
                    #"red="\#(components[0])" green="\#(components[1])" blue="\#(components[2])" alpha="1" colorSpace="custom" customColorSpace="sRGB""#
            )
            replaced += 1
        }
        #expect(replaced > 0)
        let compiled = try Source.compiler().compile(Data(text.utf8), fileName: source.lastPathComponent)
        let differences = FileTreeComparison().differences(
            between: try FileTreeComparison.files(at: reference), and: compiled.files)
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description).joined(separator: "\n"))")
    }
}

/// Xcode 13.2 pairs (duckduckgo) whose only differences from Apple's output are the float32
/// components of calibrated RGB colors, which ColorSync converts with an arithmetic NibKit
/// approximates (docs/COMPILE.md, "Color matching (iOS)"): everything else — the cells' system
/// background views and configurations, their safe area guides, their separators at x = 8, the
/// onboarding storyboards' attributed labels — is Apple's structure.
@Suite("Xcode 13 cells equal to Apple's but for ColorSync's digits", .corpus)
struct CorpusXcode13CellPairTests {
    static let pairs = [
        "ios-duckduckgo-iOS-BrowsingMenuSeparatorViewCell", "ios-duckduckgo-iOS-PrivacyProtectionHeaderCell",
        // Its plain table's systemBackgroundColor: named tableBackgroundColor, its own object.
        "ios-duckduckgo-iOS-BrowsingMenuViewController",
        // Storyboards whose attributed labels name fonts the app ships: archived as the system font.
        "ios-duckduckgo-iOS-DaxOnboarding", "ios-duckduckgo-iOS-Onboarding",
    ]

    @Test("differs from Apple's output only in converted color components", arguments: pairs)
    func onlyColorComponentsDiffer(pair: String) throws {
        let (source, reference) = try CorpusPairTests.files(of: pair)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        options.deploymentTarget = "13.0"
        let compiled = try Source.compiler(options).compile(contentsOf: source)
        #expect(compiled.warnings.contains { $0.kind == .colorConversion })
        let differences = FileTreeComparison().differences(
            between: try FileTreeComparison.files(at: reference), and: compiled.files)
        #expect(!differences.isEmpty)
        let components: Set = ["value UIColor.UIRed", "value UIColor.UIGreen", "value UIColor.UIBlue"]
        let others = differences.filter { !components.contains("\($0.difference.category)") }
        #expect(others.isEmpty, "\(others.prefix(5).map(\.description).joined(separator: "\n"))")
    }
}

/// Static table views and styled cells as Xcode 13.2 compiles them: the view nib of
/// duckduckgo's Debug menu (a plain static table, one section, six Basic cells with disclosure
/// indicators and show segues) is Apple's, file for file.
@Suite("Xcode 13 static tables", .corpus)
struct CorpusStaticTableTests {
    @Test(
        "the Debug menu's static table view nib equals Apple's: data source, sections, rows, styled cells, cell segues")
    func debugMenu() throws {
        let (source, reference) = try CorpusPairTests.files(of: "ios-duckduckgo-iOS-Debug")
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        options.module = "DuckDuckGo"
        options.deploymentTarget = "13.0"
        let compiled = try Source.compiler(options).compile(contentsOf: source)
        let name = "aoH-Pp-DbP-view-gI6-vF-GfI.nib"
        let apple = try FileTreeComparison.files(at: reference).filter { $0.key == name }
        #expect(apple.count == 1)
        let ours = compiled.files.filter { $0.key == name }
        #expect(ours.count == 1)
        let differences = FileTreeComparison().differences(between: apple, and: ours)
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description).joined(separator: "\n"))")
        // The same nib keeps what makes it a static table.
        let graph = Graph(try NibArchive(parsing: ours[name] ?? []))
        #expect(graph.topLevelClasses.suffix(2) == ["UITableView", "UITableViewDataSource"])
        #expect(graph.all("UITableViewRow").count == 6)
        #expect(graph.all("UITableViewLabel").count == 6)
    }
}
