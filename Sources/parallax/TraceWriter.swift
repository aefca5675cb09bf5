import Foundation
import ParallaxEngine
import ParallaxFrame

/// Writes trace lines to a file: buffered for a headless run, a line a frame for a window's.
final class TraceWriter {
    private let handle: FileHandle
    private var buffer = Data()
    /// A window's trace is read while it runs (`tail -f`, the real-input tests waiting on its
    /// frames): each frame's line goes out with the frame, a write of under a kilobyte at 60 Hz.
    private let writesEachFrame: Bool

    init?(path: String, writesEachFrame: Bool) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
        self.writesEachFrame = writesEachFrame
    }

    deinit {
        flush()
        try? handle.close()
    }

    /// A frame's line (`FrameObserver`'s shape, for the commands that take no input).
    func write(frame: Int, time: Double, present: WindowPresent?, cursor: CursorKind?, scene: Scene) {
        write(frame: frame, time: time, present: present, cursor: cursor, input: [], scene: scene)
    }

    func write(frame: Int, time: Double, present: WindowPresent?, cursor: CursorKind?, input: [TimedInput], scene: Scene) {
        guard let scene = scene as? Traceable else { return }
        let line = traceLine(frame: frame, time: time, presentTime: present?.time, kept: present?.kept ?? false, cursor: cursor,
                             input: input, scene: scene)
        buffer.append(Data((line + "\n").utf8))
        if writesEachFrame || buffer.count > 1 << 16 { flush() }
    }

    func flush() {
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
