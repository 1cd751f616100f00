import HitKit

/// Draws the view tree as filled rectangles: each visible view's bounds converted to window
/// coordinates with `convert(_:to:)`, parents before children, siblings back to front, as
/// HitKit orders them. A view with `clipsToBounds` (the scroll list) clips its subviews, so
/// rows scrolled out of it are not drawn. Only translations are drawn faithfully (the demo uses
/// no transforms).
@MainActor
struct SceneRenderer {
    let scene: DemoScene
    let surface: X11Surface

    func draw() {
        surface.fill(0, 0, surface.width, surface.height, .background)
        for view in scene.window.subviews { draw(view, clip: scene.window.bounds) }
        surface.present()
    }

    /// Draws `view` and its subviews, limited to `clip` (window coordinates).
    private func draw(_ view: View, clip: Rect) {
        guard !view.isHidden else { return }
        let bounds = view.convert(view.bounds, to: scene.window)
        guard let visible = Self.intersection(bounds, clip) else { return }
        let frame = pixels(visible)
        switch view {
        case let button as Button:
            fill(frame, button.isHighlighted ? .buttonHighlighted : .buttonNormal)
            label(button.title ?? "", in: frame)
        case let slider as Slider:
            fill(frame, .sliderTrack)
            if let thumb = Self.intersection(slider.convert(slider.thumbRect, to: scene.window), clip) {
                fill(pixels(thumb), .sliderThumb)
            }
        case let swatch as SwatchView:
            fill(frame, swatch.fill)
            // A row half scrolled out keeps its label hidden rather than drawn over the edge.
            if visible == bounds { label(swatch.label, in: frame) }
        default:
            break
        }
        let subviewClip = view.clipsToBounds ? visible : clip
        for subview in view.subviews { draw(subview, clip: subviewClip) }
    }

    /// The part of `rect` inside `clip`, or nil when none is.
    private static func intersection(_ rect: Rect, _ clip: Rect) -> Rect? {
        let minX = max(rect.minX, clip.minX), minY = max(rect.minY, clip.minY)
        let maxX = min(rect.maxX, clip.maxX), maxY = min(rect.maxY, clip.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private func pixels(_ rect: Rect) -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        let x = rect.minX.rounded(), y = rect.minY.rounded()
        return (Int32(x), Int32(y), Int32(rect.maxX.rounded() - x), Int32(rect.maxY.rounded() - y))
    }

    private func fill(_ frame: (x: Int32, y: Int32, width: Int32, height: Int32), _ colour: Colour) {
        surface.fill(frame.x, frame.y, frame.width, frame.height, colour)
    }

    /// The label in the top-left corner, clear of the centres the script samples.
    private func label(_ text: String, in frame: (x: Int32, y: Int32, width: Int32, height: Int32)) {
        surface.text(text, x: frame.x + 6, y: frame.y + 14, .label)
    }
}
