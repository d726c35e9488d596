import Foundation
import KeyedArchive
import NibArchive

/// What `info` and `verify` report about a keyed-archive nib (an `NSKeyedArchiver` property
/// list), read as what it is rather than as the NIBArchive it converts to.
struct KeyedArchiveReport {
    /// The validator's severities (error fails the file).
    typealias Severity = Finding.Severity

    /// One problem `verify` finds, with where in the archive it is.
    struct KeyedFinding {
        var severity: Severity
        var id: String
        /// `$objects[12]`, `$top`, or a byte offset for a property list that does not parse.
        var location: String
        var message: String

        var description: String { "\(location) \(severity.rawValue) \(id): \(message)" }
    }

    /// The file's size in bytes.
    var fileLength: Int
    /// `binary property list (bplist00)` or `XML property list`.
    var form: String
    /// `$archiver`, `$version`, the `$top` keys, as found.
    var archiver: String?
    var version: Int64?
    var topKeys: [String] = []
    /// The number of entries in `$objects`.
    var objectCount = 0
    /// Objects per class name (`$classname` of each object's `$class`), most used first.
    var histogram: [(name: String, objects: Int)] = []
    /// The NIBArchive it converts to (what dump, tree, diff and render read), or why it does not.
    var conversion: Result<NibArchive, KeyedArchiveError>
    /// The checks' findings, in archive order.
    var findings: [KeyedFinding] = []

    /// The findings `verify` lists at most (the rest are counted).
    static let maximumFindings = 1000

    /// Findings past the ones kept, and how many of them are errors.
    var omittedFindings = 0
    var omittedErrors = 0

    /// Whether the file passes: no errors.
    var passes: Bool { omittedErrors == 0 && !findings.contains { $0.severity == .error } }

    /// Reads `bytes`, a property list by its magic.
    init(_ bytes: [UInt8], limits: PropertyList.Limits = PropertyList.Limits()) {
        fileLength = bytes.count
        form =
            PropertyList.hasMagic(bytes) && bytes.starts(with: PropertyList.binaryMagic)
            ? "binary property list (bplist00)" : "XML property list"
        conversion = Result { () throws(KeyedArchiveError) in try NibArchive(keyedArchiveBytes: bytes, limits: limits) }
        let plist: PropertyList
        do {
            plist = try PropertyList(parsing: bytes, limits: limits)
        } catch {
            let location = error.offset.map { "0x\(String($0, radix: 16, uppercase: true)) (\($0))" } ?? "file"
            findings.append(
                KeyedFinding(severity: .error, id: "plist-\(error.code)", location: location, message: error.message))
            return
        }
        check(plist)
        if case .failure(let error) = conversion, passes {
            // The structure looked right, yet NibKit cannot load it: that is an error too.
            findings.append(
                KeyedFinding(
                    severity: .error, id: "conversion", location: error.path ?? "archive", message: error.message))
        }
    }

    private mutating func add(_ severity: Severity, _ id: String, _ location: String, _ message: String) {
        // Kept up to ten times what verify lists, so a hostile archive with a million bad UIDs
        // holds no million messages; the rest are counted.
        guard findings.count < Self.maximumFindings * 10 else {
            omittedFindings += 1
            if severity == .error { omittedErrors += 1 }
            return
        }
        findings.append(KeyedFinding(severity: severity, id: id, location: location, message: message))
    }

    /// The keyed-archive checks: the top-level keys, `$objects[0]`, every UID in range, every
    /// `$class` a class entry with `$classname` and `$classes`.
    private mutating func check(_ plist: PropertyList) {
        guard case .dictionary(let entries) = plist else {
            add(.error, "not-keyed-archive", "root", "the property list is a \(kindName(plist)), not a dictionary")
            return
        }
        switch plist["$archiver"] {
        case .string(let name)?:
            archiver = name
            if name != "NSKeyedArchiver" {
                add(.warning, "archiver", "$archiver", "\"\(DisplayText.escaped(name))\", not NSKeyedArchiver")
            }
        case let other?: add(.error, "archiver", "$archiver", "is a \(kindName(other)), not a string")
        case nil: add(.error, "archiver", "root", "no $archiver key")
        }
        switch plist["$version"] {
        case .integer(let value)?:
            version = value
            if value != 100_000 { add(.warning, "version", "$version", "\(value), not 100000") }
        case let other?: add(.error, "version", "$version", "is a \(kindName(other)), not an integer")
        case nil: add(.error, "version", "root", "no $version key")
        }
        guard case .array(let objects)? = plist["$objects"] else {
            add(.error, "objects", "root", plist["$objects"] == nil ? "no $objects array" : "$objects is not an array")
            return
        }
        objectCount = objects.count
        if objects.first != .string("$null") {
            add(.error, "null-object", "$objects[0]", "is not the string \"$null\" (UID 0 stands for nil)")
        }
        switch plist["$top"] {
        case .dictionary(let top)?:
            topKeys = top.map(\.key)
            if top.isEmpty { add(.error, "top", "$top", "is empty: the archive has no root object") }
            for entry in top { checkUIDs(in: entry.value, at: "$top.\(entry.key)") }
        case let other?: add(.error, "top", "$top", "is a \(kindName(other)), not a dictionary")
        case nil: add(.error, "top", "root", "no $top dictionary")
        }
        for key in entries.map(\.key) where !["$archiver", "$version", "$objects", "$top", "$nibkit"].contains(key) {
            add(.warning, "unknown-key", "root", "unexpected top-level key \"\(DisplayText.escaped(key))\"")
        }
        var counts: [String: Int] = [:]
        for (index, object) in objects.enumerated() {
            let location = "$objects[\(index)]"
            guard case .dictionary(let fields) = object else {
                if case .uid = object { add(.error, "uid-object", location, "a UID cannot be an object of its own") }
                continue
            }
            for field in fields where field.key != "$class" {
                checkUIDs(in: field.value, at: "\(location).\(field.key)")
            }
            guard let classValue = object["$class"] else {
                // Class entries themselves ($classname/$classes) have no $class.
                if object["$classname"] == nil && object["$classes"] == nil {
                    add(.warning, "no-class", location, "a dictionary with neither $class nor $classname")
                }
                continue
            }
            guard case .uid(let uid) = classValue else {
                add(.error, "class-reference", "\(location).$class", "is a \(kindName(classValue)), not a UID")
                continue
            }
            guard uid < UInt64(objects.count) else {
                add(
                    .error, "uid-range", "\(location).$class",
                    "UID \(uid) is not below the object count \(objects.count)")
                continue
            }
            let entry = objects[Int(uid)]
            guard case .string(let name)? = entry["$classname"] else {
                add(.error, "class-entry", "$objects[\(uid)]", "the class of \(location) has no $classname string")
                continue
            }
            if case .array? = entry["$classes"] {
            } else {
                add(
                    .warning, "class-entry", "$objects[\(uid)]",
                    "class \"\(DisplayText.escaped(name))\" has no $classes array")
            }
            counts[name, default: 0] += 1
        }
        histogram = counts.map { ($0.key, $0.value) }
            .sorted { $0.objects != $1.objects ? $0.objects > $1.objects : $0.name < $1.name }
    }

    /// Checks that every UID inside `value` (arrays and dictionaries, walked with an explicit
    /// stack) is below the object count.
    private mutating func checkUIDs(in value: PropertyList, at location: String) {
        var stack: [(PropertyList, String)] = [(value, location)]
        while let (value, place) = stack.popLast() {
            switch value {
            case .uid(let uid) where uid >= UInt64(objectCount):
                add(.error, "uid-range", place, "UID \(uid) is not below the object count \(objectCount)")
            case .array(let elements):
                for (index, element) in elements.enumerated().reversed() {
                    stack.append((element, "\(place)[\(index)]"))
                }
            case .dictionary(let entries):
                for entry in entries.reversed() { stack.append((entry.value, "\(place).\(entry.key)")) }
            default: break
            }
        }
    }

    private func kindName(_ value: PropertyList) -> String {
        switch value {
        case .dictionary: "dictionary"
        case .array: "array"
        case .string: "string"
        case .data: "data value"
        case .integer, .unsignedInteger: "integer"
        case .real, .real32: "real"
        case .bool: "boolean"
        case .null: "null"
        case .uid: "UID"
        case .date: "date"
        }
    }

    /// The `info` text.
    func text(name: String) -> String {
        var lines = [
            "file:            \(name == "-" ? "<stdin>" : name) (\(counted(fileLength, "byte")))",
            "form:            keyed archive, \(form)",
            "archiver:        \(archiver.map { DisplayText.escaped($0) } ?? "none")"
                + (version.map { ", version \($0)" } ?? ""),
            "top keys:        \(topKeys.isEmpty ? "none" : topKeys.map { DisplayText.escaped($0) }.joined(separator: ", "))",
            "objects:         \(objectCount) ($objects entries)",
        ]
        switch conversion {
        case .success(let archive):
            lines.append(
                "as a NIBArchive: \(counted(archive.objects.count, "object")), \(counted(archive.keys.count, "key")), "
                    + "\(counted(archive.values.count, "value")) (what dump, tree and diff read)")
        case .failure(let error):
            lines.append("as a NIBArchive: not convertible: \(DisplayText.escaped(error.description))")
        }
        lines.append("classes by object count:")
        for entry in histogram {
            lines.append("  \(String(entry.objects).leftPadded(to: 6))  \(DisplayText.escaped(entry.name))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `info --format json` object.
    func json(name: String) -> [String: Any] {
        var object: [String: Any] = [
            "file": name, "bytes": fileLength, "form": "keyed-archive",
            "propertyListFormat": form.hasPrefix("binary") ? "binary" : "xml", "objects": objectCount,
            "topKeys": topKeys,
        ]
        if let archiver { object["archiver"] = archiver }
        if let version { object["version"] = version }
        if case .success(let archive) = conversion { object["convertedObjects"] = archive.objects.count }
        object["classHistogram"] = histogram.map { ["class": $0.name, "objects": $0.objects] as [String: Any] }
        return object
    }
}
