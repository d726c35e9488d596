import CorpusSupport
import Foundation
import NibArchive
import NibCoding
import Testing

/// Every real file in `../shared/corpus/nib/` through the object layer.
@Suite("Corpus nibs load, instantiate and round-trip")
struct CorpusLoadingTests {
    static func standIns(for nib: Nib) -> [String: AnyObject] {
        var objects: [String: AnyObject] = [:]
        for identifier in nib.externalObjectIdentifiers { objects[identifier] = NibObject(className: identifier) }
        return objects
    }

    @Test(
        "Every corpus nib instantiates with a stand-in owner and external objects", .corpus,
        arguments: Corpus.nibFileNames)
    func instantiates(name: String) throws {
        let nib = try Nib(bytes: try Corpus.nibBytes(named: name))
        let owner = NibObject(className: "StandInOwner")
        let result = try nib.instantiation(owner: owner, externalObjects: Self.standIns(for: nib))
        #expect(!result.topLevelObjects.isEmpty || nib.archive.objects.count < 3, "no top-level objects in \(name)")
        for object in result.topLevelObjects { #expect(!(object is NibProxy), "a proxy survived in \(name)") }
        // Every outlet whose source is File's Owner landed on the stand-in.
        for outlet in result.outlets where outlet.source === owner {
            #expect(owner.outlets.contains { $0.name == outlet.name })
        }
    }

    /// UIKit falls back to `NSKeyedArchiver` for data without the NIBArchive magic; so does `Nib`.
    @Test("Every keyed-archive nib of the corpus loads through Nib", .corpus)
    func keyedArchiveNibs() throws {
        let files = try Corpus.files(in: "nib-keyed", withExtension: "nib")
        #expect(files.count >= 60)
        for url in files {
            let nib = try Nib(contentsOf: url)
            let result = try nib.instantiation(owner: NibObject(), externalObjects: Self.standIns(for: nib))
            // AppKit nibs: Interface Builder's top-level objects (the application at least).
            #expect(!result.topLevelObjects.isEmpty, "\(url.lastPathComponent)")
            #expect(try nib.decodeGraph().className == "NSObject")
        }
    }

    @Test(
        "Every corpus nib's graph survives encode and decode unchanged", .corpus,
        arguments: Corpus.nibFileNames)
    func roundTrip(name: String) throws {
        let nib = try Nib(bytes: try Corpus.nibBytes(named: name))
        let graph = try nib.decodeGraph()
        let archive = try NibEncoder(coderVersion: nib.archive.coderVersion).encode(root: graph)
        let again = try Nib(bytes: archive.serialized()).decodeGraph()
        let difference = GraphComparison.difference(graph, again)
        #expect(difference == nil, "\(name): \(difference ?? "")")
    }

    @Test("A missing external object is an error that names it", .corpus)
    func missingExternalObjectIsNamed() throws {
        let candidates = try Corpus.nibFiles().lazy.compactMap { url -> (Nib, String)? in
            guard let nib = try? Nib(bytes: [UInt8](Data(contentsOf: url))),
                let identifier = nib.externalObjectIdentifiers.first
            else { return nil }
            return (nib, identifier)
        }
        let (nib, identifier) = try #require(candidates.first)
        let error = try #require(throws: NibCodingError.self) { try nib.instantiate(owner: NibObject()) }
        #expect(error.code == .missingExternalObject)
        #expect(error.description.contains(identifier))
        let lenient = try nib.instantiation(
            owner: NibObject(), options: NibLoadingOptions(keepsMissingExternalObjects: true))
        #expect(lenient.diagnostics.contains { $0.contains(identifier) })
    }
}

/// Decoded graphs hold the references that close cycles weakly, so nothing leaks.
@Suite("Decoded graphs do not leak")
struct LeakTests {
    static func weakReferences(_ name: String, instantiate: Bool) throws -> [NibWeakReference] {
        let nib = try Nib(bytes: try Corpus.nibBytes(named: name))
        var roots: [NibObject] = []
        if instantiate {
            let owner = NibObject(className: "Owner")
            let result = try nib.instantiation(owner: owner, externalObjects: CorpusLoadingTests.standIns(for: nib))
            roots = [owner] + result.topLevelObjects.compactMap { $0 as? NibObject }
        } else {
            roots = [try nib.decodeGraph()]
        }
        return roots.flatMap { DumpAgreementTests.reachable(from: $0) }.map { NibWeakReference($0) }
    }

    @Test(
        "Every object of every corpus graph is freed when the graph is dropped", .corpus,
        arguments: Corpus.nibFileNames)
    func graphsAreFreed(name: String) throws {
        for instantiate in [false, true] {
            let references = try Self.weakReferences(name, instantiate: instantiate)
            #expect(references.count > 1)
            let alive = references.filter { $0.object != nil }.count
            #expect(alive == 0, "\(name): \(alive) of \(references.count) objects leaked (instantiate: \(instantiate))")
        }
    }

    @Test("A subview kept alone keeps its own subtree")
    func subtreeSurvives() throws {
        let label: NibLabel = try {
            let root = try Nib(archive: try Fixtures.loginScreen()).decodeGraph()
            let view = try #require(root.array(forKey: "UINibTopLevelObjectsKey")?.last as? NibView)
            return try #require(view.subviews.first as? NibLabel)
        }()
        #expect(label.text == "Sign in")
        #expect(label.font?.pointSize == 17)
    }
}
