import Foundation

/// Decodes `Decodable` values from BinaryCodable format v3 bytes.
///
/// ```swift
/// let message = try BinaryDecoder().decode(Message.self, from: data)
/// ```
///
/// Every error it creates is a `DecodingError` whose `debugDescription` names the byte offset of
/// the failing unit; hostile input never traps, and nesting is bounded by ``maximumNestingDepth``.
public struct BinaryDecoder {
    /// Contextual information handed to every nested `Decoder`.
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    /// Nested decoders deeper than this throw `DecodingError.dataCorrupted` (default 512).
    public var maximumNestingDepth: Int = 512

    /// Creates a decoder with default options.
    public init() {}

    /// Decodes a value of type `T` from all of `data` (its unframed form `N(T)`).
    public func decode<T: Decodable>(_ type: T.Type = T.self, from data: Data) throws -> T {
        let input = InputBytes.copy(of: data)
        let root = rootDecoder(input: input, slot: .root(0..<input.count))
        // Pooled decoders hold the options strongly; dropping them ends the cycle, error or not.
        defer { root.options.releaseSpareDecoders() }
        return try root.decodeRoot(T.self)
    }

    /// Decodes a value of type `T` from all of `data` with a default decoder.
    public static func decode<T: Decodable>(_ type: T.Type = T.self, from data: Data) throws -> T {
        try BinaryDecoder().decode(type, from: data)
    }

    func rootDecoder(input: InputBytes, slot: Slot) -> ValueDecoder {
        ValueDecoder(
            input: input,
            options: DecodingOptions(userInfo: userInfo, maximumNestingDepth: maximumNestingDepth),
            slot: slot, depth: 0, parent: nil, component: nil)
    }

    /// Decodes one stream frame's element: `init(from:)` on a decoder whose single-value
    /// container reads no nil byte, since the frame prefix carried it (§2.17).
    func decodeFrame<T: Decodable>(_ type: T.Type, input: InputBytes, slot: Slot) throws -> T {
        let root = rootDecoder(input: input, slot: slot)
        defer { root.options.releaseSpareDecoders() }
        return try T(from: root)
    }
}
