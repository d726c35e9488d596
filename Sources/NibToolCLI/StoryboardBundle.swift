import Foundation
import NibArchive
import NibCoding

/// A compiled storyboard (`.storyboardc`) as `tree` and `render` show it: every nib in it, the
/// scenes (nibs the `Info.plist` names for a controller identifier) first, the entry point
/// first of all, then the other nibs (controllers' views); each with the segues its
/// controllers start.
struct StoryboardBundle {
    /// One nib of the storyboard.
    struct Member: Encodable {
        /// The nib's name (its file name without `.nib`).
        var name: String
        /// The controller identifier the `Info.plist` maps to this nib, for a scene.
        var identifier: String?
        /// Whether this is the entry point's scene.
        var isEntryPoint: Bool
        /// The segues whose templates are in this nib.
        var segues: [Segue]
    }

    /// A segue template: its kind (`show`, `presentation`, `embed`…), identifier and the
    /// identifier of the controller it leads to.
    struct Segue: Encodable, Hashable {
        var kind: String
        var identifier: String?
        var destination: String?
    }

    let storyboard: NibStoryboard
    let members: [Member]

    /// Whether `path` names a `.storyboardc` folder.
    static func isStoryboard(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path != "-" && URL(fileURLWithPath: path).pathExtension.lowercased() == "storyboardc"
            && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Reads the storyboard's `Info.plist` and lists its nibs (their segues are read from each
    /// nib's tables).
    init(contentsOf url: URL) throws(NibCodingError) {
        let storyboard = try NibStoryboard(contentsOf: url)
        self.storyboard = storyboard
        var identifiers: [String: String] = [:]
        for (identifier, name) in storyboard.nibNamesByIdentifier.sorted(by: { $0.key < $1.key })
        where identifiers[name] == nil {
            identifiers[name] = identifier
        }
        let entryName = storyboard.entryPointIdentifier.flatMap { storyboard.nibNamesByIdentifier[$0] }
        let names = storyboard.nibNames.filter { $0 != "designable" }
        // The Info.plist's names are untrusted: one that is no file of the bundle (a path, or
        // a nib it lacks) makes the storyboard unreadable, as loading it by identifier would.
        let present = Set(names)
        for (identifier, name) in storyboard.nibNamesByIdentifier.sorted(by: { $0.key < $1.key })
        where !present.contains(name) {
            let component = !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
            throw NibCodingError(
                code: .unreadableFile,
                message:
                    "storyboard \(url.lastPathComponent) names the nib \(name.debugDescription) for \(identifier.debugDescription), which is not a file inside it"
                    + (component ? "" : " (a path)"))
        }
        func rank(_ name: String) -> Int { name == entryName ? 0 : identifiers[name] != nil ? 1 : 2 }
        let ordered = names.sorted { (rank($0), $0) < (rank($1), $1) }
        var members: [Member] = []
        for name in ordered {
            let segues = (try? storyboard.nib(named: name)).map { Self.segues(in: $0.archive) } ?? []
            members.append(
                Member(name: name, identifier: identifiers[name], isEntryPoint: name == entryName, segues: segues))
        }
        self.members = members
    }

    /// The segue templates among `archive`'s objects (classes named `…SegueTemplate`), read
    /// from the tables: kind from the class name, identifier and destination from their strings.
    static func segues(in archive: NibArchive) -> [Segue] {
        let classNames = archive.classes.map(\.name)
        let keyNames = archive.keys.map(\.name)
        func string(_ payload: NibArchive.Payload) -> String? {
            guard case .objectReference(let reference) = payload, archive.objects.indices.contains(Int(reference))
            else { return nil }
            for value in archive.values(of: archive.objects[Int(reference)]) {
                guard keyNames.indices.contains(value.keyIndex), keyNames[value.keyIndex] == "NS.bytes",
                    case .data(let bytes) = value.payload
                else { continue }
                return String(decoding: bytes, as: UTF8.self)
            }
            return nil
        }
        var segues: [Segue] = []
        for object in archive.objects where classNames.indices.contains(object.classIndex) {
            let className = classNames[object.classIndex]
            guard className.hasSuffix("SegueTemplate") else { continue }
            var kind = String(className.dropLast("SegueTemplate".count))
            for prefix in ["UIStoryboard", "NSStoryboard"] where kind.hasPrefix(prefix) {
                kind = String(kind.dropFirst(prefix.count))
            }
            if let first = kind.first { kind = first.lowercased() + kind.dropFirst() }
            var segue = Segue(kind: kind.isEmpty ? "segue" : kind)
            for value in archive.values(of: object) where keyNames.indices.contains(value.keyIndex) {
                switch keyNames[value.keyIndex] {
                case "UIIdentifier", "NSIdentifier": segue.identifier = string(value.payload)
                case "UIDestinationViewControllerIdentifier", "NSDestinationControllerIdentifier":
                    segue.destination = string(value.payload)
                default: break
                }
            }
            segues.append(segue)
        }
        return segues
    }

    /// For each view nib a scene's controller loads (`UINibName`), the scene and the
    /// controller's class (`UITableViewController-abc › MyApp.ListController`), read from the
    /// scenes' tables.
    func viewNibOwners() -> [String: (scene: String, controller: String)] {
        var owners: [String: (String, String)] = [:]
        for member in members where member.identifier != nil {
            guard let archive = try? nib(member.name).archive else { continue }
            let classNames = archive.classes.map(\.name)
            let keyNames = archive.keys.map(\.name)
            func string(_ payload: NibArchive.Payload) -> String? {
                guard case .objectReference(let reference) = payload, archive.objects.indices.contains(Int(reference))
                else { return nil }
                for value in archive.values(of: archive.objects[Int(reference)])
                where keyNames.indices.contains(value.keyIndex) && keyNames[value.keyIndex] == "NS.bytes" {
                    if case .data(let bytes) = value.payload { return String(decoding: bytes, as: UTF8.self) }
                }
                return nil
            }
            for object in archive.objects {
                var nibName: String?
                var custom: String?
                for value in archive.values(of: object) where keyNames.indices.contains(value.keyIndex) {
                    switch keyNames[value.keyIndex] {
                    case "UINibName", "NSNibName": nibName = string(value.payload)
                    case "UIClassName": custom = string(value.payload)
                    default: break
                    }
                }
                guard let nibName, owners[nibName] == nil else { continue }
                let className = classNames.indices.contains(object.classIndex) ? classNames[object.classIndex] : "?"
                owners[nibName] = (member.name, SwiftClassName.readable(custom ?? className))
            }
        }
        return owners
    }

    /// The nib called `name`.
    func nib(_ name: String) throws(NibCodingError) -> Nib { try storyboard.nib(named: name) }

    /// A heading line for a member: `Scene UIViewController-abc (entry point, identifier Login)`.
    static func heading(_ member: Member) -> String {
        var notes: [String] = []
        if member.isEntryPoint { notes.append("entry point") }
        if let identifier = member.identifier, identifier != member.name {
            notes.append("identifier \(DisplayText.escaped(identifier))")
        }
        let kind = member.identifier == nil ? "Nib" : "Scene"
        return "\(kind) \(DisplayText.escaped(member.name))"
            + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
    }

    /// A segue as one line: `segue show "details" → UIViewController-xyz`.
    static func line(_ segue: Segue) -> String {
        var text = "segue \(DisplayText.escaped(segue.kind))"
        if let identifier = segue.identifier { text += " \"\(DisplayText.escaped(identifier, quote: true))\"" }
        return text + " → " + (segue.destination.map { DisplayText.escaped($0) } ?? "?")
    }

    /// A file name for the picture of nib `name`: one path component whatever the name holds
    /// (names come from the storyboard's files and `Info.plist`, so they are untrusted): `/`,
    /// `\`, NUL, controls and format characters become `_`, leading dots are dropped, at most 200
    /// bytes; `scene` when nothing is left. `used` keeps the names unique (`-2`, `-3`…).
    static func fileName(for name: String, used: inout Set<String>) -> String {
        var stem = ""
        for scalar in name.unicodeScalars {
            let category = scalar.properties.generalCategory
            if scalar == "/" || scalar == "\\" || scalar == ":" || category == .control || category == .format
                || DisplayText.needsEscape(scalar)
            {
                stem += "_"
            } else {
                stem.unicodeScalars.append(scalar)
            }
        }
        while stem.hasPrefix(".") { stem.removeFirst() }
        while stem.utf8.count > 200 { stem.removeLast() }
        if stem.isEmpty { stem = "scene" }
        var candidate = stem
        var number = 1
        while used.contains(candidate.lowercased()) || candidate.lowercased() == "index" {
            number += 1
            candidate = "\(stem)-\(number)"
        }
        used.insert(candidate.lowercased())
        return candidate + ".svg"
    }
}
