import ArgumentParser

/// The `nibtool` command line interface.
public struct NibTool: ParsableCommand {
    /// Creates the command with default options.
    public init() {}

    /// Runs the command line with the process arguments and exits.
    public static func runMain() {
        main()
    }
}
