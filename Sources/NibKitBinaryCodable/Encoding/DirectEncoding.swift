import Foundation
import Synchronization

/// The one-pass encoder: `encode(to:)` writes straight into the output.
///
/// Why not size first and write once, as the nib writer does: a `Codable` value's size is only
/// known by running its `encode(to:)`, so a size pass needs the whole value kept as a tree of
/// containers first — one allocation per struct, and a tree walk to free it. Measured on the
/// benchmark workloads, that tree cost more than the encoding itself; patching a one-byte length
/// placeholder (rarely widened) in one growing buffer costs far less.
///
/// Each element frame `E(x)` gets a one-byte length placeholder that is patched when the value
/// is done (and widened, moving the bytes after it, when the length needs a longer varint).
/// Keyed and unkeyed containers are *open* while they may still be written; writing into a
/// container closes every container opened inside it since, as Codable's nesting implies.
///
/// What a single pass cannot express — a key written twice (the later value replaces the
/// earlier), writing into a container already closed, `superEncoder()`, one encoder asked for
/// two container kinds, an encoder that produced nothing, sorted keys — sets
/// ``DirectEncodingState/needsTree``; the top-level call then encodes the value again with the
/// tree encoder (`NodeEncoder`), which handles all of it and reports the errors. Both write
/// the same bytes for every value the direct path finishes (tests compare them).
final class DirectEncodingState {
    let out: ByteWriter
    @exclusivity(unchecked) private(set) var userInfo: [CodingUserInfoKey: Any]
    /// Set once the value did something only the tree encoder handles; never cleared.
    @exclusivity(unchecked) private(set) var needsTree = false

    /// A keyed or unkeyed container that may still be written.
    private struct OpenContainer {
        let generation: Int
        /// The length placeholder of a nested container's frame; -1 when the frame belongs to
        /// whoever created the encoder.
        let placeholder: Int
        /// Where this container's keys start in `keys`.
        let keysStart: Int
    }

    /// Names one open container; stale once that container is closed.
    struct Handle {
        let index: Int
        let generation: Int
        static let invalid = Handle(index: Int.max, generation: -1)
    }

    @exclusivity(unchecked) private var open: [OpenContainer] = []
    /// The keys written into the open keyed containers, innermost container's last.
    @exclusivity(unchecked) private var keys: UnsafeMutablePointer<KeyMark>
    @exclusivity(unchecked) private var keyCount = 0
    @exclusivity(unchecked) private var keyCapacity = 32
    /// Where the innermost open container's keys start.
    @exclusivity(unchecked) private var innermostKeysStart = 0
    /// Hashes of the keys of open containers with many keys, by open index.
    @exclusivity(unchecked) private var keyHashes: [Int: Set<UInt64>] = [:]
    @exclusivity(unchecked) private var nextGeneration = 0
    /// Bytes moved by widened length prefixes; bounded so deep chains stay linear.
    @exclusivity(unchecked) private var moved = 0
    @exclusivity(unchecked) private var spareEncoders: [DirectEncoder] = []
    /// Stops nesting before the thread's stack runs out.
    @exclusivity(unchecked) var stack = StackGuard()
    @exclusivity(unchecked) private var primitiveTypes = PrimitiveTypeCache<(any PrimitiveEncodable.Type)?>()
    @exclusivity(unchecked) private var dictionaryTypes = PrimitiveTypeCache<Bool>()

    /// Containers above this many keys look repeated keys up by hash.
    private static let linearKeyLimit = 16

    init(out: ByteWriter, userInfo: [CodingUserInfoKey: Any]) {
        self.out = out
        self.userInfo = userInfo
        keys = .allocate(capacity: keyCapacity)
    }

    deinit { keys.deallocate() }

    /// Encodes `value` as `N(value)` (unframed) or `E(value)` (framed) at the end of `out`.
    /// Returns `false`, with `out` as it was, when the tree encoder must do it instead.
    static func encode<T: Encodable>(
        _ value: T, framed: Bool, into out: ByteWriter, userInfo: [CodingUserInfoKey: Any]
    ) -> Bool {
        let state = DirectEncodingState(out: out, userInfo: userInfo)
        defer { state.spareEncoders.removeAll() }
        return state.run(value, framed: framed)
    }

    /// One state kept between top-level calls (whichever thread finished last puts it back), so
    /// that encoding many small messages does not pay for a new state, output buffer, key list
    /// and encoders each time: measured under callgrind on issue 18's 10-field message, these
    /// were about 40% of a call. A call that finds it taken (another thread, or an encode nested
    /// inside a value's `encode(to:)`) makes its own.
    private static let reusable = Mutex<DirectEncodingState?>(nil)
    /// Output above this size is handed over without a copy and the buffer is not kept.
    private static let reusableOutputLimit = 4096

    /// `N(value)` as new `Data`, or `nil` when the tree encoder must do it.
    static func encodeUnframed<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: Any]) -> Data? {
        let cached = reusable.withLock { $0.take() }
        let state: DirectEncodingState
        if let cached {
            state = cached
            state.prepare(userInfo: userInfo)
        } else {
            state = DirectEncodingState(out: ByteWriter(capacity: 256), userInfo: userInfo)
        }
        var data: Data?
        if state.run(value, framed: false) {
            data = state.out.count <= reusableOutputLimit ? state.out.copyData() : state.out.takeData()
        }
        state.out.truncate(to: 0)
        state.userInfo = [:]
        let kept =
            state.out.capacity <= reusableOutputLimit
            && reusable.withLock { slot in
                guard slot == nil else { return false }
                slot = state
                return true
            }
        // Pooled encoders refer to the state: a state nobody keeps must drop them.
        if !kept { state.spareEncoders.removeAll() }
        return data
    }

    /// Forgets the previous call (keeps buffers, pooled encoders and type answers).
    private func prepare(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
        needsTree = false
        open.removeAll(keepingCapacity: true)
        keyCount = 0
        innermostKeysStart = 0
        if !keyHashes.isEmpty { keyHashes = [:] }
        moved = 0
        stack = StackGuard()
    }

    /// Encodes at the end of `out`; `false` (with `out` as it was) when the tree must do it.
    private func run<T: Encodable>(_ value: T, framed: Bool) -> Bool {
        let state = self
        let start = out.count
        let root = DirectEncoder(state: state, parent: nil, component: nil, framed: false, base: 0)
        do {
            if framed {
                // A stream frame holds what the value's own `encode(to:)` writes, even for
                // types that are primitive inside a container (§2.17).
                try root.encodeElement(value, at: nil, primitiveShortcut: false)
            } else {
                try root.encodeContent(value, at: nil, framed: false)
            }
            try state.close(downTo: 0)
        } catch {
            // A fallback, or an error from the value's own `encode(to:)`: the tree encoder runs
            // the value again and reports it with its full context.
            state.needsTree = true
        }
        if state.needsTree {
            out.truncate(to: start)
            return false
        }
        return true
    }

    @inline(__always)
    func fallback() -> DirectEncodingFallback {
        needsTree = true
        return DirectEncodingFallback()
    }

    func requireTree() { needsTree = true }

    var depth: Int { open.count }

    // MARK: Types

    @inline(__always)
    func primitiveType<T>(_ type: T.Type) -> (any PrimitiveEncodable.Type)? {
        primitiveTypes.answer(for: type) { type as? any PrimitiveEncodable.Type }
    }

    @inline(__always)
    func isStringKeyedDictionary<T>(_ type: T.Type) -> Bool {
        dictionaryTypes.answer(for: type) { type is any StringKeyedDictionaryEncodable.Type }
    }

    // MARK: Encoders

    func makeEncoder(parent: DirectEncoder, component: PathComponent?, framed: Bool) -> DirectEncoder {
        if let encoder = spareEncoders.popLast() {
            encoder.start(parent: parent, component: component, framed: framed, base: open.count)
            return encoder
        }
        return DirectEncoder(state: self, parent: parent, component: component, framed: framed, base: open.count)
    }

    /// Takes back an encoder nobody else holds (a container that escaped keeps it out).
    func recycle(_ encoder: inout DirectEncoder) {
        encoder.finish()
        guard isKnownUniquelyReferenced(&encoder), spareEncoders.count < 32 else { return }
        spareEncoders.append(encoder)
    }

    // MARK: Containers

    /// Opens a container at the end of the output.
    func push(placeholder: Int) -> Handle {
        nextGeneration &+= 1
        open.append(OpenContainer(generation: nextGeneration, placeholder: placeholder, keysStart: keyCount))
        innermostKeysStart = keyCount
        return Handle(index: open.count - 1, generation: nextGeneration)
    }

    /// Makes the container of `handle` the innermost open one, closing those opened inside it;
    /// a closed container cannot be written in one pass.
    @inline(__always)
    func activate(_ handle: Handle) throws {
        guard handle.index < open.count, open[handle.index].generation == handle.generation else {
            throw fallback()
        }
        if open.count > handle.index + 1 { try close(downTo: handle.index + 1) }
    }

    /// Closes the containers above `depth`, patching the frames of nested ones.
    func close(downTo depth: Int) throws {
        while open.count > depth {
            let container = open.removeLast()
            keyCount = container.keysStart
            innermostKeysStart = open.last?.keysStart ?? 0
            if !keyHashes.isEmpty { keyHashes[open.count] = nil }
            if container.placeholder >= 0 { try patchLength(at: container.placeholder) }
        }
    }

    // MARK: Frames

    /// Writes `E(payload)` for a primitive.
    @inline(__always)
    func appendElement(_ value: some PrimitiveEncodable) throws {
        let placeholder = out.count
        out.append(0)
        value.appendPayload(to: out)
        try patchLength(at: placeholder)
    }

    /// Replaces the placeholder at `placeholder` with the length of what follows it.
    @inline(__always)
    func patchLength(at placeholder: Int) throws {
        let length = out.count - placeholder - 1
        if length < 64 {
            out.setByte(UInt8(truncatingIfNeeded: length << 1), at: placeholder)
            return
        }
        moved += length
        // Each widening moves what follows the prefix; in deep chains of large frames that
        // would add up quadratically, so beyond a few times the output the tree does it.
        if moved > 4 * out.count + 65_536 { throw fallback() }
        out.patchVarint(UInt64(length) << 1, atPlaceholder: placeholder)
    }

    // MARK: Keys

    /// Registers the key written from `start` to the end of the output with the innermost open
    /// container; a key already written there needs the tree's replace semantics.
    @inline(__always)
    func noteKey(at start: Int) throws {
        let length = out.count - start
        let key = KeyMark(start: start, length: length, word: out.prefixWord(at: start, length: length))
        let keysStart = innermostKeysStart
        if keyCount - keysStart < Self.linearKeyLimit {
            if matchesEarlierKey(key, from: keysStart) { throw fallback() }
        } else {
            try noteKeyHashed(key, from: keysStart)
        }
        if keyCount == keyCapacity { growKeys() }
        (keys + keyCount).initialize(to: key)
        keyCount += 1
    }

    /// Containers with many keys keep a set of key hashes instead of comparing with each key.
    private func noteKeyHashed(_ key: KeyMark, from keysStart: Int) throws {
        let index = open.count - 1
        var hashes = keyHashes[index] ?? []
        if hashes.isEmpty {
            for earlier in keysStart..<keyCount { hashes.insert(hashKey(keys[earlier])) }
        }
        if !hashes.insert(hashKey(key)).inserted, matchesEarlierKey(key, from: keysStart) { throw fallback() }
        keyHashes[index] = hashes
    }

    private func growKeys() {
        let grown = UnsafeMutablePointer<KeyMark>.allocate(capacity: keyCapacity * 2)
        grown.moveInitialize(from: keys, count: keyCount)
        keys.deallocate()
        keys = grown
        keyCapacity *= 2
    }

    /// Whether `key` repeats a key of the innermost container: the first eight bytes and the
    /// length decide, and only longer keys compare the rest.
    @inline(__always)
    private func matchesEarlierKey(_ key: KeyMark, from keysStart: Int) -> Bool {
        var index = keysStart
        while index < keyCount {
            let earlier = keys[index]
            if earlier.word == key.word && earlier.length == key.length
                && (key.length <= 8 || out.bytesEqual(earlier.start, key.start, length: key.length))
            {
                return true
            }
            index += 1
        }
        return false
    }

    private func hashKey(_ key: KeyMark) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in 0..<key.length {
            hash = (hash ^ UInt64(out.byte(at: key.start + offset))) &* 0x100_0000_01b3
        }
        return hash
    }
}

/// Where a written key is, with its first bytes for quick comparison.
struct KeyMark {
    let start: Int
    let length: Int
    let word: UInt64
}

/// Thrown inside a direct encode when only the tree encoder can finish the value.
struct DirectEncodingFallback: Error {}

/// The `Encoder` of the one-pass path.
final class DirectEncoder: Encoder, CodingPathNode {
    /// What the encoder has produced so far.
    enum Produced {
        case nothing
        case keyed(DirectEncodingState.Handle)
        case unkeyed(DirectEncodingState.Handle)
        /// A single-value container was requested, nothing is in it yet.
        case singleEmpty
        /// A single-value container holding nil, in a frame: the whole element is `01`.
        case singleNil
        /// A single-value container whose value is written.
        case single
        /// Content written directly (a `[String]` or a dictionary).
        case written
    }

    let state: DirectEncodingState
    @exclusivity(unchecked) private(set) var parent: DirectEncoder?
    @exclusivity(unchecked) private(set) var component: PathComponent?
    /// Whether the content is inside an element frame, whose length prefix the caller writes;
    /// otherwise it is unframed `N(x)`, where a single value is marked `00` and nil is `01`.
    @exclusivity(unchecked) private(set) var framed: Bool
    /// The open-container depth when the encoder started: its own container goes right above.
    @exclusivity(unchecked) private(set) var base: Int
    /// Changes each time the encoder is reused, so containers that escaped go stale.
    @exclusivity(unchecked) private(set) var generation = 0
    @exclusivity(unchecked) private(set) var isActive = true
    @exclusivity(unchecked) var produced = Produced.nothing

    init(state: DirectEncodingState, parent: DirectEncoder?, component: PathComponent?, framed: Bool, base: Int) {
        self.state = state
        self.parent = parent
        self.component = component
        self.framed = framed
        self.base = base
    }

    func start(parent: DirectEncoder, component: PathComponent?, framed: Bool, base: Int) {
        self.parent = parent
        self.component = component
        self.framed = framed
        self.base = base
        isActive = true
        produced = .nothing
    }

    func finish() {
        isActive = false
        generation &+= 1
        parent = nil
        component = nil
    }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(DirectKeyedContainer<Key>(encoder: self, handle: containerHandle(keyed: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        DirectUnkeyedContainer(encoder: self, handle: containerHandle(keyed: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        switch produced {
        case .nothing where isActive && state.depth == base: produced = .singleEmpty
        case .singleEmpty, .singleNil, .single: break
        default: state.requireTree()
        }
        return DirectSingleValueContainer(encoder: self, generation: generation)
    }

    private func containerHandle(keyed: Bool) -> DirectEncodingState.Handle {
        switch produced {
        case .keyed(let handle) where keyed: return handle
        case .unkeyed(let handle) where !keyed: return handle
        case .nothing where isActive && state.depth == base:
            let handle = state.push(placeholder: -1)
            produced = keyed ? .keyed(handle) : .unkeyed(handle)
            return handle
        default:
            state.requireTree()
            return .invalid
        }
    }

    /// Writes `E(value)`: a length placeholder, the content, then the length.
    @inline(__always)
    func encodeElement<T: Encodable>(
        _ value: T, at component: PathComponent?, primitiveShortcut: Bool = true
    ) throws {
        let out = state.out
        let placeholder = out.count
        out.append(0)
        if primitiveShortcut, let primitive = state.primitiveType(T.self) {
            primitive.appendPayload(of: value, to: out)
            try state.patchLength(at: placeholder)
            return
        }
        if case .singleNil = try encodeContent(value, at: component, framed: true) {
            // A single-value container holding nil is the element `01` (§2.4).
            out.setByte(1, at: placeholder)
        } else {
            try state.patchLength(at: placeholder)
        }
    }

    /// Writes the content of a non-primitive `value` at the end of the output.
    @discardableResult
    func encodeContent<T: Encodable>(_ value: T, at component: PathComponent?, framed: Bool) throws -> Produced {
        if T.self == Int128.self || T.self == UInt128.self { throw state.fallback() }
        if let strings = exactly(value, as: [String].self) {
            // As `Array.encode(to:)` writes it, minus the generic hops: `E(s)` per element.
            let out = state.out
            for string in strings {
                out.appendVarint(UInt64(string.utf8.count) << 1)
                out.appendString(string)
            }
            return .written
        }
        // The tree encoder reports running out of stack with the coding path.
        guard state.stack.hasRoom() else { throw state.fallback() }
        var child = state.makeEncoder(parent: self, component: component, framed: framed)
        if state.isStringKeyedDictionary(T.self), let dictionary = value as? any StringKeyedDictionaryEncodable {
            try dictionary.encodeEntries(with: child)
        } else {
            try value.encode(to: child)
        }
        try state.close(downTo: child.base)
        let produced = child.produced
        state.recycle(&child)
        switch produced {
        case .nothing, .singleEmpty: throw state.fallback()
        default: return produced
        }
    }
}

/// Keyed container of the one-pass path: `K E(x)` per entry (§2.6).
struct DirectKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: DirectEncoder
    let handle: DirectEncodingState.Handle

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Writes the key (rule W) after making this container the innermost open one.
    @inline(__always)
    private func writeKey(_ key: some CodingKey) throws {
        let state = encoder.state
        try state.activate(handle)
        let out = state.out
        let start = out.count
        if let intKey = WireKey.intKey(for: key) {
            out.appendVarint(UInt64(intKey) << 1)
        } else {
            let name = key.stringValue
            out.appendVarint(UInt64(name.utf8.count) << 1 | 1)
            out.appendString(name)
        }
        try state.noteKey(at: start)
    }

    @inline(__always)
    private func putPrimitive(_ value: some PrimitiveEncodable, forKey key: Key) throws {
        try writeKey(key)
        try encoder.state.appendElement(value)
    }

    /// Writes nothing: the format cannot tell this call from an absent key (§2.6).
    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode(_ value: Bool, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { throw encoder.state.fallback() }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { throw encoder.state.fallback() }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try writeKey(key)
        try encoder.encodeElement(value, at: .key(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = DirectEncoder(
            state: encoder.state, parent: encoder, component: .key(key), framed: true, base: encoder.state.depth)
        return KeyedEncodingContainer(DirectKeyedContainer<NestedKey>(encoder: nested, handle: openNested(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = DirectEncoder(
            state: encoder.state, parent: encoder, component: .key(key), framed: true, base: encoder.state.depth)
        return DirectUnkeyedContainer(encoder: nested, handle: openNested(key))
    }

    /// Writes the key and a length placeholder and opens a container for the frame.
    private func openNested(_ key: Key) -> DirectEncodingState.Handle {
        let state = encoder.state
        do { try writeKey(key) } catch { return .invalid }
        let placeholder = state.out.count
        state.out.append(0)
        return state.push(placeholder: placeholder)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.state.requireTree()
        return encoder
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.state.requireTree()
        return encoder
    }
}

/// Unkeyed container of the one-pass path: `E(x)` per element (§2.7).
struct DirectUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: DirectEncoder
    let handle: DirectEncodingState.Handle
    private(set) var count = 0

    init(encoder: DirectEncoder, handle: DirectEncodingState.Handle) {
        self.encoder = encoder
        self.handle = handle
    }

    var codingPath: [any CodingKey] { encoder.codingPath }

    @inline(__always)
    private mutating func appendPrimitive(_ value: some PrimitiveEncodable) throws {
        try encoder.state.activate(handle)
        try encoder.state.appendElement(value)
        count += 1
    }

    mutating func encodeNil() throws {
        try encoder.state.activate(handle)
        encoder.state.out.append(1)
        count += 1
    }

    mutating func encode(_ value: Bool) throws { try appendPrimitive(value) }
    mutating func encode(_ value: String) throws { try appendPrimitive(value) }
    mutating func encode(_ value: Double) throws { try appendPrimitive(value) }
    mutating func encode(_ value: Float) throws { try appendPrimitive(value) }
    mutating func encode(_ value: Int) throws { try appendPrimitive(value) }
    mutating func encode(_ value: Int8) throws { try appendPrimitive(value) }
    mutating func encode(_ value: Int16) throws { try appendPrimitive(value) }
    mutating func encode(_ value: Int32) throws { try appendPrimitive(value) }
    mutating func encode(_ value: Int64) throws { try appendPrimitive(value) }
    mutating func encode(_ value: UInt) throws { try appendPrimitive(value) }
    mutating func encode(_ value: UInt8) throws { try appendPrimitive(value) }
    mutating func encode(_ value: UInt16) throws { try appendPrimitive(value) }
    mutating func encode(_ value: UInt32) throws { try appendPrimitive(value) }
    mutating func encode(_ value: UInt64) throws { try appendPrimitive(value) }
    mutating func encode(_ value: Int128) throws { throw encoder.state.fallback() }
    mutating func encode(_ value: UInt128) throws { throw encoder.state.fallback() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.state.activate(handle)
        try encoder.encodeElement(value, at: .index(count))
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = DirectEncoder(
            state: encoder.state, parent: encoder, component: .index(count), framed: true, base: encoder.state.depth)
        return KeyedEncodingContainer(DirectKeyedContainer<NestedKey>(encoder: nested, handle: openNested()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = DirectEncoder(
            state: encoder.state, parent: encoder, component: .index(count), framed: true, base: encoder.state.depth)
        return DirectUnkeyedContainer(encoder: nested, handle: openNested())
    }

    /// Writes a length placeholder and opens a container for the frame.
    private mutating func openNested() -> DirectEncodingState.Handle {
        let state = encoder.state
        do { try state.activate(handle) } catch { return .invalid }
        count += 1
        let placeholder = state.out.count
        state.out.append(0)
        return state.push(placeholder: placeholder)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.state.requireTree()
        return encoder
    }
}

/// Single-value container of the one-pass path: its content is `N(y)`, marked `00` when
/// unframed; nil is `01` (§2.4).
struct DirectSingleValueContainer: SingleValueEncodingContainer {
    let encoder: DirectEncoder
    let generation: Int

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Checks that this is the first value, written while the encoder is the innermost writer.
    @inline(__always)
    private func begin() throws {
        guard case .singleEmpty = encoder.produced, encoder.isActive, encoder.generation == generation,
            encoder.state.depth == encoder.base
        else { throw encoder.state.fallback() }
    }

    @inline(__always)
    private func store(_ value: some PrimitiveEncodable) throws {
        try begin()
        let out = encoder.state.out
        if !encoder.framed { out.append(0) }
        value.appendPayload(to: out)
        encoder.produced = .single
    }

    mutating func encodeNil() throws {
        try begin()
        if encoder.framed {
            encoder.produced = .singleNil
        } else {
            encoder.state.out.append(1)
            encoder.produced = .single
        }
    }

    mutating func encode(_ value: Bool) throws { try store(value) }
    mutating func encode(_ value: String) throws { try store(value) }
    mutating func encode(_ value: Double) throws { try store(value) }
    mutating func encode(_ value: Float) throws { try store(value) }
    mutating func encode(_ value: Int) throws { try store(value) }
    mutating func encode(_ value: Int8) throws { try store(value) }
    mutating func encode(_ value: Int16) throws { try store(value) }
    mutating func encode(_ value: Int32) throws { try store(value) }
    mutating func encode(_ value: Int64) throws { try store(value) }
    mutating func encode(_ value: UInt) throws { try store(value) }
    mutating func encode(_ value: UInt8) throws { try store(value) }
    mutating func encode(_ value: UInt16) throws { try store(value) }
    mutating func encode(_ value: UInt32) throws { try store(value) }
    mutating func encode(_ value: UInt64) throws { try store(value) }
    mutating func encode(_ value: Int128) throws { throw encoder.state.fallback() }
    mutating func encode(_ value: UInt128) throws { throw encoder.state.fallback() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        let state = encoder.state
        if !encoder.framed { state.out.append(0) }
        if let primitive = state.primitiveType(T.self) {
            primitive.appendPayload(of: value, to: state.out)
        } else {
            // Mark the container used first, so the value cannot write into it again.
            encoder.produced = .single
            try encoder.encodeContent(value, at: nil, framed: false)
        }
        encoder.produced = .single
    }
}

// One thread uses a state at a time: it passes between threads only through `reusable`'s lock,
// taken out before use and put back after.
extension DirectEncodingState: @unchecked Sendable {}
