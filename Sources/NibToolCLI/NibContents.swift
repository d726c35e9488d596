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
        "NSWindowTitle", "NSToolbarItemLabel", "NSToolbarItemPaletteLabel", "NSToolbarItemToolTip",
        "NSSegmentItemLabel", "NSSegmentItemTooltip",
    ]

    /// The classes whose `NSClassName` / `UIClassName` names the class the object stands for.
    static let standInClasses: Set<String> = ["UIClassSwapper", "NSCustomObject", "NSCustomView", "NSClassSwapper"]

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
    ///
    /// Every object, value and string read counts against `budget` (a string or nested nib
    /// shared by many objects is read at each of them).
    mutating func add(_ archive: NibArchive, nesting: Int = 0, budget: inout ExpansionBudget)
        throws(ExpansionLimitError)
    {
        let reader = ArchiveStrings(archive)
        for object in archive.objects {
            let className = reader.className(object.classIndex)
            if !Self.isAppleClass(className) { addClass(className) }
            var label: String?
            try budget.spend()
            for value in archive.values(of: object) {
                try budget.spend()
                let key = reader.keyName(value.keyIndex)
                switch key {
                case "UIClassName", "NSClassName", "NSWindowClass":
                    if Self.standInClasses.contains(className) || key == "NSWindowClass",
                        let name = try reader.strings(value.payload, budget: &budget).first, !Self.isAppleClass(name)
                    {
                        addClass(name)
                    }
                case "NSLabel" where className == "NSTabViewItem":
                    // A tab's title (elsewhere NSLabel is a connection's outlet or action name).
                    for string in try reader.strings(value.payload, budget: &budget) { addString(string) }
                case "UILabel", "NSLabel":
                    label = try reader.strings(value.payload, budget: &budget).first
                default:
                    if Self.userVisibleKeys.contains(key) {
                        for string in try reader.strings(value.payload, budget: &budget) { addString(string) }
                    } else if case .data(let bytes) = value.payload, nesting < Self.maximumNesting,
                        NibArchive.hasMagic(bytes), let nested = archive.nestedArchive(in: value)
                    {
                        try budget.spend(bytes: bytes.count)
                        try add(nested, nesting: nesting + 1, budget: &budget)
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
    func strings(_ payload: NibArchive.Payload, depth: Int = 0, budget: inout ExpansionBudget)
        throws(ExpansionLimitError) -> [String]
    {
        switch payload {
        case .data(let bytes):
            try budget.spend(bytes: bytes.count)
            return NibArchive.hasMagic(bytes) ? [] : [String(decoding: bytes, as: UTF8.self)]
        case .objectReference(let reference):
            let index = Int(reference)
            guard depth < 4, archive.objects.indices.contains(index) else { return [] }
            try budget.spend()
            let object = archive.objects[index]
            let values = archive.values(of: object)
            switch className(object.classIndex) {
            case "NSString", "NSMutableString", "NSLocalizableString":
                // A keyed archive's NSLocalizableString holds its text as the string NS.string.
                for value in values where ["NS.bytes", "NS.string"].contains(keyName(value.keyIndex)) {
                    return try strings(value.payload, depth: depth + 1, budget: &budget)
                }
                return []
            case "NSAttributedString", "NSMutableAttributedString":
                for value in values where keyName(value.keyIndex) == "NSString" {
                    return try strings(value.payload, depth: depth + 1, budget: &budget)
                }
                return []
            case "NSArray", "NSMutableArray":
                var result: [String] = []
                for value in values where keyName(value.keyIndex) == "UINibEncoderEmptyKey" {
                    try budget.spend()
                    result += try strings(value.payload, depth: depth + 1, budget: &budget)
                }
                return result
            default:
                return []
            }
        default:
            return []
        }
    }
}
