import Foundation
import Testing
import HitTestCore
@testable import HitKitScene

/// Once every touch has lifted, every key is up and every motion, timer, menu and drag session is
/// over, the next identical input is decided exactly as the first was (UIKit's model; Behaviour
/// A3's "every responder … exactly one touchesEnded or touchesCancelled", A4's reset to possible,
/// A6.1's motion ending, A8's hover ending when the pointer leaves, A10's presses ending, A11's
/// sessions ending). Each scenario fixture's input is played, ended (a finger still down is
/// cancelled, a button released, the pointer leaves, a key comes up, a touchpad gesture is
/// cancelled, a continuous scroll ends, an open menu is dismissed), and played again.
///
/// What may differ, and why it is not compared:
/// - State meant to persist — control values, scroll offsets, zoom scales and content sizes, each
///   window's first responder, the key window, the focused item and each focus group's last
///   focused item — is put back between the two plays (``PersistentState``), in a frame whose
///   lines belong to neither.
/// - A scenario's `edits` change the scene for good: the second play is compared with the same
///   input played into a twin scene that was given the first play's edits and no input.
/// - Tap counts within their window: the second play starts long after the first ended.
/// - A rejection's times (`time went backwards from 0.2 to 0.15`) are those of its play, and other
///   numbers are compared to a millionth: the second play's times, shifted by hundreds of
///   seconds, round differently in their last bits.
@Suite("Input repeated after everything ended is decided as the first time")
struct RepeatedInputTests {
    static let names = Fixtures.names(in: Fixtures.scenarios)

    static func scenario(_ name: String) throws -> (Scenario, String) {
        let path = Fixtures.scenarios.appendingPathComponent("\(name).json").path
        return (try ScenarioLoader.load(contentsOf: path), path)
    }

    /// After a quiet gap (every timer and motion then over, the gap's frame seen) nothing of
    /// the input is left in the application, and the second play says what the first did.
    @Test func afterAQuietGapNothingIsLeftAndTheInputIsDecidedAgainTheSameWay() throws {
        var failures: [String] = []
        for name in Self.names {
            let (scenario, path) = try Self.scenario(name)
            let run = try RepeatedReplay(scenario, gap: .quietFrame(seconds: 100), file: path)
            if !run.leftover.isEmpty { failures.append("\(name): left after the input ended: \(run.leftover)") }
            if !RepeatedReplay.same(run.twinSecondHalf, run.secondHalf) {
                failures.append("\(name): played again:\n" + UnifiedDiff().text(expected: run.twinSecondHalf, actual: run.secondHalf))
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.names.count) fixtures:\n\(failures.joined(separator: "\n"))")
    }

    /// With no frame between the plays — the second starting 3.01 s after the first's last step,
    /// past every deadline the input starts (0.15 s content delay, 0.35 s tap interval, 0.5 s long
    /// press, 1.5 s tap duration, 3 s lift timeout), its due timers firing just before it — state
    /// that is reset only when the next input arrives shows. Scroll motion may still run then
    /// (a flick decelerates for seconds): such a fixture is compared after the quiet gap only.
    @Test func rightAfterEveryDeadlineTheInputIsDecidedAgainTheSameWay() throws {
        var failures: [String] = [], moving = 0
        for name in Self.names {
            let (scenario, path) = try Self.scenario(name)
            let run = try RepeatedReplay(scenario, gap: .direct(seconds: 3.01), file: path)
            guard !run.leftover.contains("scroll motion") else { moving += 1; continue }
            if !RepeatedReplay.same(run.twinSecondHalf, run.secondHalf) {
                failures.append("\(name): played again:\n" + UnifiedDiff().text(expected: run.twinSecondHalf, actual: run.secondHalf))
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.names.count) fixtures:\n\(failures.joined(separator: "\n"))")
        #expect(moving < Self.names.count / 10, "most fixtures are still compared (\(moving) left moving)")
    }
}

/// The comparison's own parts, each shown to tell what it must tell.
@Suite("Repeated input: ending the input, finding what is left, comparing the plays")
struct RepeatedReplayPartsTests {
    @Test func aFingerLeftDownIsFoundWithItsRecognizersAndTheFullyEndedInputLeavesNothing() throws {
        let (scenario, path) = try RepeatedInputTests.scenario("gestures-double-tap")
        let scene = try SceneBuilder.build(scenario.scene, file: scenario.sceneFile ?? path)
        ScenarioReplayer.replay(Array(scenario.steps.prefix(1)), into: scene)   // touch 1 began, never lifted
        let left = InputState.leftovers(of: scene)
        #expect(left.contains("touches down [1]"))
        #expect(left.contains { $0.hasSuffix("holds an arena entry") })
        ScenarioReplayer.replay(RepeatedReplay.endings(of: Array(scenario.steps.prefix(1))) + [Scenario.Step(time: 100)], into: scene)
        #expect(InputState.leftovers(of: scene) == [])
    }

    @Test func theEndingsEndEachKindOfInputStillUnderWay() {
        var press = Scenario.Step(time: 0, touches: [.init(id: 1, phase: .began, location: Point(x: 5, y: 5)),
                                                     .init(id: 2, phase: .began, location: Point(x: 9, y: 9))])
        press.pointer = .init(id: 7, location: Point(x: 3, y: 4), buttons: [2])
        press.keys = [.init(name: "KeyA", code: 4, phase: .down), .init(name: "Tab", code: 43, phase: .down)]
        press.touchpad = .init(kind: .pinch, phase: .began, location: Point(x: 1, y: 1))
        press.scroll = .init(location: Point(x: 2, y: 2), delta: Point(x: 0, y: -3), type: .continuous, phase: .began)
        var later = Scenario.Step(time: 0.5, touches: [.init(id: 2, phase: .ended, location: Point(x: 9, y: 9))])
        later.keys = [.init(name: "KeyA", code: 4, phase: .up)]
        let endings = RepeatedReplay.endings(of: [press, later])
        #expect(endings.count == 2 && endings.allSatisfy { $0.time == 0.5 })
        #expect(endings.first?.touches == [.init(id: 1, phase: .cancelled, location: nil)])
        #expect(endings.first?.keys.map(\.logName) == ["Tab"] && endings.first?.keys.first?.phase == .up)
        #expect(endings.first?.pointer == .init(id: 7, location: Point(x: 3, y: 4), buttons: []))
        #expect(endings.first?.touchpad?.phase == .cancelled)
        #expect(endings.first?.scroll?.phase == .ended)
        #expect(endings.last?.pointer?.hasLeft == true)
        // Input with nothing under way needs no ending (an end or up of nothing down ends nothing).
        #expect(RepeatedReplay.endings(of: [later]).isEmpty)
        // A leave with a button held is rejected (Behaviour A8): the button is released, then it leaves.
        var leave = Scenario.Step(time: 1)
        leave.pointer = .init(id: 7, location: nil)
        #expect(RepeatedReplay.endings(of: [press, later, leave]).last?.pointer?.hasLeft == true)
        #expect(RepeatedReplay.endings(of: [press, later, leave]).first?.pointer?.buttons == [])
    }

    @Test func thePlaysAreComparedToAMillionthAndARejectionsTimesAreLeftOut() {
        #expect(RepeatedReplay.same(["sv contentOffset 0.0 2592.504167500609"], ["sv contentOffset 0.0 2592.5041674993317"]))
        #expect(!RepeatedReplay.same(["sv contentOffset 0.0 2592.5"], ["sv contentOffset 0.0 2592.6"]))
        #expect(!RepeatedReplay.same(["tap recognized"], ["tap failed"]))
        #expect(!RepeatedReplay.same(["tap recognized"], []))
        #expect(RepeatedReplay.same(["! step 3: touch 2: time went backwards from 0.2 to 0.15"],
                                    ["! step 3: touch 2: time went backwards from 201 to 200.95000000000002"]))
        #expect(!RepeatedReplay.same(["! step 3: touch 2: not down"], ["! step 3: touch 5: not down"]))
    }
}
