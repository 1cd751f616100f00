import HitKit
import HitTestCore
@testable import HitKitScene

/// A scenario's steps played twice into one scene: once, then again after every input has ended
/// and a quiet gap (Behaviour A3–A11: once every touch, key, click, touchpad gesture and scroll
/// has ended and every timer and motion is over, the same input is decided the same way, apart
/// from what is meant to persist).
///
/// Each half is the scenario's steps followed by steps that end what they left under way (a
/// finger still down is cancelled, a button released, the pointer leaves, a key comes up, a
/// touchpad gesture is cancelled, a continuous scroll ends, an open menu is dismissed) — the same
/// input both times, so the two halves stay comparable. What is meant to persist is put back
/// between them (``PersistentState``). The second half is the first shifted in time; its `!`
/// lines name the same step indices, since each half is replayed on its own.
struct RepeatedReplay {
    /// How the second half follows the first.
    enum Gap {
        /// A quiet frame `seconds` after the first half's last step (every timer and motion then
        /// over), and the second half `seconds` after that.
        case quietFrame(seconds: Double)
        /// No frame between the halves: the second half's first step comes `seconds` after the
        /// first half's last one, its due timers firing first (state reset only when the next
        /// input arrives shows here).
        case direct(seconds: Double)
    }

    let secondHalf: [String]
    /// The second half as it goes in a twin scene that was given only the first half's `edits`
    /// (no touch, click, key, scroll or touchpad input): what the first half's input left
    /// behind is all that tells the two apart. A scenario that edits its scene is compared so.
    let twinSecondHalf: [String]
    /// What the application still held after the first half and its gap (before the second half).
    let leftover: Leftover

    /// ``InputState/leftovers(of:)`` after the first half and its gap.
    typealias Leftover = [String]

    init(_ scenario: Scenario, gap: Gap, file: String = "scenario") throws {
        let half = scenario.steps + Self.endings(of: scenario.steps)
        let build = { () throws(SceneError) in try SceneBuilder.build(scenario.scene, file: scenario.sceneFile ?? file) }
        let run = try Self.play(half, then: half, gap: gap, into: try build())
        (secondHalf, leftover) = (run.second, run.leftover)
        let editsOnly = half.map { Scenario.Step(time: $0.time, edits: $0.edits) }
        twinSecondHalf = try Self.play(editsOnly, then: half, gap: gap, into: try build()).second
    }

    /// Replays `first`, the gap, then `second` shifted to start after it, into `scene`.
    private static func play(_ first: [Scenario.Step], then second: [Scenario.Step], gap: Gap,
                             into scene: LoadedScene) throws(InputError) -> (second: [String], leftover: Leftover) {
        let application = scene.application
        let state = PersistentState(of: scene)
        // The latest times: a step sent back in time (a bad-input fixture) is rejected and moves nothing.
        guard let start = second.first?.time, let end = first.map(\.time).max(), let secondEnd = second.map(\.time).max() else {
            return ([], [])
        }
        ScenarioReplayer.replay(first, into: scene)
        try dismissOpenMenus(of: scene, at: end)
        let secondStart: Double
        switch gap {
        case .quietFrame(let seconds):
            ScenarioReplayer.replay([Scenario.Step(time: end + seconds)], into: scene)
            secondStart = end + 2 * seconds
        case .direct(let seconds):
            secondStart = end + seconds
            application.fireTimers(dueBy: secondStart)
        }
        let leftover = InputState.leftovers(of: scene)
        // What is meant to persist is put back in a frame of its own, whose lines belong to neither half.
        try application.send(InputFrame(timestamp: secondStart)) { state.restore() }
        let secondBegin = scene.log.lines.count
        let shift = secondStart - start
        ScenarioReplayer.replay(second.map { $0.shifted(by: shift) }, into: scene)
        try dismissOpenMenus(of: scene, at: secondEnd + shift)
        switch gap {
        case .quietFrame(let seconds): ScenarioReplayer.replay([Scenario.Step(time: secondEnd + shift + seconds)], into: scene)
        case .direct(let seconds): application.fireTimers(dueBy: secondEnd + shift + seconds)
        }
        return (Array(scene.log.lines[secondBegin...]), leftover)
    }

    /// A menu a touch presented stays open after the touch lifts (Behaviour A11), and a compact
    /// one after its click: the input is over only once it is dismissed, in a frame at `time`.
    static func dismissOpenMenus(of scene: LoadedScene, at time: Double) throws(InputError) {
        var open: [ContextMenuInteraction] = []
        func collect(_ view: View) {
            open += view.interactions.compactMap { $0 as? ContextMenuInteraction }.filter { $0.openMenu != nil }
            view.subviews.forEach(collect)
        }
        scene.windows.forEach(collect)
        guard !open.isEmpty else { return }
        try scene.application.send(InputFrame(timestamp: time)) { open.forEach { $0.dismissMenu() } }
    }

    /// Whether two halves' logs say the same. A rejection's times (`time went backwards from
    /// 0.2 to 0.15`, a sample's time) are those of its half and are not compared; other numbers
    /// (offsets, scales, locations) are compared to a millionth of a point, since the second
    /// half's times, shifted by hundreds of seconds, round differently in their last bits.
    static func same(_ first: [String], _ second: [String]) -> Bool {
        first.count == second.count && zip(first, second).allSatisfy { a, b in
            if a.hasPrefix("! "), b.hasPrefix("! "), let i = a.range(of: ": ", options: .backwards),
               let j = b.range(of: ": ", options: .backwards) {
                return a[..<i.lowerBound] == b[..<j.lowerBound]
                    && a[i.upperBound...].filter(\.isLetter) == b[j.upperBound...].filter(\.isLetter)
            }
            let (x, y) = (a.split(separator: " "), b.split(separator: " "))
            return x.count == y.count && zip(x, y).allSatisfy { p, q in
                guard let u = Double(p), let v = Double(q) else { return p == q }
                return abs(u - v) <= 1e-6 * max(1, abs(u))
            }
        }
    }

    /// Steps at the latest step time that end whatever input `steps` left under way.
    static func endings(of steps: [Scenario.Step]) -> [Scenario.Step] {
        var fingers: [Int] = []
        var pointer: Scenario.PointerChange?
        var keys: [Scenario.KeyChange] = []
        var touchpad: Scenario.TouchpadChange?
        var scroll: Scenario.ScrollChange?
        for step in steps {
            for touch in step.touches {
                switch touch.phase {
                case .began: if !fingers.contains(touch.id) { fingers.append(touch.id) }
                case .moved: break
                case .ended, .cancelled: fingers.removeAll { $0 == touch.id }
                }
            }
            if let change = step.pointer {
                // Leaving with a button held is rejected (Behaviour A8): the pointer stays.
                if !change.hasLeft { pointer = change } else if pointer?.buttons.isEmpty ?? true { pointer = nil }
            }
            for key in step.keys {
                keys.removeAll { $0.code == key.code }
                if key.phase == .down { keys.append(key) }
            }
            if let change = step.touchpad {
                touchpad = change.phase == .began || change.phase == .changed ? change : nil
            }
            if let change = step.scroll, change.type == .continuous {
                scroll = change.phase == .ended ? nil : change
            }
        }
        guard let time = steps.map(\.time).max() else { return [] }
        var release = Scenario.Step(time: time, touches: fingers.map { .init(id: $0, phase: .cancelled, location: nil) })
        release.keys = keys.reversed().map { var up = $0; up.phase = .up; return up }
        if var held = pointer, !held.buttons.isEmpty {
            held.buttons = []
            release.pointer = held
        }
        if var gesture = touchpad {
            gesture.phase = .cancelled
            release.touchpad = gesture
        }
        if var under = scroll {
            (under.phase, under.delta) = (.ended, Point(x: 0, y: 0))
            release.scroll = under
        }
        let releases = !release.touches.isEmpty || !release.keys.isEmpty || release.pointer != nil
            || release.touchpad != nil || release.scroll != nil
        var endings = releases ? [release] : []
        if let rest = pointer {
            var leave = Scenario.Step(time: time)
            leave.pointer = Scenario.PointerChange(id: rest.id, location: nil)
            endings.append(leave)
        }
        return endings
    }
}

extension Scenario.Step {
    init(time: Double, edits: [Scenario.Edit]) {
        self.init(time: time)
        self.edits = edits
    }

    /// The step `offset` seconds later, its samples too.
    func shifted(by offset: Double) -> Scenario.Step {
        var step = self
        step.time += offset
        step.touches = touches.map { touch in
            var touch = touch
            touch.samples = touch.samples.map { var sample = $0; sample.time += offset; return sample }
            return touch
        }
        return step
    }
}
