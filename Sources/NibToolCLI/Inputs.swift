import Foundation
import KeyedArchive
import NibArchive
import NibCoding

extension FileAccess {
    /// Reads the nib at `path` as a NIBArchive, reporting a parse error as one line with the
    /// file name, offset and finding ID. Keyed-archive nibs (`bplist00` or XML property lists,
    /// recognised by content) are converted in memory.
    func archive(at path: String, expansionLimit: ExpansionLimit = .standard) throws -> NibArchive {
        try archive(from: try read(path), path: path, expansionLimit: expansionLimit)
    }

    /// The nib at `path` for loading: a directory nib or `.storyboardc` from its folder, else the
    /// file's bytes (a NIBArchive or a keyed archive; a keyed archive's parse error is reported
    /// like any other).
    func nib(at path: String, expansionLimit: ExpansionLimit = .standard) throws -> Nib {
        var isDirectory: ObjCBool = false
        if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return try Nib(contentsOf: URL(fileURLWithPath: path))
        }
        let bytes = try read(path)
        let url = path == "-" ? nil : URL(fileURLWithPath: path)
        if NibArchive.isKeyedArchive(bytes) {
            return Nib(archive: try archive(from: bytes, path: path, expansionLimit: expansionLimit), url: url)
        }
        return try Nib(bytes: bytes, url: url)
    }

    /// Parses `bytes` read from `path`: a NIBArchive, or a keyed archive converted to one.
    func archive(from bytes: [UInt8], path: String, expansionLimit: ExpansionLimit = .standard) throws
        -> NibArchive
    {
        do {
            if NibArchive.isKeyedArchive(bytes) {
                return try NibArchive(
                    keyedArchiveBytes: bytes, limits: PropertyList.Limits(expansion: expansionLimit))
            }
            return try NibArchive(parsing: bytes)
        } catch {
            throw fail(path, "\(error)")
        }
    }
}

/// The NIBArchive bytes of a file that may be a keyed-archive nib (converted when it is and
/// the conversion works; otherwise the bytes as they are).
func nibArchiveBytes(_ bytes: [UInt8]) -> [UInt8] {
    guard NibArchive.isKeyedArchive(bytes), let archive = try? NibArchive(keyedArchiveBytes: bytes) else {
        return bytes
    }
    return archive.serialized()
}
