extension SceneDescription.ScrollView {
    /// A scroll view's zoom keys (Behaviour B4, A6.2).
    public struct Zoom: Equatable, Sendable {
        /// `zoomView`: the id of a direct subview, what `viewForZooming(in:)` answers.
        public var view: String?
        /// `minimumZoomScale` (> 0); 1 by default.
        public var minimumScale: Double = 1
        /// `maximumZoomScale` (> 0); 1 by default.
        public var maximumScale: Double = 1
        /// `zoomScale`: applied last when the scene is built, as `setZoomScale` without animation.
        public var scale: Double?
        /// `bouncesZoom`; true by default.
        public var bounces: Bool = true
        /// `logZoom`: log `zoomScale` at the end of each frame that changed it (Behaviour B6).
        public var log: Bool = false

        /// Every zoom key at its default: no zoom view, limits 1 and 1, no scale to apply.
        public init() {}
    }
}

// Behaviour B4's zoom keys of a `scrollView`, checked here; whether `zoomView` names a direct
// subview is checked with the other references once the whole file is read.

extension SceneDecoder {
    static let zoomKeys = ["zoomView", "minimumZoomScale", "maximumZoomScale", "zoomScale", "bouncesZoom", "logZoom"]

    mutating func decodeZoomKey(_ member: JSONMember, _ path: JSONPath,
                                into zoom: inout SceneDescription.ScrollView.Zoom) throws(SceneError) {
        switch member.key {
        case "zoomView":
            let id = try identifier(member.value, path)
            zoom.view = id
            referToSubview(Reference(id: id, path: path, expectation: .zoomView(scrollView: "", subviews: [])))
        case "minimumZoomScale": zoom.minimumScale = try zoomScale(member.value, path)
        case "maximumZoomScale": zoom.maximumScale = try zoomScale(member.value, path)
        case "zoomScale": zoom.scale = try zoomTarget(member.value, path)
        case "bouncesZoom": zoom.bounces = try bool(member.value, path)
        default: zoom.log = try bool(member.value, path)                     // logZoom
        }
    }

    /// A scale to zoom to: any finite number, as `setZoomScale` takes it (Behaviour A6.2: the
    /// limits clamp it, so 0 or a negative scale zooms to the minimum).
    func zoomTarget(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> Double {
        try number(value, path, expected: "a zoom scale (a number)")
    }

    /// A zoom limit, minimum or maximum: a finite number above 0 (a scale's ratio to it is taken).
    func zoomScale(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> Double {
        let scale = try number(value, path, expected: "a zoom scale above 0")
        guard scale > 0 else { throw mismatch(path, expected: "a zoom scale above 0", found: value) }
        return scale
    }
}
