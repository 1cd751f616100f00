// The C API's status codes (hk_status in include/hitkit.h) and the failure every entry point
// catches before it returns: no Swift error or precondition may cross the C boundary.

import CHitKit
import HitTestCore

/// The `HK_` status codes of include/hitkit.h: each case's code and name come from the header.
enum Status: CaseIterable {
    case ok
    case invalidArgument
    case staleHandle
    case cycle
    case windowAsSubview
    case notAWindow
    case notASubview
    case indexOutOfRange
    case unrelatedViews
    case notInWindow
    case busy
    case badInput
    case scene
    case notFound
    case limit
    case wrongThread
    case foreignHandle

    /// The header's value for the status.
    var code: Int32 {
        let value = switch self {
        case .ok: HK_OK
        case .invalidArgument: HK_ERR_INVALID_ARGUMENT
        case .staleHandle: HK_ERR_STALE_HANDLE
        case .cycle: HK_ERR_CYCLE
        case .windowAsSubview: HK_ERR_WINDOW_AS_SUBVIEW
        case .notAWindow: HK_ERR_NOT_A_WINDOW
        case .notASubview: HK_ERR_NOT_A_SUBVIEW
        case .indexOutOfRange: HK_ERR_INDEX_OUT_OF_RANGE
        case .unrelatedViews: HK_ERR_UNRELATED_VIEWS
        case .notInWindow: HK_ERR_NOT_IN_WINDOW
        case .busy: HK_ERR_BUSY
        case .badInput: HK_ERR_BAD_INPUT
        case .scene: HK_ERR_SCENE
        case .notFound: HK_ERR_NOT_FOUND
        case .limit: HK_ERR_LIMIT
        case .wrongThread: HK_ERR_WRONG_THREAD
        case .foreignHandle: HK_ERR_FOREIGN_HANDLE
        }
        return Int32(value)
    }

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

    /// The status with a C code, if the header has it.
    init?(code: Int32) {
        guard let status = Status.allCases.first(where: { $0.code == code }) else { return nil }
        self = status
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
        case .staleHandle, .madeAfterSnapshot: .staleHandle
        case .cycle: .cycle
        case .windowCannotBeSubview: .windowAsSubview
        case .notAWindow: .notAWindow
        case .notASubview: .notASubview
        case .indexOutOfRange: .indexOutOfRange
        case .unrelatedViews: .unrelatedViews
        case .notInWindow: .notInWindow
        case .editDuringHitTest: .busy
        case .tooManyViews: .limit
        }
        self.init(status, error.description)
    }
}

@_cdecl("hk_status_name")
public func hk_status_name(_ status: Int32) -> UnsafePointer<CChar> {
    StaticStrings.pointer(for: Status(code: status)?.name ?? "HK_UNKNOWN")
}
