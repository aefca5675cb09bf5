import CSDL2

/// A failed SDL call, with SDL's own explanation.
public struct SDLError: Error, CustomStringConvertible {
    public let description: String
    public init(_ what: String) {
        description = "\(what): \(String(cString: SDL_GetError()))"
    }
    public init(message: String) { description = message }
}
