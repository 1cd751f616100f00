import Foundation
import Testing
@testable import HitKitScene

/// Scene files are read with `open` and `read`, so anything readable loads (pipes, `/dev/stdin`),
/// and a file that cannot be read says why.
@Suite("Reading scene files")
struct FileReadingTests {
    let colors = "Fixtures/scenes/seeds-colors.json"

    @Test func eachUnreadableFileSaysWhy() throws {
        // A missing file is checked in SceneDecoderTests.
        let folder = Fixtures.scenes.path
        #expect(throws: SceneError(file: folder, location: .file, message: "cannot read the file: is a directory")) {
            try SceneLoader.load(contentsOf: folder)
        }
        let through = Fixtures.scenes.appendingPathComponent("seeds-colors.json/inner").path
        #expect(throws: SceneError(file: through, location: .file, message: "cannot read the points file: no such file")) {
            try FileReader.contents(of: through, describedAs: "the points file")
        }
    }

    @Test func aFileWithoutReadPermissionCannotBeRead() throws {
        // root reads anything, so the permission check means nothing there.
        guard getuid() != 0 else { return }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-unreadable-\(UUID().uuidString).json")
        try Data("{}".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.setAttributes([.posixPermissions: 0o200], ofItemAtPath: url.path)
        #expect(throws: SceneError(file: url.path, location: .file, message: "cannot read the file: cannot be read")) {
            try SceneLoader.load(contentsOf: url.path)
        }
    }

    @Test func aFileLargerThanOneReadIsReadWhole() throws {
        // Many views, so the file spans several 64 KiB reads.
        let views = (0..<6000).map { #"{"id": "v\#($0)", "frame": [\#($0), 0, 1, 1]}"# }.joined(separator: ",\n")
        let text = #"{"windows": [{"id": "w", "frame": [0, 0, 9000, 10], "subviews": [\#(views)]}]}"#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-wide-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(text.utf8.count > 3 << 16)
        #expect(try FileReader.contents(of: url.path) == Array(text.utf8))
        #expect(try SceneLoader.load(contentsOf: url.path).windows[0].view.subviews.count == 6000)
    }

    @Test func theCommandReadsASceneFromAPipe() throws {
        let scene = try String(contentsOf: Fixtures.scenes.appendingPathComponent("seeds-colors.json"), encoding: .utf8)
        let points = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-points-\(UUID().uuidString)")
        try Data("5 5\n25 45\n".utf8).write(to: points)
        defer { try? FileManager.default.removeItem(at: points) }
        let result = try HitKitProcess.run(["hit-test", "/dev/stdin", points.path], input: scene)
        #expect(result.status == 0)
        #expect(result.outputLines == ["white", "green"])
    }

    @Test func anEmptyFileIsBadInputWithALocation() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-empty-\(UUID().uuidString).json")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try HitKitProcess.run(["hit-test", url.path], input: "1 1\n")
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "\(url.path): line 1, column 1: not valid JSON: expected a value, found the end of the document\n")
    }
}
