import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

/// iOS directory nibs (`runtime.nib` + `objects-<V>+.nib`, `UIKitNibVariants`), against
/// Apple's: the corpus flattens them as `X.nib_runtime.nib` and `X.nib_objects-<V>-.nib`.
@Suite("UIKit directory nibs by deployment target", .corpus)
struct UIKitNibVariantsTests {
    /// The corpus file `nib/NAME` as an archive.
    static func corpusNib(_ name: String) throws -> NibArchive {
        try NibArchive(parsing: try Corpus.nibBytes(named: name))
    }

    /// Compiles a decompiled document back with the Xcode it names.
    static func compile(
        _ result: NibDecompiler.Result, fileName: String, deploymentTarget: String? = nil
    ) throws -> CompiledNib {
        var options = NibCompiler.Options(deploymentTarget: deploymentTarget)
        options.xcode = result.xcode
        return try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: fileName, isBaseLocalized: result.isBaseLocalized)
    }

    static let footerCell = "ertmuirm-mirrorios__Frameworks_Beacon.framework_HSBeaconArticlesFooterCell.nib"

    @Test("a named color before iOS 13: both files as Apple's, runtime.nib with the colors' trait storages")
    func namedColorsSplitAt13() throws {
        // Apple's two files differ only in runtime.nib's trait storage list (the evidence).
        let runtime = try Self.corpusNib(Self.footerCell + "_runtime.nib")
        let objects = try Self.corpusNib(Self.footerCell + "_objects-13.0-.nib")
        let apple = StructuralComparison().differences(between: runtime, and: objects)
        #expect(!apple.isEmpty && apple.allSatisfy { $0.path.contains("UINibTraitStorageListsKey") }, "\(apple)")

        let result = try NibDecompiler().decompile(directoryNib: [
            (name: "runtime.nib", archive: runtime), (name: "objects-13.0+.nib", archive: objects),
        ])
        // 12.0: the release before the variant's (0xC00).
        #expect(result.document.contains(#"<deployment version="3072" identifier="iOS"/>"#))
        let compiled = try Self.compile(result, fileName: "Footer.xib")
        #expect(compiled.kind == .nibDirectory)
        #expect(Set(compiled.files.keys) == ["runtime.nib", "objects-13.0+.nib"])
        let ours = try NibArchive(parsing: compiled.files["objects-13.0+.nib"] ?? [])
        let differences = StructuralComparison().differences(between: objects, and: ours)
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
        // runtime.nib: the button's title color twice and its runtime attribute's color.
        let ourRuntime = try NibArchive(parsing: compiled.files["runtime.nib"] ?? [])
        let runtimeDifferences = StructuralComparison().differences(between: runtime, and: ourRuntime)
        #expect(runtimeDifferences.isEmpty, "\(runtimeDifferences.prefix(5).map(\.description))")
        #expect(!compiled.warnings.contains { $0.message.contains("before 13.0") })

        // A target of 13.0 (the option wins over the document's) gives one nib, the same objects.
        let single = try Self.compile(result, fileName: "Footer.xib", deploymentTarget: "13.0")
        #expect(single.kind == .nibFile)
        #expect(single.files[""] == compiled.files["objects-13.0+.nib"])
    }

    @Test(
        "named colors in a storyboard view nib before iOS 13: runtime.nib's storages around its variations, as Apple's")
    func storyboardNamedColorsBefore13() throws {
        // BeaconMessaging: the oqp-Of-qwo view's runtime.nib (three backgrounds, four
        // constraint variations); the storyboard's other nibs are its objects-13.0+ variants.
        let stem = "ertmuirm-mirrorios__Frameworks_Beacon.framework_BeaconMessaging.storyboardc_"
        let view = "oqp-Of-qwo-view-QWJ-5m-r9w.nib"
        var nibs: [(name: String, archive: NibArchive)] = [
            (view + "/runtime.nib", try Self.corpusNib(stem + view + "_runtime.nib"))
        ]
        for name in [
            "UIViewController-WOD-d5-LBC.nib", "WOD-d5-LBC-view-sCh-37-iWd.nib", "hsBeaconMessageEntryContainer.nib",
            "qez-J8-8f4-view-0R2-KR-Ehz.nib",
        ] {
            nibs.append((name + "/objects-13.0+.nib", try Self.corpusNib(stem + name + "_objects-13.0-.nib")))
        }
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: nil)
        let compiled = try Self.compile(result, fileName: "BeaconMessaging.storyboard")
        let differences = StructuralComparison().differences(
            between: try Self.corpusNib(stem + view + "_runtime.nib"),
            and: try NibArchive(parsing: compiled.files[view + "/runtime.nib"] ?? []))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
        #expect(compiled.files[view + "/runtime.nib"] != compiled.files[view + "/objects-13.0+.nib"])
    }

    static let cell = "kiralab-dmcc__JSQMessagesCollectionViewCell"

    @Test("a cell's pinned content view before iOS 12.3: runtime.nib without the pins, as Apple's")
    func cellContentUnpinnedBefore12_3() throws {
        let objects = try Self.corpusNib(Self.cell + "Incoming.nib_objects-12.3-.nib")
        let result = try NibDecompiler().decompile(directoryNib: [(name: "objects-12.3+.nib", archive: objects)])
        let compiled = try Self.compile(result, fileName: "Incoming.xib")
        #expect(Set(compiled.files.keys) == ["runtime.nib", "objects-12.3+.nib"])
        for (file, apple) in [
            ("objects-12.3+.nib", objects), ("runtime.nib", try Self.corpusNib(Self.cell + "Incoming.nib_runtime.nib")),
        ] {
            let differences = StructuralComparison().differences(
                between: apple, and: try NibArchive(parsing: compiled.files[file] ?? []))
            #expect(differences.isEmpty, "\(file): \(differences.prefix(5).map(\.description))")
        }
        #expect(!compiled.warnings.contains { $0.message.contains("before 12.3") })
    }

    @Test("runtime.nib alone asks for the target its older form shows, and compiles back to itself")
    func runtimeNibAloneRoundTrips() throws {
        for name in [Self.cell + "Outgoing.nib_runtime.nib", Self.footerCell + "_runtime.nib"] {
            let runtime = try Self.corpusNib(name)
            let result = try NibDecompiler().decompile(directoryNib: [(name: "runtime.nib", archive: runtime)])
            #expect(result.document.contains(#"<deployment version="3072" identifier="iOS"/>"#), "\(name)")
            let compiled = try Self.compile(result, fileName: "Cell.xib")
            let differences = StructuralComparison().differences(
                between: runtime, and: try NibArchive(parsing: compiled.files["runtime.nib"] ?? []))
            #expect(differences.isEmpty, "\(name): \(differences.prefix(5).map(\.description))")
        }
    }

    @Test("a named color the runtime form does not model (in attributed text): warned, runtime.nib the 13.0 form")
    func unmodelledNamedColorIsWarned() throws {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" \
            targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" \
            useSafeAreas="YES" colorMatched="YES">
                <dependencies>
                    <deployment version="3072" identifier="iOS"/>
                    <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="17703"/>
                </dependencies>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" id="L1">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <attributedString key="attributedText">
                            <fragment content="Hi">
                                <attributes>
                                    <color key="NSColor" name="accent"/>
                                </attributes>
                            </fragment>
                        </attributedString>
                    </label>
                </objects>
                <resources>
                    <namedColor name="accent">
                        <color red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                    </namedColor>
                </resources>
            </document>
            """
        let compiled = try NibCompiler().compile(Data(source.utf8), fileName: "Attributed.xib")
        #expect(compiled.kind == .nibDirectory)
        #expect(compiled.warnings.contains { $0.message.contains("before 13.0") })
        #expect(compiled.files["runtime.nib"] == compiled.files["objects-13.0+.nib"])
    }

    @Test("a storyboard using the safe area before iOS 11: every nib a directory, as ghuntley's launch screen")
    func safeAreaSplitsEveryNibOfTheStoryboard() throws {
        let stem = "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_LaunchScreen.storyboardc_"
        let names = ["UIViewController-ndM-0H-HLb.nib", "ndM-0H-HLb-view-ccJ-n5-IxS.nib"]
        var nibs: [(name: String, archive: NibArchive)] = []
        for name in names {
            nibs.append((name + "/objects-11.0+.nib", try Self.corpusNib(stem + name + "_objects-11.0-.nib")))
        }
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: nil)
        #expect(result.document.contains(#"<deployment version="2560" identifier="iOS"/>"#))
        let compiled = try Self.compile(result, fileName: "LaunchScreen.storyboard")
        let expected = Set(names.flatMap { [$0 + "/runtime.nib", $0 + "/objects-11.0+.nib"] })
        #expect(Set(compiled.files.keys).subtracting(["Info.plist"]) == expected)
        // The controller's nib holds no view: Apple's two variants are equal, and so is ours.
        let controller = names[0] + "/objects-11.0+.nib"
        let differences = StructuralComparison().differences(
            between: try Self.corpusNib(stem + names[0] + "_runtime.nib"),
            and: try NibArchive(parsing: compiled.files[controller] ?? []))
        #expect(differences.isEmpty, "\(differences.prefix(5).map(\.description))")
        // The view's runtime.nib (layout guides for the safe area) is not modelled: warned.
        #expect(compiled.warnings.contains { $0.message.contains("before 11.0") })
    }

    @Test("a safe area no constraint uses splits nothing (Zebra's cell, iOS 9.0: one nib, as Apple's)")
    func unusedSafeAreaIsOneNib() throws {
        let pair = try Corpus.directory().appendingPathComponent("xib-pairs/ios-zbrateam-Zebra-ZBPackageTableViewCell")
        let compiled = try NibCompiler(options: NibCompiler.Options(deploymentTarget: "9.0")).compile(
            contentsOf: pair.appendingPathComponent("ZBPackageTableViewCell.xib"))
        var isDirectory: ObjCBool = true
        #expect(
            FileManager.default.fileExists(
                atPath: pair.appendingPathComponent("ZBPackageTableViewCell.nib").path, isDirectory: &isDirectory))
        #expect(!isDirectory.boolValue)
        #expect(compiled.kind == .nibFile)
    }

    @Test("a directory nib inside a .storyboardc is written as a folder")
    func writesNestedDirectories() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nibkit-variants-\(UUID().uuidString).storyboardc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let nib = CompiledNib(kind: .storyboard, files: ["A.nib/runtime.nib": [1], "A.nib/objects-11.0+.nib": [2]])
        try nib.write(to: folder)
        #expect(
            try Data(contentsOf: folder.appendingPathComponent("A.nib/objects-11.0+.nib")) == Data([2]))
        let hostile = CompiledNib(kind: .storyboard, files: ["../A.nib/runtime.nib": [1]])
        #expect(throws: CompileError.self) { try hostile.write(to: folder) }
    }
}
