/// Which files ibtool writes for each iOS nib, by deployment target: one nib, or a directory
/// `X.nib/` holding `runtime.nib` and `objects-<V>+.nib`.
///
/// UIKit loads `objects-<V>+.nib` on iOS `V` and later and `runtime.nib` before, so ibtool
/// splits a nib when the document uses something whose archived form only iOS `V` and later
/// decode and the deployment target is before `V`: `objects-<V>+.nib` is the nib a target of
/// `V` gets, `runtime.nib` the same objects in the older form. Every nib of a storyboard is
/// split alike, those without the feature too (ghuntley's COVIDSafe `Main.storyboardc`,
/// xuyuntest's bee `Main.storyboardc`, the duckduckgo Settings pair: every nib a directory).
///
/// | V | What in the document asks for it | What `runtime.nib` holds instead (evidence) | Modelled |
/// |---|---|---|---|
/// | 11.0 | a constraint to a view's safe area (`<viewLayoutGuide key="safeArea">`); a guide no constraint uses is not archived and splits nothing (Zebra's xib and launch screen, deployment 9.0, one nib each) | top and bottom `_UILayoutGuide`s (with `_UILayoutSupportConstraint`s) and the view's own edges in place of the safe area guide (ghuntley LaunchScreen and Main, deployment before 11) | no: warned, `runtime.nib` is the 11.0 form |
/// | 12.3 | a collection view cell whose content view has subviews (pinned to the cell by four `UIIBSystemGenerated` constraints, ``CollectionViewCellRule``) | the content view unpinned, translating its autoresizing mask (kiralab's JSQMessages cells) | yes (``UIKitRuntimeForm``), but prototype cells: warned |
/// | 13.0 | a named (asset catalog) color, `<color name>` naming a `<namedColor>` | also a `_UITraitStorageList` of `_UIColorAttributeTraitStorage`s, one per use: object, key path, asset name and fallback color (ertmuirm's Beacon framework: HSBeaconArticlesFooterCell, BeaconMessaging) | yes (``UIKitRuntimeForm``) for views' colors, button states' title colors and runtime attributes; other uses warned |
/// | 14.0 | an SF Symbol `<imageReference catalog="system">`, a configured symbol (duckduckgo Settings, deployment 13.0; a plain `image=… catalog="system"` is not taken for one: iOS 13 decodes its placeholder, as Umarovm's Xcode 11 nibs show) | the same bytes, but a symbol in a button state is a rendered `UIImage` (`UIIsSystemImage`, its pixel size, alignment insets and baseline from the symbol's font metrics) in place of the `UIImageNibPlaceholder` (Settings' TextSizeSettingsViewController) | where no button state holds a symbol |
/// | 14.0 | a `<datePicker>` (ertmuirm's BeaconDatePicker.xib; the only other candidate in that nib, a toolbar with a system bar button item, is in nibs that are not split) | the corpus holds one file of that directory (it keeps one copy of identical files), so the same bytes | yes (same bytes) |
///
/// The version that the deployment target is compared with is the iOS release whose UIKit
/// decodes the newer form, which the file name gives; nothing in the corpus shows the same
/// document asking for two versions, so writing one `objects-<V>+.nib` per version asked for
/// (each the newest form) is a reading, not a rule. Nor does the corpus show an Xcode before 11
/// building any of these (Zebra, built by Xcode 10.1, uses none of them).
///
/// The deployment target is `--deployment-target` or else the document's
/// `<deployment identifier="iOS" version="N">`, whose `N` is written as Interface Builder writes
/// iOS versions in `defaultVersion` (hexadecimal digits: 1552 = 0x610 is 6.1, 1792 = 7.0); no
/// corpus document has an iOS `version`, every one builds for the project's target
/// (`compile.args` gives the pairs' own).
enum UIKitNibVariants {
    /// An iOS version, as the variant file names write it (`11.0`, `12.3`).
    struct Version: Comparable, Hashable, CustomStringConvertible, DeploymentVersion {
        var major: Int
        var minor: Int

        static let safeArea = Version(major: 11, minor: 0)
        static let pinnedCellContent = Version(major: 12, minor: 3)
        static let dynamicCatalogColors = Version(major: 13, minor: 0)
        static let symbolPlaceholders = Version(major: 14, minor: 0)

        static func < (lhs: Version, rhs: Version) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

        /// `13.0`.
        var description: String { "\(major).\(minor)" }

        /// `objects-13.0+.nib`.
        var fileName: String { "objects-\(self)+.nib" }

        init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        /// `"13"`, `"13.0"`, `"12.3.1"` (the patch is ignored); `nil` for anything else.
        init?(dotted text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { Int($0) }.filter { (0..<100).contains($0) }
            guard (1...3).contains(parts.count), numbers.count == parts.count else { return nil }
            major = numbers[0]
            minor = numbers.count > 1 ? numbers[1] : 0
        }

        /// A document's iOS `version`/`defaultVersion`: `1792` (0x700) is 7.0, `2560` 10.0.
        init?(documentVersion text: String) {
            guard let value = Int(text), (0..<0x10000).contains(value) else { return nil }
            major = value >> 8
            minor = (value >> 4) & 0xF
        }

        /// The value a document's iOS `version` gives this version (``init(documentVersion:)``).
        var documentVersion: Int { major << 8 | minor << 4 }

        /// `objects-13.0+.nib` → 13.0 (the corpus's flattened `objects-13.0-.nib` too); `nil`
        /// for other names.
        init?(variantFileName name: String) {
            guard name.hasPrefix("objects-"), name.hasSuffix("+.nib") || name.hasSuffix("-.nib") else { return nil }
            self.init(dotted: String(name.dropFirst("objects-".count).dropLast("+.nib".count)))
        }

        /// The deployment target a decompiled document asks for so that the compiler splits
        /// as the variant of this version shows: the release before it (12.0 for 12.3, 10.0
        /// for 11.0).
        var targetBelow: Version {
            minor > 0 ? Version(major: major, minor: 0) : Version(major: max(major - 1, 0), minor: 0)
        }
    }

    /// Something in the document that asks for a variant.
    struct Trigger {
        var version: Version
        /// The first element that asks for it, for the warning.
        var element: SourceElement
        /// What `runtime.nib` would differ in, when NibKit does not write that; `nil` when it
        /// writes `runtime.nib` as ibtool does.
        var unmodelled: String?
    }

    /// The deployment target in effect: the option, else the document's `<deployment
    /// identifier="iOS" version>`; `nil` when neither gives one.
    static func deploymentTarget(option: String?, document: SourceDocument) throws(CompileError) -> Version? {
        try Version.deploymentTarget(
            option: option, document: document, identifier: "iOS", platform: "an iOS version such as 13.0")
    }

    /// What in `document` asks for a variant (the first element of each kind, in document
    /// order).
    static func triggers(in document: SourceDocument) -> [Trigger] {
        let elements = document.root.descendants
        var found: [Trigger] = []
        // 11.0: a constraint to a safe area guide.
        let safeAreas = Set(
            elements.filter { $0.name == "viewLayoutGuide" && $0["key"] == "safeArea" }.compactMap { $0["id"] })
        if !safeAreas.isEmpty,
            let constraint = elements.first(where: {
                $0.name == "constraint"
                    && (safeAreas.contains($0["firstItem"] ?? "") || safeAreas.contains($0["secondItem"] ?? ""))
            })
        {
            found.append(
                Trigger(
                    version: .safeArea, element: constraint,
                    unmodelled: "top and bottom layout guides in place of the safe area"))
        }
        // 12.3: a collection view cell whose content view has subviews.
        if let cell = elements.first(where: { element in
            element.name == "collectionViewCell"
                && element.child(key: "contentView")?.child("subviews")?.children.isEmpty == false
        }) {
            found.append(
                Trigger(
                    version: .pinnedCellContent, element: cell,
                    unmodelled: "the cells' content views unpinned (no system-generated constraints)"))
        }
        // 13.0: a named color used outside the resources.
        let named = Set(
            (document.root.child("resources")?.children(named: "namedColor") ?? []).compactMap { $0["name"] })
        if !named.isEmpty,
            let color = elements.first(where: {
                $0.name == "color" && $0.parent?.name != "namedColor" && named.contains($0["name"] ?? "")
            })
        {
            found.append(
                Trigger(
                    version: .dynamicCatalogColors, element: color,
                    unmodelled: "trait storage lists resolving the named colors"))
        }
        // 14.0: an SF Symbol reference, or a date picker.
        let symbols = elements.filter { $0.name == "imageReference" && $0["catalog"] == "system" }
        if let symbol = symbols.first {
            let inState = symbols.first { reference in
                sequence(first: reference) { $0.parent }.contains { $0.name == "state" }
            }
            found.append(
                Trigger(
                    version: .symbolPlaceholders, element: inState ?? symbol,
                    unmodelled: inState.map { _ in "the button states' symbols rendered as images" }))
        } else if let picker = elements.first(where: { $0.name == "datePicker" }) {
            found.append(Trigger(version: .symbolPlaceholders, element: picker, unmodelled: nil))
        }
        return found
    }

    /// What a document needs: the variant versions, oldest first, and the recorder of the
    /// older forms `runtime.nib` holds (``UIKitRuntimeForm``), `nil` when none is needed.
    struct Plan {
        var versions: [Version] = []
        var form: UIKitRuntimeForm?
    }

    /// The variants `document` needs for the deployment target in effect (`deploymentOption`,
    /// else the document's); each version whose `runtime.nib` form NibKit does not write is a
    /// warning at its trigger. Read before the document is compiled: the rules rewrite parts of
    /// it (named colors, cells).
    static func plan(for document: SourceDocument, deploymentOption: String?) throws(CompileError) -> Plan {
        guard let deployment = try deploymentTarget(option: deploymentOption, document: document) else { return Plan() }
        var needed = triggers(in: document).filter { deployment < $0.version }
        guard !needed.isEmpty else { return Plan() }
        // The 12.3 and 13.0 forms are modelled where ``UIKitRuntimeForm`` can write them.
        let read = UIKitRuntimeForm.read(document)
        var colorUses: [UIKitRuntimeForm.ColorUse] = []
        var unpinsCells = false
        for index in needed.indices {
            switch needed[index].version {
            case .dynamicCatalogColors:
                if let uses = read.colors {
                    colorUses = uses
                    needed[index].unmodelled = nil
                } else if let color = read.unmodelledColor {
                    needed[index].element = color
                    needed[index].unmodelled =
                        "trait storage lists resolving the named colors (this use of one is not modelled)"
                }
            case .pinnedCellContent:
                if let cell = read.cell {
                    needed[index].element = cell
                    needed[index].unmodelled = "the prototype cells' content views unpinned (nibs inside the nib)"
                } else {
                    unpinsCells = true
                    needed[index].unmodelled = nil
                }
            default: break
            }
        }
        for trigger in needed {
            guard let unmodelled = trigger.unmodelled else { continue }
            try unmodelledForm(
                at: trigger.element, in: document,
                "for iOS before \(trigger.version) ibtool writes runtime.nib with \(unmodelled), which is not "
                    + "modelled: runtime.nib holds the \(trigger.version) form")
        }
        let form =
            colorUses.isEmpty && !unpinsCells
            ? nil : UIKitRuntimeForm(colorUses: colorUses, unpinsCells: unpinsCells)
        return Plan(versions: Array(Set(needed.map(\.version))).sorted(), form: form)
    }

    /// After the compile: a named color use that no nib gave a trait storage (its object was
    /// archived elsewhere than in a top-level view) is a warning.
    static func finish(_ plan: Plan, document: SourceDocument) throws(CompileError) {
        guard let form = plan.form,
            let missed = form.colorUses.first(where: { !form.placed.contains(ObjectIdentifier($0.element)) })
        else { return }
        try unmodelledForm(
            at: missed.element, in: document,
            "for iOS before 13.0 ibtool writes runtime.nib with a trait storage for this named color, which is "
                + "not modelled where its object is archived: runtime.nib holds the 13.0 form there")
    }

    /// Reports an older form `runtime.nib` does not get at `element` (a warning, an error with
    /// `--strict`).
    private static func unmodelledForm(at element: SourceElement, in document: SourceDocument, _ message: String)
        throws(CompileError)
    {
        try document.diagnostics.recover(
            CompileError(
                code: .unsupportedElement, file: document.fileName, line: element.line, column: element.column,
                element: element.summary, message: message))
    }

    /// A compiled nib as the files of its directory: `runtime.nib` (the older forms `form`
    /// recorded, else the same bytes) and one `objects-<V>+.nib` per version.
    static func directory(_ nib: [UInt8], versions: [Version], form: UIKitRuntimeForm?) -> [String: [UInt8]] {
        var files = ["runtime.nib": form?.runtimeNib(for: nib) ?? nib]
        for version in versions { files[version.fileName] = nib }
        return files
    }

    /// The output of a `.xib`: one nib, or a directory nib when `versions` are needed.
    static func output(xib nib: [UInt8], plan: Plan) -> CompiledNib {
        guard !plan.versions.isEmpty else { return CompiledNib(kind: .nibFile, files: ["": nib]) }
        return CompiledNib(kind: .nibDirectory, files: directory(nib, versions: plan.versions, form: plan.form))
    }

    /// The files of a `.storyboardc`, every nib a directory nib when `versions` are needed
    /// (`X.nib/runtime.nib`, `X.nib/objects-<V>+.nib`); the `Info.plist` is unchanged (it names
    /// nibs without their extension).
    static func output(storyboard files: [String: [UInt8]], plan: Plan) -> [String: [UInt8]] {
        guard !plan.versions.isEmpty else { return files }
        var split: [String: [UInt8]] = [:]
        for (name, bytes) in files {
            guard name.hasSuffix(".nib") else {
                split[name] = bytes
                continue
            }
            for (file, nib) in directory(bytes, versions: plan.versions, form: plan.form) {
                split[name + "/" + file] = nib
            }
        }
        return split
    }
}
