import Foundation

/// A legacy Interface Builder 3 document (`<archive type="com.apple.InterfaceBuilder3…">`,
/// written by Interface Builder 3 and Xcode 4 up to 4.6): not a description of the interface
/// but IB's own objects, archived by its XML coder.
///
/// The `<data>` element holds keyed values (`IBDocument.RootObjects`, `IBDocument.Objects`, …);
/// each value is an element named for its type (`<int>`, `<bool>`, `<string>`, `<bytes>`,
/// `<reference ref=…>`, `<object class=…>`, `<array>`, `<dictionary>`, …) whose `key` attribute
/// names it, and any element may carry an `id` that `<reference ref=…>` elements point at.
/// `IBDocument.Objects` (an `IBObjectContainer`) records each object's id and parent
/// (`objectRecords`), the connections (`connectionRecords`) and per-object properties such as
/// custom classes (`flattenedProperties`, keys `"<objectID>.CustomClassName"`).
///
/// This type reads what both platforms share; ``LegacyCocoaCompiler`` and
/// ``LegacyCocoaTouchUpgrade`` turn it into a nib.
struct LegacyArchive {
    /// The platform an archive was made for, from its `type`.
    enum Platform {
        /// `com.apple.InterfaceBuilder3.Cocoa.XIB`: archived AppKit objects.
        case cocoa
        /// `com.apple.InterfaceBuilder3.CocoaTouch.XIB` (and `….CocoaTouch.iPad.XIB`): IB's
        /// `IBUI…` stand-ins for UIKit objects.
        case cocoaTouch
    }

    /// One entry of `objectRecords`: the object IB numbered `objectID`, and its parent
    /// (`nil` for a top-level object, whose parent is the records' root).
    struct Record {
        var objectID: String
        var object: SourceElement
        var parent: SourceElement?
    }

    /// One entry of `connectionRecords`.
    struct Connection {
        /// The connection element (`IBOutletConnection`, `IBActionConnection`,
        /// `IBCocoaTouchOutletConnection`, `IBCocoaTouchEventConnection`, `IBBindingConnection`…).
        var element: SourceElement
        var className: String
        var label: String?
        var source: SourceElement?
        var destination: SourceElement?
    }

    let root: SourceElement
    let platform: Platform
    /// The `<data>` element.
    let data: SourceElement
    /// Every element with an `id`, by id.
    let elementsByID: [String: SourceElement]

    /// Whether `root` is a legacy archive this type reads.
    static func isLegacy(_ root: SourceElement) -> Bool { root.name == "archive" }

    /// Reads the archive `root`.
    ///
    /// - Throws: ``CompileError/Code/unsupportedDocument`` when the archive is not an
    ///   Interface Builder 3 document, ``CompileError/Code/invalidSource`` when it has no
    ///   `<data>` or two elements share an id.
    init(_ root: SourceElement, fileName: String) throws(CompileError) {
        self.root = root
        platform = try Self.platform(of: root, fileName: fileName)
        guard let data = root.child("data") else {
            throw Self.error(.invalidSource, root, fileName, "the archive has no <data>")
        }
        self.data = data
        var byID: [String: SourceElement] = [:]
        for element in data.descendants {
            guard let id = element["id"] else { continue }
            if byID[id] != nil {
                throw Self.error(.invalidSource, element, fileName, "id \"\(id)\" is used twice")
            }
            byID[id] = element
        }
        elementsByID = byID
    }

    /// The platform the archive `root` was made for, from its `type` (without reading the rest).
    ///
    /// - Throws: ``CompileError/Code/unsupportedDocument`` when the archive is not an
    ///   Interface Builder 3 document.
    static func platform(of root: SourceElement, fileName: String) throws(CompileError) -> Platform {
        let type = root["type"] ?? ""
        if type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") { return .cocoaTouch }
        if type.hasPrefix("com.apple.InterfaceBuilder3.Cocoa") { return .cocoa }
        throw Self.error(
            .unsupportedDocument, root, fileName,
            "archive type \"\(type)\" is not an Interface Builder 3 Cocoa or Cocoa Touch document")
    }

    static func error(
        _ code: CompileError.Code, _ element: SourceElement, _ fileName: String, _ message: String
    ) -> CompileError {
        CompileError(
            code: code, file: fileName, line: element.line, column: element.column, element: element.summary,
            message: message)
    }

    // MARK: Values

    /// The element a value stands for: a `<reference ref=…>` resolved, `nil` for a nil
    /// reference (`<reference/>`, `<nil/>`) or a dangling one.
    func resolve(_ element: SourceElement) -> SourceElement? {
        switch element.name {
        case "reference":
            guard let ref = element["ref"] else { return nil }
            return elementsByID[ref]
        case "nil": return nil
        default: return element
        }
    }

    /// The value under `key` in `container`, resolved.
    func value(_ key: String, in container: SourceElement) -> SourceElement? {
        container.child(key: key).flatMap(resolve)
    }

    /// The elements of an array-like element (its unkeyed children, references resolved),
    /// without the XML coder's `EncodedWithXMLCoder` marker.
    func elements(of array: SourceElement) -> [SourceElement] {
        array.children.filter { $0["key"] == nil }.compactMap(resolve)
    }

    /// The text of a `<string>` (decoding `type="base64-UTF8"`), or `nil` for other elements.
    static func string(_ element: SourceElement) -> String? {
        guard element.name == "string" || element.name == "characters" else { return nil }
        guard element["type"] == "base64-UTF8" else { return element.text }
        return bytes(element.text).flatMap { String(bytes: $0, encoding: .utf8) }
    }

    /// IB's base64 (`<bytes>`, `type="base64-UTF8"` strings): standard base64 without `=`
    /// padding, with one extra filler character when the length is one more than a multiple
    /// of four (`MCAwIDAAA` is "0 0 0\0"; `RmlsZSdzIE93bmVyA` is "File's Owner").
    static func bytes(_ text: String) -> [UInt8]? {
        var digits = text.filter { !$0.isWhitespace && $0 != "=" }
        if digits.count % 4 == 1 { digits.removeLast() }
        digits += String(repeating: "=", count: (4 - digits.count % 4) % 4)
        return Data(base64Encoded: digits).map { [UInt8]($0) }
    }

    /// An integer (`<int>text</int>`, `<integer value=…/>`).
    static func integer(_ element: SourceElement) -> Int64? {
        switch element.name {
        case "int": Int64(element.text.trimmingCharacters(in: .whitespaces))
        case "integer": element["value"].flatMap { Int64($0) }
        default: nil
        }
    }

    /// A boolean (`<bool>YES</bool>`, `<boolean value="YES"/>`).
    static func bool(_ element: SourceElement) -> Bool? {
        switch element.name {
        case "bool": element.text.trimmingCharacters(in: .whitespaces) == "YES"
        case "boolean": element["value"] == "YES"
        default: nil
        }
    }

    /// A finite real number (`<double>`, `<float>`, `<real value=…/>`; integers too).
    static func real(_ element: SourceElement) -> Double? {
        let text: String? =
            switch element.name {
            case "double", "float", "int": element.text.trimmingCharacters(in: .whitespaces)
            case "real", "integer": element["value"]
            default: nil
            }
        guard let value = text.flatMap(Double.init), value.isFinite else { return nil }
        return value
    }

    // MARK: The object container

    /// The `IBObjectContainer` under `IBDocument.Objects`.
    var container: SourceElement? { value("IBDocument.Objects", in: data) }

    /// The objects IB numbered, in record order, and the records' root (the parent of the
    /// top-level objects).
    func records(fileName: String) throws(CompileError) -> [Record] {
        guard let container else {
            throw Self.error(.invalidSource, data, fileName, "the archive has no IBDocument.Objects")
        }
        guard let set = value("objectRecords", in: container), let ordered = value("orderedObjects", in: set)
        else {
            throw Self.error(.invalidSource, container, fileName, "the archive has no objectRecords")
        }
        var records: [Record] = []
        var rootObject: SourceElement?
        for record in elements(of: ordered) {
            guard let idElement = record.child(key: "objectID"), let objectID = Self.integer(idElement) else {
                throw Self.error(.invalidSource, record, fileName, "an object record has no objectID")
            }
            if objectID == 0 {
                rootObject = value("object", in: record)
                continue
            }
            guard let object = value("object", in: record) else { continue }
            records.append(Record(objectID: String(objectID), object: object, parent: value("parent", in: record)))
        }
        if let rootObject {
            for index in records.indices where records[index].parent === rootObject {
                records[index].parent = nil
            }
        }
        return records
    }

    /// The connections, in record order.
    func connections() -> [Connection] {
        guard let container, let list = value("connectionRecords", in: container) else { return [] }
        return elements(of: list).compactMap { record in
            guard let connection = value("connection", in: record) else { return nil }
            return Connection(
                element: connection, className: connection["class"] ?? connection.name,
                label: value("label", in: connection).flatMap(Self.string),
                source: value("source", in: connection), destination: value("destination", in: connection))
        }
    }

    /// `flattenedProperties`: per object id, the property names and values IB kept beside the
    /// objects (`"12.CustomClassName"` → `["12"]["CustomClassName"]`).
    func flattenedProperties() -> [String: [String: SourceElement]] {
        guard let container, let dictionary = value("flattenedProperties", in: container) else { return [:] }
        var properties: [String: [String: SourceElement]] = [:]
        for (key, value) in dictionaryEntries(dictionary) {
            guard let dot = key.firstIndex(of: ".") else { continue }
            properties[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = value
        }
        return properties
    }

    /// A dictionary's entries, in any of the three forms the XML coder wrote: `dict.sortedKeys`
    /// and `dict.values` arrays, `NS.key.N` / `NS.object.N` pairs, or (`<dictionary>`) one
    /// child per entry whose `key` is the entry's key.
    func dictionaryEntries(_ dictionary: SourceElement) -> [(String, SourceElement)] {
        if let keys = value("dict.sortedKeys", in: dictionary), let values = value("dict.values", in: dictionary) {
            return zip(elements(of: keys), elements(of: values)).compactMap { key, value in
                Self.string(key).map { ($0, value) }
            }
        }
        if dictionary.child(key: "NS.key.0") != nil {
            var byKey: [String: SourceElement] = [:]
            for child in dictionary.children { if let key = child["key"] { byKey[key] = child } }
            var entries: [(String, SourceElement)] = []
            var index = 0
            while let key = byKey["NS.key.\(index)"].flatMap(resolve).flatMap(Self.string) {
                if let value = byKey["NS.object.\(index)"].flatMap(resolve) { entries.append((key, value)) }
                index += 1
            }
            return entries
        }
        return dictionary.children.compactMap { child in
            guard let key = child["key"], key != "EncodedWithXMLCoder", let value = resolve(child) else { return nil }
            return (key, value)
        }
    }
}
