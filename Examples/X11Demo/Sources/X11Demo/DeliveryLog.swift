#if canImport(Glibc)
import Glibc
#endif

/// The delivery log: one line per thing HitKit delivered, on standard output, written
/// unbuffered so a script reading the output (run-under-xvfb.sh) sees each line as it happens.
struct DeliveryLog {
    func write(_ line: String) {
        writeLine(line, to: STDOUT_FILENO)
    }
}

/// Writes `line` and a newline straight to a file descriptor (no stdio buffer to flush).
func writeLine(_ line: String, to descriptor: Int32) {
    var text = line + "\n"
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
