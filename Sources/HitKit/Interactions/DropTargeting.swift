// Behaviour A11's targeting pass and the end of a session: the candidates are the drop
// interactions on the chain of the view the hit test finds at the session's location, innermost
// first; `canHandle` answers are kept while their interaction stays on that chain.

enum DropTargeting {
    /// A session's targeting, kept between passes; its lists keep their capacity.
    struct State {
        /// The answers to `canHandle`, kept while their interaction is on the chain.
        var kept: [(interaction: DropInteraction, canHandle: Bool)] = []
        /// The current target and its last proposal.
        var target: DropInteraction?
        var proposal: DropProposal?
        /// The target was entered and has not yet had its first `sessionDidUpdate`.
        var owesUpdate = false
        /// Every interaction entered, in first-entry order.
        var entered: [DropInteraction] = []
        /// The candidates of the pass under way, innermost first.
        var chain: [DropInteraction] = []
        /// The hit view of the last pass (autoscroll walks its chain).
        var hitView: ViewLink<View>?
        /// The location of the last pass, and whether none has run yet.
        var lastLocation = Point.zero
        var isNew = true
        /// A pass is under way; one was asked for meanwhile.
        var isPassing = false
        var passAgain = false
        /// A pass in the delivery under way stopped at the bound with the views still changing:
        /// the rest waits for the next delivery's end (``DeferredWork``), not this one's; only a
        /// moved touch is followed before.
        var isLeftDue = false
    }

    /// One pass for `session` at its location, then again (unmoved) while a delegate changed the
    /// views during one, followed by ``DeferredWork/followUp(_:)`` up to its bound. A session that
    /// has ended is not targeted: one a delegate ends during the pass (Escape pressed there) stops
    /// it at that call, since its end has already exited its target and told every interaction it
    /// entered `sessionDidEnd`, which must be the last each hears of it.
    static func pass(_ session: DragSession, moved: Bool, in application: Application) {
        guard !session.hasEnded else { return }
        guard !session.targeting.isPassing else { return session.targeting.passAgain = true }
        let interactions = application.interactionState
        // A change made during the pass marks the targeting stale (inside a delivery) or asks
        // for a pass (outside one); either way this pass starts again, and the other sessions
        // are targeted again when the delivery ends.
        let wasStale = interactions.targetingIsStale
        var changedViews = false
        session.targeting.isPassing = true
        defer {
            session.targeting.isPassing = false
            interactions.targetingIsStale = wasStale || changedViews
        }
        var moved = moved
        let reachedTheBound = DeferredWork.followUp {
            session.targeting.passAgain = false
            interactions.targetingIsStale = false
            passOnce(session, moved: moved, in: application)
            guard viewsChanged(during: session, in: application) else { return false }
            changedViews = true
            // The views changed for the other sessions too; this one, ended, is targeted no more.
            guard !session.hasEnded else { return false }
            moved = false
            return true
        }
        // Every pass runs in a delivery or at its end, whose end unmarks it; a moved touch's
        // pass that settles leaves nothing due.
        session.targeting.isLeftDue = reachedTheBound
    }

    /// Whether a delegate called during `session`'s pass changed the views.
    private static func viewsChanged(during session: DragSession, in application: Application) -> Bool {
        session.targeting.passAgain || application.interactionState.targetingIsStale
    }

    /// Whether the pass under way for `session` stops after a delegate's call: the session ended
    /// in it (Escape), or the views changed (the pass runs again).
    private static func stops(_ session: DragSession, in application: Application) -> Bool {
        session.hasEnded || viewsChanged(during: session, in: application)
    }

    /// Finds the target (kept answers, asking those without one), then exit, enter and update as
    /// the target changed; an unchanged target gets `sessionDidUpdate` when `moved`.
    private static func passOnce(_ session: DragSession, moved: Bool, in application: Application) {
        let location = session.screenLocation
        session.targeting.lastLocation = location
        session.targeting.isNew = false
        session.targeting.chain.removeAll(keepingCapacity: true)
        let hit = application.hitTest(screenPoint: location)
        let hitChanged = session.targeting.hitView?.object !== hit
        session.targeting.hitView = hit.map(ViewLink.init)
        if let hit {
            let context = application.viewContext
            context.withChain(of: hit) { chain, _ in
                for id in chain {
                    guard let view = context.view(for: id) else { break }
                    let drops = view.dropInteractions
                    guard !drops.isEmpty else { continue }
                    for drop in drops.reversed() { session.targeting.chain.append(drop) }  // the latest added first
                }
            }
        }
        if !session.targeting.kept.isEmpty {
            let chain = session.targeting.chain
            session.targeting.kept.removeAll { kept in !chain.contains { $0 === kept.interaction } }
        }
        let tracer = application.tracer
        var traced: [(DropInteraction, Bool, kept: Bool)] = []
        var found: DropInteraction?
        var index = 0
        // By index: a delegate asked may change the views, and the list is the targeting state's.
        while index < session.targeting.chain.count {
            let candidate = session.targeting.chain[index]
            index += 1
            let answer: Bool
            if let kept = session.targeting.kept.first(where: { $0.interaction === candidate }) {
                answer = kept.canHandle
                if tracer != nil { traced.append((candidate, answer, true)) }
            } else {
                answer = candidate.delegate?.dropInteraction(candidate, canHandle: session) ?? false
                session.targeting.kept.append((candidate, answer))
                if tracer != nil { traced.append((candidate, answer, false)) }
                // The answer ended the session, or changed the views: the chain walked is stale;
                // the pass runs again (unless the session ended).
                if stops(session, in: application) { return }
            }
            if answer {
                found = candidate
                break
            }
        }
        if let tracer, hitChanged || found !== session.targeting.target || traced.contains(where: { !$0.kept }) {
            tracer.recordTargeting(session, hit: hit, answers: traced, target: found)
        }
        // After each call that may change the views, the pass stops and runs again
        // unmoved, so a target that left the chain meanwhile is exited at that moment; an entered
        // target still owes its first `sessionDidUpdate`. After a call that ended the session,
        // it stops for good: the end exited the target and told it `sessionDidEnd`.
        if found !== session.targeting.target {
            let old = session.targeting.target
            session.targeting.target = nil
            session.targeting.proposal = nil
            session.targeting.owesUpdate = false
            if let old { old.delegate?.dropInteraction(old, sessionDidExit: session) }
            guard !stops(session, in: application), let new = found else { return }
            session.targeting.target = new
            session.targeting.owesUpdate = true
            if !session.targeting.entered.contains(where: { $0 === new }) { session.targeting.entered.append(new) }
            new.delegate?.dropInteraction(new, sessionDidEnter: session)
            guard !stops(session, in: application) else { return }
        }
        if let target = found, moved || session.targeting.owesUpdate {
            session.targeting.owesUpdate = false
            let proposal = target.delegate?.dropInteraction(target, sessionDidUpdate: session) ?? .cancel
            // An ended session keeps no proposal (its end cleared the one it had).
            guard !session.hasEnded else { return }
            session.targeting.proposal = proposal
        }
    }

    /// The end of `session` (its touch lifted after the pass, or it was cancelled): a drop on a
    /// target proposing copy, or move where the source allows it; else cancel. Then
    /// `sessionDidEnd` to every interaction entered, in first-entry order. Once: a session that
    /// a delegate ended in its last pass (Escape) is not ended again.
    static func end(_ session: DragSession, cancelled: Bool, in application: Application) {
        guard !session.hasEnded, !session.isEnding else { return }
        session.isEnding = true
        Autoscroll.stop(session, in: application)
        let target = session.targeting.target, entered = session.targeting.entered
        let operation: DropOperation? = switch session.targeting.proposal {
        case .copy?: .copy
        case .move? where session.allowsMoveOperation: .move
        default: nil
        }
        if let tracer = application.tracer {
            let why = if cancelled { "cancelled (its touch was cancelled, or Escape)" }
                else if let target {
                    operation.map { "dropped on \(tracer.name(of: target)): \($0)" }
                        ?? "cancelled: \(tracer.name(of: target)) proposed \(session.targeting.proposal.map { "\($0)" } ?? "nothing")\(session.targeting.proposal == .move ? " and the source does not allow moving" : "")"
                } else { "cancelled: no target where its touch lifted" }
            tracer.recordSession(session, "ended, \(why)")
        }
        session.targeting.target = nil
        session.targeting.proposal = nil
        session.targeting.owesUpdate = false
        session.targeting.kept.removeAll()
        session.targeting.entered.removeAll()
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
