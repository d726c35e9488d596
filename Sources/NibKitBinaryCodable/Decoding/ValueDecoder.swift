/// The `Decoder` handed to `init(from:)`: one slot of the input, at one nesting depth.
final class ValueDecoder: Decoder, CodingPathNode {
    @exclusivity(unchecked) private(set) var input: InputBytes
    let options: DecodingOptions
    @exclusivity(unchecked) private(set) var slot: Slot
    @exclusivity(unchecked) private(set) var depth: Int
    @exclusivity(unchecked) var parent: ValueDecoder?
    @exclusivity(unchecked) private(set) var component: PathComponent?
    /// The entries of this decoder's keyed container; kept when the decoder is reused.
    @exclusivity(unchecked) private var table: KeyedTable?

    /// The keyed table of this decoder's slot, split and validated now.
    func loadedTable(_ range: Range<Int>) throws -> KeyedTable {
        let table = self.table ?? KeyedTable(input: input)
        self.table = table
        do { try table.load(input: input, range: range) } catch { throw corrupted(error) }
        return table
    }

    init(
        input: InputBytes, options: DecodingOptions, slot: Slot, depth: Int,
        parent: ValueDecoder?, component: PathComponent?
    ) {
        self.input = input
        self.options = options
        self.slot = slot
        self.depth = depth
        self.parent = parent
        self.component = component
    }

    func reuse(input: InputBytes, slot: Slot, depth: Int, parent: ValueDecoder?, component: PathComponent?) {
        self.input = input
        self.slot = slot
        self.depth = depth
        self.parent = parent
        self.component = component
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try KeyedValueDecodingContainer<Key>(decoder: self, range: try containerRange()))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try UnkeyedValueDecodingContainer(decoder: self, range: try containerRange())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueValueDecodingContainer(decoder: self)
    }

    func containerRange() throws -> Range<Int> {
        switch slot {
        case .root(let range), .element(let range): return range
        case .nilElement(let offset):
            throw corrupted(WireError(.nilContainer, at: input.offsetBase + offset))
        }
    }

    // MARK: Errors

    func path(appending component: PathComponent?) -> [any CodingKey] {
        var path = codingPath
        if let component { path.append(component.codingKey) }
        return path
    }

    func corrupted(_ error: WireError, at component: PathComponent? = nil) -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: path(appending: component), debugDescription: error.description, underlyingError: error))
    }

    func valueNotFound(_ type: Any.Type, atOffset offset: Int, component: PathComponent?) -> DecodingError {
        let absolute = input.offsetBase + offset
        return .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: path(appending: component),
                debugDescription: "Expected \(type) but found nil at byte offset \(absolute)"))
    }

    /// Absolute offset of a slot, for messages.
    func offset(of slot: Slot) -> Int {
        switch slot {
        case .root(let range), .element(let range): return input.offsetBase + range.lowerBound
        case .nilElement(let offset): return input.offsetBase + offset
        }
    }

    // MARK: Children

    /// Decodes a primitive (§2.3) from `slot`, which must hold exactly its payload.
    @inline(__always)
    func decodePrimitive<T: PrimitiveDecodable>(
        _ type: T.Type, from slot: Slot, component: PathComponent?
    ) throws -> T {
        switch slot {
        case .root(let range), .element(let range):
            var reader = input.reader(range)
            do {
                let value = try T.readPayload(from: &reader)
                try reader.expectEnd()
                return value
            } catch {
                throw corrupted(error, at: component)
            }
        case .nilElement(let offset):
            throw valueNotFound(T.self, atOffset: offset, component: component)
        }
    }

    /// Decodes any value from a child slot: primitives directly, others through `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type, from slot: Slot, component: PathComponent?) throws -> T {
        if let primitive = options.primitiveType(T.self) {
            return try decodeOpenedPrimitive(primitive, as: type, from: slot, component: component)
        }
        if T.self == [String].self,
            let strings = exactly(try decodeStrings(from: slot, component: component), as: T.self)
        {
            return strings
        }
        if let dictionary = options.stringKeyedDictionaryType(T.self) {
            return try decodeOpenedDictionary(dictionary, as: T.self, from: slot, component: component)
        }
        if T.self == Int128.self || T.self == UInt128.self {
            throw corrupted(
                WireError(.unsupportedType, at: offset(of: slot), "\(T.self)"), at: component)
        }
        var child = try childDecoder(for: slot, component: component)
        let value = try T(from: child)
        options.recycle(&child)
        return value
    }

    private func decodeOpenedPrimitive<P: PrimitiveDecodable, T>(
        _ primitive: P.Type, as type: T.Type, from slot: Slot, component: PathComponent?
    ) throws -> T {
        switch slot {
        case .root(let range), .element(let range):
            var reader = input.reader(range)
            do {
                let value = try P.readPayload(as: T.self, from: &reader)
                try reader.expectEnd()
                return value
            } catch {
                throw corrupted(error, at: component)
            }
        case .nilElement(let offset):
            throw valueNotFound(T.self, atOffset: offset, component: component)
        }
    }

    /// Root dispatch (§2.18): a primitive reads the whole slot, anything else runs `init(from:)` here.
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        if let primitive = options.primitiveType(T.self) {
            return try decodeOpenedPrimitive(primitive, as: type, from: slot, component: nil)
        }
        if T.self == [String].self, let strings = exactly(try decodeStrings(from: slot, component: nil), as: T.self) {
            return strings
        }
        if T.self == Int128.self || T.self == UInt128.self {
            throw corrupted(WireError(.unsupportedType, at: offset(of: slot), "\(T.self)"))
        }
        return try T(from: self)
    }
}

extension ValueDecoder {
    /// A nested decoder for `slot`, one level deeper; fails beyond `maximumNestingDepth`.
    func childDecoder(for slot: Slot, component: PathComponent?) throws -> ValueDecoder {
        let childDepth = depth + 1
        guard childDepth <= options.maximumNestingDepth else {
            throw corrupted(
                WireError(.nestingTooDeep, at: offset(of: slot), "limit \(options.maximumNestingDepth)"),
                at: component)
        }
        guard options.stack.hasRoom() else {
            throw corrupted(
                WireError(
                    .stackExhausted, at: offset(of: slot),
                    "at depth \(childDepth); decode on a thread with a larger stack or lower maximumNestingDepth"),
                at: component)
        }
        return options.makeDecoder(input: input, slot: slot, depth: childDepth, parent: self, component: component)
    }
}

extension ValueDecoder {
    /// `[String]` as `Array.init(from:)` would read it (an unkeyed container of strings), minus the
    /// generic hops per element.
    func decodeStrings(from slot: Slot, component: PathComponent?) throws -> [String] {
        let range: Range<Int>
        switch slot {
        case .root(let content), .element(let content): range = content
        case .nilElement(let offset):
            throw corrupted(WireError(.nilContainer, at: input.offsetBase + offset), at: component)
        }
        var reader = input.reader(range)
        var strings: [String] = []
        strings.reserveCapacity(min(range.count, 1024))
        var index = 0
        while !reader.isAtEnd {
            let frame: Slot
            do { frame = try reader.readFrame() } catch { throw corrupted(error, at: component) }
            // Read in place; the element's decoder (for the coding path) is made only to fail.
            if case .element(let content) = frame {
                var element = input.reader(content)
                if let string = try? String.readPayload(from: &element) {
                    strings.append(string)
                    index += 1
                    continue
                }
            }
            let child = ValueDecoder(
                input: input, options: options, slot: frame, depth: depth + 1, parent: self, component: component)
            strings.append(try child.decodePrimitive(String.self, from: frame, component: .index(index)))
            index += 1
        }
        return strings
    }
}

extension ValueDecoder {
    private func decodeOpenedDictionary<D: StringKeyedDictionaryDecodable, T>(
        _ dictionary: D.Type, as type: T.Type, from slot: Slot, component: PathComponent?
    ) throws -> T {
        let decoded = try D.decodeEntries(with: self, from: slot, at: component)
        guard let typed = exactly(decoded, as: T.self) else {
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: path(appending: component), debugDescription: "internal: dictionary type"))
        }
        return typed
    }
}
