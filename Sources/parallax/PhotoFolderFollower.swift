import Foundation
import Logging
import ParallaxEngine
import ParallaxScenes
import ParallaxSDL
import ParallaxPhotos

extension PhotoFolder.Item {
    /// The feed's card for this photo: its path in the folder as the title, its date as the credit.
    var photo: Photo { Photo(image: PhotoID.file(path), title: name, credit: dateText, dayTaken: String(dateText.prefix(10))) }
}

/// Keeps the feed in step with its folder while the window is open (docs/photo-folders.md, "A
/// folder that changes"): `FolderWatcher` says when a burst of changes has settled, the folder is
/// scanned again off the frame's thread (`PhotoFolder.Scanner`: only new and changed files read),
/// and the next frame takes the new list (`apply`): photos added, removed, renamed or rewritten
/// appear, go or update in the order, the card on screen staying where it is. A removed folder is
/// the one-line message in the window and the log, until it comes back.
final class PhotoFolderFollower: @unchecked Sendable {
    let folder: String
    private let logger: Logger
    private let scanner: PhotoFolder.Scanner
    /// Scans to run, one at a time in the order the changes came, on a thread of their own at the
    /// lowest priority (`BackgroundPriority.lowest`: behind the frames).
    private let scans = NSCondition()
    private var queuedScans: [FolderWatcher.State?] = []
    private let lock = NSLock()
    /// A scan's result not applied yet: the photos (nil: the folder is gone) and the files changed or gone since the last.
    private var ready: (items: [PhotoFolder.Item]?, changed: Set<PhotoID>)?
    private var watcher: FolderWatcher?
    private var gone = false

    init(folder: String, logger: Logger) {
        self.folder = folder
        self.logger = logger
        scanner = PhotoFolder.Scanner()
        // First what the folder holds now, to tell later scans' changes from it.
        queuedScans = [nil]
        Thread { [self] in runScans() }.start()
        watcher = FolderWatcher(folder: folder) { [weak self] state in self?.rescan(state) }
        if watcher == nil { logger.warning("\(folder): cannot be watched (inotify: \(String(cString: strerror(errno)))); changes show on the next start") }
    }

    func stop() { watcher?.stop() }

    private func rescan(_ state: FolderWatcher.State) {
        scans.lock()
        queuedScans.append(state)
        scans.signal()
        scans.unlock()
    }

    private func runScans() {
        BackgroundPriority.lowest()
        while true {
            scans.lock()
            while queuedScans.isEmpty { scans.wait() }
            let next = queuedScans.removeFirst()
            scans.unlock()
            guard let state = next else {
                // Unchanged files' dates from the colour index, as at start: no EXIF block read again.
                scanner.remember(PhotoIndex.savedStamps(folder: folder))
                _ = try? scanner.scan(folder)
                continue
            }
            let before = scanner.stamps
            let items: [PhotoFolder.Item]?
            do throws(PhotoFolder.Failure) {
                items = state == .gone ? nil : try scanner.scan(folder)
            } catch {
                items = nil
            }
            let after = scanner.stamps
            let changed = Set(before.keys.filter { path in after[path].map { $0 != before[path]! } ?? true }.map { PhotoID.file($0) })
            lock.withLock {
                // Changes not applied yet are kept: a frame may come after two scans.
                ready = (items, changed.union(ready?.changed ?? []))
            }
        }
    }

    /// On the frame's thread, after a frame: the feed in `scene` takes the last scan's photos, and
    /// `textures` forgets files that changed or went.
    func apply(to scene: Scene, textures: PhotoTextures) {
        guard let (items, changed) = lock.withLock({ () -> ([PhotoFolder.Item]?, Set<PhotoID>)? in
            defer { ready = nil }
            return ready
        }) else { return }
        guard let feed = (scene as? Playground)?.scenes.compactMap({ $0 as? FeedScene }).first ?? (scene as? FeedScene) else { return }
        textures.forget(changed)
        if let items {
            if gone { logger.notice("\(folder): back, \(items.count) photos") }
            gone = false
            feed.replacePhotos(items.map(\.photo), at: feed.time)
        } else {
            let message = "\(folder): the folder was removed; its photos show again if it comes back"
            if !gone { logger.warning("\(message)") }
            gone = true
            feed.replacePhotos([], message: message, at: feed.time)
        }
    }
}
