import ArgumentParser
import NibArchive

/// `--max-expansion N`: the `ExpansionLimit` of the reading commands whose output repeats
/// what the input shares (dump lines, converted objects, tree nodes, compared pairs, strings).
struct ExpansionOption: ParsableArguments {
    @Option(
        name: .customLong("max-expansion"),
        help: ArgumentHelp(
            "Entries the output may expand from shared references, per input byte (default 2, plus 65536).",
            discussion:
                "Objects that share value runs, and property lists or collections that refer to one value many times, are expanded at every use; past this many entries per input byte the command stops with an expansion-limit error.",
            valueName: "N"))
    var maxExpansion: Int = ExpansionLimit.standard.factor

    /// The limit the option sets.
    var limit: ExpansionLimit { ExpansionLimit(factor: maxExpansion) }

    func validate() throws {
        guard maxExpansion >= 0 else { throw ValidationError("--max-expansion must be 0 or more") }
    }
}
