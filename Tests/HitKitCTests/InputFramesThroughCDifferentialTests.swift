import CHitKit
import Foundation
import HitKitScene
import HitTestCore
import HitTestDifferential
import Testing

/// Random streams of frames of every kind, played on fixtures' scenes through the C library, each
/// step one `hk_app_send_input_frame`, and through Swift as the replay plays them: the two must
/// write the same log, reject the same steps and leave the same keys to the host. The fixtures
/// hold the call to what their authors wrote; these hold it to input nobody wrote — fingers,
/// the pointer, scrolls, keys, pinches and samples in any mix, with bad input among them (fingers
/// not down or down twice, locations that are not finite, time going back, keys up that are not
/// down, pinches out of phase).
@Suite("Random frames of every kind through C and through Swift")
struct InputFramesThroughCDifferentialTests {
    typealias Replay = ScenarioReplayThroughCTests

    /// The scenes the streams play on: those of the fixtures with a step of several kinds, which
    /// have what a frame's kinds reach (hover, scroll views, pinches, keys, menus, drags).
    static let scenes: [(path: String, scenario: Scenario)] = Replay.fixtures.compactMap { path in
        guard let scenario = try? ScenarioLoader.load(contentsOf: path),
              scenario.steps.allSatisfy({ Replay.Call($0, asInputFrame: false) != nil }),
              scenario.steps.contains(where: Replay.Call.needsInputFrame)
        else { return nil }
        return (path, scenario)
    }

    /// What the stream believes is down; the application may disagree once it rejected a step,
    /// which only makes more bad input.
    struct Model {
        var time = 0.0
        var fingers: Set<Int> = []
        var keys: Set<Int> = []
        var scrolling = false
        var pinching = false
    }

    static func point(_ rng: inout SplitMix64) -> Point {
        Point(x: Double(rng.next() % 840) / 2, y: Double(rng.next() % 840) / 2)
    }

    static func chance(_ rng: inout SplitMix64, _ oneIn: UInt64) -> Bool { rng.next() % oneIn == 0 }

    /// `count` steps, each with a random mix of the kinds.
    static func steps(_ rng: inout SplitMix64, count: Int) -> [Scenario.Step] {
        var model = Model()
        return (0..<count).map { _ in
            model.time += chance(&rng, 16) ? -0.05 : Double(rng.next() % 20) / 100
            var step = Scenario.Step(time: model.time)
            let kinds = rng.next()
            if kinds & 1 != 0 { step.touches = touches(&rng, &model) }
            if kinds & 2 != 0 {
                let buttons = [[], [], [1], [2]][Int(rng.next() % 4)]
                step.pointer = .init(id: 100, location: chance(&rng, 8) ? nil : point(&rng), buttons: buttons,
                                     modifiers: chance(&rng, 4) ? [.shift] : [])
            }
            if kinds & 4 != 0 { step.scroll = scroll(&rng, &model) }
            if kinds & 8 != 0 { step.keys = keys(&rng, &model) }
            if kinds & 16 != 0 { step.touchpad = pinch(&rng, &model) }
            if kinds & 32 != 0, let index = step.touches.indices.first(where: { step.touches[$0].location != nil }) {
                // Two samples since the last frame, the last where the finger is.
                let location = step.touches[index].location!
                step.touches[index].samples = [.init(time: model.time - 0.004, location: Point(x: location.x - 1, y: location.y)),
                                               .init(time: model.time, location: location, force: 0.5)]
                step.touches[index].force = 0.5
            }
            return step
        }
    }

    static func touches(_ rng: inout SplitMix64, _ model: inout Model) -> [Scenario.TouchChange] {
        var changes: [Scenario.TouchChange] = []
        for id in 1...3 where chance(&rng, 2) {
            let wrong = chance(&rng, 12)
            let phase: Scenario.TouchChange.Phase
            if model.fingers.contains(id) != wrong {
                phase = [.moved, .moved, .ended, .cancelled][Int(rng.next() % 4)]
                model.fingers.remove(id)
                if phase == .moved { model.fingers.insert(id) }
            } else {
                phase = .began
                model.fingers.insert(id)
            }
            var location: Point? = point(&rng)
            if chance(&rng, 20) { location = Point(x: .nan, y: 10) }
            if phase == .cancelled && chance(&rng, 2) { location = nil }
            changes.append(.init(id: id, phase: phase, location: location))
        }
        return changes
    }

    static func scroll(_ rng: inout SplitMix64, _ model: inout Model) -> Scenario.ScrollChange {
        let delta = Point(x: chance(&rng, 3) ? 12 : 0, y: chance(&rng, 2) ? -40 : 40)
        if chance(&rng, 2) { return .init(location: point(&rng), delta: delta, type: .discrete, phase: nil) }
        let phase: PointerNames.ScrollPhase = chance(&rng, 10) ? .changed
            : model.scrolling ? (chance(&rng, 3) ? .ended : .changed) : .began
        model.scrolling = phase != .ended
        return .init(location: point(&rng), delta: delta, type: .continuous, phase: phase)
    }

    static func keys(_ rng: inout SplitMix64, _ model: inout Model) -> [Scenario.KeyChange] {
        let codes = [4, 40, 41, 43, 44, 79, 225]
        return (0..<Int(rng.next() % 2) + 1).map { _ in
            let code = codes[Int(rng.next() % UInt64(codes.count))]
            let wrong = chance(&rng, 10)
            let phase: Scenario.KeyChange.Phase = model.keys.contains(code) != wrong ? (chance(&rng, 6) ? .cancelled : .up) : .down
            if phase == .down { model.keys.insert(code) } else { model.keys.remove(code) }
            let text = code == 4 ? "a" : ""
            return .init(code: code, phase: phase, modifiers: chance(&rng, 4) ? [.command] : [], characters: text,
                         ignoringModifiers: text)
        }
    }

    static func pinch(_ rng: inout SplitMix64, _ model: inout Model) -> Scenario.TouchpadChange {
        let phase: Scenario.TouchpadChange.Phase = chance(&rng, 10) ? .changed
            : model.pinching ? (chance(&rng, 4) ? .ended : .changed) : .began
        model.pinching = phase == .began || phase == .changed
        return .init(kind: .pinch, phase: phase, location: point(&rng), scale: Double(rng.next() % 30 + 5) / 10)
    }

    @Test func aStreamOfEveryKindWritesTheSameLogThroughCAsThroughSwift() throws {
        #expect(Self.scenes.count >= 12, "\(Self.scenes.count) scenes")
        var steps = 0, rejected = 0, lines = 0, unhandled = 0
        for (path, fixture) in Self.scenes {
            let bytes = try Replay.sceneBytes(of: path)
            for seed in 0..<UInt64(16) {
                // Seeded by the file's name, not its path: the same streams wherever the package is.
                let name = URL(fileURLWithPath: path).lastPathComponent
                var rng = SplitMix64(seed: seed &* 0x9E37 &+ UInt64(name.utf8.count))
                let scenario = Scenario(scene: fixture.scene, sceneFile: fixture.sceneFile, steps: Self.steps(&rng, count: 14))
                let swiftLog = try ScenarioReplayer.replay(scenario, file: path)
                let (rejectedSteps, _) = Replay.rejections(in: swiftLog)
                let (swiftLines, swiftUnhandled) = Replay.keysByCode(swiftLog.filter { !$0.hasPrefix("!") }, of: scenario)
                guard let c = Replay.replayThroughC(scenario, scene: bytes, name: path, traced: false, asInputFrames: true) else {
                    Issue.record("\(path) seed \(seed): a step C cannot send")
                    continue
                }
                let expectedStatuses = scenario.steps.indices.map { rejectedSteps.contains($0) ? Int32(HK_ERR_BAD_INPUT) : Int32(HK_OK) }
                let differing = zip(c.lines, swiftLines).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(c.lines == swiftLines, """
                    \(path) seed \(seed): C wrote \(c.lines.count) lines, Swift \(swiftLines.count); first differing: \
                    \(differing.map { "\($0.offset): \($0.element)" } ?? "none")
                    """)
                #expect(c.statuses == expectedStatuses, "\(path) seed \(seed): statuses \(c.statuses), Swift's \(expectedStatuses)")
                #expect(c.unhandledKeys == swiftUnhandled, "\(path) seed \(seed): unhandled keys \(c.unhandledKeys), Swift's \(swiftUnhandled)")
                steps += scenario.steps.count
                rejected += rejectedSteps.count
                lines += swiftLines.count
                unhandled += swiftUnhandled.count
            }
        }
        // The streams reach what they are for: logs written, bad input, keys left to the host.
        #expect(steps >= 2_900 && rejected >= 800 && lines >= 2_500 && unhandled >= 300,
                "\(steps) steps, \(rejected) rejected, \(lines) log lines, \(unhandled) unhandled keys")
    }
}
