import Testing
import HitTestCore

/// The walk step behind focus's reading order (Behaviour A10): a view's visibility, subviews,
/// bounds and map to its superview from one look at its row, agreeing with Behaviour A1's
/// conversion.
@Suite("A walk step over the shown, interactive tree")
struct VisibleStepTests {
    let store = ViewStore()

    @Test func hiddenTransparentAndNonInteractiveViewsAreLeftOut() throws {
        let v = try store.makeView(frame: Rect(0, 0, 10, 10))
        var subviews: [ViewID] = []
        #expect(try store.visibleStep(of: v, appendingSubviewsTo: &subviews) != nil && store.isShownAndInteractive(v))
        try store.setFlag(.hidden, true, of: v)
        #expect(try store.visibleStep(of: v, appendingSubviewsTo: &subviews) == nil && !store.isShownAndInteractive(v))
        try store.setFlag(.hidden, false, of: v)
        try store.setAlpha(0.009, of: v)
        #expect(try store.visibleStep(of: v, appendingSubviewsTo: &subviews) == nil)
        try store.setAlpha(0.01, of: v)
        #expect(try store.visibleStep(of: v, appendingSubviewsTo: &subviews) != nil, "alpha 0.01 is shown, as for hit testing")
        try store.setFlag(.userInteractionEnabled, false, of: v)
        #expect(try store.visibleStep(of: v, appendingSubviewsTo: &subviews) == nil && !store.isShownAndInteractive(v))
    }

    @Test func itAppendsTheSubviewsBackMostFirst() throws {
        let parent = try store.makeView(frame: Rect(0, 0, 100, 100))
        let a = try store.makeView(frame: Rect(0, 0, 10, 10)), b = try store.makeView(frame: Rect(0, 0, 10, 10))
        try store.addSubview(a, to: parent)
        try store.addSubview(b, to: parent)
        var subviews = [parent]
        _ = try store.visibleStep(of: parent, appendingSubviewsTo: &subviews)
        let listed = try store.subviews(of: parent)
        #expect(subviews == [parent, a, b] && subviews == [parent] + listed)
    }

    @Test(arguments: [false, true])
    func itsMapAgreesWithConversion(transformed: Bool) throws {
        let window = try store.makeWindow(frame: Rect(0, 0, 400, 400))
        let v = try store.makeView(frame: Rect(40, 60, 100, 50))
        try store.addSubview(v, to: window)
        if transformed {
            try store.setBounds(Rect(10, -5, 100, 50), of: v)
            try store.setAnchorPoint(Point(0.2, 0.7), of: v)
            try store.setTransform(AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(scaleX: 1.5, y: 0.5)), of: v)
        }
        var subviews: [ViewID] = []
        let step = try #require(try store.visibleStep(of: v, appendingSubviewsTo: &subviews))
        let bounds = try store.bounds(of: v)
        #expect(step.bounds == bounds)
        for point in [Point(10, -5), Point(110, 45), Point(33, 17)] {
            let converted = try store.convert(point, from: .view(v), to: .view(window))
            let mapped = step.toSuperview.apply(to: point)
            #expect(abs(mapped.x - converted.x) < 1e-9 && abs(mapped.y - converted.y) < 1e-9, "\(point): \(mapped) vs \(converted)")
        }
    }
}
