/// An error found while reading a NIBArchive: what is wrong, where, and in which table entry.
///
/// The ``code`` matches the validator's finding IDs (``Finding/ID``), so an error thrown by
/// ``NibArchive/init(parsing:)-([UInt8])`` and a finding reported by ``NibArchive/validate(_:level:maximumNestingDepth:maximumFindings:)``
/// name the same problem the same way.
///
/// ```swift
/// do { _ = try NibArchive(parsing: bytes) }
/// catch { print(error) }  // truncated varint (varint-eof) at offset 0x2A (42) in key 3
/// ```
public struct NibArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as the validator's stable identifier (for example `varint-eof`).
    public var code: Finding.ID
    /// The absolute byte offset where the offending item starts; `nil` for problems in an
    /// archive built in code, which has no bytes yet.
    public var offset: Int?
    /// The table entry the problem concerns, when there is one.
    public var entry: TableEntry?
    /// A short explanation, without the offset and entry (those are in ``description``).
    public var message: String

    /// Creates an error.
    public init(code: Finding.ID, offset: Int?, entry: TableEntry? = nil, message: String) {
        self.code = code
        self.offset = offset
        self.entry = entry
        self.message = message
    }

    /// A sentence a user can act on, for example
    /// `truncated varint (varint-eof) at offset 0x2A (42) in key 3`.
    public var description: String {
        var text = "\(message) (\(code))"
        if let offset { text += " at offset \(formatOffset(offset))" }
        if let entry { text += " in \(entry)" }
        return text
    }
}

/// An entry in one of the archive's tables, used to say where a problem is.
public struct TableEntry: Hashable, Sendable, CustomStringConvertible {
    /// The four tables of a NIBArchive, plus the fixed header.
    public enum Table: String, Hashable, Sendable, CaseIterable {
        case header, object, key, value, `class`
    }

    /// The table.
    public var table: Table
    /// The entry's index within the table (0 for the header).
    public var index: Int

    /// Creates a reference to entry `index` of `table`.
    public init(_ table: Table, _ index: Int) {
        self.table = table
        self.index = index
    }

    /// For example `value 12` or `header`.
    public var description: String {
        table == .header ? "header" : "\(table.rawValue) \(index)"
    }
}

/// Formats an offset the way every NibKit message does: hex, then decimal.
func formatOffset(_ offset: Int) -> String {
    let hex = String(UInt(bitPattern: offset), radix: 16, uppercase: true)
    return "0x\(hex) (\(offset))"
}
