import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import Testing

@testable import NibCompiler

/// Every (class, key) the compiler writes is one that Apple's own compiled nibs use for that
/// class or a superclass: the nibs of `nib/`, `nib-keyed/` and the pairs' outputs are the
/// evidence; the documents of `wild/` and the pairs' sources are what is compiled.
@Suite("Archived keys follow Apple's output", .corpus)
struct ArchivedKeyEvidenceTests {
    /// (class, key) pairs written without an instance in the corpus, each with its evidence.
    static let exceptions: [String: String] = [
        "NSTextFieldCell.NSAutomaticTextCompletionDisabled":
            "automaticTextCompletionEnabled is NSTextField's property (AppKit documentation, macOS 10.12.2); the corpus shows the key on NSSearchFieldCell, a subclass of NSTextFieldCell (the search field pairs), for the same textCompletion=\"NO\"; plain text fields say it in 83 wild documents (a warning says the form is assumed)",
        "NSValue.NS.pointval":
            "Foundation's NSValue coder keeps a point under NS.pointval with NS.special 1, as it keeps sizes under NS.sizeval (special 2: 76 corpus nibs) and rects under NS.rectval (special 3: duckduckgo's switch frames); a point runtime attribute (RuntimeAttributeRule) is the only writer and no corpus document sets one on iOS",
        "UILabel.UIContentStretch":
            "contentStretch is a UIView property (UIView's documentation, deprecated in iOS 6) that UIView's coder writes; the corpus shows it only on a UIImageView (Idrill7)",
        "UIView.UIContentStretch":
            "contentStretch is a UIView property (UIView's documentation, deprecated in iOS 6) that UIView's coder writes; the corpus shows it only on a UIImageView (Idrill7); a plain view's (lockwise CredentialItemList's table header) is UIView's own",
        "UITextField.UIAdjustsFontForContentSizeCategory":
            "adjustsFontForContentSizeCategory is the UIContentSizeCategoryAdjusting protocol's property (UIKit documentation), adopted by UILabel, UITextField and UITextView; the corpus shows the key on two labels and ertmuirm's text view",
        "UIButton.UIContentVerticalAlignment":
            "contentVerticalAlignment is a UIControl property (UIControl's documentation) that UIControl's coder writes beside UIContentHorizontalAlignment; the corpus shows the vertical key on UISegmentedControl and the horizontal one on UIButton (0senno-atmosphere, duckduckgo ActionMessageView)",
        "UITextView.UIAutocapitalizationType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UIAutocorrectionType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UISpellCheckingType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UIKeyboardType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UIReturnKeyType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UISecureTextEntry":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UITextContentType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UITextSmartQuotesType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UITextSmartDashesType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UITextView.UITextSmartInsertDeleteType":
            "UITextInputTraits is one protocol (UIKit documentation) whose properties UITextField and UITextView archive under the same keys: both write UIEnablesReturnKeyAutomatically (duckduckgo, ertmuirm BeaconDropdownCustomField), and UITextField writes this one (duckduckgo OmniBar and Bookmarks, 0senno)",
        "UIViewController.UIToolbarItems":
            "toolbarItems is a UIViewController property (UIViewController's documentation) that its coder writes; the corpus shows it on a UITableViewController (duckduckgo Bookmarks, Xcode 13.2) and on kiralab's share extension controller",
        "UICollectionViewController.UIToolbarItems":
            "toolbarItems is a UIViewController property (UIViewController's documentation) that its coder writes; the corpus shows it on a UITableViewController (duckduckgo Bookmarks, Xcode 13.2) and on kiralab's share extension controller",
        // No compiled nib of the corpus holds a visual effect view (VisualEffectViewRule warns
        // for each): UIKit's coder keys, as public decompilations of UIVisualEffectView's and
        // UIBlurEffect's coders and open nib readers and writers (xibdump, WinObjC xib2nib) name them.
        "UIVisualEffectView.UIVisualEffectViewEffect":
            "-[UIVisualEffectView initWithCoder:] decodes the effect under UIVisualEffectViewEffect (public decompilations; WinObjC xib2nib writes it)",
        "UIVisualEffectView.UIVisualEffectViewContentView":
            "-[UIVisualEffectView initWithCoder:] decodes its _UIVisualEffectContentView under UIVisualEffectViewContentView (public decompilations; xibdump reads it from Apple's nibs)",
        "UIBlurEffect.UIBlurEffectStyle":
            "-[UIBlurEffect encodeWithCoder:] writes its style under UIBlurEffectStyle (public decompilations)",
        // Legacy Interface Builder 3 Cocoa documents are archives of the AppKit objects themselves
        // (LegacyCocoaCompiler passes their keys through); these three are AppKit coder keys of the
        // 10.5/10.6 era that no corpus nib happens to hold. Open AppKit implementations read them.
        "NSTextView.NSMinize":
            "NSTextView's coder writes its minimum size as NSMinize (a misspelling open AppKit implementations decode); Tunnelblick ListingWindow",
        "NSProgressIndicator.NSDrawMatrix":
            "NSProgressIndicator's coder writes its drawing matrix as NSDrawMatrix (open AppKit implementations encode and decode it); Tunnelblick VPNServiceTermsOfService",
        "NSMenuItem.NSToolTip":
            "NSMenuItem's coder writes its tool tip as NSToolTip (open AppKit implementations encode and decode it); Tunnelblick MainMenu",
    ]

    /// Whether `key` belongs to `className` or one of its superclasses by Apple's output: it is
    /// archived on subclasses of that class reached through at least two of its different
    /// direct subclasses (a key that classes on separate branches write comes from their
    /// common ancestor's coder: UITag on UIButton and UILabel is UIView's).
    static func isInheritedKey(
        _ key: String, of className: String, appKit: Bool, holders: [String: Set<String>]
    ) -> Bool {
        let roots: Set<String> = ["NSObject", "UIResponder", "NSResponder"]
        let ancestors = ClassHierarchy.lineage(of: className, appKit: appKit).filter { !roots.contains($0) }
        let classes = holders[key] ?? []
        return ancestors.contains { ancestor in
            var branches: Set<String> = []
            for holder in classes {
                let lineage = ClassHierarchy.lineage(of: holder, appKit: appKit)
                guard let position = lineage.firstIndex(of: ancestor), position > 0 else { continue }
                branches.insert(lineage[position - 1])
            }
            return branches.count >= 2
        }
    }

    /// Class name → the keys Apple's compiled nibs archive for it.
    static func evidence() throws -> [String: Set<String>] {
        let corpus = try Corpus.directory()
        var files: [URL] = []
        for folder in ["nib", "nib-keyed", "xib-pairs"] {
            let root = corpus.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where !url.hasDirectoryPath {
                let name = url.lastPathComponent
                if name.hasSuffix(".nib") || url.deletingLastPathComponent().pathExtension == "nib" {
                    files.append(url)
                }
            }
        }
        var keys: [String: Set<String>] = [:]
        for url in files {
            guard let bytes = try? [UInt8](Data(contentsOf: url)) else { continue }
            let archive: NibArchive
            if NibArchive.isKeyedArchive(bytes) {
                guard let keyed = try? NibArchive(keyedArchiveBytes: bytes) else { continue }
                archive = keyed
            } else {
                guard let parsed = try? NibArchive(parsing: bytes) else { continue }
                archive = parsed
            }
            collect(archive, into: &keys)
        }
        return keys
    }

    /// Adds every object's (class, key) pairs of `archive` to `keys`. A class swapper's keys
    /// are counted for the class it swaps (`NSOriginalClassName` / `UIOriginalClassName`),
    /// except its own `…ClassName` keys.
    static func collect(_ archive: NibArchive, into keys: inout [String: Set<String>]) {
        let objects = Array(archive.objects)
        func string(_ payload: NibArchive.Payload) -> String? {
            guard case .objectReference(let index) = payload, Int(index) < objects.count else { return nil }
            for value in archive.values(of: objects[Int(index)]) where archive.keyName(of: value) == "NS.bytes" {
                if case .data(let bytes) = value.payload { return String(decoding: bytes, as: UTF8.self) }
            }
            return nil
        }
        for object in objects {
            var className = archive.className(of: object)
            let values = archive.values(of: object)
            if className == "NSClassSwapper" || className == "UIClassSwapper" {
                for value in values where archive.keyName(of: value).hasSuffix("OriginalClassName") {
                    className = string(value.payload) ?? className
                }
            }
            for value in values {
                let key = archive.keyName(of: value)
                let swapperKey = ["NSClassName", "NSOriginalClassName", "UIClassName", "UIOriginalClassName"]
                if className != archive.className(of: object), swapperKey.contains(key) { continue }
                keys[className, default: []].insert(key)
            }
        }
    }

    /// The sources compiled: every wild document and every pair's source.
    static func sources() throws -> [URL] {
        let corpus = try Corpus.directory()
        var result: [URL] = []
        for folder in ["wild/ios", "wild/macos", "wild/legacy", "xib-pairs"] {
            let root = corpus.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where ["xib", "storyboard"].contains(url.pathExtension) {
                result.append(url)
            }
        }
        return result.sorted { $0.path < $1.path }
    }

    @Test(
        "every (class, key) written for the wild documents and the pairs is in Apple's output for the class or a superclass"
    )
    func keysHaveEvidence() throws {
        let evidence = try Self.evidence()
        #expect(evidence.count > 200, "classes with evidence: \(evidence.count)")
        var options = NibCompiler.Options()
        options.module = "App"
        let compiler = NibCompiler(options: options)
        // Key → the classes Apple archives it on.
        var holders: [String: Set<String>] = [:]
        for (className, keys) in evidence { for key in keys { holders[key, default: []].insert(className) } }
        // "Class|appKit" → keys written.
        var written: [String: Set<String>] = [:]
        var examples: [String: String] = [:]
        for source in try Self.sources() {
            guard let output = try? compiler.compile(contentsOf: source) else { continue }
            for (name, bytes) in output.files where name.isEmpty || name.hasSuffix(".nib") {
                guard !NibArchive.isKeyedArchive(bytes), let archive = try? NibArchive(parsing: bytes) else { continue }
                var keys: [String: Set<String>] = [:]
                Self.collect(archive, into: &keys)
                let appKit = keys["NSIBObjectData"] != nil
                for (className, classKeys) in keys {
                    written["\(className)|\(appKit)", default: []].formUnion(classKeys)
                    for key in classKeys where examples["\(className).\(key)"] == nil {
                        examples["\(className).\(key)"] = source.lastPathComponent
                    }
                }
            }
        }
        var unsupported: [String] = []
        for (entry, keys) in written {
            // The class and its known superclasses; a class swapper carries its original class's keys.
            let parts = entry.split(separator: "|")
            let className = String(parts.first ?? "")
            let appKit = parts.last == "true"
            let lineage = ClassHierarchy.lineage(of: className, appKit: appKit)
            let allowed = lineage.reduce(into: Set<String>()) { $0.formUnion(evidence[$1] ?? []) }
            for key in keys
            where !allowed.contains(key) && Self.exceptions["\(className).\(key)"] == nil
                && !Self.isInheritedKey(key, of: className, appKit: appKit, holders: holders)
            {
                unsupported.append("\(className).\(key) (\(examples["\(className).\(key)"] ?? ""))")
            }
        }
        if let path = ProcessInfo.processInfo.environment["NIBKIT_KEY_EVIDENCE"] {
            try? Data(unsupported.sorted().joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(unsupported.isEmpty, "written without evidence: \(unsupported.sorted())")
    }
}
