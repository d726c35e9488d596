/// The wild documents that still stop at an error, by the error that stops them (the suite
/// writes every failing document with its error to `NIBKIT_WILD_FAILURES=FILE`).
extension WildCorpusTests {
    static let knownFailures: Set<String> = []
}
