// The engine target's libFuzzer entry point: each input's bytes decode into a forest, edits and queries
// (HitTestDifferential's FuzzScenario), run on the engine, on snapshots taken between the edits
// and on the reference. A disagreement traps with the reproduction as the message; libFuzzer
// then saves the input as a crash file.
// Built by run.sh with `-sanitize=fuzzer,address -parse-as-library`, so crashes and memory
// errors in either engine are findings too.
import HitTestDifferential

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: data == nil ? 0 : size)
    let outcome = FuzzScenario.run(bytes)
    if let mismatch = outcome.mismatch {
        fatalError("\(mismatch)")
    }
    return 0
}
