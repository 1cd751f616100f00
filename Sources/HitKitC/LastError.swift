// hk_last_error_message: the message of the calling thread's last failed call, kept in a pthread
// key so that threads using different stores never see each other's errors.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum LastError {
    /// The per-thread slot holding a malloc'd copy of the message; the key's destructor frees it
    /// when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { message in free(message) }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    static func set(_ message: String) {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(previous)
    }

    static var pointer: UnsafePointer<CChar>? {
        pthread_getspecific(key).map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) }
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
    private let lock = Lock()
    private var pointers: [String: UnsafeMutablePointer<CChar>] = [:]

    func pointer(for string: String) -> UnsafePointer<CChar> {
        lock.withLock {
            if let existing = pointers[string] { return UnsafePointer(existing) }
            let copy = strdup(string)!
            pointers[string] = copy
            return UnsafePointer(copy)
        }
    }
}

@_cdecl("hk_last_error_message")
public func hk_last_error_message() -> UnsafePointer<CChar> {
    LastError.pointer ?? StaticStrings.pointer(for: "")
}
