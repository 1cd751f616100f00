import HitKit

/// Draws the view tree as filled rectangles: each visible view's bounds converted to window
/// coordinates with `convert(_:to:)`, parents before children, siblings back to front, as
/// HitKit orders them. A view with `clipsToBounds` (the scroll list) clips its subviews, so
/// rows scrolled out of it are not drawn. Rectangles are drawn axis-aligned, except the photo's
/// parts: each is the polygon its corners map to, so the photo's scale and rotation show.
@MainActor
struct SceneRenderer {
    let scene: DemoScene
    let surface: X11Surface

    func draw() {
        surface.fill(0, 0, surface.width, surface.height, .background)
        for view in scene.window.subviews { draw(view, clip: scene.window.bounds) }
        drawFocusRing()
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
        case let photo as PhotoView:
            drawParts(of: photo)
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

    /// Each of the photo's parts as the quadrilateral its corners map to in the window (no clip:
    /// nothing clips the photo).
    private func drawParts(of photo: PhotoView) {
        let size = photo.bounds.size
        for part in PhotoView.parts {
            let x = photo.bounds.minX + part.x * size.width, y = photo.bounds.minY + part.y * size.height
            let w = part.width * size.width, h = part.height * size.height
            let corners = [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)]
            let points = corners.map { photo.convert($0, to: scene.window) }
            surface.fillPolygon(points.map { (Int32($0.x.rounded()), Int32($0.y.rounded())) }, part.colour)
        }
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

    /// A ring around the focused view (Behaviour A10), 3 pixels wide just outside its frame, so the
    /// view itself is drawn as it would be.
    private func drawFocusRing() {
        guard let focused = scene.window.focusedItem else { return }
        let frame = pixels(focused.convert(focused.bounds, to: scene.window))
        let ring: Int32 = 3
        fill((frame.x - ring, frame.y - ring, frame.width + 2 * ring, ring), .focusRing)
        fill((frame.x - ring, frame.y + frame.height, frame.width + 2 * ring, ring), .focusRing)
        fill((frame.x - ring, frame.y, ring, frame.height), .focusRing)
        fill((frame.x + frame.width, frame.y, ring, frame.height), .focusRing)
    }
}
