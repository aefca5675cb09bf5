import ArgumentParser
import ParallaxFrame
import ParallaxSDL

@main
struct Parallax: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax",
        abstract: "Parallax scrolling and scroll physics playground (SDL2).",
        // The man page (generate-manual) shows this in its description; it has no field for a version.
        discussion: """
            Version \(version). Without a subcommand, opens the window (run). Its photos, fonts and \
            example scripts are looked for in PARALLAX_RESOURCES, then in ../share/parallax beside the \
            executable, then in a source checkout's Resources folder.
            """,
        version: version,
        subcommands: [RunCommand.self, CaptureCommand.self, VerifyCommand.self, RecordCommand.self, BenchCommand.self, SoakCommand.self],
        defaultSubcommand: RunCommand.self)

    /// The one version number: `--version`, the man page, the .deb and the metainfo's newest release
    /// (which the Makefile checks against it) all come from here.
    static let version = "1.0.0"

    static func main() {
        // Before anything can block, so the start is known to the microsecond (ProcessStart.swift).
        ProcessStart.record()
        main(nil)
    }
}
