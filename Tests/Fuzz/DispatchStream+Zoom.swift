import HitKit
import HitTestCore

// Zooming in the dispatch fuzzer (Behaviour A6.2): some scroll views zoom a content view, with
// random limits and bouncesZoom; the stream pinches them with two fingers and with a touchpad,
// zooms them from code (bad values too) and edits their limits and zoom view. At the end no
// zoom is under way, and a scale is within its limits unless they were edited since the last zoom
// began (which reads them: an animation already running when they change ends where it was going)
// or the zoom view left the scroll view meanwhile (a view that is not a direct subview is no zoom
// view, so a bounce due then has nothing to zoom, and none starts when the view comes back, nor
// when another view is made the zoom view) or the scroll view left its window meanwhile (which
// stops its zoom where it shows, Behaviour A6.1's leaving the window).

/// A zoomable scroll view's delegate in the stream: it checks every value it is told of and
/// remembers whether the limits were edited, the zoom view left or the scroll view left its
/// window (noted by ``DispatchStream/watchingWindows(_:)``) since a zoom last began.
final class ZoomLedger: ScrollViewDelegate {
    weak var scrollView: ScrollView?
    let ledger: DispatchLedger
    var limitsEditedSinceZoom = false
    var zoomViewLeftSinceZoom = false
    var leftWindowSinceZoom = false
    /// The view the last zoom began with: a pinch's bounce that waits for a drag zooms it, not
    /// the zoom view of the moment. Weak, as the stream frees views; `nil` once freed.
    private weak var viewZoomed: View?
    private var zoomBeganWithAView = false

    init(_ scrollView: ScrollView, ledger: DispatchLedger) {
        self.scrollView = scrollView
        self.ledger = ledger
    }

    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
        limitsEditedSinceZoom = false
        zoomViewLeftSinceZoom = false
        leftWindowSinceZoom = false
        viewZoomed = view
        zoomBeganWithAView = view != nil
    }

    /// Called after every frame: a view moves only inside a frame (a timer, a touch handler) or
    /// between frames, so a zoom view away when a drag ends is seen away after that frame. Away
    /// is anything but a direct subview: moved, removed, freed (``ScrollView/zoomView`` then
    /// reads `nil`) or cleared; a bounce due then has nothing to zoom either way. Two views
    /// count: the one the last zoom began with, and the zoom view now (a bounce after a touch
    /// that stopped one zooms the zoom view of the moment it lifts).
    func noteWhereTheZoomViewIs() {
        guard let scrollView else { return }
        let viewZoomedLeft = zoomBeganWithAView && viewZoomed?.superview !== scrollView
        if viewZoomedLeft || scrollView.zoomView?.superview !== scrollView { zoomViewLeftSinceZoom = true }
    }

    func scrollViewDidZoom(_ scrollView: ScrollView) {
        let scale = scrollView.zoomScale
        if !(scale.isFinite && scale > 0) { ledger.fail("\(scrollView) zoomed to scale \(scale)") }
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        let o = scrollView.contentOffset
        if !(o.x.isFinite && o.y.isFinite) { ledger.fail("\(scrollView) scrolled to \(o)") }
    }
}

extension DispatchStream {
    /// Runs `edit`, which may take views out of their windows, and notes every zoomable scroll
    /// view that left its window meanwhile — removed, moved to another window, its window
    /// removed, even if put back since. Every edit of the hierarchy after the world is built
    /// runs in one: a frame's end cannot tell a view that left and came back within it.
    func watchingWindows(_ edit: () -> Void) {
        let windowsBefore = zoomLedgers.map { appWindow(of: $0.scrollView) }
        edit()
        for (zoomLedger, window) in zip(zoomLedgers, windowsBefore)
        where window != nil && appWindow(of: zoomLedger.scrollView) !== window {
            zoomLedger.leftWindowSinceZoom = true
        }
    }

    /// The window `view` is in while the application has it: a removed window keeps its views,
    /// and they their `window`, but they have left it (Behaviour A6.1).
    private func appWindow(of view: View?) -> Window? {
        guard let window = view?.window, app.windows.contains(where: { $0 === window }) else { return nil }
        return window
    }

    /// Makes a new scroll view zoom a content view of its own, from `flags` and the input.
    func makeZoomable(_ scrollView: ScrollView, _ flags: Int) {
        guard flags & 0x20 != 0 else { return }
        let content = LedgerView(frame: Rect(x: 0, y: 0, width: scrollView.bounds.size.width,
                                             height: scrollView.bounds.size.height), in: app)
        content.ledger = ledger
        content.isMultipleTouchEnabled = true
        scrollView.addSubview(content)
        views.append(content)
        try? scrollView.setZoomView(content)
        try? scrollView.setMinimumZoomScale([0.25, 0.5, 1][input.below(3)])
        try? scrollView.setMaximumZoomScale([1, 2, 4][input.below(3)])
        scrollView.bouncesZoom = flags & 4 == 0
        let zoomLedger = ZoomLedger(scrollView, ledger: ledger)
        scrollView.delegate = zoomLedger
        zoomLedgers.append(zoomLedger)
    }

    /// A zoomable scroll view in a window and the screen point of its middle.
    private func zoomTarget() -> (ScrollView, Point)? {
        scrollViewTarget(among: zoomLedgers.compactMap(\.scrollView).filter { $0.zoomView != nil })
    }

    /// Two fingers pinching over a zoomable scroll view (or, now and then, a touchpad's pinch):
    /// random distances and centroids, past the limits too, lifted together or one by one or
    /// left down for the steps that follow.
    func pinchOverScrollView() {
        guard let (scrollView, centre) = zoomTarget() else { return }
        if input.chance(64) && touchpadUnderway == nil { return touchpadPinch(over: scrollView, at: centre) }
        let free = Self.fingerIDs.filter { id in !app.activeTouches.contains { $0.id == id } }
        guard free.count >= 2 else { return }
        let (a, b) = (free[0], free[1])
        var d = 20 + Double(input.byte()), c = centre
        log?("pinch \(scrollView) with fingers \(a), \(b) from \(d) apart")
        func place(_ phase: Touch.Phase) {
            send(InputFrame(timestamp: time + 0.004 + Double(input.below(8)) * 0.004, touches: [
                TouchInput(id: a, phase: phase, location: Point(x: c.x - d / 2, y: c.y)),
                TouchInput(id: b, phase: phase, location: Point(x: c.x + d / 2, y: c.y)),
            ]))
        }
        place(.began)
        for _ in 0..<(1 + input.below(6)) {
            d = Swift.max(1, d + Double(input.byte() - 128))
            c = Point(x: c.x + Double(input.below(31) - 15), y: c.y + Double(input.below(31) - 15))
            place(.moved)
        }
        switch input.below(3) {
        case 0: place(.ended)
        case 1:
            send(InputFrame(timestamp: time + 0.01, touches: [TouchInput(id: b, phase: .ended, location: Point(x: c.x + d / 2, y: c.y))]))
            send(InputFrame(timestamp: time + 0.01, touches: [TouchInput(id: a, phase: .moved, location: Point(x: c.x, y: c.y - 40))]))
        default: break                                                      // left down
        }
    }

    /// A touchpad pinch over `scrollView`: began, a few changed steps, ended or cancelled.
    private func touchpadPinch(over scrollView: ScrollView, at location: Point) {
        log?("touchpad pinch over \(scrollView)")
        func step(_ phase: TouchpadGestureInput.Phase, _ scale: Double) {
            send(InputFrame(timestamp: time + 0.008, touchpadGesture: .pinch(phase, at: location, scale: scale)))
        }
        step(.began, 1)
        for _ in 0..<(1 + input.below(5)) { step(.changed, 0.1 + Double(input.byte()) / 40) }
        step(input.chance(200) ? .ended : .cancelled, 1)
    }

    /// Zooms from code and edits the zoom settings, bad values included: a refused one must
    /// throw its typed error.
    func zoomFromCode() {
        guard !zoomLedgers.isEmpty else { return }
        let zoomLedger = zoomLedgers[input.below(zoomLedgers.count)]
        guard let scrollView = zoomLedger.scrollView else { return }
        let animated = input.chance(128)
        switch input.below(7) {
        case 0:
            let scale = [0, -1, .nan, .infinity, 0.1 + Double(input.byte()) / 40][input.below(5)]
            log?("\(scrollView).setZoomScale(\(scale), animated: \(animated))")
            scrollView.setZoomScale(scale, animated: animated)
        case 1:
            let rect = Rect(x: Double(input.byte()), y: Double(input.byte()),
                            width: Double(input.byte()) - 8, height: Double(input.byte()) - 8)
            log?("\(scrollView).zoom(to: \(rect), animated: \(animated))")
            do {
                try scrollView.zoom(to: rect, animated: animated)
                if rect.size.width <= 0 || rect.size.height <= 0 { ledger.fail("zoom(to: \(rect)) was not refused") }
            } catch {
                if rect.size.width > 0 && rect.size.height > 0 { ledger.fail("zoom(to: \(rect)) was refused: \(error)") }
            }
        case 2, 3:
            let value = [0, -2, .nan, 0.25, 0.5, 1, 2, 4][input.below(8)]
            let minimum = input.chance(128)
            log?("\(scrollView).set\(minimum ? "Minimum" : "Maximum")ZoomScale(\(value))")
            do {
                if minimum { try scrollView.setMinimumZoomScale(value) } else { try scrollView.setMaximumZoomScale(value) }
                if !(value > 0) { ledger.fail("a zoom limit \(value) was not refused") }
                zoomLedger.limitsEditedSinceZoom = true
            } catch {
                if value > 0 { ledger.fail("a zoom limit \(value) was refused: \(error)") }
            }
        case 4:
            scrollView.bouncesZoom.toggle()
        case 5:
            let view = randomView()
            log?("\(scrollView).setZoomView(\(view.map { "\($0)" } ?? "nil"))")
            do {
                try scrollView.setZoomView(view)
                if let view, view.superview !== scrollView { ledger.fail("a zoom view outside \(scrollView) was taken") }
            } catch {
                if view == nil || view?.superview === scrollView { ledger.fail("a direct subview was refused as zoom view") }
            }
        default:
            let offset = Point(x: Double(input.byte()), y: Double(input.byte()))
            log?("\(scrollView).setContentOffset(\(offset), animated: \(animated))")
            scrollView.setContentOffset(offset, animated: animated)
        }
    }

    /// After the stream's end: no zoom under way, and a scale is within its limits unless they
    /// were edited, its zoom view left or it left its window since the last zoom began, or the
    /// zoom view is gone.
    func checkZoomsAtRest() {
        for zoomLedger in zoomLedgers {
            guard let scrollView = zoomLedger.scrollView else { continue }
            if scrollView.isZooming || scrollView.isZoomBouncing {
                ledger.fail("\(scrollView) still zooming (\(scrollView.isZooming)) or bouncing (\(scrollView.isZoomBouncing)) at the end")
            }
            let s = scrollView.zoomScale
            guard !zoomLedger.limitsEditedSinceZoom, !zoomLedger.zoomViewLeftSinceZoom,
                  !zoomLedger.leftWindowSinceZoom,
                  scrollView.zoomView?.superview === scrollView,
                  scrollView.minimumZoomScale <= scrollView.maximumZoomScale else { continue }
            if s < scrollView.minimumZoomScale || s > scrollView.maximumZoomScale {
                ledger.fail("\(scrollView) rests at scale \(s) outside [\(scrollView.minimumZoomScale), \(scrollView.maximumZoomScale)]")
            }
        }
    }
}
