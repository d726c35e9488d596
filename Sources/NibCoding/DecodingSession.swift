import NibArchive

/// One decoding pass over one archive: the memo table, the class resolutions and the limits.
///
/// Objects materialise on first reference and are memoized by index before they are decoded,
/// so cycles get the same (possibly unfinished) instance, as in UIKit. ``NibObject``s, whose
/// decoding only stores references, are handed out at once and filled in from a work list, so
/// the deep reference chains of real nibs (view → subviews → view → constraints → …) never
/// recurse; only objects whose decoding needs a finished child (collections, custom classes)
/// nest, and that nesting is bounded by ``NibDecodingLimits/maximumDepth``.
final class DecodingSession {
    enum Slot {
        case untouched
        /// Allocated, handed out, waiting in ``pending``.
        case pending(NibObject)
        /// Being decoded: a cycle gets this instance.
        case decoding(AnyObject)
        /// A collection being decoded: a cycle through it is an error.
        case collecting
        case done(AnyObject?)
    }

    enum Resolution {
        case model(NibObject.Type)
        case custom(any NibDecodable.Type)
        case proxy
        case swapper
    }

    /// What proxies resolve to during `instantiate`; `nil` when decoding a bare graph.
    struct ProxyMapping {
        var objects: [String: AnyObject]
        var keepsMissingPlaceholders: Bool
    }

    let archive: NibArchive
    let objects: NibArchive.ObjectTable
    let values: NibArchive.ValueTable
    let registry: NibClassRegistry
    let limits: NibDecodingLimits
    let keyNames: [String]
    let classNames: [String]
    var proxyMapping: ProxyMapping?
    var stringsTable: [String: String]?
    var diagnostics: [String] = []

    @exclusivity(unchecked) private var slots: [Slot]
    @exclusivity(unchecked) private var pending: [Int] = []
    private var resolutions: [Resolution?]
    private var swapperTypes: [String: Resolution] = [:]
    private var keyIndexByName: [String: Int]?
    private var keyedLookups = 0
    private var depth = 0
    private var work = 0

    let inlinedKey: Int?
    let emptyKey: Int?
    let bytesKey: Int?
    let proxyIdentifierKey: Int?
    let classNameKey: Int?
    let originalClassNameKey: Int?

    init(archive: NibArchive, registry: NibClassRegistry, limits: NibDecodingLimits) {
        self.archive = archive
        self.objects = archive.objects
        self.values = archive.values
        self.registry = registry
        self.limits = limits
        let keys = archive.keys
        var names: [String] = []
        names.reserveCapacity(keys.count)
        var inlined: Int?, empty: Int?, bytes: Int?, proxy: Int?, swapped: Int?, original: Int?
        for index in keys.indices {
            let name = keys[index].name
            switch name {
            case "NSInlinedValue": inlined = inlined ?? index
            case "UINibEncoderEmptyKey": empty = empty ?? index
            case "NS.bytes": bytes = bytes ?? index
            case "UIProxiedObjectIdentifier": proxy = proxy ?? index
            case "UIClassName": swapped = swapped ?? index
            case "UIOriginalClassName": original = original ?? index
            default: break
            }
            names.append(name)
        }
        keyNames = names
        (inlinedKey, emptyKey, bytesKey, proxyIdentifierKey, classNameKey, originalClassNameKey) =
            (inlined, empty, bytes, proxy, swapped, original)
        classNames = archive.classes.map(\.name)
        slots = Array(repeating: .untouched, count: archive.objects.count)
        resolutions = Array(repeating: nil, count: classNames.count)
    }

    // MARK: Back references

    /// The value indices of references that point back to an object still on the path of a
    /// depth-first walk from the root in stored order (computed on first use).
    private var backReferences: [Bool] = []

    /// Objects replaced by placeholders (owner, first responder, external objects). The nib does
    /// not own them, so references to them are held weakly, as UIKit's delegates and targets are.
    private(set) var placeholderIndices: Set<Int> = []

    /// Whether the reference at `valueIndex` to object `target` is held weakly: it closes a
    /// cycle, or its target is a placeholder.
    func isWeakReference(_ valueIndex: Int, to target: Int) -> Bool {
        if backReferences.isEmpty { backReferences = findBackReferences() }
        return backReferences[valueIndex] || (!placeholderIndices.isEmpty && placeholderIndices.contains(target))
    }

    private func findBackReferences() -> [Bool] {
        var result = [Bool](repeating: false, count: values.count)
        guard !objects.isEmpty else { return result }
        // 0 unvisited, 1 on the path, 2 finished.
        var state = [UInt8](repeating: 0, count: objects.count)
        var stack: [(object: Int, next: Int, end: Int)] = []
        func push(_ index: Int) {
            state[index] = 1
            let range = objects[index].valueIndices
            stack.append((index, range.lowerBound, range.upperBound))
        }
        push(0)
        while let top = stack.last {
            if top.next >= top.end {
                state[top.object] = 2
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            guard top.next < values.count, case .objectReference(let target) = values[top.next].payload,
                Int(target) < objects.count
            else { continue }
            switch state[Int(target)] {
            case 0: push(Int(target))
            case 1: result[top.next] = true
            default: break
            }
        }
        return result
    }

    // MARK: Keys

    /// The first value of `object` stored under `key`.
    func valueIndex(forKey key: String, in object: NibArchive.Object) -> Int? {
        keyedLookups += 1
        if keyIndexByName == nil, keyedLookups > 64 {
            var map: [String: Int] = [:]
            map.reserveCapacity(keyNames.count)
            for (index, name) in keyNames.enumerated() where map[name] == nil { map[name] = index }
            keyIndexByName = map
        }
        if let map = keyIndexByName {
            guard let keyIndex = map[key] else { return nil }
            return valueIndex(forKeyIndex: keyIndex, in: object)
        }
        for index in object.valueIndices where keyNames[values[index].keyIndex] == key { return index }
        return nil
    }

    func valueIndex(forKeyIndex keyIndex: Int?, in object: NibArchive.Object) -> Int? {
        guard let keyIndex else { return nil }
        for index in object.valueIndices where values[index].keyIndex == keyIndex { return index }
        return nil
    }

    /// The text of a string object read straight from the archive (for proxies and swappers,
    /// whose identity must be known before anything is instantiated).
    func rawString(referencedBy valueIndex: Int?) -> String? {
        guard let valueIndex, case .objectReference(let target) = values[valueIndex].payload,
            Int(target) < objects.count,
            let bytesIndex = self.valueIndex(forKeyIndex: bytesKey, in: objects[Int(target)]),
            case .data(let bytes) = values[bytesIndex].payload
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Errors

    func error(
        _ code: NibCodingError.Code, _ message: String, object: Int?, key: String? = nil, valueIndex: Int? = nil,
        expected: String? = nil, found: String? = nil
    ) -> NibCodingError {
        var className: String?
        if let object, object >= 0, object < objects.count { className = classNames[objects[object].classIndex] }
        let offset = valueIndex.flatMap { ValueOffsets.offset(ofValue: $0, in: archive) }
        return NibCodingError(
            code: code, message: message, objectIndex: object, className: className, key: key, expected: expected,
            found: found, offset: offset)
    }

    private func countWork(_ amount: Int, object: Int) throws(NibCodingError) {
        work += amount
        if work > limits.maximumWork {
            throw error(.workLimit, "decoding exceeded the work limit of \(limits.maximumWork)", object: object)
        }
    }

    // MARK: Objects

    /// The object at `index`, finished (its decoding done), with everything it refers to
    /// allocated and, once ``drain()`` runs, decoded.
    func object(at index: Int, referrer: Int?, valueIndex: Int?) throws -> AnyObject? {
        try reference(to: index, deferrable: false, referrer: referrer, valueIndex: valueIndex)
    }

    /// Resolves a reference. With `deferrable`, a ``NibObject`` may be returned before it is
    /// decoded (it is queued); otherwise the object is decoded before returning.
    func reference(to index: Int, deferrable: Bool, referrer: Int?, valueIndex: Int?) throws -> AnyObject? {
        guard index >= 0, index < slots.count else {
            throw error(
                .missingObject, "reference to object \(index), but the archive has \(slots.count) objects",
                object: referrer, key: valueIndex.map { keyNames[values[$0].keyIndex] }, valueIndex: valueIndex)
        }
        switch slots[index] {
        case .done(let object): return object
        case .decoding(let object): return object
        case .collecting:
            throw error(
                .collectionCycle, "collection \(index) contains itself", object: referrer,
                key: valueIndex.map { keyNames[values[$0].keyIndex] }, valueIndex: valueIndex)
        case .pending(let object):
            if deferrable { return object }
            return try decode(object, at: index)
        case .untouched:
            return try materialize(index, deferrable: deferrable)
        }
    }

    private func materialize(_ index: Int, deferrable: Bool) throws -> AnyObject? {
        try countWork(1, object: index)
        let object = objects[index]
        let resolution = try resolve(object, at: index)
        let instance: AnyObject
        switch resolution {
        case .model(let type):
            let model = type.init()
            model.className = classNames[object.classIndex]
            model.archiveIndex = index
            if deferrable, type.defersDecoding {
                slots[index] = .pending(model)
                pending.append(index)
                return model
            }
            return try decode(model, at: index)
        case .custom(let type):
            let instance = type.init()
            try enter(index)
            defer { depth -= 1 }
            slots[index] = .decoding(instance)
            let object = objects[index]
            try countWork(object.valueCount, object: index)
            try instance.decode(from: NibCoder(session: self, index: index, object: object))
            slots[index] = .done(instance)
            return instance
        case .proxy:
            if let substitute = try substituteProxy(object, at: index) { return substitute }
            let proxy = NibProxy()
            proxy.className = classNames[object.classIndex]
            proxy.archiveIndex = index
            return try decode(proxy, at: index)
        case .swapper:
            // Never produced by `resolve`, which turns a swapper into its custom class.
            return try decode(NibObject(className: classNames[object.classIndex]), at: index)
        }
    }

    private func enter(_ index: Int) throws(NibCodingError) {
        depth += 1
        guard depth <= limits.maximumDepth else {
            depth -= 1
            throw error(.depthLimit, "decoding nests deeper than the limit of \(limits.maximumDepth)", object: index)
        }
    }

    private func decode(_ model: NibObject, at index: Int) throws -> AnyObject? {
        try enter(index)
        defer { depth -= 1 }
        slots[index] = type(of: model).defersDecoding ? .decoding(model) : .collecting
        let object = objects[index]
        try countWork(object.valueCount, object: index)
        try model.decode(from: NibCoder(session: self, index: index, object: object))
        let result: AnyObject? = model.didDecode(stringsTable: stringsTable) ? model : nil
        slots[index] = .done(result)
        return result
    }

    /// Decodes `root` as object `index` (the root object, which loading never instantiates
    /// through the registry).
    func adoptRoot(_ root: NibObject, at index: Int = 0) throws -> AnyObject? {
        try decode(root, at: index)
    }

    /// Decodes every queued object. Called before any object is handed to code that may read it.
    func drain() throws {
        while let index = pending.popLast() {
            if case .pending(let model) = slots[index] { _ = try decode(model, at: index) }
        }
    }

    private func resolve(_ object: NibArchive.Object, at index: Int) throws -> Resolution {
        if let known = resolutions[object.classIndex] {
            if case .swapper = known { return try resolveSwapper(object, at: index) }
            return known
        }
        let resolution: Resolution
        let name = classNames[object.classIndex]
        if name == "UIProxyObject" {
            resolution = .proxy
        } else if name == "UIClassSwapper" {
            resolution = .swapper
        } else if let type = registry.type(forClassName: name) ?? fallbackType(object.classIndex) {
            resolution = Self.resolution(for: type)
        } else if let collection = NibClassRegistry.collectionTypes[name] {
            resolution = .model(collection)
        } else if registry.isStrict {
            throw error(.unregisteredClass, "no Swift type is registered for class \(name)", object: index)
        } else {
            resolution = .model(NibObject.self)
        }
        resolutions[object.classIndex] = resolution
        if case .swapper = resolution { return try resolveSwapper(object, at: index) }
        return resolution
    }

    private static func resolution(for type: any NibDecodable.Type) -> Resolution {
        if let model = type as? NibObject.Type { return .model(model) }
        return .custom(type)
    }

    private func fallbackType(_ classIndex: Int) -> (any NibDecodable.Type)? {
        for fallback in archive.classes[classIndex].fallbacks where Int(fallback) < classNames.count {
            if let type = registry.type(forClassName: classNames[Int(fallback)]) { return type }
        }
        return nil
    }

    /// A `UIClassSwapper` decodes as the class named by `UIClassName`, else `UIOriginalClassName`.
    private func resolveSwapper(_ object: NibArchive.Object, at index: Int) throws -> Resolution {
        let custom = rawString(referencedBy: valueIndex(forKeyIndex: classNameKey, in: object)) ?? ""
        let original = rawString(referencedBy: valueIndex(forKeyIndex: originalClassNameKey, in: object)) ?? ""
        let cacheKey = custom + "\u{0}" + original
        if let known = swapperTypes[cacheKey] { return known }
        let resolution: Resolution
        if let type = registry.type(forClassName: custom) ?? registry.type(forClassName: original) {
            resolution = Self.resolution(for: type)
        } else if registry.isStrict {
            throw error(
                .unregisteredClass, "no Swift type is registered for custom class \(SwiftClassName.readable(custom))",
                object: index)
        } else {
            resolution = .model(NibObject.self)
        }
        swapperTypes[cacheKey] = resolution
        return resolution
    }

    /// During `instantiate`, a proxy is replaced by the object mapped to its identifier.
    private func substituteProxy(_ object: NibArchive.Object, at index: Int) throws -> AnyObject? {
        guard let mapping = proxyMapping else { return nil }
        let valueIndex = valueIndex(forKeyIndex: proxyIdentifierKey, in: object)
        guard let identifier = rawString(referencedBy: valueIndex) else {
            throw error(
                .proxyWithoutIdentifier, "proxy object has no UIProxiedObjectIdentifier string", object: index,
                key: "UIProxiedObjectIdentifier", valueIndex: valueIndex)
        }
        if let substitute = mapping.objects[identifier] {
            slots[index] = .done(substitute)
            placeholderIndices.insert(index)
            return substitute
        }
        guard mapping.keepsMissingPlaceholders else {
            throw error(
                .missingExternalObject,
                "the nib needs the external object \"\(identifier)\", but none was supplied", object: index)
        }
        diagnostics.append("no external object was supplied for \"\(identifier)\"; its proxy stays a placeholder")
        return nil
    }
}
