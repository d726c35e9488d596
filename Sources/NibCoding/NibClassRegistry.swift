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
    private(set) var hasQualifiedNames = false
    /// The registered names by their bytes, for lookups straight from an archive's class table.
    private var asciiNames = ASCIINameTable()
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
        asciiNames.insert(className, type)
        if className.utf8.contains(UInt8(ascii: ".")) { hasQualifiedNames = true }
    }

    /// The result of a lookup by a name's bytes.
    enum ByteLookup {
        /// The exact name is registered.
        case found(any NibDecodable.Type)
        /// The exact name is not registered (a mangled Swift name may still match).
        case absent
        /// Bytes cannot decide (non-ASCII bytes, or a registered non-ASCII name, which Unicode
        /// equivalence could match): look up the name as a string.
        case undecided
    }

    /// The exact-name lookup of ``type(forClassName:)`` for a name given as its bytes, without
    /// making a string: for ASCII bytes and a registry of ASCII names, `String` equality is byte
    /// equality.
    func type(forASCIIName bytes: UnsafeBufferPointer<UInt8>) -> ByteLookup {
        asciiNames.lookUp(bytes)
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

/// An open-addressing hash table from ASCII names to registered types (FNV-1a over the bytes).
/// A registry with a non-ASCII name marks the table undecided for every lookup.
private struct ASCIINameTable: Sendable {
    private struct Slot: Sendable {
        var hash: UInt64
        var name: [UInt8]
        var type: any NibDecodable.Type
    }
    private var slots: [Slot?] = []
    private var count = 0
    private var hasNonASCIIName = false

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    mutating func insert(_ name: String, _ type: any NibDecodable.Type) {
        let bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            hasNonASCIIName = true
            return
        }
        if (count + 1) * 2 > slots.count { grow() }
        place(Slot(hash: bytes.withUnsafeBufferPointer(Self.hash), name: bytes, type: type))
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: Swift.max(64, old.count * 2))
        count = 0
        for case let slot? in old { place(slot) }
    }

    /// Stores `slot`, replacing a slot with the same name (`slots` has a free slot).
    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: slot.hash) & mask
        while let existing = slots[position] {
            if existing.hash == slot.hash, existing.name == slot.name {
                slots[position] = slot
                return
            }
            position = (position + 1) & mask
        }
        slots[position] = slot
        count += 1
    }

    func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) -> NibClassRegistry.ByteLookup {
        if hasNonASCIIName { return .undecided }
        for byte in bytes where byte >= 0x80 { return .undecided }
        guard !slots.isEmpty else { return .absent }
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        // At most half the slots are used: the probe ends at a free one.
        while let slot = slots[position] {
            if slot.hash == hash, slot.name.elementsEqual(bytes) { return .found(slot.type) }
            position = (position + 1) & mask
        }
        return .absent
    }
}
