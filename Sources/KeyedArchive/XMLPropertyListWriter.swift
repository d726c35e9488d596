/// Writes the XML property list format the way Apple's tools lay it out: the XML declaration,
/// the DOCTYPE, `<plist version="1.0">`, one element per line indented with tabs.
enum XMLPropertyListWriter {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    static func write(_ root: PropertyList) throws(KeyedArchiveError) -> [UInt8] {
        var whole: [UInt8] = []
        try write(root) { whole += $0 }
        return whole
    }

    /// Writes the text in pieces of about `chunkSize` bytes, each handed to `sink` as soon as it
    /// is complete: the XML of a keyed archive is many times the size of its nib.
    static func write(_ root: PropertyList, chunkSize: Int = 1 << 16, to sink: @escaping ([UInt8]) -> Void)
        throws(KeyedArchiveError)
    {
        var out = Output(chunkSize: chunkSize, sink: sink)
        out.bytes += header.utf8
        try append(root, indent: 0, path: "", to: &out)
        out.bytes += "</plist>\n".utf8
        out.flush()
    }

    /// Writes a dictionary whose entries are given one by one (a keyed archive's top level),
    /// each value's text handed on as soon as it is made, with Apple's layout: the same bytes
    /// as writing the whole dictionary.
    struct DictionaryStream {
        private var out: Output

        /// Starts the document and the dictionary.
        init(chunkSize: Int = 1 << 16, sink: @escaping ([UInt8]) -> Void) {
            out = Output(chunkSize: chunkSize, sink: sink)
            out.bytes += XMLPropertyListWriter.header.utf8
            XMLPropertyListWriter.line("<dict>", indent: 0, to: &out)
        }

        /// Writes one entry.
        mutating func entry(_ key: String, _ value: PropertyList) throws(KeyedArchiveError) {
            XMLPropertyListWriter.line(
                "<key>\(try XMLPropertyListWriter.escape(key, path: ""))</key>", indent: 1, to: &out)
            try XMLPropertyListWriter.append(value, indent: 1, path: "[\"\(key)\"]", to: &out)
        }

        /// Starts an entry whose value is an array written element by element.
        mutating func beginArray(_ key: String) throws(KeyedArchiveError) {
            XMLPropertyListWriter.line(
                "<key>\(try XMLPropertyListWriter.escape(key, path: ""))</key>", indent: 1, to: &out)
            XMLPropertyListWriter.line("<array>", indent: 1, to: &out)
        }

        /// Writes one element of the array begun last; `path` names it in errors.
        mutating func element(_ value: PropertyList, path: String) throws(KeyedArchiveError) {
            try XMLPropertyListWriter.append(value, indent: 2, path: path, to: &out)
        }

        /// Ends the array begun last (which must not be empty).
        mutating func endArray() { XMLPropertyListWriter.line("</array>", indent: 1, to: &out) }

        /// Ends the dictionary and the document, and hands on the rest.
        mutating func finish() {
            XMLPropertyListWriter.line("</dict>", indent: 0, to: &out)
            out.bytes += "</plist>\n".utf8
            out.flush()
        }
    }

    /// The text not yet handed on, and where it goes.
    private struct Output {
        var bytes: [UInt8] = []
        let chunkSize: Int
        let sink: ([UInt8]) -> Void

        init(chunkSize: Int, sink: @escaping ([UInt8]) -> Void) {
            self.chunkSize = max(1, chunkSize)
            self.sink = sink
            bytes.reserveCapacity(min(self.chunkSize, 1 << 20) + 256)
        }

        mutating func flush() {
            sink(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    private static func line(_ text: String, indent: Int, to out: inout Output) {
        out.bytes.append(contentsOf: repeatElement(0x09, count: indent))
        out.bytes.append(contentsOf: text.utf8)
        out.bytes.append(0x0A)
        if out.bytes.count >= out.chunkSize { out.flush() }
    }

    private static func append(_ value: PropertyList, indent: Int, path: String, to out: inout Output)
        throws(KeyedArchiveError)
    {
        let limit = PropertyList.Limits().maximumDepth
        guard indent <= limit else {
            throw KeyedArchiveError(
                code: .limitExceeded, path: path, message: "containers nest deeper than the limit of \(limit)")
        }
        switch value {
        case .dictionary(let entries):
            if entries.isEmpty { return line("<dict/>", indent: indent, to: &out) }
            line("<dict>", indent: indent, to: &out)
            for entry in entries {
                line("<key>\(try escape(entry.key, path: path))</key>", indent: indent + 1, to: &out)
                try append(entry.value, indent: indent + 1, path: "\(path)[\"\(entry.key)\"]", to: &out)
            }
            line("</dict>", indent: indent, to: &out)
        case .array(let elements):
            if elements.isEmpty { return line("<array/>", indent: indent, to: &out) }
            line("<array>", indent: indent, to: &out)
            for (index, element) in elements.enumerated() {
                try append(element, indent: indent + 1, path: "\(path)[\(index)]", to: &out)
            }
            line("</array>", indent: indent, to: &out)
        case .string(let text): line("<string>\(try escape(text, path: path))</string>", indent: indent, to: &out)
        case .data(let bytes): line("<data>\(base64(bytes))</data>", indent: indent, to: &out)
        case .integer(let number): line("<integer>\(number)</integer>", indent: indent, to: &out)
        case .unsignedInteger(let number): line("<integer>\(number)</integer>", indent: indent, to: &out)
        case .real(let number): line("<real>\(number)</real>", indent: indent, to: &out)
        case .real32(let number): line("<real>\(Double(number))</real>", indent: indent, to: &out)
        case .bool(let flag): line(flag ? "<true/>" : "<false/>", indent: indent, to: &out)
        case .uid(let number):
            line("<dict>", indent: indent, to: &out)
            line("<key>CF$UID</key>", indent: indent + 1, to: &out)
            line("<integer>\(number)</integer>", indent: indent + 1, to: &out)
            line("</dict>", indent: indent, to: &out)
        case .date(let seconds):
            guard let text = ISO8601.string(from: seconds) else {
                throw KeyedArchiveError(
                    code: .unrepresentable, path: path, message: "date \(seconds) is outside the years 0 … 9999")
            }
            line("<date>\(text)</date>", indent: indent, to: &out)
        case .null:
            throw KeyedArchiveError(code: .unrepresentable, path: path, message: "XML property lists have no null")
        }
    }

    /// Escapes markup characters, and writes carriage returns (which XML readers turn into line
    /// feeds) and other control characters as character references. XML 1.0 forbids the
    /// control characters even as references, but keyed nibs hold them (key equivalents such
    /// as Escape), Apple's property list reader accepts the references, and so does NibKit's.
    private static func escape(_ text: String, path: String) throws(KeyedArchiveError) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "&#\(scalar.value);"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var group: UInt32 = 0
            for (position, byte) in chunk.enumerated() { group |= UInt32(byte) << UInt32(16 - 8 * position) }
            for position in 0..<4 {
                if position <= chunk.count {
                    out.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
                } else {
                    out.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
