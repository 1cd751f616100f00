@testable import HitKit
import Testing

/// Behaviour A3's instants at any time: "within 0.35 s" includes a touch 0.35 s *as written*
/// after the last, at 0 as on an epoch clock (1.7·10⁹ s, where a double's step is 2.4·10⁻⁷ s and
/// the decimals 1700000000.03 and 1700000000.38 are 0.35000014 s apart as doubles).
@Suite struct EpochTimeTests {
    /// The time `base` plus the decimal fraction `fraction`, as a host writing it would have it.
    static func written(_ base: Double, _ fraction: String) -> Double {
        Double("\(Int(base))\(fraction)")!
    }

    static let bases: [Double] = [0, 1_700_000_000]

    @Test(arguments: bases)
    func aTouchTheMaximumIntervalAsWrittenAfterTheLastContinuesTheCount(_ base: Double) throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        try app.advance(to: base)
        let point = Point(50, 50)
        try app.send(InputFrame(timestamp: base, touches: [TouchInput(id: 1, phase: .began, location: point)]))
        try app.send(InputFrame(timestamp: Self.written(base, ".03"), touches: [TouchInput(id: 1, phase: .ended, location: point)]))
        try app.send(InputFrame(timestamp: Self.written(base, ".38"), touches: [TouchInput(id: 2, phase: .began, location: point)]))
        #expect(app.activeTouches.first?.tapCount == 2)
        withExtendedLifetime(window) {}
    }
}
