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
            var classOrder: [String] = []
            var classIndex: [String: Int] = [:]
            func useClass(_ name: String) {
                if classIndex[name] == nil {
                    classIndex[name] = classOrder.count
                    classOrder.append(name)
                }
            }
            for object in objects { useClass(object.className) }
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
            builtObjects.reserveCapacity(objects.count)
            var valueCount = 0
            for (objectIndex, object) in objects.enumerated() {
                let first = valueCount
                var seen: Set<String> = []
                for (key, payload) in object.values {
                    if key != Builder.emptyKey {
                        guard seen.insert(key).inserted else { continue }
                    }
                    if case .objectReference(let target) = payload, Int(target) >= objects.count {
                        throw NibArchiveError(
                            code: .refRange, offset: nil, entry: TableEntry(.object, objectIndex),
                            message: "value \"\(key)\" refers to object \(target), but only \(objects.count) were added"
                        )
                    }
                    if keyIndex[key] == nil {
                        keyIndex[key] = keyOrder.count
                        keyOrder.append(Key(key))
                    }
                    valueCount += 1
                }
                let count = valueCount - first
                builtObjects.append(
                    Object(
                        classIndex: classIndex[object.className] ?? 0, firstValueIndex: count == 0 ? 0 : first,
                        valueCount: count))
            }
            let classes = classOrder.map { name in
                ClassName(name, fallbacks: (fallbacks[name] ?? []).compactMap { classIndex[$0].map(UInt32.init) })
            }
            let rootHasLNE = objects.first?.values.contains { $0.key == Builder.lneVersionKey } ?? false
            return try NibArchive(
                formatVersion: 1, coderVersion: coderVersion, objects: builtObjects, keys: keyOrder,
                values: BuiltValues(objects: objects, keyIndex: keyIndex, count: valueCount), classes: classes,
                trailingBytes: rootHasLNE ? NibArchive.lneTrailer : [])
        }

        /// The values of the pending objects in table order, made as they are read, with the
        /// same rule as the first pass of ``build()`` (a repeated key keeps its first value).
        private struct BuiltValues: Sequence {
            let objects: [PendingObject]
            let keyIndex: [String: Int]
            let count: Int

            var underestimatedCount: Int { count }

            func makeIterator() -> Iterator { Iterator(values: self) }

            struct Iterator: IteratorProtocol {
                let values: BuiltValues
                var object = 0
                var position = 0
                var seen: Set<String> = []

                mutating func next() -> Value? {
                    while object < values.objects.count {
                        let pending = values.objects[object].values
                        while position < pending.count {
                            let (key, payload) = pending[position]
                            position += 1
                            if key != Builder.emptyKey {
                                guard seen.insert(key).inserted else { continue }
                            }
                            return Value(keyIndex: values.keyIndex[key] ?? 0, payload: payload)
                        }
                        object += 1
                        position = 0
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
