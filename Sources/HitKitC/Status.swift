// The C API's status codes (hk_status in include/hitkit.h) and the failure every entry point
// catches before it returns: no Swift error or precondition may cross the C boundary.

import HitTestCore

/// The `HK_` status codes, as include/hitkit.h numbers them.
enum Status: Int32 {
    case ok = 0
    case invalidArgument = 1
    case staleHandle = 2
    case cycle = 3
    case windowAsSubview = 4
    case notAWindow = 5
    case notASubview = 6
    case indexOutOfRange = 7
    case unrelatedViews = 8
    case notInWindow = 9
    case busy = 10
    case badInput = 11
    case scene = 12
    case notFound = 13
    case limit = 14
    case wrongThread = 15
    case foreignHandle = 16

    /// The C constant's name, for `hk_status_name` and messages.
    var name: String {
        switch self {
        case .ok: "HK_OK"
        case .invalidArgument: "HK_ERR_INVALID_ARGUMENT"
        case .staleHandle: "HK_ERR_STALE_HANDLE"
        case .cycle: "HK_ERR_CYCLE"
        case .windowAsSubview: "HK_ERR_WINDOW_AS_SUBVIEW"
        case .notAWindow: "HK_ERR_NOT_A_WINDOW"
        case .notASubview: "HK_ERR_NOT_A_SUBVIEW"
        case .indexOutOfRange: "HK_ERR_INDEX_OUT_OF_RANGE"
        case .unrelatedViews: "HK_ERR_UNRELATED_VIEWS"
        case .notInWindow: "HK_ERR_NOT_IN_WINDOW"
        case .busy: "HK_ERR_BUSY"
        case .badInput: "HK_ERR_BAD_INPUT"
        case .scene: "HK_ERR_SCENE"
        case .notFound: "HK_ERR_NOT_FOUND"
        case .limit: "HK_ERR_LIMIT"
        case .wrongThread: "HK_ERR_WRONG_THREAD"
        case .foreignHandle: "HK_ERR_FOREIGN_HANDLE"
        }
    }
}

/// Why a C call failed: its status code and the message `hk_last_error_message` returns.
struct CFailure: Error {
    let status: Status
    let message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The engine's refusals, mapped one to one onto status codes.
    init(_ error: ViewStoreError) {
        let status: Status = switch error {
        case .staleHandle: .staleHandle
        case .cycle: .cycle
        case .windowCannotBeSubview: .windowAsSubview
        case .notAWindow: .notAWindow
        case .notASubview: .notASubview
        case .indexOutOfRange: .indexOutOfRange
        case .unrelatedViews: .unrelatedViews
        case .notInWindow: .notInWindow
        case .editDuringHitTest: .busy
        }
        self.init(status, error.description)
    }
}

/// Runs the body of an entry point: returns HK_OK, or records the failure as the thread's last
/// error and returns its code. The outermost call on a thread then runs the destroy
/// notifications its work queued (UserData.swift).
func guarded(_ body: () throws(CFailure) -> Void) -> Int32 {
    CallDepth.entering {
        do throws(CFailure) {
            try body()
            if let failure = ViewHandles.failure() { throw failure }
            return Status.ok.rawValue
        } catch {
            // A foreign handle the engine refused as a missing row is reported as what it is.
            let failure = ViewHandles.failure() ?? error
            LastError.set(failure.message)
            return failure.status.rawValue
        }
    }
}

/// Runs an engine call, translating its typed error.
func engine<T>(_ body: () throws(ViewStoreError) -> T) throws(CFailure) -> T {
    do {
        return try body()
    } catch {
        throw CFailure(error)
    }
}

@_cdecl("hk_status_name")
public func hk_status_name(_ status: Int32) -> UnsafePointer<CChar> {
    StaticStrings.pointer(for: Status(rawValue: status)?.name ?? "HK_UNKNOWN")
}
