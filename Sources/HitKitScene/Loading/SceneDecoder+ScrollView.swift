// Scroll views in scenes (Behaviour B4): parsed and checked here; the content offset is applied by
// the builder, the rest is given behaviour by the scroll-view layer.

extension SceneDecoder {
    func decodeScrollView(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.ScrollView {
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
            default:
                throw unknownKey(p, in: "a scroll view", allowed: ["contentSize", "contentOffset", "delaysContentTouches", "canCancelContentTouches", "logOffset"])
            }
        }
        return scrollView
    }
}
