import KeyedArchive

/// A compiled storyboard's `Info.plist`: binary, with every dictionary's keys sorted, so that
/// compiling a document twice gives the same bytes (a Swift dictionary's order changes from
/// one process to the next; Apple's ibtool orders by CoreFoundation's hashes, which the
/// storyboard loader does not depend on).
enum StoryboardInfo {
    /// A value of the plist: a string, an integer, a dictionary of strings, or a dictionary of
    /// such dictionaries (the storyboard references).
    enum Value {
        case string(String)
        case integer(Int)
        case strings([String: String])
        case dictionaries([String: [String: String]])
    }

    /// The binary plist of `entries`.
    static func plist(_ entries: [String: Value], fileName: String) throws(CompileError) -> [UInt8] {
        func value(_ value: Value) -> PropertyList {
            switch value {
            case .string(let text): .string(text)
            case .integer(let number): .integer(Int64(number))
            case .strings(let table):
                .dictionary(table.sorted { $0.key < $1.key }.map { PropertyList.Entry($0.key, .string($0.value)) })
            case .dictionaries(let tables):
                .dictionary(
                    tables.sorted { $0.key < $1.key }.map { name, table in
                        PropertyList.Entry(
                            name,
                            .dictionary(
                                table.sorted { $0.key < $1.key }.map { PropertyList.Entry($0.key, .string($0.value)) }))
                    })
            }
        }
        let root = PropertyList.dictionary(
            entries.sorted { $0.key < $1.key }.map { PropertyList.Entry($0.key, value($0.value)) })
        do {
            return try root.serialized(as: .binary)
        } catch {
            throw CompileError(
                code: .output, file: fileName, line: 0, column: 0, element: nil,
                message: "Info.plist could not be written: \(error)")
        }
    }
}
