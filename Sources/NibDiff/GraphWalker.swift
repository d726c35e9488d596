import NibArchive

/// The walk behind ``StructuralComparison``: a quiet, memoized equivalence check, and a
/// reporting pass that describes the differences of pairs that are not equivalent.
///
/// Bounds, so that any input finishes in time about linear in its size:
/// - Unordered collections are matched through fingerprints (a structural hash of each
///   object, computed once per graph without recursion): an element is compared only with the
///   elements of the other side that have its fingerprint, at most
///   ``maximumCandidates`` of them, instead of with every element.
/// - Every pair compared and every value read for it counts against the comparison's
///   `ExpansionLimit` (proportional to the two archives' sizes); past it the walk stops and
///   reports one ``StructuralDifference/Kind/expansionLimit`` difference.
/// - The walk is depth-bounded (``StructuralComparison/Options/maximumDepth``) and nested
///   archives are compared down to ``maximumNesting`` levels.
final class GraphWalker {
    private struct Pair: Hashable {
        var left: UInt32
        var right: UInt32
        var unordered: Bool
    }

    private let left: ArchiveGraph
    private let right: ArchiveGraph
    private let options: StructuralComparison.Options
    private let pathPrefix: String
    /// Pairs found equivalent, and pairs found not equivalent with the ``generation`` they were
    /// found in: a new matched pair (see `matched`) can make a pair equivalent that was not, so
    /// a "not equivalent" holds only within its generation. (Forgetting those results by
    /// filtering the memo at every match made reporting quadratic.)
    private var equivalentPairs: Set<Pair> = []
    private var differentPairs: [Pair: Int] = [:]
    private var generation = 0
    private var inProgress: Set<Pair> = []
    private var reported: Set<Pair> = []
    /// Pairs the report matched by their place in the graph: references to them count as
    /// equal, so a difference inside an object is reported once, not at every reference to it.
    private var matched: Set<[UInt32]> = []
    private var found: [StructuralDifference] = []
    /// The fingerprints of the nodes of each side (see ``computeFingerprints()``).
    private var leftPrints: [Int] = []
    private var rightPrints: [Int] = []
    /// Pairs compared and values read, against the expansion limit; shared with nested walks.
    private let budget: Budget
    /// How many archives deep this walk is (0 for the outer one).
    private let nesting: Int

    /// The most candidates with the same fingerprint an element of an unordered collection is
    /// compared with before it counts as unmatched.
    static let maximumCandidates = 16
    /// How many levels of nested archives are compared (deeper ones compare byte for byte).
    static let maximumNesting = 8

    /// The expansion budget of one comparison, shared by the walks of its nested archives.
    final class Budget {
        var remaining: Int
        let limit: Int
        let factor: Int
        var exhausted = false

        init(_ limit: ExpansionLimit, inputSize: Int) {
            self.limit = limit.entries(forInputSize: inputSize)
            self.remaining = self.limit
            self.factor = limit.factor
        }

        /// Spends `count` entries; false (and exhausted from then on) once the limit is passed.
        func spend(_ count: Int) -> Bool {
            guard !exhausted else { return false }
            remaining -= max(1, count)
            if remaining < 0 { exhausted = true }
            return !exhausted
        }
    }

    /// The keys of `NSIBObjectData` that hold connections, walked after its objects.
    private static let connectionKeys: Set<String> = ["NSConnections", "NSAccessibilityConnectors"]

    private static let unorderedClasses: Set<String> = [
        "NSSet", "NSMutableSet", "NSDictionary", "NSMutableDictionary", "NSCountedSet",
    ]
    private static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]
    private static let keyedCollectionClasses: Set<String> = [
        "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet",
    ]

    init(
        left: ArchiveGraph, right: ArchiveGraph, options: StructuralComparison.Options, pathPrefix: String,
        budget: Budget? = nil, nesting: Int = 0
    ) {
        self.left = left
        self.right = right
        self.options = options
        self.pathPrefix = pathPrefix
        self.budget = budget ?? Budget(options.expansion, inputSize: left.byteCount &+ right.byteCount)
        self.nesting = nesting
    }

    func run() -> [StructuralDifference] {
        computeFingerprints()
        walk()
        if nesting == 0, budget.exhausted {
            found.append(
                StructuralDifference(
                    kind: .expansionLimit, path: pathPrefix, className: "",
                    left:
                        "\(ExpansionLimitError(what: "compared objects and values", limit: budget.limit, factor: budget.factor))"
                ))
        }
        return found
    }

    private func walk() {
        guard !left.nodes.isEmpty, !right.nodes.isEmpty else {
            if left.nodes.isEmpty != right.nodes.isEmpty {
                found.append(
                    StructuralDifference(
                        kind: .missingRoot, path: pathPrefix,
                        className: left.nodes.first?.className ?? right.nodes.first?.className ?? "",
                        left: left.nodes.isEmpty ? nil : "root", right: right.nodes.isEmpty ? nil : "root"))
            }
            return
        }
        report(0, 0, path: pathPrefix, viaKey: nil, depth: 0)
    }

    // MARK: Fingerprints

    /// Structural hashes of every node of both graphs, refined round by round: round 0 hashes
    /// each node's class, keys and plain values (references by type only); each further round
    /// hashes them again with the referenced nodes' previous hashes, until a round tells no
    /// more nodes apart (or after ``maximumRounds``). Nodes the comparison finds equivalent
    /// get equal fingerprints whatever the order of the tables and however the graph cycles,
    /// so an unordered match only looks at candidates with the same fingerprint.
    ///
    /// Keys and collection elements are combined without regard to order; floats and data by
    /// what the options treat as equal (a tolerance, generated prefixes, UUIDs, geometry and
    /// nested archives hash by kind only). No recursion: each round is one pass over the values.
    private func computeFingerprints() {
        guard
            budget.spend(left.nodes.reduce(0) { $0 &+ $1.values.count })
                && budget.spend(right.nodes.reduce(0) { $0 &+ $1.values.count })
        else { return }
        var lp = [Int](repeating: 0, count: left.nodes.count)
        var rp = [Int](repeating: 0, count: right.nodes.count)
        var distinct = 1
        for _ in 0..<Self.maximumRounds {
            let nextLeft = left.nodes.map { fingerprint($0, prints: lp) }
            let nextRight = right.nodes.map { fingerprint($0, prints: rp) }
            let count = Set(nextLeft).union(nextRight).count
            lp = nextLeft
            rp = nextRight
            if count == distinct { break }
            distinct = count
        }
        leftPrints = lp
        rightPrints = rp
    }

    /// The most rounds ``computeFingerprints()`` runs: differences deeper than this from an
    /// element are found by comparing candidates.
    static let maximumRounds = 32

    private func fingerprint(_ node: ArchiveGraph.Node, prints: [Int]) -> Int {
        var hasher = Hasher()
        hasher.combine(node.className)
        var sum = 0
        if let elements = elements(of: node) {
            let isDictionary = Self.dictionaryClasses.contains(node.className)
            var index = 0
            while index < elements.count {
                var unit = Hasher()
                unit.combine(payloadPrint(elements[index], prints: prints))
                if isDictionary, index + 1 < elements.count {
                    unit.combine(payloadPrint(elements[index + 1], prints: prints))
                    index += 2
                } else {
                    index += 1
                }
                sum &+= unit.finalize()
            }
            hasher.combine(elements.count)
        } else {
            var seen: Set<String> = []
            for (key, payload) in node.values where seen.insert(key).inserted {
                var entry = Hasher()
                entry.combine(key)
                entry.combine(payloadPrint(payload, prints: prints))
                sum &+= entry.finalize()
            }
            hasher.combine(seen.count)
        }
        hasher.combine(sum)
        return hasher.finalize()
    }

    private func payloadPrint(_ payload: NibArchive.Payload, prints: [Int]) -> Int {
        var hasher = Hasher()
        hasher.combine(payload.type)
        switch payload {
        case .objectReference(let index):
            hasher.combine(Int(index) < prints.count ? prints[Int(index)] : -1)
        case .float64(let value):
            if options.floatTolerance == 0 { hasher.combine(value == 0 ? 0 : value.bitPattern) }
        case .float32(let value):
            hasher.combine(value == 0 ? 0 : value.bitPattern)
        case .data(let bytes):
            if let prefix = options.generatedIdentifierPrefixes.first(where: { bytes.starts(with: $0.utf8) }) {
                hasher.combine(prefix)
            } else if options.treatsRandomUUIDsAsEqual, RandomUUID.matches(bytes) {
                hasher.combine("uuid")
            } else if NibArchive.hasMagic(bytes) {
                hasher.combine("archive")
            } else if let geometry = Geometry(bytes) {
                hasher.combine(geometry.components.count)
            } else {
                hasher.combine(bytes.count)
                for byte in bytes { hasher.combine(byte) }
            }
        default:
            hasher.combine(payload)
        }
        return hasher.finalize()
    }

    /// The fingerprint of a collection unit (one element, or a dictionary's key and value).
    private func unitPrint(_ unit: [NibArchive.Payload], prints: [Int]) -> Int {
        var hasher = Hasher()
        for payload in unit { hasher.combine(payloadPrint(payload, prints: prints)) }
        return hasher.finalize()
    }

    /// Matches the units of an unordered collection: each left unit with the first unused right
    /// unit of the same fingerprint that is equivalent (at most ``maximumCandidates`` tried).
    /// Returns the right index matched to each left unit, or `nil`.
    private func matchUnordered(_ lu: [[NibArchive.Payload]], _ ru: [[NibArchive.Payload]], depth: Int) -> [Int?] {
        // Each bucket lists its right indices last-first, so the lowest is taken (and removed)
        // from the end.
        var buckets: [Int: [Int]] = [:]
        for index in ru.indices.reversed() {
            buckets[unitPrint(ru[index], prints: rightPrints), default: []].append(index)
        }
        var used = [Bool](repeating: false, count: ru.count)
        var result: [Int?] = []
        result.reserveCapacity(lu.count)
        for unit in lu {
            let print = unitPrint(unit, prints: leftPrints)
            var match: Int?
            // Taken out of the dictionary while changed, so it is not copied.
            if var candidates = buckets.removeValue(forKey: print) {
                var tried = 0
                var position = candidates.count - 1
                while position >= 0, tried < Self.maximumCandidates {
                    let candidate = candidates[position]
                    if used[candidate] {
                        candidates.remove(at: position)
                    } else {
                        tried += 1
                        if unitsEquivalent(unit, ru[candidate], depth: depth) {
                            match = candidate
                            used[candidate] = true
                            candidates.remove(at: position)
                            break
                        }
                    }
                    position -= 1
                }
                buckets[print] = candidates
            }
            result.append(match)
        }
        // What the fingerprints did not match (an element whose difference lies in an object
        // already reported, which counts as equal since): the unused elements of the same
        // classes, in order, at most `maximumCandidates` of them.
        guard result.contains(nil) else { return result }
        var bySignature: [String: [Int]] = [:]
        for index in ru.indices.reversed() where !used[index] {
            bySignature[signature(ru[index], in: right), default: []].append(index)
        }
        for (position, unit) in lu.enumerated() where result[position] == nil {
            let key = signature(unit, in: left)
            guard var candidates = bySignature.removeValue(forKey: key) else { continue }
            var tried = 0
            var index = candidates.count - 1
            while index >= 0, tried < Self.maximumCandidates {
                let candidate = candidates[index]
                if used[candidate] {
                    candidates.remove(at: index)
                } else {
                    tried += 1
                    if unitsEquivalent(unit, ru[candidate], depth: depth) {
                        used[candidate] = true
                        result[position] = candidate
                        candidates.remove(at: index)
                        break
                    }
                }
                index -= 1
            }
            bySignature[key] = candidates
        }
        return result
    }

    // MARK: Collections

    /// The elements of a collection object, or `nil` when the object is not a collection.
    private func elements(of node: ArchiveGraph.Node) -> [NibArchive.Payload]? {
        if node.isInlinedCollection {
            return node.values.dropFirst().filter { $0.key == NibArchive.Builder.emptyKey }.map(\.payload)
        }
        if Self.keyedCollectionClasses.contains(node.className),
            node.values.allSatisfy({ $0.key.hasPrefix("NS.object.") })
        {
            return node.values.map(\.payload)
        }
        return nil
    }

    /// Elements as comparable units: single payloads, or key/value pairs for dictionaries.
    private func units(of node: ArchiveGraph.Node, _ elements: [NibArchive.Payload]) -> [[NibArchive.Payload]] {
        guard Self.dictionaryClasses.contains(node.className) else { return elements.map { [$0] } }
        return stride(from: 0, to: elements.count, by: 2).map { Array(elements[$0..<min($0 + 2, elements.count)]) }
    }

    private func isUnordered(_ node: ArchiveGraph.Node, viaKey: String?) -> Bool {
        if Self.unorderedClasses.contains(node.className) { return true }
        guard let viaKey else { return false }
        if options.unorderedKeys.contains(viaKey) { return true }
        // A size-class storage's constraint candidates are the view's constraints in the order
        // Interface Builder made them, the order of `UIViewAutolayoutConstraints` (unordered
        // above), which no document records: duckduckgo Home's (Xcode 13.2) follow neither the
        // document's id order nor the subviews'. Subview candidates keep their order (z-order).
        return viaKey == "UIRelationshipCandidates"
            && node.values.allSatisfy { entry in
                guard case .objectReference(let reference) = entry.payload else { return entry.key == "NSInlinedValue" }
                return left.node(reference)?.className == "NSLayoutConstraint"
            }
    }

    // MARK: Quiet equivalence

    private func equivalent(_ l: UInt32, _ r: UInt32, viaKey: String?, depth: Int) -> Bool {
        guard let ln = left.node(l), let rn = right.node(r) else {
            return (left.node(l) == nil) == (right.node(r) == nil)
        }
        if matched.contains([l, r]) { return true }
        let pair = Pair(left: l, right: r, unordered: isUnordered(ln, viaKey: viaKey))
        if equivalentPairs.contains(pair) { return true }
        if differentPairs[pair] == generation { return false }
        if inProgress.contains(pair) || depth > options.maximumDepth { return true }
        // Once the budget is spent, everything counts as equal so the walk ends quickly; the
        // run reports the expansion-limit difference.
        guard budget.spend(ln.values.count &+ rn.values.count) else { return true }
        inProgress.insert(pair)
        let result = computeEquivalent(ln, rn, unordered: pair.unordered, depth: depth)
        inProgress.remove(pair)
        if result { equivalentPairs.insert(pair) } else { differentPairs[pair] = generation }
        return result
    }

    private func computeEquivalent(_ ln: ArchiveGraph.Node, _ rn: ArchiveGraph.Node, unordered: Bool, depth: Int)
        -> Bool
    {
        guard ln.className == rn.className else { return false }
        let le = elements(of: ln)
        let re = elements(of: rn)
        if let le, let re {
            guard ln.isInlinedCollection == rn.isInlinedCollection else { return false }
            let lu = units(of: ln, le)
            let ru = units(of: rn, re)
            guard lu.count == ru.count else { return false }
            if !unordered {
                return zip(lu, ru).allSatisfy { unitsEquivalent($0, $1, depth: depth) }
            }
            return unorderedUnitsEquivalent(lu, ru, depth: depth)
        }
        guard le == nil, re == nil else { return false }
        let lk = firstValues(ln)
        let rk = firstValues(rn)
        guard lk.count == rk.count else { return false }
        // In stored order, never the dictionary's, which Swift seeds at random per process and
        // per dictionary: the order decides which pairs are compared before the first
        // difference ends the loop, and so what the memo holds (a pair in progress counts as
        // equal) and which candidate an unordered match takes; the report would change from
        // run to run. A key stored twice counts by its first value, as in `firstValues`.
        let repeatsKeys = lk.count != ln.values.count
        var seen: Set<String> = []
        for (key, lp) in ln.values {
            if repeatsKeys, !seen.insert(key).inserted { continue }
            guard let rp = rk[key], payloadsEquivalent(lp, rp, key: key, depth: depth) else { return false }
        }
        if let lp = parentPairs(ln, in: left), let rp = parentPairs(rn, in: right) {
            return unorderedUnitsEquivalent(lp, rp, depth: depth)
        }
        return true
    }

    /// AppKit's object-to-parent table is two parallel arrays; their pairs are compared as
    /// an unordered set of (object, parent), so a wrong parent is a difference even when both
    /// arrays hold the same elements.
    private func parentPairs(_ node: ArchiveGraph.Node, in graph: ArchiveGraph) -> [[NibArchive.Payload]]? {
        guard node.className == "NSIBObjectData",
            case .objectReference(let keys)? = node.value(forKey: "NSObjectsKeys"),
            case .objectReference(let values)? = node.value(forKey: "NSObjectsValues"),
            let keyNode = graph.node(keys), let valueNode = graph.node(values),
            let keyElements = elements(of: keyNode), let valueElements = elements(of: valueNode)
        else { return nil }
        return zip(keyElements, valueElements).map { [$0, $1] }
    }

    private func unorderedUnitsEquivalent(_ lu: [[NibArchive.Payload]], _ ru: [[NibArchive.Payload]], depth: Int)
        -> Bool
    {
        guard lu.count == ru.count else { return false }
        return !matchUnordered(lu, ru, depth: depth).contains(nil)
    }

    private func unitsEquivalent(_ l: [NibArchive.Payload], _ r: [NibArchive.Payload], depth: Int) -> Bool {
        l.count == r.count && zip(l, r).allSatisfy { payloadsEquivalent($0, $1, key: nil, depth: depth) }
    }

    private func payloadsEquivalent(_ l: NibArchive.Payload, _ r: NibArchive.Payload, key: String?, depth: Int) -> Bool
    {
        switch (l, r) {
        case (.objectReference(let a), .objectReference(let b)):
            return equivalent(a, b, viaKey: key, depth: depth + 1)
        case (.data(let a), .data(let b)):
            return dataDifference(a, b).isEmpty
        case (.float64(let a), .float64(let b)):
            return a.bitPattern == b.bitPattern || abs(a - b) <= options.floatTolerance
        default:
            return l == r
        }
    }

    private func firstValues(_ node: ArchiveGraph.Node) -> [String: NibArchive.Payload] {
        var result: [String: NibArchive.Payload] = [:]
        for (key, payload) in node.values where result[key] == nil { result[key] = payload }
        return result
    }

    // MARK: Data values

    /// Differences between two data values: nested archives recursively, geometry with the
    /// tolerance, anything else byte for byte. Empty when equal.
    private func dataDifference(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> [StructuralDifference] {
        if a.elementsEqual(b) { return [] }
        for prefix in options.generatedIdentifierPrefixes
        where a.starts(with: prefix.utf8) && b.starts(with: prefix.utf8) {
            return []
        }
        if options.treatsRandomUUIDsAsEqual, RandomUUID.matches(a), RandomUUID.matches(b) { return [] }
        if options.recursesIntoNestedArchives, nesting < Self.maximumNesting, NibArchive.hasMagic(a),
            NibArchive.hasMagic(b), budget.spend(a.count / 8 + b.count / 8),
            let la = try? NibArchive(parsing: Array(a)), let rb = try? NibArchive(parsing: Array(b))
        {
            let nested = GraphWalker(
                left: ArchiveGraph(la), right: ArchiveGraph(rb), options: options, pathPrefix: "‹nested›",
                budget: budget, nesting: nesting + 1)
            return nested.run()
        }
        if let ga = Geometry(a), let gb = Geometry(b), ga.components.count == gb.components.count,
            zip(ga.components, gb.components).allSatisfy({ abs($0 - $1) <= options.floatTolerance })
        {
            return []
        }
        return [StructuralDifference(kind: .value, path: "", className: "")]
    }

    // MARK: Reporting

    private func record(
        _ kind: StructuralDifference.Kind, _ path: String, _ className: String, key: String? = nil,
        left l: String? = nil, right r: String? = nil
    ) {
        found.append(StructuralDifference(kind: kind, path: path, className: className, key: key, left: l, right: r))
    }

    @discardableResult
    private func report(_ l: UInt32, _ r: UInt32, path: String, viaKey: String?, depth: Int) -> Bool {
        if equivalent(l, r, viaKey: viaKey, depth: depth) { return true }
        guard let ln = left.node(l), let rn = right.node(r) else { return false }
        let pair = Pair(left: l, right: r, unordered: isUnordered(ln, viaKey: viaKey))
        guard reported.insert(pair).inserted, budget.spend(ln.values.count &+ rn.values.count) else { return false }
        if depth > options.maximumDepth {
            record(.depthLimit, path, ln.className)
            return false
        }
        guard ln.className == rn.className else {
            record(.className, path, ln.className, left: ln.className, right: rn.className)
            return false
        }
        // References to this pair count as equal from now on, so earlier "not equivalent"
        // results may no longer hold: a new generation.
        if matched.insert([l, r]).inserted { generation += 1 }
        if let le = elements(of: ln), let re = elements(of: rn) {
            // The two archived forms of a collection decode differently: UIKit's and AppKit's
            // coders read `NSInlinedValue` elements only for the classes they inline, and
            // `-[NSOrderedSet initWithCoder:]` reads `NS.object.N` alone.
            if ln.isInlinedCollection != rn.isInlinedCollection {
                func form(_ node: ArchiveGraph.Node) -> String {
                    node.isInlinedCollection ? "inlined (NSInlinedValue)" : "keyed (NS.object.N)"
                }
                record(.type, path, ln.className, left: form(ln), right: form(rn))
            }
            reportCollection(
                ln, units(of: ln, le), units(of: rn, re), path: path, unordered: pair.unordered, depth: depth)
            return false
        }
        let lk = firstValues(ln)
        let rk = firstValues(rn)
        var keys = ln.values.map(\.key)
        keys += rn.values.map(\.key).filter { lk[$0] == nil }
        if ln.className == "NSIBObjectData" {
            // AppKit's object data lists its connections before its objects; walked first, they
            // would name every object by the connection that reaches it. Objects first, so a path
            // reads root › IB.objectdata › NSObjectsKeys[3] (NSMenu) › NSMenuItems[8].
            keys = keys.filter { !Self.connectionKeys.contains($0) } + keys.filter { Self.connectionKeys.contains($0) }
        }
        var seen: Set<String> = []
        for key in keys where seen.insert(key).inserted {
            switch (lk[key], rk[key]) {
            case (let lp?, nil):
                record(
                    .keyOnlyInLeft, path, ln.className, key: key,
                    left: render(lp, className: ln.className, key: key, in: left))
            case (nil, let rp?):
                record(
                    .keyOnlyInRight, path, ln.className, key: key,
                    right: render(rp, className: ln.className, key: key, in: right))
            case (let lp?, let rp?): reportPayloads(lp, rp, path: path, className: ln.className, key: key, depth: depth)
            default: break
            }
        }
        if let lp = parentPairs(ln, in: left), let rp = parentPairs(rn, in: right),
            !unorderedUnitsEquivalent(lp, rp, depth: depth)
        {
            reportCollection(
                ln, lp, rp, path: path + " › NSObjectsKeys/NSObjectsValues (object, parent)", unordered: true,
                depth: depth)
        }
        return false
    }

    private func reportPayloads(
        _ lp: NibArchive.Payload, _ rp: NibArchive.Payload, path: String, className: String, key: String, depth: Int
    ) {
        if payloadsEquivalent(lp, rp, key: key, depth: depth) { return }
        switch (lp, rp) {
        case (.objectReference(let a), .objectReference(let b)):
            let target = left.node(a)
            let isCollection = target.map { elements(of: $0) != nil } ?? false
            let step = isCollection ? key : "\(key) (\(target.map { DiffPresentation.label($0, in: left) } ?? "?"))"
            report(a, b, path: "\(path) › \(step)", viaKey: key, depth: depth + 1)
        case (.data(let a), .data(let b)):
            let nested = dataDifference(a, b)
            if nested.count == 1, nested[0].path.isEmpty {
                record(.value, path, className, key: key, left: render(lp, in: left), right: render(rp, in: right))
            } else {
                for var difference in nested {
                    difference.path = "\(path) › \(key) \(difference.path)"
                    found.append(difference)
                }
            }
        default:
            let kind: StructuralDifference.Kind = lp.type == rp.type ? .value : .type
            record(
                kind, path, className, key: key, left: render(lp, className: className, key: key, in: left),
                right: render(rp, className: className, key: key, in: right))
        }
    }

    private func reportCollection(
        _ ln: ArchiveGraph.Node, _ lu: [[NibArchive.Payload]], _ ru: [[NibArchive.Payload]], path: String,
        unordered: Bool, depth: Int
    ) {
        var pairs: [(Int, Int)] = []
        var leftOnly: [Int] = []
        var rightOnly: [Int] = []
        if unordered {
            (leftOnly, rightOnly) = reportUnordered(ln, lu, ru, path: path, depth: depth)
        } else {
            (pairs, leftOnly, rightOnly) = alignOrdered(lu, ru, depth: depth)
        }
        for (li, ri) in pairs {
            reportPair(ln, lu[li], ru[ri], index: li, path: path, depth: depth)
        }
        // In an ordered list the position says which element it is: the left index for a
        // removed element, the right one for an added element.
        for index in leftOnly {
            record(
                .elementOnlyInLeft, unordered ? path : "\(path)[\(index)]", ln.className,
                left: lu[index].map { render($0, in: left) }.joined(separator: ": "))
        }
        for index in rightOnly {
            record(
                .elementOnlyInRight, unordered ? path : "\(path)[\(index)]", ln.className,
                right: ru[index].map { render($0, in: right) }.joined(separator: ": "))
        }
    }

    /// The most cells (left elements × right elements, after the common ends are taken off) an
    /// ordered list is aligned with a longest common subsequence; longer lists are matched by
    /// position.
    static let maximumAlignmentCells = 1_000_000

    /// Aligns two ordered lists so that an inserted or removed element does not shift every
    /// later pair: the common start and end are equal as they stand, the middle is aligned by a
    /// longest common subsequence of equivalent elements, and what lies between two aligned
    /// elements is paired in order by class (a change) or left unpaired (removed or added).
    /// Ties go to the leftmost alignment, so the result is the same on every run.
    private func alignOrdered(_ lu: [[NibArchive.Payload]], _ ru: [[NibArchive.Payload]], depth: Int)
        -> (pairs: [(Int, Int)], leftOnly: [Int], rightOnly: [Int])
    {
        var start = 0
        while start < lu.count, start < ru.count, unitsEquivalent(lu[start], ru[start], depth: depth) { start += 1 }
        var leftEnd = lu.count
        var rightEnd = ru.count
        while leftEnd > start, rightEnd > start, unitsEquivalent(lu[leftEnd - 1], ru[rightEnd - 1], depth: depth) {
            leftEnd -= 1
            rightEnd -= 1
        }
        let n = leftEnd - start
        let m = rightEnd - start
        // Anchors: pairs of equivalent elements in order, ending with the end of both lists.
        var anchors: [(Int, Int)] = []
        if n > 0, m > 0, n.multipliedReportingOverflow(by: m).partialValue <= Self.maximumAlignmentCells,
            !n.multipliedReportingOverflow(by: m).overflow, budget.spend(n &* m / 64)
        {
            // lengths[i][j]: the longest common subsequence of the suffixes from i and j.
            let width = m + 1
            var lengths = [Int32](repeating: 0, count: (n + 1) * width)
            var same = [Bool](repeating: false, count: n * m)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    if unitsEquivalent(lu[start + i], ru[start + j], depth: depth) {
                        same[i * m + j] = true
                        lengths[i * width + j] = lengths[(i + 1) * width + j + 1] + 1
                    } else {
                        lengths[i * width + j] = max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                    }
                }
            }
            var i = 0
            var j = 0
            while i < n, j < m {
                if same[i * m + j], lengths[i * width + j] == lengths[(i + 1) * width + j + 1] + 1 {
                    anchors.append((start + i, start + j))
                    i += 1
                    j += 1
                } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
        } else if n > 0, m > 0 {
            // Too long to align: by position, as a list of that size was before.
            let common = min(n, m)
            return (
                (0..<common).map { (start + $0, start + $0) }, Array((start + common)..<leftEnd),
                Array((start + common)..<rightEnd)
            )
        }
        anchors.append((leftEnd, rightEnd))
        var pairs: [(Int, Int)] = []
        var leftOnly: [Int] = []
        var rightOnly: [Int] = []
        var previous = (start, start)
        for anchor in anchors {
            // The gap before this anchor: pair in order by signature, the rest unpaired.
            let leftGap = Array(previous.0..<anchor.0)
            let rightGap = Array(previous.1..<anchor.1)
            let rightSignatures = rightGap.map { self.signature(ru[$0], in: right) }
            var next = 0
            for li in leftGap {
                let signature = self.signature(lu[li], in: left)
                if let found = rightSignatures[next...].firstIndex(of: signature) {
                    rightOnly += rightGap[next..<found]
                    pairs.append((li, rightGap[found]))
                    next = found + 1
                } else {
                    leftOnly.append(li)
                }
            }
            rightOnly += rightGap[next...]
            previous = (anchor.0 + 1, anchor.1 + 1)
        }
        return (pairs, leftOnly, rightOnly)
    }

    /// Reports the differences inside one pair of collection units (elements, or a dictionary's
    /// key and value).
    private func reportPair(
        _ ln: ArchiveGraph.Node, _ lunit: [NibArchive.Payload], _ runit: [NibArchive.Payload], index: Int,
        path: String, depth: Int
    ) {
        for (offset, (lp, rp)) in zip(lunit, runit).enumerated() {
            let label = lunit.count == 2 ? (offset == 0 ? "[\(index)].key" : "[\(index)].value") : "[\(index)]"
            reportElement(lp, rp, path: path, label: label, className: ln.className, depth: depth)
        }
    }

    /// Reports an unordered collection: equivalent elements are matched first; what is left is
    /// paired by class in order and each pair reported at once. Reporting a pair makes the
    /// objects inside it count as matched, which can make other leftovers equivalent (menu
    /// items whose menu gained an item: their connections then match), so the leftovers are
    /// matched again whenever a report has matched something new. Returns the unpaired
    /// elements of each side.
    /// Leftover lists up to this long are matched again after every report that changed what
    /// is equivalent; longer ones on a halving schedule (``reportUnordered(_:_:_:path:depth:)``).
    /// Two archives without differences leave no leftovers, so the schedule never changes
    /// whether they compare equal, only how a long list of differences pairs up.
    static let eagerRematchCount = 8

    private func reportUnordered(
        _ ln: ArchiveGraph.Node, _ lu: [[NibArchive.Payload]], _ ru: [[NibArchive.Payload]], path: String,
        depth: Int
    ) -> (leftOnly: [Int], rightOnly: [Int]) {
        let leftSignatures = lu.map { signature($0, in: left) }
        let rightSignatures = ru.map { signature($0, in: right) }
        // Dictionary keys' fingerprints, so that pairing by key compares integers first.
        let isDictionary = Self.dictionaryClasses.contains(ln.className)
        let leftKeyPrints = isDictionary ? lu.map { $0.first.map { payloadPrint($0, prints: leftPrints) } ?? 0 } : []
        let rightKeyPrints = isDictionary ? ru.map { $0.first.map { payloadPrint($0, prints: rightPrints) } ?? 0 } : []
        var leftRemaining = Array(lu.indices)
        var rightRemaining = Array(ru.indices)
        var leftOnly: [Int] = []
        var matchedGeneration: Int?
        // A reported pair can make other elements equivalent (references to it now count as
        // equal), so the leftovers are matched again before the next report. For a long list of
        // leftovers that is done once half of them have been reported since the last match:
        // re-matching after every report made two all-different sets of n elements cost n²
        // matches; this way the matches cost at most twice the list.
        var reportsSinceMatch = 0
        var remainingAtMatch = 0
        // The next leftover to report (taking from the front one by one would move the rest).
        var next = 0
        while next < leftRemaining.count, !budget.exhausted {
            if matchedGeneration != generation,
                matchedGeneration == nil || leftRemaining.count - next <= Self.eagerRematchCount
                    || reportsSinceMatch * 2 >= remainingAtMatch
            {
                matchedGeneration = generation
                let pending = leftRemaining[next...]
                let matches = matchUnordered(pending.map { lu[$0] }, rightRemaining.map { ru[$0] }, depth: depth)
                var usedRight = [Bool](repeating: false, count: rightRemaining.count)
                var unmatched: [Int] = []
                for (match, element) in zip(matches, pending) {
                    if let match { usedRight[match] = true } else { unmatched.append(element) }
                }
                rightRemaining = rightRemaining.indices.filter { !usedRight[$0] }.map { rightRemaining[$0] }
                leftRemaining = unmatched
                next = 0
                reportsSinceMatch = 0
                remainingAtMatch = leftRemaining.count
                guard !leftRemaining.isEmpty else { break }
            }
            let li = leftRemaining[next]
            next += 1
            // A dictionary's entry pairs first with the entry of an equal key, so a changed
            // value is reported under its key (two cell nibs keyed by reuse identifier).
            let sameKey =
                isDictionary && lu[li].count == 2
                ? rightRemaining.firstIndex(where: {
                    rightKeyPrints[$0] == leftKeyPrints[li] && rightSignatures[$0] == leftSignatures[li]
                        && ru[$0].count == 2 && payloadsEquivalent(lu[li][0], ru[$0][0], key: nil, depth: depth)
                }) : nil
            guard
                let position = sameKey
                    ?? rightRemaining.firstIndex(where: { rightSignatures[$0] == leftSignatures[li] })
            else {
                leftOnly.append(li)
                continue
            }
            let ri = rightRemaining.remove(at: position)
            reportPair(ln, lu[li], ru[ri], index: li, path: path, depth: depth)
            reportsSinceMatch += 1
        }
        return (leftOnly + leftRemaining[min(next, leftRemaining.count)...], rightRemaining)
    }

    private func reportElement(
        _ lp: NibArchive.Payload, _ rp: NibArchive.Payload, path: String, label: String, className: String, depth: Int
    ) {
        if payloadsEquivalent(lp, rp, key: nil, depth: depth) { return }
        if case .objectReference(let a) = lp, case .objectReference(let b) = rp {
            let step = left.node(a).map { DiffPresentation.label($0, in: left) } ?? "?"
            report(a, b, path: "\(path)\(label) (\(step))", viaKey: nil, depth: depth + 1)
        } else {
            let kind: StructuralDifference.Kind = lp.type == rp.type ? .value : .type
            record(kind, path + label, className, left: render(lp, in: left), right: render(rp, in: right))
        }
    }

    private func signature(_ unit: [NibArchive.Payload], in graph: ArchiveGraph) -> String {
        unit.map { payload in
            if case .objectReference(let index) = payload { return graph.node(index)?.className ?? "?" }
            return payload.type.description
        }.joined(separator: "/")
    }

    // MARK: Rendering

    /// A value for people, with the case name of a known enumeration (`centerY (10)`).
    func render(_ payload: NibArchive.Payload, className: String, key: String, in graph: ArchiveGraph) -> String {
        DiffPresentation.enumName(className: className, key: key, payload: payload) ?? render(payload, in: graph)
    }

    /// A payload for people: strings quoted, references as `→ Class "text"`, geometry as numbers.
    func render(_ payload: NibArchive.Payload, in graph: ArchiveGraph) -> String {
        switch payload {
        case .objectReference(let index):
            guard let node = graph.node(index) else { return "→ #\(index) (out of range)" }
            if node.className.hasSuffix("String"), case .data(let bytes)? = node.value(forKey: "NS.bytes") {
                return "→ \(node.className) \(Self.quoted(bytes))"
            }
            if node.className == "NSNumber", let number = node.values.first?.payload {
                return "→ NSNumber \(render(number, in: graph))"
            }
            if let elements = elements(of: node) {
                return "→ \(node.className) (\(counted(elements.count, "element")))"
            }
            let caption = DiffPresentation.caption(node, in: graph).map { " " + Self.quoted(ArraySlice($0.utf8)) } ?? ""
            return "→ \(DiffPresentation.label(node, in: graph))\(caption)"
        case .data(let bytes):
            if NibArchive.hasMagic(bytes) { return "nested archive (\(counted(bytes.count, "byte")))" }
            if let geometry = Geometry(bytes) { return geometry.description }
            return Self.quoted(bytes)
        default:
            return payload.description
        }
    }

    private static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" })
        {
            return "\"\(text)\""
        }
        return "<"
            + bytes.prefix(24).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined() + (bytes.count > 24 ? "…" : "") + ">"
    }
}
