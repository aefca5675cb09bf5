import Dispatch
import Foundation

/// Runs `ImageDecoder` off the render thread. The render thread asks for decodes, says each frame
/// which still matter (`schedule`), and collects results (`take`) to upload. Pixels are handed
/// over whole, never shared.
///
/// Workers run at the lowest priority (nice 19): the window's frames and the OpenGL rasteriser's
/// threads come first. At start the window asks for every bundled photo, over a second of CPU, and
/// at a normal priority that stole whole frames on two cores. Workers end when the queue is empty,
/// so none keeps the queue alive.
public final class DecodeQueue: @unchecked Sendable {
    /// What a decode is for, most urgent first.
    enum Urgency: Int, Comparable {
        /// Drawn this frame as a placeholder.
        case drawn
        /// Listed ahead (`DisplayList.prefetch`).
        case prefetch
        /// Asked for at start; never cancelled.
        case background

        static func < (a: Urgency, b: Urgency) -> Bool { a.rawValue < b.rawValue }
    }

    private struct Request {
        var job: ImageDecoder.Job
        var scale: Double?
        var urgency: Urgency
    }

    let workerCount: Int
    private let lock = NSLock()
    private let done = NSCondition()
    private var queued: [Request] = []
    private var workers = 0
    private var results: [ImageDecoder.Job: ImageDecoder.Result] = [:]
    /// Queued, decoding or decoded and not taken yet.
    private var pending: Set<ImageDecoder.Job> = []
    /// Of them, those asked for in the background: their results wait until taken.
    private var background: Set<ImageDecoder.Job> = []
    /// Seconds each worker decode took, for `parallax bench --photos`.
    private var durations: [Double] = []
    /// The last 15 of them, round and round.
    private var recent = [Double](repeating: 0, count: 15)
    private var recentCount = 0
    /// The shared thumbnail cache, for the user's photos (nil: off, `--no-thumbnail-cache`).
    var thumbnails: ThumbnailWriter?
    /// Thumbnails to write: after every decode queued, at the workers' nice 19, never on the frame's
    /// thread. Past `writeBacklog` a worker writes its own at once (each waiting one holds a 3 MB image).
    private var writes: [ThumbnailCache.Work] = []
    private var writesUnderWay = 0
    static let writeBacklog = 8
    private var counts = Counts()

    /// Decodes done so far, by where their pixels came from (`bench --photos`, tests).
    public struct Counts: Equatable {
        /// Files decoded (JPEG) or loaded (PNG) themselves.
        var fromFile = 0
        /// Served by a valid thumbnail in the shared cache.
        var fromThumbnailCache = 0
    }

    var decodeCounts: Counts { lock.withLock { counts } }

    /// Quick images (`QuickImage`) asked for, by path, in the order to make them: before any full
    /// decode, as each takes a few milliseconds against tens.
    private var quickQueued: [String] = []
    /// Made (nil: the file has none), not taken yet.
    private var quickResults: [String: QuickImage.Made?] = [:]
    private var quickUnderWay: Set<String> = []
    private var quickWorking = false
    private var recentQuick = [Double](repeating: 0, count: 15)
    private var recentQuickCount = 0

    /// The median of the last 15 quick images made (15 ms until there are any: a 12 MP JPEG at 1/8).
    var typicalQuickSeconds: Double {
        lock.withLock {
            guard recentQuickCount > 0 else { return 0.015 }
            let done = recentQuick.prefix(min(recentQuickCount, recentQuick.count)).sorted()
            return done[done.count / 2]
        }
    }

    /// Makes quick images of `paths` in this order, ahead of every full decode; quick images queued
    /// before and not listed now are dropped (their cards are no longer about to show).
    func requestQuick(_ paths: [String]) {
        lock.lock()
        quickQueued = paths.filter { quickResults[$0] == nil && !quickUnderWay.contains($0) }
        let starts = workerCount > 0 && !quickWorking && !quickQueued.isEmpty
        if starts { quickWorking = true }
        lock.unlock()
        if starts { Thread { [self] in makeQueuedQuick() }.start() }
    }

    /// The quick images' own thread, at nice 10: below the frame's, above the decode workers' 19. A
    /// decode of tens of milliseconds (hundreds on a busy machine) under way on the one worker would
    /// otherwise hold back the quick images of every card due meanwhile. Ends when none is queued.
    private func makeQueuedQuick() {
        BackgroundPriority.set(nice: 10)
        while true {
            lock.lock()
            guard case let .quick(path)? = nextTask(quickOnly: true) else {
                quickWorking = false
                lock.unlock()
                return
            }
            lock.unlock()
            makeQuick(path)
        }
    }

    /// The quick image of `path` once made: .some(nil) when the file has none.
    func takeQuick(_ path: String) -> QuickImage.Made?? {
        lock.withLock { quickResults.removeValue(forKey: path) }
    }

    /// A quick image of `path` is queued, under way or made and not taken.
    func isMakingQuick(_ path: String) -> Bool {
        lock.withLock { quickQueued.contains(path) || quickUnderWay.contains(path) || quickResults[path] != nil }
    }

    /// Quick images queued and not started, in order (tests).
    var queuedQuick: [String] { lock.withLock { quickQueued } }

    /// Makes `path`'s quick image (the caller put it under way).
    private func makeQuick(_ path: String) {
        let started = ContinuousClock.now
        let made = QuickImage.make(path: path, thumbnails: thumbnails?.cache(for: path))
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        lock.withLock {
            quickUnderWay.remove(path)
            quickResults[path] = .some(made)
            recentQuick[recentQuickCount % recentQuick.count] = seconds
            recentQuickCount += 1
        }
    }

    /// The median of the last 15 decodes on the workers (50 ms until there are any: a 12 MP JPEG
    /// at 1/4 on a busy two-core machine).
    var typicalDecodeSeconds: Double {
        lock.withLock {
            guard recentCount > 0 else { return 0.05 }
            let done = recent.prefix(min(recentCount, recent.count)).sorted()
            return done[done.count / 2]
        }
    }

    /// One worker per core but one, the frame's (its thread and the OpenGL rasteriser's), at most
    /// four (each holds megabytes while it decodes). On two cores that is one: with two, both
    /// decodes shared the core the frame left them and each took twice as long, so fewer cards
    /// were ready when they came into view (docs/photo-folders.md, "Threads"). At nice 19 it still
    /// yields to a frame. (0: nothing runs; tests look at the queue's order.)
    public init(workerCount: Int = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount - 1))) {
        self.workerCount = workerCount
        // Decoded pixels are megabytes each, made on the workers and freed on the render thread.
        // glibc raises its mmap threshold after the first such frees, and later buffers then come
        // from per-thread heaps that fragment and never shrink: a fling down 1,000 photos peaked at
        // 1.1 GB against 480 MB with the threshold held at 1 MB (docs/photo-folders.md).
        // (mallopt is glibc's, declared in malloc.h, which no module map here exports.)
        if let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
            _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(mmapThreshold, 1 << 20)
        }
    }

    /// Starts decoding `job` resampled by `scale` (nil: the file's own size), unless it is already
    /// queued, decoding or decoded; a queued one moves up if this is more urgent.
    func request(_ job: ImageDecoder.Job, scale: Double? = nil, urgency: Urgency = .background) {
        lock.lock()
        if pending.insert(job).inserted {
            queued.append(Request(job: job, scale: scale, urgency: urgency))
            if urgency == .background { background.insert(job) }
        } else if let i = queued.firstIndex(where: { $0.job == job }), urgency < queued[i].urgency {
            queued[i].urgency = urgency
        }
        queued.sort { $0.urgency < $1.urgency }  // stable: same urgency keeps its order
        let starts = workers < workerCount && !queued.isEmpty
        if starts { workers += 1 }
        lock.unlock()
        if starts { Thread { [self] in work() }.start() }
    }

    /// After a frame: queued decodes drawn this frame (`drawn`) stay first (or second, after the
    /// prefetch, unless `drawnFirst`), then `prefetch` in its order (queued now if new); every other drawn or prefetch decode still queued is dropped, and
    /// its result freed if it has one: its image is no longer shown nor about to be. Background
    /// requests stay, last.
    func schedule(drawn: Set<ImageDecoder.Job>, prefetch: [(job: ImageDecoder.Job, scale: Double?)], drawnFirst: Bool = true) {
        lock.lock()
        var first: [Request] = [], last: [Request] = []
        var listed: [ImageDecoder.Job: Request] = [:]
        for request in queued {
            switch request.urgency {
            case .drawn where drawn.contains(request.job): first.append(request)
            case .background: last.append(request)
            default: listed[request.job] = request
            }
        }
        var ahead: [Request] = []
        for (job, scale) in prefetch where !drawn.contains(job) {
            if let request = listed.removeValue(forKey: job) {
                ahead.append(Request(job: job, scale: request.scale, urgency: .prefetch))
            } else if let i = last.firstIndex(where: { $0.job == job }) {
                ahead.append(Request(job: job, scale: last.remove(at: i).scale, urgency: .prefetch))
                background.remove(job)
            } else if pending.insert(job).inserted {
                ahead.append(Request(job: job, scale: scale, urgency: .prefetch))
            }
        }
        for job in listed.keys { pending.remove(job) }
        let wanted = Set(prefetch.map(\.job))
        for job in results.keys where !background.contains(job) && !drawn.contains(job) && !wanted.contains(job) {
            results[job] = nil
            pending.remove(job)
        }
        queued = drawnFirst ? first + ahead + last : ahead + first + last
        let starting = max(0, min(workerCount - workers, queued.count))
        workers += starting
        lock.unlock()
        for _ in 0..<starting { Thread { [self] in work() }.start() }
    }

    /// Nothing queued (the photo index builds only then).
    var isIdle: Bool { lock.withLock { queued.isEmpty } }

    /// Jobs queued and not started, in the order they will run (tests, `bench`).
    var queuedJobs: [ImageDecoder.Job] { lock.withLock { queued.map(\.job) } }

    /// The durations of the decodes done on workers so far, in seconds; clears them.
    func takeDurations() -> [Double] {
        lock.withLock {
            defer { durations.removeAll() }
            return durations
        }
    }

    /// A worker's next piece of work: quick images first (decode workers help the quick images'
    /// thread), then decodes, then thumbnail writes.
    private enum Task {
        case quick(String)
        case decode(Request)
        case write(ThumbnailCache.Work)
    }

    /// Takes the next task off its queue (under the lock); with `quickOnly`, only a quick image.
    private func nextTask(quickOnly: Bool = false) -> Task? {
        if !quickQueued.isEmpty {
            let path = quickQueued.removeFirst()
            quickUnderWay.insert(path)
            return .quick(path)
        }
        if quickOnly { return nil }
        if !queued.isEmpty { return .decode(queued.removeFirst()) }
        if !writes.isEmpty, thumbnails != nil {
            writesUnderWay += 1
            return .write(writes.removeFirst())
        }
        return nil
    }

    private func perform(_ task: Task) {
        switch task {
        case let .quick(path):
            makeQuick(path)
        case let .write(work):
            thumbnails?.perform(work)
            finishedWrite()
        case let .decode(next):
            let started = ContinuousClock.now
            let (result, work) = ImageDecoder.decode(next.job, scale: next.scale, thumbnails: thumbnails?.cache(for: next.job.path))
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            done.lock()
            lock.lock()
            results[next.job] = result
            tally(result)
            durations.append(seconds)
            recent[recentCount % recent.count] = seconds
            recentCount += 1
            lock.unlock()
            done.broadcast()
            done.unlock()
            if let work { leave(work) }
        }
    }

    private func work() {
        BackgroundPriority.lowest()
        while true {
            lock.lock()
            guard let task = nextTask() else {
                workers -= 1
                lock.unlock()
                return
            }
            lock.unlock()
            perform(task)
        }
    }

    /// Runs what is queued here, on the calling thread, until nothing is (tests, with no workers:
    /// one step at a time); with `quickOnly`, only the quick images.
    func runQueued(quickOnly: Bool = false) {
        while let task = lock.withLock({ nextTask(quickOnly: quickOnly) }) { perform(task) }
    }

    /// Counts where a result's pixels came from (under the lock).
    private func tally(_ result: ImageDecoder.Result) {
        guard case let .decoded(decoded) = result else { return }
        if decoded.origin == .file { counts.fromFile += 1 } else { counts.fromThumbnailCache += 1 }
    }

    /// Queues `work` for when no decode waits; past the backlog, does it now, on this worker.
    private func leave(_ work: ThumbnailCache.Work) {
        guard let thumbnails else { return }
        lock.lock()
        guard writes.count >= Self.writeBacklog else {
            writes.append(work)
            let starts = workers < workerCount
            if starts { workers += 1 }
            lock.unlock()
            if starts { Thread { [self] in self.work() }.start() }
            return
        }
        writesUnderWay += 1
        lock.unlock()
        thumbnails.perform(work)
        finishedWrite()
    }

    private func finishedWrite() {
        done.lock()
        lock.withLock { writesUnderWay -= 1 }
        done.broadcast()
        done.unlock()
    }

    /// Writes every thumbnail still queued, here, and waits for those under way (before the process
    /// exits: a run leaves what it decoded in the shared cache).
    func finishWrites() {
        while let work = lock.withLock({ writes.isEmpty ? nil : writes.removeFirst() }) {
            thumbnails?.perform(work)
        }
        done.lock()
        defer { done.unlock() }
        while lock.withLock({ writesUnderWay > 0 }) { done.wait() }
    }

    /// Decodes these jobs (each resampled by its scale) on every core before returning, keeping the
    /// results for `take`; jobs already requested are left to their decode. Headless frames wait for
    /// their photos: a frame's new photos side by side take the time of one.
    func decodeNow(_ jobs: [(job: ImageDecoder.Job, scale: Double?)]) {
        lock.lock()
        let fresh = jobs.filter { pending.insert($0.job).inserted }
        lock.unlock()
        guard !fresh.isEmpty else { return }
        DispatchQueue.concurrentPerform(iterations: fresh.count) { [self] i in
            let (result, work) = ImageDecoder.decode(fresh[i].job, scale: fresh[i].scale, thumbnails: thumbnails?.cache(for: fresh[i].job.path))
            lock.withLock {
                results[fresh[i].job] = result
                tally(result)
            }
            if let work { leave(work) }
        }
        done.lock()
        done.broadcast()
        done.unlock()
    }

    /// The result for `job` if its decode has finished; its pixels are the caller's.
    func take(_ job: ImageDecoder.Job) -> ImageDecoder.Result? {
        lock.lock()
        defer { lock.unlock() }
        guard let result = results.removeValue(forKey: job) else { return nil }
        pending.remove(job)
        background.remove(job)
        return result
    }

    /// Blocks until every requested decode has finished (headless capture, before its first frame).
    /// The decodes still queued are done on the calling thread: it waits for them anyway, and the
    /// workers' nice 19 let a busy machine starve it (a capture, or a test, waited minutes beside
    /// two windows).
    public func waitForAll() {
        while let next = lock.withLock({ queued.isEmpty ? nil : queued.removeFirst() }) { perform(.decode(next)) }
        done.lock()
        defer { done.unlock() }
        while true {
            let finished = lock.withLock { pending.allSatisfy { results[$0] != nil } }
            if finished { return }
            done.wait()
        }
    }
}
