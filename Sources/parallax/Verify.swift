import ArgumentParser
import Foundation
import ParallaxEngine
import ParallaxScenes
import ParallaxSDL

extension VisualRegression.Recording: ExpressibleByArgument {}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay scripts headless and compare every capture's pixels with its golden PNG.",
        discussion: "Exit 0 when all match, 1 on a mismatch or a missing golden, 2 on a usage or file error.")

    @Option(name: .customLong("script"), parsing: .upToNextOption, help: "Input scripts (JSON); goldens are named after each script's file name.")
    var scripts: [String]

    @Option(help: "The folder of golden PNGs (NAME-0001.500.png).")
    var goldens: String

    @Option(help: "A pixel differs when a channel differs by more than this (0-255).")
    var maxChannelDelta = 0

    @Option(help: "A capture passes while at most this fraction of its pixels differ (0-1).")
    var maxDifferingFraction = 0.0

    @Option(help: "Where to write diff pictures for mismatches.")
    var diffs = "parallax-diffs"

    @Option(help: "Write goldens: missing (those that do not exist), all, or never (the default when CI is set).")
    var record: VisualRegression.Recording?

    func validate() throws {
        guard (0...255).contains(maxChannelDelta) else { throw ValidationError("--max-channel-delta must be from 0 to 255") }
        guard maxDifferingFraction.isFinite, (0...1).contains(maxDifferingFraction) else {
            throw ValidationError("--max-differing-fraction must be from 0 to 1")
        }
        guard !scripts.isEmpty else { throw ValidationError("give at least one --script") }
    }

    func run() throws {
        var allPassed = true
        try reportingFailures {
            let recording = record ?? (ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } == true ? .never : .missing)
            let loaded = try scripts.map { path in
                do throws(InputFileError) {
                    return (path, try InputScript.load(path: path, knownScenes: SceneRegistry.standard.names))
                } catch {
                    throw CommandFailure(message: error.description, code: 2)
                }
            }
            var isFolder: ObjCBool = false
            if recording == .never, !FileManager.default.fileExists(atPath: goldens, isDirectory: &isFolder) || !isFolder.boolValue {
                throw CommandFailure(message: "\(goldens): no such goldens folder", code: 2)
            }
            let check = VisualRegression(goldensFolder: goldens, resourcesFolder: try ResourceLocator.locate(),
                                         tolerance: .init(maxChannelDelta: maxChannelDelta, maxDifferingFraction: maxDifferingFraction),
                                         recording: recording, diffsFolder: diffs, logger: SceneOptions.quietLogger())
            print(Self.row("script", "capture", "differing", "largest delta", "verdict"))
            for (path, script) in loaded {
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                var options = SceneRegistry.Options()
                options.clockAtStart = script.clock ?? .scriptDefault
                let verdicts = try check.verify(name: name, script: script) { viewport, environment in
                    SceneRegistry.standard.make(script.scene ?? SceneRegistry.standard.names[0], viewport: viewport, options: options,
                                                environment: environment)!
                }
                for v in verdicts {
                    allPassed = allPassed && v.passed
                    print(Self.row(URL(fileURLWithPath: path).lastPathComponent, String(format: "%.3f", v.time),
                                   v.comparison.map { String($0.differingPixels) } ?? "-",
                                   v.comparison.map { String($0.largestChannelDelta) } ?? "-", Self.describe(v)))
                }
            }
        }
        if !allPassed { throw ExitCode(1) }
    }

    static func row(_ columns: String...) -> String {
        zip(columns, [28, 9, 11, 15, 0]).map { $1 > 0 ? $0.padding(toLength: max($1, $0.count + 1), withPad: " ", startingAt: 0) : $0 }.joined()
    }

    static func describe(_ v: VisualRegression.Verdict) -> String {
        switch v.outcome {
        case .matched: return "match"
        case .recorded: return "recorded \(v.golden)"
        case .missing: return "MISSING golden \(v.golden) (run with --record missing to write it)"
        case .mismatched:
            return "MISMATCH, see \(v.sideBySide ?? "")"
        case .sizeMismatch:
            let c = v.comparison!
            return "SIZE: capture is \(c.actualSize.width)x\(c.actualSize.height), golden \(c.expectedSize.width)x\(c.expectedSize.height); see \(v.sideBySide ?? "")"
        }
    }
}
