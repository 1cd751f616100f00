import Testing
@testable import HitKit

/// Behaviour A4 a–j, rule by rule, with scripted recognizers so each rule is seen alone.
@Suite struct ArbitrationRuleTests {
    let scene = GestureScene()

    // MARK: a. Require-to-fail

    /// `first` waits for `other` to fail and asks to begin on its first move, then does what
    /// `later` says on each move after: pending once these two frames are sent.
    private func pendingPair(later: GestureRecognizer.State) throws -> (first: ScriptedRecognizer, other: ScriptedRecognizer) {
        let first = scene.attach(ScriptedRecognizer(), to: scene.white, as: "first")
        let other = scene.attach(ScriptedRecognizer(), to: scene.white, as: "other")
        first.require(toFail: other)
        first.onMoved = { $0.state = $0.requestedState == .possible ? .began : later }
        try scene.app.frame(0, began(1, 10, 10))
        try scene.app.frame(0.1, moved(1, 12, 10))
        #expect(first.state == .possible && first.requestedState == .began, "pending")
        return (first, other)
    }

    @Test func aWaitsWhileTheRequiredRecognizerIsPossibleThenProceedsWhenItFails() throws {
        let (first, other) = try pendingPair(later: .changed)
        other.state = .failed
        try scene.app.frame(0.2, moved(1, 14, 10))
        #expect(first.illegalTransitions.isEmpty)
        #expect(scene.log.recognizerLines == ["other failed", "first began", "first changed"],
                "the failure releases the waiting recognizer in the next resolution")
    }

    @Test func aAPendingRecognizerIsStillPossibleAndMayFail() throws {
        let (first, other) = try pendingPair(later: .failed)
        try scene.app.frame(0.2, moved(1, 30, 10))         // it gives up while it waits
        #expect(first.illegalTransitions.isEmpty, "failing a pending recognizer is legal")
        #expect(first.state == .failed && scene.log.recognizerLines == ["first failed"])
        other.state = .failed
        try scene.app.frame(0.3, moved(1, 32, 10))
        #expect(scene.log.recognizerLines == ["first failed", "other failed"], "the withdrawn began never happens")
    }

    @Test func aFailsWhenTheRequiredRecognizerBegins() throws {
        let first = scene.attach(ScriptedRecognizer(), to: scene.white, as: "first")
        let other = scene.attach(ScriptedRecognizer(), to: scene.white, as: "other")
        first.require(toFail: other)
        first.onMoved = { $0.state = .began }
        other.onEnded = { $0.state = .began }
        let delegate = ScriptedDelegate()
        delegate.simultaneousWith = [first]
        other.delegate = delegate    // so exclusion alone does not decide
        try scene.app.frame(0, began(1, 10, 10))
        try scene.app.frame(0.1, moved(1, 12, 10))
        try scene.app.frame(0.2, ended(1, 12, 10))
        #expect(scene.log.recognizerLines.prefix(2) == ["other began", "first failed"])
    }

    @Test func aRequirementsComeFromDelegatesAndOverridesToo() throws {
        final class Patient: GestureRecognizer {
            weak var waitFor: GestureRecognizer?
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other === waitFor }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
                if requestedState == .possible { state = .began }
            }
        }
        for way in 0..<4 {
            let scene = GestureScene()
            let waiting = Patient(), blocker = ScriptedRecognizer()
            scene.attach(waiting, to: scene.white, as: "waiting")
            scene.attach(blocker, to: scene.white, as: "blocker")
            let delegate = ScriptedDelegate()
            switch way {
            case 0: waiting.waitFor = blocker
            case 1: delegate.requiresFailureOf = [blocker]; waiting.delegate = delegate
            case 2: delegate.requiredToFailBy = [waiting]; blocker.delegate = delegate
            default: break   // no requirement: begins at once
            }
            try scene.app.frame(0, began(1, 10, 10))
            try scene.app.frame(0.1, moved(1, 12, 10))
            #expect(waiting.state == (way == 3 ? .began : .possible), "way \(way)")
            blocker.state = .failed
            try scene.app.frame(0.2, moved(1, 14, 10))
            #expect(waiting.state == .began, "way \(way)")
        }
    }

    @Test func aTheOtherSidesOverrideShouldBeRequiredToFail() throws {
        final class Demanding: GestureRecognizer {
            weak var dependant: GestureRecognizer?
            override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { other === dependant }
        }
        let waiting = scene.attach(ScriptedRecognizer(), to: scene.white, as: "waiting")
        let blocker = scene.attach(Demanding(), to: scene.white, as: "blocker")
        blocker.dependant = waiting
        waiting.onMoved = { if $0.requestedState == .possible { $0.state = .began } }
        try scene.app.frame(0, began(1, 10, 10))
        try scene.app.frame(0.1, moved(1, 12, 10))
        #expect(waiting.state == .possible)
        try scene.app.frame(0.2, ended(1, 12, 10))
        #expect(scene.log.recognizerLines == ["blocker failed", "waiting began"],
                "the blocker, abandoned when its touch ended, fails and the waiter goes on")
    }

    @Test func aRecognizersWaitingForEachOtherFailTogetherOnceTheirTouchesEnd() throws {
        let first = scene.attach(TapGestureRecognizer(), to: scene.white, as: "first")
        let second = scene.attach(TapGestureRecognizer(), to: scene.white, as: "second")
        first.require(toFail: second)
        second.require(toFail: first)
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, ended(1, 100, 100))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "second failed", "first failed", "yellow touchesEnded 1"],
                "a cycle is a programming error; it must not keep the view's end forever")
    }

    // MARK: b. Should begin

    @Test func bTheViewsAndThenTheDelegateAreAsked() throws {
        let recognizer = scene.attach(DiscreteScriptedRecognizer(), to: scene.white, as: "g")
        recognizer.onEnded = { $0.state = .recognized }
        let delegate = ScriptedDelegate()
        recognizer.delegate = delegate
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.white.askedShouldBegin.count == 1 && scene.yellow.askedShouldBegin.count == 1,
                "its own view and the touch's hit-test view, once each")
        #expect(delegate.shouldBeginCalls == 1)
        #expect(scene.log.lines.contains("g recognized"))
    }

    @Test func bAnyNoMakesItFail() throws {
        for who in ["own view", "hit view", "delegate"] {
            let scene = GestureScene()
            let recognizer = scene.attach(DiscreteScriptedRecognizer(), to: scene.white, as: "g")
            recognizer.onEnded = { $0.state = .recognized }
            let delegate = ScriptedDelegate()
            recognizer.delegate = delegate
            switch who {
            case "own view": scene.white.allowsRecognizers = false
            case "hit view": scene.yellow.allowsRecognizers = false
            default: delegate.begins = false
            }
            try scene.tap(at: 100, 100, from: 0, to: 0.1)
            #expect(scene.log.lines == ["yellow touchesBegan 1", "g failed", "yellow touchesEnded 1"], "\(who)")
            #expect(delegate.shouldBeginCalls == (who == "delegate" ? 1 : 0), "views are asked first")
        }
    }

    // MARK: c. Exclusion

    @Test func cABeginningRecognizerFailsPossibleOnesAndCancelsBegunOnes() throws {
        let begun = scene.attach(ScriptedRecognizer(), to: scene.white, as: "begun")
        let possible = scene.attach(ScriptedRecognizer(), to: scene.white, as: "possible")
        let winner = scene.attach(ScriptedRecognizer(), to: scene.yellow, as: "winner")
        let simultaneous = ScriptedDelegate()
        simultaneous.simultaneousWith = [winner, possible]
        begun.delegate = simultaneous
        begun.onBegan = { $0.state = .began }
        try scene.app.frame(0, began(1, 100, 100))
        #expect(begun.state == .began)
        begun.delegate = nil
        winner.onMoved = { if $0.requestedState == .possible { $0.state = .began } }
        var cancelledActions = 0
        begun.addTarget { if $0.state == .cancelled { cancelledActions += 1 } }
        try scene.app.frame(0.1, moved(1, 101, 100))
        #expect(scene.log.recognizerLines == ["begun began", "winner began", "possible failed", "begun cancelled"])
        #expect(cancelledActions == 1)
        #expect(possible.state == .failed)
    }

    @Test func cPreventionCanBeDeclinedEitherWay() throws {
        final class Unpreventable: ScriptedRecognizer {
            override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
        }
        final class Harmless: ScriptedRecognizer {
            override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
        }
        for winner in [ScriptedRecognizer(), Harmless()] {
            let scene = GestureScene()
            let loser: ScriptedRecognizer = winner is Harmless ? ScriptedRecognizer() : Unpreventable()
            scene.attach(loser, to: scene.white, as: "other")
            scene.attach(winner, to: scene.white, as: "winner")
            winner.onBegan = { $0.state = .began }
            try scene.app.frame(0, began(1, 100, 100))
            #expect(winner.state == .began && loser.state == .possible)
        }
    }

    @Test func cRecognizersSharingNoTouchDoNotExcludeEachOther() throws {
        let blue = LoggedView("blue", frame: Rect(x: 300, y: 300, width: 50, height: 50), in: scene.app, log: scene.log)
        scene.white.addSubview(blue)
        let other = scene.attach(ScriptedRecognizer(), to: blue, as: "other")
        let winner = scene.attach(ScriptedRecognizer(), to: scene.yellow, as: "winner")
        winner.onBegan = { $0.state = .began }
        try scene.app.frame(0, began(1, 310, 310), began(2, 100, 100))
        #expect(winner.state == .began && other.state == .possible, "touch 1 is the blue view's alone")
        #expect(other.touches.map(\.id) == [1] && winner.touches.map(\.id) == [2])
    }

    // MARK: d. Same frame

    @Test func dTheDeepestViewsRecognizerWinsThenTheMostRecentlyAdded() throws {
        let outer = scene.attach(TapGestureRecognizer(), to: scene.white, as: "outer")
        let older = scene.attach(TapGestureRecognizer(), to: scene.yellow, as: "older")
        let newer = scene.attach(TapGestureRecognizer(), to: scene.yellow, as: "newer")
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "newer recognized", "older failed", "outer failed",
                                    "yellow touchesCancelled 1"])
        #expect(outer.state == .possible && older.state == .possible && newer.state == .possible,
                "all reset at the end of the frame")
    }

    @Test func dStepTwoServesRecognizersInPriorityOrder() throws {
        let outer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "outer", touches: true)
        scene.attach(ScriptedRecognizer(), to: scene.yellow, as: "older", touches: true)
        scene.attach(ScriptedRecognizer(), to: scene.yellow, as: "newer", touches: true)
        _ = outer
        try scene.app.frame(0, began(1, 100, 100))
        #expect(scene.log.lines == ["newer touchesBegan 1", "older touchesBegan 1", "outer touchesBegan 1",
                                    "yellow touchesBegan 1"])
    }

    // MARK: e. Actions

    @Test func eActionsGoOnBeganChangedEndedAndCancelledNotOnFailed() throws {
        final class Target: Responder {
            var states: [GestureRecognizer.State] = []
            override func perform(_ action: Action, sender: Any?, event: Event?) {
                if action == "pan", let recognizer = sender as? GestureRecognizer { states.append(recognizer.state) }
            }
        }
        let target = Target()
        let pan = scene.attach(PanGestureRecognizer(target: target, action: "pan"), to: scene.white, as: "pan")
        var closureStates: [GestureRecognizer.State] = []
        let id = pan.addTarget { closureStates.append($0.state) }
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, moved(1, 120, 100))
        try scene.app.frame(0.2, moved(1, 130, 100))
        try scene.app.frame(0.3, ended(1, 130, 100))
        #expect(target.states == [.began, .changed, .ended])
        #expect(closureStates == target.states)
        pan.removeTarget(id)
        pan.removeTarget(target)
        try scene.app.frame(1, began(2, 100, 100))
        try scene.app.frame(1.1, moved(2, 120, 100))
        try scene.app.frame(1.2, cancelled(2))
        #expect(target.states.count == 3 && closureStates.count == 3, "removed targets get nothing")
        #expect(scene.log.recognizerLines.suffix(2) == ["pan began", "pan cancelled"])
        let other = GestureScene()
        let tapTarget = Target()
        other.attach(TapGestureRecognizer(target: tapTarget, action: "pan"), to: other.yellow, as: "tap")
        try other.app.frame(2, began(3, 100, 100))
        try other.app.frame(2.1, moved(3, 150, 100))
        #expect(other.log.recognizerLines == ["tap failed"])
        #expect(tapTarget.states.isEmpty, "no action on failed")
    }

    // MARK: f. cancelsTouchesInView

    @Test func fOnlyViewsThatGotTouchesBeganGetTouchesCancelled() throws {
        scene.yellow.isMultipleTouchEnabled = false
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        _ = pan
        // Touch 2 is refused by the single-touch yellow view: it must not get a cancel for it.
        try scene.app.frame(0, began(1, 100, 100), began(2, 110, 100))
        try scene.app.frame(0.1, moved(1, 130, 100), moved(2, 140, 100))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "pan began", "yellow touchesCancelled 1"])
        try scene.app.frame(0.2, moved(1, 150, 100), moved(2, 160, 100))
        try scene.app.frame(0.3, ended(1, 150, 100), ended(2, 160, 100))
        #expect(scene.log.lines.suffix(2) == ["pan changed", "pan ended"], "the view gets nothing more")
    }

    @Test func fATouchJoiningABegunRecognizerNeverReachesItsView() throws {
        scene.yellow.isMultipleTouchEnabled = true
        scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, moved(1, 130, 100))
        try scene.app.frame(0.2, began(2, 150, 150))
        try scene.app.frame(0.3, ended(1, 130, 100), ended(2, 150, 150))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "pan began", "yellow touchesCancelled 1", "pan ended"])
    }

    // MARK: g. delaysTouchesBegan

    @Test func gAFailureReleasesTheBeganAndOneMoveInThatFrame() throws {
        let tap = scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        tap.delaysTouchesBegan = true
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.05, moved(1, 105, 100))
        #expect(scene.log.lines.isEmpty)
        let probe = PhaseProbe()
        scene.yellow.onCall = { probe.phases.append($0) }
        try scene.app.frame(0.1, moved(1, 120, 100))
        #expect(scene.log.lines == ["tap failed", "yellow touchesBegan 1", "yellow touchesMoved 1"])
        #expect(probe.phases == [.began, .moved], "each released call shows its own phase")
        try scene.app.frame(0.2, ended(1, 120, 100))
        #expect(scene.log.lines.last == "yellow touchesEnded 1")
    }

    @Test func gAFailureInATimerFrameReleasesInThatFrame() throws {
        let tap = scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        tap.delaysTouchesBegan = true
        try scene.app.frame(0, began(1, 100, 100))
        let probe = PhaseProbe()
        scene.yellow.onCall = { [unowned app = scene.app] _ in probe.times.append(app.time) }
        try scene.app.advance(to: 3)
        #expect(scene.log.lines == ["tap failed", "yellow touchesBegan 1"])
        #expect(probe.times == [1.5], "delivered in the timer's frame, at its due time")
    }

    @Test func gAReleaseIsSkippedWhenAnotherRecognizerCancelledTheTouch() throws {
        let delaying = scene.attach(TapGestureRecognizer(), to: scene.white, as: "delaying")
        delaying.delaysTouchesBegan = true
        let pan = scene.attach(PanGestureRecognizer(), to: scene.yellow, as: "pan")
        pan.cancelsTouchesInView = true
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, moved(1, 130, 100))
        try scene.app.frame(0.2, ended(1, 130, 100))
        #expect(scene.log.lines == ["pan began", "delaying failed", "pan ended"], "the view never hears of it")
    }

    @Test func gWithheldTouchesAreDroppedWhenTheRecognizerBeginsEvenWithoutCancelling() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        pan.delaysTouchesBegan = true
        pan.cancelsTouchesInView = false
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, moved(1, 130, 100))
        try scene.app.frame(0.2, moved(1, 140, 100))
        try scene.app.frame(0.3, ended(1, 140, 100))
        #expect(scene.log.lines == ["pan began", "pan changed", "pan ended"],
                "the view never hears of a touch whose began was withheld (Behaviour A4 g)")
        try scene.tap(2, at: 100, 100, from: 1, to: 1.1)
        #expect(scene.log.lines.suffix(3) == ["pan failed", "yellow touchesBegan 2", "yellow touchesEnded 2"],
                "a failed pan releases the began with the end in the same step 5")
    }

    // MARK: h. delaysTouchesEnded

    @Test func hTheEndIsWithheldWhileARecognizerIsPossible() throws {
        let double = scene.attach(TapGestureRecognizer(), to: scene.white, as: "double")
        double.numberOfTapsRequired = 2
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.log.lines == ["yellow touchesBegan 1"])
        try scene.app.advance(to: 1)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "double failed", "yellow touchesEnded 1"])
    }

    @Test func hWithoutDelayingTheEndGoesAtOnce() throws {
        let double = scene.attach(TapGestureRecognizer(), to: scene.white, as: "double")
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = false
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesEnded 1"])
        try scene.tap(2, at: 100, 100, from: 0.2, to: 0.3)
        #expect(scene.log.lines.suffix(3) == ["yellow touchesBegan 2", "double recognized", "yellow touchesCancelled 2"],
                "touch 1 already ended in the view: it is not cancelled")
    }

    @Test func hAWithheldEndBecomesTouchesEndedWhenRecognizedWithoutCancelling() throws {
        let double = scene.attach(TapGestureRecognizer(), to: scene.white, as: "double")
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = false
        try scene.tap(1, at: 100, 100, from: 0, to: 0.1)
        try scene.tap(2, at: 100, 100, from: 0.2, to: 0.3)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesBegan 2", "double recognized",
                                    "yellow touchesEnded 1,2"])
    }

    // MARK: i. isEnabled

    @Test func iDisablingCancelsABegunRecognizerAndFailsAPossibleOne() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        let tap = scene.attach(TapGestureRecognizer(), to: scene.yellow, as: "tap")
        tap.cancelsTouchesInView = false
        var actions: [GestureRecognizer.State] = []
        pan.addTarget { actions.append($0.state) }
        try scene.app.frame(0, began(1, 100, 100))
        tap.isEnabled = false
        #expect(tap.state == .possible, "it failed, then reset at once")
        try scene.app.frame(0.1, moved(1, 105, 100))
        try scene.app.frame(0.2, moved(1, 130, 100))
        pan.isEnabled = false
        #expect(actions == [.began, .cancelled])
        try scene.app.frame(0.3, moved(1, 150, 100))
        try scene.app.frame(0.4, ended(1, 150, 100))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "tap failed", "yellow touchesMoved 1", "pan began",
                                    "yellow touchesCancelled 1", "pan cancelled"])
    }

    @Test func iADisabledRecognizerReceivesNothing() throws {
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        recognizer.isEnabled = false
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(recognizer.received.isEmpty)
        recognizer.isEnabled = true
        try scene.tap(2, at: 100, 100, from: 1, to: 1.1)
        #expect(recognizer.received == ["began", "ended"])
    }

    // MARK: j. Cancelled input

    @Test func jACancelledTouchFailsAPossibleRecognizerAndCancelsABegunOne() throws {
        scene.yellow.isMultipleTouchEnabled = true
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        let custom = scene.attach(ScriptedRecognizer(), to: scene.yellow, as: "custom", touches: true)
        let delegate = ScriptedDelegate()
        delegate.simultaneousWith = [custom]
        pan.delegate = delegate
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, moved(1, 130, 100))
        try scene.app.frame(0.2, cancelled(1))
        #expect(pan.state == .possible && custom.state == .possible, "both reset")
        #expect(scene.log.lines == ["custom touchesBegan 1", "yellow touchesBegan 1",
                                    "custom touchesMoved 1", "pan began", "yellow touchesCancelled 1",
                                    "custom touchesCancelled 1", "custom failed", "pan cancelled"])
    }
}

/// What a logged view's calls showed.
final class PhaseProbe {
    var phases: [Touch.Phase] = []
    var times: [Double] = []
}
