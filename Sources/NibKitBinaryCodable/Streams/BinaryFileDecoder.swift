import Foundation

/// Reads stream frames (§2.17) from a file without loading it whole.
///
/// ```swift
/// let file = try BinaryFileDecoder<Reading>(fileAt: url)
/// try file.read { reading in handle(reading) }
/// ```
///
/// A partial frame at the end of the file is an error (`dataCorrupted`), not a short element.
public final class BinaryFileDecoder<Element: Decodable> {
    private let handle: FileHandle
    private let decoder: BinaryDecoder
    private var buffer = FrameBuffer()
    private var reachedEndOfFile = false
    private var isClosed = false

    private static var chunkSize: Int { 64 * 1024 }

    /// Opens `url` for reading from the start.
    public init(fileAt url: URL, decoder: BinaryDecoder = .init()) throws {
        handle = try FileHandle(forReadingFrom: url)
        self.decoder = decoder
    }

    deinit {
        if !isClosed { try? handle.close() }
    }

    /// The next element, or `nil` at a clean end of file.
    public func readElement() throws -> Element? {
        while true {
            if let element = try decoder.decodeNextFrame(Element.self, from: &buffer) { return element }
            if reachedEndOfFile {
                guard buffer.unconsumedCount > 0 else { return nil }
                let error = WireError(
                    .prematureEnd, at: buffer.offset, "the file ends inside a frame (\(buffer.unconsumedCount) bytes)")
                buffer.consumeAll()
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: error.description, underlyingError: error))
            }
            let chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
            if chunk.isEmpty {
                reachedEndOfFile = true
            } else {
                buffer.append(chunk)
            }
        }
    }

    /// Calls `elementHandler` for each element until the end of the file.
    public func read(_ elementHandler: (Element) throws -> Void) throws {
        while let element = try readElement() { try elementHandler(element) }
    }

    /// All remaining elements; throws on the first error.
    public func readAll() throws -> [Element] {
        var elements: [Element] = []
        try read { elements.append($0) }
        return elements
    }

    /// The remaining elements up to the first error or the end of the file.
    public func readAllUntilError() -> [Element] {
        var elements: [Element] = []
        while let element = try? readElement() { elements.append(element) }
        return elements
    }

    /// Closes the file.
    public func close() throws {
        guard !isClosed else { return }
        isClosed = true
        try handle.close()
    }
}
