import Foundation

/// Standard output, buffered: hit-testing a large points file writes one short line per point.
final class StandardOutput {
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}

enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
