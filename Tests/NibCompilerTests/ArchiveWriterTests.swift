import NibArchive
import Testing

@testable import NibCompiler

/// How the compiler's object graph becomes a NIBArchive: numbered depth-first in encoding order
/// (an object takes its number when first reached, before the objects its values refer to), as
/// the module's documentation of `ArchiveWriter` states Apple's coder does, and without a
/// recursion per reference.
@Suite("Archive writer")
struct ArchiveWriterTests {
    /// The targets of `object`'s references, in value order.
    static func references(_ archive: NibArchive, object index: Int) -> [UInt32] {
        archive.values(of: archive.objects[index]).compactMap { value in
            if case .objectReference(let target) = value.payload { return target }
            return nil
        }
    }

    @Test("Objects are numbered depth-first in value order, shared objects once")
    func numberingOrder() throws {
        // root → a → s2 ("s:x"), root → b → (s3, also "s:x"; a again), root → c.
        let root = ArchivedObject("NSObject")
        let a = ArchivedObject("UIView")
        let b = ArchivedObject("UIView")
        let c = ArchivedObject("UILabel")
        let s2 = ArchivedObject("NSString", sharingKey: "s:x")
        let s3 = ArchivedObject("NSString", sharingKey: "s:x")
        s2.set("NS.bytes", .data(Array("x".utf8)))
        s3.set("NS.bytes", .data(Array("x".utf8)))
        root.set("a", a)
        root.set("b", b)
        root.set("c", c)
        a.set("x", s2)
        b.set("y", s3)
        b.set("z", a)
        b.set("n", int: 5)
        defer { for object in [root, a, b, c, s2, s3] { object.removeAllValues() } }

        let archive = try ArchiveWriter().archive(root: root)
        // 0 root, 1 a, 2 s2 (reached through a), 3 b (s3 is s2's number, a keeps 1), 4 c.
        #expect(archive.objects.count == 5)
        #expect(
            archive.objects.map { archive.classes[$0.classIndex].name } == [
                "NSObject", "UIView", "NSString", "UIView", "UILabel",
            ])
        #expect(Self.references(archive, object: 0) == [1, 3, 4])
        #expect(Self.references(archive, object: 1) == [2])
        #expect(Self.references(archive, object: 3) == [2, 1])
        #expect(archive.values(of: archive.objects[3]).last?.payload == .int8(5))
        #expect(archive.values(of: archive.objects[2]).first?.payload == .data(ArraySlice("x".utf8)))
    }

    @Test("A chain of 100,000 references is numbered without recursion")
    func longChain() throws {
        let count = 100_000
        let chain = (0..<count).map { _ in ArchivedObject("NSObject") }
        for index in 0..<(count - 1) { chain[index].set("next", chain[index + 1]) }
        defer { for object in chain { object.removeAllValues() } }

        let archive = try ArchiveWriter().archive(root: chain[0])
        #expect(archive.objects.count == count)
        #expect(Self.references(archive, object: 0) == [1])
        #expect(Self.references(archive, object: count - 2) == [UInt32(count - 1)])
        #expect(Self.references(archive, object: count - 1).isEmpty)
    }
}
