import Foundation
import ParallaxTestSupport
import Testing

@Suite(.childProcesses) struct ArgumentAndFileErrorTests {
    @Test func anUnknownSceneListsTheScenes() throws {
        let outcome = try parallax(["capture", "--scene", "nope", "--out", "/tmp/x"])
        #expect(outcome.status == 64)
        #expect(outcome.errorLines.first == "Error: The value 'nope' is invalid for '--scene <scene>'. Please provide one of 'feed', 'header' or 'pager'.")
    }

    @Test func resourcesNotFoundNamesThePlacesSearched() throws {
        var env = ProcessInfo.processInfo.environment
        env["PARALLAX_RESOURCES"] = "/nonexistent/resources"
        let outcome = try parallax(["capture", "--out", temporaryFolder()], environment: env)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["parallax: resources not found (a folder with Images/ and Fonts/); searched: /nonexistent/resources. Set PARALLAX_RESOURCES to the Resources folder."])
    }

    @Test(arguments: [
        ("{\"version\": 1, \"events\": [", "not valid JSON"),
        (#"{"version": 7, "events": []}"#, "version: unknown version 7, this parallax reads version 1"),
        (#"{"version": 1, "events": [{"t": 0, "type": "swipe"}]}"#, "events[0].type: unknown event type 'swipe'"),
        (#"{"version": 1, "events": [{"t": 0, "type": "key", "key": "Nope"}]}"#, "events[0].key: unknown key 'Nope'"),
        (#"{"version": 1, "events": [{"t": -0.5, "type": "wheel", "dy": 1}]}"#, "events[0].t: must be at least 0, found -0.5"),
        (#"{"version": 1, "events": [{"t": 0, "type": "wheel", "dy": 1e999}]}"#, ""),
        (#"{"version": 1, "events": [{"t": 0, "type": "mouseMove", "x": -1e999, "y": 0}]}"#, ""),
        (#"{"version": 1, "events": [], "captures": [-1]}"#, "captures[0]: must be a finite time of at least 0"),
    ])
    func aBadScriptGivesOneLineNamingFileFieldAndProblemAndExitTwo(script: String, problem: String) throws {
        let path = writeTemporary(script, name: "bad.json")
        for command in [["capture", "--out", temporaryFolder()], ["run", "--frames", "1"]] {
            let outcome = try parallax(command + ["--script", path])
            #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
            #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
            #expect(outcome.errorLines.first?.hasPrefix("parallax: \(path): \(problem)") == true, "\(outcome.stderr)")
        }
    }

    @Test func aMissingScriptIsNamed() throws {
        let outcome = try parallax(["capture", "--script", "/nonexistent/s.json", "--out", temporaryFolder()])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["parallax: /nonexistent/s.json: cannot read the file"])
    }
}
