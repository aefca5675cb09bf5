import Foundation

/// Finds the resources folder (`Images/`, `Fonts/`, `Icons/`, `Scripts/`): `PARALLAX_RESOURCES` if
/// set; else `../share/parallax` beside the executable, where `make install` and the .deb put it
/// (under /usr, /usr/local, ~/.local or a DESTDIR staging tree alike); else a `Resources` folder
/// beside the executable or in any folder above it (a checkout: `.build/debug/parallax` finds the
/// package's); else the working directory's.
public struct ResourceLocator {
    public struct NotFound: Error, CustomStringConvertible {
        /// Every place tried, in order, each with why it was passed over where it exists.
        public let searched: [String]
        public var description: String {
            "resources not found (a folder with Images/ and Fonts/); searched: \(searched.joined(separator: ", ")). Set PARALLAX_RESOURCES to the Resources folder."
        }
    }

    /// The files a folder must hold to be used: without them no text can be drawn. A missing photo
    /// or icon is only a placeholder and a log line.
    public static let requiredFiles = ["Fonts/DejaVuSans.ttf", "Fonts/DejaVuSans-Bold.ttf"]

    /// Why `path` cannot be the resources folder ("no Fonts/DejaVuSans.ttf"), or nil when it can.
    public static func problem(at path: String) -> String? {
        for folder in ["Images", "Fonts"] where !isDirectory(path + "/" + folder) { return "no \(folder)/" }
        for file in requiredFiles where !FileManager.default.isReadableFile(atPath: path + "/" + file) { return "no \(file)" }
        return nil
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
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
            let binFolder = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
            places.append(binFolder.deletingLastPathComponent().appendingPathComponent("share/parallax").path)
            var dir = binFolder
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
        var searched: [String] = []
        for place in places {
            guard let problem = problem(at: place) else { return place }
            // A place that is not there at all needs no reason; one that is there says what it lacks.
            searched.append(isDirectory(place) ? "\(place) (\(problem))" : place)
        }
        throw NotFound(searched: searched)
    }
}
