import NibArchive

/// A table whose entries have names: the key and class tables.
protocol NameTable {
    /// The number of entries.
    var count: Int { get }
    /// The name of entry `index` as text.
    func name(at index: Int) -> String
}

extension NibArchive.KeyTable: NameTable {
    func name(at index: Int) -> String { self[index].name }
}

extension NibArchive.ClassTable: NameTable {}

/// A table's names as `String`s, made on first use: most keys of an archive are never read by
/// name during a load (making every name up front cost an eighth of load time), and loading
/// resolves classes by their bytes, so most class names are never made either.
///
/// The cache is allocated on the first name asked for (a load of generic objects often asks
/// for none), and holds `""` for a name not made yet (an array of optional strings costs a
/// generic witness call per element to free); an empty name is simply made again.
final class LazyNames<Table: NameTable> {
    private let table: Table
    @exclusivity(unchecked) private var cache: [String] = []

    init(_ table: Table) {
        self.table = table
    }

    /// The number of names.
    var count: Int { table.count }

    /// The name of entry `index`.
    subscript(index: Int) -> String {
        if cache.isEmpty { cache = Array(repeating: "", count: table.count) }
        let cached = cache[index]
        if !cached.isEmpty { return cached }
        let name = table.name(at: index)
        cache[index] = name
        return name
    }
}

/// The key table's names, made on first use.
typealias KeyNames = LazyNames<NibArchive.KeyTable>
/// The class table's names, made on first use.
typealias ClassNames = LazyNames<NibArchive.ClassTable>

/// The key indices of keys loading reads from many objects: a connection's three keys
/// (`UILabel`, `UISource`, `UIDestination`), a view's `UISubviews` and a string's `NS.bytes`, so that those reads
/// compare integers instead of names. `-1`: the archive has no such key; `nil`: it has two keys
/// spelled alike (only a hostile archive), so reads go by name.
struct KnownKeys {
    var label: Int? = -1
    var source: Int? = -1
    var destination: Int? = -1
    var subviews: Int? = -1
    /// `NS.bytes`, a string's text.
    var bytes: Int? = -1

    /// Records that key `index` has the name of the key `known` holds (one of the above).
    static func note(_ known: inout Int?, _ index: Int) {
        known = known == -1 ? index : nil
    }
}

/// The shipped models a load may make on first read instead of while decoding (see
/// ``DecodingSession``): leaves (no references among their values) whose decoding does nothing
/// but put the values in place: no `decode(from:)`, no `didDecode`, no state outside the
/// object. Only these exact classes: a subclass (a caller's, or `NibLocalizableString`, which
/// keeps the strings table) is decoded while loading, as is every other class.
enum LazyLeaf: UInt8 {
    case string, number, data, value, color, font, image

    /// The kind of `type`, when it is one of the exact classes.
    init?(_ type: NibObject.Type) {
        let identifier = ObjectIdentifier(type)
        switch identifier {
        case ObjectIdentifier(NibString.self): self = .string
        case ObjectIdentifier(NibNumber.self): self = .number
        case ObjectIdentifier(NibData.self): self = .data
        case ObjectIdentifier(NibStructValue.self): self = .value
        case ObjectIdentifier(NibColor.self): self = .color
        case ObjectIdentifier(NibFont.self): self = .font
        case ObjectIdentifier(NibImageReference.self): self = .image
        default: return nil
        }
    }

    /// A new instance.
    func make() -> NibObject {
        switch self {
        case .string: NibString()
        case .number: NibNumber()
        case .data: NibData()
        case .value: NibStructValue()
        case .color: NibColor()
        case .font: NibFont()
        case .image: NibImageReference()
        }
    }
}

/// What the decoded objects of one archive share: the value table and the key names.
final class ArchiveContext {
    let values: NibArchive.ValueTable
    /// The object table (leaves made on first read find their values here).
    let objects: NibArchive.ObjectTable
    let keys: NibArchive.KeyTable
    let keyNames: KeyNames
    let emptyKey: Int
    let inlinedKey: Int
    let knownKeys: KnownKeys
    /// The class table's names.
    let classNames: ClassNames
    /// The resolved references of every decoded object.
    let arena: ReferenceArena

    init(
        values: NibArchive.ValueTable, objects: NibArchive.ObjectTable, keys: NibArchive.KeyTable, keyNames: KeyNames,
        emptyKey: Int?, inlinedKey: Int?, knownKeys: KnownKeys, classNames: ClassNames
    ) {
        self.objects = objects
        self.classNames = classNames
        self.values = values
        self.keys = keys
        self.keyNames = keyNames
        self.emptyKey = emptyKey ?? -1
        self.inlinedKey = inlinedKey ?? -1
        self.knownKeys = knownKeys
        arena = ReferenceArena(capacity: values.count)
        // Unretained: the context owns the arena.
        arena.context = Unmanaged.passUnretained(self)
    }

    deinit {
        if let sharedLeaves {
            for index in 0..<objects.count { sharedLeaves[index]?.release() }
            sharedLeaves.deallocate()
        }
    }

    /// The boxes of the shared leaves made so far, by object index (allocated with the first
    /// shared leaf): a box refers to its leaf until the leaf goes, without keeping it (a leaf
    /// holds its context through its values, so holding it here would be a cycle).
    @exclusivity(unchecked) private var sharedLeaves: UnsafeMutablePointer<LeafBox?>?
    private typealias LeafBox = Unmanaged<ResolvedReferences.BackReferenceBox>

    /// Makes sure the table of shared leaves exists.
    func prepareSharedLeaves() {
        guard sharedLeaves == nil else { return }
        let table = UnsafeMutablePointer<LeafBox?>.allocate(capacity: objects.count)
        table.initialize(repeating: nil, count: objects.count)
        sharedLeaves = table
    }

    /// Shared leaf `index`: the instance another referrer made, while it is alive, else a new
    /// one (``makeLeaf(_:_:)``), which the other referrers get from then on.
    func sharedLeaf(_ index: Int, _ kind: LazyLeaf) -> NibObject {
        guard let sharedLeaves, index >= 0, index < objects.count else { return makeLeaf(index, kind) }
        if let box = sharedLeaves[index], let model = box.takeUnretainedValue().model {
            return model.takeUnretainedValue()
        }
        let model = makeLeaf(index, kind)
        sharedLeaves[index]?.release()
        sharedLeaves[index] = Unmanaged.passRetained(model.referenceBox)
        return model
    }

    /// The text leaf string `index` has once made (``NibString/string``), read from the archive.
    func leafText(_ index: Int) -> String {
        guard index >= 0, index < objects.count else { return "" }
        let range = objects[index].valueIndices
        guard let key = knownKeys.bytes else {
            // `NS.bytes` spelled twice (a hostile archive): read by name, as the string would.
            let archived = ArchivedValues(
                context: self, range: range, references: ResolvedReferences(arena: arena, start: 0, count: 0),
                referencesAreElements: true)
            return archived.data(forKey: "NS.bytes").map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        // `ArchivedValues.data(forKeyIndex:)`: the first value under the key, when it is data.
        for valueIndex in range where values.keyIndex(at: valueIndex) == key {
            return values.dataText(at: valueIndex) ?? ""
        }
        return ""
    }

    /// Makes leaf object `index` (checked by the decoder, which validated it) as decoding would
    /// have: its values in the archive, no references, class and index recorded.
    func makeLeaf(_ index: Int, _ kind: LazyLeaf) -> NibObject {
        let model = kind.make()
        guard index >= 0, index < objects.count else { return model }
        let object = objects[index]
        model.archivedClassIndex = Int32(truncatingIfNeeded: object.classIndex)
        model.archiveIndex = index
        model.storage = .archived(
            ArchivedValues(
                context: self, range: object.valueIndices,
                references: ResolvedReferences(arena: arena, start: 0, count: 0),
                referencesAreElements: true))
        return model
    }

    /// The name of class `index` (`NSObject` for an index out of range, which decoding never stores).
    func className(at index: Int) -> String {
        index < classNames.count ? classNames[index] : "NSObject"
    }
}

/// A decoded object's values, left in the archive: the run of value indices, plus the
/// object's references resolved, in stored order (strong or back references).
struct ArchivedValues {
    let context: ArchiveContext
    let range: Range<Int>
    let references: ResolvedReferences
    /// Whether every reference is stored under `UINibEncoderEmptyKey`.
    let referencesAreElements: Bool

    /// Calls `body` with each key and value in stored order until it returns `false`.
    @inline(__always)
    func forEach(_ body: (String, NibEntry.Value) -> Bool) {
        var reference = 0
        let values = context.values
        for index in range {
            let entryValue: NibEntry.Value
            if values.type(at: index) == .objectReference {
                guard reference < references.count else { return }
                entryValue = references[reference]
                reference &+= 1
            } else {
                entryValue = .payload(values.payload(at: index))
            }
            if !body(context.keyNames[values.keyIndex(at: index)], entryValue) { return }
        }
    }

    /// The first value stored under `key`.
    func value(forKey key: String) -> NibEntry.Value? {
        var reference = 0
        let values = context.values
        let keys = context.keys
        for index in range {
            let isReference = values.type(at: index) == .objectReference
            if keys.key(at: values.keyIndex(at: index), is: key) {
                if isReference { return reference < references.count ? references[reference] : nil }
                return .payload(values.payload(at: index))
            }
            if isReference { reference &+= 1 }
        }
        return nil
    }

    /// The position of the first value stored under `key` in ``range``, and for a reference its
    /// position in ``references``.
    @inline(__always)
    private func find(_ key: String) -> (index: Int, reference: Int?)? {
        var reference = 0
        let values = context.values
        let keys = context.keys
        for index in range {
            let isReference = values.type(at: index) == .objectReference
            if keys.key(at: values.keyIndex(at: index), is: key) { return (index, isReference ? reference : nil) }
            if isReference { reference &+= 1 }
        }
        return nil
    }

    /// The object the first value under `key` refers to (`value(forKey:)?.object`, without
    /// building the entry value).
    func object(forKey key: String) -> AnyObject? {
        guard let (_, reference) = find(key), let reference, reference < references.count else { return nil }
        return references.object(at: reference)
    }

    /// The text of the string the first value under `key` refers to (`object(forKey:)` as a
    /// ``NibString``, its ``NibString/string``), without making a string not made yet.
    func string(forKey key: String) -> String? {
        guard let (_, reference) = find(key), let reference, reference < references.count else { return nil }
        return references.text(at: reference)
    }

    /// The object the first value under key `keyIndex` refers to (`object(forKey:)` of the
    /// key's name, when no other key has that name).
    func object(forKeyIndex keyIndex: Int) -> AnyObject? {
        var reference = 0
        let values = context.values
        for index in range {
            let isReference = values.type(at: index) == .objectReference
            if values.keyIndex(at: index) == keyIndex {
                return isReference && reference < references.count ? references.object(at: reference) : nil
            }
            if isReference { reference &+= 1 }
        }
        return nil
    }

    /// The bytes of the first value under key `keyIndex`, when it is data (`data(forKey:)` of
    /// the key's name, when no other key has that name).
    func data(forKeyIndex keyIndex: Int) -> ArraySlice<UInt8>? {
        let values = context.values
        for index in range where values.keyIndex(at: index) == keyIndex {
            guard case .data(let bytes) = values.payload(at: index) else { return nil }
            return bytes
        }
        return nil
    }

    /// A connection's label text, source and destination: the text of the string (``NibString``)
    /// and the objects the first values under `UILabel`, `UISource` and `UIDestination` refer
    /// to, found in one walk by key index; `nil` when the archive spells one of the keys twice
    /// (then each is read by name). A label not made yet is read from the archive, not made.
    var connectionParts: (label: String?, source: AnyObject?, destination: AnyObject?)? {
        let keys = context.knownKeys
        guard let labelKey = keys.label, let sourceKey = keys.source, let destinationKey = keys.destination else {
            return nil
        }
        var parts: (label: String?, source: AnyObject?, destination: AnyObject?) = (nil, nil, nil)
        var found = (label: false, source: false, destination: false)
        var reference = 0
        let values = context.values
        for index in range {
            let keyIndex = values.keyIndex(at: index)
            let isReference = values.type(at: index) == .objectReference
            defer { if isReference { reference &+= 1 } }
            // The first value under each key decides, as `object(forKey:)` reads it; a value that
            // is not a reference reads as nil.
            let isLabel = keyIndex == labelKey && !found.label
            let isSource = keyIndex == sourceKey && !found.source
            let isDestination = keyIndex == destinationKey && !found.destination
            guard isLabel || isSource || isDestination else { continue }
            let resolved = isReference && reference < references.count
            if isLabel {
                found.label = true
                parts.label = resolved ? references.text(at: reference) : nil
            } else if isSource {
                found.source = true
                parts.source = resolved ? references.object(at: reference) : nil
            } else {
                found.destination = true
                parts.destination = resolved ? references.object(at: reference) : nil
            }
            if found.label && found.source && found.destination { break }
        }
        return parts
    }

    /// The bytes of the first value under `key`, when it is data.
    func data(forKey key: String) -> ArraySlice<UInt8>? {
        guard let (index, reference) = find(key), reference == nil,
            case .data(let bytes) = context.values.payload(at: index)
        else { return nil }
        return bytes
    }

    /// Whether the first value is `NSInlinedValue`.
    var isInlined: Bool { !range.isEmpty && context.values.keyIndex(at: range.lowerBound) == context.inlinedKey }

    /// For an inlined collection whose values after the marker are all element references:
    /// those references, without walking the values.
    var inlinedElementReferences: ResolvedReferences? {
        guard isInlined, referencesAreElements, references.count == range.count - 1 else { return nil }
        return references
    }

    /// The keyed form's elements (``NibCollection``): for `NS.object.0`, `NS.object.1`, … up to
    /// the first missing index, the position of the first value under the key in ``range`` and,
    /// for a reference, its position in ``references`` (-1 for a payload), found in one walk.
    private func keyedElements() -> [(index: Int32, reference: Int32)] {
        let count = range.count
        // -2: no value yet.
        var found = [(index: Int32, reference: Int32)](repeating: (-2, -2), count: count)
        var reference = 0
        let values = context.values
        let keys = context.keys
        for index in range {
            let isReference = values.type(at: index) == .objectReference
            defer { if isReference { reference &+= 1 } }
            let element = keys.withKeyBytes(at: values.keyIndex(at: index)) {
                NibCollection.keyedElementIndex($0, below: count)
            }
            guard let element, found[element].index == -2 else { continue }
            // As `value(forKey:)` reads it, a reference without a resolved object ends the elements.
            let resolved = reference < references.count ? Int32(truncatingIfNeeded: reference) : -2
            found[element] = (Int32(truncatingIfNeeded: index &- range.lowerBound), isReference ? resolved : -1)
        }
        if let end = found.firstIndex(where: { $0.index < 0 || $0.reference == -2 }) {
            found.removeSubrange(end...)
        }
        return found
    }

    /// The keyed form's element values (``NibCollection``).
    func keyedElementValues() -> [NibEntry.Value] {
        keyedElements().map { element in
            element.reference >= 0
                ? references[Int(element.reference)]
                : .payload(context.values.payload(at: range.lowerBound &+ Int(element.index)))
        }
    }

    /// Whether an element of the keyed form is nil or not an object.
    var keyedElementsContainNil: Bool {
        keyedElements().contains { $0.reference < 0 || references.object(at: Int($0.reference)) == nil }
    }

    func makeEntries() -> [NibEntry] {
        var entries: [NibEntry] = []
        entries.reserveCapacity(range.count)
        forEach { key, value in
            entries.append(NibEntry(key: key, value: value))
            return true
        }
        return entries
    }
}

extension NibObject {
    /// Calls `body` with each key and value in stored order until it returns `false`, without
    /// building ``entries``.
    func forEachEntry(_ body: (String, NibEntry.Value) -> Bool) {
        switch storage {
        case .entries(let entries):
            for index in entries.indices where !body(entries[index].key, entries[index].value) { return }
        case .archived(let archived):
            archived.forEach(body)
        case .empty:
            return
        }
    }

    /// The number of stored values.
    var entryCount: Int {
        switch storage {
        case .entries(let entries): entries.count
        case .archived(let archived): archived.range.count
        case .empty: 0
        }
    }
}
