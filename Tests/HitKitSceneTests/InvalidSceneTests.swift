import Foundation
import Testing
@testable import HitKitScene

/// The corpus of broken scene files (`Fixtures/invalid/NAME.json`). Each `NAME.expected` holds
/// the location the error must name (a JSON path, or `line L, column C`) on its first line and
/// a fragment of what was expected on its second.
@Suite("Broken scene files")
struct InvalidSceneTests {
    static let names = Fixtures.names(in: Fixtures.invalid)

    struct Expectation {
        var location: String
        var fragment: String
    }

    static func expectation(_ name: String) throws -> Expectation {
        let lines = try Fixtures.lines(Fixtures.invalid.appendingPathComponent("\(name).expected"))
        try #require(lines.count == 2, "\(name).expected must have two lines")
        return Expectation(location: lines[0], fragment: lines[1])
    }

    @Test func theCorpusIsLargeAndEveryFileHasAnExpectation() throws {
        #expect(Self.names.count >= 40)
        for name in Self.names {
            #expect(FileManager.default.fileExists(atPath: Fixtures.invalid.appendingPathComponent("\(name).expected").path))
        }
    }

    @Test(arguments: names)
    func theLoaderNamesThePathAndWhatWasExpected(_ name: String) throws {
        let expected = try Self.expectation(name)
        let path = "Fixtures/invalid/\(name).json"
        let file = Fixtures.root.appendingPathComponent(path).path
        #expect(throws: SceneError.self) { _ = try SceneLoader.load(contentsOf: file) }
        do {
            _ = try SceneLoader.load(contentsOf: file)
        } catch {
            #expect(error.file == file)
            #expect(error.location.description == expected.location)
            #expect(error.message.contains(expected.fragment), "message: \(error.message)")
            #expect(error.description == "\(file): \(expected.location): \(error.message)")
        }
    }

    @Test(arguments: names)
    func theCommandExitsWithTwoAndPrintsNothing(_ name: String) throws {
        let expected = try Self.expectation(name)
        let path = "Fixtures/invalid/\(name).json"
        // Every subcommand loads the scene first, so none of them prints anything.
        let result = try HitKitProcess.run(["hit-test", path], input: "1 1\n")
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("\(path): \(expected.location): "), "stderr: \(result.standardError)")
        #expect(result.standardError.contains(expected.fragment))
        #expect(result.standardError.hasSuffix("\n") && result.standardError.filter { $0 == "\n" }.count == 1)
    }

    @Test func chainAndConvertRefuseABrokenSceneToo() throws {
        let path = "Fixtures/invalid/duplicate-id-views.json"
        for arguments in [["chain", path, "a"], ["convert", path, "a", "screen", "0", "0"]] {
            let result = try HitKitProcess.run(arguments)
            #expect(result.status == 2)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("\(path): windows[0].subviews[1].id: duplicate id"))
        }
    }
}
