import Foundation

/// Finds the `Resources` folder: `PARALLAX_RESOURCES`, then beside the executable or any folder above
/// it (so `.build/debug/parallax` finds the package's), then the working directory.
public struct ResourceLocator {
    public struct NotFound: Error, CustomStringConvertible {
        public let searched: [String]
        public var description: String {
            "resources not found (a folder with Images/ and Fonts/); searched: \(searched.joined(separator: ", ")). Set PARALLAX_RESOURCES to the Resources folder."
        }
    }

    public static func isResourceFolder(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        let fm = FileManager.default
        return fm.fileExists(atPath: path + "/Images", isDirectory: &isDir) && isDir.boolValue
            && fm.fileExists(atPath: path + "/Fonts", isDirectory: &isDir) && isDir.boolValue
    }

    /// The places searched, in order.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executablePath: String? = Bundle.main.executablePath,
                                  workingDirectory: String = FileManager.default.currentDirectoryPath) -> [String] {
        if let explicit = environment["PARALLAX_RESOURCES"], !explicit.isEmpty {
            return [explicit]  // an explicit choice is not second-guessed
        }
        var places: [String] = []
        if let exe = executablePath {
            var dir = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
            while true {
                places.append(dir.appendingPathComponent("Resources").path)
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        places.append(URL(fileURLWithPath: workingDirectory).appendingPathComponent("Resources").path)
        return places
    }

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executablePath: String? = Bundle.main.executablePath,
                              workingDirectory: String = FileManager.default.currentDirectoryPath) throws(NotFound) -> String {
        let places = candidates(environment: environment, executablePath: executablePath, workingDirectory: workingDirectory)
        guard let found = places.first(where: isResourceFolder) else { throw NotFound(searched: places) }
        return found
    }
}
