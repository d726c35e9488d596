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

/// What a path given to a command names; commands that take one nib say which kinds they
/// accept, and `diff` compares only inputs of one kind.
enum InputKind: String {
    /// A single file: a NIBArchive or a keyed-archive nib (or standard input).
    case nibFile = "nib file"
    /// A folder of nib variants such as `X.nib/runtime.nib` or `X.nib/keyedobjects.nib`.
    case directoryNib = "directory nib"
    /// A compiled storyboard: `Info.plist` and one nib per scene and controller.
    case storyboard = "storyboard bundle (.storyboardc)"
}

/// A directory nib or `.storyboardc` read from disk: its regular files by relative path, in
/// name order (a storyboard's scene nibs may themselves be directory nibs, one level down).
struct NibBundle {
    var path: String
    var kind: InputKind
    var files: [(name: String, bytes: [UInt8])]

    /// The compiled nibs among the files: `.nib` names other than an editable bundle's
    /// `designable.nib` (the Interface Builder source).
    var nibs: [(name: String, bytes: [UInt8])] {
        files.filter { $0.name.hasSuffix(".nib") && !Self.isSource($0.name) }
    }

    /// Whether `name` is the Interface Builder source an editable nib bundle keeps.
    static func isSource(_ name: String) -> Bool {
        name == "designable.nib" || name.hasSuffix("/designable.nib")
    }

    /// `directory nib X.nib (2 nibs: keyedobjects.nib, keyedobjects-101300.nib)` for messages.
    var summary: String {
        let names = nibs.map(\.name)
        let shown = names.prefix(4).joined(separator: ", ") + (names.count > 4 ? ", …" : "")
        return "a \(kind.rawValue) of \(counted(names.count, "nib"))" + (names.isEmpty ? "" : " (\(shown))")
    }
}

extension FileAccess {
    /// The most files read from one bundle (real `.storyboardc`s hold at most a few hundred).
    static let maximumBundleFiles = 10_000

    /// The kind of input `path` names, without reading it: a folder is a storyboard bundle when
    /// it is named `.storyboardc` or holds an `Info.plist` and no nib variant, else a directory nib.
    func kind(of path: String) -> InputKind {
        var isDirectory: ObjCBool = false
        guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return .nibFile }
        if URL(fileURLWithPath: path).pathExtension.lowercased() == "storyboardc" { return .storyboard }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let holdsVariant = names.contains {
            $0 == "runtime.nib" || $0.hasPrefix("keyedobjects") || $0.hasPrefix("objects")
        }
        return names.contains("Info.plist") && !holdsVariant ? .storyboard : .directoryNib
    }

    /// The bundle at `path`, or `nil` when `path` is a file (or standard input). A folder that is
    /// neither a directory nib nor a storyboard bundle is refused with a message saying what
    /// each holds; symbolic links inside are refused rather than followed.
    func bundle(at path: String) throws -> NibBundle? {
        let kind = kind(of: path)
        guard kind != .nibFile else { return nil }
        let base = URL(fileURLWithPath: path).standardizedFileURL
        var names: [String] = []
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else {
            throw fail(path, "cannot read the folder")
        }
        for case let relative as String in enumerator {
            var status = stat()
            let full = base.appendingPathComponent(relative).path
            guard lstat(full, &status) == 0 else {
                throw fail(full, "cannot read the file: \(String(cString: strerror(errno)))")
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG: names.append(relative)
            case S_IFLNK:
                throw fail(
                    full, "is a symbolic link inside a \(kind.rawValue); links inside a nib bundle are not followed")
            default: break
            }
            guard names.count <= Self.maximumBundleFiles else {
                throw fail(path, "holds more than \(Self.maximumBundleFiles) files; no nib bundle is that large")
            }
        }
        var files: [(name: String, bytes: [UInt8])] = []
        for name in names.sorted() {
            files.append((name, try read(base.appendingPathComponent(name).path)))
        }
        let bundle = NibBundle(path: path, kind: kind, files: files)
        guard !bundle.nibs.isEmpty else {
            throw fail(
                path,
                "is a folder but neither a directory nib (X.nib/ holding runtime.nib or keyedobjects.nib) nor a "
                    + ".storyboardc (Info.plist and nibs): it holds no compiled nib; 'nibtool scan' finds the nibs in a folder"
            )
        }
        return bundle
    }
}
