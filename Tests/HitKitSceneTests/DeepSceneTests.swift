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

    /// The chain scene with its window key and keeping the touches and presses it logs, and the
    /// deepest view first responder, in a scenario whose touch and key no view keeps: each goes up
    /// the whole responder chain to the window, one call per responder, as UIKit passes them on.
    static func chainScenario(depth: Int) -> String {
        var scene = chainScene(depth: depth)
        scene = scene.replacingOccurrences(of: #""id": "w", "frame": [0, 0, 100, 100], "subviews""#,
                                           with: #""id": "w", "frame": [0, 0, 100, 100], "key": true, "touches": "log", "presses": "log", "subviews""#)
        scene = scene.replacingOccurrences(of: #"{"id": "v\#(depth - 1)", "frame""#,
                                           with: #"{"id": "v\#(depth - 1)", "canBecomeFirstResponder": true, "frame""#)
        scene = #"{"firstResponder": "v\#(depth - 1)", "# + scene.dropFirst()
        return #"{"scene": \#(scene), "steps": ["#
            + #"{"t": 0, "touches": [{"id": 1, "phase": "began", "at": [5, 5]}], "keys": [{"key": "KeyA", "phase": "down"}]},"#
            + #"{"t": 0.1, "touches": [{"id": 1, "phase": "ended", "at": [5, 5]}], "keys": [{"key": "KeyA", "phase": "up"}]}],"#
            + #""expect": ["w touchesBegan 1", "w pressesBegan KeyA", "w touchesEnded 1", "w pressesEnded KeyA"]}"#
    }

    /// The stack a delivery up 9,000 responders needs is the command's (it crashed past about
    /// 6,000 views on the main thread's 8 MiB, `explain` past 4,000).
    @Test func replayAndExplainDeliverUpAChainNineThousandViewsDeep() throws {
        let path = try Self.write(Self.chainScenario(depth: 9_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let replay = try HitKitProcess.run(["replay", path])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.outputLines == ["w touchesBegan 1", "w pressesBegan KeyA", "w touchesEnded 1", "w pressesEnded KeyA"])
        let explain = try HitKitProcess.run(["explain", path])
        #expect(explain.status == 0, "\(explain.standardError)")
        #expect(explain.outputLines.filter { $0.hasPrefix("  log: ") }.count == 4)
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
