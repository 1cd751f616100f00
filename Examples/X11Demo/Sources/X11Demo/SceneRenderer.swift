import HitKit

/// Draws the view tree as filled rectangles: each visible view's bounds converted to window
/// coordinates with `convert(_:to:)`, parents before children, siblings back to front, as
/// HitKit orders them. Only translations are drawn faithfully (the demo uses no transforms).
@MainActor
struct SceneRenderer {
    let scene: DemoScene
    let surface: X11Surface

    func draw() {
        surface.fill(0, 0, surface.width, surface.height, .background)
        for view in scene.window.subviews { draw(view) }
        surface.present()
    }

    private func draw(_ view: View) {
        guard !view.isHidden else { return }
        let frame = pixels(view.convert(view.bounds, to: scene.window))
        switch view {
        case let button as Button:
            fill(frame, button.isHighlighted ? .buttonHighlighted : .buttonNormal)
            label(button.title ?? "", in: frame)
        case let slider as Slider:
            fill(frame, .sliderTrack)
            fill(pixels(slider.convert(slider.thumbRect, to: scene.window)), .sliderThumb)
        case let swatch as SwatchView:
            fill(frame, swatch.fill)
            label(swatch.label, in: frame)
        default:
            break
        }
        for subview in view.subviews { draw(subview) }
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
