import NibArchive

/// An archived object as Swift sees it: its class name and all its values, in stored order.
///
/// Every class without a registered Swift type decodes to a `NibObject`, so every real nib
/// loads. The shipped models (``NibView``, ``NibLabel``, ``NibColor``…) are subclasses that add
/// typed properties *over the same entries*: reading `label.text` reads the `UIText` entry, and
/// setting it changes the entry. Writing an object back (``NibEncoder``) writes its entries,
/// so decode → encode → decode keeps every class, key, value and reference.
///
/// During loading a `NibObject` also records what the nib did to it: outlets set on it,
/// actions added to it and runtime attributes applied to it.
open class NibObject: NibDecodable, NibEncodable, NibOutletSettable, NibActionSource, NibKeyValueSettable,
    CustomStringConvertible
{
    /// The archived class name, exactly as stored (for example `UIClassSwapper` or `UILabel`).
    public var className: String {
        get {
            if let storedClassName { return storedClassName }
            if let archived = archivedClassName { return archived }
            return Self.defaultClassName
        }
        set { storedClassName = newValue }
    }
    /// `nil` until set, so that creating an object during decoding costs no class-name lookup.
    @exclusivity(unchecked) private var storedClassName: String?
    /// For a decoded object, the index of its class in the archive's class table: the name is
    /// read from the archive on access (while the values are there), so that decoding stores
    /// no string per object.
    @exclusivity(unchecked) var archivedClassIndex: Int32 = -1

    /// The class name kept in the archive, while the values are there.
    private var archivedClassName: String? {
        guard archivedClassIndex >= 0, case .archived(let archived) = storage else { return nil }
        return archived.context.className(at: Int(archivedClassIndex))
    }

    /// Keeps the archived class name before the values leave the archive.
    @inline(__always)
    private func keepArchivedClassName() {
        guard archivedClassIndex >= 0 else { return }
        if storedClassName == nil { storedClassName = archivedClassName }
        archivedClassIndex = -1
    }
    /// The values, in stored order, with references resolved.
    ///
    /// A decoded object leaves its values in the archive (keeping only its resolved
    /// references), so loading copies nothing; typed reads such as ``string(forKey:)`` read the
    /// archive directly, and the first use of `entries` makes the object keep its own copy.
    public var entries: [NibEntry] {
        get {
            switch storage {
            case .entries(let entries): return entries
            case .archived(let archived):
                let entries = archived.makeEntries()
                keepArchivedClassName()
                storage = .entries(entries)
                // The entries hold the references now.
                archived.references.releaseAll()
                return entries
            case .empty:
                return []
            }
        }
        set {
            keepArchivedClassName()
            let old = storage
            storage = .entries(newValue)
            if case .archived(let archived) = old { archived.references.releaseAll() }
        }
    }

    /// Where the values live.
    enum Storage {
        /// Values made or changed in code.
        case entries([NibEntry])
        /// Values still in the archive, with the object's references resolved.
        case archived(ArchivedValues)
        /// No values yet (a new object): `entries([])` without an array to retain and release.
        case empty
    }
    @exclusivity(unchecked) var storage: Storage
    /// The object's index in the archive it was decoded from; `nil` for objects made in code.
    @exclusivity(unchecked) public internal(set) var archiveIndex: Int?
    /// Outlets that loading set on this object, in connection order.
    public internal(set) var outlets: [NibOutlet] {
        get { loadRecord?.outlets ?? [] }
        set { record.outlets = newValue }
    }
    /// Actions that loading added to this object as a control.
    public internal(set) var actions: [NibAction] {
        get { loadRecord?.actions ?? [] }
        set { record.actions = newValue }
    }
    /// User-defined runtime attributes and accessibility values that loading applied to this
    /// object.
    ///
    /// Values are held strongly, except a value that refers back to this object through strong
    /// references (only a hostile nib does that: Interface Builder's attribute types are
    /// strings, numbers, colors and other leaves), which is held weakly so that loading never
    /// builds a reference cycle.
    public internal(set) var runtimeAttributes: [(keyPath: String, value: AnyObject?)] {
        get { loadRecord?.runtimeAttributes.map { ($0.keyPath, $0.value.object) } ?? [] }
        set { record.runtimeAttributes = newValue.map { ($0.keyPath, .object($0.value)) } }
    }

    /// Records a runtime attribute whose value reaches this object, weakly.
    func recordRuntimeAttribute(_ keyPath: String, weakValue value: AnyObject) {
        record.runtimeAttributes.append((keyPath, .backReference(NibWeakReference(value))))
    }

    /// What loading did to the object; allocated only for the few objects it touches.
    private final class LoadRecord {
        // Unchecked: each access otherwise pays a dynamic exclusivity check.
        @exclusivity(unchecked) var outlets: [NibOutlet] = []
        @exclusivity(unchecked) var actions: [NibAction] = []
        @exclusivity(unchecked) var runtimeAttributes: [(keyPath: String, value: NibEntry.Value)] = []
    }
    @exclusivity(unchecked) private var loadRecord: LoadRecord?
    private var record: LoadRecord {
        if let loadRecord { return loadRecord }
        let created = LoadRecord()
        loadRecord = created
        return created
    }

    /// The class name a new instance of this model is archived under (`NSObject` here).
    open class var defaultClassName: String { "NSObject" }

    /// Whether the class is a collection, which must not contain itself.
    class var isCollection: Bool { false }

    /// Creates an object of class ``defaultClassName`` with no values.
    public required init() {
        storage = .empty
    }

    /// Releases long chains of objects one by one: a chain of a million objects would
    /// otherwise be freed by a million nested deinitializers and overflow the stack.
    deinit {
        // Fields are moved out (`take`, `swap`) rather than read: a read retains and releases.
        backReferenceBox.take()?.targetWillGo()
        guard releasesIteratively else {
            // The archived references are this object's to release (see `ResolvedReferences`).
            var values = Storage.empty
            swap(&values, &storage)
            if case .archived(let archived) = values { archived.references.releaseAll() }
            return
        }
        var pending: [NibObject] = []
        takeChildren(into: &pending)
        while var next = pending.popLast() {
            if isKnownUniquelyReferenced(&next) { next.takeChildren(into: &pending) }
        }
    }

    /// Calls `body` with each object this one holds strongly (values and runtime attributes),
    /// until `body` returns `false`; returns whether it ran to the end.
    func forEachStrongReference(_ body: (AnyObject) -> Bool) -> Bool {
        switch storage {
        case .archived(let archived):
            if !archived.references.forEachStrongObject(body) { return false }
        case .entries(let entries):
            for entry in entries {
                if case .object(let object?) = entry.value, !body(object) { return false }
            }
        case .empty:
            break
        }
        for attribute in loadRecord?.runtimeAttributes ?? [] {
            if case .object(let object?) = attribute.value, !body(object) { return false }
        }
        return true
    }

    /// The box through which back references of the load that decoded this object hold it
    /// (they read it through the box, which this object clears when it goes).
    @exclusivity(unchecked) var backReferenceBox: ResolvedReferences.BackReferenceBox?

    /// A box that refers to this object until it goes (its deinitializer clears it), made on
    /// first use: a weak reference to a model without a `weak` variable, which would give the
    /// model a side table (an allocation, and the runtime's slow path for every later retain
    /// and release of it).
    var referenceBox: ResolvedReferences.BackReferenceBox {
        if let backReferenceBox { return backReferenceBox }
        return ResolvedReferences.BackReferenceBox(model: self)
    }

    /// Set by the decoder on objects with long strong chains below them.
    @exclusivity(unchecked) var releasesIteratively = false

    /// Moves the objects this one holds strongly into `pending`, leaving it empty.
    private func takeChildren(into pending: inout [NibObject]) {
        switch storage {
        case .archived(let archived):
            storage = .empty
            archived.references.takeAll { pending.append($0) }
        case .entries(let entries):
            guard !entries.isEmpty else { return }
            storage = .empty
            for entry in entries {
                if case .object(let object?) = entry.value, let child = object as? NibObject { pending.append(child) }
            }
        case .empty:
            return
        }
    }

    /// Creates an object of `className` with `entries`.
    public init(className: String, entries: [NibEntry] = []) {
        self.storedClassName = className
        self.storage = .entries(entries)
    }

    /// Called once the object's values are in place (``entries`` reads them); overrides that
    /// read typed values call `super` first. The default does nothing more.
    open func decode(from coder: NibCoder) throws {}

    /// Finishes decoding; `false` makes the reference decode as nil (a collection with a nil element).
    func didDecode(stringsTable: [String: String]?, nilElement: Bool) -> Bool { true }

    /// The class name to archive the object under: ``className``.
    open var nibClassName: String { className }

    /// Writes ``entries`` in order.
    open func encode(to coder: NibEncodingCoder) throws {
        for entry in entries { coder.encode(entry) }
    }

    /// Records the outlet in ``outlets``.
    open func setOutlet(_ name: String, to destination: AnyObject) -> Bool {
        record.outlets.append(NibOutlet(source: self, name: name, destination: destination))
        return true
    }

    /// Records the outlet collection in ``outlets``.
    open func setOutletCollection(_ name: String, to destinations: [AnyObject], appending: Bool) -> Bool {
        record.outlets.append(NibOutlet(source: self, name: name, collection: destinations))
        return true
    }

    /// Records the action in ``actions``.
    open func addAction(_ action: NibAction) { record.actions.append(action) }

    /// Records the attribute in ``runtimeAttributes``.
    open func setNibValue(_ value: AnyObject?, forKeyPath keyPath: String) -> Bool {
        // Appended in place: going through `runtimeAttributes` would copy the list and make
        // every weakly held value strong.
        record.runtimeAttributes.append((keyPath, .object(value)))
        return true
    }

    /// The class the object really is: for a `UIClassSwapper`, its `UIClassName`, demangled
    /// (`_TtC4Demo5Badge` → `Demo.Badge`); for AppKit's stand-ins (`NSClassSwapper`,
    /// `NSCustomObject`, `NSCustomView`) their `NSClassName`, for an `NSWindowTemplate` its
    /// `NSWindowClass`; otherwise ``className``.
    public var displayClassName: String {
        if className == "UIClassSwapper", let custom = string(forKey: "UIClassName") {
            return SwiftClassName.readable(custom)
        }
        if let standIn = AppKitObjects.standInClassName(self) { return standIn }
        return SwiftClassName.readable(className)
    }

    /// For example `UILabel (12 values)`.
    open var description: String { "\(displayClassName) (\(DisplayText.counted(entryCount, "value")))" }
}
