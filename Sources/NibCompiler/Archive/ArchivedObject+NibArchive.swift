import KeyedArchive
import NibArchive

extension ArchivedObject {
    /// Why an embedded archive could not be taken over (``ArchivedObject/root(ofKeyedArchive:)``).
    struct EmbeddedArchiveError: Error {
        /// What is wrong, for a ``CompileError`` message.
        let message: String
    }

    /// The object graph below `$top`'s `root` of an `NSKeyedArchiver` archive, as compiler
    /// objects: how ibtool writes an object the document stores archived, such as an image
    /// resource's `keyedArchiveRepresentation` (transmission_MainMenu: an `NSImage` with one
    /// `NSBitmapImageRep`, written into the nib with the same classes, keys and values).
    ///
    /// The archive is read with KeyedArchive's mapping (``NibArchive/init(keyedArchiveBytes:limits:)``):
    /// strings become `NSString`s with `NS.bytes` (shared with the nib's equal strings, as the
    /// nib's own are), collections the inlined form; integers keep their value (the writer
    /// chooses their width, as for every compiled value).
    static func root(ofKeyedArchive bytes: [UInt8]) throws(EmbeddedArchiveError) -> ArchivedObject {
        let archive: NibArchive
        do {
            archive = try NibArchive(keyedArchiveBytes: bytes)
        } catch {
            throw EmbeddedArchiveError(message: "the keyed archive cannot be read: \(error)")
        }
        let objects = archive.objects
        let keys = archive.keys
        let values = archive.values
        let classes = archive.classes
        guard let top = objects.first, top.firstValueIndex >= 0, top.valueCount >= 0,
            top.firstValueIndex <= values.count - top.valueCount
        else { throw EmbeddedArchiveError(message: "the keyed archive has no root object") }
        var rootIndex: UInt32?
        for index in top.valueIndices {
            let value = values[index]
            if value.keyIndex >= 0, value.keyIndex < keys.count, keys[value.keyIndex].name == "root",
                case .objectReference(let target) = value.payload
            {
                rootIndex = target
            }
        }
        guard let rootIndex, Int(rootIndex) < objects.count else {
            throw EmbeddedArchiveError(message: "the keyed archive has no root object")
        }

        // Every reachable object once (the graph may share objects or hold cycles), made
        // before its values are filled in.
        var made: [UInt32: ArchivedObject] = [:]
        var pending: [UInt32] = [rootIndex]
        var order: [UInt32] = []
        while let index = pending.popLast() {
            guard made[index] == nil else { continue }
            guard Int(index) < objects.count else {
                throw EmbeddedArchiveError(message: "object \(index) of the keyed archive does not exist")
            }
            let object = objects[Int(index)]
            guard object.classIndex >= 0, object.classIndex < classes.count else {
                throw EmbeddedArchiveError(message: "object \(index) of the keyed archive has no class")
            }
            guard object.firstValueIndex >= 0, object.valueCount >= 0,
                object.firstValueIndex <= values.count - object.valueCount
            else {
                throw EmbeddedArchiveError(message: "object \(index) of the keyed archive has missing values")
            }
            made[index] = ArchivedObject(classes[object.classIndex].name)
            order.append(index)
            for valueIndex in object.valueIndices {
                if case .objectReference(let target) = values[valueIndex].payload { pending.append(target) }
            }
        }
        for index in order {
            guard let target = made[index] else { continue }
            let object = objects[Int(index)]
            if let text = plainString(object, keys: keys, values: values, className: classes[object.classIndex].name) {
                target.sharingKey = "s:" + text
            }
            for valueIndex in object.valueIndices {
                let value = values[valueIndex]
                guard value.keyIndex >= 0, value.keyIndex < keys.count else {
                    throw EmbeddedArchiveError(
                        message: "object \(index) of the keyed archive has a value without a key")
                }
                let key = keys[value.keyIndex].name
                if case .objectReference(let reference) = value.payload {
                    guard let referenced = made[reference] else {
                        throw EmbeddedArchiveError(message: "object \(reference) of the keyed archive does not exist")
                    }
                    target.set(key, referenced)
                } else if let plain = Self.plainValue(value.payload) {
                    target.set(key, plain)
                }
            }
        }
        guard let root = made[rootIndex] else { throw EmbeddedArchiveError(message: "the root object is missing") }
        return root
    }

    /// A value that refers to no object as the archive model holds it (integers of every width
    /// as one integer); nil for an object reference.
    static func plainValue(_ payload: NibArchive.Payload) -> ArchivedObject.Value? {
        switch payload {
        case .int8(let number): .integer(Int64(number))
        case .int16(let number): .integer(Int64(number))
        case .int32(let number): .integer(Int64(number))
        case .int64(let number): .integer(number)
        case .bool(let flag): .bool(flag)
        case .float32(let number): .float32(number)
        case .float64(let number): .float64(number)
        case .data(let bytes): .data(Array(bytes))
        case .nil: .null
        case .objectReference: nil
        }
    }

    /// The text of an `NSString` holding only `NS.bytes` of valid UTF-8 (shared like the
    /// compiler's own strings), else nil.
    private static func plainString(
        _ object: NibArchive.Object, keys: NibArchive.KeyTable, values: NibArchive.ValueTable, className: String
    ) -> String? {
        guard className == "NSString", object.valueCount == 1, object.firstValueIndex >= 0,
            object.firstValueIndex < values.count
        else { return nil }
        let value = values[object.firstValueIndex]
        guard value.keyIndex >= 0, value.keyIndex < keys.count, keys[value.keyIndex].name == "NS.bytes",
            case .data(let bytes) = value.payload
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
