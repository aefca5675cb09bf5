import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
@testable import ParallaxSDL
@testable import ParallaxPhotos

extension SDLTests {
    @Suite struct QuickImageTests {
        let red: UInt32 = 0xD02020, green: UInt32 = 0x20C020

        @Test func theQuickImageShowsFirstThenTheFullPhotoFadesInOverIt() throws {
            let path = photoWithExifThumbnail(main: red, thumbnail: green)
            let canvas = try headlessCanvas(Size(width: 320, height: 240))
            canvas.photos.decodesSynchronously = false
            let queue = DecodeQueue(workerCount: 0)
            canvas.photos.queue = queue
            func frame(_ time: Double) throws -> (r: UInt8, g: UInt8, b: UInt8) {
                var list = DisplayList()
                list.time = time
                list.image(PhotoID.file(path), source: Rect(x: 0, y: 0, width: 640, height: 480), destination: Rect(x: 0, y: 0, width: 320, height: 240))
                canvas.draw(list)
                let pixels = try canvas.readPixels()
                return pixels[160, 120]
            }
            _ = try frame(0)
            #expect(canvas.lastRender.placeholders.contains(PhotoID.file(path)))
            #expect(queue.queuedQuick == [path], "a quick image is asked for the placeholder drawn")
            queue.runQueued(quickOnly: true)
            #expect(isClose(try frame(1.0 / 60), green), "the EXIF thumbnail first")
            #expect(canvas.textures.quickImageOrigin(of: PhotoID.file(path)) == .exif)
            queue.runQueued()
            #expect(isClose(try frame(2.0 / 60), green), "the full photo arrives and starts its fade from the quick image")
            let mid = try frame(2.0 / 60 + TextureCache.fadeSeconds / 2)
            #expect(!isClose(mid, green, within: 8) && !isClose(mid, red, within: 8), "mid-fade: neither")
            #expect(isClose(try frame(2.0 / 60 + TextureCache.fadeSeconds + 0.05), red), "then the full photo")
        }
    }
}
