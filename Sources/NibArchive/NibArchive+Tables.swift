// The four tables as collections of value types, made on access from the compact entries.

extension NibArchive {
    /// An object: its class and the run of values that belong to it.
    public struct Object: Hashable, Sendable {
        /// The index of the object's class in ``NibArchive/classes``.
        public var classIndex: Int
        /// The index of the object's first value in ``NibArchive/values``. Any value ≤ the value
        /// count is legal when ``valueCount`` is 0 (Apple's writer stores 0).
        public var firstValueIndex: Int
        /// How many consecutive values belong to the object.
        public var valueCount: Int

        /// Creates an object entry.
        public init(classIndex: Int, firstValueIndex: Int, valueCount: Int) {
            self.classIndex = classIndex
            self.firstValueIndex = firstValueIndex
            self.valueCount = valueCount
        }

        /// The indices of the object's values in ``NibArchive/values``.
        public var valueIndices: Range<Int> { firstValueIndex..<(firstValueIndex &+ valueCount) }
    }

    /// A key: a byte string, compared byte for byte (never Unicode-normalised).
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        /// The key's bytes (no terminator).
        public var bytes: ArraySlice<UInt8>

        /// Creates a key from its bytes.
        public init(bytes: some Sequence<UInt8>) { self.bytes = ArraySlice(bytes) }
        /// Creates a key from a string's UTF-8.
        public init(_ name: String) { self.bytes = ArraySlice(name.utf8) }

        /// The key as text; invalid UTF-8 becomes U+FFFD.
        public var name: String { String(decoding: bytes, as: UTF8.self) }
        /// The key as text.
        public var description: String { name }
    }

    /// A class-name table entry: the name and the classes to fall back to when it is missing.
    public struct ClassName: Hashable, Sendable, CustomStringConvertible {
        /// The stored name, all *L* bytes including the terminating byte (normally `00`).
        public var storedBytes: ArraySlice<UInt8>
        /// Indices into the class table, tried in order when this class does not exist at run time.
        public var fallbacks: [UInt32]

        /// Creates an entry for `name` (a NUL is appended) with the given fallbacks.
        public init(_ name: String, fallbacks: [UInt32] = []) {
            self.storedBytes = ArraySlice(Array(name.utf8) + [0])
            self.fallbacks = fallbacks
        }

        /// Creates an entry from the stored bytes (terminator included; must not be empty).
        public init(storedBytes: some Sequence<UInt8>, fallbacks: [UInt32] = []) {
            self.storedBytes = ArraySlice(storedBytes)
            self.fallbacks = fallbacks
        }

        /// The name's bytes without the terminating byte.
        public var nameBytes: ArraySlice<UInt8> { storedBytes.dropLast() }
        /// The name as text; invalid UTF-8 becomes U+FFFD.
        public var name: String { String(decoding: nameBytes, as: UTF8.self) }
        /// Whether the last stored byte is `00`, as Apple's reader requires.
        public var isNULTerminated: Bool { storedBytes.last == 0 }
        /// The class name.
        public var description: String { name }
    }

    /// A value: the key it is stored under and its typed payload.
    public struct Value: Hashable, Sendable {
        /// The index of the value's key in ``NibArchive/keys``.
        public var keyIndex: Int
        /// The payload.
        public var payload: Payload

        /// Creates a value.
        public init(keyIndex: Int, payload: Payload) {
            self.keyIndex = keyIndex
            self.payload = payload
        }

        /// The wire type.
        public var type: ValueType { payload.type }
    }

    /// A value's payload, one case per wire type. Integers keep their wire width; floats keep
    /// their bit pattern (equality compares bits, so NaN payloads and −0.0 are preserved).
    public enum Payload: Sendable, CustomStringConvertible {
        /// Type 0.
        case int8(Int8)
        /// Type 1.
        case int16(Int16)
        /// Type 2.
        case int32(Int32)
        /// Type 3.
        case int64(Int64)
        /// Type 4 (`false`) or 5 (`true`).
        case bool(Bool)
        /// Type 6.
        case float32(Float)
        /// Type 7.
        case float64(Double)
        /// Type 8: a byte string (which may hold a nested archive or a geometry struct).
        case data(ArraySlice<UInt8>)
        /// Type 9: a nil object.
        case `nil`
        /// Type 10: an index into the object table (not range-checked here).
        case objectReference(UInt32)

        /// The wire type of this payload.
        public var type: ValueType {
            switch self {
            case .int8: .int8
            case .int16: .int16
            case .int32: .int32
            case .int64: .int64
            case .bool(let value): value ? .true : .false
            case .float32: .float32
            case .float64: .float64
            case .data: .data
            case .nil: .nil
            case .objectReference: .objectReference
            }
        }

        /// The integer value of any of the four integer widths, read as signed.
        public var integerValue: Int64? {
            switch self {
            case .int8(let value): Int64(value)
            case .int16(let value): Int64(value)
            case .int32(let value): Int64(value)
            case .int64(let value): value
            default: nil
            }
        }

        /// The integer payload in the width Apple's writer would choose for it (see the spec's
        /// integer width rule: every negative number is int64).
        public static func integer(_ value: Int64) -> Payload {
            switch UInt64(bitPattern: value) {
            case 0...0x7F: .int8(Int8(truncatingIfNeeded: value))
            case 0...0x7FFF: .int16(Int16(truncatingIfNeeded: value))
            case 0...0x7FFF_FFFF: .int32(Int32(truncatingIfNeeded: value))
            default: .int64(value)
            }
        }

        /// A short description such as `int8 5`, `data 2 bytes` or `object #3`.
        public var description: String {
            switch self {
            case .int8(let value): "int8 \(value)"
            case .int16(let value): "int16 \(value)"
            case .int32(let value): "int32 \(value)"
            case .int64(let value): "int64 \(value)"
            case .bool(let value): "\(value)"
            case .float32(let value): "float32 \(value)"
            case .float64(let value): "float64 \(value)"
            case .data(let bytes): "data \(DisplayText.counted(bytes.count, "byte"))"
            case .nil: "nil"
            case .objectReference(let index): "object #\(index)"
            }
        }
    }
}

extension NibArchive.Payload: Hashable {
    /// Equal when of the same wire type with the same bits.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.int8(let a), .int8(let b)): a == b
        case (.int16(let a), .int16(let b)): a == b
        case (.int32(let a), .int32(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.float32(let a), .float32(let b)): a.bitPattern == b.bitPattern
        case (.float64(let a), .float64(let b)): a.bitPattern == b.bitPattern
        case (.data(let a), .data(let b)): a.elementsEqual(b)
        case (.nil, .nil): true
        case (.objectReference(let a), .objectReference(let b)): a == b
        default: false
        }
    }

    /// Hashes the wire type and bits.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        switch self {
        case .int8, .int16, .int32, .int64: hasher.combine(integerValue)
        case .bool, .nil: break
        case .float32(let value): hasher.combine(value.bitPattern)
        case .float64(let value): hasher.combine(value.bitPattern)
        case .data(let bytes): hasher.combine(bytes.count)
        case .objectReference(let index): hasher.combine(index)
        }
    }
}

// MARK: - Collections

extension NibArchive {
    /// The object table as a random-access collection of ``Object``.
    public struct ObjectTable: RandomAccessCollection, Sendable {
        @usableFromInline let entries: [ObjectEntry]
        /// The first index, 0.
        public var startIndex: Int { 0 }
        /// The object count.
        public var endIndex: Int { entries.count }
        /// The object at `index`.
        @inlinable
        public subscript(index: Int) -> Object {
            let entry = entries[index]
            return Object(
                classIndex: Int(entry.classIndex), firstValueIndex: Int(entry.firstValue),
                valueCount: Int(entry.valueCount))
        }
    }

    /// The key table as a random-access collection of ``Key``.
    public struct KeyTable: RandomAccessCollection, Sendable {
        @usableFromInline let entries: [KeyEntry]
        @usableFromInline let storage: [UInt8]
        /// The first index, 0.
        public var startIndex: Int { 0 }
        /// The key count.
        public var endIndex: Int { entries.count }
        /// The key at `index`.
        public subscript(index: Int) -> Key {
            let entry = entries[index]
            let start = Int(entry.start)
            return Key(slice: storage[start..<(start + Int(entry.length))])
        }

        /// The byte length of the key at `index`, without building the key.
        @inlinable
        package func byteCount(at index: Int) -> Int { Int(entries[index].length) }

        /// Whether the key at `index` is spelled `name`, compared byte for byte without building
        /// a string.
        @inlinable
        package func key(at index: Int, is name: String) -> Bool {
            let entry = entries[index]
            // Most keys differ in length: decide those without touching the bytes.
            guard name.utf8.count == Int(entry.length) else { return false }
            return bytes(of: entry, equal: name)
        }

        /// Calls `body` with the index and bytes of every key, in order, without building keys.
        @inlinable
        package func forEachKeyBytes(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
            storage.withUnsafeBufferPointer { buffer in
                for index in entries.indices {
                    let entry = entries[index]
                    let start = Int(entry.start)
                    let end = start + Int(entry.length)
                    guard end <= buffer.count else { continue }
                    body(index, UnsafeBufferPointer(rebasing: buffer[start..<end]))
                }
            }
        }

        /// Calls `body` with the bytes of the key at `index`, without building the key.
        package func withKeyBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            let entry = entries[index]
            let start = Int(entry.start)
            let end = start + Int(entry.length)
            return storage.withUnsafeBufferPointer { buffer in
                guard end <= buffer.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
                return body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            }
        }

        @usableFromInline
        func bytes(of entry: KeyEntry, equal name: String) -> Bool {
            let start = Int(entry.start)
            let length = Int(entry.length)
            return storage.withUnsafeBufferPointer { buffer in
                guard start + length <= buffer.count, let base = buffer.baseAddress else { return length == 0 }
                // Native and literal strings are contiguous UTF-8: compare in place, no copy.
                if let equal = name.utf8.withContiguousStorageIfAvailable({ utf8 in
                    guard utf8.count == length else { return false }
                    guard let other = utf8.baseAddress else { return length == 0 }
                    return NibArchive.bytesEqual(base + start, other, length)
                }) {
                    return equal
                }
                return name.utf8.elementsEqual(UnsafeBufferPointer(start: base + start, count: length))
            }
        }
    }

    /// The value table as a random-access collection of ``Value``.
    public struct ValueTable: RandomAccessCollection, Sendable {
        @usableFromInline let entries: [ValueEntry]
        let storage: [UInt8]
        /// The first index, 0.
        public var startIndex: Int { 0 }
        /// The value count.
        public var endIndex: Int { entries.count }
        /// The value at `index`.
        public subscript(index: Int) -> Value {
            let entry = entries[index]
            return Value(keyIndex: Int(entry.keyIndex), payload: payload(of: entry))
        }

        /// The key index of the value at `index`, without decoding its payload.
        @inlinable
        package func keyIndex(at index: Int) -> Int { Int(entries[index].keyIndex) }

        /// The object the value at `index` refers to, or `nil` when it is not an object reference;
        /// no payload is built.
        @inlinable
        package func referenceTarget(at index: Int) -> Int? {
            let entry = entries[index]
            guard entry.type == .objectReference else { return nil }
            return Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: entry.bits))
        }

        /// The wire type of the value at `index`.
        @inlinable
        package func type(at index: Int) -> ValueType { entries[index].type }

        /// The payload of the value at `index`, without building the whole ``Value``.
        @inline(__always)
        package func payload(at index: Int) -> Payload { payload(of: entries[index]) }

        /// The bytes of the value at `index` decoded as UTF-8 (ill-formed sequences repaired) when
        /// it is data, without building a payload (which retains the file's bytes); `nil` when it
        /// is not data.
        package func dataText(at index: Int) -> String? {
            let entry = entries[index]
            guard entry.type == .data else { return nil }
            let start = entry.dataStart
            let length = entry.dataLength
            return storage.withUnsafeBufferPointer { bytes in
                guard start >= 0, length >= 0, start <= bytes.count, length <= bytes.count &- start else {
                    return nil
                }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start &+ length)]), as: UTF8.self)
            }
        }

        func payload(of entry: ValueEntry) -> Payload {
            let bits = entry.bits
            switch entry.type {
            case .int8: return .int8(Int8(truncatingIfNeeded: bits))
            case .int16: return .int16(Int16(truncatingIfNeeded: bits))
            case .int32: return .int32(Int32(truncatingIfNeeded: bits))
            case .int64: return .int64(Int64(bitPattern: bits))
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .float32: return .float32(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            case .float64: return .float64(Double(bitPattern: bits))
            case .data: return .data(storage[entry.dataStart..<(entry.dataStart + entry.dataLength)])
            case .nil: return .nil
            case .objectReference: return .objectReference(UInt32(truncatingIfNeeded: bits))
            }
        }
    }

    /// The class-name table as a random-access collection of ``ClassName``.
    public struct ClassTable: RandomAccessCollection, Sendable {
        @usableFromInline let entries: [ClassEntry]
        let fallbackIndices: [UInt32]
        @usableFromInline let storage: [UInt8]
        /// The first index, 0.
        public var startIndex: Int { 0 }
        /// The class count.
        public var endIndex: Int { entries.count }
        /// The class-name entry at `index`.
        public subscript(index: Int) -> ClassName {
            let entry = entries[index]
            let start = Int(entry.start)
            let fallbackStart = Int(entry.fallbackStart)
            return ClassName(
                slice: storage[start..<(start + Int(entry.length))],
                fallbacks: Array(fallbackIndices[fallbackStart..<(fallbackStart + Int(entry.fallbackCount))]))
        }

        /// The number of fallback classes of the class at `index`, without building the entry.
        package func fallbackCount(at index: Int) -> Int { Int(entries[index].fallbackCount) }

        /// Fallback number `position` (below ``fallbackCount(at:)``) of the class at `index`: a
        /// class index as stored, which may be out of range.
        package func fallback(_ position: Int, at index: Int) -> Int {
            Int(fallbackIndices[Int(entries[index].fallbackStart) + position])
        }

        /// Calls `body` with the bytes of the name of the class at `index` (the bytes
        /// ``name(at:)`` decodes: the stored name without its terminator).
        @inlinable
        package func withNameBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            // Inlinable: called across modules, an unspecialized generic paid for the closure and
            // `withUnsafeBufferPointer` through witness tables on every call.
            let entry = entries[index]
            let start = Int(entry.start)
            let end = start + Swift.max(Int(entry.length) - 1, 0)
            return storage.withUnsafeBufferPointer { buffer in body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            }
        }

        /// Whether the name of the class at `index` is spelled `name` (``name(at:)`` `== name`
        /// for an ASCII `name`), compared byte for byte without building a string.
        package func name(at index: Int, is name: StaticString) -> Bool {
            let entry = entries[index]
            let start = Int(entry.start)
            let length = Swift.max(Int(entry.length) - 1, 0)
            guard length == name.utf8CodeUnitCount else { return false }
            return storage.withUnsafeBufferPointer { buffer in
                // Entries always lie inside storage; a name that did not could not be `name`.
                guard start + length <= buffer.count, let base = buffer.baseAddress else { return length == 0 }
                return NibArchive.bytesEqual(base + start, name.utf8Start, length)
            }
        }

        /// The name of the class at `index` as text (invalid UTF-8 becomes U+FFFD), read straight
        /// from storage without building the entry: ``ClassName/name`` for `self[index]`.
        package func name(at index: Int) -> String {
            let entry = entries[index]
            let start = Int(entry.start)
            let end = start + Swift.max(Int(entry.length) - 1, 0)
            return storage.withUnsafeBufferPointer { buffer in
                String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
            }
        }
    }
}

extension NibArchive.Key {
    init(slice: ArraySlice<UInt8>) { self.bytes = slice }
}

extension NibArchive.ClassName {
    init(slice: ArraySlice<UInt8>, fallbacks: [UInt32]) {
        self.storedBytes = slice
        self.fallbacks = fallbacks
    }
}

extension NibArchive {
    /// Whether `length` bytes at `a` and `b` are equal: eight at a time, then one by one.
    static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var offset = 0
        while offset &+ 8 <= length {
            let left = UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
            let right = UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)
            guard left == right else { return false }
            offset &+= 8
        }
        while offset < length {
            guard a[offset] == b[offset] else { return false }
            offset &+= 1
        }
        return true
    }
}
