import Testing
import HitKit

/// Indices and counts a host passes to the segmented and page controls, at and far past their
/// ends: each is the no-op or clamp their DocC promises, never a trap ("an impossible input is a
/// typed error, and every other touch, key and view goes on working").
@Suite struct ControlIndexInputTests {
    let app = Application()

    private func titles(of control: SegmentedControl) -> [String?] {
        (0..<control.numberOfSegments).map { control.titleForSegment(at: $0) }
    }

    @Test func segmentIndicesOutOfRangeReadNothingAndChangeNothing() {
        let control = SegmentedControl(items: ["a", "b", "c"], frame: Rect(0, 0, 300, 30), in: app)
        // "The title of the segment at `index`, or `nil`."
        for index in [-1, 3, Int.max, Int.min] { #expect(control.titleForSegment(at: index) == nil) }
        // "Sets the title of the segment at `index`, if it exists." / "Removes the segment at
        // `index` (if it exists)".
        for index in [-1, 3, Int.max, Int.min] {
            control.setTitle("x", forSegmentAt: index)
            control.removeSegment(at: index)
        }
        #expect(titles(of: control) == ["a", "b", "c"])
        // "an index out of range selects nothing."
        for index in [3, Int.max, -2, Int.min] {
            control.selectedSegmentIndex = 1
            control.selectedSegmentIndex = index
            #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        }
    }

    /// "Inserts a segment at `index` (clamped to `0...numberOfSegments`)".
    @Test func segmentInsertionsFarPastEitherEndAreClamped() {
        let control = SegmentedControl(items: ["a", "b"], frame: Rect(0, 0, 300, 30), in: app)
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "last", at: Int.max)
        control.insertSegment(withTitle: "first", at: Int.min)
        #expect(titles(of: control) == ["first", "a", "b", "last"])
        // The selection moved along with its segment ("b"): one insertion before it.
        #expect(control.selectedSegmentIndex == 2)
    }

    /// "Setting it adds untitled segments at the end or removes the last ones"; a negative count
    /// is none, and with no segments there is no segment under any `x`.
    @Test func aNegativeSegmentCountLeavesNoSegments() {
        let control = SegmentedControl(items: ["a", "b"], frame: Rect(0, 0, 300, 30), in: app)
        control.numberOfSegments = Int.min
        #expect(control.numberOfSegments == 0)
        #expect(control.segmentIndex(atX: 10) == SegmentedControl.noSegment)
    }

    /// "from 0 to ``ControlLimits/maximumSegmentsOrPages``: a value outside clamps": a wild
    /// count makes the most segments, not a control that grows until memory runs out. One past
    /// the cap is checked first, so a build without the cap stops there, before `Int.max`.
    @Test func segmentCountsPastTheCapClampToIt() throws {
        let most = ControlLimits.maximumSegmentsOrPages
        #expect(most == 4_096)
        let control = SegmentedControl(items: ["a", "b"], frame: Rect(0, 0, 300, 30), in: app)
        control.numberOfSegments = most + 1
        try #require(control.numberOfSegments == most)
        control.numberOfSegments = Int.max
        #expect(control.numberOfSegments == most)
        #expect(titles(of: control).prefix(3) == ["a", "b", nil])
        control.selectedSegmentIndex = most - 1
        #expect(control.selectedSegmentIndex == most - 1)
        #expect(control.segmentIndex(atX: 299.99) == most - 1)
        // "A control already holding the most segments is left as it is."
        control.insertSegment(withTitle: "first", at: 0)
        #expect(control.numberOfSegments == most)
        #expect(control.titleForSegment(at: 0) == "a")
        #expect(control.selectedSegmentIndex == most - 1)
        // "the titles past it are left out"
        let many = SegmentedControl(items: (0...most).map { "\($0)" }, in: app)
        #expect(many.numberOfSegments == most)
        #expect(many.titleForSegment(at: most - 1) == "\(most - 1)")
    }

    /// "from 0 to ``ControlLimits/maximumSegmentsOrPages``: a value outside clamps", keeping
    /// the current page on one that exists.
    @Test func pageCountsPastTheCapClampToIt() throws {
        let most = ControlLimits.maximumSegmentsOrPages
        let control = PageControl(frame: Rect(0, 0, 300, 30), in: app)
        control.numberOfPages = most + 1
        #expect(control.numberOfPages == most)
        control.numberOfPages = Int.max
        #expect(control.numberOfPages == most)
        control.currentPage = Int.max
        #expect(control.currentPage == most - 1)
    }

    /// "the end segments taking what lies beyond the edges" (x well inside Int's range).
    @Test func segmentIndicesBeyondTheEdgesAreTheEndSegments() {
        let control = SegmentedControl(items: ["a", "b", "c"], frame: Rect(0, 0, 300, 30), in: app)
        #expect(control.segmentIndex(atX: -50) == 0)
        #expect(control.segmentIndex(atX: 1e6) == 2)
    }

    /// "The number of pages (default 0; negative counts as 0)"; "The page shown, kept within
    /// `0..<numberOfPages` (0 when there are none)".
    @Test func pageIndicesAndCountsOutOfRangeAreKeptInRange() {
        let control = PageControl(frame: Rect(0, 0, 300, 30), in: app)
        control.numberOfPages = Int.min
        #expect(control.numberOfPages == 0)
        control.currentPage = 3
        #expect(control.currentPage == 0)
        control.numberOfPages = 4
        control.currentPage = Int.max
        #expect(control.currentPage == 3)
        control.currentPage = Int.min
        #expect(control.currentPage == 0)
        control.currentPage = 3
        control.numberOfPages = 2
        #expect(control.currentPage == 1)
    }
}
