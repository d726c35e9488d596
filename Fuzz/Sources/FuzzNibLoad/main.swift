// `Nib` load + instantiate with generic objects: the whole graph path, nested nibs included.
// Any bytes either fail with a thrown error or load; a loaded graph also encodes back, and the
// encoded nib decodes again. Nothing may trap, hang or recurse without bound.
import Foundation
import FuzzSupport
import NibArchive
import NibCoding

@_cdecl("FuzzNibLoad_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        load(inputBytes(data, size), depth: 0)
        return 0
    }
}

func load(_ bytes: [UInt8], depth: Int) {
    guard let nib = try? Nib(bytes: bytes) else { return }
    var externals: [String: AnyObject] = [:]
    for identifier in nib.externalObjectIdentifiers { externals[identifier] = NibObject() }
    if let loaded = try? nib.instantiation(owner: NibObject(), externalObjects: externals) {
        _ = loaded.outlets.count + loaded.actions.count
        // Prototype cells and other nested nibs go through the same path, a few levels deep.
        if depth < 2 {
            for case let nested as NibNestedNib in loaded.objects {
                if let inner = try? nested.nib() { load(inner.archive.serialized(), depth: depth + 1) }
            }
        }
    }
    if let tree = try? NibTree(nib: nib) { _ = tree.text() }
    guard let graph = try? nib.decodeGraph() else { return }
    if let encoded = try? NibEncoder().encode(root: graph) {
        guard (try? Nib(archive: encoded).decodeGraph()) != nil else {
            fatalError("a decoded graph encoded to a nib that does not decode")
        }
    }
}
