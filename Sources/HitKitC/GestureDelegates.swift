// hk_gesture_set_delegate: a recognizer's delegate in C (UIKit's UIGestureRecognizerDelegate,
// Behaviour A4): should begin, should receive a touch, simultaneous recognition, and failure
// requirements both ways. A NULL function keeps the default answer. Recognizers the app did not
// hand out yet (the other side of a question) get a handle of the app as they are asked about.

import HitKit
import HitTestCore

/// `int (*)(hk_app *, hk_gesture, void *)`: should begin.
public typealias GestureQuestion = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32
/// `int (*)(hk_app *, hk_gesture, hk_gesture other, void *)`: simultaneity and failure requirements.
public typealias GesturePairQuestion = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
/// `int (*)(hk_app *, hk_gesture, int64_t touch_id, double x, double y, void *)`: should receive
/// a touch, at a screen location.
public typealias GestureTouchQuestion = @convention(c) (UnsafeMutableRawPointer?, Int32, Int64, Double, Double,
                                                        UnsafeMutableRawPointer?) -> Int32

/// The C functions of one delegate.
struct GestureDelegateFunctions {
    var shouldBegin: GestureQuestion?
    var shouldReceive: GestureTouchQuestion?
    var simultaneous: GesturePairQuestion?
    var requiresFailureOf: GesturePairQuestion?
    var requiredToFailBy: GesturePairQuestion?
}

/// A recognizer delegate answering with C functions; NULL ones give the protocol's defaults.
final class CGestureDelegate: GestureRecognizerDelegate {
    let functions: GestureDelegateFunctions
    let userData: UserData
    /// The app's C handle (`hk_app *`) and its box, held weakly: the app owns this delegate.
    let appPointer: UnsafeMutableRawPointer
    weak var box: AppBox?

    init(_ functions: GestureDelegateFunctions, userData: UserData, box: AppBox, appPointer: UnsafeMutableRawPointer) {
        self.functions = functions
        self.userData = userData
        self.box = box
        self.appPointer = appPointer
    }

    /// The recognizer's handle, given now if C has not seen it yet; nil once the app has given
    /// out every recognizer handle (or is gone), and the question gets its default answer.
    private func handle(_ recognizer: GestureRecognizer) -> Int32? { try? box?.register(recognizer) }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let ask = functions.shouldBegin, let handle = handle(gestureRecognizer) else { return true }
        return callingOut { ask(appPointer, handle, userData.pointer) } != 0
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let ask = functions.shouldReceive, let handle = handle(gestureRecognizer) else { return true }
        let inWindow = touch.location(in: nil)
        let screen = touch.window?.convertToScreen(inWindow) ?? inWindow
        return callingOut { ask(appPointer, handle, Int64(touch.id), screen.x, screen.y, userData.pointer) } != 0
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        pair(functions.simultaneous, gestureRecognizer, other)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        pair(functions.requiresFailureOf, gestureRecognizer, other)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        pair(functions.requiredToFailBy, gestureRecognizer, other)
    }

    private func pair(_ ask: GesturePairQuestion?, _ recognizer: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        guard let ask, let first = handle(recognizer), let second = handle(other) else { return false }
        return callingOut { ask(appPointer, first, second, userData.pointer) } != 0
    }

    private func callingOut(_ body: () -> Int32) -> Int32 {
        guard let box else { return body() }
        return box.delivery.callingOut(body)
    }
}

@_cdecl("hk__gesture_set_delegate")
public func hk__gesture_set_delegate(_ app: UnsafeMutableRawPointer?, _ handle: Int32,
                                     _ shouldBegin: GestureQuestion?, _ shouldReceive: GestureTouchQuestion?,
                                     _ simultaneous: GesturePairQuestion?, _ requiresFailureOf: GesturePairQuestion?,
                                     _ requiredToFailBy: GesturePairQuestion?,
                                     _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), entry = try box.gesture(handle)
        let functions = GestureDelegateFunctions(shouldBegin: shouldBegin, shouldReceive: shouldReceive,
                                                 simultaneous: simultaneous, requiresFailureOf: requiresFailureOf,
                                                 requiredToFailBy: requiredToFailBy)
        let delegate = CGestureDelegate(functions, userData: UserData(userData, destroy: destroy), box: box, appPointer: app!)
        entry.recognizer.delegate = delegate
        box.gestures.delegates[handle] = delegate
    }
}

@_cdecl("hk_gesture_clear_delegate")
public func hk_gesture_clear_delegate(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), entry = try box.gesture(handle)
        if let delegate = box.gestures.delegates.removeValue(forKey: handle), entry.recognizer.delegate === delegate {
            entry.recognizer.delegate = nil
        }
    }
}
