import HitKit

// The delivery log's wording (Behaviour B6 `!` lines) for rejected high-rate input (A3).

extension ScenarioReplayer {
    static func sampleReason(_ problem: InputError.SampleProblem) -> String {
        switch problem {
        case .afterFrame(let reference, let time, let frameTime):
            "\(name(of: reference)) at \(SceneDecoder.format(time)) after the step's time \(SceneDecoder.format(frameTime))"
        case .outOfOrder(let reference, let time, let previous):
            "\(name(of: reference)) at \(SceneDecoder.format(time)) before \(SceneDecoder.format(previous))"
        case .notFinite(let reference, let field): "\(name(of: reference)) \(field.rawValue) not finite"
        case .negative(let reference, let field): "\(name(of: reference)) \(field.rawValue) negative"
        case .lastSampleNotAtLocation: "last sample not at the touch's location"
        }
    }

    /// `samples[N]` as the scenario file names it.
    private static func name(of reference: InputError.SampleReference) -> String {
        switch reference {
        case .touch: "touch"
        case .sample(let index): "samples[\(index)]"
        case .predicted(let index): "predicted sample \(index)"
        }
    }
}

extension Scenario.Sample {
    /// The façade's sample.
    var input: TouchSample {
        TouchSample(timestamp: time, location: location, force: force, majorRadius: majorRadius)
    }
}
