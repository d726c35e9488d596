import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import NibDiff
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `NibDecompiler`: nibs back to documents, judged by compiling the document again.
@Suite("Decompiling nibs")
struct DecompileTests {
    /// A document with the commonest classes and parts: File's Owner with a custom class and
    /// outlets, views, a label, buttons, an image view, a stack view, a text field, constraints,
    /// an action, runtime attributes, colors and fonts (written as Xcode 9 saves them).
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="13771" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="ProfileViewController" customModule="App">
                    <connections>
                        <outlet property="view" destination="i5M-Pr-FkT" id="sfx-zR-JGt"/>
                        <outlet property="nameLabel" destination="Xk2-3b-aQ1" id="Ol1-aa-bb1"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view clearsContextBeforeDrawing="NO" contentMode="scaleToFill" id="i5M-Pr-FkT">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Name" textAlignment="center" lineBreakMode="tailTruncation" numberOfLines="2" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Xk2-3b-aQ1">
                            <rect key="frame" x="16" y="40" width="343" height="21"/>
                            <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
                            <color key="textColor" red="0.20000000298023224" green="0.40000000596046448" blue="0.60000002384185791" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            <nil key="highlightedColor"/>
                        </label>
                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="roundedRect" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="Bt1-x2-Qz9">
                            <rect key="frame" x="16" y="80" width="100" height="30"/>
                            <state key="normal" title="Save"/>
                            <connections>
                                <action selector="save:" destination="-1" eventType="touchUpInside" id="Ac1-tn-Sv1"/>
                            </connections>
                        </button>
                        <imageView userInteractionEnabled="NO" contentMode="scaleAspectFit" horizontalHuggingPriority="251" verticalHuggingPriority="251" image="avatar" translatesAutoresizingMaskIntoConstraints="NO" id="Im1-gV-w01">
                            <rect key="frame" x="16" y="120" width="64" height="64"/>
                        </imageView>
                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="St1-ck-V01">
                            <rect key="frame" x="16" y="200" width="343" height="60"/>
                            <subviews>
                                <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Email" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="Tf1-ie-L01">
                                    <rect key="frame" x="0.0" y="0.0" width="343" height="30"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                    <textInputTraits key="textInputTraits" keyboardType="emailAddress" returnKeyType="next"/>
                                </textField>
                                <view contentMode="scaleToFill" tag="7" translatesAutoresizingMaskIntoConstraints="NO" id="Vw2-a1-b02">
                                    <rect key="frame" x="0.0" y="38" width="343" height="22"/>
                                    <color key="backgroundColor" white="0.5" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                    <userDefinedRuntimeAttributes>
                                        <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                                            <integer key="value" value="4"/>
                                        </userDefinedRuntimeAttribute>
                                        <userDefinedRuntimeAttribute type="string" keyPath="accessibilityIdentifier" value="divider"/>
                                    </userDefinedRuntimeAttributes>
                                </view>
                            </subviews>
                        </stackView>
                    </subviews>
                    <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                    <constraints>
                        <constraint firstItem="Xk2-3b-aQ1" firstAttribute="leading" secondItem="i5M-Pr-FkT" secondAttribute="leading" constant="16" id="C01-aa-a01"/>
                        <constraint firstItem="Xk2-3b-aQ1" firstAttribute="top" secondItem="i5M-Pr-FkT" secondAttribute="top" constant="40" id="C02-aa-a02"/>
                        <constraint firstAttribute="trailing" secondItem="Xk2-3b-aQ1" secondAttribute="trailing" constant="16" id="C03-aa-a03"/>
                        <constraint firstItem="Bt1-x2-Qz9" firstAttribute="top" secondItem="Xk2-3b-aQ1" secondAttribute="bottom" constant="19" id="C04-aa-a04"/>
                        <constraint firstItem="Im1-gV-w01" firstAttribute="width" secondItem="Im1-gV-w01" secondAttribute="height" multiplier="1:1" id="C05-aa-a05"/>
                        <constraint firstItem="St1-ck-V01" firstAttribute="top" relation="greaterThanOrEqual" secondItem="Im1-gV-w01" secondAttribute="bottom" constant="16" priority="750" id="C06-aa-a06"/>
                    </constraints>
                </view>
            </objects>
            <resources>
                <image name="avatar" width="64" height="64"/>
            </resources>
        </document>
        """

    static func compiled(_ text: String, fileName: String = "Test.xib") throws -> NibArchive {
        let nib = try NibCompiler().compile(Data(text.utf8), fileName: fileName)
        let bytes = try #require(nib.files[""])
        return try NibArchive(parsing: bytes)
    }

    @Test("A compiled document decompiles to one that compiles to a structurally equal nib")
    func roundTrip() throws {
        let original = try Self.compiled(Self.document)
        let result = try NibDecompiler().decompile(original)
        #expect(result.unmappedCount == 0, "no source form for \(result.unmapped)")
        #expect(result.xcode == XcodeEra(9), "the nib shows Xcode 9's keys (font scaling, no large content)")
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Again.xib")
        let bytes = try #require(again.files[""])
        let differences = StructuralComparison().differences(between: original, and: try NibArchive(parsing: bytes))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
        // What the source says survives in the document's own terms.
        for fragment in [
            "text=\"Name\"" as String, "textAlignment=\"center\"",
            "buttonType=\"system\"", "title=\"Save\"", "selector=\"save:\"", "eventType=\"touchUpInside\"",
            "keyPath=\"layer.cornerRadius\"", "axis=\"vertical\"", "keyboardType=\"emailAddress\"",
            "<image name=\"avatar\" width=\"64\" height=\"64\"/>", "relation=\"greaterThanOrEqual\"",
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
    }

    @Test("The same nib gives the same document, with ids in Xcode's shape")
    func stableIDs() throws {
        let original = try Self.compiled(Self.document)
        let first = try NibDecompiler().decompile(original).document
        let second = try NibDecompiler().decompile(original).document
        #expect(first == second)
        // Object ids only: a `<device id="retina6_1">` names a simulated device, not an object.
        let ids = first.replacing(/<device [^>]*>/, with: "").matches(of: /\bid="([^"]*)"/).map { String($0.output.1) }
        #expect(ids.count > 15)
        for id in ids where id != "-1" && id != "-2" {
            #expect(id.wholeMatch(of: /[A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3}/) != nil, "id \(id)")
        }
        #expect(Set(ids).count == ids.count, "every id is unique")
    }

    @Test("What has no source form is kept as a comment and counted")
    func unmappedKeys() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let topLevel = builder.addObject(className: "NSArray")
        let view = builder.addObject(className: "UIView")
        builder.append(.objectReference(topLevel), forKey: "UINibTopLevelObjectsKey", to: root)
        builder.append(.objectReference(view), forKey: NibArchive.Builder.emptyKey, to: topLevel)
        builder.append(.int8(3), forKey: "UIMadeUpKey", to: view)
        let result = try NibDecompiler().decompile(try builder.build())
        #expect(result.unmapped["UIView.UIMadeUpKey"] == 1)
        #expect(result.document.contains("<!-- nibtool decompile: UIMadeUpKey (int8 3) has no source form -->"))
    }

    @Test("Hostile graphs: cycles, deep nesting, a view that is its own subview, a color that is no color")
    func hostileGraphs() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let topLevel = builder.addObject(className: "NSArray")
        builder.append(.objectReference(topLevel), forKey: "UINibTopLevelObjectsKey", to: root)
        var parent = builder.addObject(className: "UIView")
        builder.append(.objectReference(parent), forKey: NibArchive.Builder.emptyKey, to: topLevel)
        let first = parent
        for _ in 0..<2_000 {
            let subviews = builder.addObject(className: "NSMutableArray")
            let child = builder.addObject(className: "UIView")
            builder.append(.objectReference(subviews), forKey: "UISubviews", to: parent)
            builder.append(.objectReference(child), forKey: NibArchive.Builder.emptyKey, to: subviews)
            builder.append(.objectReference(first), forKey: NibArchive.Builder.emptyKey, to: subviews)
            builder.append(.data([7, 1, 2]), forKey: "UIBounds", to: child)
            builder.append(.objectReference(root), forKey: "UIBackgroundColor", to: child)
            builder.append(.objectReference(subviews), forKey: "UIViewAutolayoutConstraints", to: child)
            parent = child
        }
        let result = try NibDecompiler().decompile(try builder.build())
        #expect(result.unmapped["deep view", default: 0] >= 1)
        #expect(result.unmapped["shared view", default: 0] > 0)
    }

    @Test(
        "Hostile trait storages and static tables: a view its own candidate, a wrapped color its own base, a static cell that is its table"
    )
    func hostileStorages() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let topLevel = builder.addObject(className: "NSArray")
        builder.append(.objectReference(topLevel), forKey: "UINibTopLevelObjectsKey", to: root)
        let table = builder.addObject(className: "UITableView")
        builder.append(.objectReference(table), forKey: NibArchive.Builder.emptyKey, to: topLevel)
        // A data source whose only row's cell is the table itself.
        let dataSource = builder.addObject(className: "UITableViewDataSource")
        builder.append(.objectReference(dataSource), forKey: NibArchive.Builder.emptyKey, to: topLevel)
        let sections = builder.addObject(className: "NSArray")
        let section = builder.addObject(className: "UITableViewSection")
        let rows = builder.addObject(className: "NSArray")
        let row = builder.addObject(className: "UITableViewRow")
        builder.append(.objectReference(sections), forKey: "UITableSections", to: dataSource)
        builder.append(.objectReference(section), forKey: NibArchive.Builder.emptyKey, to: sections)
        builder.append(.objectReference(rows), forKey: "UITableSectionRows", to: section)
        builder.append(.objectReference(row), forKey: NibArchive.Builder.emptyKey, to: rows)
        builder.append(.objectReference(table), forKey: "UITableRowCell", to: row)
        // A background whose modified-color wrapper is its own base.
        let color = builder.addObject(className: "UIColor")
        builder.append(.objectReference(color), forKey: "UIDynamicModifiedBaseColor", to: color)
        builder.append(.float64(.greatestFiniteMagnitude), forKey: "UIDynamicModifiedAlphaComponent", to: color)
        builder.append(.objectReference(color), forKey: "UIBackgroundColor", to: table)
        // A trait storage list whose relationship storage lists the table among its own
        // candidates, with a record whose trait collection is no trait collection.
        let lists = builder.addObject(className: "NSArray")
        builder.append(.objectReference(lists), forKey: "UINibTraitStorageListsKey", to: root)
        let list = builder.addObject(className: "_UITraitStorageList")
        builder.append(.objectReference(list), forKey: NibArchive.Builder.emptyKey, to: lists)
        let storages = builder.addObject(className: "NSArray")
        builder.append(.objectReference(storages), forKey: "UITraitStorages", to: list)
        let storage = builder.addObject(className: "_UIRelationshipTraitStorage")
        builder.append(.objectReference(storage), forKey: NibArchive.Builder.emptyKey, to: storages)
        let keyPath = builder.addObject(className: "NSString")
        builder.append(.data(ArraySlice("traitStorageSubviews".utf8)), forKey: "NS.bytes", to: keyPath)
        builder.append(.objectReference(table), forKey: "UIObject", to: storage)
        builder.append(.objectReference(keyPath), forKey: "UIKeyPath", to: storage)
        let candidates = builder.addObject(className: "NSOrderedSet")
        builder.append(.objectReference(table), forKey: "NS.object.0", to: candidates)
        builder.append(.objectReference(candidates), forKey: "UIRelationshipCandidates", to: storage)
        let records = builder.addObject(className: "NSMutableArray")
        let record = builder.addObject(className: "_UIRelationshipTraitStorageRecord")
        builder.append(.objectReference(records), forKey: "UIRecords", to: storage)
        builder.append(.objectReference(record), forKey: NibArchive.Builder.emptyKey, to: records)
        builder.append(.objectReference(root), forKey: "UITraitCollection", to: record)
        let result = try NibDecompiler().decompile(try builder.build())
        #expect(result.document.contains(#"dataMode="static""#))
        #expect(result.unmapped["shared view", default: 0] >= 1, "the table is not placed twice")
    }

    @Test("An archive that is not a nib is refused with what it lacks")
    func notANib() throws {
        var builder = NibArchive.Builder()
        _ = builder.addObject(className: "NSString")
        #expect(throws: DecompileError.self) { try NibDecompiler().decompile(try builder.build()) }
    }
}

/// The corpus: every nib decompiles, and the documents use only what real documents use.
@Suite("Decompiling the corpus", .corpus)
struct DecompileCorpusTests {
    /// Element name → the attributes real documents give it (`xib-pairs` and `wild`).
    static func vocabulary() throws -> [String: Set<String>] {
        let root = try Corpus.directory()
        var found: [String: Set<String>] = [:]
        for folder in ["xib-pairs", "wild"] {
            let base = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in enumerator where ["xib", "storyboard"].contains(url.pathExtension) {
                let parser = XMLParser(data: try Data(contentsOf: url))
                let collector = Collector()
                parser.delegate = collector
                _ = parser.parse()
                found.merge(collector.found) { $0.union($1) }
            }
        }
        return found
    }

    final class Collector: NSObject, XMLParserDelegate, @unchecked Sendable {
        var found: [String: Set<String>] = [:]
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            found[name, default: []].formUnion(attributes.keys)
        }
    }

    /// A nib file: a NIBArchive, or a keyed archive read as one.
    static func archive(_ url: URL) throws -> NibArchive {
        let bytes = [UInt8](try Data(contentsOf: url))
        return NibArchive.hasMagic(bytes) ? try NibArchive(parsing: bytes) : try NibArchive(keyedArchiveBytes: bytes)
    }

    /// What the decompiler writes that no corpus document happens to use, each with the rule
    /// of the compiler that reads it (the corpus lacks an example, not Interface Builder).
    static let exceptions: Set<String> = [
        // ClassHierarchy.uiKitElementClasses: Interface Builder's element for GLKView.
        "<glkView>",
        // GestureRecognizerRule.classes: the pinch recognizer's element.
        "<pinchGestureRecognizer>",
        // ButtonRule reads it (UISelected): UIControl's selected state, beside `enabled`; no
        // source in the corpus has a selected button, its compiled nibs hold 22.
        "<button selected>", "<textField selected>",
        // UIKitStackViewRule reads it (UIStackViewLayoutMarginsRelative).
        "<stackView layoutMarginsRelativeArrangement>",
        // ViewEncoder.commonAttributes: attributes of every view kind, which the corpus shows on
        // other kinds only.
        "<button autoresizesSubviews>", "<pickerView insetsLayoutMarginsFromSafeArea>", "<datePicker opaque>",
        "<segmentedControl multipleTouchEnabled>",
        // UIKitScrollViewRule.attributes: scroll view attributes the corpus shows on text,
        // table and collection views only (UIScrollDisabled, UIPagingEnabled of compiled
        // scroll views).
        "<scrollView scrollEnabled>", "<scrollView pagingEnabled>", "<collectionView bounces>",
        "<collectionView bouncesZoom>",
        // ProgressViewRule reads it (UIProgressProgressImage of the corpus's compiled progress view).
        "<progressView progressImage>",
        // ButtonConfigurationRule reads them: 0senno's configured buttons (Xcode 16 era) archive
        // a trailing image placement (8) and a medium corner style (2), which no document of
        // the corpus sets (UIButton.Configuration's public properties).
        "<buttonConfiguration imagePlacement>", "<buttonConfiguration cornerStyle>",
        // NavigationRule.setPriorities reads them (ViewEncoder's view attributes): Umarovm's
        // bars archive compression resistance "{750, 750}", chadanewsom's "{750, 250}"; no
        // document of the corpus gives a bar a priority.
        "<navigationBar horizontalCompressionResistancePriority>",
        "<navigationBar verticalCompressionResistancePriority>",
        // DatePickerRule reads them: ertmuirm's picker archives UIPickerStyle 1 (wheels) and
        // Umarovm's UICountDownDuration 300, which no date picker source of the corpus sets
        // (UIDatePicker's preferredDatePickerStyle and countDownDuration).
        "<datePicker style>", "<datePicker countDownDuration>",
    ]

    @Test(
        "Every corpus nib and every pair's Apple output decompiles, using only elements and attributes real documents use"
    )
    func corpusDecompiles() throws {
        let vocabulary = try Self.vocabulary()
        #expect(vocabulary.count > 100)
        var documents: [String] = []
        for url in try Corpus.nibFiles() {
            let archive = try NibArchive(parsing: [UInt8](try Data(contentsOf: url)))
            documents.append(try NibDecompiler().decompile(archive).document)
        }
        #expect(documents.count >= 298)
        // The pairs' Apple outputs: nib files (NIBArchive or keyed) and .storyboardc folders.
        let pairs = try Corpus.directory().appendingPathComponent("xib-pairs")
        let manager = FileManager.default
        var outputs = 0
        for pair in try manager.contentsOfDirectory(at: pairs, includingPropertiesForKeys: nil) {
            guard let enumerator = manager.enumerator(at: pair, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in enumerator {
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
                if url.pathExtension == "storyboardc", isDirectory.boolValue {
                    var nibs: [(name: String, archive: NibArchive)] = []
                    for file in try manager.subpathsOfDirectory(atPath: url.path).sorted() where file.hasSuffix(".nib")
                    {
                        var isFolder: ObjCBool = false
                        _ = manager.fileExists(atPath: url.appendingPathComponent(file).path, isDirectory: &isFolder)
                        if isFolder.boolValue { continue }
                        nibs.append((file, try Self.archive(url.appendingPathComponent(file))))
                    }
                    let info = try? Data(contentsOf: url.appendingPathComponent("Info.plist"))
                    documents.append(
                        try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: info.map { [UInt8]($0) })
                            .document)
                    outputs += 1
                } else if url.pathExtension == "nib", !isDirectory.boolValue, !url.path.contains(".storyboardc/"),
                    !url.deletingLastPathComponent().lastPathComponent.hasSuffix(".nib")
                {
                    documents.append(try NibDecompiler().decompile(try Self.archive(url)).document)
                    outputs += 1
                }
            }
        }
        #expect(outputs >= 200, "the pairs hold \(outputs) Apple outputs of one file or storyboard")
        var unknown: Set<String> = []
        for document in documents {
            let collector = DecompileCorpusTests.Collector()
            let parser = XMLParser(data: Data(document.utf8))
            parser.delegate = collector
            #expect(parser.parse(), "a decompiled document is not well-formed XML")
            for (element, attributes) in collector.found {
                guard let known = vocabulary[element] else {
                    unknown.insert("<\(element)>")
                    continue
                }
                for attribute in attributes.subtracting(known) { unknown.insert("<\(element) \(attribute)>") }
            }
        }
        #expect(unknown.subtracting(Self.exceptions).isEmpty, "not in any real document: \(unknown.sorted())")
    }
}

/// Storyboards decompiled for Xcode 13, whose compiler sizes root views by the previewed device.
@Suite("Decompiling Xcode 13 storyboards: the previewed device")
struct DecompileDeviceTests {
    @Test("root views keep their size: the device most of them fit, freeform sizes for the rest")
    func deviceAndFreeformSizes() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="a">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController id="a" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="av">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hi" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" id="l1">
                                        <rect key="frame" x="0.0" y="0.0" width="40" height="20"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                </subviews>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="f1" sceneMemberID="firstResponder"/>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <viewController storyboardIdentifier="B" id="b" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="bv">
                                <rect key="frame" x="0.0" y="0.0" width="300" height="400"/>
                            </view>
                            <size key="freeformSize" width="300" height="400"/>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="f2" sceneMemberID="firstResponder"/>
                    </objects></scene>
                </scenes>
            </document>
            """
        // (The label's system font shows the decompiler the nib is Xcode 13's.)
        let compiled = try Xcode13Storyboard.compile(text)
        let nibs = try compiled.files.filter { $0.key.hasSuffix(".nib") }.sorted { $0.key < $1.key }.map {
            (name: $0.key, archive: try NibArchive(parsing: $0.value))
        }
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: compiled.files["Info.plist"])
        #expect(result.document.contains(#"<device id="retina6_12" orientation="portrait""#))
        #expect(result.document.contains(#"<size key="freeformSize" width="300" height="400"/>"#))
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Again.storyboard")
        let differences = FileTreeComparison().differences(
            between: compiled.files.filter { (key, _) in key != "Info.plist" },
            and: again.files.filter { (key, _) in key != "Info.plist" })
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
    }
}
