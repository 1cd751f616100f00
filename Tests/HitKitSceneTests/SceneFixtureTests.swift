import Foundation
import Testing

/// The scene fixtures (`Fixtures/scenes/NAME.json`) run through the built `hitkit` command:
/// `NAME.points` → `NAME.expected` (hit-test), `NAME.chains` (`ID: id id …`) and
/// `NAME.conversions` (`FROM TO x y -> X Y`). Expectations were worked out by hand from Behaviour A1,
/// A2 and A7, not recorded from the program.
@Suite("Scene fixtures through the hitkit command")
struct SceneFixtureTests {
    static let sceneNames = Fixtures.names(in: Fixtures.scenes)

    @Test func everySceneHasItsExpectations() throws {
        #expect(Self.sceneNames.count >= 10)
        for name in Self.sceneNames {
            for suffix in ["points", "expected", "chains", "conversions"] {
                let file = Fixtures.scenes.appendingPathComponent("\(name).\(suffix)")
                #expect(FileManager.default.fileExists(atPath: file.path), "\(name).\(suffix) is missing")
            }
        }
    }

    @Test(arguments: sceneNames)
    func hitTestFromFile(_ name: String) throws {
        let scene = "Fixtures/scenes/\(name).json"
        let result = try HitKitProcess.run(["hit-test", scene, "Fixtures/scenes/\(name).points"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.outputLines == (try Fixtures.lines(Fixtures.scenes.appendingPathComponent("\(name).expected"))))
    }

    @Test(arguments: sceneNames)
    func hitTestFromStandardInput(_ name: String) throws {
        let points = try String(contentsOf: Fixtures.scenes.appendingPathComponent("\(name).points"), encoding: .utf8)
        let expected = try Fixtures.lines(Fixtures.scenes.appendingPathComponent("\(name).expected"))
        for arguments in [["hit-test", "Fixtures/scenes/\(name).json"], ["hit-test", "Fixtures/scenes/\(name).json", "-"]] {
            let result = try HitKitProcess.run(arguments, input: points)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.outputLines == expected)
        }
    }

    @Test(arguments: sceneNames)
    func chains(_ name: String) throws {
        let lines = try Fixtures.lines(Fixtures.scenes.appendingPathComponent("\(name).chains"))
        #expect(!lines.isEmpty)
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            try #require(parts.count == 2, "malformed chain line \(line)")
            let id = String(parts[0])
            let expected = parts[1].split(separator: " ").map(String.init)
            let result = try HitKitProcess.run(["chain", "Fixtures/scenes/\(name).json", id])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.outputLines == expected, "chain from \(id)")
        }
    }

    @Test(arguments: sceneNames)
    func conversions(_ name: String) throws {
        let lines = try Fixtures.lines(Fixtures.scenes.appendingPathComponent("\(name).conversions"))
        #expect(!lines.isEmpty)
        for line in lines {
            let sides = line.components(separatedBy: " -> ")
            try #require(sides.count == 2, "malformed conversion line \(line)")
            let arguments = sides[0].split(separator: " ").map(String.init)
            try #require(arguments.count == 4)
            let result = try HitKitProcess.run(["convert", "Fixtures/scenes/\(name).json"] + arguments)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput == sides[1] + "\n", "convert \(sides[0])")
        }
    }
}
