// Scroll views in scenes (Behaviour B4): parsed and checked here; the content offset is applied by
// the builder, the rest is given behaviour by the scroll-view layer.

extension SceneDecoder {
    static let scrollViewKeys = ["contentSize", "contentOffset", "delaysContentTouches", "canCancelContentTouches",
                                 "logOffset", "bounces", "alwaysBounceVertical", "alwaysBounceHorizontal",
                                 "pagingEnabled", "decelerationRate", "logDelegate", "autoscrollsDuringDrag"] + zoomKeys

    mutating func decodeScrollView(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.ScrollView {
        let members = try object(value, path, expected: "a scroll view object")
        var scrollView = SceneDescription.ScrollView()
        for member in members {
            let p = path / member.key
            switch member.key {
            case "contentSize": scrollView.contentSize = try size(member.value, p)
            case "contentOffset": scrollView.contentOffset = try point(member.value, p)
            case "delaysContentTouches": scrollView.delaysContentTouches = try bool(member.value, p)
            case "canCancelContentTouches": scrollView.canCancelContentTouches = try bool(member.value, p)
            case "logOffset": scrollView.logOffset = try bool(member.value, p)
            case "bounces": scrollView.bounces = try bool(member.value, p)
            case "alwaysBounceVertical": scrollView.alwaysBounceVertical = try bool(member.value, p)
            case "alwaysBounceHorizontal": scrollView.alwaysBounceHorizontal = try bool(member.value, p)
            case "pagingEnabled": scrollView.pagingEnabled = try bool(member.value, p)
            case "decelerationRate": scrollView.decelerationRate = try decelerationRate(member.value, p)
            case "logDelegate": scrollView.logDelegate = try bool(member.value, p)
            case "autoscrollsDuringDrag": scrollView.autoscrollsDuringDrag = try bool(member.value, p)
            case let key where Self.zoomKeys.contains(key): try decodeZoomKey(member, p, into: &scrollView.zoom)
            default:
                throw unknownKey(p, in: "a scroll view", allowed: Self.scrollViewKeys)
            }
        }
        return scrollView
    }

    /// `"normal"` (0.998), `"fast"` (0.99), or a number strictly between 0 and 1 (Behaviour A6.1).
    private func decelerationRate(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> Double {
        let expected = "\"normal\", \"fast\" or a number in (0, 1)"
        switch value {
        case .string("normal"): return 0.998
        case .string("fast"): return 0.99
        case .number(let rate) where rate > 0 && rate < 1: return rate
        default: throw mismatch(path, expected: expected, found: value)
        }
    }

    /// The top-level `animationFrameInterval`: a finite number of seconds above 0.
    func decodeAnimationFrameInterval(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> Double {
        let seconds = try number(value, path, expected: "a number of seconds above 0")
        guard seconds > 0 else { throw mismatch(path, expected: "a number of seconds above 0", found: value) }
        return seconds
    }
}
