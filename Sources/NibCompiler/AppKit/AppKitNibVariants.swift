import KeyedArchive
import NibArchive

/// Which files ibtool writes for a macOS `.xib`, by deployment target.
///
/// | Deployment target | Output |
/// |---|---|
/// | 10.13 or later, or none | one NIBArchive file `X.nib` (every other macOS pair) |
/// | before 10.13, built by Xcode 10 or earlier | one `NSKeyedArchiver` binary plist `X.nib` (Aerial, LuLu, eqMac) |
/// | before 10.13 | a directory `X.nib/` with `keyedobjects.nib` (an `NSKeyedArchiver` binary plist, which macOS before 10.13 loads) and `keyedobjects-101300.nib` (the NIBArchive) |
/// | before 10.13, with table views | also `keyedobjects-110000.nib`: the 11.0 layout (the NIBArchive every other pair shows), while `keyedobjects.nib` and `keyedobjects-101300.nib` hold the tables as macOS before 11.0 draws them (``AppKitTableViewRule/applyPlainStyle(to:)``; AVRFuses, deployment 10.5) |
/// | 10.13 up to 11.0, with table views | a directory `X.nib/` with `keyedobjects-101300.nib` (the tables as macOS before 11.0 draws them) and `keyedobjects-110000.nib`, no keyed archive (Sparkle's SUUpdatePermissionPrompt, deployment 10.13) |
///
/// The deployment target is `--deployment-target` or else the document's
/// `<deployment version="1050">` (10.5). Evidence: the seven scribendi and AVRFuses pairs (the
/// scribendi project builds for 10.9 — `MACOSX_DEPLOYMENT_TARGET` in its Xcode project, not in
/// the documents — so `Scripts/compile-xcode.tsv` passes `--deployment-target 10.9`); the other
/// 129 macOS pairs declare no deployment version and are single NIBArchive files. The scribendi
/// pairs have no table view and no `keyedobjects-110000.nib`, which fits ibtool writing the
/// 11.0 variant only when it differs. In AVRFuses the 11.0 variant differs from
/// `keyedobjects-101300.nib` only in the table (`NSTableViewStyle`, `NSTvFlags`, column widths;
/// its combo box's `NSComboTableView` is the same in both).
///
/// The keyed variant holds the same objects as the NIBArchive (`nibtool diff` of the two
/// references shows no difference but one): `NSKeyedArchiver` does not share an integer and a
/// double `NSNumber` of equal value (``ArchiveWriter/sharesNumbersAcrossTypes``).
enum AppKitNibVariants {
    /// A macOS version as ibtool's file names write it: 10.13 is 101300, 11.0 is 110000.
    struct Version: Comparable, DeploymentVersion {
        /// `major * 10000 + minor * 100 + patch`.
        var number: Int

        /// 10.13: the first macOS that loads NIBArchive nibs.
        static let nibArchive = Version(number: 10_13_00)
        /// 11.0.
        static let bigSur = Version(number: 11_00_00)
        /// 10.14: image views and progress indicators archive their current form for this
        /// target and later (``AppKitContext/targetsBeforeMojave``).
        static let mojave = Version(number: 10_14_00)

        static func < (lhs: Version, rhs: Version) -> Bool { lhs.number < rhs.number }

        /// `"10.9"`, `"10.13.4"`, `"11"`; `nil` for anything else.
        init?(dotted text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { Int($0) }.filter { (0..<100).contains($0) }
            guard (1...3).contains(parts.count), numbers.count == parts.count else { return nil }
            number = zip(numbers, [10000, 100, 1]).reduce(0) { $0 + $1.0 * $1.1 }
        }

        /// The document's `<deployment version>`: `1050` is 10.5, `101300` 10.13, `110000` 11.0.
        init?(documentVersion text: String) {
            guard let value = Int(text), value >= 0 else { return nil }
            // Four digits (1050: 10.5.0) leave out the patch's tens.
            if text.count == 4 {
                number = (value / 100) * 10000 + (value / 10 % 10) * 100 + value % 10
            } else {
                guard text.count == 6 else { return nil }
                number = value
            }
        }

        init(number: Int) { self.number = number }

        /// `keyedobjects-101300.nib` → 10.13; `nil` for other names (`keyedobjects.nib` too).
        init?(keyedVariantFileName name: String) {
            guard name.hasPrefix("keyedobjects-"), name.hasSuffix(".nib") else { return nil }
            let digits = name.dropFirst("keyedobjects-".count).dropLast(".nib".count)
            guard digits.count == 6, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0 else {
                return nil
            }
            number = value
        }

        /// The document's `<deployment version>` for this version: six digits (`101200`) from
        /// 10.10 on, as Xcode writes them (`101304` in the wild corpus), four before (`1090`).
        var documentVersion: String {
            guard number < 10_10_00 else { return String(number) }
            let major = number / 10000
            let minor = number / 100 % 100
            let patch = number % 100
            return String(major * 100 + minor * 10 + min(patch, 9))
        }
    }

    /// The deployment target in effect: the option, else the document's.
    static func deploymentTarget(option: String?, document: SourceDocument) throws(CompileError) -> Version? {
        try Version.deploymentTarget(
            option: option, document: document, identifier: "macosx", platform: "a macOS version such as 10.9")
    }

    /// The output for `root` compiled for `deployment`.
    ///
    /// `editable` (`--flatten NO`) asks for the runnable part of an editable nib bundle. The
    /// corpus holds eleven Interface Builder nib bundles (MANIFEST `family=ib-nib-document`):
    /// the seven saved by Xcode 13 to 15 (scribendi, AVRFuses; deployment targets 10.9 and 10.5)
    /// hold exactly the files a flattened compile writes as a directory; adium's four, saved by
    /// Xcode 11 (one for 10.6, three with no target), hold `keyedobjects.nib` alone. So the
    /// bundle holds the flattened directory when there is one and the Xcode that writes it
    /// (`--xcode`, else the current one, as ``AppKitEraRule`` imitates) is 12 or later
    /// (``XcodeEra/writesNibArchiveVariantsInBundles``), and otherwise `keyedobjects.nib`, the
    /// `NSKeyedArchiver` archive every one of them has.
    static func output(root: ArchivedObject, deployment: Version?, editable: Bool = false, document: SourceDocument)
        throws(CompileError) -> CompiledNib
    {
        let table = document.root.descendants.first { $0.name == "tableView" || $0.name == "outlineView" }
        let isDirectory = deployment.map { $0 < .nibArchive } ?? false
        if editable {
            guard isDirectory else {
                return CompiledNib(kind: .nibDirectory, files: ["keyedobjects.nib": try keyedArchive(root, document)])
            }
            var nib = try output(root: root, deployment: deployment, document: document)
            // The Xcode that writes the bundle: `--xcode`, else the current one (AppKitEraRule).
            if !(document.builtBy ?? AppKitEraRule.current).writesNibArchiveVariantsInBundles {
                // The keyed variant alone (its tables restyled for macOS before 11.0).
                nib.files = nib.files.filter { $0.key == "keyedobjects.nib" }
            }
            return nib
        }
        let nibArchive = try NibCompiler.serialize(root, fileName: document.fileName, fallbacks: [:])
        guard let deployment, deployment < .nibArchive else {
            // 10.13 up to 11.0 with a table: a directory with the NIBArchive twice, the tables
            // restyled for macOS before 11.0 in `keyedobjects-101300.nib` and as compiled in
            // `keyedobjects-110000.nib`, and no keyed archive (Sparkle's SUUpdatePermissionPrompt,
            // deployment 10.13: its two files differ in the table's style, flags and column widths
            // only, as AVRFuses' do).
            if let deployment, deployment < .bigSur, let table {
                let earlier =
                    try restyleTables(root, table, document)
                    ? try NibCompiler.serialize(root, fileName: document.fileName, fallbacks: [:]) : nibArchive
                return CompiledNib(
                    kind: .nibDirectory,
                    files: ["keyedobjects-101300.nib": earlier, "keyedobjects-110000.nib": nibArchive])
            }
            return CompiledNib(kind: .nibFile, files: ["": nibArchive])
        }
        // Before Xcode 11 the flattened nib for such a target is the keyed archive alone, one
        // file (a binary plist): Aerial (saved by Xcode 7.3, deployment 10.9), LuLu ×6 (8.3,
        // 10.12) and eqMac (9.2, 10.10); Sparkle's (11.4 and later, 10.11) and every later pair
        // write the directory. Nothing shows 10. As every AppKit rule, this follows the Xcode that
        // builds the nib (`--xcode`, else the current one: ``AppKitEraRule``), not the one that
        // saved the document.
        if !(document.builtBy ?? AppKitEraRule.current).writesNibArchiveVariantsForOldTargets {
            if deployment < .bigSur, let table { _ = try restyleTables(root, table, document) }
            return CompiledNib(kind: .nibFile, files: ["": try keyedArchive(root, document)])
        }
        // With tables, the NIBArchive compiled so far is the 11.0 variant; the other two hold the
        // tables restyled for macOS before 11.0 (AVRFuses: both pairs).
        var bigSurVariant: [UInt8]?
        var earlier = nibArchive
        if deployment < .bigSur, let table {
            bigSurVariant = nibArchive
            if try restyleTables(root, table, document) {
                earlier = try NibCompiler.serialize(root, fileName: document.fileName, fallbacks: [:])
            }
        }
        var files = ["keyedobjects.nib": try keyedArchive(root, document), "keyedobjects-101300.nib": earlier]
        if let bigSurVariant { files["keyedobjects-110000.nib"] = bigSurVariant }
        return CompiledNib(kind: .nibDirectory, files: files)
    }

    /// Restyles `root`'s tables for macOS before 11.0 (``AppKitTableViewRule/applyPlainStyle(to:)``);
    /// false when they cannot be, after a warning at `table`: the earlier variants then keep the
    /// 11.0 tables.
    private static func restyleTables(_ root: ArchivedObject, _ table: SourceElement, _ document: SourceDocument)
        throws(CompileError) -> Bool
    {
        do {
            try AppKitTableViewRule.applyPlainStyle(to: root)
            return true
        } catch {
            try document.diagnostics.recover(
                CompileError(
                    code: .unsupportedElement, file: document.fileName, line: table.line, column: table.column,
                    element: table.summary, message: "\(error.message); the 11.0 tables are used"))
            return false
        }
    }

    /// `root` as the `NSKeyedArchiver` binary plist of a `keyedobjects.nib`.
    private static func keyedArchive(_ root: ArchivedObject, _ document: SourceDocument) throws(CompileError)
        -> [UInt8]
    {
        do {
            var writer = ArchiveWriter()
            writer.sharesNumbersAcrossTypes = false
            return try writer.archive(root: root).foundationKeyedArchive().serialized(as: .binary)
        } catch {
            throw CompileError(
                code: .output, file: document.fileName, line: 0, column: 0, element: nil,
                message: "the keyed archive could not be built: \(error)")
        }
    }
}
