import Foundation
import NibArchive

extension NibDecompiler {
    /// Decompiles a nib file that is an `NSKeyedArchiver` archive (read as a NIBArchive). An
    /// AppKit one was flattened by an Xcode before 11 for a deployment target before 10.13, the
    /// only output that is a keyed archive file (LuLu ×6 for 10.12, Aerial for 10.9, eqMac for
    /// 10.10: `Scripts/compile-xcode.tsv`); its document asks for 10.12 so that it compiles to a
    /// keyed archive again.
    ///
    /// - Throws: ``DecompileError`` as ``decompile(_:)``.
    public func decompile(keyedArchiveFile archive: NibArchive) throws(DecompileError) -> Result {
        var result = try decompile(archive)
        result.document = NibVariantChoice.asking(result.document, forMac: NibVariantChoice.beforeNibArchive)
        return result
    }

    /// Decompiles a directory nib: `nibs` are its files (name, such as `runtime.nib` or
    /// `objects-13.0+.nib`, and archive).
    ///
    /// A directory of `runtime.nib` alone asks for the deployment target its older forms show
    /// (`NibVariantChoice.olderForm(in:)`), so that the compiler writes that form again.
    ///
    /// An iOS directory nib (`UIKitNibVariants`) is decompiled from its newest
    /// `objects-<V>+.nib`, the form the compiler writes from a document, and the document asks
    /// for a deployment target before `V` (`<deployment identifier="iOS" version>`), so that
    /// compiling it writes the same directory. Without such a variant the nib is `runtime.nib`.
    ///
    /// A macOS directory nib (`AppKitNibVariants`) is decompiled from its newest NIBArchive
    /// variant (`keyedobjects-110000.nib` before `keyedobjects-101300.nib`: the form compiled
    /// from the document, which the compiler restyles for the older file) and the document asks
    /// for the deployment target the files show: before 10.13 (10.12) beside a
    /// `keyedobjects.nib`, else the oldest variant's (10.13 for Sparkle's
    /// `keyedobjects-101300.nib` + `keyedobjects-110000.nib`). A directory holding
    /// `keyedobjects.nib` alone is an editable nib bundle (`ibtool --flatten NO`: adium's four;
    /// a flattened compile writes one file or the NIBArchive variants too), which
    /// ``Result/isEditableBundle`` says. Otherwise the last file by name.
    ///
    /// - Throws: ``DecompileError`` when the directory holds no nib, or as ``decompile(_:)``.
    public func decompile(directoryNib nibs: [(name: String, archive: NibArchive)]) throws(DecompileError) -> Result {
        let choice = NibVariantChoice(names: nibs.map(\.name))
        guard let index = choice.chosen.first, nibs.indices.contains(index) else {
            throw DecompileError(message: "the directory nib holds no nib")
        }
        let keyed = nibs.first { $0.name == "keyedobjects.nib" && $0.name != nibs[index].name }
        var result = try decompile(nibs[index].archive, keyedCompanion: keyed?.archive)
        if let deployment = choice.deployment
            ?? (nibs[index].name == "runtime.nib"
                ? NibVariantChoice.olderForm(in: nibs[index].archive)?.targetBelow : nil)
        {
            result.document = NibVariantChoice.asking(result.document, for: deployment)
        }
        if let deployment = choice.macDeployment {
            result.document = NibVariantChoice.asking(result.document, forMac: deployment)
        }
        result.isEditableBundle = choice.isEditableBundle
        return result
    }
}

/// Which of a directory nib's files (or a storyboard's) the decompiler reads, and the iOS
/// deployment target the document asks for (``NibDecompiler/decompile(directoryNib:)``).
struct NibVariantChoice {
    /// The indices of the names read: one per nib (a storyboard's directory nibs each give one).
    var chosen: [Int] = []
    /// The deployment target that makes the compiler write the variants found: the release
    /// before the oldest variant's version; `nil` when there is none.
    var deployment: UIKitNibVariants.Version?
    /// The macOS deployment target that makes the compiler write the `keyedobjects` files
    /// found; `nil` when there are none or a bundle's `keyedobjects.nib` alone.
    var macDeployment: AppKitNibVariants.Version?
    /// Whether a macOS directory holds `keyedobjects.nib` alone: an editable nib bundle.
    var isEditableBundle = false
    /// 10.12: the release before 10.13, the first that loads NIBArchive nibs; a keyed archive
    /// asks for a target before it.
    static let beforeNibArchive = AppKitNibVariants.Version(number: AppKitNibVariants.Version.nibArchive.number - 100)

    /// Chooses among `names`: paths such as `runtime.nib`, or, in a storyboard,
    /// `X.nib/runtime.nib`, `X.nib/objects-14.0+.nib` beside plain `Y.nib`.
    init(names: [String]) {
        // The nib each name belongs to: its first component (the whole name for a plain nib).
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, name) in names.enumerated() {
            let components = name.split(separator: "/", omittingEmptySubsequences: true)
            let key = components.count > 1 ? String(components[0]) : Self.isVariant(name) ? "" : name
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        var oldest: UIKitNibVariants.Version?
        for key in order {
            guard let members = groups[key] else { continue }
            let file = { (index: Int) in String(names[index].split(separator: "/").last ?? "") }
            let variants = members.compactMap { index in
                UIKitNibVariants.Version(variantFileName: file(index)).map { (index, $0) }
            }
            let keyedVariants = members.compactMap { index in
                AppKitNibVariants.Version(keyedVariantFileName: file(index)).map { (index, $0) }
            }
            let keyed = members.first { file($0) == "keyedobjects.nib" }
            if let newest = variants.max(by: { $0.1 < $1.1 }) {
                chosen.append(newest.0)
                for (_, version) in variants where oldest.map({ version < $0 }) ?? true { oldest = version }
            } else if let runtime = members.first(where: { file($0) == "runtime.nib" }) {
                chosen.append(runtime)
            } else if let newest = keyedVariants.max(by: { $0.1 < $1.1 }),
                let earliest = keyedVariants.min(by: { $0.1 < $1.1 })
            {
                chosen.append(newest.0)
                // Beside a keyed archive: a target before 10.13, the first NIBArchive release.
                let target = keyed == nil ? earliest.1 : Self.beforeNibArchive
                if macDeployment.map({ target < $0 }) ?? true { macDeployment = target }
            } else if let keyed {
                chosen.append(keyed)
                isEditableBundle = true
            } else if let last = members.max(by: { names[$0] < names[$1] }) {
                chosen.append(last)
            }
        }
        deployment = oldest?.targetBelow
    }

    /// The oldest variant version whose older form `runtime` (an iOS directory nib's
    /// `runtime.nib`) shows, as the compiler writes them (`UIKitRuntimeForm`): trait storages of
    /// named colors (13.0), a collection view cell without the `UIIBSystemGenerated`
    /// constraints that pin a content view (12.3); `nil` when it shows neither.
    static func olderForm(in runtime: NibArchive) -> UIKitNibVariants.Version? {
        let classes = Set(runtime.classes.map(\.name))
        var strings: Set<String> = []
        let keys = runtime.keys
        for value in runtime.values where value.keyIndex >= 0 && value.keyIndex < keys.count {
            guard keys[value.keyIndex].name == "NS.bytes", case .data(let bytes) = value.payload, bytes.count < 64,
                let text = String(validating: bytes, as: UTF8.self)
            else { continue }
            strings.insert(text)
        }
        let hasCell = classes.contains("UICollectionViewCell") || strings.contains("UICollectionViewCell")
        if hasCell && !strings.contains("UIIBSystemGenerated") { return .pinnedCellContent }
        if classes.contains("_UIColorAttributeTraitStorage") { return .dynamicCatalogColors }
        return nil
    }

    /// Whether `name` is a variant file of a directory nib (`runtime.nib`, `objects-…`,
    /// `keyedobjects…`) rather than a storyboard's plain nib.
    private static func isVariant(_ name: String) -> Bool {
        name == "runtime.nib" || name.hasPrefix("objects-") || name.hasPrefix("keyedobjects")
    }

    /// `document` (a decompiled AppKit document) asking for `deployment`: a `<deployment
    /// version identifier="macosx">` first in its `<dependencies>`, as Xcode writes it; the files
    /// decide over a target the nib's forms asked for (AppKitDecompilation), which it replaces.
    static func asking(_ document: String, forMac deployment: AppKitNibVariants.Version) -> String {
        asking(
            document, runtime: "MacOSX.Cocoa", version: deployment.documentVersion, identifier: "macosx",
            replacing: true)
    }

    /// `document` (a decompiled UIKit document) asking for `deployment`: a `<deployment
    /// version identifier="iOS">` first in its `<dependencies>` (the order macOS documents
    /// write theirs in).
    static func asking(_ document: String, for deployment: UIKitNibVariants.Version) -> String {
        asking(
            document, runtime: "iOS.CocoaTouch", version: String(deployment.documentVersion), identifier: "iOS",
            replacing: false)
    }

    /// `document` of target runtime `runtime` with a `<deployment>` line first in its
    /// `<dependencies>`, indented as the line after it; `replacing` drops a `<deployment>` line
    /// already first there.
    private static func asking(
        _ document: String, runtime: String, version: String, identifier: String, replacing: Bool
    ) -> String {
        let opening = "<dependencies>\n"
        guard document.contains("targetRuntime=\"\(runtime)\""), let range = document.range(of: opening) else {
            return document
        }
        var rest = document[range.upperBound...]
        let indentation = String(rest.prefix { $0 == " " })
        if replacing, let existing = rest.range(of: "<deployment "),
            let end = rest.range(of: "\n", range: existing.upperBound..<rest.endIndex),
            rest[rest.startIndex..<existing.lowerBound].allSatisfy({ $0 == " " })
        {
            rest = rest[end.upperBound...]
        }
        let line = "\(indentation)<deployment version=\"\(version)\" identifier=\"\(identifier)\"/>\n"
        return String(document[..<range.upperBound]) + line + String(rest)
    }
}
