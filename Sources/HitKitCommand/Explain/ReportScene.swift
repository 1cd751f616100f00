import HitKit
import HitKitScene

/// The scene as the HTML report draws it: every window and view as the polygon its bounds make
/// on the screen (transforms included), the hit area where it differs from the bounds, and each
/// touch's locations with the view it hit and the path to that view.
struct ReportScene {
    struct DrawnView {
        var id: String
        var isWindow: Bool
        /// The bounds' corners on the screen, in order.
        var outline: [Point]
        /// The hit area's corners on the screen when insets or a minimum size change it.
        var hitArea: [Point]?
    }

    struct DrawnTouch {
        var id: Int
        /// The screen locations the scenario gives, in order; the first is the began.
        var locations: [Point]
        /// The view hit at the began location (Behaviour A2, the façade's own hit test), if any.
        var hitView: String?
        /// The hit view's window, then each view down to the hit view.
        var path: [String]
    }

    /// In drawing order: each window, then its views depth first, back to front.
    var views: [DrawnView] = []
    var touches: [DrawnTouch] = []

    /// The views of `loaded` as they stand now.
    init(drawing loaded: LoadedScene) {
        for window in loaded.windows { add(window, of: loaded) }
    }

    private mutating func add(_ view: View, of loaded: LoadedScene) {
        let name = Self.name(of: view, in: loaded)
        let hitArea = Rect.hitArea(bounds: view.bounds, insets: view.hitTestInsets, minimumSize: view.minimumHitSize)
        views.append(DrawnView(id: name, isWindow: view is Window,
                               outline: view.bounds.corners.map(view.convertToScreen),
                               hitArea: hitArea == view.bounds ? nil : hitArea.corners.map(view.convertToScreen)))
        for subview in view.subviews { add(subview, of: loaded) }
    }

    /// Starts a touch at `location`, hit-testing it in `loaded` as it stands now.
    mutating func begin(touch id: Int, at location: Point, in loaded: LoadedScene) {
        let hit = loaded.application.hitTest(screenPoint: location)
        var path: [String] = []
        var current = hit
        while let view = current {
            path.insert(Self.name(of: view, in: loaded), at: 0)
            current = view.superview
        }
        touches.append(DrawnTouch(id: id, locations: [location], hitView: hit.map { Self.name(of: $0, in: loaded) }, path: path))
    }

    /// Adds a later location to the touch `id` most recently begun.
    mutating func move(touch id: Int, to location: Point) {
        guard let index = touches.lastIndex(where: { $0.id == id }) else { return }
        touches[index].locations.append(location)
    }

    /// A view's scene id, or its class and row for a view the scene did not name.
    static func name(of view: View, in loaded: LoadedScene) -> String {
        loaded.id(of: view) ?? "\(type(of: view))#\(view.id)"
    }
}
