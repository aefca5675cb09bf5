import ArgumentParser
import Foundation
import ParallaxSDL

/// `--video-driver`, for the commands that open a window.
struct VideoDriverOption: ParsableArguments {
    @Option(help: ArgumentHelp("The video driver: x11 or wayland (default: SDL_VIDEODRIVER, else wayland where WAYLAND_DISPLAY is set, else x11).",
                               valueName: "name"))
    var videoDriver: String?

    func validate() throws {
        if let videoDriver, !SDLVideo.windowDrivers.contains(videoDriver) {
            throw ValidationError("--video-driver must be one of: \(SDLVideo.windowDrivers.joined(separator: ", "))")
        }
    }

    /// Chooses the driver for SDL, which reads SDL_VIDEODRIVER when it starts.
    func apply() {
        if let videoDriver { setenv("SDL_VIDEODRIVER", videoDriver, 1) }
    }
}
