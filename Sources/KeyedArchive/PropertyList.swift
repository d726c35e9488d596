public import NibArchive

/// A property list value: what `NSKeyedArchiver` writes, in the shape NibKit needs to keep it.
///
/// Dictionaries keep their entries in file order (a property list dictionary has no order, but
/// keeping it lets a NibKit-written keyed archive read back value for value). Reals keep their
/// width and bit pattern; integers that only fit an unsigned 64-bit value (the 16-byte form of
/// binary property lists) are ``unsignedInteger(_:)``.
///
/// ```swift
/// let plist = try PropertyList(parsing: bytes)          // binary or XML, found by content
/// let xml = try plist.serialized(as: .xml)
/// ```
public enum PropertyList: Sendable, CustomStringConvertible {
    /// A dictionary; entries in file order. Keys are strings (binary property lists may hold
    /// other keys, which NibKit rejects).
    case dictionary([Entry])
    /// An array.
    case array([PropertyList])
    /// Text (ASCII or UTF-16 in binary files).
    case string(String)
    /// Bytes.
    case data([UInt8])
    /// A signed integer of up to 64 bits.
    case integer(Int64)
    /// An integer above `Int64.max`, stored in the 16-byte form.
    case unsignedInteger(UInt64)
    /// An 8-byte real.
    case real(Double)
    /// A 4-byte real (binary property lists only; XML has one real type).
    case real32(Float)
    /// A boolean.
    case bool(Bool)
    /// The binary null object (`00`). XML has no form for it.
    case null
    /// An `NSKeyedArchiver` object reference: an index into `$objects`. XML writes it as
    /// `<dict><key>CF$UID</key><integer>…</integer></dict>`.
    case uid(UInt64)
    /// A date, as seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)

    /// A dictionary entry.
    public struct Entry: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: PropertyList

        /// Creates an entry.
        public init(_ key: String, _ value: PropertyList) {
            self.key = key
            self.value = value
        }
    }

    /// The two encodings NibKit reads and writes.
    public enum Format: String, Sendable, CaseIterable {
        /// `bplist00`, as `NSKeyedArchiver` writes nibs.
        case binary
        /// The XML property list format (`<?xml … <plist version="1.0">`).
        case xml
    }

    /// The value for `key` in a dictionary (the first, should a file repeat a key); `nil` for
    /// other values.
    public subscript(key: String) -> PropertyList? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// A short description such as `dictionary (3 entries)` or `uid 7`.
    public var description: String {
        switch self {
        case .dictionary(let entries): "dictionary (\(plural(entries.count, "entry", "entries")))"
        case .array(let elements): "array (\(plural(elements.count, "element", "elements")))"
        case .string(let text): "string \"\(text)\""
        case .data(let bytes): "data \(plural(bytes.count, "byte", "bytes"))"
        case .integer(let value): "integer \(value)"
        case .unsignedInteger(let value): "integer \(value)"
        case .real(let value): "real \(value)"
        case .real32(let value): "real32 \(value)"
        case .bool(let value): "\(value)"
        case .null: "null"
        case .uid(let value): "uid \(value)"
        case .date(let value): "date \(value)"
        }
    }

    /// The kind of value, for messages: `dictionary`, `uid`, ….
    var kindName: String {
        switch self {
        case .dictionary: "dictionary"
        case .array: "array"
        case .string: "string"
        case .data: "data"
        case .integer, .unsignedInteger: "integer"
        case .real, .real32: "real"
        case .bool: "boolean"
        case .null: "null"
        case .uid: "uid"
        case .date: "date"
        }
    }
}

extension PropertyList: Equatable {
    /// Equal when of the same case with the same contents; reals and dates compare bit patterns
    /// (so NaN equals the same NaN), dictionaries compare entries in order.
    public static func == (lhs: PropertyList, rhs: PropertyList) -> Bool {
        switch (lhs, rhs) {
        case (.dictionary(let a), .dictionary(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.data(let a), .data(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
        case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
        case (.real32(let a), .real32(let b)): a.bitPattern == b.bitPattern
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.uid(let a), .uid(let b)): a == b
        case (.date(let a), .date(let b)): a.bitPattern == b.bitPattern
        default: false
        }
    }
}

extension PropertyList {
    /// Bounds on what a reader accepts, so hostile input cannot exhaust the stack, time or memory.
    ///
    /// Every limit is checked before the work it bounds: a file that exceeds one is rejected
    /// with ``KeyedArchiveError/Code/limitExceeded`` at the offset of the offending object.
    public struct Limits: Sendable, Hashable {
        /// How deeply arrays and dictionaries may nest. Keyed archives nest two or three levels
        /// (objects refer to each other through UIDs, not nesting); the default is 256.
        public var maximumDepth: Int
        /// How many values the parsed tree may hold once shared binary objects are counted at
        /// every place they are used. Bounds the work of walking a binary file whose objects
        /// refer to one another many times over (a few hundred bytes can describe 2⁶⁴ values).
        /// The default is 1 048 576 (the largest keyed nib in NibKit's corpus holds about 30 000).
        public var maximumValueCount: Int
        /// How far shared binary objects may expand, in proportion to the file's size: the
        /// values the tree stands for, each string or data counting one more per 8 bytes,
        /// may not pass `ExpansionLimit.entries(forInputSize:)` (NibArchive). A shared string or data
        /// value is written out at every place it is used when the archive becomes a
        /// NIBArchive, so this bounds that output (a 166 KB file can otherwise refer to one
        /// string 100 000 times). The default is `ExpansionLimit.standard`.
        public var expansion: ExpansionLimit

        /// Creates limits; the defaults suit any real nib.
        public init(
            maximumDepth: Int = 256, maximumValueCount: Int = 1 << 20, expansion: ExpansionLimit = .standard
        ) {
            self.maximumDepth = maximumDepth
            self.maximumValueCount = maximumValueCount
            self.expansion = expansion
        }
    }

    /// The first bytes of a binary property list.
    public static let binaryMagic: [UInt8] = Array("bplist00".utf8)

    /// Whether `bytes` look like a property list NibKit reads: `bplist00`, or XML (`<?xml`,
    /// `<plist` or `<!DOCTYPE`, after an optional byte-order mark and white space).
    public static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
        if bytes.starts(with: binaryMagic) { return true }
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<plist".utf8))
            || rest.starts(with: Array("<!DOCTYPE".utf8))
    }

    /// Parses a binary or XML property list, chosen by the first bytes.
    ///
    /// - Throws: ``KeyedArchiveError`` naming the problem and the byte offset where it starts.
    public init(parsing bytes: some Collection<UInt8>, limits: Limits = Limits()) throws(KeyedArchiveError) {
        let array = Array(bytes)
        if array.starts(with: PropertyList.binaryMagic) {
            var reader = BinaryPropertyListReader(bytes: array, limits: limits)
            self = try reader.read()
        } else {
            var reader = XMLPropertyListReader(bytes: array, limits: limits)
            self = try reader.read()
        }
    }

    /// The property list in `format`.
    ///
    /// - Throws: ``KeyedArchiveError`` with code ``KeyedArchiveError/Code/unrepresentable``
    ///   when a value has no form in `format` (``null`` in XML, text that XML 1.0 cannot hold).
    public func serialized(as format: Format) throws(KeyedArchiveError) -> [UInt8] {
        switch format {
        case .binary: try BinaryPropertyListWriter.write(self)
        case .xml: try XMLPropertyListWriter.write(self)
        }
    }

    /// ``serialized(as:)`` handed to `sink` in pieces as they are complete (XML in pieces of
    /// about 64 KB, never held whole; binary in one piece), for writing a large archive to a
    /// file or stream.
    package func write(as format: Format, to sink: @escaping ([UInt8]) -> Void) throws(KeyedArchiveError) {
        switch format {
        case .binary: sink(try BinaryPropertyListWriter.write(self))
        case .xml: try XMLPropertyListWriter.write(self, to: sink)
        }
    }
}
