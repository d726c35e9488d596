/// Maps archived class names to the Swift types that decode them — the Linux stand-in for
/// `NSClassFromString`.
///
/// Lookup order for an object (spec section 15): the exact name; a mangled Swift name
/// (`_TtC…`) as `Module.Class`, after module aliases; the class table's fallback classes; for a
/// `UIClassSwapper`, its `UIOriginalClassName`; otherwise a generic ``NibObject`` that keeps
/// the class name and every value (or, when ``isStrict``, an error).
///
/// ```swift
/// var registry = NibClassRegistry.standard
/// registry.register(LoginViewController.self, as: "MyApp.LoginViewController")
/// registry.addModuleAlias("My_App", for: "MyApp")   // IB archived the module as My_App
/// ```
public struct NibClassRegistry: Sendable {
    private var types: [String: any NibDecodable.Type] = [:]
    private var moduleAliases: [String: String] = [:]
    /// Whether some registered name is qualified (`Module.Class`): only then can a mangled
    /// Swift name (`_TtC…`) match, so without one it is not parsed at all.
    private var hasQualifiedNames = false
    /// Whether an unregistered class is an error (``NibCodingError/Code/unregisteredClass``)
    /// instead of a generic ``NibObject``. UIKit's behaviour; off by default.
    public var isStrict = false
    /// How many of the collection classes' names are registered: with all of them, a name the
    /// registry does not know is not a collection either, so loading skips that lookup.
    private var registeredCollectionNames = 0

    /// Whether every collection class name (``collectionTypes``) is registered.
    var registersAllCollections: Bool { registeredCollectionNames == Self.collectionTypes.count }

    /// An empty registry: every object decodes as a generic ``NibObject`` (proxies and
    /// collections keep their built-in handling).
    public init() {}

    /// The models NibKit ships for Foundation and UIKit classes (see the ``NibObject`` subclasses).
    public static let standard: NibClassRegistry = {
        var registry = NibClassRegistry()
        let models: [(any NibDecodable.Type, [String])] = [
            (NibString.self, ["NSString", "NSMutableString"]),
            (NibLocalizableString.self, ["NSLocalizableString"]),
            (NibNumber.self, ["NSNumber"]),
            (NibData.self, ["NSData", "NSMutableData"]),
            (NibArray.self, ["NSArray", "NSMutableArray"]),
            (NibSet.self, ["NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet"]),
            (NibDictionary.self, ["NSDictionary", "NSMutableDictionary"]),
            (NibStructValue.self, ["NSValue"]),
            (NibColor.self, ["UIColor", "NSColor"]),
            (NibFont.self, ["UIFont", "NSFont"]),
            (NibImageReference.self, ["UIImageNibPlaceholder"]),
            (NibOutletConnection.self, ["UIRuntimeOutletConnection"]),
            (NibOutletCollectionConnection.self, ["UIRuntimeOutletCollectionConnection"]),
            (NibEventConnection.self, ["UIRuntimeEventConnection"]),
            (NibKeyValuePair.self, ["UINibKeyValuePair"]),
            (NibNestedNib.self, ["UINib"]),
            (NibLabel.self, ["UILabel"]),
            (NibButton.self, ["UIButton"]),
            (NibTextField.self, ["UITextField", "UITextView", "UISearchBar"]),
            (
                NibView.self,
                [
                    "UIView", "UIImageView", "UIScrollView", "UIStackView", "UITableView", "UITableViewCell",
                    "UITableViewCellContentView", "UICollectionView", "UICollectionViewCell", "UINavigationBar",
                    "UIToolbar", "UITabBar", "UISwitch", "UISlider", "UISegmentedControl", "UIProgressView",
                    "UIActivityIndicatorView", "UIPageControl", "UIDatePicker", "UIPickerView", "UIVisualEffectView",
                    "MKMapView", "WKWebView", "UIWebView", "UIControl", "UIWindow", "UIStepper",
                    "_UITableViewCellSeparatorView", "UICollectionReusableView",
                ]
            ),
        ]
        for (type, names) in models {
            for name in names { registry.register(type, as: name) }
        }
        return registry
    }()

    /// The collection classes, which keep their built-in handling (inlined and keyed forms,
    /// nil-element rule, cycle check) even in a registry that does not list them, since loading
    /// reads the nib's root lists through them.
    static let collectionTypes: [String: NibObject.Type] = [
        "NSArray": NibArray.self, "NSMutableArray": NibArray.self, "NSSet": NibSet.self, "NSMutableSet": NibSet.self,
        "NSOrderedSet": NibSet.self, "NSMutableOrderedSet": NibSet.self, "NSDictionary": NibDictionary.self,
        "NSMutableDictionary": NibDictionary.self,
    ]

    /// Registers `type` for objects archived as `className`. For a Swift class archived under a
    /// mangled name, register its readable name: `"MyApp.LoginViewController"`.
    public mutating func register(_ type: any NibDecodable.Type, as className: String) {
        if Self.collectionTypes[className] != nil, types[className] == nil { registeredCollectionNames += 1 }
        types[className] = type
        if className.utf8.contains(UInt8(ascii: ".")) { hasQualifiedNames = true }
    }

    /// Treats classes archived in module `archivedModule` as if they were in `module`.
    public mutating func addModuleAlias(_ archivedModule: String, for module: String) {
        moduleAliases[archivedModule] = module
    }

    /// The type registered for `className`, trying the exact name, then a mangled Swift name as
    /// `Module.Class` and through module aliases.
    public func type(forClassName className: String) -> (any NibDecodable.Type)? {
        if let type = types[className] { return type }
        guard hasQualifiedNames, let swift = SwiftClassName(mangled: className) else { return nil }
        if let type = types[swift.description] { return type }
        if let alias = moduleAliases[swift.module] { return types[alias + "." + swift.qualifiedName] }
        return nil
    }
}
