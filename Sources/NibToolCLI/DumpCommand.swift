import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive

/// `nibtool dump [--format text|nibdump|json] FILE`.
struct Dump: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every object of a nib with its keys and typed values.",
        discussion: """
            Formats:
              text     (default) for people: each object with its class, then its keys
                       and values; references show the target's index and class;
                       strings are quoted; nested nibs are marked.
              nibdump  the canonical 'nibdump 1' text, byte for byte what other correct
                       implementations print (compare dumps with cmp or diff).
              json     NibKit's lossless JSON; 'nibtool convert' turns it back into the
                       same bytes.

            Objects may share one run of values; text and nibdump print each object's values, so a file that shares a lot can describe far more lines than it has bytes. The dump stops with an expansion-limit error past 2 lines (and 8 bytes of data each) per input byte plus 65536; --max-expansion N raises the factor. JSON holds the tables as they are and has no limit. Text from the nib is escaped in the text format.

            A keyed-archive nib is dumped as its conversion to a NIBArchive, and the dump says so first (with --format nibdump or json, a note on standard error says so). A directory nib or .storyboardc is dumped nib by nib in the text format, each after a '== name ==' line; nibdump and json describe one nib, so they are refused for a bundle.

            Example:
              nibtool dump Examples/Hello.nib
              nibtool dump --format nibdump Examples/Hello.nib > hello.nibdump
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, nibdump, json
    }

    @Option(help: "Output format: text, nibdump or json.")
    var format: Format = .text

    @Argument(
        help:
            "The nib: a .nib file (NIBArchive or keyed archive), a directory nib or a .storyboardc ('-' for standard input)."
    )
    var file: String

    @OptionGroup var expansion: ExpansionOption

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        guard let bundle = try files.bundle(at: file) else {
            io.write(try dump(try files.read(file), name: file, files: files))
            return
        }
        guard format == .text else {
            // nibdump and JSON each describe exactly one archive.
            let example = bundle.nibs.first.map { " such as \(file)/\($0.name)" } ?? ""
            throw files.fail(
                file,
                "is \(bundle.summary): --format \(format.rawValue) describes one nib; dump each of its nibs\(example), "
                    + "or use the text format for all of them", status: ExitStatus.usage)
        }
        var out = Array("\(file): \(bundle.summary)\n".utf8)
        for nib in bundle.nibs {
            out += Array("\n== \(DisplayText.escaped(nib.name)) ==\n".utf8)
            out += try dump(nib.bytes, name: "\(file)/\(nib.name)", files: files)
        }
        io.write(out)
    }

    /// The dump of one nib file; a keyed archive says so first (text), or in a note on standard
    /// error (nibdump and JSON, whose output must stay one archive's).
    private func dump(_ bytes: [UInt8], name: String, files: FileAccess) throws -> [UInt8] {
        let archive = try files.archive(from: bytes, path: name, expansionLimit: expansion.limit)
        let keyed = NibArchive.isKeyedArchive(bytes)
        let shownName = name == "-" ? "<stdin>" : name
        do {
            switch format {
            case .text:
                var header = ""
                if keyed {
                    let form = bytes.starts(with: PropertyList.binaryMagic) ? "binary" : "XML"
                    header = "keyed archive (NSKeyedArchiver, \(form) property list, \(counted(bytes.count, "byte"))); "
                    header += "what follows is its conversion to a NIBArchive, which tree, diff and render read "
                    header += "('nibtool info' describes the keyed form)\n"
                }
                return Array((header + (try TextDump(archive).render(expansionLimit: expansion.limit))).utf8)
            case .nibdump:
                if keyed {
                    files.io.error(
                        "nibtool: note: \(shownName) is a keyed archive; this is the nibdump of its conversion to a NIBArchive"
                    )
                }
                return try archive.nibdumpBytes(expansionLimit: expansion.limit)
            case .json:
                if keyed {
                    files.io.error(
                        "nibtool: note: \(shownName) is a keyed archive; this is the JSON of its conversion to a NIBArchive"
                    )
                }
                return Array(archive.jsonString().utf8)
            }
        } catch {
            throw files.fail(name, "\(error)")
        }
    }
}

/// The people-oriented text dump.
struct TextDump {
    let archive: NibArchive
    private let classNames: [String]
    private let keyNames: [String]

    init(_ archive: NibArchive) {
        self.archive = archive
        classNames = archive.classes.map(\.name)
        keyNames = archive.keys.map(\.name)
    }

    /// The dump; every line (and every 8 bytes of data) counts against `expansionLimit`, since
    /// objects may share runs of values.
    func render(expansionLimit: ExpansionLimit = .standard) throws(ExpansionLimitError) -> String {
        var budget = ExpansionBudget(expansionLimit, inputSize: archive.storageSize, what: "dump lines")
        for object in archive.objects {
            try budget.spend()
            for value in archive.values(of: object) {
                if case .data(let bytes) = value.payload {
                    try budget.spend(bytes: bytes.count)
                } else {
                    try budget.spend()
                }
            }
        }
        var out = "NIBArchive format \(archive.formatVersion), coder \(archive.coderVersion): "
        out += "\(counted(archive.objects.count, "object")), \(counted(archive.keys.count, "key")), "
        out += "\(counted(archive.values.count, "value")), \(counted(archive.classes.count, "class", "classes"))\n"
        for (index, object) in archive.objects.enumerated() {
            out += "\n#\(index) \(DisplayText.escaped(classNames[object.classIndex]))"
            if index == 0 { out += " (root)" }
            out += "\n"
            for value in archive.values(of: object) {
                out += "    \(DisplayText.escaped(keyNames[value.keyIndex])) = \(describe(value))\n"
            }
        }
        if !archive.trailingBytes.isEmpty {
            let trailer = Array(archive.trailingBytes)
            out += "\ntrailer: " + (trailer == NibArchive.lneTrailer ? "LNE\\0" : counted(trailer.count, "byte")) + "\n"
        }
        return out
    }

    private func describe(_ value: NibArchive.Value) -> String {
        switch value.payload {
        case .int8(let v): return "\(v) (int8)"
        case .int16(let v): return "\(v) (int16)"
        case .int32(let v): return "\(v) (int32)"
        case .int64(let v): return "\(v) (int64)"
        case .bool(let v): return v ? "true" : "false"
        case .float32(let v): return "\(v) (float32)"
        case .float64(let v): return "\(v) (float64)"
        case .nil: return "nil"
        case .objectReference(let target):
            let index = Int(target)
            guard index < archive.objects.count else { return "→ #\(target) (out of range: decodes as nil)" }
            return "→ #\(target) \(DisplayText.escaped(classNames[archive.objects[index].classIndex]))"
        case .data(let bytes):
            if let nested = archive.nestedArchive(in: value) {
                return
                    "nested NIBArchive, \(counted(bytes.count, "byte")): \(counted(nested.objects.count, "object")), "
                    + "\(counted(nested.classes.count, "class", "classes")) (dump it with 'nibtool dump' after extracting)"
            }
            if let text = readableText(bytes) { return text }
            if let geometry = geometry(bytes) { return geometry }
            let shown = bytes.prefix(32).map { String(format: "%02x", $0) }.joined(separator: " ")
            return "<\(counted(bytes.count, "byte")): \(shown)\(bytes.count > 32 ? " …" : "")>"
        }
    }

    /// A CG geometry blob: marker 7 then float64s, or 6 then float32s (2 = point/size,
    /// 4 = rect/insets, 6 = affine transform).
    private func geometry(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let marker = bytes.first, marker == 6 || marker == 7 else { return nil }
        let width = marker == 7 ? 8 : 4
        let body = bytes.dropFirst()
        guard !body.isEmpty, body.count % width == 0, [2, 4, 6].contains(body.count / width) else { return nil }
        var numbers: [String] = []
        var index = body.startIndex
        while index < body.endIndex {
            var bits: UInt64 = 0
            for (shift, byte) in body[index..<(index + width)].enumerated() {
                bits |= UInt64(byte) << (8 * UInt64(shift))
            }
            let value =
                width == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            numbers.append(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)")
            index += width
        }
        let kind = ["", "", "point/size", "", "rect/insets", "", "transform"][numbers.count]
        return "{\(numbers.joined(separator: ", "))} (\(kind), \(width == 8 ? "float64" : "float32") geometry)"
    }

    private func readableText(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        else { return nil }
        return "\"\(DisplayText.escaped(text, quote: true))\""
    }
}
