extension NibArchive {
    /// Builds an archive the way Apple's writer lays it out.
    ///
    /// Add objects in encoding order (the first is the root), then their values. ``build()``
    /// applies Apple's rules: classes in order of first use by object index followed by
    /// fallback-only classes, each key stored once (in order of first use), values grouped by
    /// object, a repeated key within one object keeping only its first value (except
    /// `UINibEncoderEmptyKey`), empty objects starting at 0, integers in the narrowest width
    /// of the width rule (``Payload/integer(_:)``), and the `LNE\0` trailer exactly when the root
    /// holds `IBUINibLNEVersionKey`.
    ///
    /// ```swift
    /// var builder = NibArchive.Builder()
    /// let root = builder.addObject(className: "NSObject")
    /// let text = builder.addObject(className: "NSString")
    /// builder.append(.objectReference(text), forKey: "object", to: root)
    /// builder.append(.string("Hi"), forKey: "NS.bytes", to: text)
    /// let bytes = try builder.build().serialized()
    /// ```
    public struct Builder: Sendable {
        /// Identifies an object added to the builder; also its index in the built object table.
        public typealias ObjectID = UInt32

        /// The key Apple's writer uses for collection elements, which may repeat in an object.
        public static let emptyKey = "UINibEncoderEmptyKey"
        /// The root key whose presence goes with the `LNE\0` trailer.
        public static let lneVersionKey = "IBUINibLNEVersionKey"

        private struct PendingObject: Sendable {
            var className: String
            var values: [(key: String, payload: Payload)] = []
        }

        /// The header's coder version (10 for new output; 9 to match older files).
        public var coderVersion: UInt32
        private var objects: [PendingObject] = []
        private var fallbacks: [String: [String]] = [:]

        /// Creates an empty builder.
        public init(coderVersion: UInt32 = 10) {
            self.coderVersion = coderVersion
        }

        /// The number of objects added so far.
        public var objectCount: Int { objects.count }

        /// Adds an object of class `className` and returns its ID. The first object is the root.
        @discardableResult
        public mutating func addObject(className: String) -> ObjectID {
            objects.append(PendingObject(className: className))
            return ObjectID(truncatingIfNeeded: objects.count - 1)
        }

        /// Appends a value to `object`. Values keep the order they are appended in.
        public mutating func append(_ payload: Payload, forKey key: String, to object: ObjectID) {
            let index = Int(object)
            guard objects.indices.contains(index) else { return }
            objects[index].values.append((key, payload))
        }

        /// Declares the classes to try, in order, when `className` does not exist at run time,
        /// as `+classFallbacksForKeyedArchiver` does (for example `UIColor` → `NSColor`).
        public mutating func setFallbacks(_ fallbackClassNames: [String], for className: String) {
            fallbacks[className] = fallbackClassNames
        }

        /// Builds the archive in Apple's order.
        ///
        /// - Throws: ``NibArchiveError`` when an object reference names an object that was never
        ///   added, or when the contents exceed 32-bit offsets.
        public func build() throws(NibArchiveError) -> NibArchive {
            try Self.build(PendingObjects(objects: objects), coderVersion: coderVersion, fallbacks: fallbacks)
        }

        /// The builder's own objects as a ``Source``.
        private struct PendingObjects: Source {
            let objects: [PendingObject]
            var objectCount: Int { objects.count }
            func className(ofObject index: Int) -> String { objects[index].className }
            func values(ofObject index: Int) -> [(key: String, payload: Payload)] { objects[index].values }
        }

        /// Objects in encoding order (the first is the root) with their values, for
        /// ``build(_:coderVersion:fallbacks:)``: what a ``Builder`` holds, or a graph that a
        /// writer numbers and hands over without copying its values into a builder first (the
        /// compiler's objects: a builder's copy of every value was its largest allocation).
        package protocol Source {
            /// The values of one object, in the order they were encoded.
            associatedtype ObjectValues: Sequence<(key: String, payload: Payload)>
            /// How many objects there are.
            var objectCount: Int { get }
            /// The class of the object at `index` (below ``objectCount``).
            func className(ofObject index: Int) -> String
            /// The values of the object at `index` (below ``objectCount``); read twice.
            func values(ofObject index: Int) -> ObjectValues
        }

        /// Builds the archive of `source` in Apple's order, with `fallbacks` declared for the
        /// classes that `source`'s objects use (see ``setFallbacks(_:for:)``), as ``build()``
        /// does for a builder's objects.
        package static func build(
            _ source: some Source, coderVersion: UInt32, fallbacks: [String: [String]]
        ) throws(NibArchiveError) -> NibArchive {
            let count = source.objectCount
            var classOrder: [String] = []
            var classIndex: [String: Int] = [:]
            func useClass(_ name: String) {
                if classIndex[name] == nil {
                    classIndex[name] = classOrder.count
                    classOrder.append(name)
                }
            }
            for index in 0..<count { useClass(source.className(ofObject: index)) }
            // Fallback-only classes come after every class an object uses, in order of mention.
            for name in classOrder {
                for fallback in fallbacks[name] ?? [] { useClass(fallback) }
            }
            // Two passes over the pending values: the first orders the keys and counts each
            // object's values, the second hands the values to the table constructor one by one.
            // A table of every `Value` built in between took a third of the compiler's peak memory.
            var keyOrder: [Key] = []
            var keyIndex: [String: Int] = [:]
            var builtObjects: [Object] = []
            builtObjects.reserveCapacity(count)
            var valueCount = 0
            var storageSize = NibArchive.lneTrailer.count
            for objectIndex in 0..<count {
                let first = valueCount
                var seen: Set<String> = []
                for (key, payload) in source.values(ofObject: objectIndex) {
                    if key != Builder.emptyKey {
                        guard seen.insert(key).inserted else { continue }
                    }
                    if case .objectReference(let target) = payload, Int(target) >= count {
                        throw NibArchiveError(
                            code: .refRange, offset: nil, entry: TableEntry(.object, objectIndex),
                            message: "value \"\(key)\" refers to object \(target), but only \(count) were added"
                        )
                    }
                    if keyIndex[key] == nil {
                        keyIndex[key] = keyOrder.count
                        keyOrder.append(Key(key))
                        storageSize += key.utf8.count
                    }
                    if case .data(let bytes) = payload { storageSize += bytes.count }
                    valueCount += 1
                }
                let objectValueCount = valueCount - first
                builtObjects.append(
                    Object(
                        classIndex: classIndex[source.className(ofObject: objectIndex)] ?? 0,
                        firstValueIndex: objectValueCount == 0 ? 0 : first, valueCount: objectValueCount))
            }
            let classes = classOrder.map { name in
                ClassName(name, fallbacks: (fallbacks[name] ?? []).compactMap { classIndex[$0].map(UInt32.init) })
            }
            for name in classOrder { storageSize += name.utf8.count + 1 }
            let rootHasLNE = count > 0 && source.values(ofObject: 0).contains { $0.key == Builder.lneVersionKey }
            return try NibArchive(
                formatVersion: 1, coderVersion: coderVersion, objects: builtObjects, keys: keyOrder,
                values: BuiltValues(source: source, keyIndex: keyIndex, count: valueCount), classes: classes,
                trailingBytes: rootHasLNE ? NibArchive.lneTrailer : [], storageCapacity: storageSize)
        }

        /// The values of a source's objects in table order, made as they are read, with the
        /// same rule as the first pass of ``build(_:coderVersion:fallbacks:)`` (a repeated key
        /// keeps its first value).
        private struct BuiltValues<Objects: Source>: Sequence {
            let source: Objects
            let keyIndex: [String: Int]
            let count: Int

            var underestimatedCount: Int { count }

            func makeIterator() -> Iterator { Iterator(values: self) }

            struct Iterator: IteratorProtocol {
                let values: BuiltValues
                var object = 0
                var pending: Objects.ObjectValues.Iterator?
                var seen: Set<String> = []

                mutating func next() -> Value? {
                    while object < values.source.objectCount {
                        if pending == nil { pending = values.source.values(ofObject: object).makeIterator() }
                        while let (key, payload) = pending?.next() {
                            if key != Builder.emptyKey {
                                guard seen.insert(key).inserted else { continue }
                            }
                            return Value(keyIndex: values.keyIndex[key] ?? 0, payload: payload)
                        }
                        object += 1
                        pending = nil
                        seen = []
                    }
                    return nil
                }
            }
        }
    }

    /// The four bytes `LNE\0` that follow the tables of archives whose root holds
    /// `IBUINibLNEVersionKey`.
    public static let lneTrailer: [UInt8] = [0x4C, 0x4E, 0x45, 0x00]
}

extension NibArchive.Payload {
    /// A data payload holding the UTF-8 bytes of `string` (how `NS.bytes` stores text).
    public static func string(_ string: String) -> Self { .data(ArraySlice(string.utf8)) }

    /// A data payload holding `bytes`.
    public static func bytes(_ bytes: some Sequence<UInt8>) -> Self { .data(ArraySlice(bytes)) }
}
