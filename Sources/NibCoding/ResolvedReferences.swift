/// A decoded object's references, resolved, in stored order: strong references, and the back
/// references that close cycles, held weakly.
///
/// (Measured: one array of small two-case references is cheaper to fill and free than a plain
/// object array with the back references beside it, whose extra array and moves cost more than
/// they saved, and than an array of ``NibEntry/Value``s, whose 40-byte elements with a payload
/// case are copied and freed through outlined witnesses.)
struct ResolvedReferences {
    /// The target of back references, held weakly: one box per target object and load, shared
    /// by every back reference to it (a subview's superview, a constraint's view…).
    ///
    /// (Measured: with a box, both cases of ``Reference`` are one strong pointer, moved and
    /// copied inline; a weak reference in the enum made every append, copy and free go through
    /// the type's value witnesses, and formed a weak reference per back reference.)
    ///
    /// A model of the load itself is held unretained and clears its box when it goes
    /// (``NibObject``'s deinitializer), so it needs no weak reference: forming one gave every
    /// back-referenced model a side table, an allocation, and sent each of its retains and
    /// releases down the runtime's slow path. Any other target (a placeholder, an instance of
    /// a custom class) is held weakly.
    final class BackReferenceBox {
        /// A model of the load, cleared by its deinitializer.
        @exclusivity(unchecked) fileprivate(set) var model: Unmanaged<NibObject>?
        /// Any other target, held weakly.
        private weak var foreign: AnyObject?

        /// A box for `object`: a model of the load (`ownModel`) registers the box with itself.
        init(_ object: AnyObject?, ownModel: Bool) {
            if ownModel, let model = object as? NibObject, model.backReferenceBox == nil {
                self.model = Unmanaged.passUnretained(model)
                model.backReferenceBox = self
            } else {
                foreign = object
            }
        }

        /// The target, while it is alive.
        @inline(__always)
        var object: AnyObject? {
            if let model { return model.takeUnretainedValue() }
            return foreign
        }

        /// Called by the target model's deinitializer.
        @inline(__always)
        func targetWillGo() { model = nil }
    }

    /// One resolved reference: both cases are a single strong pointer.
    enum Reference {
        /// A strong reference; `nil` when the reference decoded to nothing.
        case strong(AnyObject?)
        /// A back reference, held weakly through the target's box.
        case back(BackReferenceBox)

        /// The referenced object, while it is alive.
        @inline(__always)
        var object: AnyObject? {
            switch self {
            case .strong(let object): object
            case .back(let reference): reference.object
            }
        }

        /// The reference as an entry value.
        @inline(__always)
        var value: NibEntry.Value {
            switch self {
            case .strong(let object): .object(object)
            case .back(let box): .backReference(NibWeakReference(box.object))
            }
        }
    }

    /// The references in stored order.
    private(set) var values: [Reference] = []

    /// No references.
    init() {}

    /// Room for `count` references without reallocating.
    mutating func reserveCapacity(_ count: Int) { values.reserveCapacity(count) }

    /// The number of references.
    var count: Int { values.count }

    /// Whether there are none.
    var isEmpty: Bool { values.isEmpty }

    /// Appends a strong reference (`nil` when the reference decoded to nothing).
    mutating func append(_ object: consuming AnyObject?) { values.append(.strong(object)) }

    /// Appends a back reference, held weakly through `box`.
    mutating func appendBackReference(_ box: consuming BackReferenceBox) {
        values.append(.back(box))
    }

    /// Appends the referenced objects that are alive to `result`, in order.
    ///
    /// (Read in place: iterating the array copies every two-case element through an outlined
    /// witness, several times the cost of the append.)
    func appendObjects(to result: inout [AnyObject]) {
        values.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                switch buffer[index] {
                case .strong(let object?): result.append(object)
                case .strong(nil): break
                case .back(let reference): if let object = reference.object { result.append(object) }
                }
            }
        }
    }

    /// The object the reference at `position` refers to, while it is alive (read in place).
    func object(at position: Int) -> AnyObject? {
        values.withUnsafeBufferPointer { buffer in
            switch buffer[position] {
            case .strong(let object): object
            case .back(let reference): reference.object
            }
        }
    }

    /// Calls `body` with each referenced object that is alive, in order (read in place).
    func forEachObject(_ body: (AnyObject) -> Void) {
        values.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                switch buffer[index] {
                case .strong(let object?): body(object)
                case .strong(nil): break
                case .back(let reference): if let object = reference.object { body(object) }
                }
            }
        }
    }

    /// The reference at `position` as an entry value.
    subscript(position: Int) -> NibEntry.Value { values[position].value }
}
