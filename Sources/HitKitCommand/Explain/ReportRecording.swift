import HitKit
import HitKitScene

/// Replays a scenario for the HTML report: draws the scene before the first step, then, step by
/// step, hit-tests each touch's began and records what the façade's observers report — touch
/// calls on views, recognizer states, control actions, and every decision of the trace
/// (``Application/observeTrace(_:)``) — on the timeline.
final class ReportRecording {
    private(set) var scene: ReportScene
    private(set) var timeline = ReportTimeline()
    private let loaded: LoadedScene
    private var tokens: [ObservationToken] = []
    /// The touch each control was last called with: the one its actions are sent for.
    private var controlTouches: [ObjectIdentifier: Int] = [:]

    /// Builds the scenario's scene; `file` names the scenario in a scene error, as `replay` does.
    init(_ scenario: Scenario, file: String) throws(SceneError) {
        loaded = try SceneBuilder.build(scenario.scene, file: scenario.sceneFile ?? file)
        scene = ReportScene(drawing: loaded)
        // Recognizer lanes come in scene order, after the touches' lanes are known.
        for window in loaded.windows { observe(window) }
        tokens.append(loaded.application.observeTrace { [unowned self] record in mark(record) })
        timeline.start = scenario.steps.first?.time ?? 0
        timeline.end = scenario.steps.last?.time ?? timeline.start
        replay(scenario.steps)
    }

    private func replay(_ steps: [Scenario.Step]) {
        for step in steps {
            // Timers due before the step fire first, so its began is hit-tested in the scene as
            // the replay will find it.
            try? loaded.application.advance(to: step.time)
            for change in step.touches {
                guard let location = change.location else { continue }
                let lane = timeline.lane(.touch, ReportTimeline.touchLaneName(change.id))
                if change.phase == .began {
                    scene.begin(touch: change.id, at: location, in: loaded)
                    timeline.touchLives.append(.init(lane: lane, began: step.time))
                } else {
                    scene.move(touch: change.id, to: location)
                    if change.phase == .ended || change.phase == .cancelled,
                       let life = timeline.touchLives.lastIndex(where: { $0.lane == lane && $0.ended == nil }) {
                        timeline.touchLives[life].ended = step.time
                    }
                }
            }
            ScenarioReplayer.replay([step], into: loaded)
        }
    }

    private var now: Double { loaded.application.time }

    private func name(_ view: View) -> String { ReportScene.name(of: view, in: loaded) }

    private func observe(_ view: View) {
        if let id = loaded.id(of: view) { loaded.application.setTraceName(id, for: view) }
        tokens.append(view.observeTouches { [unowned self] responder, method, touches, _ in
            record(method, touches, on: responder as? View)
            return touches
        })
        for recognizer in view.gestureRecognizers { observe(recognizer, on: view) }
        if let control = view as? Control {
            tokens.append(control.observeActions { [unowned self] control, report in
                let touch = controlTouches[ObjectIdentifier(control)] ?? 0
                let lane = timeline.lane(.touch, ReportTimeline.touchLaneName(touch))
                let target = report.receiver.map { loaded.id(of: $0) ?? "\($0)" } ?? "nobody"
                timeline.marks.append(.init(time: now, lane: lane, kind: .action,
                                            record: "\(Self.format(now)) s  \(target) \(report.action) from \(name(control)) \(report.controlEvent)"))
            })
        }
        for subview in view.subviews { observe(subview) }
    }

    private func record(_ method: TouchMethod, _ touches: Set<Touch>, on view: View?) {
        guard let view else { return }
        for touch in touches.sorted(by: { $0.id < $1.id }) {
            if view is Control { controlTouches[ObjectIdentifier(view)] = touch.id }
            let lane = timeline.lane(.touch, ReportTimeline.touchLaneName(touch.id))
            timeline.marks.append(.init(time: now, lane: lane, kind: method == .touchesCancelled ? .cancel : .delivery,
                                        record: "\(Self.format(now)) s  \(name(view)) \(method) \(touch.id)"))
        }
    }

    /// A decision goes on its recognizer's lane, else its touch's, else the application's.
    private func mark(_ record: TraceRecord) {
        let lane = if let name = record.recognizer?.name, let lane = timeline.lanes.firstIndex(of: .init(kind: .recognizer, name: name)) {
            lane
        } else if let touch = record.touch {
            timeline.lane(.touch, ReportTimeline.touchLaneName(touch))
        } else {
            timeline.lane(.application, "application")
        }
        timeline.marks.append(.init(time: record.time, lane: lane, kind: .decision, record: record.text))
    }

    private func observe(_ recognizer: GestureRecognizer, on view: View) {
        let name = recognizerName(recognizer, on: view)
        // Trace records name it as its lane does (and views by their scene ids, as `explain` does).
        loaded.application.setTraceName(name, for: recognizer)
        let lane = timeline.lane(.recognizer, name)
        let discrete = type(of: recognizer).isDiscrete
        timeline.states.append(.init(time: timeline.start, lane: lane, state: "possible"))
        tokens.append(recognizer.observeStateChanges { [unowned self] _, state in
            let word = state == .ended && discrete ? "recognized" : state.description
            timeline.states.append(.init(time: now, lane: lane, state: word))
            // A recognizer sends its actions as it begins, changes and ends or recognizes.
            if state == .began || state == .changed || state == .ended {
                timeline.marks.append(.init(time: now, lane: lane, kind: .action,
                                            record: "\(Self.format(now)) s  \(name) \(word): its actions are sent"))
            }
        })
    }

    /// A recognizer's scene id, or for one the scene did not name (a scroll view's own) its
    /// view's name and its role or class, as the trace names it: `feed.pan`, `feed.delay`, `card.Pinch`.
    private func recognizerName(_ recognizer: GestureRecognizer, on view: View) -> String {
        for window in loaded.scene.windows {
            for described in window.view.subtree {
                for gesture in described.gestures where loaded.gestureRecognizer(withID: gesture.id) === recognizer {
                    return gesture.id
                }
            }
        }
        if let scrollView = view as? ScrollView, recognizer === scrollView.panGestureRecognizer { return "\(name(view)).pan" }
        // The content touch delay's class is internal to HitKit; the trace names it `ID.delay`.
        if view is ScrollView, String(describing: type(of: recognizer)) == "ContentTouchDelayGestureRecognizer" { return "\(name(view)).delay" }
        return "\(name(view)).\(String(describing: type(of: recognizer)).replacingOccurrences(of: "GestureRecognizer", with: ""))"
    }

    static func format(_ time: Double) -> String { HTMLReport.number(time) }
}
