import HitKit
import HitKitScene

/// What the HTML report's timeline shows: one lane per touch and one per recognizer, each
/// recognizer's states over time, and marks for deliveries, cancels and actions (and, when the
/// trace is on, its decisions), each with the record a reader can open.
struct ReportTimeline {
    enum LaneKind: String { case touch, recognizer, application }

    struct Lane: Equatable {
        var kind: LaneKind
        var name: String
    }

    enum MarkKind: String { case delivery, cancel, action, decision }

    struct Mark {
        var time: Double
        var lane: Int
        var kind: MarkKind
        /// The record in words, shown when the mark is hovered or clicked.
        var record: String
    }

    /// A recognizer entering a state at a time; it stays there until its next change.
    struct StateChange {
        var time: Double
        var lane: Int
        /// The state as the delivery log names it (`recognized` for a discrete recognizer's end).
        var state: String
    }

    /// A touch down, from its began to its end or cancel (nil: still down at the end).
    struct TouchLife {
        var lane: Int
        var began: Double
        var ended: Double?
    }

    var lanes: [Lane] = []
    var touchLives: [TouchLife] = []
    var marks: [Mark] = []
    var states: [StateChange] = []
    /// The first and last times the scenario reaches.
    var start = 0.0, end = 0.0

    /// The lane of `kind` named `name`, added after the others the first time it is asked for.
    mutating func lane(_ kind: LaneKind, _ name: String) -> Int {
        let lane = Lane(kind: kind, name: name)
        if let index = lanes.firstIndex(of: lane) { return index }
        lanes.append(lane)
        return lanes.count - 1
    }

    static func touchLaneName(_ id: Int) -> String { "touch \(id)" }
}
