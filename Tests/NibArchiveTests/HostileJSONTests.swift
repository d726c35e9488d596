import Foundation
import NibArchive
import Testing

/// NibKit's JSON form from crafted documents (issue 20): sizes checked against the input before
/// anything is allocated, numbers out of range named by their JSON path.
@Suite("Hostile JSON")
struct HostileJSONTests {
    /// One NSObject with one int8 value, plus `extra` values and the given layout.
    static func document(values: [String] = [], layout: String? = nil) -> Data {
        let all = [#"{"key": 0, "int8": 1}"#] + values
        var text = """
            {"format": "nibkit.nibarchive", "version": 1, "formatVersion": 1, "coderVersion": 10,
             "classes": [{"name": "NSObject"}], "keys": ["k"],
             "objects": [{"class": 0, "first": 0, "count": \(all.count)}],
             "values": [\(all.joined(separator: ", "))]
            """
        if let layout { text += #", "layout": \#(layout)"# }
        return Data((text + "}").utf8)
    }

    @Test("A layout whose file length the JSON does not describe is refused before allocating (2 GB from 443 bytes)")
    func hugeLayout() throws {
        // The four tables sized exactly as their entries need (3 + 2 + 3 + 11 bytes), the class
        // table placed just below 2,000,000,000, no gaps: only the zeros between would fill the file.
        let layout = """
            {"objectTable": {"offset": 50, "size": 3}, "keyTable": {"offset": 53, "size": 2},
             "valueTable": {"offset": 55, "size": 3}, "classTable": {"offset": 1999999989, "size": 11},
             "fileLength": 2000000000, "gaps": []}
            """
        let data = Self.document(layout: layout)
        #expect(data.count < 1_000)
        let error = try #require(throws: NibArchiveError.self) { try NibArchive(json: data) }
        #expect(error.message.contains("$.layout.fileLength"))
        #expect(error.message.contains("2000000000"))

        // The same tables laid out contiguously are read (header 50 + 19 bytes of tables).
        let tight = layout.replacingOccurrences(of: "1999999989", with: "58").replacingOccurrences(
            of: "2000000000", with: "69")
        let archive = try NibArchive(json: Self.document(layout: tight))
        #expect(archive.serialized().count == 69)
    }

    @Test(
        "Numbers outside their member's range name the JSON path and the range",
        arguments: [
            (#"{"key": 0, "int8": 300}"#, "$.values[1].int8", "-128 to 127"),
            (#"{"key": 0, "int16": -40000}"#, "$.values[1].int16", "-32768 to 32767"),
            (#"{"key": 4294967296, "int8": 1}"#, "$.values[1].key", "0 to 4294967295"),
            (#"{"key": -1, "int8": 1}"#, "$.values[1].key", "0 to 4294967295"),
            (#"{"key": 0, "int64": 1e30}"#, "$.values[1].int64", "-9223372036854775808 to 9223372036854775807"),
            (#"{"key": 0, "object": 2.5}"#, "$.values[1].object", "0 to 4294967295"),
            (#"{"key": 0, "float32": 1e300}"#, "$.values[1].float32", "float32's range"),
            (#"{"key": 0, "float64": 1e999}"#, "$.values[1].float64", "float64's range"),
            (#"{"key": 0, "int8": 1, "varintWidths": [1, 256]}"#, "$.values[1].varintWidths[1]", "0 to 255"),
        ])
    func outOfRange(value: String, path: String, range: String) throws {
        let error = try #require(throws: NibArchiveError.self) {
            try NibArchive(json: Self.document(values: [value]))
        }
        #expect(error.message.hasPrefix(path + ":"), "\(error.message)")
        #expect(error.message.contains(range), "\(error.message)")
    }
}
