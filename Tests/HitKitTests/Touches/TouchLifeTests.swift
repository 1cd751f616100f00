import Testing
@testable import HitKit

/// A reused touch must start exactly as a new one: both go through `Touch.Life`'s one
/// initializer. These tests fail if a field is left stale on reuse, or if a field is stored on
/// the touch outside its life (where a reuse would not reach it).
@Suite struct TouchLifeTests {
    let app = Application()
    let firstWindow: Window, secondWindow: Window
    let oldView: View, newView: View

    init() {
        firstWindow = Window(frame: Rect(0, 0, 400, 400), in: app)
        secondWindow = Window(frame: Rect(0, 0, 400, 400), in: app)
        oldView = View(frame: Rect(0, 0, 100, 100), in: app)
        newView = View(frame: Rect(0, 0, 100, 100), in: app)
        firstWindow.addSubview(oldView)
        secondWindow.addSubview(newView)
        oldView.addGestureRecognizer(GestureRecognizer())
    }

    /// Every stored value of `value`, by path: structs are walked into, anything else is described.
    private func leaves(of value: Any, at path: String = "") -> [String: String] {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct, !mirror.children.isEmpty else { return [path: describe(value)] }
        var result: [String: String] = [:]
        for (index, child) in mirror.children.enumerated() {
            result.merge(leaves(of: child.value, at: path + "." + (child.label ?? "\(index)"))) { $1 }
        }
        return result
    }

    /// A value's description; an object (a view, a window) by its identity.
    private func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.map { describe($0.value) } ?? "nil" }
        if type(of: value) is AnyObject.Type { return "\(type(of: value)) \(ObjectIdentifier(value as AnyObject))" }
        return String(describing: value)
    }

    /// A touch with every field moved away from what a new touch starts with.
    private func usedTouch() -> Touch {
        let touch = Touch(id: 1, at: Point(10, 10), time: 0, view: oldView, tapCount: 1, sequence: 0)
        touch.phase = .ended
        touch.timestamp = 5
        touch.tapCount = 3
        touch.window = firstWindow
        touch.force = 2
        touch.maximumPossibleForce = 4
        touch.majorRadius = 3
        touch.majorRadiusTolerance = 1
        touch.frameSamples = [TouchSample(timestamp: 4, location: Point(20, 20))]
        touch.framePredictedSamples = [TouchSample(timestamp: 6, location: Point(30, 30))]
        touch.screenLocation = Point(20, 20)
        touch.previousScreenLocation = Point(15, 15)
        touch.buttonMaskAtBegan = .primary
        touch.transition(to: .refused)
        touch.isRegistered = true
        touch.isCountedForAdmission = true
        touch.isChangedThisFrame = true
        touch.arenaStamp = 7
        touch.isQueuedForCancel = true
        touch.movedWhileWithheld = true
        touch.recordRoute(from: oldView, to: firstWindow)
        return touch
    }

    @Test func everyFieldOfATouchIsInItsLife() {
        let touch = Touch(id: 1, at: Point(10, 10), time: 0, view: oldView, tapCount: 1, sequence: 0)
        #expect(Mirror(reflecting: touch).children.map(\.label) == ["life"],
                "a field stored outside `Touch.Life` would survive a reuse")
    }

    @Test func theUsedTouchDiffersFromANewOneInEveryField() {
        // Guards the next test: a field this test does not move would go unchecked there.
        let used = leaves(of: usedTouch().life)
        let fresh = leaves(of: Touch(id: 2, at: Point(50, 50), time: 1, view: newView, tapCount: 1, sequence: 9).life)
        #expect(used.keys.sorted() == fresh.keys.sorted())
        for (path, value) in fresh {
            #expect(used[path] != value, "usedTouch() leaves \(path) as a new touch has it: move it too")
        }
    }

    @Test func aReusedTouchEqualsANewOneInEveryField() {
        let reused = usedTouch()
        reused.reuse(id: 2, at: Point(50, 50), time: 1, view: newView, tapCount: 1, sequence: 9)
        let fresh = Touch(id: 2, at: Point(50, 50), time: 1, view: newView, tapCount: 1, sequence: 9)
        let reusedLeaves = leaves(of: reused.life), freshLeaves = leaves(of: fresh.life)
        for (path, value) in freshLeaves {
            #expect(reusedLeaves[path] == value, "\(path) is left stale on reuse")
        }
        #expect(reused.view === newView && reused.window === secondWindow && reused.isIn(secondWindow))
    }
}
