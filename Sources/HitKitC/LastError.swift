// hk_last_error_message: the message of the calling thread's last failed call, kept in the
// thread's dictionary so that threads using different stores never see each other's errors.

import Foundation

/// A malloc'd C copy of a message, freed when the next failure replaces it.
private final class MessageBuffer: NSObject {
    let pointer: UnsafeMutablePointer<CChar>

    init(_ message: String) {
        pointer = strdup(message)!
    }

    deinit { free(pointer) }
}

enum LastError {
    private static let key = "HitKitC.lastErrorMessage"

    static func set(_ message: String) {
        Thread.current.threadDictionary[key] = MessageBuffer(message)
    }

    static var pointer: UnsafePointer<CChar>? {
        (Thread.current.threadDictionary[key] as? MessageBuffer).map { UnsafePointer($0.pointer) }
    }
}

/// C strings for constant Swift strings (status and event names), made once and never freed.
enum StaticStrings {
    private static let table = StringTable()

    static func pointer(for string: String) -> UnsafePointer<CChar> {
        table.pointer(for: string)
    }
}

private final class StringTable: @unchecked Sendable {
    private let lock = NSLock()
    private var pointers: [String: UnsafeMutablePointer<CChar>] = [:]

    func pointer(for string: String) -> UnsafePointer<CChar> {
        lock.lock()
        defer { lock.unlock() }
        if let existing = pointers[string] { return UnsafePointer(existing) }
        let copy = strdup(string)!
        pointers[string] = copy
        return UnsafePointer(copy)
    }
}

@_cdecl("hk_last_error_message")
public func hk_last_error_message() -> UnsafePointer<CChar> {
    LastError.pointer ?? StaticStrings.pointer(for: "")
}
