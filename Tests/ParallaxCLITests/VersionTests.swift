import Foundation
import ParallaxTestSupport
import Testing

/// One version: what `parallax --version` prints is the metainfo's newest release, which the
/// Makefile also checks before it installs or packages (docs/installing.md, "One version").
@Suite(.childProcesses) struct VersionTests {
    @Test func versionIsTheMetainfosNewestRelease() throws {
        let outcome = try parallax(["--version"])
        #expect(outcome.status == 0)
        let metainfo = try String(contentsOf: packageRoot.appendingPathComponent("packaging/org.parallaxplayground.Parallax.metainfo.xml"),
                                  encoding: .utf8)
        let release = try Regex(#"<release version="([^"]+)""#)
        let newest = try #require(metainfo.firstMatch(of: release)?.output[1].substring)
        #expect(outcome.stdout == String(newest) + "\n")
    }
}
