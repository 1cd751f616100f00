// Behaviour A11's targeting pass and the end of a session: the candidates are the drop
// interactions on the chain of the view the hit test finds at the session's location, innermost
// first; `canHandle` answers are kept while their interaction stays on that chain.

enum DropTargeting {
    /// A session's targeting, kept between passes; its lists keep their capacity.
    final class State {
        // Fenced (``ExclusivityFence``), every field below: only the targeting pass and
        // the end change them, by short in-place operations that call no delegate while they are
        // under way; the delegates are called between them, and a pass asked for from inside a
        // delegate (a view changed there) does not run nested but once the pass under way is over
        // (``isPassing``, ``passAgain``). So no two accesses overlap.
        /// The answers to `canHandle`, kept while their interaction is on the chain.
        #if HITKIT_INTERNAL_CHECKS
        var kept: [(interaction: DropInteraction, canHandle: Bool)] = []
        #else
        @exclusivity(unchecked) var kept: [(interaction: DropInteraction, canHandle: Bool)] = []
        #endif
        /// The current target and its last proposal.
        #if HITKIT_INTERNAL_CHECKS
        var target: DropInteraction?
        #else
        @exclusivity(unchecked) var target: DropInteraction?
        #endif
        #if HITKIT_INTERNAL_CHECKS
        var proposal: DropProposal?
        #else
        @exclusivity(unchecked) var proposal: DropProposal?
        #endif
        /// Every interaction entered, in first-entry order.
        #if HITKIT_INTERNAL_CHECKS
        var entered: [DropInteraction] = []
        #else
        @exclusivity(unchecked) var entered: [DropInteraction] = []
        #endif
        /// The candidates of the pass under way, innermost first.
        #if HITKIT_INTERNAL_CHECKS
        var chain: [DropInteraction] = []
        #else
        @exclusivity(unchecked) var chain: [DropInteraction] = []
        #endif
        /// The hit view of the last pass (autoscroll walks its chain).
        #if HITKIT_INTERNAL_CHECKS
        var hitView: ViewLink<View>?
        #else
        @exclusivity(unchecked) var hitView: ViewLink<View>?
        #endif
        /// The location of the last pass, and whether none has run yet.
        #if HITKIT_INTERNAL_CHECKS
        var lastLocation = Point.zero
        #else
        @exclusivity(unchecked) var lastLocation = Point.zero
        #endif
        #if HITKIT_INTERNAL_CHECKS
        var isNew = true
        #else
        @exclusivity(unchecked) var isNew = true
        #endif
        /// A pass is under way; one was asked for meanwhile.
        #if HITKIT_INTERNAL_CHECKS
        var isPassing = false
        #else
        @exclusivity(unchecked) var isPassing = false
        #endif
        #if HITKIT_INTERNAL_CHECKS
        var passAgain = false
        #else
        @exclusivity(unchecked) var passAgain = false
        #endif
    }

    /// One pass for `session` at its location, then again (unmoved) while a delegate changed the
    /// views during one, a few times at most.
    static func pass(_ session: DragSession, moved: Bool, in application: Application) {
        let state = session.targeting
        guard !state.isPassing else { return state.passAgain = true }
        state.isPassing = true
        defer { state.isPassing = false }
        var moved = moved
        for _ in 0..<DeferredWork.maximumFollowUps {
            state.passAgain = false
            passOnce(session, state, moved: moved, in: application)
            guard state.passAgain else { return }
            moved = false
        }
    }

    /// Finds the target (kept answers, asking those without one), then exit, enter and update as
    /// the target changed; an unchanged target gets `sessionDidUpdate` when `moved`.
    private static func passOnce(_ session: DragSession, _ state: State, moved: Bool, in application: Application) {
        let location = session.screenLocation
        state.lastLocation = location
        state.isNew = false
        state.chain.removeAll(keepingCapacity: true)
        let hit = application.hitTest(screenPoint: location)
        let hitChanged = state.hitView?.object !== hit
        state.hitView = hit.map(ViewLink.init)
        if let hit {
            let context = application.viewContext
            context.withChain(of: hit) { chain, _ in
                for id in chain {
                    guard let view = context.view(for: id) else { break }
                    let drops = view.dropInteractions
                    guard !drops.isEmpty else { continue }
                    for drop in drops.reversed() { state.chain.append(drop) }  // the latest added first
                }
            }
        }
        if !state.kept.isEmpty {
            state.kept.removeAll { kept in !state.chain.contains { $0 === kept.interaction } }
        }
        let tracer = application.tracer
        var traced: [(DropInteraction, Bool, kept: Bool)] = []
        var found: DropInteraction?
        var index = 0
        // By index: a delegate asked may change the views, and the list is the state's.
        while index < state.chain.count {
            let candidate = state.chain[index]
            index += 1
            let answer: Bool
            if let kept = state.kept.first(where: { $0.interaction === candidate }) {
                answer = kept.canHandle
                if tracer != nil { traced.append((candidate, answer, true)) }
            } else {
                answer = candidate.delegate?.dropInteraction(candidate, canHandle: session) ?? false
                state.kept.append((candidate, answer))
                if tracer != nil { traced.append((candidate, answer, false)) }
            }
            if answer {
                found = candidate
                break
            }
        }
        if let tracer, hitChanged || found !== state.target || traced.contains(where: { !$0.kept }) {
            tracer.recordTargeting(session, hit: hit, answers: traced, target: found)
        }
        if found !== state.target {
            let old = state.target
            state.target = found
            state.proposal = nil
            if let old { old.delegate?.dropInteraction(old, sessionDidExit: session) }
            guard let new = found else { return }
            if !state.entered.contains(where: { $0 === new }) { state.entered.append(new) }
            new.delegate?.dropInteraction(new, sessionDidEnter: session)
            state.proposal = new.delegate?.dropInteraction(new, sessionDidUpdate: session) ?? .cancel
        } else if let target = found, moved {
            state.proposal = target.delegate?.dropInteraction(target, sessionDidUpdate: session) ?? .cancel
        }
    }

    /// The end of `session` (its touch lifted after the pass, or it was cancelled): a drop on a
    /// target proposing copy, or move where the source allows it; else cancel. Then
    /// `sessionDidEnd` to every interaction entered, in first-entry order.
    static func end(_ session: DragSession, cancelled: Bool, in application: Application) {
        let state = session.targeting
        Autoscroll.stop(session, in: application)
        let target = state.target, entered = state.entered
        let operation: DropOperation? = switch state.proposal {
        case .copy?: .copy
        case .move? where session.allowsMoveOperation: .move
        default: nil
        }
        if let tracer = application.tracer {
            let why = if cancelled { "cancelled (its touch was cancelled, or Escape)" }
                else if let target {
                    operation.map { "dropped on \(tracer.name(of: target)): \($0)" }
                        ?? "cancelled: \(tracer.name(of: target)) proposed \(state.proposal.map { "\($0)" } ?? "nothing")\(state.proposal == .move ? " and the source does not allow moving" : "")"
                } else { "cancelled: no target where its touch lifted" }
            tracer.recordSession(session, "ended, \(why)")
        }
        state.target = nil
        state.proposal = nil
        state.kept.removeAll()
        state.entered.removeAll()
        if !cancelled, let target, let operation {
            target.delegate?.dropInteraction(target, performDrop: session)
            session.end(with: operation) { target.delegate?.dropInteraction(target, concludeDrop: session) }
        } else {
            if let target { target.delegate?.dropInteraction(target, sessionDidExit: session) }
            session.end(with: .cancel)
        }
        for interaction in entered { interaction.delegate?.dropInteraction(interaction, sessionDidEnd: session) }
    }
}
