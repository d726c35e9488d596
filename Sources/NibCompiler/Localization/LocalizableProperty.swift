/// Which properties of which elements are user-visible strings, and where the document keeps
/// each value: the table behind `--export-strings-file` and `--companion-strings-file`.
///
/// The (class, property) pairs are those of the `.strings` files projects committed beside their
/// `Base.lproj` documents (`/* Class = "UILabel"; text = "…"; ObjectID = "…"; */`): UIKit
/// `UILabel.text`, `UIButton.normalTitle`, `UITextField.placeholder`, `UINavigationItem.title`,
/// `UITableViewSection.headerTitle`/`footerTitle`, controller titles, `UITextView.text`; AppKit
/// `NSTextFieldCell.title`/`placeholderString`, `NSButtonCell.title`, `NSMenuItem.title`,
/// `NSWindow.title`, `NSTabViewItem.label`, `NSTableColumn.headerCell.title`. The UIKit ones are
/// also the strings the compiler archives as `NSLocalizableString` for `Base.lproj` documents.
struct LocalizableProperty {
    /// Where a value lives in the source.
    enum Location {
        /// An attribute of an element: `<label text="Hello">`.
        case attribute(SourceElement, String)
        /// The text of a `<string key="…">` child, used for long or multi-line values.
        case string(SourceElement)

        var value: String? {
            switch self {
            case .attribute(let element, let name): element[name]
            case .string(let element): element.text
            }
        }

        func write(_ text: String) {
            switch self {
            case .attribute(let element, let name): element.attributes[name] = text
            case .string(let element): element.text = text
            }
        }
    }

    /// One localizable string found in a document.
    struct Occurrence {
        var objectID: String
        var className: String
        var property: String
        var location: Location
        var note: String?
        var value: String? { location.value }
        var key: String { "\(objectID).\(property)" }
    }

    /// Every localizable property of the document below `root`, in document order.
    static func occurrences(in root: SourceElement) -> [Occurrence] {
        let uiKit = root["targetRuntime"]?.contains("CocoaTouch") ?? false
        var result: [Occurrence] = []
        for element in root.descendants {
            guard let id = element["id"] else { continue }
            let className =
                uiKit
                ? ClassHierarchy.uiKitClass(forElement: element.name)
                : ClassHierarchy.appKitClass(forElement: element.name)
            let note = element.child("attributedString", key: "userComments").map { comments in
                comments.children(named: "fragment").compactMap {
                    $0["content"] ?? $0.child("string", key: "content")?.text
                }
                .joined()
            }
            func add(_ property: String, _ location: Location?) {
                guard let location else { return }
                result.append(
                    Occurrence(objectID: id, className: className, property: property, location: location, note: note))
            }
            for (property, name) in (uiKit ? uiKitProperties : appKitProperties)[element.name] ?? [] {
                add(property, value(of: element, named: name))
            }
            if uiKit {
                addUIKitSpecials(of: element, add)
            } else {
                addAppKitSpecials(of: element, add)
            }
        }
        return result
    }

    /// The attribute `name`, else the `<string key="name">` child.
    private static func value(of element: SourceElement, named name: String) -> Location? {
        if element[name] != nil { return .attribute(element, name) }
        if let string = element.child("string", key: name) { return .string(string) }
        return nil
    }

    /// Element → (property, attribute) pairs whose property is the attribute's own name or
    /// the name the `.strings` files use for it.
    static let uiKitProperties: [String: [(String, String)]] = [
        "label": [("text", "text")],
        "textField": [("text", "text"), ("placeholder", "placeholder")],
        "textView": [("text", "text")],
        "navigationItem": [("title", "title"), ("prompt", "prompt"), ("backButtonTitle", "backButtonTitle")],
        "barButtonItem": [("title", "title")],
        "tabBarItem": [("title", "title")],
        "searchBar": [("text", "text"), ("placeholder", "placeholder"), ("prompt", "prompt")],
        "tableViewSection": [("headerTitle", "headerTitle"), ("footerTitle", "footerTitle")],
    ]

    static let appKitProperties: [String: [(String, String)]] = [
        "textFieldCell": [("title", "title"), ("placeholderString", "placeholderString")],
        "secureTextFieldCell": [("title", "title"), ("placeholderString", "placeholderString")],
        "searchFieldCell": [("title", "title"), ("placeholderString", "placeholderString")],
        "tokenFieldCell": [("title", "title"), ("placeholderString", "placeholderString")],
        "comboBoxCell": [("title", "title"), ("placeholderString", "placeholderString")],
        "buttonCell": [("title", "title"), ("alternateTitle", "alternateTitle")],
        "menuItem": [("title", "title")],
        "menu": [("title", "title")],
        "window": [("title", "title")],
        "tabViewItem": [("label", "label")],
        "box": [("title", "title")],
        "toolbarItem": [("label", "label"), ("paletteLabel", "paletteLabel"), ("toolTip", "toolTip")],
        "viewController": [("title", "title")],
        "windowController": [("title", "title")],
    ]

    private static func addUIKitSpecials(of element: SourceElement, _ add: (String, Location?) -> Void) {
        if element.name.hasSuffix("Controller") {
            add("title", element["title"] != nil ? .attribute(element, "title") : nil)
        }
        if element.name == "button" {
            for state in element.children(named: "state") {
                guard let key = state["key"] else { continue }
                add("\(key)Title", value(of: state, named: "title"))
            }
        }
        if element.name == "segmentedControl", let segments = element.child("segments") {
            for (index, segment) in segments.children(named: "segment").enumerated() {
                add("segmentTitles[\(index)]", value(of: segment, named: "title"))
            }
        }
        if let accessibility = element.child("accessibility", key: "accessibilityConfiguration") {
            add("accessibilityLabel", value(of: accessibility, named: "label"))
            add("accessibilityHint", value(of: accessibility, named: "hint"))
        }
    }

    private static func addAppKitSpecials(of element: SourceElement, _ add: (String, Location?) -> Void) {
        if element.name == "tableColumn", let header = element.child("tableHeaderCell", key: "headerCell") {
            add("headerCell.title", value(of: header, named: "title"))
        }
        if element.name == "segmentedCell", let segments = element.child("segments") {
            for (index, segment) in segments.children(named: "segment").enumerated() {
                add("ibShadowedLabels[\(index)]", value(of: segment, named: "label"))
            }
        }
        if appKitProperties[element.name] == nil {
            // Views and controls carry their tool tip themselves (cells have none).
            add("toolTip", value(of: element, named: "toolTip"))
        }
    }
}
