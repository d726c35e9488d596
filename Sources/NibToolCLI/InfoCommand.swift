import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive

/// `nibtool info FILE`: versions, table counts and offsets, class histogram, trailer.
struct Info: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Summarise a nib: versions, tables, classes and trailer.",
        discussion: """
            Prints the header versions, each table's entry count and byte range, the trailing bytes (such as the LNE\\0 trailer), nested archives, and how many objects use each class.

            A keyed-archive nib (an NSKeyedArchiver property list) is reported as what it is: its real size, binary or XML form, $archiver and $version, $top keys, $objects count and classes, and the size of the NIBArchive it converts to. A directory nib or .storyboardc gets one line saying what it holds, then one section per nib.

            Example:
              nibtool info Examples/Hello.nib
              nibtool info --format json Examples/Hello.nib | jq .classHistogram
              nibtool info Main.storyboardc
            """)

    @Argument(
        help:
            "The nib: a .nib file (NIBArchive or keyed archive), a directory nib or a .storyboardc ('-' for standard input)."
    )
    var file: String

    @Option(help: "Output format: text or json.")
    var format: ReportFormat = .text

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        guard let bundle = try files.bundle(at: file) else {
            let section = try Self.section(try files.read(file), name: file, files: files)
            switch format {
            case .text: io.write(section.text)
            case .json: io.write(jsonText(section.json))
            }
            return
        }
        // A bundle: what it is, then one section per nib, as `info` of that file prints it.
        var sections: [(text: String, json: [String: Any])] = []
        for nib in bundle.nibs {
            sections.append(try Self.section(nib.bytes, name: "\(file)/\(nib.name)", files: files))
        }
        switch format {
        case .text:
            var out = "\(file): \(bundle.summary)\n"
            let others = bundle.files.map(\.name).filter { name in !bundle.nibs.contains { $0.name == name } }
            if !others.isEmpty {
                out += "other files: \(others.map { DisplayText.escaped($0) }.joined(separator: ", "))\n"
            }
            for section in sections { out += "\n" + section.text }
            io.write(out)
        case .json:
            io.write(
                jsonText([
                    "file": file, "kind": bundle.kind == .storyboard ? "storyboard" : "directory-nib",
                    "files": bundle.files.map(\.name), "nibs": sections.map(\.json),
                ]))
        }
    }

    /// The report on one nib file: a NIBArchive's tables, or a keyed archive's own form.
    static func section(_ bytes: [UInt8], name: String, files: FileAccess) throws -> (text: String, json: [String: Any])
    {
        if NibArchive.isKeyedArchive(bytes) {
            let report = KeyedArchiveReport(bytes)
            if let failure = report.findings.first(where: { $0.id.hasPrefix("plist-") }) {
                throw files.fail(name, "not a readable property list: \(failure.message) at \(failure.location)")
            }
            return (report.text(name: name), report.json(name: name))
        }
        let summary = ArchiveSummary(try files.archive(from: bytes, path: name))
        return (summary.text(name: name), summary.jsonObject(name: name))
    }

    private func jsonText(_ object: [String: Any]) -> String {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return terminalSafeJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}

/// The facts `info` reports about an archive.
struct ArchiveSummary {
    struct Table {
        var name: String
        var count: Int
        var range: Range<Int>?
    }

    var formatVersion: UInt32
    var coderVersion: UInt32
    var fileLength: Int
    var tables: [Table]
    var trailer: [UInt8]
    var nestedArchives: Int
    var histogram: [(name: String, objects: Int)]
    var canonicalLayout: Bool

    init(_ archive: NibArchive) {
        formatVersion = archive.formatVersion
        coderVersion = archive.coderVersion
        let layout = archive.layout
        fileLength = layout?.fileLength ?? archive.serialized().count
        tables = [
            Table(name: "objects", count: archive.objects.count, range: layout?.objectTable),
            Table(name: "keys", count: archive.keys.count, range: layout?.keyTable),
            Table(name: "values", count: archive.values.count, range: layout?.valueTable),
            Table(name: "classes", count: archive.classes.count, range: layout?.classTable),
        ]
        trailer = Array(archive.trailingBytes)
        nestedArchives = archive.values.filter { archive.nestedArchive(in: $0) != nil }.count
        var counts = [Int](repeating: 0, count: archive.classes.count)
        for object in archive.objects { counts[object.classIndex] += 1 }
        histogram = zip(archive.classes, counts).map { ($0.name, $1) }.filter { $0.objects > 0 }
            .sorted { $0.objects != $1.objects ? $0.objects > $1.objects : $0.name < $1.name }
        canonicalLayout = layout?.isCanonical ?? true
    }

    private var trailerDescription: String {
        if trailer.isEmpty { return "none" }
        if trailer == NibArchive.lneTrailer { return "LNE\\0 (4 bytes)" }
        return "\(counted(trailer.count, "byte")): "
            + trailer.prefix(16).map { String(format: "%02x", $0) }.joined(separator: " ")
            + (trailer.count > 16 ? " …" : "")
    }

    func text(name: String) -> String {
        var lines = [
            "file:            \(name == "-" ? "<stdin>" : name) (\(counted(fileLength, "byte")))",
            "form:            NIBArchive",
            "format version:  \(formatVersion)",
            "coder version:   \(coderVersion)",
            "layout:          \(canonicalLayout ? "canonical (tables back to back from offset 50)" : "non-canonical")",
            "tables:",
        ]
        for table in tables {
            let count = String(table.count).leftPadded(to: 7) + (table.count == 1 ? " entry  " : " entries")
            let placement =
                table.range.map {
                    "bytes \($0.lowerBound)..<\($0.upperBound) (offset 0x\(String($0.lowerBound, radix: 16)))"
                }
                ?? "built in memory"
            lines.append(
                "  \(table.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(count)  \(placement)")
        }
        lines.append("trailer:         \(trailerDescription)")
        lines.append("nested archives: \(nestedArchives)")
        lines.append("classes by object count:")
        for entry in histogram {
            lines.append("  \(String(entry.objects).leftPadded(to: 6))  \(entry.name)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func jsonObject(name: String) -> [String: Any] {
        var object: [String: Any] = [
            "file": name, "bytes": fileLength, "form": "nibarchive", "formatVersion": formatVersion,
            "coderVersion": coderVersion,
            "canonicalLayout": canonicalLayout, "nestedArchives": nestedArchives,
            "trailerHex": trailer.map { String(format: "%02x", $0) }.joined(),
        ]
        object["tables"] = tables.map { table -> [String: Any] in
            var entry: [String: Any] = ["name": table.name, "count": table.count]
            if let range = table.range {
                entry["offset"] = range.lowerBound
                entry["size"] = range.count
            }
            return entry
        }
        object["classHistogram"] = histogram.map { ["class": $0.name, "objects": $0.objects] as [String: Any] }
        return object
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
