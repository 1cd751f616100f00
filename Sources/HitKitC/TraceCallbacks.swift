// The decision trace for C: hk_app_set_trace_callback hands each TraceRecord of an app to a C
// callback as an hk_trace_record, and HITKIT_TRACE=1 in the environment makes every app write
// the records' text to standard error (as GDK_DEBUG does for GTK), with no code changed.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CHitKit
import HitKit
import HitTestCore

/// `hk_trace_callback`: receives an `hk_trace_record *` and the user data.
public typealias TraceCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void

@_cdecl("hk_app_set_trace_callback")
public func hk_app_set_trace_callback(_ app: UnsafeMutableRawPointer?, _ callback: TraceCallback?,
                                      _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        // The observer holds the user data, so it is let go (its destroy notified) when the
        // callback is replaced or cleared, or with the app's application.
        let owner = box.ownerTag, keyboard = box.keyboard, delivery = box.delivery
        let token = callback.map { callback in
            let userData = UserData(userData, destroy: destroy)
            return box.application.observeTrace { record in
                keyboard.traceKey = record.key  // for hk_app_trace_key during the callback
                defer { keyboard.traceKey = nil }
                delivery.callingOut { withCTraceRecord(record, of: owner) { callback($0, userData.pointer) } }
            }
        }
        traceCallbacks.replace(for: box, with: token)
    }
}

/// The C trace observation of each live app, to cancel when hk_app_set_trace_callback replaces it.
final class TraceCallbacks: @unchecked Sendable {
    private struct Entry {
        weak var box: AppBox?
        let token: ObservationToken
    }

    private let lock = Lock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func replace(for box: AppBox, with token: ObservationToken?) {
        let previous: ObservationToken? = lock.withLock {
            // Entries of apps gone since (their observers went with them) are dropped here.
            entries = entries.filter { $0.value.box != nil }
            let previous = entries[ObjectIdentifier(box)]?.token
            entries[ObjectIdentifier(box)] = token.map { Entry(box: box, token: $0) }
            return previous
        }
        previous?.cancel()
    }
}

let traceCallbacks = TraceCallbacks()

/// Called for each app made (hk_app_create, hk_scene_load...): with HITKIT_TRACE=1 in the
/// environment, the app writes each trace record's text to standard error, one line each.
func traceToStandardErrorIfAsked(_ application: Application) {
    guard let value = getenv("HITKIT_TRACE"), String(cString: value) == "1" else { return }
    application.observeTrace { record in
        // One write per line, unbuffered: lines from several apps or threads never interleave.
        var line = record.text + "\n"
        line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// Calls `body` with the hk_trace_record of `record` of an app's: its strings and causes live
/// until `body` returns.
private func withCTraceRecord(_ record: TraceRecord, of owner: OwnerTag, _ body: (UnsafeRawPointer) -> Void) {
    var strings = CStrings()
    defer { strings.release() }
    let causes = record.causes.map { hk_trace_cause(name: strings.copy($0.name), value: $0.value) }
    causes.withUnsafeBufferPointer { causes in
        let value = hk_trace_record(
            kind: traceKind(record.kind), kind_name: strings.copy(record.kind.rawValue), timestamp: record.time,
            has_touch: record.touch == nil ? 0 : 1, touch_id: Int64(record.touch ?? 0),
            view: viewHandle(record.view, of: owner), view_name: strings.copy(record.view?.name),
            recognizer: Int32(clamping: record.recognizer?.number ?? 0), recognizer_name: strings.copy(record.recognizer?.name),
            other_recognizer: Int32(clamping: record.otherRecognizer?.number ?? 0),
            other_recognizer_name: strings.copy(record.otherRecognizer?.name),
            control: viewHandle(record.control, of: owner), control_name: strings.copy(record.control?.name),
            causes: causes.baseAddress, cause_count: Int32(causes.count),
            message: strings.copy(record.message), text: strings.copy(record.text))
        withCValue(value, body)
    }
}

/// The view handle of a record's view or control, whose number is the packed ViewID (row index
/// in the high 32 bits, generation in the low ones), encoded for C as every handle the app's
/// callbacks get. `hk_no_view()` for none.
private func viewHandle(_ subject: TraceRecord.Subject?, of owner: OwnerTag) -> hk_view {
    owner.handle(subject.map { ViewID(index: Int32(truncatingIfNeeded: $0.number >> 32), generation: UInt32(truncatingIfNeeded: $0.number)) })
}

/// C copies of strings, freed together once the callback returned.
private struct CStrings {
    private var copies: [UnsafeMutablePointer<CChar>] = []

    mutating func copy(_ string: String?) -> UnsafePointer<CChar>? {
        guard let string, let copy = strdup(string) else { return nil }
        copies.append(copy)
        return UnsafePointer(copy)
    }

    func release() {
        for copy in copies { free(copy) }
    }
}

/// The `HK_TRACE_` code of a kind.
private func traceKind(_ kind: TraceRecord.Kind) -> Int32 {
    let code = switch kind {
    case .hitTestBegan: HK_TRACE_HIT_TEST
    case .windowTried: HK_TRACE_WINDOW
    case .viewSkipped: HK_TRACE_SKIPPED
    case .viewOutside: HK_TRACE_OUTSIDE
    case .viewOverride: HK_TRACE_OVERRIDE
    case .viewPassedThrough: HK_TRACE_PASS_THROUGH
    case .viewRedirected: HK_TRACE_REDIRECT
    case .hitTestEnded: HK_TRACE_HIT
    case .recognizerCollected: HK_TRACE_COLLECTED
    case .recognizerFiltered: HK_TRACE_FILTERED
    case .stateChanged: HK_TRACE_STATE
    case .recognizerWaiting: HK_TRACE_WAITING
    case .touchWithheld: HK_TRACE_WITHHELD
    case .touchReleased: HK_TRACE_RELEASED
    case .touchCancelledInView: HK_TRACE_CANCELLED_IN_VIEW
    case .controlTrackingBegan: HK_TRACE_TRACKING_BEGAN
    case .controlTrackingEnded: HK_TRACE_TRACKING_ENDED
    case .controlPrevented: HK_TRACE_CONTROL_PREVENTED
    case .pointerRouted: HK_TRACE_POINTER
    case .scrollRouted: HK_TRACE_SCROLL
    case .scrollStopped: HK_TRACE_SCROLL_STOPPED
    case .zoomBegan: HK_TRACE_ZOOM_BEGAN
    case .zoomLimited: HK_TRACE_ZOOM_LIMITED
    case .zoomEnded: HK_TRACE_ZOOM_ENDED
    case .zoomStopped: HK_TRACE_ZOOM_STOPPED
    case .panVelocity: HK_TRACE_PAN_VELOCITY
    case .keyTarget: HK_TRACE_KEY_TARGET
    case .pressRoute: HK_TRACE_PRESS_ROUTE
    case .keyCommandSkipped: HK_TRACE_KEY_COMMAND_SKIPPED
    case .keyCommandPerformed: HK_TRACE_KEY_COMMAND
    case .keyRepeat: HK_TRACE_KEY_REPEAT
    case .pressCancelled: HK_TRACE_PRESS_CANCELLED
    case .focusCandidates: HK_TRACE_FOCUS_CANDIDATES
    case .focusChanged: HK_TRACE_FOCUS
    case .focusNotMoved: HK_TRACE_FOCUS_NOT_MOVED
    case .controlActivated: HK_TRACE_ACTIVATED
    case .keyUnhandled: HK_TRACE_KEY_UNHANDLED
    case .menuAsked: HK_TRACE_MENU_ASKED
    case .menuShown: HK_TRACE_MENU_SHOWN
    case .dragLift: HK_TRACE_LIFT
    case .dragSession: HK_TRACE_SESSION
    case .dropTarget: HK_TRACE_DROP_TARGET
    }
    return Int32(code)
}
