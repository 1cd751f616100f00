import HitKit
import HitKitScene

/// What `hitkit explain` replays and shows: the scenario's scene, built and replayed with the
/// decision trace on, and for each step the trace records and delivery log lines in the order
/// they happened; for each touch its locations and the view its hit test found.
///
/// A value the command's renderings (text, JSON) read; nothing in it prints.
struct ExplainReplay {
    /// One line of a step: a decision, or a line of the delivery log (Behaviour B6).
    enum Entry {
        case record(TraceRecord)
        case log(String)
    }

    /// One step of the scenario, with what it caused (its timers' frames included).
    struct Step {
        let index: Int
        let input: Scenario.Step
        var entries: [Entry] = []
    }

    /// One touch (or pointer press) of the scenario.
    struct TouchTrack {
        struct Location {
            let step: Int
            let time: Double
            let phase: Scenario.TouchChange.Phase
            let location: Point?
        }

        let id: Int
        var locations: [Location] = []
        /// The view its began's hit test found (the last one, for an id that began again).
        var hitView: TraceRecord.Subject?
        /// Scene ids from the window down to the hit view.
        var hitPath: [String] = []
    }

    let scenario: Scenario
    /// The built scene after the replay (its application, views and log).
    let scene: LoadedScene
    let steps: [Step]
    /// The touches in the order they first appear.
    let touches: [TouchTrack]

    /// Builds the scenario's scene, names its views and recognizers by their scene ids, and
    /// replays it with the trace on.
    static func replay(_ scenario: Scenario, file: String) throws(SceneError) -> ExplainReplay {
        let scene = try SceneBuilder.build(scenario.scene, file: scenario.sceneFile ?? file)
        nameObjects(of: scene)
        var steps: [Step] = []
        // Each entry with the log's length when it happened, so log lines and records interleave.
        var pending: [(position: Int, record: TraceRecord)] = []
        var logStart = scene.log.lines.count
        func closeStep() {
            guard var step = steps.popLast() else { return }
            let lines = scene.log.lines
            var taken = 0
            // A record made when the log had `position` lines came before line `position`.
            for position in logStart..<lines.count {
                while taken < pending.count && pending[taken].position <= position {
                    step.entries.append(.record(pending[taken].record))
                    taken += 1
                }
                step.entries.append(.log(lines[position]))
            }
            for (_, record) in pending[taken...] { step.entries.append(.record(record)) }
            steps.append(step)
            pending.removeAll()
            logStart = lines.count
        }
        let token = scene.application.observeTrace { record in pending.append((scene.log.lines.count, record)) }
        // A step's `!` lines go in once its frame is over, before what its input did: the records
        // made since their place was fixed move after them.
        var firstAfterRejections = 0
        ScenarioReplayer.replay(scenario.steps, into: scene, beforeStep: { index in
            closeStep()
            steps.append(Step(index: index, input: scenario.steps[index]))
        }, rejections: { place in
            switch place {
            case .fixed: firstAfterRejections = pending.count
            case .filled(let lines):
                for index in pending.indices where index >= firstAfterRejections { pending[index].position += lines }
            }
        })
        closeStep()
        token.cancel()
        return ExplainReplay(scenario: scenario, scene: scene, steps: steps, touches: tracks(of: scenario, steps: steps, scene: scene))
    }

    /// Views, windows and recognizers are named by their scene ids; a scroll view's own pan by
    /// the scroll view's id and `.pan`.
    private static func nameObjects(of scene: LoadedScene) {
        let application = scene.application
        // The responders a key's press reaches that are not views (Behaviour A10).
        for id in [scene.scene.application.id, scene.scene.application.delegate].compactMap({ $0 }) {
            if let responder = scene.responder(withID: id) { application.setTraceName(id, forResponder: responder) }
        }
        for window in scene.scene.windows {
            for description in window.view.subtree {
                guard let view = scene.view(withID: description.id) else { continue }
                application.setTraceName(description.id, for: view)
                if let controller = description.viewController, let responder = scene.responder(withID: controller.id) {
                    application.setTraceName(controller.id, forResponder: responder)
                }
                if let scrollView = view as? ScrollView {
                    application.setTraceName(description.id + ".pan", for: scrollView.panGestureRecognizer)
                    if let pinch = scrollView.pinchGestureRecognizer { application.setTraceName(description.id + ".pinch", for: pinch) }
                }
                for gesture in description.gestures {
                    if let recognizer = scene.gestureRecognizer(withID: gesture.id) {
                        application.setTraceName(gesture.id, for: recognizer)
                    }
                }
                let interactions = description.interactions                          // Behaviour A11
                for id in [interactions.contextMenu?.id, interactions.drag?.id, interactions.drop?.id].compactMap({ $0 }) {
                    if let interaction = scene.interaction(withID: id) { application.setTraceName(id, for: interaction) }
                }
            }
        }
    }

    private static func tracks(of scenario: Scenario, steps: [Step], scene: LoadedScene) -> [TouchTrack] {
        var tracks: [TouchTrack] = []
        func index(of id: Int) -> Int {
            if let index = tracks.firstIndex(where: { $0.id == id }) { return index }
            tracks.append(TouchTrack(id: id))
            return tracks.count - 1
        }
        for step in steps {
            for change in step.input.touches {
                tracks[index(of: change.id)].locations.append(
                    .init(step: step.index, time: step.input.time, phase: change.phase, location: change.location))
            }
            for case .record(let record) in step.entries where record.kind == .hitTestEnded {
                guard let touch = record.touch, tracks.contains(where: { $0.id == touch }) else { continue }
                let at = index(of: touch)
                tracks[at].hitView = record.view
                tracks[at].hitPath = record.view.map { path(to: $0.name, in: scene) } ?? []
            }
        }
        return tracks
    }

    /// Scene ids from the window down to the view with `id`.
    private static func path(to id: String, in scene: LoadedScene) -> [String] {
        var names: [String] = []
        var cursor = scene.view(withID: id)
        while let view = cursor {
            names.append(scene.id(of: view) ?? "\(view)")
            cursor = view.superview
        }
        return names.reversed()
    }

    /// The touch ids the scenario's steps name.
    var touchIDs: [Int] { touches.map(\.id) }
}
