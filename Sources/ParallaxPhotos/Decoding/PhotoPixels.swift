/// A decoded image as the photos module hands it out: 32-bit pixels, top row first, rows `pitch`
/// (`width * 4`) bytes apart, each pixel blue, green, red, then unused or alpha bytes in memory:
/// XRGB8888 or ARGB8888 on a little-endian machine, which a texture takes as it is. No window
/// library's type: the backend uploads `bytes` (docs/architecture.md, "Targets").
public struct PhotoPixels: Sendable, Equatable {
    public enum Format: Sendable, Equatable {
        /// The fourth byte is not looked at (JPEGs, thumbnails, images without transparency).
        case xrgb8888
        /// The fourth byte is alpha (an image with transparency).
        case argb8888
    }

    public var width: Int
    public var height: Int
    public var format: Format
    public var bytes: [UInt8]

    public var pitch: Int { width * 4 }

    public init(width: Int, height: Int, format: Format = .xrgb8888, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "\(width)x\(height) pixels need \(width * height * 4) bytes, not \(bytes.count)")
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }

    /// All bytes zero.
    init(width: Int, height: Int, format: Format) {
        self.init(width: width, height: height, format: format, bytes: [UInt8](repeating: 0, count: width * height * 4))
    }
}
