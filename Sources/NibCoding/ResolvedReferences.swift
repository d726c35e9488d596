/// A decoded object's references, resolved, in stored order: strong references, and the back
/// references that close cycles, held weakly.
///
/// The references of all objects of a load live in one ``ReferenceArena``; an object's are a
/// run of its slots, which the object owns: each slot holds a retain (of the object, or of the
/// back reference's box) that the object releases when it goes or when its values leave the
/// archive (``releaseAll()``, ``takeAll(_:)``). (Measured: an array per object, its allocation
/// and its element-by-element destruction through value witnesses, was about a tenth of a
/// load.) A `ResolvedReferences` is a view: it must not be used after its object released it.
struct ResolvedReferences {
    /// The target of back references, held weakly: one box per target object and load, shared
    /// by every back reference to it (a subview's superview, a constraint's view…).
    ///
    /// (Measured: with a box, both kinds of reference are one pointer, moved and
    /// copied inline; a weak reference in the enum made every append, copy and free go through
    /// the type's value witnesses, and formed a weak reference per back reference.)
    ///
    /// A model of the load itself is held unretained and clears its box when it goes
    /// (``NibObject``'s deinitializer), so it needs no weak reference: forming one gave every
    /// back-referenced model a side table, an allocation, and sent each of its retains and
    /// releases down the runtime's slow path. Any other target (a placeholder, an instance of
    /// a custom class) is held weakly.
    final class BackReferenceBox {
        /// A model of the load, cleared by its deinitializer.
        @exclusivity(unchecked) fileprivate(set) var model: Unmanaged<NibObject>?
        /// Any other target, held weakly.
        private weak var foreign: AnyObject?

        /// The box of `model` (``NibObject/referenceBox``), which registers it with itself.
        init(model: NibObject) {
            self.model = Unmanaged.passUnretained(model)
            model.backReferenceBox = self
        }

        /// A box holding `object` weakly.
        init(foreign object: AnyObject?) {
            foreign = object
        }

        /// The target, while it is alive.
        @inline(__always)
        var object: AnyObject? {
            if let model { return model.takeUnretainedValue() }
            return foreign
        }

        /// Called by the target model's deinitializer.
        @inline(__always)
        func targetWillGo() { model = nil }
    }

    /// The arena holding the slots (kept alive by the ``ArchiveContext`` of the object's values).
    ///
    /// Held as `Unmanaged` and used through `_withUnsafeGuaranteedRef`: a method call on an
    /// `unowned(unsafe)` field retained and released the arena around the call (measured in
    /// `NibObject`'s deinitializer, once per object).
    private let arenaReference: Unmanaged<ReferenceArena>

    /// The arena holding the slots.
    var arena: ReferenceArena { arenaReference.takeUnretainedValue() }
    /// The first slot.
    let start: Int
    /// The number of references.
    let count: Int

    init(arena: ReferenceArena, start: Int, count: Int) {
        arenaReference = Unmanaged.passUnretained(arena)
        self.start = start
        self.count = count
    }

    /// Whether there are none.
    var isEmpty: Bool { count == 0 }

    /// The object the reference at `position` refers to, while it is alive.
    @inline(__always)
    func object(at position: Int) -> AnyObject? {
        arenaReference._withUnsafeGuaranteedRef { $0.slot(start &+ position).object }
    }

    /// The text of the string (``NibString/string``) the reference at `position` refers to, nil
    /// when it refers to anything else; a string not made yet is read without making it.
    func text(at position: Int) -> String? {
        let slot = arena.slots[start &+ position]
        guard slot.isLeaf else { return (slot.object as? NibString)?.string }
        guard slot.leafKind == .string, let context = arena.context else { return nil }
        return context.takeUnretainedValue().leafText(slot.leafIndex)
    }

    /// The referenced objects that are alive, in order, written straight into a new array's
    /// storage (appending one by one paid a uniqueness and capacity check per element).
    var objects: [AnyObject] {
        arenaReference._withUnsafeGuaranteedRef { arena in
            [AnyObject](unsafeUninitializedCapacity: count) { buffer, initialized in
                // Making a leaf reserves no slots, so no read here grows the arena.
                for index in start..<(start &+ count) where initialized < buffer.count {
                    if let object = arena.slot(index).object {
                        buffer.initializeElement(at: initialized, to: object)
                        initialized &+= 1
                    }
                }
            }
        }
    }

    /// Calls `body` with each referenced object that is alive, in order.
    func forEachObject(_ body: (AnyObject) -> Void) {
        // The slots are read again after each call: `body` may decode, growing the arena.
        arenaReference._withUnsafeGuaranteedRef { arena in
            for index in start..<(start &+ count) {
                if let object = arena.slot(index).object { body(object) }
            }
        }
    }

    /// Calls `body` with each strongly referenced object, in order, until it returns `false`;
    /// returns whether it ran to the end.
    func forEachStrongObject(_ body: (AnyObject) -> Bool) -> Bool {
        arenaReference._withUnsafeGuaranteedRef { arena in
            for index in start..<(start &+ count) {
                if let object = arena.slot(index).strongObject, !body(object) { return false }
            }
            return true
        }
    }

    /// The reference at `position` as an entry value.
    subscript(position: Int) -> NibEntry.Value {
        let slot = arenaReference._withUnsafeGuaranteedRef { $0.slot(start &+ position) }
        if let box = slot.box { return .backReference(NibWeakReference(box: box.takeUnretainedValue())) }
        return .object(slot.strongObject)
    }

    /// Releases what the slots hold (the owning object is going, or its values leave the archive).
    func releaseAll() {
        arenaReference._withUnsafeGuaranteedRef { $0.release(start, count) }
    }

    /// Releases what the slots hold, handing each strongly referenced ``NibObject`` to `take`
    /// with its retain instead (the iterative release of long chains).
    func takeAll(_ take: (NibObject) -> Void) {
        // While a session decodes into the arena, releases wait for its end (see
        // ``ReferenceArena/release(_:_:)``); nothing is handed out then.
        if arenaReference._withUnsafeGuaranteedRef({ $0.session != nil }) { return releaseAll() }
        let slots = arenaReference._withUnsafeGuaranteedRef { $0.slots }
        for index in start..<(start &+ count) {
            let slot = slots[index]
            slots[index] = ReferenceArena.Slot.none
            // A leaf not made yet (``ReferenceArena/Slot/leaf(_:_:)``) holds nothing.
            if let box = slot.box {
                box.release()
            } else if let object = slot.strong?.takeRetainedValue(), let model = object as? NibObject {
                take(model)
            }
        }
    }
}

/// The reference slots of all objects of one load, in plain memory that grows as objects are
/// decoded. Each slot is owned by the object it belongs to (see ``ResolvedReferences``): the
/// arena itself releases nothing of its own accord (it only holds the releases an object asks
/// for while the load is decoding, until the session ends), and frees its memory when the last
/// object of the load (through the ``ArchiveContext``) is gone.
final class ReferenceArena {
    /// One reference: a retained object (or nothing), a retained back-reference box, or a leaf
    /// not made yet, tagged in the low two bits (objects are aligned to at least 8 bytes): `00`
    /// an object pointer, `01` a box pointer, `10` a leaf (its object index and ``LazyLeaf``
    /// kind above the tag).
    struct Slot {
        let bits: UInt

        /// No object.
        static let none = Slot(bits: 0)

        private init(bits: UInt) { self.bits = bits }

        /// A strong reference, retaining `object`.
        init(retaining object: consuming AnyObject?) {
            if let object {
                bits = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
            } else {
                bits = 0
            }
        }

        /// A strong reference taking over the caller's retain of `object`.
        init(owning object: Unmanaged<AnyObject>?) {
            bits = object.map { UInt(bitPattern: $0.toOpaque()) } ?? 0
        }

        /// Leaf object `index` of kind `kind`, not made yet: made on first read
        /// (``ReferenceArena/slot(_:)``), and until then holding nothing.
        static func leaf(_ index: Int, _ kind: LazyLeaf, shared: Bool = false) -> Slot {
            Slot(bits: UInt(bitPattern: index) << 6 | (shared ? 32 : 0) | UInt(kind.rawValue) << 2 | 2)
        }

        /// Whether the slot is a leaf not made yet.
        @inline(__always)
        var isLeaf: Bool { bits & 3 == 2 }

        /// The object index of a leaf not made yet.
        var leafIndex: Int { Int(bitPattern: bits >> 6) }

        /// Whether a leaf not made yet has other referrers (it is made through the context's
        /// table of shared leaves).
        var isSharedLeaf: Bool { bits & 32 != 0 }

        /// The kind of a leaf not made yet.
        var leafKind: LazyLeaf { LazyLeaf(rawValue: UInt8(truncatingIfNeeded: (bits >> 2) & 7)) ?? .string }

        /// A back reference, retaining `box` (held unretained by the caller).
        @inline(__always)
        init(retainingBox box: Unmanaged<ResolvedReferences.BackReferenceBox>) {
            bits = UInt(bitPattern: box.retain().toOpaque()) | 1
        }

        /// The strongly referenced object, unretained (nil for a back reference).
        @inline(__always)
        var strong: Unmanaged<AnyObject>? {
            guard bits & 3 == 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
            return Unmanaged.fromOpaque(pointer)
        }

        /// The strongly referenced object (nil for a back reference).
        @inline(__always)
        var strongObject: AnyObject? { strong?.takeUnretainedValue() }

        /// The back reference's box, unretained.
        @inline(__always)
        var box: Unmanaged<ResolvedReferences.BackReferenceBox>? {
            guard bits & 3 == 1, let pointer = UnsafeRawPointer(bitPattern: bits & ~3) else { return nil }
            return Unmanaged.fromOpaque(pointer)
        }

        /// The referenced object, while it is alive (nil for a leaf not made yet: slots are read
        /// through ``ReferenceArena/slot(_:)``, which makes it).
        @inline(__always)
        var object: AnyObject? {
            if bits & 3 == 0 { return strongObject }
            return box?.takeUnretainedValue().object
        }
    }

    /// The slots: `used` of them handed out (filled as their objects decode), `capacity` allocated.
    @exclusivity(unchecked) private(set) var slots: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0

    /// An arena with room for `capacity` slots (a load's value count: every reference is a value).
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        slots = .allocate(capacity: self.capacity)
    }

    /// The context that owns the arena (set by it; makes the leaves).
    @exclusivity(unchecked) var context: Unmanaged<ArchiveContext>?
    /// The session decoding the load, while it is alive (it clears this when it goes): it
    /// records each leaf made, so that a later reference to the same object shares it.
    @exclusivity(unchecked) var session: Unmanaged<DecodingSession>?

    /// Slot `index` (a filled one), with a leaf not made yet made now and stored in its place,
    /// so that every later read gives the same instance.
    @inline(__always)
    func slot(_ index: Int) -> Slot {
        let slot = slots[index]
        guard slot.isLeaf else { return slot }
        return makeLeaf(at: index, slot)
    }

    @inline(never)
    private func makeLeaf(at index: Int, _ slot: Slot) -> Slot {
        guard let context else { return Slot.none }
        // Making a leaf reserves no slots, so `slots` stays where it is.
        let leaf =
            slot.isSharedLeaf
            ? context.takeUnretainedValue().sharedLeaf(slot.leafIndex, slot.leafKind)
            : context.takeUnretainedValue().makeLeaf(slot.leafIndex, slot.leafKind)
        let made = Slot(retaining: leaf)
        slots[index] = made
        session?.takeUnretainedValue().noteMade(slot.leafIndex, leaf)
        return made
    }

    deinit { slots.deallocate() }

    /// Hands out `count` consecutive slots (an object's value count: room for all its
    /// references) and returns the first. A slot is read only once filled (an object's first
    /// `count` references), so the memory is not cleared.
    @inline(__always)
    func reserve(_ count: Int) -> Int {
        let start = used
        let end = start &+ count
        if end > capacity { grow(to: end) }
        used = end
        return start
    }

    /// Grows the memory to at least `minimum` slots (only a hostile archive, whose objects
    /// share values, asks for more than the value count).
    private func grow(to minimum: Int) {
        let grown = Swift.max(minimum, capacity * 2)
        let moved = UnsafeMutablePointer<Slot>.allocate(capacity: grown)
        // Raw bytes: slots handed out but not filled yet are copied too.
        UnsafeMutableRawPointer(moved).copyMemory(from: slots, byteCount: used * MemoryLayout<Slot>.stride)
        slots.deallocate()
        slots = moved
        capacity = grown
    }

    /// Stores `slot` at `index` (a slot handed out by ``reserve(_:)`` and not yet filled).
    @inline(__always)
    func set(_ slot: consuming Slot, at index: Int) { slots[index] = slot }

    /// Releases what slots `start ..< start + count` hold and empties them.
    ///
    /// While a session decodes into the arena, the releases wait for its end
    /// (``releaseDeferred()``): the session refers to the instances it has handed to
    /// references without holding them (``DecodingSession/State/referenced``).
    func release(_ start: Int, _ count: Int) {
        for index in start..<(start &+ count) {
            let slot = slots[index]
            slots[index] = Slot.none
            if session != nil {
                // A leaf not made yet holds nothing.
                if !slot.isLeaf, slot.bits != 0 { deferred.append(slot) }
                continue
            }
            Self.release(slot)
        }
    }

    /// Releases what `slot` holds (a leaf not made yet holds nothing).
    @inline(__always)
    private static func release(_ slot: Slot) {
        if let box = slot.box {
            box.release()
        } else if let strong = slot.strong {
            strong.release()
        }
    }

    /// Slots emptied while a session was decoding, whose references are released at its end.
    @exclusivity(unchecked) private var deferred: [Slot] = []

    /// Releases the references whose release waited for the session's end (called by the
    /// session, once it has detached itself).
    func releaseDeferred() {
        while let slot = deferred.popLast() { Self.release(slot) }
    }
}
