import Testing
@testable import HitKit

/// Behaviour A10, *Keys taken before the chain*: the hook A11's Escape and Menu key use.
@Suite struct KeyInterceptorTests {
    final class Taker: KeyInterceptor {
        let code: Int
        var asked: [(Int, Responder?)] = []
        init(code: Int) { self.code = code }

        func takesKeyDown(_ key: Key, target: Responder?, in application: Application) -> Bool {
            asked.append((key.keyCode.rawValue, target))
            return key.keyCode.rawValue == code
        }
    }

    let app = Application()
    let log = PressLog()
    let window: Window
    let field: PressView
    let escape = 41, a = Keys.letter("a")

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        field = PressView("field", in: app, log: log)
        window.addSubview(field)
        window.makeKey()
        field.becomeFirstResponder()
    }

    @Test func aTakenKeyMakesNoPressIsNotUnhandledAndItsUpAndRepeatsAreIgnored() throws {
        let taker = Taker(code: escape)
        app.addKeyInterceptor(taker)
        let outcome = try app.sendKeys(0, Keys.down(escape), Keys.down(escape), Keys.up(escape), Keys.down(a))
        #expect(log.lines == ["field began 4"])
        #expect(outcome.unhandledKeys == [3] && outcome.unhandledRepeats.isEmpty)
        #expect(taker.asked.map(\.0) == [escape, a], "asked once per down, not for repeats")
        #expect(taker.asked[0].1 === field, "with the press's target")
        #expect(throws: InputError.self) { try app.sendKeys(0.1, Keys.up(escape)) }
    }

    @Test func interceptorsAreAskedInTheOrderAddedUntilOneTakesTheKey() throws {
        let first = Taker(code: escape), second = Taker(code: escape)
        app.addKeyInterceptor(first)
        app.addKeyInterceptor(second)
        try app.sendKeys(0, Keys.down(escape))
        #expect(first.asked.count == 1 && second.asked.isEmpty)
        app.removeKeyInterceptor(first)
        try app.sendKeys(0.1, Keys.up(escape), Keys.down(escape))
        #expect(second.asked.count == 1)
    }
}
