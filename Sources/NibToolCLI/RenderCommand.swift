import ArgumentParser

/// `nibtool render FILE -o out.svg` (placeholder while the renderer is written).
struct Render: IOCommand {
    static let configuration = CommandConfiguration(abstract: "Draw a nib's views as SVG.")
    @Argument var file: String
    func execute(_ io: CommandIO) throws {}
}
