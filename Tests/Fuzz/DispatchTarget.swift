// The dispatch target's libFuzzer entry point: each input's bytes decode into a world (windows,
// nested views, scroll views) and a stream of frames and edits (DispatchStream), run through the
// façade as a toolkit would. The world's responders and recognizers record what they are sent
// (DispatchLedger); a broken promise of Behaviour A3, A4 or A8 traps with the decoded stream as
// the message, and libFuzzer saves the input as a crash file.
// Built by run.sh with HitKit compiled by hand (public API only) and `-sanitize=fuzzer,address`.
import HitKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: data == nil ? 0 : size)
    let violations = DispatchStream.run(bytes, log: nil)
    if !violations.isEmpty {
        // Run it again, this time writing down every decoded step, for the report.
        var log: [String] = []
        _ = DispatchStream.run(bytes, log: { log.append($0) })
        fatalError("dispatch invariants broken: \(violations.prefix(5))\nstream:\n" + log.joined(separator: "\n"))
    }
    return 0
}
