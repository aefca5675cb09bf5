import ArgumentParser
import ParallaxSDL

@main
struct Parallax: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax",
        abstract: "Parallax scrolling and scroll physics playground (SDL2).",
        subcommands: [RunCommand.self, CaptureCommand.self, VerifyCommand.self, RecordCommand.self, BenchCommand.self, SoakCommand.self],
        defaultSubcommand: RunCommand.self)

    static func main() {
        // Before anything can block, so the start is known to the microsecond (ProcessStart.swift).
        ProcessStart.record()
        main(nil)
    }
}
