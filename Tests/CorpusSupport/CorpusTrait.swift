import Foundation
import Testing

extension TestTrait where Self == ConditionTrait {
    /// Runs a test only when the shared corpus is there (or under CI, where a missing corpus
    /// fails it); a skipped test says why and how to run it.
    public static var corpus: Self { ConditionTrait.corpusCondition }
}

extension SuiteTrait where Self == ConditionTrait {
    /// Runs a suite only when the shared corpus is there (or under CI); see `TestTrait.corpus`.
    public static var corpus: Self { ConditionTrait.corpusCondition }
}

extension ConditionTrait {
    /// The condition of `.corpus`, with the reason a skipped test prints.
    static var corpusCondition: ConditionTrait {
        .enabled(
            if: Corpus.shouldRun,
            Comment(
                rawValue: "the shared corpus is not at \(Corpus.expectedPath.path): check out ../shared beside the "
                    + "repository or set NIBKIT_CORPUS to run this test (under CI, with CI set, a missing corpus fails it)"
            ))
    }
}
