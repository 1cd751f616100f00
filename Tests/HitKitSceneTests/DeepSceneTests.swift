import Foundation
import Testing
import HitKitScene

/// Scenes nested thousands of views deep load without exhausting the stack, and deeper ones are
/// refused with a message instead of a crash.
@Suite("Deep scenes")
struct DeepSceneTests {
    /// A window holding a chain of `depth` views, `v0` outermost, each filling its superview.
    static func chainScene(depth: Int) -> String {
        var text = #"{"windows": [{"id": "w", "frame": [0, 0, 100, 100], "subviews": ["#
        for index in 0..<depth { text += #"{"id": "v\#(index)", "frame": [0, 0, 100, 100], "subviews": ["# }
        text += String(repeating: "]}", count: depth)
        return text + "]}]}"
    }

    static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-deep-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func theCommandHandlesAChainNineThousandViewsDeep() throws {
        let path = try Self.write(Self.chainScene(depth: 9_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hit = try HitKitProcess.run(["hit-test", path], input: "50 50\n")
        #expect(hit.status == 0 && hit.outputLines == ["v8999"])
        let chain = try HitKitProcess.run(["chain", path, "v8999"])
        #expect(chain.status == 0)
        #expect(chain.outputLines.count == 9_002)
        #expect(chain.outputLines.first == "v8999" && chain.outputLines.suffix(2) == ["w", "app"])
    }

    @Test func theLibraryLoadsADeepSceneFromAnyThread() throws {
        let path = try Self.write(Self.chainScene(depth: 9_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = try LoadedScene.load(contentsOf: path)
        #expect(scene.hitTest(screenPoint: .init(x: 1, y: 1)) == "v8999")
        #expect(scene.responderChain(from: "v8999")?.count == 9_002)
    }

    @Test func nestingBeyondTheLimitIsBadInputNotACrash() throws {
        let path = try Self.write(Self.chainScene(depth: 10_100))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try HitKitProcess.run(["hit-test", path], input: "1 1\n")
        #expect(result.status == 2 && result.standardOutput.isEmpty)
        #expect(result.standardError.contains("line 1, column"))
        #expect(result.standardError.contains("nesting deeper than 20000 levels"))
    }
}
