import ArgumentParser
import ParallaxSDL

@main
struct Parallax: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax",
        abstract: "Parallax scrolling and scroll physics playground (SDL2).",
        subcommands: [Run.self, Capture.self, Verify.self, Record.self, Bench.self, SoakCommand.self],
        defaultSubcommand: Run.self)

    static func main() {
        // Before anything can block, so the start is known to the microsecond (ProcessStart.swift).
        ProcessStart.record()
        main(nil)
    }
}
