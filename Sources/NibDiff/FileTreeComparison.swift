import Foundation
import KeyedArchive
import NibArchive

/// Compares two compiled outputs file by file: a `.nib` file, a directory nib or a
/// `.storyboardc`. Nibs are compared with ``StructuralComparison``, property lists by value,
/// anything else byte for byte; a file present on one side only is a difference.
public struct FileTreeComparison: Sendable {
    /// One difference, with the file it was found in (empty for a single-file output).
    public struct Difference: Hashable, Sendable, CustomStringConvertible {
        /// The file's path relative to the output.
        public var file: String
        /// What differs.
        public var difference: StructuralDifference
        /// `file: difference`.
        public var description: String { file.isEmpty ? difference.description : "\(file): \(difference)" }
    }

    /// How nibs are compared.
    public var comparison: StructuralComparison

    /// Creates a comparison.
    public init(comparison: StructuralComparison = StructuralComparison()) {
        self.comparison = comparison
    }

    /// The most bytes ``files(at:byteLimit:)`` reads by default for one output, all its files
    /// together: 1 GiB, as nibtool's other readers allow for one file.
    public static let defaultByteLimit = 1 << 30

    /// The files of the output at `url`: `[""]` for a file, relative paths for a directory.
    ///
    /// A symbolic link inside a directory output is an error rather than followed, and so is an
    /// output whose files hold more than `byteLimit` bytes together (each size is read before
    /// the file, so a crafted bundle cannot make a diff allocate without bound).
    public static func files(at url: URL, byteLimit: Int = defaultByteLimit) throws -> [String: [UInt8]] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        var budget = byteLimit
        func read(_ file: URL, size: Any?) throws -> [UInt8] {
            let bytes = (size as? NSNumber)?.int64Value ?? Int64.max
            guard bytes >= 0, bytes <= Int64(budget) else {
                throw CocoaError(
                    .fileReadTooLarge,
                    userInfo: [
                        NSFilePathErrorKey: file.path,
                        NSLocalizedDescriptionKey:
                            "\(file.lastPathComponent) would take the output past \(byteLimit) bytes; diff reads at most that much",
                    ])
            }
            let data = [UInt8](try Data(contentsOf: file))
            guard data.count <= budget else {
                throw CocoaError(.fileReadTooLarge, userInfo: [NSFilePathErrorKey: file.path])
            }
            budget -= data.count
            return data
        }
        guard isDirectory.boolValue else {
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size]
            return ["": try read(url, size: size)]
        }
        var result: [String: [UInt8]] = [:]
        let base = url.standardizedFileURL.path
        if let enumerator = FileManager.default.enumerator(atPath: base) {
            for case let relative as String in enumerator {
                let full = URL(fileURLWithPath: base).appendingPathComponent(relative)
                // The type of the entry itself (lstat): a link inside an output is never followed,
                // so a crafted bundle cannot make diff read and print a file outside it.
                let attributes = try FileManager.default.attributesOfItem(atPath: full.path)
                switch attributes[.type] as? FileAttributeType {
                case .typeRegular?:
                    result[relative] = try read(full, size: attributes[.size])
                case .typeSymbolicLink?:
                    throw CocoaError(
                        .fileReadUnknown,
                        userInfo: [
                            NSFilePathErrorKey: full.path,
                            NSLocalizedDescriptionKey:
                                "\(relative) in \(url.lastPathComponent) is a symbolic link; links inside a compiled output are not followed",
                        ])
                default:
                    // Folders are walked by the enumerator; other kinds (fifos, devices) are not content.
                    break
                }
            }
        }
        return result
    }

    /// Every difference between the `left` and `right` file sets.
    public func differences(between left: [String: [UInt8]], and right: [String: [UInt8]]) -> [Difference] {
        var found: [Difference] = []
        for name in Set(left.keys).union(right.keys).sorted() {
            switch (left[name], right[name]) {
            case (_?, nil):
                found.append(
                    Difference(
                        file: name,
                        difference: StructuralDifference(
                            kind: .elementOnlyInLeft, path: "file", className: "file", left: name)))
            case (nil, _?):
                found.append(
                    Difference(
                        file: name,
                        difference: StructuralDifference(
                            kind: .elementOnlyInRight, path: "file", className: "file", right: name)))
            case (let l?, let r?):
                for difference in fileDifferences(l, r) { found.append(Difference(file: name, difference: difference)) }
            default:
                break
            }
        }
        return found
    }

    private func fileDifferences(_ l: [UInt8], _ r: [UInt8]) -> [StructuralDifference] {
        if l == r { return [] }
        // A keyed-archive nib (macOS `keyedobjects.nib`) is compared as the NIBArchive it reads as.
        if NibArchive.isKeyedArchive(l) || NibArchive.isKeyedArchive(r) {
            do {
                let left =
                    NibArchive.isKeyedArchive(l) ? try NibArchive(keyedArchiveBytes: l) : try NibArchive(parsing: l)
                let right =
                    NibArchive.isKeyedArchive(r) ? try NibArchive(keyedArchiveBytes: r) : try NibArchive(parsing: r)
                return comparison.differences(between: left, and: right)
            } catch {
                // Not both nibs: compared as property lists below.
            }
        }
        if NibArchive.hasMagic(l) || NibArchive.hasMagic(r) {
            do {
                return comparison.differences(between: try NibArchive(parsing: l), and: try NibArchive(parsing: r))
            } catch {
                return [
                    StructuralDifference(
                        kind: .value, path: "file", className: "NIBArchive", left: "archive",
                        right: "unparsable: \(error)")
                ]
            }
        }
        if let lp = try? PropertyListSerialization.propertyList(from: Data(l), format: nil) as? NSObject,
            let rp = try? PropertyListSerialization.propertyList(from: Data(r), format: nil) as? NSObject
        {
            if lp.isEqual(rp) { return [] }
            if comparison.options.treatsRandomUUIDsAsEqual,
                Self.maskingRandomUUIDs(lp).isEqual(Self.maskingRandomUUIDs(rp))
            {
                return []
            }
            return [
                StructuralDifference(
                    kind: .value, path: "file", className: "plist", left: Self.rendered(lp), right: Self.rendered(rp))
            ]
        }
        return [
            StructuralDifference(
                kind: .value, path: "file", className: "bytes", left: counted(l.count, "byte"),
                right: counted(r.count, "byte"))
        ]
    }

    /// A property list on one line, dictionaries' keys sorted: `NSDictionary`'s own description
    /// spans lines and lists the keys in hash order, which changes from run to run.
    static func rendered(_ plist: Any) -> String {
        switch plist {
        case let string as String:
            return "\"\(string)\""
        case let array as [Any]:
            return "(" + array.map { rendered($0) }.joined(separator: ", ") + ")"
        case let dictionary as [String: Any]:
            let entries = dictionary.sorted { $0.key < $1.key }.map { "\($0.key) = \(rendered($0.value))" }
            return "{" + entries.joined(separator: "; ") + "}"
        default:
            return "\(plist)"
        }
    }

    /// `plist` with every random UUID string replaced by one marker.
    static func maskingRandomUUIDs(_ plist: Any) -> NSObject {
        switch plist {
        case let string as String:
            return (RandomUUID.matches(Array(string.utf8)) ? "<random UUID>" : string) as NSString
        case let array as [Any]:
            return array.map { maskingRandomUUIDs($0) } as NSArray
        case let dictionary as [String: Any]:
            return dictionary.mapValues { maskingRandomUUIDs($0) } as NSDictionary
        case let object as NSObject:
            return object
        default:
            return "\(plist)" as NSString
        }
    }
}
