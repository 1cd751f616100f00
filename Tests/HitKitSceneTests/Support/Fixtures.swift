import Foundation

/// The repository's `Fixtures/` folder and the files in it.
enum Fixtures {
    /// The package root, found from this source file's path (…/Tests/HitKitSceneTests/Support/).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let scenes = root.appendingPathComponent("Fixtures/scenes")
    static let invalid = root.appendingPathComponent("Fixtures/invalid")
    static let invalidScenarios = root.appendingPathComponent("Fixtures/invalid-scenarios")

    /// The base names of the `.json` files of a fixture folder, sorted.
    static func names(in folder: URL) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The lines of a text file, without a final empty line.
    static func lines(_ url: URL) throws -> [String] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A path relative to the package root, as the command is given it in the tests.
    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(root.path.count + 1))
    }
}
