@testable import HitKit

/// A view that intercepts every touch call and keeps what it saw at that moment.
final class ProbeView: View {
    struct Call {
        let method: String
        /// (id, phase, tapCount) of the touches passed, by id.
        let touches: [(id: Int, phase: Touch.Phase, tapCount: Int)]
        /// (id, phase) of the event's `allTouches`, by id.
        let all: [(id: Int, phase: Touch.Phase)]
        let event: Event?

        var ids: [Int] { touches.map(\.id) }
    }

    private(set) var calls: [Call] = []
    var methods: [String] { calls.map(\.method) }

    private func keep(_ method: String, _ touches: Set<Touch>, _ event: Event?) {
        let passed = touches.sorted { $0.id < $1.id }.map { ($0.id, $0.phase, $0.tapCount) }
        let all = (event?.allTouches ?? []).sorted { $0.id < $1.id }.map { ($0.id, $0.phase) }
        calls.append(Call(method: method, touches: passed, all: all, event: event))
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { keep("began", touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { keep("moved", touches, event) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { keep("ended", touches, event) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { keep("cancelled", touches, event) }
}
