import Foundation
import ParallaxTestSupport
import ParallaxFrame
import ParallaxSDL
import Testing

/// A folder that changes while the window is open (docs/photo-folders.md, "A folder that changes"):
/// `parallax run --photos` in a private Xvfb, a script scrolling the feed, the folder changed by the
/// test; the trace's `photoCount` and the visible card's place are read back. Each step waits with a
/// generous timeout (the one-second figure is measured by `scripts/folder-change-latency`, not asserted).
@Suite(.serialized, .childProcesses) struct FolderWatchTests {
    /// A 64x48 PNG of one grey, at `path`, modified at `modified` seconds after 2024-01-01.
    func writePhoto(_ path: String, grey: UInt8, modified: Double) throws {
        var image = PixelImage(width: 64, height: 48)
        for i in image.bytes.indices { image.bytes[i] = grey }
        try image.savePNG(path: path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_704_067_200 + modified)], ofItemAtPath: path)
    }

    /// The trace's feed lines so far (whole lines only).
    func traceLines(_ path: String) -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["scene"] as? String == "feed" }
    }

    /// Waits (up to 60 s) for a trace line after `after` lines that satisfies `condition`; returns it and its position.
    func waitFor(_ trace: String, after: Int, _ what: String, _ condition: ([String: Any]) -> Bool) throws -> (line: [String: Any], at: Int) {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let lines = traceLines(trace)
            if let at = lines.indices.first(where: { $0 >= after && condition(lines[$0]) }) { return (lines[at], at) }
            usleep(100_000)
        }
        throw TestFailure("timed out waiting for \(what); last line: \(traceLines(trace).last ?? [:])")
    }

    /// The first card whose container reaches below the top of the visible band: its index and top.
    func anchor(_ line: [String: Any]) -> (index: Int, y: Double)? {
        guard let top = (line["viewport"] as? [String: Any])?["top"] as? Double,
              let items = line["items"] as? [[String: Any]] else { return nil }
        for item in items {
            if let y = item["y"] as? Double, let h = item["height"] as? Double, let index = item["index"] as? Double, y + h > top {
                return (Int(index), y)
            }
        }
        return nil
    }

    @Test func photosAddedRemovedAndRenamedShowInOrderWithTheVisibleCardKeptAndARemovedFolderComesBack() throws {
        let server = try XServer.start()
        defer { server.stop() }
        let folder = scratchURL("watch").path
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: folder + "-work")
        }
        try FileManager.default.createDirectory(atPath: folder + "-work", withIntermediateDirectories: true)
        // Six photos an hour apart: the feed shows them in that order.
        for k in 0..<6 { try writePhoto(folder + "/p\(k).png", grey: UInt8(40 * k), modified: Double(k) * 3600) }
        // A slow drag 700 px up, held still, let go: the feed rests with its second or third card at the top.
        var events: [String] = [#"{"t": 0.3, "type": "mouseDown", "x": 640, "y": 750}"#]
        for k in 1...14 { events.append(#"{"t": \#(0.3 + Double(k) * 0.05), "type": "mouseMove", "x": 640, "y": \#(750 - Double(k) * 50)}"#) }
        events.append(#"{"t": 1.5, "type": "mouseUp", "x": 640, "y": 50}"#)
        let script = folder + "-work/scroll.json"
        try Data(#"{"version": 1, "scene": "feed", "size": {"width": 1280, "height": 800}, "events": [\#(events.joined(separator: ","))]}"#.utf8)
            .write(to: URL(fileURLWithPath: script))
        let trace = folder + "-work/trace.jsonl"
        var environment = withoutUserConfig(ProcessInfo.processInfo.environment)
        environment["DISPLAY"] = server.display
        environment["SDL_VIDEODRIVER"] = "x11"
        environment["XDG_CACHE_HOME"] = folder + "-work/cache"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: parallaxBinary)
        process.arguments = ["run", "--photos", folder, "--script", script, "--no-overlay", "--frames", "36000", "--trace", trace]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        // At rest after the drag: the card at the top, and where it is.
        var (line, at) = try waitFor(trace, after: 0, "the feed at rest after the drag") { line in
            (line["t"] as? Double ?? 0) > 2 && line["phase"] as? String == "idle" && line["photoCount"] as? Double == 6
        }
        let first = try #require(anchor(line))
        #expect(first.index > 0, "scrolled past the first card")

        // An older photo added (written elsewhere, moved in): one more card before it; the card stays where it is.
        try writePhoto(folder + "-work/older.png", grey: 250, modified: -3600)
        try FileManager.default.moveItem(atPath: folder + "-work/older.png", toPath: folder + "/older.png")
        (line, at) = try waitFor(trace, after: at, "the added photo") { $0["photoCount"] as? Double == 7 }
        let added = try #require(anchor(line))
        #expect(added.index == first.index + 1 && abs(added.y - first.y) < 0.5, "\(first) then \(added)")

        // Removed again: back as it was.
        try FileManager.default.removeItem(atPath: folder + "/older.png")
        (line, at) = try waitFor(trace, after: at, "the removed photo") { $0["photoCount"] as? Double == 6 }
        let removed = try #require(anchor(line))
        #expect(removed.index == first.index && abs(removed.y - first.y) < 0.5, "\(first) then \(removed)")

        // Renamed out of the photos (a .txt) and back: gone, then in its place again.
        try FileManager.default.moveItem(atPath: folder + "/p5.png", toPath: folder + "/p5.txt")
        (line, at) = try waitFor(trace, after: at, "the renamed photo gone") { $0["photoCount"] as? Double == 5 }
        try FileManager.default.moveItem(atPath: folder + "/p5.txt", toPath: folder + "/p5.png")
        (line, at) = try waitFor(trace, after: at, "the renamed photo back") { $0["photoCount"] as? Double == 6 }

        // The folder removed: the one-line message, no cards; made again with two photos: they show.
        try FileManager.default.removeItem(atPath: folder)
        (line, at) = try waitFor(trace, after: at, "the removed folder's message") { $0["photoCount"] as? Double == 0 }
        #expect((line["message"] as? String)?.contains(folder) == true)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for k in 0..<2 { try writePhoto(folder + "/q\(k).png", grey: 100, modified: Double(k)) }
        (line, at) = try waitFor(trace, after: at, "the folder back") { $0["photoCount"] as? Double == 2 }
        #expect(line["message"] == nil)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
