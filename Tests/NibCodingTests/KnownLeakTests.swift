import Foundation
import HeapUsage
import NibArchive
import NibCoding
import Testing

/// A known defect, kept visible: on some hostile nibs (found by FuzzNibLoad), instantiation
/// builds a strong reference cycle — model code receives in-progress ancestors from the decoder
/// and stores them strongly (most likely through `NibObject.runtimeAttributes`, whose values are
/// held strongly) — so each load leaks a few kilobytes. Real nibs do not (a corpus test checks
/// every graph is freed). When this is fixed the known-issue wrapper will report that the issue
/// no longer occurs; then remove the wrapper.
@Suite("Known leaks", .serialized)
struct KnownLeakTests {
    @Test("Loading the saved hostile input repeatedly does not grow the heap")
    func hostileCycleDoesNotLeak() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fuzz Regressions/load-leak-87727b02")
        let bytes = [UInt8](try Data(contentsOf: url))
        func loadOnce() {
            guard let nib = try? Nib(bytes: bytes) else { return }
            var externals: [String: AnyObject] = [:]
            for identifier in nib.externalObjectIdentifiers { externals[identifier] = NibObject() }
            _ = try? nib.instantiation(owner: NibObject(), externalObjects: externals)
        }
        for _ in 0..<5 { loadOnce() }
        var smallest = Int.max
        for _ in 0..<3 {
            let before = Int(nibkit_heap_in_use())
            for _ in 0..<50 { loadOnce() }
            smallest = min(smallest, Int(nibkit_heap_in_use()) - before)
        }
        withKnownIssue("hostile reference cycles built during instantiation leak") {
            #expect(smallest < 16 * 1024, "heap grew by \(smallest) bytes over 50 loads")
        }
    }
}
