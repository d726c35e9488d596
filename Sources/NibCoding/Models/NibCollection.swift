import NibArchive

/// The collection classes: arrays, sets and dictionaries, in either archived form.
///
/// **Inlined form** (`NSArray`, `NSMutableArray`, `NSDictionary`, `NSMutableDictionary`,
/// `NSMutableSet`, coder-9 `NSSet`): the first value is `NSInlinedValue`, then one
/// `UINibEncoderEmptyKey` value per element. **Keyed form** (`NSOrderedSet`, coder-10
/// `NSSet`): `NS.object.0`, `NS.object.1`, …. Following UIKit, a collection with a nil element
/// decodes as nil, and a collection that contains itself directly is an error
/// (``NibCodingError/Code/collectionCycle``); a longer cycle through it is a weak back reference.
open class NibCollection: NibObject {
    static let inlinedKey = "NSInlinedValue"
    static let elementKey = "UINibEncoderEmptyKey"

    override class var isCollection: Bool { true }

    /// Whether the collection uses the inlined form (its first value is `NSInlinedValue`).
    public var isInlined: Bool {
        if case .archived(let archived) = storage { return archived.isInlined }
        var inlined = false
        forEachEntry { key, _ in
            inlined = key == Self.inlinedKey
            return false
        }
        return inlined
    }

    /// The element values in order, nil elements included.
    var elementValues: [NibEntry.Value] {
        var result: [NibEntry.Value] = []
        if isInlined {
            forEachEntry { key, value in
                if key == Self.elementKey { result.append(value) }
                return true
            }
            return result
        }
        // One walk over the values: reading each `NS.object.n` by name scanned them all per element.
        switch storage {
        case .archived(let archived):
            return archived.keyedElementValues()
        case .entries(let entries):
            var found = [Int](repeating: -1, count: entries.count)
            for index in entries.indices {
                var key = entries[index].key
                let element = key.withUTF8 { Self.keyedElementIndex($0, below: entries.count) }
                if let element, found[element] < 0 { found[element] = index }
            }
            for index in found {
                guard index >= 0 else { break }
                result.append(entries[index].value)
            }
            return result
        case .empty:
            return result
        }
    }

    /// `n` for a key spelled `NS.object.n`, with `n` written as `"\(n)"` writes it (decimal
    /// digits, no sign, no leading zero), when `n` is below `limit`; otherwise `nil`. (An object
    /// with `limit` values has no element at or above `limit`: an index is missing before it.)
    static func keyedElementIndex(_ key: UnsafeBufferPointer<UInt8>, below limit: Int) -> Int? {
        let prefix: StaticString = "NS.object."
        let prefixCount = prefix.utf8CodeUnitCount
        guard key.count > prefixCount, key.count <= prefixCount + 19 else { return nil }
        for offset in 0..<prefixCount where key[offset] != prefix.utf8Start[offset] { return nil }
        // "0" alone, or digits not starting with 0.
        if key[prefixCount] == UInt8(ascii: "0") && key.count > prefixCount + 1 { return nil }
        var value = 0
        for offset in prefixCount..<key.count {
            let digit = Int(key[offset]) &- Int(UInt8(ascii: "0"))
            guard digit >= 0, digit <= 9 else { return nil }
            // `value` stays below `limit` (a number of values), so this cannot overflow.
            value = value &* 10 &+ digit
            if value >= limit { return nil }
        }
        return value
    }

    /// Whether some element is nil, which makes UIKit decode the whole collection as nil.
    var containsNilElement: Bool {
        if case .archived(let archived) = storage, !archived.isInlined { return archived.keyedElementsContainNil }
        return elementValues.contains { value in
            switch value {
            case .object(let object): object == nil
            case .backReference(let reference): reference.object == nil
            case .payload: true
            }
        }
    }

    override func didDecode(stringsTable: [String: String]?, nilElement: Bool) -> Bool {
        isInlined ? !nilElement : !containsNilElement
    }

    /// The elements in stored order. For a dictionary: key, value, key, value.
    public var elements: [AnyObject] {
        if case .archived(let archived) = storage, let references = archived.inlinedElementReferences {
            return references.objects
        }
        var result: [AnyObject] = []
        if isInlined {
            result.reserveCapacity(entryCount - 1)
            forEachEntry { key, value in
                if key == Self.elementKey, let object = value.object { result.append(object) }
                return true
            }
            return result
        }
        return elementValues.compactMap(\.object)
    }

    /// Calls `body` with each element object in order, without building an array when the
    /// elements are still the archive's.
    func forEachElement(_ body: (AnyObject) -> Void) {
        if case .archived(let archived) = storage, let references = archived.inlinedElementReferences {
            references.forEachObject(body)
            return
        }
        for element in elements { body(element) }
    }

    /// Replaces the elements, keeping the collection's form.
    public func setElements(_ elements: [AnyObject]) {
        if isInlined || entries.isEmpty && Self.prefersInlinedForm(className) {
            entries =
                [NibEntry(key: Self.inlinedKey, value: .payload(.bool(true)))]
                + elements.map { NibEntry(key: Self.elementKey, value: .object($0)) }
        } else {
            entries = elements.enumerated().map { NibEntry(key: "NS.object.\($0.offset)", value: .object($0.element)) }
        }
    }

    static func prefersInlinedForm(_ className: String) -> Bool {
        className != "NSOrderedSet" && className != "NSMutableOrderedSet" && className != "NSSet"
    }

    /// `NSArray [3 elements]`.
    override open var description: String { "\(className) [\(DisplayText.counted(elementValues.count, "element"))]" }
}

/// `NSArray` / `NSMutableArray`.
public final class NibArray: NibCollection {
    /// `NSArray`.
    override public class var defaultClassName: String { "NSArray" }

    /// Creates an inlined array (class `NSArray` unless given).
    public convenience init(elements: [AnyObject], className: String = "NSArray") {
        self.init()
        self.className = className
        setElements(elements)
    }
}

/// `NSSet`, `NSMutableSet`, `NSOrderedSet` (never rely on the order of an unordered set).
public final class NibSet: NibCollection {
    /// `NSSet`.
    override public class var defaultClassName: String { "NSSet" }

    /// Creates a set; `NSSet` and `NSOrderedSet` use the keyed form, as coder-10 output does.
    public convenience init(elements: [AnyObject], className: String = "NSSet") {
        self.init()
        self.className = className
        setElements(elements)
    }
}

/// `NSDictionary` / `NSMutableDictionary`: keys and values alternate.
public final class NibDictionary: NibCollection {
    /// `NSDictionary`.
    override public class var defaultClassName: String { "NSDictionary" }

    /// Creates an inlined dictionary.
    public convenience init(pairs: [(key: AnyObject, value: AnyObject)], className: String = "NSDictionary") {
        self.init()
        self.className = className
        setElements(pairs.flatMap { [$0.key, $0.value] })
    }

    /// The key–value pairs in stored order (never rely on it: the writer sorts only sometimes).
    public var pairs: [(key: AnyObject, value: AnyObject)] {
        let all = elements
        return stride(from: 0, to: all.count - 1, by: 2).map { (all[$0], all[$0 + 1]) }
    }

    /// The pairs whose keys are strings, by key text.
    public var stringKeyedValues: [String: AnyObject] {
        var result: [String: AnyObject] = [:]
        for (key, value) in pairs {
            if let key = key as? NibString, result[key.string] == nil { result[key.string] = value }
        }
        return result
    }

    /// `NSDictionary [2 pairs]`.
    override public var description: String { "\(className) [\(pairs.count) pairs]" }
}
