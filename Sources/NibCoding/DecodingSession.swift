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
    /// Where an object is in decoding; its instance is in ``instances``.
    enum State: UInt8 {
        case untouched
        /// Being decoded: a cycle gets this instance.
        case decoding
        /// A collection being decoded. A cycle through it gets this instance as a weak back
        /// reference, exactly like a cycle through any other object, so the result does not
        /// depend on which object of the cycle is reached first; only a collection that
        /// contains itself directly is an error.
        case collecting
        case done
        /// Done, and strongly referenced: the first strong reference took the session's own
        /// reference to the instance (which its slot still points to), so the session does not
        /// release it. The instance stays alive until the session ends, because nothing
        /// releases a reference slot while a session is decoding into the arena
        /// (``ReferenceArena/release(_:_:)`` defers such releases to the session's end).
        ///
        /// (Measured: the session retaining every object for its lifetime and each referrer
        /// retaining it again was a retain and a release per object, each an atomic operation.)
        case referenced
        /// A leaf (``LazyLeaf``) referenced once so far, validated but not made: the referrer's
        /// slot makes it on first read. Its slot's position is in ``heights``.
        case deferred
        /// A deferred leaf referenced again: every referrer's slot makes it through the
        /// context's table of shared leaves (``ArchiveContext/sharedLeaf(_:_:)``), so that all
        /// get the same instance. Its kind is in ``heights``.
        case sharedDeferred
        /// Done, replaced by a placeholder (owner, first responder, external object): the nib
        /// does not own it, so references to it are weak, as UIKit's delegates and targets are.
        case placeholder
    }

    enum Resolution {
        case model(NibObject.Type)
        /// A model that may be made on first read (``LazyLeaf``).
        case leaf(LazyLeaf)
        case custom(any NibDecodable.Type)
        case proxy
        case swapper
    }

    /// What proxies resolve to during `instantiate`; `nil` when decoding a bare graph.
    ///
    /// File's Owner and First Responder are matched by the identifier's bytes, without making
    /// a string or copying the caller's dictionary to add them (both identifiers are ASCII, so
    /// comparing bytes is what comparing strings does).
    struct ProxyMapping {
        /// The object for `IBFilesOwner`.
        var owner: AnyObject
        /// The object for `IBFirstResponder`.
        var firstResponder: AnyObject
        /// The objects for other identifiers (entries for the two above are not used).
        var externalObjects: [String: AnyObject]
        var keepsMissingPlaceholders: Bool

        /// Every object a proxy can become, by identity.
        var placeholders: [ObjectIdentifier] {
            var result = [ObjectIdentifier(owner), ObjectIdentifier(firstResponder)]
            for (identifier, object) in externalObjects
            where identifier != NibProxy.filesOwner && identifier != NibProxy.firstResponder {
                result.append(ObjectIdentifier(object))
            }
            return result
        }
    }

    let archive: NibArchive
    let objects: NibArchive.ObjectTable
    let values: NibArchive.ValueTable
    let keys: NibArchive.KeyTable
    let registry: NibClassRegistry
    let limits: NibDecodingLimits
    let keyNames: KeyNames
    let classNames: ClassNames
    let classes: NibArchive.ClassTable
    @exclusivity(unchecked) var proxyMapping: ProxyMapping?
    @exclusivity(unchecked) var stringsTable: [String: String]?
    var diagnostics: [String] = []

    ///
    /// The per-object tables are plain memory owned by the session (freed in `deinit`): a
    /// slot is read and written without the uniqueness check an array property pays on every
    /// write. Every index is checked against ``objectCount`` before use.
    private let states: UnsafeMutableBufferPointer<State>
    /// The memoized instance of each object index (nil also for a collection that decoded as
    /// nil), each retained once by the session and released in `deinit`.
    private let slots: UnsafeMutableBufferPointer<Unmanaged<AnyObject>?>
    /// The box of each object that back references point to (allocated on the first one).
    @exclusivity(unchecked) private var backReferenceBoxes:
        UnsafeMutableBufferPointer<Unmanaged<ResolvedReferences.BackReferenceBox>?>?
    /// Instances taken out of ``slots`` (collections that decoded as nil), kept alive until the
    /// session ends like the others.
    @exclusivity(unchecked) private var dropped: [AnyObject] = []
    /// The longest chain of strong references below each decoded model, to free deep graphs
    /// without deep recursion; for a ``State/deferred`` leaf (height 0), the arena position of
    /// the slot that refers to it, for a ``State/sharedDeferred`` one, its ``LazyLeaf`` kind.
    private let heights: UnsafeMutableBufferPointer<UInt32>
    /// The number of objects in the archive.
    let objectCount: Int
    /// Shared by every decoded object: the values they read on access.
    let context: ArchiveContext
    /// Each class's resolution once known (plain memory, like the per-object tables; every
    /// index is a class index of an object, checked by the parser).
    private let resolutions: UnsafeMutableBufferPointer<Resolution?>
    /// The memory of ``slots``, ``resolutions``, the first ``suspended`` frames, ``heights`` and
    /// ``states``, in that order: one allocation per load instead of five.
    private let tables: UnsafeMutableRawPointer
    private struct SwapperKey: Hashable {
        var custom: Int
        var original: Int
    }
    /// Each swapper's resolution by its pair of class-name strings: the first few in a list
    /// (a nib has a handful; comparing two integers is cheaper than hashing), the rest hashed.
    @exclusivity(unchecked) private var swapperList: [(key: SwapperKey, resolution: Resolution)] = []
    @exclusivity(unchecked) private var swapperTypes: [SwapperKey: Resolution] = [:]
    private static let swapperListLimit = 16
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var work = 0

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
        self.keys = archive.keys
        self.registry = registry
        self.limits = limits
        let names = KeyNames(archive.keys)
        var inlined: Int?
        var empty: Int?
        var bytes: Int?
        var proxy: Int?
        var swapped: Int?
        var original: Int?
        var knownKeys = KnownKeys()
        let signatures = Self.knownKeySignatures
        archive.keys.forEachKeyBytes { index, key in
            // Most keys are none of these: each key's signature is compared with all of theirs
            // without a branch, and only a match is compared in full. (Measured: a switch on the
            // key's length mispredicted for most keys, 3 % of load time.)
            let signature = Self.signature(key)
            guard
                signature == signatures.0 || signature == signatures.1 || signature == signatures.2
                    || signature == signatures.3 || signature == signatures.4 || signature == signatures.5
                    || signature == signatures.6 || signature == signatures.7 || signature == signatures.8
                    || signature == signatures.9
            else { return }
            // Whether the key is spelled `name`, which has the key's length.
            func `is`(_ name: StaticString) -> Bool {
                let spelling = name.utf8Start
                for offset in 0..<key.count where key[offset] != spelling[offset] { return false }
                return true
            }
            // Compare each key only with the names of its length (two have 8 bytes).
            switch key.count {
            case 7 where `is`("UILabel"): KnownKeys.note(&knownKeys.label, index)
            case 8 where `is`("UISource"): KnownKeys.note(&knownKeys.source, index)
            case 13 where `is`("UIDestination"): KnownKeys.note(&knownKeys.destination, index)
            case 10 where `is`("UISubviews"): KnownKeys.note(&knownKeys.subviews, index)
            case 14 where `is`("NSInlinedValue"): inlined = inlined ?? index
            case 20 where `is`("UINibEncoderEmptyKey"): empty = empty ?? index
            case 8 where `is`("NS.bytes"):
                bytes = bytes ?? index
                KnownKeys.note(&knownKeys.bytes, index)
            case 25 where `is`("UIProxiedObjectIdentifier"): proxy = proxy ?? index
            case 11 where `is`("UIClassName"): swapped = swapped ?? index
            case 19 where `is`("UIOriginalClassName"): original = original ?? index
            default: break
            }
        }
        keyNames = names
        (inlinedKey, emptyKey, bytesKey, proxyIdentifierKey, classNameKey, originalClassNameKey) =
            (inlined, empty, bytes, proxy, swapped, original)
        let classes = archive.classes
        self.classes = classes
        classNames = ClassNames(classes)
        let count = archive.objects.count
        objectCount = count
        // The counts are those of parsed table entries, so these byte counts cannot overflow.
        var size = 0
        func place<Element>(_: Element.Type, _ count: Int) -> Int {
            let alignment = MemoryLayout<Element>.alignment
            let start = (size + alignment - 1) / alignment * alignment
            size = start + MemoryLayout<Element>.stride * count
            return start
        }
        let slotsStart = place(Unmanaged<AnyObject>?.self, count)
        let resolutionsStart = place(Resolution?.self, classNames.count)
        let suspendedStart = place(Frame.self, Self.initialSuspendedCapacity)
        let heightsStart = place(UInt32.self, count)
        let statesStart = place(State.self, count)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
        tables = memory
        func table<Element>(_: Element.Type, at start: Int, _ count: Int) -> UnsafeMutableBufferPointer<Element> {
            let base = (memory + start).bindMemory(to: Element.self, capacity: count)
            return UnsafeMutableBufferPointer(start: base, count: count)
        }
        slots = table(Unmanaged<AnyObject>?.self, at: slotsStart, count)
        slots.initialize(repeating: nil)
        resolutions = table(Resolution?.self, at: resolutionsStart, classNames.count)
        resolutions.initialize(repeating: nil)
        suspended = (memory + suspendedStart).bindMemory(to: Frame.self, capacity: Self.initialSuspendedCapacity)
        inlineSuspended = suspended
        heights = table(UInt32.self, at: heightsStart, count)
        heights.initialize(repeating: 0)
        states = table(State.self, at: statesStart, count)
        states.initialize(repeating: .untouched)
        context = ArchiveContext(
            values: values, objects: archive.objects, keys: archive.keys, keyNames: names, emptyKey: empty,
            inlinedKey: inlined, knownKeys: knownKeys, classNames: classNames)
        context.arena.session = Unmanaged.passUnretained(self)
    }

    /// The keys the initializer looks for, every one at least 7 bytes long: the names its
    /// `switch` compares in full (at most ten, the lanes of ``knownKeySignatures``).
    private static let knownKeyNames: [StaticString] = [
        "UILabel", "UISource", "UIDestination", "UISubviews", "NSInlinedValue", "UINibEncoderEmptyKey", "NS.bytes",
        "UIProxiedObjectIdentifier", "UIClassName", "UIOriginalClassName",
    ]

    /// The ``signature(_:)`` of each of ``knownKeyNames``, in a tuple: compared one by one,
    /// in registers. Lanes without a name hold a value no key shorter than 255 bytes has.
    private static let knownKeySignatures:
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = {
            let all = knownKeyNames.map { name in
                UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
                    .withMemoryRebound(to: UInt8.self) { signature($0) }
            }
            assert(all.count <= 10, "the signature tuple has ten lanes")
            func lane(_ index: Int) -> UInt64 { index < all.count ? all[index] : .max }
            return (lane(0), lane(1), lane(2), lane(3), lane(4), lane(5), lane(6), lane(7), lane(8), lane(9))
        }()

    /// A key's length and first seven bytes in one word (0 for a key shorter than 7 bytes):
    /// keys with different signatures differ.
    @inline(__always)
    private static func signature(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = key.count
        guard count >= 7, let base = key.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let prefix: UInt64
        if count >= 8 {
            prefix = raw.loadUnaligned(as: UInt64.self).littleEndian & 0x00FF_FFFF_FFFF_FFFF
        } else {
            // Bytes 0–3 and 3–6: the overlapping byte is the same in both.
            let low = UInt64(raw.loadUnaligned(as: UInt32.self).littleEndian)
            let high = UInt64(raw.loadUnaligned(fromByteOffset: 3, as: UInt32.self).littleEndian)
            prefix = low | high << 24
        }
        return prefix | UInt64(truncatingIfNeeded: min(count, 255)) << 56
    }

    deinit {
        // From here on, objects that go release their references at once. The instances the
        // session holds go first (only those: a referenced one may be gone by the time the
        // loop reaches its index, and is not touched), then the releases of reference slots
        // deferred while decoding (errors, entries read by a custom class).
        context.arena.session = nil
        for index in 0..<objectCount where states[index] != .referenced { slots[index]?.release() }
        context.arena.releaseDeferred()
        if let backReferenceBoxes {
            for index in 0..<objectCount { backReferenceBoxes[index]?.release() }
            backReferenceBoxes.deallocate()
        }
        // The tables' element types are trivial (a resolution holds metatypes): nothing to
        // deinitialize.
        if suspended != inlineSuspended { suspended.deallocate() }
        tables.deallocate()
    }

    /// The memoized instance of object `index` (checked against ``objectCount`` by the caller).
    @inline(__always)
    private func instance(_ index: Int) -> AnyObject? { slots[index]?.takeUnretainedValue() }

    /// The box through which back references hold object `index` (checked against
    /// ``objectCount`` by the caller), made on the first back reference to it.
    ///
    /// The box is returned unretained (the session's table holds it): the caller's slot
    /// retains it once. (Measured: returning it as an object cost a retain and a release per
    /// back reference on top of the slot's.)
    @inline(__always)
    private func backReferenceBox(_ index: Int) -> Unmanaged<ResolvedReferences.BackReferenceBox> {
        if let backReferenceBoxes, let box = backReferenceBoxes[index] { return box }
        return makeBackReferenceBox(index)
    }

    /// Makes the box of ``backReferenceBox(_:)`` (and its table, on the first one).
    @inline(never)
    private func makeBackReferenceBox(_ index: Int) -> Unmanaged<ResolvedReferences.BackReferenceBox> {
        let boxes: UnsafeMutableBufferPointer<Unmanaged<ResolvedReferences.BackReferenceBox>?>
        if let backReferenceBoxes {
            boxes = backReferenceBoxes
        } else {
            boxes = .allocate(capacity: objectCount)
            boxes.initialize(repeating: nil)
            backReferenceBoxes = boxes
        }
        let made: Unmanaged<ResolvedReferences.BackReferenceBox>
        if let target = slots[index] {
            made = target._withUnsafeGuaranteedRef { target in
                pinClassName(target, index)
                // A model (of the load, or a caller's placeholder) has a box of its own.
                if let model = target as? NibObject {
                    return Unmanaged.passRetained(model.referenceBox)
                }
                return Unmanaged.passRetained(ResolvedReferences.BackReferenceBox(foreign: target))
            }
        } else {
            made = Unmanaged.passRetained(ResolvedReferences.BackReferenceBox(foreign: nil))
        }
        boxes[index] = made
        return made
    }

    /// Gives an unfinished model that is handed out (a cycle: a back reference, or a custom
    /// class's read) its class name now, as its values are not in the archive yet.
    private func pinClassName(_ object: AnyObject?, _ index: Int) {
        if let model = object as? NibObject, model.archivedClassIndex >= 0 {
            // Made straight from storage: the name cache would cost an array per load.
            model.className = classes.name(at: objects[index].classIndex)
        }
    }

    /// Memoizes `instance` as object `index`, retained until the session ends.
    @inline(__always)
    private func setInstance(_ instance: consuming AnyObject, _ index: Int) {
        releaseInstance(index)
        slots[index] = Unmanaged.passRetained(instance)
    }

    /// Releases the session's reference to object `index`'s instance, if it has one.
    @inline(__always)
    private func releaseInstance(_ index: Int) {
        if states[index] != .referenced { slots[index]?.release() }
    }

    /// Memoizes `model`, whose reference the caller owns and hands over, as object `index`.
    ///
    /// (Measured: passing the new model as a `consuming` object retained it into the slot and
    /// released the caller's reference later, a pair per object; made `Unmanaged` where it is
    /// created, the pair is adjacent and the optimizer drops it.)
    @inline(__always)
    private func setInstance(owned model: Unmanaged<NibObject>, _ index: Int) {
        releaseInstance(index)
        slots[index] = Unmanaged<AnyObject>.fromOpaque(model.toOpaque())
    }

    // MARK: Keys nobody read

    /// Values a custom class's `decode(from:)` asked for (allocated on the first custom class).
    private var readValues: [Bool] = []

    /// How many custom classes' `decode(from:)` calls are running: reads are noted only then
    /// (only custom classes get unread keys reported; loading's own reads need no table).
    @exclusivity(unchecked) private var customDecodes = 0

    func noteRead(_ valueIndex: Int) {
        guard customDecodes > 0 else { return }
        if readValues.isEmpty { readValues = [Bool](repeating: false, count: values.count) }
        if valueIndex < readValues.count { readValues[valueIndex] = true }
    }

    /// Records a diagnostic naming the keys a custom class did not read: usually a property the
    /// Swift type does not model yet.
    private func reportUnreadKeys(of object: NibArchive.Object, at index: Int, type: any NibDecodable.Type) {
        var unread: [String] = []
        for valueIndex in object.valueIndices where readValues.isEmpty || !readValues[valueIndex] {
            let key = keyNames[values[valueIndex].keyIndex]
            if !unread.contains(key) { unread.append(key) }
        }
        guard !unread.isEmpty else { return }
        diagnostics.append(
            "\(type) did not read \(unread.joined(separator: ", ")) of object \(index) (\(classNames[object.classIndex]))"
        )
    }

    // MARK: Keys

    /// The first value of `object` stored under `key`.
    func valueIndex(forKey key: String, in object: NibArchive.Object) -> Int? {
        for index in object.valueIndices where keys.key(at: values.keyIndex(at: index), is: key) { return index }
        return nil
    }

    func valueIndex(forKeyIndex keyIndex: Int?, in object: NibArchive.Object) -> Int? {
        guard let keyIndex else { return nil }
        for index in object.valueIndices where values.keyIndex(at: index) == keyIndex { return index }
        return nil
    }

    /// The text of a string object read straight from the archive (for proxies and swappers,
    /// whose identity must be known before anything is instantiated).
    func rawString(referencedBy valueIndex: Int?) -> String? {
        rawBytes(referencedBy: valueIndex).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The UTF-8 bytes ``rawString(referencedBy:)`` decodes.
    func rawBytes(referencedBy valueIndex: Int?) -> ArraySlice<UInt8>? {
        guard let valueIndex, let target = values.referenceTarget(at: valueIndex), target < objects.count,
            let bytesIndex = self.valueIndex(forKeyIndex: bytesKey, in: objects[target]),
            case .data(let bytes) = values.payload(at: bytesIndex)
        else { return nil }
        return bytes
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

    @inline(__always)
    func countWork(_ amount: Int, object: Int) throws(NibCodingError) {
        work += amount
        if work > limits.maximumWork { throw workLimitError(object: object) }
    }

    private func workLimitError(object: Int) -> NibCodingError {
        error(.workLimit, "decoding exceeded the work limit of \(limits.maximumWork)", object: object)
    }

    // MARK: Objects

    /// One object being decoded by ``run(owned:at:)``: its values are walked in order, and a
    /// reference to an object not yet decoded suspends it until that object is done.
    ///
    /// A struct: the frame being walked is a local variable (its fields stay in registers, with
    /// no reference counting per access, which a class frame paid on every field), and the
    /// suspended ones wait on ``suspended``.
    private struct Frame {
        var index: Int
        /// Not retained: the session's slot holds the model until the session ends (a strong
        /// field retained and released it with every frame).
        /// (`Unmanaged`, used through `_withUnsafeGuaranteedRef`: calls on an `unowned(unsafe)`
        /// field retained and released the model around each call.)
        var model: Unmanaged<NibObject>
        var next: Int
        var end: Int
        /// The object's reference slots in the arena (``ResolvedReferences``): the first, and
        /// how many are filled (each holding a retain the frame owns until the object takes them).
        var referenceStart: Int
        var referenceCount = 0
        var nilElement = false
        /// Whether every reference is stored under `UINibEncoderEmptyKey`.
        var referencesAreElements = true
        /// The longest chain of strong references below this object.
        var height: UInt32 = 0
    }

    /// The frames of the walks in progress that wait for a child, innermost last.
    ///
    /// Plain memory (a frame is trivial: its model is unretained), so a push or pop is a copy,
    /// without the uniqueness check and buffer retain of an array property.
    @exclusivity(unchecked) private var suspended: UnsafeMutablePointer<Frame>
    @exclusivity(unchecked) private var suspendedCount = 0
    @exclusivity(unchecked) private var suspendedCapacity = initialSuspendedCapacity
    /// Room for this many frames is part of ``tables`` (``inlineSuspended``); more are allocated.
    private static let initialSuspendedCapacity = 32
    private let inlineSuspended: UnsafeMutablePointer<Frame>

    /// Suspends `frame`.
    @inline(__always)
    private func suspend(_ frame: Frame) {
        if suspendedCount == suspendedCapacity { growSuspended() }
        (suspended + suspendedCount).initialize(to: frame)
        suspendedCount &+= 1
    }

    private func growSuspended() {
        let grown = UnsafeMutablePointer<Frame>.allocate(capacity: suspendedCapacity * 2)
        grown.moveInitialize(from: suspended, count: suspendedCount)
        if suspended != inlineSuspended { suspended.deallocate() }
        suspended = grown
        suspendedCapacity *= 2
    }

    /// Resumes the innermost suspended frame (there is one).
    @inline(__always)
    private func resume() -> Frame {
        suspendedCount &-= 1
        return (suspended + suspendedCount).move()
    }

    /// Objects with longer strong chains below them free their children iteratively.
    static let iterativeReleaseHeight: UInt32 = 128

    /// The object at `index`, decoded (or, inside a cycle, the instance still being decoded).
    func object(at index: Int, referrer: Int?, valueIndex: Int?) throws -> AnyObject? {
        guard index >= 0, index < objectCount else {
            throw error(
                .missingObject,
                "reference to object \(index), but the archive has \(DisplayText.counted(objectCount, "object"))",
                object: referrer, key: valueIndex.map { keyNames[values[$0].keyIndex] }, valueIndex: valueIndex)
        }
        switch states[index] {
        case .done, .referenced, .placeholder: return instance(index)
        case .deferred:
            undefer(index)
            return instance(index)
        case .sharedDeferred:
            let kind = LazyLeaf(rawValue: UInt8(truncatingIfNeeded: heights[index])) ?? .string
            noteMade(index, context.sharedLeaf(index, kind))
            return instance(index)
        case .decoding,
            .collecting where index != referrer:
            // An unfinished model handed out (a cycle through a custom class) has no values in
            // the archive yet: it gets its class name now.
            let object = instance(index)
            pinClassName(object, index)
            return object
        case .collecting:
            throw error(
                .collectionCycle, "collection \(index) contains itself", object: referrer,
                key: valueIndex.map { keyNames[values[$0].keyIndex] }, valueIndex: valueIndex)
        case .untouched:
            if let model = try materialize(index) { try run(owned: model, at: index) }
            return instance(index)
        }
    }

    /// Creates the object at `index`. A model is returned (owned) for ``run(owned:at:)`` to
    /// decode; a custom class is decoded here, and a proxy is replaced; both leave the slot done.
    private func materialize(_ index: Int) throws -> Unmanaged<NibObject>? {
        try countWork(1, object: index)
        let object = objects[index]
        return try make(index, object, resolve(object, at: index))
    }

    /// Creates object `index` (``materialize(_:)`` once resolved); a model is returned with a
    /// reference the caller owns.
    @inline(__always)
    private func make(
        _ index: Int, _ object: NibArchive.Object, _ resolution: Resolution
    ) throws -> Unmanaged<NibObject>? {
        switch resolution {
        case .leaf(let kind):
            let model = kind.make()
            model.archivedClassIndex = Int32(truncatingIfNeeded: object.classIndex)
            model.archiveIndex = index
            return Unmanaged.passRetained(model)
        case .model(let type):
            let model = type.init()
            model.archivedClassIndex = Int32(truncatingIfNeeded: object.classIndex)
            model.archiveIndex = index
            return Unmanaged.passRetained(model)
        case .custom(let type):
            let instance = type.init()
            try enter(index)
            defer { depth -= 1 }
            states[index] = .decoding
            setInstance(instance, index)
            try countWork(object.valueCount, object: index)
            customDecodes += 1
            defer { customDecodes -= 1 }
            try instance.decode(from: NibCoder(session: self, index: index, object: object))
            states[index] = .done
            reportUnreadKeys(of: object, at: index, type: type)
            return nil
        case .proxy:
            if try substituteProxy(object, at: index) { return nil }
            let proxy = NibProxy()
            proxy.archivedClassIndex = Int32(truncatingIfNeeded: object.classIndex)
            proxy.archiveIndex = index
            return Unmanaged.passRetained(proxy)
        case .swapper:
            // Never produced by `resolve`, which turns a swapper into its custom class.
            return Unmanaged.passRetained(NibObject(className: classNames[object.classIndex]))
        }
    }

    private func enter(_ index: Int) throws(NibCodingError) {
        depth += 1
        guard depth <= limits.maximumDepth else {
            depth -= 1
            throw error(.depthLimit, "decoding nests deeper than the limit of \(limits.maximumDepth)", object: index)
        }
    }

    /// Starts decoding `model` (the caller's reference, handed over) as object `index`.
    @inline(__always)
    private func frame(owned model: Unmanaged<NibObject>, at index: Int) throws -> Frame {
        // The slot takes the reference first, so that nothing leaks if the work limit is hit.
        setInstance(owned: model, index)
        let object = objects[index]
        try countWork(object.valueCount, object: index)
        states[index] = model._withUnsafeGuaranteedRef { type(of: $0).isCollection } ? .collecting : .decoding
        return Frame(
            index: index, model: model, next: object.firstValueIndex,
            end: object.firstValueIndex &+ object.valueCount, referenceStart: context.arena.reserve(object.valueCount))
    }

    /// Releases what the filled slots of an abandoned frame hold (decoding threw).
    private func abandon(_ frame: Frame) {
        context.arena.release(frame.referenceStart, frame.referenceCount)
    }

    /// Decodes `model` as object `index` and every model it reaches, depth first in stored
    /// order with an explicit stack (no recursion however long the reference chains). A
    /// reference to an object still on the stack closes a cycle and is stored as a back
    /// reference (weak), so the strong references of a decoded graph never form a cycle.
    ///
    /// `model` is a reference the caller hands over (the session's slot keeps it).
    func run(owned model: Unmanaged<NibObject>, at index: Int) throws {
        do {
            try enter(index)
        } catch {
            model.release()
            throw error
        }
        defer { depth -= 1 }
        let context = self.context
        let emptyKey = context.emptyKey
        // Read once: reading the property per object retained and released the dictionary.
        let stringsTable = self.stringsTable
        // The frames this call suspends sit above those of any `run` it is nested in (a custom
        // class decoding a child); an error leaves the stack as this call found it.
        let base = suspendedCount
        defer {
            while suspendedCount > base { abandon(resume()) }
        }
        var current = try frame(owned: model, at: index)
        // On an error, the references the unfinished frame holds are released.
        defer { abandon(current) }
        let arena = context.arena
        while true {
            let valueIndex = current.next
            if valueIndex >= current.end {
                try finish(&current, context, stringsTable)
                guard suspendedCount > base else { return }
                current = resume()
                continue
            }
            let keyIndex = values.keyIndex(at: valueIndex)
            guard let target = values.referenceTarget(at: valueIndex) else {
                if keyIndex == emptyKey { current.nilElement = true }
                current.next = valueIndex &+ 1
                continue
            }
            if keyIndex != emptyKey { current.referencesAreElements = false }
            guard target < objectCount else {
                throw error(
                    .missingObject,
                    "reference to object \(target), but the archive has \(DisplayText.counted(objectCount, "object"))",
                    object: current.index, key: keyNames[keyIndex], valueIndex: valueIndex)
            }
            switch states[target] {
            case .done:
                // The first strong reference takes the session's reference (``State/referenced``).
                let slot = slots[target]
                if slot == nil {
                    if keyIndex == emptyKey { current.nilElement = true }
                } else {
                    states[target] = .referenced
                }
                arena.set(ReferenceArena.Slot(owning: slot), at: current.referenceStart &+ current.referenceCount)
                current.referenceCount &+= 1
                current.height = max(current.height, heights[target] &+ 1)
                current.next = valueIndex &+ 1
            case .referenced:
                arena.set(
                    ReferenceArena.Slot(retaining: slots[target]?.takeUnretainedValue()),
                    at: current.referenceStart &+ current.referenceCount)
                current.referenceCount &+= 1
                current.height = max(current.height, heights[target] &+ 1)
                current.next = valueIndex &+ 1
            case .placeholder, .decoding:
                arena.set(
                    ReferenceArena.Slot(retainingBox: backReferenceBox(target)),
                    at: current.referenceStart &+ current.referenceCount)
                current.referenceCount &+= 1
                current.next = valueIndex &+ 1
            case .collecting where target != current.index:
                // A cycle through a collection entered elsewhere: a weak back reference, as
                // for any cycle (the order objects are reached in must not change the result).
                arena.set(
                    ReferenceArena.Slot(retainingBox: backReferenceBox(target)),
                    at: current.referenceStart &+ current.referenceCount)
                current.referenceCount &+= 1
                current.next = valueIndex &+ 1
            case .collecting:
                throw error(
                    .collectionCycle, "collection \(target) contains itself", object: current.index,
                    key: keyNames[keyIndex], valueIndex: valueIndex)
            case .deferred:
                // A second reference: the leaf is shared, made through the context's table.
                let first = Int(heights[target])
                let firstSlot = arena.slots[first]
                let kind = firstSlot.isLeaf ? firstSlot.leafKind : nil
                if let kind {
                    context.prepareSharedLeaves()
                    arena.set(ReferenceArena.Slot.leaf(target, kind, shared: true), at: first)
                    states[target] = .sharedDeferred
                    heights[target] = UInt32(kind.rawValue)
                } else {
                    // The first slot was emptied unread (an error a custom class caught).
                    undefer(target)
                }
            case .sharedDeferred:
                let kind = LazyLeaf(rawValue: UInt8(truncatingIfNeeded: heights[target])) ?? .string
                arena.set(
                    ReferenceArena.Slot.leaf(target, kind, shared: true),
                    at: current.referenceStart &+ current.referenceCount)
                current.referenceCount &+= 1
                current.height = max(current.height, 1)
                current.next = valueIndex &+ 1
            case .untouched:
                // Decode the target first; this value is looked at again once it is done.
                try countWork(1, object: target)
                let object = objects[target]
                let resolution = try resolve(object, at: target)
                if case .leaf(let kind) = resolution,
                    let position = try deferLeaf(target, object, kind, current.referenceStart &+ current.referenceCount)
                {
                    arena.set(ReferenceArena.Slot.leaf(target, kind), at: position)
                    current.referenceCount &+= 1
                    current.height = max(current.height, 1)
                    current.next = valueIndex &+ 1
                } else if let child = try make(target, object, resolution) {
                    var frame = try frame(owned: child, at: target)
                    if isLeaf(&frame, emptyKey) {
                        // No references (a string, a number…): finished at once, this walk goes on.
                        try finish(&frame, context, stringsTable)
                    } else {
                        swap(&current, &frame)
                        suspend(frame)
                    }
                }
            }
        }
    }

    /// Defers leaf `target` (validated as decoding it would: the work of its values counted),
    /// to be referred to from arena slot `position`; returns `position`, or nil when it has
    /// references (or the position does not fit the table), so it is decoded now.
    @inline(__always)
    private func deferLeaf(
        _ target: Int, _ object: NibArchive.Object, _ kind: LazyLeaf, _ position: Int
    ) throws -> Int? {
        guard position <= Int(UInt32.max) else { return nil }
        let end = object.firstValueIndex &+ object.valueCount
        for valueIndex in object.firstValueIndex..<end where values.type(at: valueIndex) == .objectReference {
            return nil
        }
        try countWork(object.valueCount, object: target)
        states[target] = .deferred
        heights[target] = UInt32(truncatingIfNeeded: position)
        return position
    }

    /// Makes deferred leaf `index` now, through its referrer's slot (``noteMade(_:_:)`` records
    /// it as done): another reference to it is being resolved.
    private func undefer(_ index: Int) {
        let arena = context.arena
        let position = Int(heights[index])
        if arena.slots[position].isLeaf { _ = arena.slot(position) }
        guard states[index] == .deferred else { return }
        // The slot was emptied unread (its frame was abandoned by an error a custom class caught).
        heights[index] = 0
        states[index] = .done
        if case .leaf(let kind)? = try? resolve(objects[index], at: index) {
            setInstance(context.makeLeaf(index, kind), index)
        }
    }

    /// Records deferred leaf `index`, made by the slot that refers to it while the session is
    /// alive, as done: a later reference gets the same instance.
    func noteMade(_ index: Int, _ object: AnyObject) {
        guard index >= 0, index < objectCount, states[index] == .deferred || states[index] == .sharedDeferred else {
            return
        }
        heights[index] = 0
        states[index] = .done
        setInstance(object, index)
    }

    /// Whether the model of `frame` has no references, so that walking its values only notes a
    /// nil element (`UINibEncoderEmptyKey` on a value that is not a reference).
    @inline(__always)
    private func isLeaf(_ frame: inout Frame, _ emptyKey: Int) -> Bool {
        for valueIndex in frame.next..<frame.end {
            if values.type(at: valueIndex) == .objectReference { return false }
            if values.keyIndex(at: valueIndex) == emptyKey { frame.nilElement = true }
        }
        frame.next = frame.end
        return true
    }

    /// Finishes the model of `frame`, whose values are walked: its values and references go in
    /// place (the model owns the filled slots from here on), then `decode(from:)` and
    /// `didDecode`, and the object is done.
    @inline(__always)
    private func finish(_ frame: inout Frame, _ context: ArchiveContext, _ stringsTable: [String: String]?) throws {
        let object = objects[frame.index]
        let references = ResolvedReferences(
            arena: context.arena, start: frame.referenceStart, count: frame.referenceCount)
        frame.referenceCount = 0
        let (index, height, nilElement) = (frame.index, frame.height, frame.nilElement)
        let referencesAreElements = frame.referencesAreElements
        let alive = try frame.model._withUnsafeGuaranteedRef { model in
            model.storage = .archived(
                ArchivedValues(
                    context: context, range: object.valueIndices, references: references,
                    referencesAreElements: referencesAreElements))
            try model.decode(from: NibCoder(session: self, index: index, object: object))
            if height > Self.iterativeReleaseHeight { model.releasesIteratively = true }
            return model.didDecode(stringsTable: stringsTable, nilElement: nilElement)
        }
        states[frame.index] = .done
        if !alive, let slot = slots[frame.index] {
            // Not referenced yet (it was being decoded): the session's reference moves.
            dropped.append(slot.takeRetainedValue())
            slots[frame.index] = nil
        }
        heights[frame.index] = frame.height
    }

    /// Decodes `root` as object `index` (the root object, which loading never instantiates
    /// through the registry).
    func adoptRoot(_ root: NibObject, at index: Int = 0) throws {
        try run(owned: Unmanaged.passRetained(root), at: index)
    }

    /// The resolution of `object`'s class: known after its first object (the fast path, kept
    /// small enough to inline: the first resolution's stack frame cost more than the lookup).
    @inline(__always)
    private func resolve(_ object: NibArchive.Object, at index: Int) throws -> Resolution {
        let classIndex = object.classIndex
        if classIndex >= 0, classIndex < resolutions.count, let known = resolutions[classIndex] {
            if case .swapper = known { return try resolveSwapper(object, at: index) }
            return known
        }
        return try resolveFirst(object, at: index)
    }

    /// The resolution of `object`'s class, the first time (or an error).
    @inline(never)
    private func resolveFirst(_ object: NibArchive.Object, at index: Int) throws -> Resolution {
        guard object.classIndex >= 0, object.classIndex < resolutions.count else {
            // The parser rejects such archives; checked again before the unchecked table.
            throw NibCodingError(
                code: .archive, message: "class index \(object.classIndex) is not below the class count",
                objectIndex: index)
        }
        if let known = resolutions[object.classIndex] {
            if case .swapper = known { return try resolveSwapper(object, at: index) }
            return known
        }
        let resolution: Resolution
        let classIndex = object.classIndex
        if classes.name(at: classIndex, is: "UIProxyObject") {
            resolution = .proxy
        } else if classes.name(at: classIndex, is: "UIClassSwapper") {
            resolution = .swapper
        } else if let type = registeredType(classIndex) ?? fallbackType(classIndex) {
            resolution = Self.resolution(for: type)
        } else if !registry.registersAllCollections,
            let collection = NibClassRegistry.collectionTypes[classNames[classIndex]]
        {
            resolution = .model(collection)
        } else if registry.isStrict {
            throw error(
                .unregisteredClass, "no Swift type is registered for class \(classNames[classIndex])", object: index)
        } else {
            resolution = .model(NibObject.self)
        }
        resolutions[object.classIndex] = resolution
        if case .swapper = resolution { return try resolveSwapper(object, at: index) }
        return resolution
    }

    private static func resolution(for type: any NibDecodable.Type) -> Resolution {
        if let model = type as? NibObject.Type {
            if let kind = LazyLeaf(model) { return .leaf(kind) }
            return .model(model)
        }
        return .custom(type)
    }

    private func fallbackType(_ classIndex: Int) -> (any NibDecodable.Type)? {
        for position in 0..<classes.fallbackCount(at: classIndex) {
            let fallback = classes.fallback(position, at: classIndex)
            if fallback < classNames.count, let type = registeredType(fallback) { return type }
        }
        return nil
    }

    /// The type the registry has for class `classIndex` (`type(forClassName:)` of its name),
    /// looked up by the name's bytes when that is exact, without making the name.
    private func registeredType(_ classIndex: Int) -> (any NibDecodable.Type)? {
        classes.withNameBytes(at: classIndex) { registry.type(forNameBytes: $0) { classNames[classIndex] } }
    }

    /// A `UIClassSwapper` decodes as the class named by `UIClassName`, else `UIOriginalClassName`.
    private func resolveSwapper(_ object: NibArchive.Object, at index: Int) throws -> Resolution {
        // Both keys in one walk (a swapper also carries every value of the object it stands for).
        var customValue: Int?
        var originalValue: Int?
        let customKey = classNameKey ?? -1
        let originalKey = originalClassNameKey ?? -1
        for valueIndex in object.valueIndices {
            let keyIndex = values.keyIndex(at: valueIndex)
            if keyIndex == customKey, customValue == nil {
                customValue = valueIndex
                if originalValue != nil || originalKey < 0 { break }
            } else if keyIndex == originalKey, originalValue == nil {
                originalValue = valueIndex
                if customValue != nil || customKey < 0 { break }
            }
        }
        // The writer shares equal strings, so the pair of string objects identifies the classes.
        func target(_ valueIndex: Int?) -> Int {
            guard let valueIndex, let target = values.referenceTarget(at: valueIndex) else { return -1 }
            return target
        }
        let cacheKey = SwapperKey(custom: target(customValue), original: target(originalValue))
        for entry in swapperList where entry.key == cacheKey { return entry.resolution }
        if swapperList.count >= Self.swapperListLimit, let known = swapperTypes[cacheKey] { return known }
        let resolution: Resolution
        if let type = swapperType(named: customValue) ?? swapperType(named: originalValue) {
            resolution = Self.resolution(for: type)
        } else if registry.isStrict {
            let custom = rawString(referencedBy: customValue) ?? ""
            throw error(
                .unregisteredClass, "no Swift type is registered for custom class \(SwiftClassName.readable(custom))",
                object: index)
        } else {
            resolution = .model(NibObject.self)
        }
        if swapperList.count < Self.swapperListLimit {
            swapperList.append((cacheKey, resolution))
        } else {
            swapperTypes[cacheKey] = resolution
        }
        return resolution
    }

    /// `type(forClassName:)` of the string a swapper's value `valueIndex` refers to (`""` when
    /// there is none), looked up by the name's bytes when that is exact, without making the name.
    private func swapperType(named valueIndex: Int?) -> (any NibDecodable.Type)? {
        guard let bytes = rawBytes(referencedBy: valueIndex) else { return registry.type(forClassName: "") }
        return bytes.withUnsafeBufferPointer { buffer in
            registry.type(forNameBytes: buffer) { String(decoding: buffer, as: UTF8.self) }
        }
    }

    /// Whether `bytes` spell `name`, compared in place.
    private static func bytes(_ bytes: ArraySlice<UInt8>, are name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            for offset in 0..<buffer.count where buffer[offset] != name.utf8Start[offset] { return false }
            return true
        }
    }

    /// During `instantiate`, a proxy is replaced by the object mapped to its identifier.
    private func substituteProxy(_ object: NibArchive.Object, at index: Int) throws -> Bool {
        guard let mapping = proxyMapping else { return false }
        let valueIndex = valueIndex(forKeyIndex: proxyIdentifierKey, in: object)
        guard let bytes = rawBytes(referencedBy: valueIndex) else {
            throw error(
                .proxyWithoutIdentifier, "proxy object has no UIProxiedObjectIdentifier string", object: index,
                key: "UIProxiedObjectIdentifier", valueIndex: valueIndex)
        }
        let name = { String(decoding: bytes, as: UTF8.self) }
        let substitute: AnyObject? =
            // `NibProxy.filesOwner` and `NibProxy.firstResponder`.
            if Self.bytes(bytes, are: "IBFilesOwner") {
                mapping.owner
            } else if Self.bytes(bytes, are: "IBFirstResponder") {
                mapping.firstResponder
            } else if mapping.externalObjects.isEmpty {
                nil
            } else {
                mapping.externalObjects[name()]
            }
        if let substitute {
            states[index] = .placeholder
            setInstance(substitute, index)
            return true
        }
        guard mapping.keepsMissingPlaceholders else {
            throw error(
                .missingExternalObject,
                "the nib needs the external object \"\(name())\", but none was supplied", object: index)
        }
        diagnostics.append("no external object was supplied for \"\(name())\"; its proxy stays a placeholder")
        return false
    }
}
