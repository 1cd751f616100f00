import HitTestCore
import HitTestReference

// Asking both sides the same question and comparing the answers exactly.

extension DifferentialHarness {
    /// Runs `query` on both sides; returns a mismatch unless the answers are exactly equal.
    public func check(_ query: Query) -> Mismatch? {
        referenceTamper?(self)
        let engine = engineAnswer(query), reference = referenceAnswer(query)
        return engine == reference ? nil : mismatch(query: "\(query)", engine: "\(engine)", reference: "\(reference)")
    }

    /// The engine's answer to `query`.
    public func engineAnswer(_ query: Query) -> Answer {
        do throws(ViewStoreError) {
            switch query {
            case .screenHitTest(let p):
                return .view(store.hitTest(screenPoint: p).map(key(of:)))
            case .hitTest(let p, let key):
                return .view(try store.hitTest(p, in: engineIDs[key]).map(self.key(of:)))
            case .pointInside(let p, let key):
                return .inside(try store.pointInside(engineIDs[key], p))
            case .convertPoint(let p, let from, let to):
                return .point(try store.convert(p, from: space(from), to: space(to)))
            case .convertRect(let r, let from, let to):
                return .rect(try store.convert(r, from: space(from), to: space(to)))
            }
        } catch {
            return .error(error)
        }
    }

    /// The reference's answer to `query`, or the refusal the engine must give.
    public func referenceAnswer(_ query: Query) -> Answer {
        switch query {
        case .screenHitTest(let p):
            return .view(screen.hitTest(screenPoint: p)?.id)
        case .hitTest(let p, let key):
            guard let view = referenceViews[key] else { return .error(.staleHandle(engineIDs[key])) }
            return .view(view.hitTest(p)?.id)
        case .pointInside(let p, let key):
            guard let view = referenceViews[key] else { return .error(.staleHandle(engineIDs[key])) }
            return .inside(view.pointInside(p))
        case .convertPoint(let p, let from, let to):
            return referenceConversion(from: from, to: to) { (a, b) throws(ReferenceConversionError) in
                .point(try screen.convert(p, from: a, to: b))
            }
        case .convertRect(let r, let from, let to):
            return referenceConversion(from: from, to: to) { (a, b) throws(ReferenceConversionError) in
                .rect(try screen.convert(r, from: a, to: b))
            }
        }
    }

    func space(_ key: Int?) -> CoordinateSpace {
        key.map { .view(engineIDs[$0]) } ?? .screen
    }

    /// Stale handles first (source, then destination, as the engine checks them), then the
    /// reference's own refusals in the engine's terms.
    private func referenceConversion(
        from: Int?, to: Int?,
        _ body: (ReferenceView?, ReferenceView?) throws(ReferenceConversionError) -> Answer
    ) -> Answer {
        for key in [from, to].compactMap({ $0 }) where !isLive(key) {
            return .error(.staleHandle(engineIDs[key]))
        }
        do throws(ReferenceConversionError) {
            return try body(from.map { referenceViews[$0]! }, to.map { referenceViews[$0]! })
        } catch {
            switch error {
            case .unrelated: return .error(.unrelatedViews(engineIDs[from!], engineIDs[to!]))
            case .notInWindow(let key): return .error(.notInWindow(engineIDs[key]))
            }
        }
    }
}
