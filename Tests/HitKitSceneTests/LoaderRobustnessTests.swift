import Foundation
import Testing
import HitKitScene

/// Damaged scene files never crash the loader: each is either a valid scene (and then builds) or
/// a `SceneError` with a location and a message.
@Suite("Loading damaged scenes")
struct LoaderRobustnessTests {
    /// SplitMix64: a small deterministic generator, so a failure reproduces.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet = Array(#"{}[]:,"0123456789.-etruflasn \#n\\/"#.utf8) + [0xC3, 0xFF, 0x00]

    @Test(arguments: SceneFixtureTests.sceneNames)
    func mutatedFixturesLoadOrFailCleanly(_ name: String) throws {
        let original = [UInt8](try Data(contentsOf: Fixtures.scenes.appendingPathComponent("\(name).json")))
        var generator = SplitMix64(state: UInt64(name.utf8.count) &* 7919)
        var failures = 0
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: position)
                case 1: bytes[position] = Self.alphabet.randomElement(using: &generator)!
                default: bytes.insert(Self.alphabet.randomElement(using: &generator)!, at: position)
                }
            }
            do {
                let scene = try SceneLoader.decode(data: bytes, file: "mutant.json")
                _ = try SceneBuilder.build(scene, file: "mutant.json")
            } catch {
                failures += 1
                #expect(!error.message.isEmpty)
                #expect(error.location != .file)
                #expect(error.description.hasPrefix("mutant.json: "))
            }
        }
        // Most random damage breaks the file; if none did, the mutations were not applied.
        #expect(failures > 50)
    }
}
