public import Foundation
import NibArchive

/// `NSData` / `NSMutableData`: bytes in `NS.bytes`, possibly a nested archive.
public final class NibData: NibObject {
    /// `NSData`.
    override public class var defaultClassName: String { "NSData" }

    /// Creates an `NSData` holding `bytes`.
    public convenience init(_ bytes: some Sequence<UInt8>) {
        self.init()
        entries = [NibEntry(key: "NS.bytes", value: .payload(.bytes(bytes)))]
    }

    /// The bytes.
    public var bytes: ArraySlice<UInt8> { data(forKey: "NS.bytes") ?? [] }

    /// The bytes as `Data`.
    public var dataValue: Data { Data(bytes) }
}
