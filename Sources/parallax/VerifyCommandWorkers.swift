import ArgumentParser
import Foundation

/// `i/n` (1-based): every n-th item from the i-th. `--shard` slices the scripts sorted by file name,
/// so a slice does not depend on the order the shell or CI lists them in.
struct ScriptSlice: Equatable {
    let index: Int
    let count: Int
    static let whole = ScriptSlice(index: 1, count: 1)

    private init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init(argument: String, option: String) throws {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw CommandFailure(message: "\(option) \(argument): must be i/n with n at least 1 and i from 1 to n", code: 64)
        }
        self.init(index: i, count: n)
    }

    /// The slice of `items` ordered by `key` (as given when nil), returned in the given order.
    func pick<T>(_ items: [T], sortedBy key: ((T) -> String)?) -> [T] {
        let order = key.map { key in items.indices.sorted { key(items[$0]) < key(items[$1]) } } ?? Array(items.indices)
        let chosen = order.enumerated().filter { $0.offset % count == index - 1 }.map(\.element).sorted()
        return chosen.map { items[$0] }
    }
}

/// `verify --jobs N`: the selected scripts spread over N child `parallax verify` processes, each with
/// its own SDL video state (SDL's video subsystem is one per process). A child gets the parent's
/// arguments plus `--worker k/N` (which it applies after `--shard`, exactly as `ScriptSlice.pick` does
/// here) and hands its results back as JSON; the parent prints them in the order a single process would.
enum VerifyWorkers {
    static func run(scripts: [String], jobs: Int) throws -> VerifyResults {
        let workers = min(jobs, scripts.count)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var children: [(process: Process, results: String)] = []
        for k in 1...workers {
            let results = folder.appendingPathComponent("worker-\(k).json").path
            let process = Process()
            process.executableURL = executable
            process.arguments = Array(CommandLine.arguments.dropFirst())
                + ["--jobs", "1", "--worker", "\(k)/\(workers)", "--results-json", results]
            // The parent prints the table; a child's errors reach standard error as they are.
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                children.forEach { $0.process.terminate() }
                throw CommandFailure(message: "\(executable.path): cannot start a verify worker: \(error.localizedDescription)", code: 2)
            }
            children.append((process, results))
        }
        children.forEach { $0.process.waitUntilExit() }

        var queues: [[VerifyCaptureResult]] = []
        var motions: [VerifyMotionResult] = []
        for (k, child) in children.enumerated() {
            let process = child.process
            if process.terminationReason == .uncaughtSignal {
                throw CommandFailure(message: "verify worker \(k + 1)/\(workers) was killed by signal \(process.terminationStatus)", code: 2)
            }
            // A worker writes its results once every verdict is in; one that stopped before has said
            // why on standard error, as a single process would, and the parent ends with its code.
            guard let data = FileManager.default.contents(atPath: child.results),
                  let results = try? JSONDecoder().decode(VerifyResults.self, from: data) else {
                if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
                throw CommandFailure(message: "verify worker \(k + 1)/\(workers) wrote no readable results", code: 2)
            }
            queues.append(results.captures)
            motions += results.motions
        }
        // Worker k took the positions k-1, k-1+N, ... and reports them in that order.
        var next = Array(repeating: 0, count: workers)
        let captures = scripts.indices.flatMap { p -> [VerifyCaptureResult] in
            let w = p % workers
            let start = next[w]
            while next[w] < queues[w].count, queues[w][next[w]].script == scripts[p] { next[w] += 1 }
            return Array(queues[w][start..<next[w]])
        }
        // One motion a script at most.
        let order = Dictionary(scripts.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return VerifyResults(captures: captures, motions: motions.sorted { order[$0.script, default: 0] < order[$1.script, default: 0] })
    }
}
