#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file with `open` and `read`, so anything that can be read works: regular files,
/// pipes, `/dev/stdin`, and the `/dev/fd/N` of a shell's process substitution.
public enum FileReader {
    /// The bytes of the file at `path`. A failure is a ``SceneError`` for the whole file,
    /// `cannot read WHAT: WHY`, where WHY is "no such file", "is a directory" or "cannot be read".
    public static func contents(of path: String, describedAs what: String = "the file") throws(SceneError) -> [UInt8] {
        func failure(_ why: String) -> SceneError { unreadable(path, what, why) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(reason(errno)) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(reason(errno)) }
        if status.st_mode & S_IFMT == S_IFDIR { throw failure("is a directory") }

        var bytes: [UInt8] = []
        // A regular file's size is known, so its bytes are read into one allocation of that size;
        // a pipe's grows as it arrives.
        if status.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(Int(status.st_size)) }
        try readChunks(descriptor, failure: failure) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Reads standard input to its end, handing `body` each chunk as it arrives, so a program
    /// writing to a pipe gets answers before it writes more. A read error (standard input
    /// redirected from a directory, say) is a ``SceneError`` for the whole of `name`, worded as
    /// ``contents(of:describedAs:)`` words a file's: `cannot read WHAT: WHY`.
    public static func readStandardInput(named name: String, describedAs what: String,
                                         _ body: (ArraySlice<UInt8>) throws(SceneError) -> Void) throws(SceneError) {
        try readChunks(STDIN_FILENO, failure: { why in unreadable(name, what, why) }, body)
    }

    private static func unreadable(_ file: String, _ what: String, _ why: String) -> SceneError {
        SceneError(file: file, location: .file, message: "cannot read \(what): \(why)")
    }

    /// Reads `descriptor` to its end, a chunk at a time; a failed read throws `failure(WHY)`.
    private static func readChunks(_ descriptor: Int32, failure: (String) -> SceneError,
                                   _ body: (ArraySlice<UInt8>) throws(SceneError) -> Void) throws(SceneError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, buffer.count) }
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(reason(errno))
            }
            try body(chunk[..<count])
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EISDIR: "is a directory"
        default: "cannot be read"
        }
    }
}
