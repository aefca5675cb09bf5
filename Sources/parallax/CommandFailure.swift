import ArgumentParser
import Foundation
import ParallaxSDL

/// Ends the command with one line on standard error and an exit code.
struct CommandFailure: Error {
    let message: String
    let code: Int32
}

extension ParsableCommand {
    /// Runs `body`, turning known failures into their one line and exit code.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("parallax: \(failure.message)\n".utf8))
            throw ExitCode(failure.code)
        } catch let error as EnvironmentError {
            FileHandle.standardError.write(Data("parallax: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// What the machine lacks (a display, the resources, a font) or SDL refused: said in one line, exit 1.
protocol EnvironmentError: Error, CustomStringConvertible {}
extension SDLVideo.NoDisplay: EnvironmentError {}
extension ResourceLocator.NotFound: EnvironmentError {}
extension TextCache.MissingFont: EnvironmentError {}
extension SDLError: EnvironmentError {}
