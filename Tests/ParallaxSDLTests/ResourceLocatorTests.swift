import Foundation
import ParallaxTestSupport
import Testing
@testable import ParallaxSDL

/// The order `parallax` looks for its data in: PARALLAX_RESOURCES, the installed `../share/parallax`
/// beside the executable, then a checkout's `Resources` above it, then the working directory's.
@Suite struct ResourceLocatorTests {
    /// A scratch tree standing for a prefix inside a checkout: `root/checkout/usr/bin/parallax`.
    struct Tree {
        let root: String
        var checkout: String { root + "/checkout" }
        var prefix: String { checkout + "/usr" }
        var executable: String { prefix + "/bin/parallax" }
        var installed: String { prefix + "/share/parallax" }
        var checkoutResources: String { checkout + "/Resources" }

        init() throws {
            root = scratchURL("locator").path
            try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: executable))
        }

        /// A complete resources folder at `path`, less the files named.
        func makeResources(at path: String, without missing: Set<String> = []) throws {
            for folder in ["Images", "Fonts"] where !missing.contains(folder) {
                try FileManager.default.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
            }
            for file in ResourceLocator.requiredFiles where !missing.contains(file) && !missing.contains("Fonts") {
                try Data("font".utf8).write(to: URL(fileURLWithPath: path + "/" + file))
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func theInstalledFolderComesFirstThenEveryFolderAboveThenTheWorkingDirectory() throws {
        let places = ResourceLocator.candidates(environment: [:], executablePath: "/opt/p/bin/parallax", workingDirectory: "/home/u")
        #expect(places == ["/opt/p/share/parallax", "/opt/p/bin/Resources", "/opt/p/Resources", "/opt/Resources", "/Resources",
                           "/home/u/Resources"])
    }

    @Test func anExplicitFolderIsTheOnlyPlace() throws {
        let places = ResourceLocator.candidates(environment: ["PARALLAX_RESOURCES": "/data/r"], executablePath: "/opt/p/bin/parallax",
                                                workingDirectory: "/home/u")
        #expect(places == ["/data/r"])
    }

    @Test func anInstalledCopyWinsOverTheCheckoutAroundIt() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.makeResources(at: tree.installed)
        try tree.makeResources(at: tree.checkoutResources)
        #expect(try ResourceLocator.locate(environment: [:], executablePath: tree.executable, workingDirectory: "/") == tree.installed)
    }

    @Test func anExplicitFolderWinsOverAnInstalledCopy() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.makeResources(at: tree.installed)
        let explicit = tree.root + "/mine"
        try tree.makeResources(at: explicit)
        #expect(try ResourceLocator.locate(environment: ["PARALLAX_RESOURCES": explicit], executablePath: tree.executable,
                                           workingDirectory: "/") == explicit)
    }

    @Test func aDamagedInstalledCopyIsPassedOverForTheCheckout() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.makeResources(at: tree.installed, without: ["Fonts/DejaVuSans-Bold.ttf"])
        try tree.makeResources(at: tree.checkoutResources)
        #expect(try ResourceLocator.locate(environment: [:], executablePath: tree.executable, workingDirectory: "/")
                == tree.checkoutResources)
    }

    @Test(arguments: [["Fonts/DejaVuSans.ttf"], ["Fonts"], ["Images"]])
    func withNoUsableFolderOneLineNamesEveryPlaceAndWhatTheDamagedOneLacks(missing: [String]) throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.makeResources(at: tree.installed, without: Set(missing))
        let places = ResourceLocator.candidates(environment: [:], executablePath: tree.executable, workingDirectory: tree.root)
        do {
            let found = try ResourceLocator.locate(environment: [:], executablePath: tree.executable, workingDirectory: tree.root)
            Issue.record("found \(found) in a tree with no complete resources folder")
        } catch {
            let lacking = missing[0].contains(".") ? missing[0] : missing[0] + "/"
            let expected: [String] = ["\(tree.installed) (no \(lacking))"] + places.dropFirst()
            #expect(error.searched == expected)
            #expect(!error.description.contains("\n"))
            for place in places { #expect(error.description.contains(place)) }
        }
    }
}
