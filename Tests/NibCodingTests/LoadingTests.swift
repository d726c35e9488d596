import CorpusSupport
import Foundation
import NibArchive
import NibCoding
import Testing

/// The seed article's flow: a view controller whose `loadView` reads nib data from disk and
/// instantiates it with itself as owner.
final class LoginViewController: NibOutletSettable, NibKeyValueSettable {
    let nibURL: URL
    var view: NibView?
    var userNameField: NibTextField?
    var passwordField: NibTextField?
    var titleLabel: NibLabel?
    var attributes: [String: AnyObject?] = [:]

    init(nibURL: URL) { self.nibURL = nibURL }

    func loadView() throws {
        let data = try Data(contentsOf: nibURL)  // [NSData dataWithContentsOfFile:]
        let nib = try Nib(data: data)  // [UINib nibWithData:bundle:]
        _ = try nib.instantiate(owner: self)  // [nib instantiateWithOwner:self options:nil]
    }

    func setOutlet(_ name: String, to destination: AnyObject) -> Bool {
        switch name {
        case "view": view = destination as? NibView
        case "userNameField": userNameField = destination as? NibTextField
        case "passwordField": passwordField = destination as? NibTextField
        case "titleLabel": titleLabel = destination as? NibLabel
        default: return false
        }
        return true
    }

    func setNibValue(_ value: AnyObject?, forKeyPath keyPath: String) -> Bool {
        attributes[keyPath] = value
        return true
    }
}

/// A view model that records when it wakes, to check UIKit's order.
final class AwakeningView: NibView, NibAwakable {
    nonisolated(unsafe) static var log: [String] = []
    func awakeFromNib() { Self.log.append(displayClassName + ":" + (subviews.isEmpty ? "leaf" : "parent")) }
}

@Suite("Loading as UIKit does", .serialized)
struct LoadingTests {
    @Test("A view controller loads its view from nib data read from disk (the seed article)")
    func seedArticleFlow() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("LoginScreen-\(UUID()).nib")
        try Fixtures.loginScreen().serializedData().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let controller = LoginViewController(nibURL: url)
        try controller.loadView()
        let view = try #require(controller.view)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(view.subviews.count == 5)
        #expect(controller.titleLabel?.text == "Sign in")
        #expect(controller.userNameField?.placeholder == "name@example.com")
        #expect(controller.passwordField?.isSecureTextEntry == true)
        #expect(controller.titleLabel?.superview === view)
        let button = try #require(view.subviews.last as? NibButton)
        #expect(button.title == "Log In")
        #expect(button.frame == CGRect(x: 20, y: 200, width: 280, height: 44))
        #expect(button.actions.count == 2)
        #expect(button.actions[0].target === controller)
        #expect(button.actions[0].action == "logIn:")
        #expect(button.actions[0].events == .touchUpInside)
        #expect(button.actions[1].target == nil, "first-responder actions have a nil target")
    }

    @Test("Instantiation drops placeholders, reports outlets and actions, and awakes in UINibObjectsKey order")
    func instantiationSteps() throws {
        var registry = NibClassRegistry.standard
        registry.register(AwakeningView.self, as: "UIView")
        AwakeningView.log = []
        let nib = Nib(archive: try Fixtures.loginScreen())
        let owner = NibObject(className: "Owner")
        let result = try nib.instantiation(owner: owner, options: NibLoadingOptions(registry: registry))
        #expect(result.topLevelObjects.count == 1)
        #expect(result.topLevelObjects.first is AwakeningView)
        #expect(result.outlets.map(\.name) == ["view", "userNameField", "passwordField", "titleLabel"])
        #expect(owner.outlets.count == 4)
        #expect(result.actions.map(\.action) == ["logIn:", "copy:"])
        #expect(result.objects.count == 6)
        #expect(AwakeningView.log == ["UIView:parent"])
        #expect(result.diagnostics.isEmpty)
        // A second instantiation makes new objects.
        let again = try nib.instantiate(owner: owner, options: NibLoadingOptions(registry: registry))
        #expect(again.first !== result.topLevelObjects.first)
    }

    @Test("Keys a custom class does not read are reported")
    func unreadKeys() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("UINibTopLevelObjectsKey", .objectReference(1))]),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(2))]),
            ("Badge", [("count", .int8(3)), ("UIUnmodelled", .int8(1))]),
        ])
        var registry = NibClassRegistry.standard
        registry.register(Badge.self, as: "Badge")
        let result = try Nib(archive: archive).instantiation(options: NibLoadingOptions(registry: registry))
        #expect((result.topLevelObjects.first as? Badge)?.count == 3)
        #expect(result.diagnostics.contains { $0.contains("UIUnmodelled") && !$0.contains("count") })
    }

    @Test("An owner without the outlet gets a diagnostic, not a crash")
    func unappliedOutlet() throws {
        final class Bare: NibOutletSettable {
            func setOutlet(_ name: String, to destination: AnyObject) -> Bool { name == "view" }
        }
        let result = try Nib(archive: try Fixtures.loginScreen()).instantiation(owner: Bare())
        #expect(result.outlets.map(\.name) == ["view"])
        #expect(result.diagnostics.contains { $0.contains("userNameField") })
    }

    @Test("User-defined runtime attributes reach targets that accept key paths", .corpus)
    func runtimeAttributes() throws {
        let nib = try Nib(bytes: try Corpus.nibBytes(named: "0senno-atmosphere__EmailViewController.nib"))
        let result = try nib.instantiation(owner: NibObject(), externalObjects: CorpusLoadingTests.standIns(for: nib))
        let applied = result.objects.compactMap { $0 as? NibObject }.flatMap(\.runtimeAttributes)
        #expect(!applied.isEmpty)
        #expect(applied.allSatisfy { !$0.keyPath.isEmpty })
    }

    @Test("Nested prototype-cell nibs are exposed as their own Nib and load", .corpus)
    func nestedNibs() throws {
        var found = 0
        for url in try Corpus.nibFiles() {
            let nib = try Nib(contentsOf: url)
            let root = try nib.decodeGraph()
            for object in DumpAgreementTests.reachable(from: root) {
                guard let nested = object as? NibNestedNib else { continue }
                let inner = try nested.nib()
                _ = try inner.instantiate(owner: NibObject(), externalObjects: CorpusLoadingTests.standIns(for: inner))
                found += 1
            }
        }
        #expect(found >= 11)
    }

    @Test("Compiled storyboards and directory nibs load from disk", .corpus)
    func filesOnDisk() throws {
        let pairs = try Corpus.directory().appendingPathComponent("xib-pairs")
        let enumerator = FileManager.default.enumerator(at: pairs, includingPropertiesForKeys: nil)
        var storyboards = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "storyboardc" else { continue }
            let storyboard = try NibStoryboard(contentsOf: url)
            for name in storyboard.nibNames {
                let nib = try storyboard.nib(named: name)
                _ = try nib.instantiate(owner: NibObject(), externalObjects: CorpusLoadingTests.standIns(for: nib))
            }
            if storyboard.entryPointIdentifier != nil { _ = try Nib(contentsOf: url) }
            storyboards += 1
        }
        #expect(storyboards > 10)

        // A directory nib: runtime.nib beside objects-13.0+.nib; UIKit takes the objects variant.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Dir-\(UUID()).nib")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = Corpus.nibFileNames.filter { $0.contains(".nib_") }
        let runtime = try #require(names.first { $0.hasSuffix("_runtime.nib") })
        let objects = try #require(names.first { $0.hasSuffix("objects-13.0-.nib") })
        try Data(try Corpus.nibBytes(named: runtime)).write(to: directory.appendingPathComponent("runtime.nib"))
        #expect(try Nib(contentsOf: directory).archive == NibArchive(parsing: try Corpus.nibBytes(named: runtime)))
        try Data(try Corpus.nibBytes(named: objects)).write(to: directory.appendingPathComponent("objects-13.0+.nib"))
        #expect(try Nib(contentsOf: directory).archive == NibArchive(parsing: try Corpus.nibBytes(named: objects)))
        let missing = try #require(throws: NibCodingError.self) {
            try Nib(contentsOf: directory.appendingPathComponent("nothing.nib"))
        }
        #expect(missing.code == .unreadableFile)
    }
}

@Suite("The object tree")
struct TreeTests {
    @Test("The login screen's tree shows the hierarchy, texts, frames, outlets and actions")
    func loginScreenTree() throws {
        let tree = try NibTree(nib: Nib(archive: try Fixtures.loginScreen()))
        let text = tree.text()
        #expect(text.hasPrefix("UIProxyObject #"))
        #expect(text.contains("\"IBFilesOwner\"\n  outlet view → UIView #"))
        #expect(text.contains("  UILabel #"))
        #expect(text.contains("\"Sign in\" frame=(20 40; 280 21)"))
        #expect(text.contains("action logIn: → File's Owner [touchUpInside]"))
        #expect(text.contains("action copy: → First Responder [touchDown]"))
        let json = try tree.json()
        #expect(json.contains("\"className\" : \"UIButton\""))
    }

    @Test(
        "The tree builds for every corpus nib, with custom classes demangled", .corpus,
        arguments: Corpus.nibFileNames)
    func corpusTree(name: String) throws {
        let tree = try NibTree(nib: Nib(bytes: try Corpus.nibBytes(named: name)))
        #expect(!tree.topLevelObjects.isEmpty)
        let text = tree.text()
        #expect(!text.contains("_TtC"), "\(name) shows a mangled name")
        _ = try tree.json()
    }
}

@Suite("The README example")
struct ExampleTests {
    @Test("Examples/LoginScreen/LoginScreen.nib is what the example builder writes")
    func checkedInExampleIsCurrent() throws {
        let url = Corpus.packageRoot.appendingPathComponent("Examples/LoginScreen/LoginScreen.nib")
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(
            bytes == (try Fixtures.loginScreen().serialized()),
            "run `swift run LoginScreenExample Examples/LoginScreen/LoginScreen.nib`")
    }

    @Test("Objects are numbered in depth-first pre-order, as Apple's coder-10 writer does")
    func preOrder() throws {
        let archive = try Fixtures.loginScreen()
        let names = archive.objects.prefix(5).map { archive.className(of: $0) }
        #expect(names == ["NSObject", "NSArray", "UIProxyObject", "NSString", "UIProxyObject"])
    }
}
