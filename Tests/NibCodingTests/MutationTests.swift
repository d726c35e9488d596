import CorpusSupport
import Foundation
import NibArchive
import NibCoding
import Testing

/// Seeded byte mutations of real nibs: every layer above the wire format fails cleanly or
/// succeeds, never crashes.
@Suite("Mutated nibs fail cleanly")
struct MutationTests {
    @Test(
        "Mutated corpus nibs decode, instantiate and outline or throw NibCodingError", .corpus,
        arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func mutations(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let names = Corpus.nibFileNames
        var survived = 0
        for _ in 0..<40 {
            let name = names[random.below(names.count)]
            var bytes = try Corpus.nibBytes(named: name)
            for _ in 0..<(1 + random.below(4)) {
                // Mutate past the header so the tables still parse often enough to reach NibCoding.
                let offset = 50 + random.below(bytes.count - 50)
                bytes[offset] = UInt8(truncatingIfNeeded: random.next())
            }
            guard let nib = try? Nib(bytes: bytes) else { continue }
            do {
                _ = try nib.decodeGraph()
                _ = try NibTree(nib: nib).text()
                _ = try nib.instantiation(
                    owner: NibObject(), externalObjects: [:],
                    options: NibLoadingOptions(keepsMissingExternalObjects: true))
                survived += 1
            } catch let error as NibCodingError {
                #expect(!error.description.isEmpty, "seed \(seed), \(name)")
            }
        }
        #expect(survived >= 0)
    }
}

extension SeededRandom {
    /// A number in `0..<bound` (0 for an empty range).
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}
