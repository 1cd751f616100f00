/// A row of equally wide segments, at most one selected (UIKit's `UISegmentedControl`): a
/// touch-up-inside selects the segment under the finger and sends
/// ``Control/Event/valueChanged`` if the selection changed.
///
/// The segment is the one under the lift's `x`; a lift in the tolerance band beyond an edge
/// counts for the segment at that edge.
///
/// It stops a foreign one-tap, one-finger tap that cancels touches in view (Behaviour A5).
open class SegmentedControl: Control {
    /// ``selectedSegmentIndex`` when no segment is selected (UIKit's `noSegment`).
    public static let noSegment = -1

    /// The segments' titles (`nil`: a segment without a title), left to right.
    private var titles: [String?] = []

    /// The index of the selected segment, or ``noSegment`` (the default). Setting it sends no
    /// event; an index out of range selects nothing.
    open var selectedSegmentIndex = SegmentedControl.noSegment {
        didSet {
            if !titles.indices.contains(selectedSegmentIndex) { selectedSegmentIndex = Self.noSegment }
        }
    }

    /// A control with one segment per title, up to ``ControlLimits/maximumSegmentsOrPages``
    /// (the titles past it are left out).
    public convenience init(items: [String], frame: Rect = .zero, in application: Application) {
        self.init(frame: frame, in: application)
        titles = Array(items.prefix(ControlLimits.maximumSegmentsOrPages))
    }

    /// The number of segments, from 0 to ``ControlLimits/maximumSegmentsOrPages``: a value
    /// outside clamps. Setting it adds untitled segments at the end or removes the last ones (a
    /// removed selection becomes ``noSegment``).
    public var numberOfSegments: Int {
        get { titles.count }
        set {
            let count = Swift.min(Swift.max(0, newValue), ControlLimits.maximumSegmentsOrPages)
            if count < titles.count { titles.removeLast(titles.count - count) }
            while titles.count < count { titles.append(nil) }
            if selectedSegmentIndex >= count { selectedSegmentIndex = Self.noSegment }
        }
    }

    /// Inserts a segment at `index` (clamped to `0...numberOfSegments`); a selection at or after
    /// it moves along with its segment. A control already holding
    /// ``ControlLimits/maximumSegmentsOrPages`` segments is left as it is.
    public func insertSegment(withTitle title: String?, at index: Int) {
        guard titles.count < ControlLimits.maximumSegmentsOrPages else { return }
        let position = Swift.min(titles.count, Swift.max(0, index))
        titles.insert(title, at: position)
        if selectedSegmentIndex >= position { selectedSegmentIndex += 1 }
    }

    /// Removes the segment at `index` (if it exists); removing the selected one selects nothing.
    public func removeSegment(at index: Int) {
        guard titles.indices.contains(index) else { return }
        titles.remove(at: index)
        if selectedSegmentIndex == index {
            selectedSegmentIndex = Self.noSegment
        } else if selectedSegmentIndex > index {
            selectedSegmentIndex -= 1
        }
    }

    /// The title of the segment at `index`, or `nil`.
    public func titleForSegment(at index: Int) -> String? {
        titles.indices.contains(index) ? titles[index] : nil
    }

    /// Sets the title of the segment at `index`, if it exists.
    public func setTitle(_ title: String?, forSegmentAt index: Int) {
        if titles.indices.contains(index) { titles[index] = title }
    }

    /// The segment under `x` (the control's coordinates), the end segments taking what lies
    /// beyond the edges; ``noSegment`` when there are no segments or `x` is NaN.
    public func segmentIndex(atX x: Double) -> Int {
        guard !titles.isEmpty, !x.isNaN else { return Self.noSegment }
        let track = bounds.standardized
        guard track.width > 0 else { return 0 }
        // Clamped before the conversion: a point far out, or a track too thin, gives ±infinity.
        let position = ((x - track.minX) / track.width * Double(titles.count)).rounded(.down)
        return Int(Swift.min(Double(titles.count - 1), Swift.max(0, position)))
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isOverlappingSingleTap(gestureRecognizer) { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override func trackingStepDidFinish(_ step: TrackingStep, touch: Touch) {
        guard step == .ended(inside: true) else { return }
        let index = segmentIndex(atX: touch.location(in: self).x)
        guard index != Self.noSegment, index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }
}
