// Counts heap allocations made by this process, so a benchmark (or `hitkit bench`) can show
// that a hit-test query allocates nothing.
//
// How: every loaded library (the Swift runtime, Foundation, libdispatch, …) calls `malloc` and
// friends through its global offset table. `ImportPatcher` rewrites those table entries to point
// at the counting functions below, which bump a counter and forward to glibc's own allocator
// (`__libc_malloc` and friends, which glibc exports for exactly this kind of wrapper). Swift's
// allocations all go through `swift_slowAlloc`/`swift_allocObject` in libswiftCore, so arrays,
// class instances, closure contexts, boxes and `UnsafeMutablePointer.allocate` are all counted.
// `free` is not wrapped: the memory comes from glibc's allocator, so glibc's `free` is right.
//
// Why not simply define `malloc` in the executable? The linker does not export it from a Swift
// executable unless it is linked with `--export-dynamic`, so the libraries would never call it.
// Why not `mallinfo2()`? It reports bytes in use, not a count: a query that allocates and frees
// a buffer leaves it unchanged.

#if canImport(Glibc)
import Glibc
import Synchronization

/// Every allocation call seen since the hooks were installed.
let allocationCalls = Atomic<Int>(0)

// glibc's allocator entry points, called directly (they take plain integer and pointer
// arguments, which Swift passes in the same registers as C).
@_silgen_name("__libc_malloc") private func libcMalloc(_ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_calloc") private func libcCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_realloc")
private func libcRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_memalign")
private func libcMemalign(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer?

@_silgen_name("backtrace")
private func backtrace(_ buffer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ size: Int32) -> Int32
@_silgen_name("backtrace_symbols_fd")
private func backtraceSymbols(_ buffer: UnsafePointer<UnsafeMutableRawPointer?>, _ size: Int32, _ fd: Int32)

/// With `HITKIT_ALLOCATION_BACKTRACES` set, each allocation inside ``AllocationCounter/count(_:)``
/// prints its call stack to standard error (unsymbolized frames: pipe through `swift demangle`),
/// to find where a row allocates.
nonisolated(unsafe) private var printsBacktraces = false
nonisolated(unsafe) private var insideBacktrace = false
nonisolated(unsafe) private var backtraceFrames = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 24)

private func noteAllocation() {
    allocationCalls.add(1, ordering: .relaxed)
    guard printsBacktraces, !insideBacktrace else { return }
    insideBacktrace = true
    let count = backtrace(backtraceFrames, 24)
    let marker = "--- allocation\n"
    _ = marker.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    backtraceSymbols(backtraceFrames, count, 2)
    insideBacktrace = false
}

private let countingMalloc: @convention(c) (Int) -> UnsafeMutableRawPointer? = { size in
    noteAllocation()
    return libcMalloc(size)
}
private let countingCalloc: @convention(c) (Int, Int) -> UnsafeMutableRawPointer? = { count, size in
    noteAllocation()
    return libcCalloc(count, size)
}
private let countingRealloc: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer? = {
    pointer, size in
    noteAllocation()
    return libcRealloc(pointer, size)
}
private let countingMemalign: @convention(c) (Int, Int) -> UnsafeMutableRawPointer? = { alignment, size in
    noteAllocation()
    return libcMemalign(alignment, size)
}
private let countingPosixMemalign: @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int, Int)
    -> Int32 = { result, alignment, size in
    noteAllocation()
    guard let memory = libcMemalign(alignment, size) else { return ENOMEM }
    result?.pointee = memory
    return 0
}
#endif

/// Installs the counting allocator hooks and measures allocation calls.
public enum AllocationCounter {
    /// Whether a sanitizer's allocator (AddressSanitizer's, ThreadSanitizer's, …) serves this
    /// process. The hooks cannot count there: they hand out glibc's memory, which the sanitizer's
    /// `free` would then be given (a bad free), so ``install()`` leaves the process alone.
    public static var sanitizerAllocatorIsPresent: Bool {
        #if canImport(Glibc)
        // Every sanitizer runtime with its own allocator exports this interface function.
        dlsym(nil, "__sanitizer_get_allocated_size") != nil
        #else
        false
        #endif
    }

    /// Installs the hooks once; returns how many import slots were redirected (0 when this
    /// platform has no hook or a sanitizer's allocator serves the process, and then
    /// ``count(_:)`` returns `nil`).
    public static func install() -> Int {
        #if canImport(Glibc)
        guard !sanitizerAllocatorIsPresent else { return 0 }
        let replacements: [String: UnsafeRawPointer] = [
            "malloc": unsafeBitCast(countingMalloc, to: UnsafeRawPointer.self),
            "calloc": unsafeBitCast(countingCalloc, to: UnsafeRawPointer.self),
            "realloc": unsafeBitCast(countingRealloc, to: UnsafeRawPointer.self),
            "memalign": unsafeBitCast(countingMemalign, to: UnsafeRawPointer.self),
            "aligned_alloc": unsafeBitCast(countingMemalign, to: UnsafeRawPointer.self),
            "posix_memalign": unsafeBitCast(countingPosixMemalign, to: UnsafeRawPointer.self),
        ]
        // Initialize the counter before any hook can run, so no hook takes a lazy-init path.
        _ = allocationCalls.load(ordering: .relaxed)
        installedSlots = ImportPatcher.redirect(replacements)
        return installedSlots
        #else
        return 0
        #endif
    }

    nonisolated(unsafe) private static var installedSlots = 0
    #if canImport(Glibc)
    private static let wantsBacktraces: Bool = {
        guard getenv("HITKIT_ALLOCATION_BACKTRACES") != nil else { return false }
        // The first call loads the unwinder, which allocates: done here, outside any count.
        var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 4)
        _ = backtrace(&frames, 4)
        return true
    }()
    #endif

    /// The allocation calls `body` makes, or `nil` when the hooks are not installed.
    public static func count(_ body: () -> Void) -> Int? {
        #if canImport(Glibc)
        guard installedSlots > 0 else { body(); return nil }
        let before = allocationCalls.load(ordering: .relaxed)
        printsBacktraces = wantsBacktraces
        body()
        printsBacktraces = false
        return allocationCalls.load(ordering: .relaxed) - before
        #else
        body()
        return nil
        #endif
    }

    /// A control measurement: `n` array allocations must be seen as at least `n` calls, and an
    /// arithmetic loop as none. Returns a line for the report, and whether the counter works.
    public static func selfCheck() -> (works: Bool, summary: String) {
        let n = 1_000
        var sink = 0
        let arrays = count {
            for i in 0..<n {
                let array = [Int](repeating: i, count: 8 + i % 5)
                sink &+= array[array.count - 1]
            }
        }
        let arithmetic = count {
            for i in 0..<n { sink &+= i &* 31 }
        }
        blackHole(sink)
        guard let arrays, let arithmetic else {
            return (false, "allocation counter: not available \(sanitizerAllocatorIsPresent ? "under a sanitizer's allocator" : "on this platform")")
        }
        let works = arrays >= n && arithmetic == 0
        return (works, "allocation counter check: \(n) array allocations counted \(arrays), "
            + "an arithmetic loop counted \(arithmetic) (\(works ? "ok" : "NOT WORKING"))")
    }
}

/// Keeps a value alive in the optimizer's eyes.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
