import Testing
@testable import HitKit

/// Behaviour A3's bad input: each kind is rejected with a typed error, alone; every other touch goes on.
@Suite struct BadInputTests {
    let app = Application()
    let view: ProbeView

    init() {
        let window = Window(frame: Rect(0, 0, 200, 200), in: app)
        view = ProbeView(frame: Rect(0, 0, 200, 200), in: app)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
    }

    /// Sends a frame expected to be partly rejected; returns the rejections.
    func rejections(_ t: Double, _ touches: TouchInput...) -> [InputError.Rejection] {
        do {
            try app.send(InputFrame(timestamp: t, touches: touches))
            return []
        } catch {
            return error.rejections
        }
    }

    @Test func duplicateBegan() throws {
        try app.frame(0, began(1, 10, 10))
        let r = rejections(0.1, began(1, 50, 50), began(2, 20, 20))
        #expect(r == [.init(touchID: 1, reason: .duplicateBegan)])
        #expect(view.calls.map(\.ids) == [[1], [2]], "touch 2 began normally")
        #expect(app.activeTouches.first { $0.id == 1 }?.location(in: nil) == Point(10, 10), "touch 1 untouched")
    }

    @Test func unknownTouch() throws {
        try app.frame(0, began(1, 10, 10))
        let r = rejections(0.1, moved(9, 1, 1), ended(8, 1, 1), cancelled(7), moved(1, 12, 10))
        #expect(r.map(\.touchID) == [9, 8, 7])
        #expect(r.allSatisfy { $0.reason == .unknownTouch })
        #expect(view.methods == ["began", "moved"])
    }

    @Test func repeatedInOneFrame() throws {
        let r = rejections(0, began(1, 10, 10), moved(1, 12, 12))
        #expect(r == [.init(touchID: 1, reason: .repeatedInFrame)])
        #expect(view.methods == ["began"])
        #expect(app.activeTouches.first?.location(in: nil) == Point(10, 10))
    }

    @Test func nonFiniteAndMissingLocations() throws {
        try app.frame(0, began(1, 10, 10))
        var r = rejections(0.1, began(2, .nan, 5), moved(1, .infinity, 3), began(3, 30, 30))
        #expect(r == [.init(touchID: 2, reason: .nonFiniteLocation), .init(touchID: 1, reason: .nonFiniteLocation)])
        #expect(app.activeTouches.map(\.id) == [1, 3])
        r = rejections(0.2, TouchInput(id: 1, phase: .ended, location: nil), TouchInput(id: 4, phase: .began, location: nil))
        #expect(r == [.init(touchID: 1, reason: .missingLocation), .init(touchID: 4, reason: .missingLocation)])
        try app.frame(0.3, ended(1, 10, 10), cancelled(3))
        #expect(view.methods == ["began", "began", "ended", "cancelled"])
        #expect(app.activeTouches.isEmpty)
    }

    @Test func timeGoingBackwardsRejectsTheWholeFrame() throws {
        try app.frame(1, began(1, 10, 10))
        let r = rejections(0.5, moved(1, 20, 20), began(2, 30, 30))
        #expect(r == [.init(touchID: 1, reason: .timeWentBackwards(now: 1, received: 0.5)),
                      .init(touchID: 2, reason: .timeWentBackwards(now: 1, received: 0.5))])
        #expect(app.time == 1)
        #expect(app.activeTouches.map(\.id) == [1])
        try app.frame(1.1, ended(1, 10, 10))
        #expect(view.methods == ["began", "ended"])
    }

    @Test func nonFiniteTimeRejectsTheWholeFrame() throws {
        let r = rejections(.nan, began(1, 10, 10))
        #expect(r == [.init(touchID: 1, reason: .nonFiniteTime)])
        #expect(app.activeTouches.isEmpty && view.calls.isEmpty)
        #expect(throws: InputError.self) { try app.advance(to: .infinity) }
        do {
            try app.advance(to: -1)
            Issue.record("advance into the past must throw")
        } catch {
            #expect(error.rejections == [.init(touchID: nil, reason: .timeWentBackwards(now: 0, received: -1))])
        }
    }

    @Test func equalTimesAreAllowed() throws {
        try app.frame(1, began(1, 10, 10))
        try app.frame(1, moved(1, 11, 10))
        #expect(view.methods == ["began", "moved"])
    }

    @Test func errorsDescribeThemselves() {
        let error = InputError(rejections: [.init(touchID: 3, reason: .duplicateBegan),
                                            .init(touchID: nil, reason: .nonFiniteTime)])
        #expect(error.description == "touch 3: began, but the finger is already down; the time is not finite")
    }

    @Test func validatorOnItsOwn() {
        let validator = InputValidator(lastReport: { $0 == 5 ? .init(time: 0, isFinger: true) : nil })
        let (accepted, rejected) = validator.validate([
            began(5, 0, 0), began(6, 0, 0), TouchInput(id: 5, phase: .stationary, location: nil),
            TouchInput(id: 7, phase: .stationary, location: nil), cancelled(6),
        ])
        #expect(accepted.map(\.id) == [6, 5])
        #expect(rejected.map(\.reason) == [.duplicateBegan, .unknownTouch, .repeatedInFrame])
    }

    /// A pointer's click shares the fingers' ids (A8), but finger input neither moves nor ends it:
    /// for a finger it is not down; and a finger cannot begin under its id either.
    @Test func fingerInputCannotMoveOrEndAClick() {
        let validator = InputValidator(lastReport: { $0 == 7 ? .init(time: 0, isFinger: false) : nil })
        let (accepted, rejected) = validator.validate([
            TouchInput(id: 7, phase: .moved, location: Point(1, 1)), TouchInput(id: 7, phase: .ended, location: Point(1, 1)),
            began(7, 0, 0),
        ])
        #expect(accepted.isEmpty)
        #expect(rejected.map(\.reason) == [.unknownTouch, .unknownTouch, .duplicateBegan])
    }
}

/// A frame or an advance sent from inside a delivery is rejected whole, with its own reason: it
/// would run its steps in the middle of the frame under way (a view's began heard before the
/// frame that cancels it had finished). The frame around it goes on as if it had not come.
@Suite struct ReentrantFrameTests {
    /// A view whose touchesBegan and touchesCancelled send a frame and an advance, keeping what
    /// each threw.
    final class FeedingView: View {
        var thrown: [[InputError.Rejection]] = []
        var others: [String] = []
        private func feed() {
            let application = self.application!
            do {
                try application.send(InputFrame(timestamp: 0.15, touches: [TouchInput(id: 2, phase: .began, location: Point(5, 5))]))
            } catch { thrown.append(error.rejections) }
            do { try application.advance(to: 5) } catch { thrown.append(error.rejections) }
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { feed() }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { feed() }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { others.append("ended \(touches.map(\.id))") }
    }

    /// A feeding view filling a window, finger 1 down on it at 0.1 (its began tried to feed).
    private func fedViewWithAFingerDown() throws -> (Application, FeedingView) {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let view = FeedingView(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(view)
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .began, location: Point(10, 10))]))
        return (app, view)
    }

    @Test func aFrameOrAnAdvanceFromATouchMethodIsRejectedWhole() throws {
        let (app, view) = try fedViewWithAFingerDown()
        #expect(view.thrown == [[.init(touchID: 2, reason: .sentDuringDelivery)], [.init(touchID: nil, reason: .sentDuringDelivery)]])
        #expect(InputError.Reason.sentDuringDelivery.rejectsWholeFrame)
        // Neither came through: the clock is the outer frame's and finger 2 is not down.
        #expect(app.time == 0.1)
        #expect(app.activeTouches.map(\.id) == [1])
        // Once the delivery is over, the host's next frames go through as usual.
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .ended, location: Point(10, 10))]))
        #expect(view.others == ["ended [1]"])
        try app.advance(to: 1)
        #expect(app.time == 1)
    }

    /// A removal the host makes outside any frame delivers too (its cancels run touch methods):
    /// a frame sent from there would run in the middle of it.
    @Test func aFrameOrAnAdvanceFromARemovalsCancelIsRejectedWhole() throws {
        let (app, view) = try fedViewWithAFingerDown()
        view.thrown = []
        view.removeFromSuperview()
        #expect(view.thrown == [[.init(touchID: 2, reason: .sentDuringDelivery)], [.init(touchID: nil, reason: .sentDuringDelivery)]])
        #expect(app.time == 0.1)
        #expect(app.activeTouches.map(\.id) == [1], "finger 2 never came (finger 1, cancelled, goes at the next frame)")
        try app.advance(to: 1)
        #expect(app.time == 1)
    }
}
