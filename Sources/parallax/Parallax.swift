import ArgumentParser

@main
struct Parallax: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax",
        abstract: "Parallax scrolling and scroll physics playground (SDL2).",
        subcommands: [Run.self, Capture.self, Verify.self, Record.self, Bench.self, SoakCommand.self],
        defaultSubcommand: Run.self)
}
