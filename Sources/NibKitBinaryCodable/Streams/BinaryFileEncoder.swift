import Foundation

/// Appends elements as stream frames to a file (§2.17).
///
/// ```swift
/// let file = try BinaryFileEncoder<Reading>(fileAt: url)
/// try file.write(contentsOf: readings)
/// try file.close()
/// ```
public final class BinaryFileEncoder<Element: Encodable> {
    private let handle: FileHandle
    private let stream: BinaryStreamEncoder<Element>
    private var isClosed = false

    /// Opens `url` for appending, creating the file if it does not exist.
    public init(fileAt url: URL, encoder: BinaryEncoder = .init()) throws {
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
        handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        stream = BinaryStreamEncoder(encoder: encoder)
    }

    deinit {
        if !isClosed { try? handle.close() }
    }

    /// Writes one frame.
    public func write(_ element: Element) throws {
        try handle.write(contentsOf: try stream.encode(element))
    }

    /// Writes one frame per element, in order.
    public func write<S: Sequence>(contentsOf sequence: S) throws where S.Element == Element {
        for element in sequence { try write(element) }
    }

    /// Closes the file; later writes fail.
    public func close() throws {
        guard !isClosed else { return }
        isClosed = true
        try handle.close()
    }
}
