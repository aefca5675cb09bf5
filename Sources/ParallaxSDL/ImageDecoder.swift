import CSDL2
import CSDL2Image
import Dispatch
import Foundation

/// Decodes image files with SDL2_image on a background queue; the render thread collects the
/// results and uploads them. Surfaces are handed over whole, never shared.
final class ImageDecoder: @unchecked Sendable {
    enum Result {
        case decoded(UnsafeMutablePointer<SDL_Surface>)
        case failed(String)
    }

    private let queue = DispatchQueue(label: "parallax.image-decoder", qos: .userInitiated)
    private let lock = NSLock()
    private let done = NSCondition()
    private var results: [String: Result] = [:]
    private var pending: Set<String> = []

    /// Larger images are refused: a texture that size may not even be creatable.
    static let maxSide: Int32 = 8192

    /// Decode blocks hold the decoder, so none is running by now (this may even run on the queue).
    deinit {
        for case let .decoded(surface) in results.values { SDL_FreeSurface(surface) }
    }

    /// Starts decoding `path` unless it is already decoding or decoded.
    func request(_ path: String) {
        lock.lock()
        let isNew = pending.insert(path).inserted
        lock.unlock()
        guard isNew else { return }
        queue.async { [self] in
            let result = Self.decode(path)
            done.lock()
            lock.lock()
            results[path] = result
            lock.unlock()
            done.broadcast()
            done.unlock()
        }
    }

    /// The result for `path` if its decode has finished; the caller owns a decoded surface.
    func take(_ path: String) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard let result = results.removeValue(forKey: path) else { return nil }
        pending.remove(path)
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

    private static func decode(_ path: String) -> Result {
        if let (w, h) = ImageHeader.dimensions(of: path), w > maxSide || h > maxSide || w < 1 || h < 1 {
            return .failed("image \(path) is \(w)x\(h), outside 1...\(maxSide) px a side")
        }
        guard let surface = IMG_Load(path) else {
            return .failed("image \(path) cannot be loaded: \(String(cString: SDL_GetError()))")
        }
        let w = surface.pointee.w, h = surface.pointee.h
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            SDL_FreeSurface(surface)
            return .failed("image \(path) is \(w)x\(h), outside 1...\(maxSide) px a side")
        }
        return .decoded(surface)
    }
}
