import Foundation
import KeyedArchive
import NibArchive
import ZIPFoundation

/// Finds the nibs in a folder, an `.app` bundle or an `.ipa` (zip) and summarises each one.
///
/// A `.nib` file, a directory nib (`X.nib/` with `runtime.nib` and its variants) and a
/// `.storyboardc` bundle are each one nib; files inside a directory nib or storyboard are
/// summarised together. NIBArchive files are found by their magic, whatever their name; keyed
/// archive nibs (`bplist00` or XML plists named `.nib`) are converted to NIBArchives and
/// summarised the same way.
struct NibScanner {
    /// One file the scanner may look at.
    struct Candidate {
        var path: String
        var read: () throws -> [UInt8]
        /// The first bytes only (cheap for folders; the whole entry for zips).
        var head: () throws -> [UInt8]
    }

    /// The summary of one nib.
    struct Entry: Encodable {
        var path: String
        var kind: Kind
        var files: Int
        var contents: NibContents
        var note: String?

        enum Kind: String, Encodable {
            case nib
            case directoryNib = "directory-nib"
            case storyboard
            case keyedArchive = "keyed-archive"
        }

        enum CodingKeys: String, CodingKey { case path, kind, files, note, classes, outlets, actions, strings }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(kind, forKey: .kind)
            try container.encode(files, forKey: .files)
            try container.encodeIfPresent(note, forKey: .note)
            try container.encode(contents.classes, forKey: .classes)
            try container.encode(contents.outlets, forKey: .outlets)
            try container.encode(contents.actions, forKey: .actions)
            try container.encode(contents.strings, forKey: .strings)
        }
    }

    /// Called after each candidate with (done, total).
    var progress: (Int, Int) -> Void = { _, _ in }

    /// The candidate files under the folder at `url`, with paths relative to it.
    static func folderCandidates(_ url: URL) throws -> [Candidate] {
        let base = url.standardizedFileURL
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: keys) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
        var candidates: [Candidate] = []
        for case let file as URL in enumerator {
            guard (try? file.resourceValues(forKeys: Set(keys)).isRegularFile) == true else { continue }
            let full = file.standardizedFileURL.path
            let relative = full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
            candidates.append(
                Candidate(
                    path: relative,
                    read: { [UInt8](try Data(contentsOf: file, options: .mappedIfSafe)) },
                    head: {
                        let handle = try FileHandle(forReadingFrom: file)
                        defer { try? handle.close() }
                        return [UInt8](try handle.read(upToCount: 16) ?? Data())
                    }))
        }
        return candidates.sorted { $0.path < $1.path }
    }

    /// The candidate files in the zip at `url`: entries named `.nib` or inside a `.nib` or
    /// `.storyboardc` folder (reading every entry of an app archive would be slow).
    static func zipCandidates(_ url: URL) throws -> [Candidate] {
        let archive = try Archive(url: url, accessMode: .read)
        var candidates: [Candidate] = []
        for entry in archive where entry.type == .file {
            let path = entry.path
            guard path.hasSuffix(".nib") || container(of: path) != nil else { continue }
            let read: () throws -> [UInt8] = {
                var bytes: [UInt8] = []
                bytes.reserveCapacity(min(Int(clamping: entry.uncompressedSize), 1 << 26))
                _ = try archive.extract(entry, skipCRC32: true) { bytes.append(contentsOf: $0) }
                return bytes
            }
            candidates.append(Candidate(path: path, read: read, head: read))
        }
        return candidates.sorted { $0.path < $1.path }
    }

    /// Whether `bytes` start a zip file (`PK\3\4`).
    static func isZip(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// The `.storyboardc` or directory-nib folder that holds `path`, if any, and its kind.
    static func container(of path: String) -> (path: String, kind: Entry.Kind)? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count > 1 else { return nil }
        let folders = components.dropLast()
        if let index = folders.firstIndex(where: { $0.hasSuffix(".storyboardc") }) {
            return (components[...index].joined(separator: "/"), .storyboard)
        }
        if let index = folders.lastIndex(where: { $0.hasSuffix(".nib") }) {
            return (components[...index].joined(separator: "/"), .directoryNib)
        }
        return nil
    }

    /// Summarises every nib among `candidates`, in path order.
    func scan(_ candidates: [Candidate], warn: (String) -> Void) -> [Entry] {
        var entries: [Entry] = []
        var groupIndex: [String: Int] = [:]
        for (done, candidate) in candidates.enumerated() {
            defer { progress(done + 1, candidates.count) }
            let container = Self.container(of: candidate.path)
            let namedNib = candidate.path.hasSuffix(".nib")
            guard let head = try? candidate.head() else {
                warn("\(candidate.path): cannot read the file")
                continue
            }
            let isArchive = NibArchive.hasMagic(head)
            let isKeyed =
                (namedNib || container != nil) && !candidate.path.hasSuffix("Info.plist")
                && (head.starts(with: Array("bplist00".utf8)) || head.starts(with: Array("<?xml".utf8)))
            guard isArchive || isKeyed else { continue }
            var contents = NibContents()
            var note: String?
            if isArchive {
                do {
                    contents.add(try NibArchive(parsing: try candidate.read()))
                } catch {
                    note = "\(candidate.path): \(error)"
                    warn(note ?? "")
                }
            } else {
                do {
                    contents.add(try NibArchive(keyedArchiveBytes: try candidate.read()))
                } catch {
                    note = "\(candidate.path): keyed archive: \(error)"
                    warn(note ?? "")
                }
            }
            if let (path, kind) = container {
                if let index = groupIndex[path] {
                    entries[index].files += 1
                    entries[index].contents.merge(contents)
                    if entries[index].note == nil { entries[index].note = note }
                } else {
                    groupIndex[path] = entries.count
                    entries.append(Entry(path: path, kind: kind, files: 1, contents: contents, note: note))
                }
            } else {
                entries.append(
                    Entry(
                        path: candidate.path, kind: isArchive ? .nib : .keyedArchive, files: 1, contents: contents,
                        note: note))
            }
        }
        return entries
    }
}
