import HitKit

/// Turns XI 2.1 smooth scrolling into HitKit's continuous scroll (Behaviour A8).
///
/// A scroll valuator's value only grows or shrinks; the change since the last event, over the
/// axis' increment (one wheel notch), times ``PointerTranslator/pointsPerNotch``, is the delta,
/// negated as the wheel's is (scrolling down shows later content: a negative y). X gives no
/// phases, so the first change is `began`, the next ones `changed`, and `ended` (no delta) goes
/// out when none has come for ``endDelay``, fired by the main loop's tick.
///
/// For clients of the core protocol the server also makes a wheel button (4–7) per increment
/// scrolled, stamped with the motion's time and sent after it; the demo, reading wheel buttons
/// from the core protocol too, skips those (``isEmulatedWheel(serverTime:)``).
struct SmoothScrollTranslator {
    /// How long without scrolling ends a run: X has no end-of-scroll event.
    static let endDelay = 0.1

    private struct AxisKey: Hashable {
        let device: Int32
        let number: Int32
    }

    private var axes: [AxisKey: (axis: XInput2.ScrollAxis, last: Double)] = [:]
    private var run: (location: Point, lastTime: Double)?
    private var lastServerTime: UInt?

    /// Starts watching these axes from their current values.
    mutating func watch(_ scrollAxes: [XInput2.ScrollAxis]) {
        axes = Dictionary(scrollAxes.map { (AxisKey(device: $0.device, number: $0.number), ($0, $0.value)) },
                          uniquingKeysWith: { first, _ in first })
    }

    /// A slave's motion: a scroll step when it moved a scroll valuator, else nil.
    mutating func motion(device: Int32, at location: Point, valuators: [Int32: Double], serverTime: UInt,
                         time: Double) -> InputFrame? {
        var delta = Point.zero
        for (number, value) in valuators {
            let key = AxisKey(device: device, number: number)
            guard let (axis, last) = axes[key] else { continue }
            axes[key] = (axis, value)
            let points = -(value - last) / axis.increment * PointerTranslator.pointsPerNotch
            if axis.isVertical { delta.y += points } else { delta.x += points }
        }
        guard delta != .zero else { return nil }
        let phase: ScrollInput.Phase = run == nil ? .began : .changed
        run = (location, time)
        lastServerTime = serverTime
        return InputFrame(timestamp: time, scroll: ScrollInput(location: location, delta: delta, kind: .continuous(phase)))
    }

    /// `ended` for a run with no step for ``endDelay`` by `time`.
    mutating func endIfQuiet(at time: Double) -> InputFrame? {
        guard let run, time - run.lastTime >= Self.endDelay else { return nil }
        self.run = nil
        return InputFrame(timestamp: time, scroll: ScrollInput(location: run.location, delta: .zero, kind: .continuous(.ended)))
    }

    /// Whether a core wheel button stamped `serverTime` is the server's emulation of a smooth
    /// scroll step already sent.
    func isEmulatedWheel(serverTime: UInt) -> Bool {
        serverTime == lastServerTime
    }
}
