import HitKit

/// The report's scene as SVG: windows and views as their transformed rectangles, hit areas
/// dashed, each touch's locations with its hit view filled and the path to it outlined.
struct SceneSVG {
    let scene: ReportScene
    /// The largest drawing, in CSS pixels; the scene is scaled down to fit, never up.
    static let maximumWidth = 420.0, maximumHeight = 600.0, margin = 12.0

    var svg: String {
        let points = scene.views.filter(\.isWindow).flatMap(\.outline) + scene.touches.flatMap(\.locations)
        let box = Rect.boundingBox(of: points.isEmpty ? [.zero] : points)
        let scale = Swift.min(1, Self.maximumWidth / Swift.max(box.width, 1), Self.maximumHeight / Swift.max(box.height, 1))
        let place = { (p: Point) in Point(x: Self.margin + (p.x - box.minX) * scale, y: Self.margin + (p.y - box.minY) * scale) }
        let onPath = Set(scene.touches.flatMap(\.path)), hit = Set(scene.touches.compactMap(\.hitView))
        let width = box.width * scale + 2 * Self.margin, height = box.height * scale + 2 * Self.margin
        var svg = """
            <svg id="scene" width="\(HTMLReport.number(width))" height="\(HTMLReport.number(height))" \
            data-scale="\(HTMLReport.number(scale))" data-origin="\(HTMLReport.number(box.minX)) \(HTMLReport.number(box.minY))" data-margin="\(HTMLReport.number(Self.margin))">

            """
        // Labels go over every outline, so that no view's fill hides another's name.
        var labelled: Set<Point> = [], labels = ""
        for view in scene.views {
            var classes = [view.isWindow ? "window" : "view"]
            if onPath.contains(view.id) { classes.append("on-path") }
            if hit.contains(view.id) { classes.append("hit-view") }
            let id = HTMLReport.escape(view.id)
            svg += "<polygon class=\"\(classes.joined(separator: " "))\" data-view=\"\(id)\" points=\"\(Self.points(view.outline.map(place)))\"><title>\(id)</title></polygon>\n"
            if let area = view.hitArea {
                svg += "<polygon class=\"hit-area\" data-view=\"\(id)\" points=\"\(Self.points(area.map(place)))\"><title>hit area of \(id)</title></polygon>\n"
            }
            // A view sharing its corner with one drawn before (a root view filling its window)
            // puts its label below that one's.
            var corner = place(view.outline[0])
            while labelled.contains(corner) { corner.y += 12 }
            labelled.insert(corner)
            labels += "<text class=\"view-label\" x=\"\(HTMLReport.number(corner.x + 3))\" y=\"\(HTMLReport.number(corner.y + 12))\">\(id)</text>\n"
        }
        svg += labels
        for touch in scene.touches {
            let at = touch.locations.map(place)
            let hitView = touch.hitView.map(HTMLReport.escape) ?? "none"
            svg += "<g class=\"touch\" data-touch=\"\(touch.id)\" data-hit-view=\"\(hitView)\" data-path=\"\(HTMLReport.escape(touch.path.joined(separator: " ")))\">"
            svg += "<title>touch \(touch.id): hit \(hitView)\(touch.path.isEmpty ? "" : " (path \(HTMLReport.escape(touch.path.joined(separator: " › "))))")</title>\n"
            if at.count > 1 { svg += "<polyline class=\"touch-path\" points=\"\(Self.points(at))\"/>\n" }
            for point in at.dropFirst() {
                svg += "<circle class=\"touch-location\" cx=\"\(HTMLReport.number(point.x))\" cy=\"\(HTMLReport.number(point.y))\" r=\"2.5\"/>\n"
            }
            svg += "<circle class=\"touch-began\" cx=\"\(HTMLReport.number(at[0].x))\" cy=\"\(HTMLReport.number(at[0].y))\" r=\"6\"/>\n"
            svg += "<text class=\"touch-label\" x=\"\(HTMLReport.number(at[0].x + 8))\" y=\"\(HTMLReport.number(at[0].y - 8))\">\(touch.id)</text></g>\n"
        }
        return svg + "</svg>"
    }

    private static func points(_ points: [Point]) -> String {
        points.map { "\(HTMLReport.number($0.x)),\(HTMLReport.number($0.y))" }.joined(separator: " ")
    }
}
