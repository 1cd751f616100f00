import HitKit

// Scene gestures (Behaviour B2) built into the façade's recognizers, logging every state change and,
// with `logTouches`, every touch call (B6).

/// The recognizers built from a scene, by scene id, with the delegates that answer for them
/// (a recognizer holds its delegate weakly, so they are kept here).
final class SceneGestures {
    private(set) var recognizersByID: [String: GestureRecognizer] = [:]
    private var idsByRecognizer: [ObjectIdentifier: String] = [:]
    var delegates: [SceneGestureDelegate] = []

    func add(_ recognizer: GestureRecognizer, id: String) {
        recognizersByID[id] = recognizer
        idsByRecognizer[ObjectIdentifier(recognizer)] = id
    }

    func id(of recognizer: GestureRecognizer) -> String? {
        idsByRecognizer[ObjectIdentifier(recognizer)]
    }
}

extension SceneBuilder {
    /// Builds and attaches every view's gestures, in file order (so the last declared on a view
    /// has the highest priority among that view's, Behaviour A3 step 1), then links the
    /// `requiresFailureOf` lists, which may name recognizers declared later.
    static func buildGestures(of scene: SceneDescription, responders: SceneResponders,
                              log: DeliveryLog) -> SceneGestures {
        let gestures = SceneGestures()
        var declared: [(SceneDescription.Gesture, GestureRecognizer)] = []
        for window in scene.windows {
            for viewDescription in window.view.subtree where !viewDescription.gestures.isEmpty {
                guard let view = responders[viewDescription.id] as? View else { continue }
                for description in viewDescription.gestures {
                    let recognizer = makeRecognizer(description)
                    gestures.add(recognizer, id: description.id)
                    observe(recognizer, id: description.id, logTouches: description.logTouches, log: log)
                    if let answers = description.delegate {
                        let delegate = SceneGestureDelegate(answers) { [unowned gestures] in gestures.id(of: $0) }
                        gestures.delegates.append(delegate)
                        recognizer.delegate = delegate
                    }
                    view.addGestureRecognizer(recognizer)
                    declared.append((description, recognizer))
                }
            }
        }
        for (description, recognizer) in declared {
            for id in description.requiresFailureOf {
                if let other = gestures.recognizersByID[id] { recognizer.require(toFail: other) }
            }
        }
        return gestures
    }

    /// The recognizer of a gesture's `type`, with the keys that apply to that type. Keys that do
    /// not apply (`taps` on a pan, say) are ignored.
    static func makeRecognizer(_ description: SceneDescription.Gesture) -> GestureRecognizer {
        let recognizer: GestureRecognizer
        switch description.kind {
        case .tap:
            let tap = TapGestureRecognizer()
            if let taps = description.taps { tap.numberOfTapsRequired = taps }
            if let touches = description.touches { tap.numberOfTouchesRequired = touches }
            if let movement = description.allowableMovement { tap.allowableMovement = movement }
            recognizer = tap
        case .longPress:
            let press = LongPressGestureRecognizer()
            if let duration = description.minimumPressDuration { press.minimumPressDuration = duration }
            if let movement = description.allowableMovement { press.allowableMovement = movement }
            if let touches = description.touches { press.numberOfTouchesRequired = touches }
            if let taps = description.taps { press.numberOfTapsRequired = taps }
            recognizer = press
        case .pan:
            let pan = PanGestureRecognizer()
            configure(pan, description)
            recognizer = pan
        case .screenEdgePan:
            let pan = ScreenEdgePanGestureRecognizer()
            configure(pan, description)
            pan.edges = RectEdge(description.edges ?? [])
            recognizer = pan
        case .swipe:
            let swipe = SwipeGestureRecognizer()
            if let directions = description.direction { swipe.direction = SwipeGestureRecognizer.Direction(directions) }
            if let touches = description.touches { swipe.numberOfTouchesRequired = touches }
            recognizer = swipe
        case .pinch:
            recognizer = PinchGestureRecognizer()
        case .rotation:
            recognizer = RotationGestureRecognizer()
        case .hover:
            recognizer = HoverGestureRecognizer()
        }
        applyPointerKeys(description, to: recognizer)
        if let enabled = description.enabled { recognizer.isEnabled = enabled }
        if let cancels = description.cancelsTouchesInView { recognizer.cancelsTouchesInView = cancels }
        if let delays = description.delaysTouchesBegan { recognizer.delaysTouchesBegan = delays }
        if let delays = description.delaysTouchesEnded { recognizer.delaysTouchesEnded = delays }
        return recognizer
    }

    private static func configure(_ pan: PanGestureRecognizer, _ description: SceneDescription.Gesture) {
        if let minimum = description.minimumTouches { pan.minimumNumberOfTouches = minimum }
        if let maximum = description.maximumTouches { pan.maximumNumberOfTouches = maximum }
    }

    /// Behaviour B6's gesture lines: every state change (`recognized` for a discrete recognizer's
    /// ended), and the touch calls when `logTouches`.
    private static func observe(_ recognizer: GestureRecognizer, id: String, logTouches: Bool, log: DeliveryLog) {
        let isDiscrete = type(of: recognizer).isDiscrete
        recognizer.observeStateChanges { [unowned log] _, state in
            log.append("\(id) \(state == .ended && isDiscrete ? "recognized" : state.description)")
        }
        if logTouches {
            recognizer.observeTouches { [unowned log] _, call, touches in
                log.append("\(id) \(call.rawValue) \(DeliveryLog.ids(of: touches))")
            }
        }
    }
}

extension RectEdge {
    /// Scene edges: `up` is the top edge, `down` the bottom.
    init(_ directions: [SceneDescription.Gesture.Direction]) {
        self = []
        for direction in directions {
            switch direction {
            case .up: insert(.top)
            case .down: insert(.bottom)
            case .left: insert(.left)
            case .right: insert(.right)
            }
        }
    }
}

extension SwipeGestureRecognizer.Direction {
    init(_ directions: [SceneDescription.Gesture.Direction]) {
        self = []
        for direction in directions {
            switch direction {
            case .up: insert(.up)
            case .down: insert(.down)
            case .left: insert(.left)
            case .right: insert(.right)
            }
        }
    }
}
