import Foundation

/// Watches a folder and every folder under it with inotify (docs/photo-folders.md, "A folder that
/// changes"): no polling, one thread blocked in poll(2) on the inotify descriptor. A file counts once
/// it is closed after writing (IN_CLOSE_WRITE) or moved in (IN_MOVED_TO), not when it is created,
/// which would see half-copied files; removals and renames out count at once (IN_DELETE,
/// IN_MOVED_FROM). New subfolders are watched as they appear. Events are coalesced: `onChange` is
/// called once a burst has been quiet for `settle` seconds (a camera import of 500 files is one
/// call), on the watcher's thread. When the folder itself goes (IN_DELETE_SELF, IN_MOVE_SELF) its
/// parent is watched for its return, and `onChange` says so either way.
public final class FolderWatcher: @unchecked Sendable {
    public enum State: Equatable, Sendable {
        case present
        case gone
    }

    public let folder: String
    private let onChange: @Sendable (State) -> Void
    private let settle: Double
    private let inotify: Int32
    /// Written to end the thread.
    private let stopPipe: (read: Int32, write: Int32)
    private let lock = NSLock()
    /// Watch descriptors and the folders they watch.
    private var watched: [Int32: String] = [:]
    private var parentWatch: Int32?
    private var state = State.present
    /// Folders deeper than this are not watched (a safety net; symbolic links are never followed).
    static let maxDepth = 64

    /// Nil when inotify cannot start (its limits reached): the folder is then a snapshot, as before.
    public init?(folder: String, settle: Double = 0.15, onChange: @escaping @Sendable (State) -> Void) {
        self.folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        self.settle = settle
        self.onChange = onChange
        inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(inotify)
            return nil
        }
        stopPipe = (ends[0], ends[1])
        lock.withLock { addTree(self.folder, depth: 0) }
        Thread { [self] in run() }.start()
    }

    /// Ends the watching thread, which closes the descriptors (the thread holds the watcher until then).
    public func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    static let folderEvents: UInt32 = {
        let changes: UInt32 = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE) | UInt32(IN_CREATE)
        let itself: UInt32 = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        return changes | itself | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)
    }()

    /// Watches `path` and the folders under it (under the lock); symbolic links are not followed, so
    /// a link looping back is never walked.
    private func addTree(_ path: String, depth: Int) {
        guard depth <= Self.maxDepth else { return }
        let wd = inotify_add_watch(inotify, path, Self.folderEvents)
        guard wd >= 0 else { return }
        watched[wd] = path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            var info = stat()
            let child = path + "/" + name
            if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { addTree(child, depth: depth + 1) }
        }
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending = false
        while true {
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
            // Blocks until an event; once one came, waits `settle` for the burst to end.
            let ready = poll(&fds, 2, pending ? Int32(settle * 1000) : -1)
            if ready < 0, errno == EINTR { continue }
            if fds[1].revents != 0 || ready < 0 { break }
            if ready == 0 {
                pending = false
                let now = lock.withLock { state }
                onChange(now)
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            if handle(buffer, count: count) { pending = true }
        }
        close(inotify)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Reads a buffer of events; true when one of them changes what the folder holds.
    private func handle(_ buffer: [UInt8], count: Int) -> Bool {
        var changed = false
        var at = 0
        let header = MemoryLayout<inotify_event>.size
        lock.lock()
        defer { lock.unlock() }
        while at + header <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: at, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(at + header)..<min(count, at + header + length)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            at += header + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changed = true
                continue
            }
            if wd == parentWatch {
                // The folder's parent: the folder itself coming back.
                if name == (folder as NSString).lastPathComponent, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, isFolder(folder) {
                    inotify_rm_watch(inotify, wd)
                    parentWatch = nil
                    state = .present
                    addTree(folder, depth: 0)
                    changed = true
                }
                continue
            }
            guard let path = watched[wd] else { continue }
            if mask & UInt32(IN_IGNORED) != 0 {
                watched[wd] = nil
                continue
            }
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                if path == folder { folderWent() }
                changed = true
                continue
            }
            let child = path + "/" + name
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                // A folder made or moved in: watched, with what it already holds.
                addTree(child, depth: depth(of: child))
                changed = true
            } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE) != 0 {
                changed = true
            }
        }
        return changed
    }

    /// The folder went: its watches go, its parent is watched for its return (under the lock).
    private func folderWent() {
        for wd in watched.keys { inotify_rm_watch(inotify, wd) }
        watched.removeAll()
        state = .gone
        let parent = (folder as NSString).deletingLastPathComponent
        let wd = inotify_add_watch(inotify, parent, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR))
        parentWatch = wd >= 0 ? wd : nil
        // Back already, between the event and this watch.
        if isFolder(folder) {
            if let wd = parentWatch { inotify_rm_watch(inotify, wd) }
            parentWatch = nil
            state = .present
            addTree(folder, depth: 0)
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private func depth(of path: String) -> Int {
        path.dropFirst(folder.count).filter { $0 == "/" }.count
    }

    /// Folders watched now (tests).
    var watchedFolders: Set<String> { lock.withLock { Set(watched.values) } }
}
