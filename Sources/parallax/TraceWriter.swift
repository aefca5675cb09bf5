import Foundation
import ParallaxEngine

/// Writes trace lines to a file, buffered.
final class TraceWriter {
    private let handle: FileHandle
    private var buffer = Data()

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    deinit {
        flush()
        try? handle.close()
    }

    func write(frame: Int, time: Double, presentTime: Double?, cursor: CursorKind?, scene: Scene) {
        guard let scene = scene as? Traceable else { return }
        buffer.append(Data((traceLine(frame: frame, time: time, presentTime: presentTime, cursor: cursor, scene: scene) + "\n").utf8))
        if buffer.count > 1 << 16 { flush() }
    }

    func flush() {
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
