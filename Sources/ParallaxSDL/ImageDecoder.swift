import CSDL2
import CSDL2Image
import Dispatch
import Foundation
import ParallaxEngine

/// Decodes image files with SDL2_image on a background thread, resampled to the size they are drawn
/// at (area averaging down, linear up), so a frame copies texels 1:1 and a large photo costs its
/// drawn size in memory. The render thread collects the results and uploads them. Surfaces are
/// handed over whole, never shared.
final class ImageDecoder: @unchecked Sendable {
    /// `surface` is the image resampled by `scale` (nil: at its own size, `imageSize`), less its
    /// first `rowOffset` rows (a shaded image keeps only the rows its quad shows).
    struct Decoded {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let imageSize: Size
        let scale: Double?
        let rowOffset: Int
        /// The whole image, small, for bars' materials (`BackdropBlur`).
        let thumbnail: Thumbnail
    }

    enum Result {
        case decoded(Decoded)
        case failed(String)
    }

    /// A colour laid over the image rows `startRow...endRow` (image pixels), alpha `topAlpha` above
    /// them, linear to `bottomAlpha` at `endRow` (`ImageShade`, placed on one quad's source, which
    /// spans `firstRow..<endRow`: only those rows are kept).
    struct RowShade: Hashable, Sendable {
        var color: Color
        var topAlpha: UInt8
        var bottomAlpha: UInt8
        var firstRow: Double
        var startRow: Double
        var endRow: Double

        func alpha(atRow y: Double) -> Double {
            let t = endRow > startRow ? min(1, max(0, (y - startRow) / (endRow - startRow))) : (y < startRow ? 0 : 1)
            return Double(topAlpha) + (Double(bottomAlpha) - Double(topAlpha)) * t
        }
    }

    /// One texture's worth: a file, and the shade baked into it if any.
    struct Job: Hashable, Sendable {
        var path: String
        var shade: RowShade?
    }

    /// Requested decodes, one at a time on a thread of their own at the lowest priority (nice 19):
    /// the window's frames and the OpenGL rasteriser's threads come first. At start the window asks
    /// for every photo, over a second of CPU, and at a normal priority that stole whole frames on
    /// two cores. The thread ends when the queue is empty, so it never keeps the decoder alive.
    private let work = NSLock()
    private var queued: [(job: Job, scale: Double?)] = []
    private var draining = false
    private let lock = NSLock()
    private let done = NSCondition()
    private var results: [Job: Result] = [:]
    private var pending: Set<Job> = []

    /// Larger images are refused: a texture that size may not even be creatable.
    static let maxSide: Int32 = 8192

    /// The decoding thread holds the decoder, so none is running by now (this may even run on it).
    deinit {
        for case let .decoded(decoded) in results.values { SDL_FreeSurface(decoded.surface) }
    }

    /// Starts decoding `job`, resampled by `scale` (nil: the file's own size), unless it is already
    /// decoding or decoded.
    func request(_ job: Job, scale: Double? = nil) {
        lock.lock()
        let isNew = pending.insert(job).inserted
        lock.unlock()
        guard isNew else { return }
        work.lock()
        queued.append((job, scale))
        let starts = !draining
        draining = true
        work.unlock()
        if starts { Thread { [self] in drain() }.start() }
    }

    private func drain() {
        // On Linux the nice value is the calling thread's own (setpriority(2)).
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        while true {
            work.lock()
            guard !queued.isEmpty else {
                draining = false
                work.unlock()
                return
            }
            let next = queued.removeFirst()
            work.unlock()
            let result = Self.decode(next.job, scale: next.scale)
            done.lock()
            lock.lock()
            results[next.job] = result
            lock.unlock()
            done.broadcast()
            done.unlock()
        }
    }

    /// Decodes these jobs (each resampled by its scale) on every core before returning, keeping the
    /// results for `take`; jobs already requested are left to their decode. Headless frames wait for
    /// their photos: a frame's new photos side by side take the time of one.
    func decodeNow(_ jobs: [(job: Job, scale: Double?)]) {
        lock.lock()
        let fresh = jobs.filter { pending.insert($0.job).inserted }
        lock.unlock()
        guard !fresh.isEmpty else { return }
        DispatchQueue.concurrentPerform(iterations: fresh.count) { [self] i in
            let result = Self.decode(fresh[i].job, scale: fresh[i].scale)
            lock.lock()
            results[fresh[i].job] = result
            lock.unlock()
        }
        done.lock()
        done.broadcast()
        done.unlock()
    }

    /// The result for `job` if its decode has finished; the caller owns a decoded surface.
    func take(_ job: Job) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard let result = results.removeValue(forKey: job) else { return nil }
        pending.remove(job)
        return result
    }

    /// Blocks until every requested decode has finished (headless capture, before its first frame).
    func waitForAll() {
        done.lock()
        defer { done.unlock() }
        while true {
            lock.lock()
            let finished = pending.allSatisfy { results[$0] != nil }
            lock.unlock()
            if finished { return }
            done.wait()
        }
    }

    private static func decode(_ job: Job, scale: Double?) -> Result {
        let path = job.path
        if let (w, h) = ImageHeader.dimensions(of: path), w > maxSide || h > maxSide || w < 1 || h < 1 {
            return .failed("image \(path) is \(w)x\(h), outside 1...\(maxSide) px a side")
        }
        guard let loaded = IMG_Load(path) else {
            return .failed("image \(path) cannot be loaded: \(String(cString: SDL_GetError()))")
        }
        let w = loaded.pointee.w, h = loaded.pointee.h
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            SDL_FreeSurface(loaded)
            return .failed("image \(path) is \(w)x\(h), outside 1...\(maxSide) px a side")
        }
        guard let surface = thirtyTwoBit(loaded) else {
            return .failed("image \(path) cannot be converted to 32 bits a pixel: \(String(cString: SDL_GetError()))")
        }
        let thumbnail = Self.thumbnail(of: surface)
        let imageSize = Size(width: Double(w), height: Double(h))
        let scale = scale.flatMap { $0 > 0 ? $0 : nil }
        let factor = scale ?? 1
        let target = (w: max(1, Int32((Double(w) * factor).rounded())), h: max(1, Int32((Double(h) * factor).rounded())))
        guard let resampled = resample(surface, to: target) else {
            return .failed("image \(path) cannot be resampled to \(target.w)x\(target.h): \(String(cString: SDL_GetError()))")
        }
        guard let shade = job.shade else {
            return .decoded(Decoded(surface: resampled, imageSize: imageSize, scale: scale, rowOffset: 0, thumbnail: thumbnail))
        }
        let first = max(0, min(Int(resampled.pointee.h) - 1, Int((shade.firstRow * factor).rounded(.down))))
        let end = max(first + 1, min(Int(resampled.pointee.h), Int((shade.endRow * factor).rounded(.up))))
        guard let rows = crop(resampled, rows: first..<end) else {
            return .failed("image \(path): out of memory cropping it: \(String(cString: SDL_GetError()))")
        }
        apply(shade, to: rows, scale: factor, firstRow: first)
        return .decoded(Decoded(surface: rows, imageSize: imageSize, scale: scale, rowOffset: first, thumbnail: thumbnail))
    }

    /// The rows `rows` of a 32-bit surface (freed here) as a surface of their own.
    static func crop(_ surface: UnsafeMutablePointer<SDL_Surface>, rows: Range<Int>) -> UnsafeMutablePointer<SDL_Surface>? {
        defer { SDL_FreeSurface(surface) }
        let w = surface.pointee.w, pitch = Int(surface.pointee.pitch)
        guard let output = SDL_CreateRGBSurfaceWithFormat(0, w, Int32(rows.count), 32, surface.pointee.format.pointee.format) else { return nil }
        for (i, row) in rows.enumerated() {
            memcpy(output.pointee.pixels + i * Int(output.pointee.pitch), surface.pointee.pixels + row * pitch, Int(w) * 4)
        }
        return output
    }

    /// Composites the shade's colour over every row of a 32-bit surface holding the image at `scale`
    /// from texture row `firstRow` on.
    static func apply(_ shade: RowShade, to surface: UnsafeMutablePointer<SDL_Surface>, scale: Double, firstRow: Int = 0) {
        let pitch = Int(surface.pointee.pitch), width = Int(surface.pointee.w)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        // 32-bit XRGB/ARGB in memory order (little endian): blue, green, red, then X or alpha.
        let (r, g, b) = (UInt32(shade.color.r), UInt32(shade.color.g), UInt32(shade.color.b))
        for y in 0..<Int(surface.pointee.h) {
            let a = UInt32(shade.alpha(atRow: (Double(firstRow + y) + 0.5) / scale).rounded()), keep = 255 - a
            var p = pixels + y * pitch
            for _ in 0..<width {
                p[0] = UInt8((UInt32(p[0]) * keep + b * a + 127) / 255)
                p[1] = UInt8((UInt32(p[1]) * keep + g * a + 127) / 255)
                p[2] = UInt8((UInt32(p[2]) * keep + r * a + 127) / 255)
                p += 4
            }
        }
    }

    /// `surface` (freed here) as 32-bit XRGB, or ARGB when the image has transparency.
    static func thirtyTwoBit(_ surface: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        let format = surface.pointee.format.pointee
        let hasAlpha = format.Amask != 0 || SDL_HasColorKey(surface) == SDL_TRUE
        let converted = SDL_ConvertSurfaceFormat(surface, hasAlpha ? SDL_PIXELFORMAT_ARGB8888.rawValue : SDL_PIXELFORMAT_RGB888.rawValue, 0)
        SDL_FreeSurface(surface)
        return converted
    }

    /// A 32-bit surface averaged down to at most `Thumbnail.maxSide` a side: each thumbnail pixel the
    /// mean of up to 4x4 pixels spread evenly over its block (a block's every pixel would cost a pass
    /// over a 2560x1600 photo, several milliseconds of each decode).
    static func thumbnail(of surface: UnsafeMutablePointer<SDL_Surface>) -> Thumbnail {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let shrink = min(1, Double(Thumbnail.maxSide) / Double(max(w, h)))
        let tw = max(1, Int((Double(w) * shrink).rounded())), th = max(1, Int((Double(h) * shrink).rounded()))
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var thumb = [UInt32](repeating: 0, count: tw * th)
        /// Up to four positions spread evenly over `lo..<hi`.
        func spread(_ lo: Int, _ hi: Int) -> [Int] {
            let n = min(4, max(1, hi - lo))
            return (0..<n).map { lo + (2 * $0 + 1) * (hi - lo) / (2 * n) }
        }
        let columns = (0..<tw).map { spread($0 * w / tw, ($0 + 1) * w / tw) }
        for ty in 0..<th {
            let ys = spread(ty * h / th, (ty + 1) * h / th)
            for (tx, xs) in columns.enumerated() {
                var sums: (UInt32, UInt32, UInt32) = (0, 0, 0)
                for y in ys {
                    for x in xs {
                        // 32-bit XRGB/ARGB in memory order (little endian): blue, green, red.
                        let p = pixels + y * pitch + x * 4
                        sums.0 += UInt32(p[2]); sums.1 += UInt32(p[1]); sums.2 += UInt32(p[0])
                    }
                }
                let n = UInt32(xs.count * ys.count)
                thumb[ty * tw + tx] = ((sums.0 + n / 2) / n) << 16 | ((sums.1 + n / 2) / n) << 8 | (sums.2 + n / 2) / n
            }
        }
        return Thumbnail(width: tw, height: th, pixels: thumb, scaleX: Double(tw) / Double(w), scaleY: Double(th) / Double(h))
    }

    /// A 32-bit `surface` (freed here) at `size`: first averaged over whole blocks of pixels while at
    /// least twice too large (area filtering: no aliasing from a 4000 px photo), then linearly
    /// interpolated.
    static func resample(_ surface: UnsafeMutablePointer<SDL_Surface>, to size: (w: Int32, h: Int32)) -> UnsafeMutablePointer<SDL_Surface>? {
        let pixelFormat = surface.pointee.format.pointee.format
        var current = surface
        let block = min(current.pointee.w / size.w, current.pointee.h / size.h)
        if block >= 2 {
            guard let averaged = averageBlocks(current, block: Int(block)) else { SDL_FreeSurface(current); return nil }
            SDL_FreeSurface(current)
            current = averaged
        }
        if current.pointee.w == size.w, current.pointee.h == size.h { return current }
        defer { SDL_FreeSurface(current) }
        guard let output = SDL_CreateRGBSurfaceWithFormat(0, size.w, size.h, 32, pixelFormat) else { return nil }
        guard SDL_SoftStretchLinear(current, nil, output, nil) == 0 else { SDL_FreeSurface(output); return nil }
        return output
    }

    /// Each `block`x`block` square of a 32-bit surface averaged into one pixel, channel by channel.
    static func averageBlocks(_ source: UnsafeMutablePointer<SDL_Surface>, block: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = Int(source.pointee.w) / block, h = Int(source.pointee.h) / block
        guard let output = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, source.pointee.format.pointee.format) else { return nil }
        let sourcePitch = Int(source.pointee.pitch), outputPitch = Int(output.pointee.pitch)
        let from = source.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let to = output.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let count = UInt32(block * block)
        var sums = [UInt32](repeating: 0, count: w * 4)
        for y in 0..<h {
            for i in sums.indices { sums[i] = 0 }
            for row in (y * block)..<(y * block + block) {
                let line = from + row * sourcePitch
                for x in 0..<w {
                    var p = line + x * block * 4
                    for _ in 0..<block {
                        sums[x * 4] += UInt32(p[0]); sums[x * 4 + 1] += UInt32(p[1])
                        sums[x * 4 + 2] += UInt32(p[2]); sums[x * 4 + 3] += UInt32(p[3])
                        p += 4
                    }
                }
            }
            let line = to + y * outputPitch
            for i in 0..<(w * 4) { line[i] = UInt8((sums[i] + count / 2) / count) }
        }
        return output
    }
}
