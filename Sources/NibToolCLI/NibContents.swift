import Foundation
import NibArchive
import NibCoding

/// What `nibtool scan` reports about a nib: its custom (non-Apple) classes, outlet and action
/// names, and user-visible strings, each in order of first appearance without repeats.
///
/// Read straight from the archive's tables rather than a decoded graph, so scanning a whole app
/// stays fast; nested nibs (table and collection view cells) are included.
struct NibContents: Encodable {
    private(set) var classes: [String] = []
    private(set) var outlets: [String] = []
    private(set) var actions: [String] = []
    private(set) var strings: [String] = []
    private var seen: [Set<String>] = [[], [], [], []]

    private static let maximumNesting = 4
    private static let maximumStringDepth = 4

    /// The keys whose string values people see on screen.
    static let userVisibleKeys: Set<String> = [
        "UIText", "UITitle", "UIPlaceholder", "UIPrompt", "UIAttributedText", "UIAttributedPlaceholder",
        "UISegmentTitle", "UIBackButtonTitle", "UIHeaderTitle", "UIFooterTitle", "UIAccessibilityLabel",
        "UIAccessibilityHint", "NSTitle", "NSContents", "NSPlaceholderString", "NSAlternateContents", "NSToolTip",
    ]

    /// Class-name prefixes of Apple's frameworks (followed by an upper-case letter).
    static let applePrefixes = [
        "UI", "NS", "_UI", "_NS", "IB", "CA", "CI", "MK", "WK", "AV", "SK", "SCN", "GLK", "MTK", "AR", "PK", "PDF",
        "QL", "PH", "CN", "EK", "GK", "HK", "MF", "SF", "CL", "MP", "QC", "IK", "ASW", "WebView", "Web",
    ]

    /// Whether `name` (as archived) belongs to a framework rather than the app.
    static func isAppleClass(_ name: String) -> Bool {
        if name.hasPrefix("_Tt") || name.contains(".") { return false }
        for prefix in applePrefixes where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let first = rest.first, first.isUppercase || prefix.count > 3 { return true }
            if rest.isEmpty { return true }
        }
        return false
    }

    mutating func addClass(_ name: String) { insert(SwiftClassName.readable(name), into: 0) }
    mutating func addOutlet(_ name: String) { insert(name, into: 1) }
    mutating func addAction(_ name: String) { insert(name, into: 2) }
    mutating func addString(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { insert(text, into: 3) }
    }

    /// Adds everything in `other`.
    mutating func merge(_ other: NibContents) {
        for (list, values) in [other.classes, other.outlets, other.actions, other.strings].enumerated() {
            for value in values { insert(value, into: list) }
        }
    }

    private mutating func insert(_ value: String, into list: Int) {
        guard seen[list].insert(value).inserted else { return }
        switch list {
        case 0: classes.append(value)
        case 1: outlets.append(value)
        case 2: actions.append(value)
        default: strings.append(value)
        }
    }

    enum CodingKeys: String, CodingKey { case classes, outlets, actions, strings }

    /// Adds the classes, connections and strings of `archive` and of the nibs nested in it.
    mutating func add(_ archive: NibArchive, nesting: Int = 0) {
        let reader = ArchiveStrings(archive)
        for object in archive.objects {
            let className = reader.className(object.classIndex)
            if !Self.isAppleClass(className) { addClass(className) }
            var label: String?
            for value in archive.values(of: object) {
                let key = reader.keyName(value.keyIndex)
                switch key {
                case "UIClassName", "NSClassName":
                    if className == "UIClassSwapper" || className == "NSCustomObject" || className == "NSCustomView",
                        let name = reader.strings(value.payload).first, !Self.isAppleClass(name)
                    {
                        addClass(name)
                    }
                case "UILabel", "NSLabel":
                    label = reader.strings(value.payload).first
                default:
                    if Self.userVisibleKeys.contains(key) {
                        for string in reader.strings(value.payload) { addString(string) }
                    } else if case .data(let bytes) = value.payload, nesting < Self.maximumNesting,
                        NibArchive.hasMagic(bytes), let nested = archive.nestedArchive(in: value)
                    {
                        add(nested, nesting: nesting + 1)
                    }
                }
            }
            if let label {
                switch className {
                case "UIRuntimeOutletConnection", "UIRuntimeOutletCollectionConnection", "NSNibOutletConnector",
                    "NSIBOutletConnector":
                    addOutlet(label)
                case "UIRuntimeEventConnection", "NSNibControlConnector", "NSIBControlConnector":
                    addAction(label)
                default: break
                }
            }
        }
    }
}

/// Reads class names, key names and string values out of one archive's tables.
private struct ArchiveStrings {
    let archive: NibArchive
    let classNames: [String]
    let keyNames: [String]

    init(_ archive: NibArchive) {
        self.archive = archive
        classNames = archive.classes.map(\.name)
        keyNames = archive.keys.map(\.name)
    }

    func className(_ index: Int) -> String { classNames.indices.contains(index) ? classNames[index] : "?" }
    func keyName(_ index: Int) -> String { keyNames.indices.contains(index) ? keyNames[index] : "?" }

    /// The strings a value holds: inline UTF-8 data, an NSString, an attributed string's text,
    /// or the strings of an array.
    func strings(_ payload: NibArchive.Payload, depth: Int = 0) -> [String] {
        switch payload {
        case .data(let bytes):
            return NibArchive.hasMagic(bytes) ? [] : [String(decoding: bytes, as: UTF8.self)]
        case .objectReference(let reference):
            let index = Int(reference)
            guard depth < 4, archive.objects.indices.contains(index) else { return [] }
            let object = archive.objects[index]
            let values = archive.values(of: object)
            switch className(object.classIndex) {
            case "NSString", "NSMutableString", "NSLocalizableString":
                for value in values where keyName(value.keyIndex) == "NS.bytes" {
                    return strings(value.payload, depth: depth + 1)
                }
                return []
            case "NSAttributedString", "NSMutableAttributedString":
                for value in values where keyName(value.keyIndex) == "NSString" {
                    return strings(value.payload, depth: depth + 1)
                }
                return []
            case "NSArray", "NSMutableArray":
                return values.filter { keyName($0.keyIndex) == "UINibEncoderEmptyKey" }
                    .flatMap { strings($0.payload, depth: depth + 1) }
            default:
                return []
            }
        default:
            return []
        }
    }
}
