import ArgumentParser
import Foundation
import Logging
import ParallaxEngine
import ParallaxFrame
import ParallaxScenes
import ParallaxVisualRegression
import ParallaxSDL

extension Verify.Recording: ExpressibleByArgument {}

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Replay scripts headless and compare every capture's pixels with its golden PNG, and every frame's motion with its motion golden.",
        discussion: "Exit 0 when all match, 1 on a mismatch, a missing golden or an unreadable motion golden, 2 on a usage or file error, 64 on a bad --jobs or --shard.")

    @Option(name: .customLong("script"), parsing: .upToNextOption, help: "Input scripts (JSON); goldens are named after each script's file name.")
    var scripts: [String]

    @Option(help: "The folder of golden PNGs (NAME-0001.500.png).")
    var goldens: String

    @Option(help: "A pixel differs when a channel differs by more than this (0-255).")
    var maxChannelDelta = 0

    @Option(help: "A capture passes while at most this fraction of its pixels differ (0-1).")
    var maxDifferingFraction = 0.0

    @Option(help: ArgumentHelp("Compare perceptually instead of by channel: a pixel differs when its YIQ colour distance is more than this fraction of the largest (0-1, pixelmatch's threshold; 0.1 is its default) and it is no anti-aliased edge.", valueName: "T"))
    var perceptualThreshold: Double?

    @Flag(help: "Capture through a real window and its renderer (OpenGL where there is one) instead of the software renderer; needs a display. Pair it with --perceptual-threshold.")
    var window = false

    @Option(help: "Replay every script under this scroll physics (docs/physics-models.md); default: each script's, else the config's, else uikit.")
    var physics: PhysicsName?

    @Option(help: "Settings (JSON, docs/file-formats.md, \"Config file\"), as run and capture read them: replay every script with a team's tuned deceleration, rubber band, \"one frame late\" and the rest.")
    var config: String?

    @Option(help: ArgumentHelp("How far motion may stray from its golden, per kind, over the scripts' own and the defaults: offset, position (px), velocity (relative), opacity, fraction; e.g. offset=0.5,velocity=0.01.",
                               valueName: "kind=limit,..."))
    var motionTolerance: String?

    @Option(help: "Where to write diff pictures for mismatches.")
    var diffs = "parallax-diffs"

    @Option(help: "Write goldens: missing (those that do not exist), all, or never (the default when CI is set).")
    var record: Verify.Recording?

    @Option(help: ArgumentHelp("Re-record exactly the goldens an approvals file lists (downloaded from --report's page) and check the rest, recording nothing else.",
                               valueName: "approvals.json"))
    var accept: String?

    @OptionGroup var photoOptions: PhotoOptions

    func validate() throws {
        guard (0...255).contains(maxChannelDelta) else { throw ValidationError("--max-channel-delta must be from 0 to 255") }
        guard maxDifferingFraction.isFinite, (0...1).contains(maxDifferingFraction) else {
            throw ValidationError("--max-differing-fraction must be from 0 to 1")
        }
        if let perceptualThreshold, !perceptualThreshold.isFinite || !(0...1).contains(perceptualThreshold) {
            throw ValidationError("--perceptual-threshold must be from 0 to 1")
        }
        guard !scripts.isEmpty else { throw ValidationError("give at least one --script") }
        if accept != nil, record != nil { throw ValidationError("--accept re-records what it lists and nothing else: leave out --record") }
        if let motionTolerance, case let .failure(error) = MotionTolerance.parseOverrides(motionTolerance) {
            throw ValidationError("--motion-tolerance \(motionTolerance): \(error.problem)")
        }
    }

    @Option(help: ArgumentHelp("Verify the scripts in N processes at once (each has its own SDL video state).", valueName: "n"))
    var jobs = 1

    @Option(help: ArgumentHelp("Verify only slice i of n: the scripts sorted by file name, every n-th from the i-th (docs/visual-regression.md, \"Reports, JUnit, jobs and shards\").",
                               valueName: "i/n"))
    var shard: String?

    @Option(help: ArgumentHelp("Write an HTML report (index.html and its pictures) into this folder.", valueName: "dir"))
    var report: String?

    @Option(help: ArgumentHelp("Write a JUnit XML file: one test case per capture and one per script's motion.", valueName: "file"))
    var junit: String?

    /// A `--jobs` worker's share (k of N) of the scripts this shard selects.
    @Option(help: .private)
    var worker: String?

    /// Where a `--jobs` worker writes its results for the parent.
    @Option(help: .private)
    var resultsJSON: String?

    func run() throws {
        var allPassed = true
        try reportingFailures {
            guard jobs >= 1 else { throw CommandFailure(message: "--jobs \(jobs): must be at least 1", code: 64) }
            let shardSlice = try shard.map { try ScriptSlice(argument: $0, option: "--shard") } ?? ScriptSlice.whole
            let workerSlice = try worker.map { try ScriptSlice(argument: $0, option: "--worker") } ?? ScriptSlice.whole
            let accepted = try accept.map(Self.approvals) ?? []
            let recording = accept != nil ? .never : record ?? (ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } == true ? .never : .missing)
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
            // Shards by file name, then path: the same slice whatever order the scripts are listed in.
            let selected = workerSlice.pick(shardSlice.pick(loaded, sortedBy: { URL(fileURLWithPath: $0.0).lastPathComponent + "\n" + $0.0 }),
                                            sortedBy: nil)
            let tolerance = PixelComparison.Tolerance(maxChannelDelta: maxChannelDelta, maxDifferingFraction: maxDifferingFraction,
                                                      perceptualThreshold: perceptualThreshold)
            // Every accepted golden must be one of these scripts', before any is written (a slice of
            // them, a shard, sees only its own).
            if let accept, shard == nil, worker == nil {
                let goldens = Set(selected.flatMap { path, script in
                    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                    return (script.captures.isEmpty ? [0] : script.captures).map { Capture.fileName(base: name, time: $0) } + [name + ".motion.jsonl"]
                })
                if let stray = accepted.sorted().first(where: { !goldens.contains($0) }) {
                    throw CommandFailure(message: "\(accept): '\(stray)' is no golden of these scripts", code: 2)
                }
            }
            print(Self.row("script", "capture", "differing", "largest delta", "verdict"))
            let results: VerifyResults
            if jobs > 1, selected.count > 1 {
                results = try VerifyWorkers.run(scripts: selected.map(\.0), jobs: jobs)
                for script in selected.map(\.0) { Self.printRows(of: script, in: results) }
            } else {
                var check = Verify(goldensFolder: goldens, resourcesFolder: try ResourceLocator.locate(), tolerance: tolerance,
                                   recording: recording, diffsFolder: diffs, logger: Logger.quiet())
                check.mode = window ? .window : .headless
                check.makeOverlay = { FrameTimeOverlay(text: $0) }
                check.accepted = accepted
                if let motionTolerance, case let .success(overrides) = MotionTolerance.parseOverrides(motionTolerance) {
                    check.motionTolerance = overrides
                }
                var collected = VerifyResults()
                var base = SceneRegistry.Options()
                if let config {
                    do throws(InputFileError) {
                        base.settings = try PlaygroundSettings.load(path: config)
                    } catch {
                        throw CommandFailure(message: error.description, code: 2)
                    }
                }
                try photoOptions.apply(to: &base)
                for (path, script) in selected {
                    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                    var options = base
                    options.clockAtStart = script.clock ?? .scriptDefault
                    options.settings.physics = physics?.name ?? script.physics ?? options.settings.physics
                    // The golden keeps what the run was made with: reduced motion as it took effect,
                    // whatever set it (a config file keeps it only where the user did).
                    var madeWith = options.settings
                    madeWith.reducedMotionSet = madeWith.reducedMotion
                    check.motionSettings = try? JSONValue.parse(Data(madeWith.jsonText.utf8), file: "settings")
                    let verdicts: Verify.ScriptVerdicts
                    do {
                        verdicts = try check.verify(name: name, script: script) { viewport, environment in
                            SceneRegistry.standard.make(script.scene ?? SceneRegistry.standard.names[0], viewport: viewport, options: options,
                                                        environment: environment)!
                        }
                    } catch let error as Verify.MotionFileError {
                        throw CommandFailure(message: error.description, code: 2)
                    }
                    collected.captures += verdicts.captures.map { VerifyCaptureResult(script: path, verdict: $0) }
                    if let motion = verdicts.motion {
                        var result = VerifyMotionResult(script: path, verdict: motion)
                        if report != nil, motion.outcome == .mismatched, let first = motion.comparison?.differences.first?.firstFrame {
                            result.filmstrip = try Filmstrip.write(name: name, script: script, golden: motion.golden, divergence: first,
                                                                   frames: motion.comparison?.actualFrames ?? first + 1, actual: options, folder: diffs,
                                                                   resources: check.resourcesFolder) ?? []
                        }
                        collected.motions.append(result)
                    }
                    Self.printRows(of: path, in: collected)
                }
                results = collected
            }
            allPassed = results.passed
            if let resultsJSON {
                try write(Data(try JSONEncoder().encode(results)), to: resultsJSON)
            }
            if let junit {
                try write(Data(JUnitReport.xml(results, tolerance: tolerance).utf8), to: junit)
            }
            if let report {
                try HTMLReport.write(results, tolerance: tolerance, into: report)
            }
        }
        if !allPassed { throw ExitCode(1) }
    }

    /// The goldens' file names an approvals file accepts: `{"version": 1, "accept": ["feed-0000.500.png", "feed.motion.jsonl"]}`.
    static func approvals(_ path: String) throws -> Set<String> {
        do throws(InputFileError) {
            let root = try JSONObjectReader.versionedDocument(try JSONObjectReader.contents(of: path), file: path, version: 1, fields: ["accept"])
            return Set(try root.array("accept").enumerated().map { (i, value) throws(InputFileError) -> String in
                guard case let .string(name) = value, !name.isEmpty, !name.contains("/") else {
                    throw InputFileError(file: path, path: "accept[\(i)]", problem: "must be a golden's file name, as the report lists it")
                }
                return name
            })
        } catch {
            throw CommandFailure(message: error.description, code: 2)
        }
    }

    private func write(_ data: Data, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw CommandFailure(message: "\(path): cannot write the file", code: 2)
        }
    }

    /// A script's rows: its captures, then its motion with the verdict's lines under it.
    static func printRows(of script: String, in results: VerifyResults) {
        for r in results.captures where r.script == script { print(row(r)) }
        for m in results.motions where m.script == script {
            print(row(m.scriptFile, "motion", m.differences.isEmpty ? "-" : String(m.differences.count), "-", m.summary))
            // An unreadable golden's one line is in the row already.
            if m.outcome != .unreadable { m.lines.forEach { print("    " + $0) } }
        }
    }

    static func row(_ r: VerifyCaptureResult) -> String {
        row(r.scriptFile, String(format: "%.3f", r.time), r.differingPixels.map(String.init) ?? "-",
            r.largestChannelDelta.map(String.init) ?? "-", r.summary)
    }

    static func row(_ columns: String...) -> String {
        zip(columns, [28, 9, 11, 15, 0]).map { $1 > 0 ? $0.padding(toLength: max($1, $0.count + 1), withPad: " ", startingAt: 0) : $0 }.joined()
    }
}
