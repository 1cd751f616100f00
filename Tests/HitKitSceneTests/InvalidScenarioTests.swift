import Foundation
import Testing
@testable import HitKitScene

/// The corpus of broken scenario files (`Fixtures/invalid-scenarios/NAME.json`): malformed steps
/// (an unknown key name, phase or modifier, a code that is not a whole number, a malformed
/// keyboard edit…). Each `NAME.expected` holds the JSON path the error must name on its first line
/// and a fragment of what was expected on its second, as for the broken scenes.
@Suite("Broken scenario files")
struct InvalidScenarioTests {
    static let names = Fixtures.names(in: Fixtures.invalidScenarios)

    static func expectation(_ name: String) throws -> (location: String, fragment: String) {
        let lines = try Fixtures.lines(Fixtures.invalidScenarios.appendingPathComponent("\(name).expected"))
        try #require(lines.count == 2, "\(name).expected must have two lines")
        return (lines[0], lines[1])
    }

    @Test func everyFileHasAnExpectation() {
        #expect(Self.names.count >= 15)
        for name in Self.names {
            #expect(FileManager.default.fileExists(atPath: Fixtures.invalidScenarios.appendingPathComponent("\(name).expected").path))
        }
    }

    @Test(arguments: names)
    func theLoaderNamesThePathAndWhatWasExpected(_ name: String) throws {
        let expected = try Self.expectation(name)
        let file = Fixtures.invalidScenarios.appendingPathComponent("\(name).json").path
        do throws(SceneError) {
            _ = try ScenarioLoader.load(contentsOf: file)
            Issue.record("\(name) loaded")
        } catch {
            #expect(error.file == file)
            #expect(error.location.description == expected.location)
            #expect(error.message.contains(expected.fragment), "message: \(error.message)")
        }
    }

    @Test(arguments: names)
    func replayExitsWithTwoAndPrintsNothing(_ name: String) throws {
        let expected = try Self.expectation(name)
        let path = "Fixtures/invalid-scenarios/\(name).json"
        let result = try HitKitProcess.run(["replay", path])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("\(path): \(expected.location): "), "stderr: \(result.standardError)")
        #expect(result.standardError.contains(expected.fragment))
    }
}
