import Foundation
import Testing
import ParallaxTestSupport
@testable import ParallaxPhotos

@Suite struct DecodeQueueTests {
    /// A caller that waits for its decodes does those still queued itself, at its own priority: with
    /// no worker at all (`workerCount: 0`) the wait still ends, each photo decoded. Before, it waited
    /// on workers at nice 19, which a busy machine starved for minutes.
    @Test func waitingForEveryDecodeDoesTheQueuedOnesOnTheWaitingThread() throws {
        let folder = temporaryFolder()
        let jobs = [0xD02020, 0x20C020].enumerated().map { i, colour -> ImageDecoder.Job in
            let path = folder + "/\(i).jpg"
            _ = FileManager.default.createFile(atPath: path, contents: makeJPEG(width: 64, height: 48) { _, _ in UInt32(colour) })
            return ImageDecoder.Job(path: path)
        }
        let queue = DecodeQueue(workerCount: 0)
        for job in jobs { queue.request(job) }
        let waited = DispatchSemaphore(value: 0)
        Thread {
            queue.waitForAll()
            waited.signal()
        }.start()
        // A generous bound: a wait that never ends is the failure, not a slow one.
        try #require(waited.wait(timeout: .now() + 60) == .success, "waitForAll did not return with no worker")
        for job in jobs {
            guard case let .decoded(decoded)? = queue.take(job) else {
                Issue.record("\(job.path): not decoded")
                continue
            }
            #expect(decoded.pixels.width == 64 && decoded.pixels.height == 48)
        }
    }
}
