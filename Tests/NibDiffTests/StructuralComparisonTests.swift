import NibArchive
import NibDiff
import Testing

@Suite("Structural comparison")
struct StructuralComparisonTests {
    /// A root holding an inlined array of strings, with object order chosen by `reversed`.
    static func archive(_ strings: [String], reversed: Bool = false, key: String = "UINibObjectsKey") throws
        -> NibArchive
    {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let array = builder.addObject(className: "NSArray")
        builder.append(.objectReference(array), forKey: key, to: root)
        builder.append(.bool(true), forKey: "NSInlinedValue", to: array)
        let ordered = reversed ? strings.reversed() : strings
        for text in ordered {
            let string = builder.addObject(className: "NSString")
            builder.append(.string(text), forKey: "NS.bytes", to: string)
            builder.append(.objectReference(string), forKey: NibArchive.Builder.emptyKey, to: array)
        }
        return try builder.build()
    }

    @Test("identical archives have no differences")
    func identical() throws {
        let a = try Self.archive(["a", "b"])
        #expect(StructuralComparison().differences(between: a, and: a).isEmpty)
    }

    @Test("element order is ignored under an unordered key")
    func unorderedKey() throws {
        let a = try Self.archive(["a", "b", "c"])
        let b = try Self.archive(["a", "b", "c"], reversed: true)
        #expect(StructuralComparison().isEquivalent(a, b))
    }

    /// The two UUIDs are the ones Apple's ibtool wrote for the same window controller id in the
    /// `sb_textview` and `sb_tv_customclass` pairs.
    @Test("random (version 4) UUIDs compare as equal unless the option is off; other strings do not")
    func randomUUIDs() throws {
        let apple = try Self.archive(["23B33526-99B0-40E9-8BFE-B045CDC932CF"], key: "UISubviews")
        let other = try Self.archive(["0D2DD7E0-6D33-428D-8866-2E7851EB0186"], key: "UISubviews")
        #expect(StructuralComparison().isEquivalent(apple, other))
        let strict = StructuralComparison(options: .init(treatsRandomUUIDsAsEqual: false))
        #expect(!strict.isEquivalent(apple, other))
        // Version 1 UUIDs (time-based) and other strings are compared exactly.
        let versionOne = try Self.archive(["23B33526-99B0-10E9-8BFE-B045CDC932CF"], key: "UISubviews")
        #expect(!StructuralComparison().isEquivalent(apple, versionOne))
        #expect(!StructuralComparison().isEquivalent(try Self.archive(["a"]), try Self.archive(["b"])))
    }

    @Test("element order matters under an ordered key")
    func orderedKey() throws {
        let a = try Self.archive(["a", "b"], key: "UISubviews")
        let b = try Self.archive(["a", "b"], reversed: true, key: "UISubviews")
        let differences = StructuralComparison().differences(between: a, and: b)
        // A swap is a move: one element leaves its place and comes back at another.
        #expect(differences.map(\.kind) == [.elementOnlyInLeft, .elementOnlyInRight])
        #expect(
            differences.map(\.description) == [
                #"root › UISubviews[0]: element only in left (→ NSString "a")"#,
                #"root › UISubviews[1]: element only in right (→ NSString "a")"#,
            ])
    }

    @Test("a changed element of an unordered array is reported once, as a value change")
    func changedElement() throws {
        let a = try Self.archive(["a", "b"])
        let b = try Self.archive(["a", "x"])
        let differences = StructuralComparison().differences(between: a, and: b)
        #expect(differences.map(\.kind) == [.value])
        #expect(differences.first?.key == "NS.bytes")
    }

    @Test("missing elements and keys are named")
    func missing() throws {
        let a = try Self.archive(["a", "b"])
        let b = try Self.archive(["a"])
        let differences = StructuralComparison().differences(between: a, and: b)
        #expect(differences.map(\.kind) == [.elementOnlyInLeft])
    }

    @Test("object table order does not matter, and cycles terminate")
    func cycles() throws {
        func make(swap: Bool) throws -> NibArchive {
            var builder = NibArchive.Builder()
            let root = builder.addObject(className: "NSObject")
            let first = builder.addObject(className: swap ? "B" : "A")
            let second = builder.addObject(className: swap ? "A" : "B")
            let a = swap ? second : first
            let b = swap ? first : second
            builder.append(.objectReference(a), forKey: "a", to: root)
            builder.append(.objectReference(b), forKey: "next", to: a)
            builder.append(.objectReference(a), forKey: "next", to: b)
            builder.append(.integer(3), forKey: "n", to: b)
            return try builder.build()
        }
        #expect(StructuralComparison().isEquivalent(try make(swap: false), try make(swap: true)))
    }

    @Test(
        "wire types must match",
        arguments: [
            (NibArchive.Payload.int8(1), NibArchive.Payload.int16(1), StructuralDifference.Kind.type),
            (.float64(1), .float64(2), .value),
            (.bool(true), .bool(false), .type),
        ])
    func types(left: NibArchive.Payload, right: NibArchive.Payload, kind: StructuralDifference.Kind) throws {
        func make(_ payload: NibArchive.Payload) throws -> NibArchive {
            var builder = NibArchive.Builder()
            let root = builder.addObject(className: "NSObject")
            builder.append(payload, forKey: "v", to: root)
            return try builder.build()
        }
        let differences = StructuralComparison().differences(between: try make(left), and: try make(right))
        #expect(differences.map(\.kind) == [kind])
    }

    @Test("geometry blobs compare within the tolerance")
    func geometryTolerance() throws {
        func make(_ x: Double) throws -> NibArchive {
            var builder = NibArchive.Builder()
            let root = builder.addObject(className: "NSObject")
            var bytes: [UInt8] = [7]
            for value in [x, 2.0] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            }
            builder.append(.bytes(bytes), forKey: "UICenter", to: root)
            return try builder.build()
        }
        let exact = StructuralComparison()
        let loose = StructuralComparison(options: .init(floatTolerance: 0.01))
        #expect(!exact.isEquivalent(try make(1.0), try make(1.001)))
        #expect(loose.isEquivalent(try make(1.0), try make(1.001)))
        #expect(exact.differences(between: try make(1.0), and: try make(1.5)).first?.right == "{1.5, 2}")
    }
}

@Suite("AppKit parent table")
struct ParentTableTests {
    /// An `NSIBObjectData` whose parent table maps object "a" to `parentOfA`.
    static func archive(parentOfA: String) throws -> NibArchive {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let data = builder.addObject(className: "NSIBObjectData")
        builder.append(.objectReference(data), forKey: "IB.objectdata", to: root)
        var named: [String: NibArchive.Builder.ObjectID] = [:]
        for name in ["a", "b", "p", "q"] {
            let object = builder.addObject(className: "NSString")
            builder.append(.string(name), forKey: "NS.bytes", to: object)
            named[name] = object
        }
        for (key, list) in [
            ("NSObjectsKeys", ["a", "b"]), ("NSObjectsValues", [parentOfA, parentOfA == "p" ? "q" : "p"]),
        ] {
            let array = builder.addObject(className: "NSArray")
            builder.append(.objectReference(array), forKey: key, to: data)
            builder.append(.bool(true), forKey: "NSInlinedValue", to: array)
            for name in list {
                builder.append(.objectReference(named[name] ?? 0), forKey: NibArchive.Builder.emptyKey, to: array)
            }
        }
        return try builder.build()
    }

    @Test("swapped parents differ although both arrays hold the same elements")
    func swappedParents() throws {
        let differences = StructuralComparison().differences(
            between: try Self.archive(parentOfA: "p"), and: try Self.archive(parentOfA: "q"))
        #expect(!differences.isEmpty)
        #expect(StructuralComparison().isEquivalent(try Self.archive(parentOfA: "p"), try Self.archive(parentOfA: "p")))
    }
}
