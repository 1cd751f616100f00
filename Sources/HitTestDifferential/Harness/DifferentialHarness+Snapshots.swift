import HitTestCore
import HitTestReference

// Asking a snapshot (`ViewStoreSnapshot`) and the reference the same question: hit tests answer
// as the reference does up to the first override, which the snapshot must name as `.ask`.

extension DifferentialHarness {
    /// Runs `query` on `snapshot` and on the reference as it is now; returns a mismatch unless
    /// the answers are exactly equal. `pointInside` queries are not asked of snapshots.
    public func checkSnapshot(_ snapshot: ViewStoreSnapshot, _ query: Query) -> Mismatch? {
        referenceTamper?(self)
        guard let expected = referenceSnapshotAnswer(query) else { return nil }
        return checkSnapshot(snapshot, query, expecting: expected)
    }

    /// Runs `query` on `snapshot`; returns a mismatch unless it answers `expected` (the
    /// reference's answer at the snapshot's moment, from ``referenceSnapshotAnswer(_:)``).
    public func checkSnapshot(_ snapshot: ViewStoreSnapshot, _ query: Query, expecting expected: Answer) -> Mismatch? {
        let answer = snapshotAnswer(query, on: snapshot)
        return answer == expected ? nil
            : mismatch(query: "snapshot \(query)", engine: "\(answer.map { "\($0)" } ?? "nothing")",
                       reference: "\(expected)")
    }

    /// `snapshot`'s answer to `query`, or `nil` for a `pointInside` query.
    public func snapshotAnswer(_ query: Query, on snapshot: ViewStoreSnapshot) -> Answer? {
        do throws(ViewStoreError) {
            switch query {
            case .screenHitTest(let p): return answer(snapshot.hitTest(screenPoint: p))
            case .hitTest(let p, let key): return answer(try snapshot.hitTest(p, in: engineIDs[key]))
            case .pointInside: return nil
            case .convertPoint(let p, let from, let to):
                return .point(try snapshot.convert(p, from: space(from), to: space(to)))
            case .convertRect(let r, let from, let to):
                return .rect(try snapshot.convert(r, from: space(from), to: space(to)))
            }
        } catch {
            return .error(error)
        }
    }

    /// The answer a snapshot taken now must give to `query` (`nil` for a `pointInside` query).
    public func referenceSnapshotAnswer(_ query: Query) -> Answer? {
        switch query {
        case .screenHitTest(let p):
            return answer(screen.askingHitTest(screenPoint: p))
        case .hitTest(let p, let key):
            guard let view = referenceViews[key] else { return .error(.staleHandle(engineIDs[key])) }
            return answer(view.askingHitTest(p))
        case .pointInside:
            return nil
        case .convertPoint, .convertRect:
            return referenceAnswer(query)
        }
    }

    private func answer(_ snapshotAnswer: SnapshotAnswer) -> Answer {
        switch snapshotAnswer {
        case .hit(let id): .view(key(of: id))
        case .miss: .view(nil)
        case .ask(let id): .ask(key(of: id))
        }
    }

    private func answer(_ reference: ReferenceAskingAnswer) -> Answer {
        switch reference {
        case .view(let view): .view(view?.id)
        case .ask(let view): .ask(view.id)
        }
    }
}
