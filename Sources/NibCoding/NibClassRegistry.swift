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

    /// ``type(forClassName:)`` for a name given as its bytes, looked up by the bytes when that
    /// decides (for ASCII bytes and a registry of ASCII names, `String` equality is byte
    /// equality, and without qualified names no mangled name can match), else as the string
    /// `name` makes.
    func type(forNameBytes bytes: UnsafeBufferPointer<UInt8>, name: () -> String) -> (any NibDecodable.Type)? {
        switch asciiNames.lookUp(bytes) {
        case .found(let type): return type
        case .absent where !hasQualifiedNames: return nil
        case .absent, .undecided: return type(forClassName: name())
        }
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

/// An open-addressing hash table from ASCII names to registered types (hashed eight bytes at a time),
/// kept in flat arrays so that a lookup copies nothing. A registry with a non-ASCII name marks
/// the table undecided for every lookup.
private struct ASCIINameTable: Sendable {
    /// Each slot's hash; `0` for a free slot (hashes are made odd).
    private var hashes: [UInt64] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var types: [(any NibDecodable.Type)?] = []
    /// Every name's bytes, one after another.
    private var bytes: [UInt8] = []
    private var count = 0
    private var hasNonASCIIName = false

    /// The hash of `bytes`, and whether they are all ASCII.
    ///
    /// Eight bytes at a time (measured: a byte at a time, a chain of one multiplication per
    /// byte, was most of a class lookup), then mixed so that the low bits, which pick the slot,
    /// depend on every byte.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, isASCII: Bool) {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: count)
        var high: UInt64 = 0
        var offset = 0
        while offset <= count &- 8 {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            high |= word
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset &+= 8
        }
        if offset < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                word |= UInt64(raw[offset]) << shift
                shift &+= 8
                offset &+= 1
            }
            high |= word
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        }
        hash ^= hash >> 32
        hash = hash &* 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return (hash | 1, high & 0x8080_8080_8080_8080 == 0)
    }

    /// Whether `first` and `second` (of equal length) hold the same bytes, compared eight at a time.
    private static func sameBytes(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
        guard first.count == second.count else { return false }
        var offset = 0
        while offset <= first.count &- 8 {
            if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset &+= 8
        }
        while offset < first.count {
            if first[offset] != second[offset] { return false }
            offset &+= 1
        }
        return true
    }

    mutating func insert(_ name: String, _ type: any NibDecodable.Type) {
        let name = Array(name.utf8)
        let (hash, isASCII) = name.withUnsafeBufferPointer(Self.hash)
        guard isASCII else {
            hasNonASCIIName = true
            return
        }
        if (count + 1) * 2 > hashes.count { grow() }
        let start = bytes.count
        bytes += name
        place(hash: hash, start: start, length: name.count, type: type)
    }

    private mutating func grow() {
        let old = (hashes, starts, lengths, types)
        let capacity = Swift.max(64, hashes.count * 2)
        hashes = Array(repeating: 0, count: capacity)
        starts = Array(repeating: 0, count: capacity)
        lengths = Array(repeating: 0, count: capacity)
        types = Array(repeating: nil, count: capacity)
        count = 0
        for slot in old.0.indices where old.0[slot] != 0 {
            place(hash: old.0[slot], start: old.1[slot], length: old.2[slot], type: old.3[slot])
        }
    }

    /// Stores a name (already in ``bytes``), replacing the type of an equal name; a free slot exists.
    private mutating func place(hash: UInt64, start: Int, length: Int, type: (any NibDecodable.Type)?) {
        let mask = hashes.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while hashes[slot] != 0 {
            if hashes[slot] == hash, lengths[slot] == length,
                bytes[starts[slot]..<(starts[slot] + length)].elementsEqual(bytes[start..<(start + length)])
            {
                types[slot] = type
                return
            }
            slot = (slot + 1) & mask
        }
        hashes[slot] = hash
        starts[slot] = start
        lengths[slot] = length
        types[slot] = type
        count += 1
    }

    func lookUp(_ name: UnsafeBufferPointer<UInt8>) -> NibClassRegistry.ByteLookup {
        if hasNonASCIIName { return .undecided }
        let (hash, isASCII) = Self.hash(name)
        guard isASCII else { return .undecided }
        guard count > 0 else { return .absent }
        return hashes.withUnsafeBufferPointer { hashes in
            let mask = hashes.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            // At most half the slots are used: the probe ends at a free one.
            while hashes[slot] != 0 {
                if hashes[slot] == hash, lengths[slot] == name.count {
                    let start = starts[slot]
                    let equal = bytes.withUnsafeBufferPointer { stored in
                        // `insert` stored `name.count` bytes at `start`.
                        Self.sameBytes(
                            UnsafeRawBufferPointer(
                                UnsafeBufferPointer(rebasing: stored[start..<(start &+ name.count)])),
                            UnsafeRawBufferPointer(name))
                    }
                    if equal, let type = types[slot] { return .found(type) }
                }
                slot = (slot + 1) & mask
            }
            return .absent
        }
    }
}
