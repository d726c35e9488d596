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
        /// Whether a limit (inflation or expansion) stopped reading this nib.
        var limitExceeded = false

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
    /// How many strings and objects one nib's summary may read (shared references are read at
    /// every use), in proportion to the nib's size.
    var expansionLimit = ExpansionLimit.standard

    /// The candidate files under the folder at `url`, with paths relative to it.
    /// `prefix` is put before each relative path (a directory nib scanned by its own name keeps
    /// it, so its files group as one nib).
    static func folderCandidates(_ url: URL, prefix namePrefix: String = "") throws -> [Candidate] {
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
                    path: namePrefix + relative,
                    read: { [UInt8](try Data(contentsOf: file, options: .mappedIfSafe)) },
                    head: {
                        let handle = try FileHandle(forReadingFrom: file)
                        defer { try? handle.close() }
                        return [UInt8](try handle.read(upToCount: 16) ?? Data())
                    }))
        }
        return candidates.sorted { $0.path < $1.path }
    }

    /// How much a zip's entries may inflate: a byte budget for the whole scan and a ratio per
    /// entry, so a small crafted `.ipa` (2.9 MB inflating to 3 GB) cannot exhaust memory.
    struct InflateLimits {
        /// The most bytes inflated from one zip, all entries together.
        var maximumBytes = 1 << 30
        /// The most bytes an entry may inflate to per compressed byte (deflate reaches about
        /// 1 000; nibs compress 3 to 10 times). Entries that inflate to under ``ratioFloor``
        /// bytes are exempt.
        var maximumRatio = 32
        /// Entries smaller than this are never refused for their ratio.
        static let ratioFloor = 1 << 20
    }

    /// A zip entry that inflated past a limit.
    struct InflateLimitError: Error, CustomStringConvertible {
        var description: String
    }

    /// The candidate files in the zip at `url`: entries named `.nib` or inside a `.nib` or
    /// `.storyboardc` folder (reading every entry of an app archive would be slow).
    ///
    /// The central directory must list as many entries as its end record says, else the zip is
    /// corrupt and this throws (rather than scanning nothing). Entries are inflated within
    /// `limits`; an entry past a limit is reported by its read throwing ``InflateLimitError``.
    static func zipCandidates(_ url: URL, limits: InflateLimits = InflateLimits()) throws -> [Candidate] {
        let archive = try Archive(url: url, accessMode: .read)
        let declared = try declaredEntryCount(url)
        var listed = 0
        var candidates: [Candidate] = []
        let inflated = InflatedBytes(remaining: limits.maximumBytes)
        for entry in archive {
            listed += 1
            guard entry.type == .file else { continue }
            let path = entry.path
            guard path.hasSuffix(".nib") || container(of: path) != nil else { continue }
            let read: () throws -> [UInt8] = {
                try inflate(entry, of: archive, upTo: nil, limits: limits, total: inflated)
            }
            let head: () throws -> [UInt8] = {
                try inflate(entry, of: archive, upTo: 16, limits: limits, total: inflated)
            }
            candidates.append(Candidate(path: path, read: read, head: head))
        }
        if let declared, declared != listed {
            throw InflateLimitError(
                description:
                    "the zip's central directory is corrupt: its end record lists \(declared) entries, but only \(listed) could be read"
            )
        }
        return candidates.sorted { $0.path < $1.path }
    }

    /// The bytes a scan may still inflate from one zip (shared by its entries' closures).
    final class InflatedBytes {
        var remaining: Int
        init(remaining: Int) { self.remaining = remaining }
    }

    private struct EnoughBytes: Error {}

    /// Inflates `entry` (or its first `prefix` bytes), within `limits` and the zip's budget.
    private static func inflate(
        _ entry: ZIPFoundation.Entry, of archive: Archive, upTo prefix: Int?, limits: InflateLimits,
        total: InflatedBytes
    ) throws -> [UInt8] {
        let compressed = Int(clamping: entry.compressedSize)
        let (product, overflow) = compressed.multipliedReportingOverflow(by: limits.maximumRatio)
        let ratioLimit = max(overflow ? Int.max : product, InflateLimits.ratioFloor)
        var bytes: [UInt8] = []
        do {
            _ = try archive.extract(entry, skipCRC32: true) { chunk in
                bytes.append(contentsOf: chunk)
                if let prefix, bytes.count >= prefix { throw EnoughBytes() }
                guard bytes.count <= ratioLimit else {
                    throw InflateLimitError(
                        description:
                            "the zip entry inflates to more than \(limits.maximumRatio) times its compressed size of \(compressed) bytes; raise the limit with --max-compression-ratio"
                    )
                }
                total.remaining -= chunk.count
                guard total.remaining >= 0 else {
                    throw InflateLimitError(
                        description:
                            "the zip's entries inflate to more than \(limits.maximumBytes) bytes; raise the limit with --max-inflated-bytes"
                    )
                }
            }
        } catch is EnoughBytes {
            return Array(bytes.prefix(prefix ?? bytes.count))
        }
        return bytes
    }

    /// The entry count the end of central directory record of the zip at `url` declares (the
    /// ZIP64 record's when the classic one says 0xFFFF); `nil` when it cannot be found.
    static func declaredEntryCount(_ url: URL) throws -> Int? {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        // The record is 22 bytes plus a comment of at most 65 535 bytes, at the end.
        let tailStart = max(0, size - (22 + 65_535 + 20))
        try handle.seek(toOffset: UInt64(tailStart))
        let tail = [UInt8](try handle.readToEnd() ?? Data())
        func u16(_ at: Int) -> Int { Int(tail[at]) | Int(tail[at + 1]) << 8 }
        var position = tail.count - 22
        while position >= 0 {
            if tail[position] == 0x50, tail[position + 1] == 0x4B, tail[position + 2] == 5, tail[position + 3] == 6 {
                break
            }
            position -= 1
        }
        guard position >= 0 else { return nil }
        let count = u16(position + 10)
        guard count == 0xFFFF else { return count }
        // ZIP64: the locator (20 bytes) just before the record gives the ZIP64 record's offset.
        let locator = position - 20
        guard locator >= 0, tail[locator] == 0x50, tail[locator + 1] == 0x4B, tail[locator + 2] == 6,
            tail[locator + 3] == 7
        else { return nil }
        var offset: UInt64 = 0
        for index in 0..<8 { offset |= UInt64(tail[locator + 8 + index]) << (8 * UInt64(index)) }
        guard offset < UInt64(size) else { return nil }
        try handle.seek(toOffset: offset)
        let record = [UInt8](try handle.read(upToCount: 56) ?? Data())
        guard record.count == 56, record.starts(with: [0x50, 0x4B, 6, 6]) else { return nil }
        var total: UInt64 = 0
        for index in 0..<8 { total |= UInt64(record[32 + index]) << (8 * UInt64(index)) }
        return Int(clamping: total)
    }

    /// Whether `error` is a limit of the scan rather than a malformed file.
    static func isLimit(_ error: any Error) -> Bool {
        if error is ExpansionLimitError || error is InflateLimitError { return true }
        if let keyed = error as? KeyedArchiveError { return keyed.code == .limitExceeded }
        return false
    }

    /// What a single file given to `scan` is, when it is neither a zip nor a nib (a NIBArchive, or
    /// a property list that may be a keyed archive), for the error that names it; `nil` for a
    /// file that may be a nib.
    static func nonNibKind(_ head: [UInt8], name: String) -> String? {
        if NibArchive.hasMagic(head) || head.starts(with: Array("bplist".utf8))
            || head.starts(with: Array("<?xml".utf8))
            || head.starts(with: Array("<plist".utf8))
        {
            return nil
        }
        let kinds: [([UInt8], String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"),
            (Array("GIF8".utf8), "a GIF image"), (Array("%PDF".utf8), "a PDF document"),
            ([0x1F, 0x8B], "a gzip file"), ([0xCF, 0xFA, 0xED, 0xFE], "a Mach-O binary"),
            ([0xCA, 0xFE, 0xBA, 0xBE], "a universal (fat) binary"), ([0x7F, 0x45, 0x4C, 0x46], "an ELF binary"),
            (Array("PK\u{05}\u{06}".utf8), "an empty zip archive"),
        ]
        var what = "not a nib, a zip (.ipa) or a folder"
        if head.isEmpty {
            what = "an empty file"
        } else if let kind = kinds.first(where: { head.starts(with: $0.0) }) {
            what = kind.1
        }
        let lower = name.lowercased()
        if lower.hasSuffix(".ipa") || lower.hasSuffix(".zip") {
            return
                "is named like a zip archive but is \(what == "not a nib, a zip (.ipa) or a folder" ? "not one" : what)"
        }
        if head.isEmpty { return "is an empty file, not a nib" }
        return what.hasPrefix("not ") ? "is \(what)" : "is \(what), not a nib, a zip (.ipa) or a folder"
    }

    /// A readable message for ZIPFoundation's error about a zip it cannot open.
    static func describe(_ error: Archive.ArchiveError) -> String {
        switch error {
        case .missingEndOfCentralDirectoryRecord:
            return
                "is not a complete zip archive: its end of central directory record is missing (truncated or damaged)"
        case .invalidCentralDirectoryOffset, .invalidCentralDirectorySize, .invalidCentralDirectoryEntryCount:
            return "is a damaged zip archive: its central directory is out of the file's bounds (truncated?)"
        case .invalidLocalHeaderDataOffset, .invalidLocalHeaderSize, .invalidEntrySize:
            return "is a damaged zip archive: an entry's header is out of the file's bounds (truncated?)"
        case .invalidCompressionMethod:
            return "is a zip archive with an entry in a compression method other than stored or deflate"
        case .unreadableArchive:
            return "cannot be read as a zip archive"
        default:
            return "is a damaged zip archive (\(error))"
        }
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
            var limitExceeded = false
            if isArchive {
                do {
                    let bytes = try candidate.read()
                    var budget = ExpansionBudget(
                        expansionLimit, inputSize: bytes.count, what: "strings and objects read")
                    try contents.add(try NibArchive(parsing: bytes), budget: &budget)
                } catch {
                    note = "\(candidate.path): \(error)"
                    limitExceeded = Self.isLimit(error)
                    warn(note ?? "")
                }
            } else {
                do {
                    let bytes = try candidate.read()
                    let archive = try NibArchive(
                        keyedArchiveBytes: bytes, limits: PropertyList.Limits(expansion: expansionLimit))
                    var budget = ExpansionBudget(
                        expansionLimit, inputSize: bytes.count, what: "strings and objects read")
                    try contents.add(archive, budget: &budget)
                } catch {
                    note = "\(candidate.path): keyed archive: \(error)"
                    limitExceeded = Self.isLimit(error)
                    warn(note ?? "")
                }
            }
            if let (path, kind) = container {
                if let index = groupIndex[path] {
                    entries[index].files += 1
                    entries[index].contents.merge(contents)
                    if entries[index].note == nil { entries[index].note = note }
                    entries[index].limitExceeded = entries[index].limitExceeded || limitExceeded
                } else {
                    groupIndex[path] = entries.count
                    entries.append(
                        Entry(
                            path: path, kind: kind, files: 1, contents: contents, note: note,
                            limitExceeded: limitExceeded))
                }
            } else {
                entries.append(
                    Entry(
                        path: candidate.path, kind: isArchive ? .nib : .keyedArchive, files: 1, contents: contents,
                        note: note, limitExceeded: limitExceeded))
            }
        }
        return entries
    }
}
