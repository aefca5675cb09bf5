import Foundation
import Testing
import ParallaxTestSupport
@testable import ParallaxPhotos

/// `FolderWatcher` and `PhotoFolder.Scanner` on bad folders (docs/photo-folders.md, "A folder that
/// changes"): no hang, no crash, the right photos. Waits are generous timeouts, never timing asserts.
@Suite struct FolderWatcherTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var states: [FolderWatcher.State] = []
        func append(_ state: FolderWatcher.State) { lock.withLock { states.append(state) } }
        var all: [FolderWatcher.State] { lock.withLock { states } }
    }

    /// Waits up to 30 s for `condition`.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    func photo() -> Data { Data([0xFF, 0xD8, 0xFF, 0xD9]) }

    @Test func aSymbolicLinkLoopIsNeitherWalkedNorWatched() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/trip", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/trip/a.jpg", contents: photo())
        // trip/back -> the folder itself, and a link to a link to itself.
        try FileManager.default.createSymbolicLink(atPath: folder + "/trip/back", withDestinationPath: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/self", withDestinationPath: folder + "/self")
        let items = try PhotoFolder.Scanner().scan(folder)
        #expect(items.map(\.name) == ["trip/a.jpg"])
        let calls = Calls()
        let watcher = try #require(FolderWatcher(folder: folder) { calls.append($0) })
        defer { watcher.stop() }
        #expect(watcher.watchedFolders == [folder, folder + "/trip"])
        _ = FileManager.default.createFile(atPath: folder + "/trip/back/b.jpg", contents: photo())
        #expect(eventually { !calls.all.isEmpty })
        #expect(try PhotoFolder.Scanner().scan(folder).map(\.name).sorted() == ["b.jpg", "trip/a.jpg"])
    }

    @Test func aPhotoReplacedByAFolderOfTheSameNameIsItsContents() throws {
        let folder = temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/x.jpg", contents: photo())
        let scanner = PhotoFolder.Scanner()
        #expect(try scanner.scan(folder).map(\.name) == ["x.jpg"])
        let calls = Calls()
        let watcher = try #require(FolderWatcher(folder: folder) { calls.append($0) })
        defer { watcher.stop() }
        try FileManager.default.removeItem(atPath: folder + "/x.jpg")
        try FileManager.default.createDirectory(atPath: folder + "/x.jpg", withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: folder + "/x.jpg/inner.png", contents: photo())
        #expect(eventually { !calls.all.isEmpty && watcher.watchedFolders.contains(folder + "/x.jpg") })
        #expect(try scanner.scan(folder).map(\.name) == ["x.jpg/inner.png"])
        #expect(scanner.stamps.keys.sorted() == [folder + "/x.jpg/inner.png"])
    }

    @Test func tenThousandEmptyFilesAreScannedAndTheirBurstSettles() throws {
        let folder = temporaryFolder()
        let calls = Calls()
        let watcher = try #require(FolderWatcher(folder: folder) { calls.append($0) })
        defer { watcher.stop() }
        for k in 0..<10_000 { _ = FileManager.default.createFile(atPath: folder + String(format: "/%05d.jpg", k), contents: Data()) }
        #expect(eventually { !calls.all.isEmpty })
        let items = try PhotoFolder.Scanner().scan(folder)
        #expect(items.count == 10_000)
        #expect(calls.all.allSatisfy { $0 == .present })
    }

    @Test func theFolderRemovedIsGoneAndComesBack() throws {
        let folder = temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/a.jpg", contents: photo())
        let calls = Calls()
        let watcher = try #require(FolderWatcher(folder: folder) { calls.append($0) })
        defer { watcher.stop() }
        try FileManager.default.removeItem(atPath: folder)
        #expect(eventually { calls.all.last == .gone })
        #expect(throws: PhotoFolder.Failure.self) { try PhotoFolder.Scanner().scan(folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(eventually { calls.all.last == .present })
        _ = FileManager.default.createFile(atPath: folder + "/b.jpg", contents: photo())
        let seen = calls.all.count
        #expect(eventually { calls.all.count > seen }, "files in the folder that came back are watched")
    }
}
