import HitKit
import HitTestCore

/// Replays a scenario (Behaviour B5) into its scene and returns the delivery log (B6).
///
/// Each step is one input frame. Due timers fire first, each as a frame at its due time, then the
/// step's frame is sent; no frame of its own comes between them (a scroll view's motion is
/// evaluated at the step's time by the step's frame, and logged at its end). Inputs the application rejects (Behaviour A3: a began for a finger
/// already down, a change for a finger not down, a finger named twice in one step, time going
/// backwards) are logged as `! step N: …` lines, placed after the lines of the timers that fired
/// before the frame and before the lines of the frame's delivery, since they were rejected on
/// arrival; replay then goes on with the next input.
///
/// A press no view keeps is passed up the responder chain one call per responder that logs or
/// overrides presses, as UIKit passes it on, so replaying a scene thousands of views deep needs
/// a stack to match (a touch takes a bounded stack at any depth, Behaviour A3):
/// about 1.5 KiB a view in a debug build, more than a secondary thread's default for a few
/// hundred views. The `hitkit` command replays on a thread with a 1 GiB stack.
public enum ScenarioReplayer {
    /// Builds the scenario's scene and replays every step. `file` names the scenario in the
    /// (unexpected) error of a scene that cannot be built.
    public static func replay(_ scenario: Scenario, file: String = "scenario") throws(SceneError) -> [String] {
        let loaded = try SceneBuilder.build(scenario.scene, file: scenario.sceneFile ?? file)
        replay(scenario.steps, into: loaded)
        return loaded.log.lines
    }

    /// What ``replay(_:into:beforeStep:rejections:)`` tells of a step's `!` lines, for a caller
    /// that interleaves the log with what happened meanwhile (`hitkit explain`).
    public enum RejectionPlace {
        /// Their place is fixed: after the step's timers and edits, before its input.
        case fixed
        /// The step is over: `lines` lines (maybe none) went into that place.
        case filled(lines: Int)
    }

    /// Replays `steps` into an already built scene, appending to its log. `beforeStep` is called
    /// with each step's index before its timers fire (`hitkit explain` heads its steps with it);
    /// `rejections` when each step's rejection lines are placed and filled.
    public static func replay(_ steps: [Scenario.Step], into scene: LoadedScene, beforeStep: (Int) -> Void = { _ in },
                              rejections: (RejectionPlace) -> Void = { _ in }) {
        let application = scene.application
        let keyStep = KeyStep()                                                        // Behaviour A10
        let keyLines = logKeyEvents(of: scene, step: keyStep)
        defer { keyLines.cancel() }
        for (index, step) in steps.enumerated() {
            beforeStep(index)
            let frame = inputFrame(of: step)
            // Timers due by the frame's time fire first. A bad time is reported by `send` below,
            // which rejects the whole frame, naming each of its touches.
            application.fireTimers(dueBy: step.time)
            var mark = scene.log.lines.count
            (keyStep.index, keyStep.keys) = (index, step.keys)
            var inserted = 0
            defer { rejections(.filled(lines: inserted)) }
            do {
                if step.edits.isEmpty {
                    rejections(.fixed)
                    if step.time >= application.time {  // a step sent back in time is rejected whole
                        scene.keyNames.startStep(step.keys, firstSequence: application.nextPressSequence)
                    }
                    try application.send(frame)
                } else {
                    // The edits belong to the step's frame (Behaviour B5): what they change is
                    // logged at its end. Rejected input is logged after their own lines.
                    try application.send(frame) {
                        applyEdits(of: step, index: index, to: scene)
                        mark = scene.log.lines.count
                        rejections(.fixed)
                        // After the edits, which run first: the presses an edit cancels keep the
                        // names of their own downs, not those a later down of the same key in this
                        // step gives.
                        scene.keyNames.startStep(step.keys, firstSequence: application.nextPressSequence)
                    }
                }
            } catch {
                // A key's rejection is logged where it happens, in the frame's order.
                let afterFrame = error.rejections.filter(isLoggedAfterFrame)
                scene.log.insert(afterFrame.map { rejectionLine($0, step: index) }, at: mark)
                inserted = scene.log.keepsLines ? afterFrame.count : 0
            }
            scene.keyNames.endStep()
        }
    }

    /// `! step N: touch ID: why` (or `! step N: why` for a step without touches). N is the
    /// step's index in `steps`, counted from 0 as in the JSON path `steps[N]`.
    static func rejectionLine(_ rejection: InputError.Rejection, step: Int) -> String {
        let touch = rejection.touchID.map { "touch \($0): " } ?? ""
        return "! step \(step): \(touch)\(reason(rejection.reason))"
    }

    /// The log's own wording, kept stable here whatever the façade's descriptions say.
    static func reason(_ reason: InputError.Reason) -> String {
        switch reason {
        case .duplicateBegan: "began while already down"
        case .idOfThePointer: "began under the pointer's id"
        case .unknownTouch: "not down"
        case .repeatedInFrame: "named twice in one step"
        case .missingLocation: "no location"
        case .nonFiniteLocation: "location not finite"
        case .timeWentBackwards(let now, let received):
            "time went backwards from \(SceneDecoder.format(now)) to \(SceneDecoder.format(received))"
        case .nonFiniteTime: "time not finite"
        case .sentDuringDelivery: "sent during a delivery"
        case .invalidSample(let problem): sampleReason(problem)
        case .pointer(let problem): pointerReason(problem)
        case .scroll(let problem): scrollReason(problem)
        case .touchpad(let problem): touchpadReason(problem)
        case .key(let problem): keyReason(problem)
        }
    }
}

extension Scenario.TouchChange {
    /// The façade's input for this change.
    var input: TouchInput {
        let phase: Touch.Phase = switch self.phase {
        case .began: .began
        case .moved: .moved
        case .ended: .ended
        case .cancelled: .cancelled
        }
        return TouchInput(id: id, phase: phase, location: location, samples: samples.map(\.input),
                          force: force, majorRadius: majorRadius)
    }
}
