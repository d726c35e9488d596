import NibArchive

/// An object as the compiler builds it before it is written: a class name and keyed values in
/// encoding order. References are to other `ArchivedObject`s, so the graph can be built in any
/// order and numbered later, depth-first, as Apple's coder does.
final class ArchivedObject {
    /// A value: a scalar payload or a reference.
    enum Value {
        case integer(Int64)
        case bool(Bool)
        case float32(Float)
        case float64(Double)
        case data([UInt8])
        case null
        case object(ArchivedObject)
    }

    private(set) var className: String
    private(set) var values: [(key: String, value: Value)] = []
    /// For strings, numbers and colors: objects with equal keys are written once (the first
    /// one written stands for the others).
    var sharingKey: String?

    init(_ className: String, sharingKey: String? = nil) {
        self.className = className
        self.sharingKey = sharingKey
        ArchiveArena.current?.add(self)
    }

    /// Drops every value (and with them the references that may form cycles).
    func removeAllValues() { values.removeAll() }

    /// Puts back values read from ``values`` before a temporary change (``UIKitRuntimeForm``).
    func restoreValues(_ saved: [(key: String, value: Value)]) { values = saved }

    /// Replaces the class (for `UIClassSwapper`, which keeps the object's own values).
    func swapClass(_ name: String) { className = name }

    /// Appends a value.
    func set(_ key: String, _ value: Value) { values.append((key, value)) }

    /// Appends a reference.
    func set(_ key: String, _ object: ArchivedObject) { values.append((key, .object(object))) }

    /// Appends an integer (width chosen by the writer).
    func set(_ key: String, int: Int) { values.append((key, .integer(Int64(int)))) }

    /// Appends `true` only when `flag` is set, as UIKit's encoders do for most flags.
    func setFlag(_ key: String, _ flag: Bool) {
        if flag { values.append((key, .bool(true))) }
    }

    /// Appends `elements` to the inlined collection under `key`, creating an `NSMutableArray`.
    func appendElements(_ elements: [ArchivedObject], toCollection key: String) {
        guard !elements.isEmpty else { return }
        if case .object(let collection)? = values.first(where: { $0.key == key })?.value {
            for element in elements { collection.set(NibArchive.Builder.emptyKey, element) }
        } else {
            set(key, .collection("NSMutableArray", elements))
        }
    }

    /// Replaces the first value stored under `key` (or appends it).
    func replace(_ key: String, _ value: Value) {
        if let index = values.firstIndex(where: { $0.key == key }) {
            values[index].value = value
        } else {
            values.append((key, value))
        }
    }

    /// Inserts a value right after the first one stored under `key` (or appends it).
    func insert(_ key: String, _ value: Value, after previous: String) {
        if let index = values.firstIndex(where: { $0.key == previous }) {
            values.insert((key, value), at: index + 1)
        } else {
            values.append((key, value))
        }
    }

    /// Inserts a value right before the first one stored under `key` (or appends it).
    func insert(_ key: String, _ value: Value, before next: String) {
        if let index = values.firstIndex(where: { $0.key == next }) {
            values.insert((key, value), at: index)
        } else {
            values.append((key, value))
        }
    }

    /// The first value stored under `key`.
    func value(forKey key: String) -> Value? { values.first { $0.key == key }?.value }

    /// Replaces the first integer stored under `key` (or appends it).
    func replace(_ key: String, int: Int) { replace(key, .integer(Int64(int))) }

    /// Removes every value stored under `key`.
    func remove(_ key: String) { values.removeAll { $0.key == key } }

    /// The object referenced under `key`, if any.
    func object(forKey key: String) -> ArchivedObject? {
        if case .object(let target)? = values.first(where: { $0.key == key })?.value { return target }
        return nil
    }

    /// The objects this object references, in order (a collection's elements).
    var referencedObjects: [ArchivedObject] {
        values.compactMap { if case .object(let target) = $0.value { return target } else { return nil } }
    }

    /// Whether a value for `key` was already set.
    func has(_ key: String) -> Bool { values.contains { $0.key == key } }

    // MARK: Foundation objects

    /// An `NSString` (shared among equal strings).
    static func string(_ text: String) -> ArchivedObject {
        let object = ArchivedObject("NSString", sharingKey: "s:" + text)
        object.set("NS.bytes", .data(Array(text.utf8)))
        return object
    }

    /// An `NSNumber` holding an integer. Numbers are shared by value, as `-[NSNumber isEqual:]`
    /// compares them: 13 and 13.0 are one object, of whichever kind was encoded first.
    static func number(_ value: Int) -> ArchivedObject {
        let object = ArchivedObject("NSNumber", sharingKey: "n:\(value)")
        object.set("NS.intval", .integer(Int64(value)))
        return object
    }

    /// An `NSNumber` holding a double (shared with an equal integer, see ``number(_:)``).
    static func number(double value: Double) -> ArchivedObject {
        let integral = value == value.rounded() && abs(value) < 9e15
        let key = integral ? "n:\(Int64(value))" : "d:\(value.bitPattern)"
        let object = ArchivedObject("NSNumber", sharingKey: key)
        object.set("NS.dblval", .float64(value))
        return object
    }

    /// An `NSNumber` holding a boolean (`NS.boolval`); never shared with the integers 0 and 1
    /// (the pairs keep `false` and `0` apart).
    static func number(bool value: Bool) -> ArchivedObject {
        let object = ArchivedObject("NSNumber", sharingKey: "b:\(value)")
        object.set("NS.boolval", .bool(value))
        return object
    }

    /// An inlined collection (`NSArray`, `NSMutableArray`, `NSMutableSet`, …).
    static func collection(_ className: String, _ elements: [ArchivedObject]) -> ArchivedObject {
        let object = ArchivedObject(className)
        object.set("NSInlinedValue", .bool(true))
        for element in elements { object.set(NibArchive.Builder.emptyKey, element) }
        return object
    }

    /// An `NSOrderedSet` in its keyed form, `NS.object.0`, `NS.object.1`, …: UINibEncoder inlines
    /// only arrays, sets and dictionaries, and `-[NSOrderedSet initWithCoder:]` reads these keys
    /// (all 52 ordered sets of the corpus's nibs, 20, and of the pairs' outputs, 32: the
    /// size-class storages' `UIRelationshipCandidates`, has this form and none the inlined one).
    static func orderedSet(_ elements: [ArchivedObject]) -> ArchivedObject {
        let object = ArchivedObject("NSOrderedSet")
        for (index, element) in elements.enumerated() { object.set("NS.object.\(index)", element) }
        return object
    }

    /// Turns an inlined collection (``collection(_:_:)``) into the keyed form, `NS.object.0`,
    /// `NS.object.1`, …, in the same order; a keyed one is left as it is.
    func useKeyedCollectionForm() {
        guard values.first?.key == "NSInlinedValue" else { return }
        values = values.dropFirst().enumerated().map { ("NS.object.\($0.offset)", $0.element.value) }
    }

    /// An inlined dictionary: keys and values alternate.
    static func dictionary(_ className: String = "NSDictionary", _ pairs: [(ArchivedObject, ArchivedObject)])
        -> ArchivedObject
    {
        let object = ArchivedObject(className)
        object.set("NSInlinedValue", .bool(true))
        for (key, value) in pairs {
            object.set(NibArchive.Builder.emptyKey, key)
            object.set(NibArchive.Builder.emptyKey, value)
        }
        return object
    }

    // MARK: Geometry

    /// A geometry blob: marker 7 and float64 components, little-endian.
    static func geometry(_ components: [Double]) -> Value {
        var bytes: [UInt8] = [7]
        for component in components {
            withUnsafeBytes(of: component.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return .data(bytes)
    }
}
