import Testing
@testable import HitKitScene

/// The decoder's check that no presentation makes the responder chain loop walks each
/// controller at most once, however the presentations are ordered in the file: a check grown
/// quadratic (each presentation walking its presenter's whole chain) would take millions of
/// steps here, and fails these tests rather than only slowing every load of a long chain.
@Suite("The responder-chain check's cost")
struct ChainCheckCostTests {
    static let controllers = 3_000

    /// The steps the check takes on `text`, which must load.
    func chainSteps(_ text: String) throws -> Int {
        try SceneDecoder.decodeCountingChainSteps(try JSONParser.parse(text), file: "chain.json").chainSteps
    }

    /// A window of sibling views, each the root view of a controller `c<i>`; `presenter(i)`
    /// names who presents `c<i>`, if anyone.
    func siblings(_ count: Int, presenter: (Int) -> Int?) -> String {
        let views = (0..<count).map { i in
            let presentedBy = presenter(i).map { #", "presentedBy": "c\#($0)""# } ?? ""
            return #"{"id": "v\#(i)", "viewController": {"id": "c\#(i)"\#(presentedBy)}}"#
        }
        return #"{"windows": [{"id": "w", "subviews": [\#(views.joined(separator: ", "))]}]}"#
    }

    @Test("each controller presents the next, presenters first in the file: one step a presenter")
    func presentersFirst() throws {
        // The walk from c0 ends above its view (the window has no controller); every later walk
        // steps once, onto a presenter an earlier walk passed.
        let n = Self.controllers
        #expect(try chainSteps(siblings(n) { $0 > 0 ? $0 - 1 : nil }) == n - 1)
    }

    @Test("each controller is presented by the next, presenters last in the file: one walk passes them all")
    func presentersLast() throws {
        // The first walk, from c1, follows the presenters to c(n-1); every later walk starts at
        // a controller it passed and takes no step.
        let n = Self.controllers
        #expect(try chainSteps(siblings(n) { $0 < n - 1 ? $0 + 1 : nil }) == n - 1)
    }

    @Test("a chain of presentations hung from the innermost of nested controllers")
    func throughTheViewTree() throws {
        // c0 ... c(d-1), each root view inside the one before; then sibling views whose
        // controllers p0 ... p(m-1) each present the next, p0 presented by the innermost c.
        let d = 60, m = Self.controllers - 60
        var nested = #"{"id": "v\#(d - 1)", "viewController": {"id": "c\#(d - 1)"}}"#
        for i in (0..<(d - 1)).reversed() {
            nested = #"{"id": "v\#(i)", "viewController": {"id": "c\#(i)"}, "subviews": [\#(nested)]}"#
        }
        let presented = (0..<m).map { j in
            #"{"id": "s\#(j)", "viewController": {"id": "p\#(j)", "presentedBy": "\#(j == 0 ? "c\(d - 1)" : "p\(j - 1)")"}}"#
        }
        let text = #"{"windows": [{"id": "w", "subviews": [\#(([nested] + presented).joined(separator: ", "))]}]}"#
        // The walk from c(d-1) climbs the view tree through every c; each p's walk then steps
        // once, onto its presenter.
        #expect(try chainSteps(text) == d + m - 1)
    }

    @Test("a scene without presentations is not walked")
    func noPresentations() throws {
        #expect(try chainSteps(siblings(Self.controllers) { _ in nil }) == 0)
    }
}
