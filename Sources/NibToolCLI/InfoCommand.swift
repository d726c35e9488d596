import ArgumentParser
import Foundation
import NibArchive

/// `nibtool info FILE`: versions, table counts and offsets, class histogram, trailer.
struct Info: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Summarise a nib: versions, tables, classes and trailer.",
        discussion: """
            Prints the header versions, each table's entry count and byte range, the trailing bytes (such as the LNE\\0 trailer), nested archives, and how many objects use each class.

            Example:
              nibtool info Examples/Hello.nib
              nibtool info --format json Examples/Hello.nib | jq .classHistogram
            """)

    @Argument(help: "The .nib file ('-' for standard input).")
    var file: String

    @Option(help: "Output format: text or json.")
    var format: ReportFormat = .text

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        let archive = try files.archive(at: file)
        let summary = ArchiveSummary(archive)
        switch format {
        case .text: io.write(summary.text(name: file))
        case .json: io.write(summary.json(name: file))
        }
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
            "file:            \(name == "-" ? "<stdin>" : name) (\(fileLength) bytes)",
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

    func json(name: String) -> String {
        var object: [String: Any] = [
            "file": name, "bytes": fileLength, "formatVersion": formatVersion, "coderVersion": coderVersion,
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
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
