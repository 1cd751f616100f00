import CHitKit
import Foundation
import HitKitC
import HitKitScene
import HitTestCore
import HitTestDifferential
import Testing

/// The scenario fixtures replayed through the C library, as a C host would drive its scene: the
/// scene loaded with `hk_scene_load_buffer`, its delivery log heard through
/// `hk_scene_set_log_callback`, and each step sent as the one frame call that carries it —
/// `hk_app_send_frame`, `hk_app_send_pointer_frame` with the pointer's state and a scroll,
/// `hk_app_send_frame_with_samples` with a touch's samples, force and radius,
/// `hk_app_send_touchpad_frame`, or `hk_app_send_key_frame` — or, when it carries several kinds
/// of input that only one frame may carry (keys with a touch, a touchpad step with the pointer,
/// samples with a click), as `hk_app_send_input_frame`. A step's edits are made before its frame
/// through the calls a host would make (``EditCalls``), after an `hk_app_advance` to its time has
/// fired the timers due. The log must be the one the Swift replay writes, line for line, and the
/// same again with a trace callback reading every record while every step goes as
/// `hk_app_send_input_frame`, so that call is held to the same log on every fixture.
///
/// Keys are the host's to name: C's press lines give each key's HID usage where the Swift
/// replay's give the step's name, so the Swift lines are read with each name as its code. Its
/// `key NAME unhandled` lines are the replay's reading of each key's outcome, which C returns
/// from the call: they are compared, in order, with the `HK_KEY_UNHANDLED` outcomes. Its `!`
/// lines are its reading of the statuses: a step whose input it rejected must get
/// `HK_ERR_BAD_INPUT` and the others `HK_OK`, and C must refuse exactly the edits it could not make.
///
/// Left out are the steps with a pointer button C's mask cannot hold, and the few fixtures whose
/// edits C makes otherwise (``editedOtherwise``).
@Suite("Scenario fixtures replayed through C")
struct ScenarioReplayThroughCTests {
    /// The lines a scene's log callback heard, and the trace records its trace callback heard.
    final class Heard {
        var lines: [String] = []
        var records = 0
    }

    /// The frame call that carries one step, or `nil` when none can.
    enum Call {
        case touches([hk_touch_input])
        case pointer([hk_touch_input], hk_pointer_input?, hk_scroll_input?)
        case samples([hk_touch_input], [[hk_touch_sample]], [Scenario.TouchChange])
        case touchpad(hk_touchpad_gesture)
        case keys([Scenario.KeyChange])
        /// Several kinds of input, or any step when the replay sends every one this way.
        case inputFrame(Scenario.Step)

        init?(_ step: Scenario.Step, asInputFrame: Bool) {
            // C's mask holds buttons 1 to 32: a bad button number cannot be sent.
            guard step.pointer?.buttons.allSatisfy((1...32).contains) ?? true else { return nil }
            let touches = step.touches.map(Self.input)
            let hasSamples = Self.hasHighRate(step)
            let hasPointer = step.pointer != nil || step.scroll != nil
            // Each call carries one of these; the samples' and the pointer's calls carry touches too.
            let parts = [hasSamples, hasPointer, !step.keys.isEmpty, step.touchpad != nil].filter { $0 }.count
            let touchesWithoutTheirCall = !step.touches.isEmpty && !hasSamples && !hasPointer
            if asInputFrame || parts > 1 || parts == 1 && touchesWithoutTheirCall {
                self = .inputFrame(step)
            } else if !step.keys.isEmpty {
                self = .keys(step.keys)
            } else if let touchpad = step.touchpad {
                self = .touchpad(Self.gesture(touchpad))
            } else if hasSamples {
                let samples = step.touches.map { $0.samples.map(Self.sample) }
                self = .samples(touches, samples, step.touches)
            } else if hasPointer {
                self = .pointer(touches, step.pointer.map(Self.pointer), step.scroll.map(Self.scroll))
            } else {
                self = .touches(touches)
            }
        }

        /// Whether a touch of `step` has samples, a force or a radius.
        static func hasHighRate(_ step: Scenario.Step) -> Bool {
            step.touches.contains { !$0.samples.isEmpty || $0.force != nil || $0.majorRadius != nil }
        }

        /// Whether `step` has kinds of input that only one frame of every kind carries.
        static func needsInputFrame(_ step: Scenario.Step) -> Bool {
            if case .inputFrame = Call(step, asInputFrame: false) { true } else { false }
        }

        static func input(_ change: Scenario.TouchChange) -> hk_touch_input {
            let phase: Int32 = switch change.phase {
            case .began: Int32(HK_PHASE_BEGAN)
            case .moved: Int32(HK_PHASE_MOVED)
            case .ended: Int32(HK_PHASE_ENDED)
            case .cancelled: Int32(HK_PHASE_CANCELLED)
            }
            return hk_touch_input(id: Int64(change.id), phase: phase, has_location: change.location == nil ? 0 : 1,
                                  x: change.location?.x ?? 0, y: change.location?.y ?? 0)
        }

        static func sample(_ sample: Scenario.Sample) -> hk_touch_sample {
            hk_touch_sample(timestamp: sample.time, x: sample.location.x, y: sample.location.y,
                            force: sample.force ?? -1, major_radius: sample.majorRadius ?? -1)
        }

        static func pointer(_ change: Scenario.PointerChange) -> hk_pointer_input {
            let buttons = change.buttons.reduce(UInt32(0)) { $0 | 1 << UInt32($1 - 1) }
            return hk_pointer_input(id: Int64(change.id), has_left: change.hasLeft ? 1 : 0, buttons: buttons,
                                    x: change.location?.x ?? 0, y: change.location?.y ?? 0,
                                    modifiers: modifierBits(change.modifiers), reserved: 0)
        }

        /// The `HK_MOD_` mask of `modifiers`.
        static func modifierBits(_ modifiers: [PointerNames.Modifier]) -> UInt32 {
            let bits: [PointerNames.Modifier: Int32] = [
                .alphaShift: Int32(HK_MOD_ALPHA_SHIFT), .shift: Int32(HK_MOD_SHIFT), .control: Int32(HK_MOD_CONTROL),
                .alternate: Int32(HK_MOD_ALTERNATE), .command: Int32(HK_MOD_COMMAND), .numericPad: Int32(HK_MOD_NUMERIC_PAD),
            ]
            return modifiers.reduce(UInt32(0)) { $0 | UInt32(bits[$1]!) }
        }

        /// `key` as C gives it; its texts are copies the caller frees once the call returned.
        static func keyInput(_ key: Scenario.KeyChange) -> hk_key_input {
            let phase: Int32 = switch key.phase {
            case .down: Int32(HK_KEY_DOWN)
            case .up: Int32(HK_KEY_UP)
            case .cancelled: Int32(HK_KEY_CANCELLED)
            }
            return hk_key_input(code: Int32(clamping: key.code), phase: phase, characters: strdup(key.characters),
                                characters_ignoring_modifiers: strdup(key.ignoringModifiers),
                                modifier_flags: modifierBits(key.modifiers), reserved: 0)
        }

        /// Sends `keys` as one key frame at `time`; returns its status and each event's outcome.
        static func sendKeys(_ keys: [Scenario.KeyChange], _ app: UnsafeMutableRawPointer?, at time: Double) -> (Int32, [UInt8]) {
            let inputs = keys.map(keyInput)
            defer { inputs.forEach { free(UnsafeMutablePointer(mutating: $0.characters)); free(UnsafeMutablePointer(mutating: $0.characters_ignoring_modifiers)) } }
            var outcomes = [UInt8](repeating: UInt8.max, count: keys.count)
            let status = inputs.withUnsafeBytes { hk_app_send_key_frame(app, time, $0.baseAddress, UInt(keys.count), &outcomes) }
            return (status, outcomes)
        }

        static func scroll(_ change: Scenario.ScrollChange) -> hk_scroll_input {
            let phase: Int32 = switch change.phase {
            case .began: Int32(HK_SCROLL_PHASE_BEGAN)
            case .changed: Int32(HK_SCROLL_PHASE_CHANGED)
            case .ended: Int32(HK_SCROLL_PHASE_ENDED)
            case nil: 0
            }
            return hk_scroll_input(x: change.location.x, y: change.location.y, dx: change.delta.x, dy: change.delta.y,
                                   type: change.type == .discrete ? Int32(HK_SCROLL_DISCRETE) : Int32(HK_SCROLL_CONTINUOUS),
                                   phase: phase)
        }

        static func gesture(_ change: Scenario.TouchpadChange) -> hk_touchpad_gesture {
            let phase: Int32 = switch change.phase {
            case .began: Int32(HK_TOUCHPAD_PHASE_BEGAN)
            case .changed: Int32(HK_TOUCHPAD_PHASE_CHANGED)
            case .ended: Int32(HK_TOUCHPAD_PHASE_ENDED)
            case .cancelled: Int32(HK_TOUCHPAD_PHASE_CANCELLED)
            }
            return hk_touchpad_gesture(kind: change.kind == .pinch ? Int32(HK_TOUCHPAD_PINCH) : Int32(HK_TOUCHPAD_HOLD),
                                       phase: phase, x: change.location.x, y: change.location.y, scale: change.scale,
                                       rotation: change.rotation, fingers: Int32(change.fingers), reserved: 0)
        }

        /// Sends the call at `time`; returns its status, and the keys' outcomes for a key frame.
        func send(_ app: UnsafeMutableRawPointer?, at time: Double) -> (status: Int32, keyOutcomes: [UInt8]) {
            switch self {
            case .touches(let touches):
                return (touches.withUnsafeBytes { hk_app_send_frame(app, time, $0.baseAddress, UInt(touches.count)) }, [])
            case .pointer(let touches, var pointer, var scroll):
                let status = touches.withUnsafeBytes { bytes in
                    withOptionalPointer(&pointer) { pointer in
                        withOptionalPointer(&scroll) { scroll in
                            hk_app_send_pointer_frame(app, time, bytes.baseAddress, UInt(touches.count), pointer, scroll)
                        }
                    }
                }
                return (status, [])
            case .samples(let touches, let samples, let changes):
                // Every touch's samples in one buffer, each touch's struct pointing at its part.
                let all = samples.flatMap { $0 }
                let status = all.withUnsafeBufferPointer { all in
                    let highRate = Self.highRate(changes, samples, in: all)
                    return touches.withUnsafeBytes { bytes in
                        highRate.withUnsafeBytes { hk_app_send_frame_with_samples(app, time, bytes.baseAddress, $0.baseAddress, UInt(changes.count)) }
                    }
                }
                return (status, [])
            case .touchpad(var gesture):
                return (withUnsafeBytes(of: &gesture) { hk_app_send_touchpad_frame(app, time, $0.baseAddress) }, [])
            case .keys(let keys):
                return Self.sendKeys(keys, app, at: time)
            case .inputFrame(let step):
                return Self.sendInputFrame(step, app, at: time)
            }
        }

        /// Sends every part of `step` as one `hk_app_send_input_frame` at `time`; returns its status
        /// and each key's outcome.
        static func sendInputFrame(_ step: Scenario.Step, _ app: UnsafeMutableRawPointer?, at time: Double) -> (Int32, [UInt8]) {
            let touches = step.touches.map(Self.input)
            let samples = step.touches.map { $0.samples.map(Self.sample) }
            var pointer = step.pointer.map(Self.pointer), scroll = step.scroll.map(Self.scroll)
            var gesture = step.touchpad.map(Self.gesture)
            let keys = step.keys.map(Self.keyInput)
            defer { keys.forEach { free(UnsafeMutablePointer(mutating: $0.characters)); free(UnsafeMutablePointer(mutating: $0.characters_ignoring_modifiers)) } }
            var outcomes = [UInt8](repeating: UInt8.max, count: keys.count)
            let all = samples.flatMap { $0 }
            let status = all.withUnsafeBufferPointer { all in
                let highRate = Self.highRate(step.touches, samples, in: all)
                return touches.withUnsafeBufferPointer { touches in
                    highRate.withUnsafeBufferPointer { highRate in
                        keys.withUnsafeBufferPointer { keys in
                            withOptionalPointer(&pointer) { pointer in
                                withOptionalPointer(&scroll) { scroll in
                                    withOptionalPointer(&gesture) { gesture in
                                        var frame = hk_input_frame(
                                            timestamp: time, touches: touches.baseAddress, touch_count: touches.count,
                                            high_rate: Self.hasHighRate(step) ? highRate.baseAddress : nil,
                                            pointer: pointer?.assumingMemoryBound(to: hk_pointer_input.self),
                                            scroll: scroll?.assumingMemoryBound(to: hk_scroll_input.self),
                                            keys: keys.baseAddress, key_count: keys.count,
                                            touchpad: gesture?.assumingMemoryBound(to: hk_touchpad_gesture.self))
                                        // The header's wrapper, hk_app_send_input_frame, passes the struct's size so.
                                        return HitKitC.hk__app_send_input_frame(app, &frame, UInt(MemoryLayout<hk_input_frame>.stride), &outcomes)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return (status, outcomes)
        }

        /// Each touch's high-rate entry, its samples a part of `all` (every touch's, in order).
        static func highRate(_ changes: [Scenario.TouchChange], _ samples: [[hk_touch_sample]],
                             in all: UnsafeBufferPointer<hk_touch_sample>) -> [hk_touch_high_rate] {
            var start = 0
            return changes.indices.map { index in
                defer { start += samples[index].count }
                return hk_touch_high_rate(
                    force: changes[index].force ?? -1, major_radius: changes[index].majorRadius ?? -1,
                    maximum_possible_force: -1, major_radius_tolerance: -1,
                    samples: samples[index].isEmpty ? nil : all.baseAddress! + start, sample_count: samples[index].count,
                    predicted: nil, predicted_count: 0)
            }
        }
    }

    /// Every scenario fixture's path; the test replays those a C host can send (see above).
    static let fixtures: [String] = {
        // Tests/HitKitCTests/ThisFile.swift: three levels below the package's root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = root.appendingPathComponent("Fixtures/scenarios").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(directory)/\($0)" }
    }()

    /// The scene's JSON as `hk_scene_load_buffer` takes it: the scenario's own, or its scene file's.
    static func sceneBytes(of path: String) throws -> [UInt8] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        if let file = object["sceneFile"] as? String {
            let scenePath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file).path
            return try Array(Data(contentsOf: URL(fileURLWithPath: scenePath)))
        }
        return try Array(JSONSerialization.data(withJSONObject: object["scene"]!))
    }

    /// What a replay through C gave: the log's lines, each call's status, a `key CODE unhandled`
    /// line for each `HK_KEY_UNHANDLED` outcome, and how many trace records were heard.
    struct ReplayThroughC {
        var lines: [String]
        var statuses: [Int32]
        var unhandledKeys: [String]
        /// `"N K"` for each edit K of step N that a call refused.
        var refusedEdits: Set<String>
        var records: Int
    }

    /// What C gives for `scenario`, or `nil` when a step is not one call; trace records are heard
    /// when `traced`, and every step is sent as `hk_app_send_input_frame` when `asInputFrames`.
    static func replayThroughC(_ scenario: Scenario, scene: [UInt8], name: String, traced: Bool,
                               asInputFrames: Bool) -> ReplayThroughC? {
        let calls = scenario.steps.map { Call($0, asInputFrame: asInputFrames) }
        guard calls.allSatisfy({ $0 != nil }) else { return nil }
        var app: UnsafeMutableRawPointer?
        let loaded = scene.withUnsafeBytes { hk_scene_load_buffer($0.baseAddress, UInt(scene.count), name, &app) }
        #expect(loaded == Int32(HK_OK), "\(name): the scene did not load")
        guard loaded == Int32(HK_OK) else { return nil }
        defer { _ = HitKitC.hk_app_destroy(app) }
        let heard = Heard()
        let hear: SceneLogCallback = { line, _, userData in
            Unmanaged<Heard>.fromOpaque(userData!).takeUnretainedValue().lines.append(String(cString: line!))
        }
        let release: DestroyNotify = { Unmanaged<Heard>.fromOpaque($0!).release() }
        _ = hk_scene_set_log_callback(app, hear, Unmanaged.passRetained(heard).toOpaque(), release)
        if traced {
            // A host's trace callback reads each record's line, as HITKIT_TRACE=1 prints it.
            let trace: TraceCallback = { record, userData in
                let text = record!.load(as: hk_trace_record.self).text
                if text != nil, strlen(text!) > 0 { Unmanaged<Heard>.fromOpaque(userData!).takeUnretainedValue().records += 1 }
            }
            _ = hk_app_set_trace_callback(app, trace, Unmanaged.passRetained(heard).toOpaque(), release)
        }
        var statuses: [Int32] = [], unhandledKeys: [String] = [], refusedEdits: Set<String> = []
        let edits = EditCalls(app: app, scene: scenario.scene)
        for (index, (call, step)) in zip(calls, scenario.steps).enumerated() {
            if !step.edits.isEmpty {
                _ = hk_app_advance(app, step.time)
                for (editIndex, edit) in step.edits.enumerated() where !edits.make(edit) {
                    refusedEdits.insert("\(index) \(editIndex)")
                }
            }
            let (status, outcomes) = call!.send(app, at: step.time)
            statuses.append(status)
            for (key, outcome) in zip(step.keys, outcomes) where outcome == UInt8(HK_KEY_UNHANDLED) {
                unhandledKeys.append("key \(key.code) unhandled")
            }
        }
        return ReplayThroughC(lines: heard.lines, statuses: statuses, unhandledKeys: unhandledKeys, refusedEdits: refusedEdits,
                              records: heard.records)
    }

    /// The steps the Swift replay rejected input of (its `! step N: …` lines), and the edits it
    /// could not make (`! step N: edit K: …`, as `"N K"`).
    static func rejections(in lines: [String]) -> (steps: Set<Int>, edits: Set<String>) {
        var steps: Set<Int> = [], edits: Set<String> = []
        for line in lines where line.hasPrefix("! step ") {
            let parts = line.dropFirst(7).split(separator: ":", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let step = Int(parts[0]) else { continue }
            if parts.count > 1, parts[1].hasPrefix("edit "), let edit = Int(parts[1].dropFirst(5)) {
                edits.insert("\(step) \(edit)")
            } else {
                steps.insert(step)
            }
        }
        return (steps, edits)
    }

    /// The Swift replay's `lines` as C writes them: each key named by its code in the press lines,
    /// and the `key NAME unhandled` lines, with the code for the name, taken out into `unhandled`.
    static func keysByCode(_ lines: [String], of scenario: Scenario) -> (lines: [String], unhandled: [String]) {
        var codes: [String: String] = [:]
        for key in scenario.steps.flatMap(\.keys) { codes[key.logName] = String(key.code) }
        let pressMethods: Set<Substring> = ["pressesBegan", "pressesChanged", "pressesEnded", "pressesCancelled"]
        var kept: [String] = [], unhandled: [String] = []
        for line in lines {
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            if words.count == 3, words[0] == "key", words[2] == "unhandled" {
                unhandled.append("key \(codes[String(words[1])] ?? String(words[1])) unhandled")
            } else if words.count == 3, pressMethods.contains(words[1]) {
                let keys = words[2].split(separator: ",").map { codes[String($0)] ?? String($0) }
                kept.append("\(words[0]) \(words[1]) \(keys.joined(separator: ","))")
            } else {
                kept.append(line)
            }
        }
        return (kept, unhandled)
    }

    /// The fixtures whose edits a C host cannot make as the replay makes them, and why; each
    /// must still write another log, or leave this list.
    static let editedOtherwise: [String: String] = {
        let followed = """
            the replay follows each edit with hover and drop targeting before the step's input \
            (Behaviour B5); a C host's edits through the store are followed at its next call, \
            here the step's frame, after that frame's touches
            """
        let shown = """
            a zoom animation or a settle runs across the step, and the advance that fires the \
            step's timers before its edits, as the replay does, is a frame of its own: it shows \
            the motion once more
            """
        let refusedWithTheirStep = """
            the replay refuses a step's edits with its input when its time goes back (Behaviour B5); \
            a C host's edits are calls of their own, made whatever time its next frame gives
            """
        return [
            "bad-input-time-going-backwards-rejects-the-steps-edits-pointer-scroll-keys-and-touchpad-too": refusedWithTheirStep,
            "drop-two-edits-retarget-one-after-the-other-before-the-steps-move-retargets": followed,
            "windows-hiding-or-disabling-the-front-window-retargets-a-session-at-once-to-the-drop-behind": followed,
            "zoom-an-offset-set-during-an-animated-zoom-goes-on-from-there-to-its-target-moved-as-far-within-the-content": shown,
            "zoom-set-content-offset-after-the-zoom-view-left-ends-an-animated-zoom-at-the-scale-shown": shown,
            "zoom-set-content-offset-stops-the-settle-after-a-zoom-without-a-call": shown,
            "zoom-zoom-to-rect": shown,
        ]
    }()

    @Test func everyFixtureACHostCanSendWritesTheSwiftReplaysLog() throws {
        var replayed = 0, traced = 0, withPointer = 0, withSamples = 0, withTouchpad = 0, withKeys = 0, withUnhandledKeys = 0, withRejections = 0
        var withEdits = 0, editedOtherwise = 0, severalKinds = 0
        // Under the sanitizers, a quarter of the fixtures (`TestSeeds`).
        for path in TestSeeds.sample(Self.fixtures) {
            let scenario = try ScenarioLoader.load(contentsOf: path)
            guard scenario.expectedLog != nil else { continue }
            let swiftLog = try ScenarioReplayer.replay(scenario, file: path)
            let (rejectedSteps, rejectedEdits) = Self.rejections(in: swiftLog)
            let scene = try Self.sceneBytes(of: path)
            guard let plain = Self.replayThroughC(scenario, scene: scene, name: path, traced: false, asInputFrames: false),
                  let tracing = Self.replayThroughC(scenario, scene: scene, name: path, traced: true, asInputFrames: true)
            else { continue }
            let (swiftLines, swiftUnhandled) = Self.keysByCode(swiftLog.filter { !$0.hasPrefix("!") }, of: scenario)
            let lines = plain.lines
            let expectedStatuses = scenario.steps.indices.map { rejectedSteps.contains($0) ? Int32(HK_ERR_BAD_INPUT) : Int32(HK_OK) }
            #expect(plain.statuses == expectedStatuses, "\(path): statuses \(plain.statuses)")
            #expect(plain.refusedEdits == rejectedEdits, "\(path): C refused the edits \(plain.refusedEdits), Swift \(rejectedEdits)")
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            if let why = Self.editedOtherwise[name] {
                #expect(lines != swiftLines, "\(path): C now writes the Swift replay's log; it was listed because \(why)")
                editedOtherwise += 1
                continue
            }
            let differing = zip(lines, swiftLines).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(lines == swiftLines, "\(path): C wrote \(lines.count) lines, Swift \(swiftLines.count); first differing: \(differing.map { "\($0.offset): \($0.element)" } ?? "none")")
            #expect(plain.unhandledKeys == swiftUnhandled, "\(path): C's unhandled keys \(plain.unhandledKeys), Swift's \(swiftUnhandled)")
            // A trace callback only listens, and one input frame a step does what the calls of each kind do.
            #expect(tracing.lines == lines && tracing.statuses == plain.statuses && tracing.unhandledKeys == plain.unhandledKeys,
                    "\(path): the log differs with a trace callback and every step one hk_app_send_input_frame")
            if tracing.records > 0 { traced += 1 }
            replayed += 1
            if scenario.steps.contains(where: { $0.pointer != nil || $0.scroll != nil }) { withPointer += 1 }
            if scenario.steps.contains(where: { $0.touches.contains { !$0.samples.isEmpty } }) { withSamples += 1 }
            if scenario.steps.contains(where: { $0.touchpad != nil }) { withTouchpad += 1 }
            if scenario.steps.contains(where: { !$0.keys.isEmpty }) { withKeys += 1 }
            if !swiftUnhandled.isEmpty { withUnhandledKeys += 1 }
            if !rejectedSteps.isEmpty || !rejectedEdits.isEmpty { withRejections += 1 }
            if scenario.steps.contains(where: { !$0.edits.isEmpty }) { withEdits += 1 }
            if scenario.steps.contains(where: Call.needsInputFrame) {
                severalKinds += 1
            }
        }
        // Most fixtures are replayed, those of every kind of input among them (a sample's share is chance).
        guard TestSeeds.playsEverySeed else { return }
        #expect(replayed >= 609 && traced >= replayed - 20, "\(replayed) fixtures replayed through C, \(traced) traced")
        #expect(editedOtherwise == Self.editedOtherwise.count, "\(editedOtherwise) of the fixtures edited otherwise were replayed")
        #expect(withPointer >= 50 && withSamples >= 1 && withTouchpad >= 10 && withKeys >= 45 && withUnhandledKeys >= 20
                    && withRejections >= 15 && withEdits >= 130 && severalKinds >= 12,
                """
                pointer \(withPointer), samples \(withSamples), touchpad \(withTouchpad), keys \(withKeys) \
                (\(withUnhandledKeys) unhandled), bad input \(withRejections), edits \(withEdits), \
                several kinds in one step \(severalKinds)
                """)
    }
}

/// Calls `body` with a pointer to `value`'s wrapped value, or `nil`.
private func withOptionalPointer<T, R>(_ value: inout T?, _ body: (UnsafeRawPointer?) -> R) -> R {
    guard value != nil else { return body(nil) }
    return withUnsafeBytes(of: &value!) { body($0.baseAddress) }
}
