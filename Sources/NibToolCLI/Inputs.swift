import NibArchive

extension FileAccess {
    /// Reads and parses the NIBArchive at `path`, reporting a parse error as one line with the
    /// file name, offset and finding ID.
    func archive(at path: String) throws -> NibArchive {
        let bytes = try read(path)
        do {
            return try NibArchive(parsing: bytes)
        } catch {
            throw fail(path, "\(error)")
        }
    }
}
