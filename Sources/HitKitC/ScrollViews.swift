// hk_scroll_view_*: scroll views (Behaviour A6) from C — content size and offset, the content
// touch delay and cancellation flags, the built-in pan as a recognizer handle, and a callback
// each time the offset changes (by the pan, its motion, hk_scroll_view_set_content_offset or
// bounds set through the app's store). Works on scroll views loaded from scenes too.

import CHitKit
import HitKit
import HitTestCore

/// `void (*)(hk_app *, const hk_view *scroll_view, const hk_point *offset, void *)`.
public typealias ScrollCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?,
                                                 UnsafeMutableRawPointer?) -> Void

/// What C attached to one scroll view: the offset callback (reported whenever the offset differs
/// from the last one reported — after the pan's action, at the end of every frame, so motion is
/// reported too, and after the store moved it) and the delegate (ScrollViewDelegates.swift). Kept in the app's table of scroll
/// observers; dropped when both are cleared or the view is destroyed.
final class ScrollObserver {
    private(set) var callback: ScrollCallback?
    private(set) var userData: UserData?
    /// The scroll view's delegate, which it holds weakly.
    var delegate: CScrollViewDelegate?
    let appPointer: UnsafeMutableRawPointer
    /// The app's tag, for the scroll view's handle.
    let owner: OwnerTag
    let delivery: ThreadConfined<DeliveryState>
    /// Not a weak reference: that would give the scroll view a side table, and every retain and
    /// release of it in a delivery the runtime's slow path (the link policy in HitKit's Links.swift).
    private let scrollViewLink: ViewLink<ScrollView>
    var scrollView: ScrollView? { scrollViewLink.object }
    private var lastOffset: Point
    private var panTarget: GestureRecognizer.ID?
    private var frameEnds: ObservationToken?

    init(_ scrollView: ScrollView, appPointer: UnsafeMutableRawPointer, owner: OwnerTag, delivery: ThreadConfined<DeliveryState>) {
        scrollViewLink = ViewLink(scrollView)
        self.appPointer = appPointer
        self.owner = owner
        self.delivery = delivery
        lastOffset = scrollView.contentOffset
    }

    /// Sets (or with `nil` clears) the offset callback.
    func setCallback(_ callback: ScrollCallback?, userData: UserData?) {
        self.callback = callback
        self.userData = userData
        guard let scrollView else { return }
        if callback == nil { return stopReporting() }
        lastOffset = scrollView.contentOffset
        guard panTarget == nil else { return }
        // The scroll view's own pan target moves the offset first (it was added at init).
        panTarget = scrollView.panGestureRecognizer.addTarget { [weak self] _ in self?.reportIfMoved() }
        frameEnds = scrollView.application?.observeFrameEnds { [weak self] _ in self?.reportIfMoved() }
    }

    /// Whether nothing is attached any more.
    var isEmpty: Bool { callback == nil && delegate == nil }

    func reportIfMoved() {
        guard let callback, let scrollView, scrollView.contentOffset != lastOffset else { return }
        lastOffset = scrollView.contentOffset
        withCValue(owner.handle(scrollView.id)) { view in
            withCValue(hk_point(lastOffset)) { offset in delivery.callingOut { callback(appPointer, view, offset, userData?.pointer) } }
        }
    }

    private func stopReporting() {
        if let panTarget { scrollView?.panGestureRecognizer.removeTarget(panTarget) }
        panTarget = nil
        frameEnds?.cancel()
        frameEnds = nil
    }

    func detach() {
        stopReporting()
        if let scrollView, let delegate, scrollView.delegate === delegate { scrollView.delegate = nil }
        delegate = nil
        callback = nil
        userData = nil
    }
}

/// An app's scroll-view attachments (the offset callback and the delegate) by scroll view.
final class ScrollOffsetObservers {
    private var observers: [ViewID: ScrollObserver] = [:]

    /// The scroll view's observer, if anything is attached to it.
    subscript(id: ViewID) -> ScrollObserver? { observers[id] }

    /// Adds `observer` for `id`; the caller checked that there was none.
    func add(_ observer: ScrollObserver, for id: ViewID) { observers[id] = observer }

    /// Removes the scroll view's observer once nothing is attached to it any more.
    func removeIfEmpty(_ id: ViewID) {
        guard let observer = observers[id], observer.isEmpty else { return }
        remove(id)
    }

    func remove(_ id: ViewID) { observers.removeValue(forKey: id)?.detach() }

    func reportIfMoved(_ id: ViewID) { observers[id]?.reportIfMoved() }
}

extension AppBox {
    func scrollView(_ index: Int32, _ generation: UInt32) throws(CFailure) -> ScrollView {
        let view = try view(index, generation, "scroll view")
        guard let scrollView = view as? ScrollView else { throw CFailure(.invalidArgument, "view \(view.id) is not a scroll view") }
        return scrollView
    }
}

/// Runs `body` on the scroll view a C handle names, as one guarded entry point.
func onScrollView(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, reading: Bool = false,
                  _ body: (AppBox, ScrollView) throws(CFailure) -> Void) -> Int32 {
    appCall(app, reading: reading) { box throws(CFailure) in try body(box, try box.scrollView(vi, vg)) }
}

@_cdecl("hk__scroll_view_create")
public func hk__scroll_view_create(_ app: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                                   _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out), rect = try frame(x, y, w, h)
        try box.checkRoomForView()
        box.write(box.hold(ScrollView(frame: rect, in: box.application)), to: out)
    }
}

@_cdecl("hk__scroll_view_set_content_size")
public func hk__scroll_view_set_content_size(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                             _ w: Double, _ h: Double) -> Int32 {
    onScrollView(app, vi, vg) { _, scrollView throws(CFailure) in
        try requireFinite(w, h, what: "content size")
        guard w >= 0, h >= 0 else { throw CFailure(.invalidArgument, "the content size must not be negative") }
        scrollView.contentSize = Size(w, h)
    }
}

@_cdecl("hk__scroll_view_content_size")
public func hk__scroll_view_content_size(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                         _ out: UnsafeMutableRawPointer?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { _, scrollView throws(CFailure) in
        writeC(hk_size(width: scrollView.contentSize.width, height: scrollView.contentSize.height), to: try required(out))
    }
}

@_cdecl("hk__scroll_view_set_content_offset")
public func hk__scroll_view_set_content_offset(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                               _ x: Double, _ y: Double) -> Int32 {
    onScrollView(app, vi, vg) { box, scrollView throws(CFailure) in
        try requireFinite(x, y, what: "content offset")
        try box.checkNotDelivering("hk_scroll_view_set_content_offset")
        scrollView.setContentOffset(Point(x, y), animated: false)
        box.scrollOffsetObservers.reportIfMoved(scrollView.id)
    }
}

@_cdecl("hk__scroll_view_content_offset")
public func hk__scroll_view_content_offset(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                           _ out: UnsafeMutableRawPointer?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { _, scrollView throws(CFailure) in
        writeC(hk_point(scrollView.contentOffset), to: try required(out))
    }
}

@_cdecl("hk__scroll_view_set_delays_content_touches")
public func hk__scroll_view_set_delays_content_touches(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                       _ value: Int32) -> Int32 {
    onScrollView(app, vi, vg) { _, scrollView in scrollView.delaysContentTouches = value != 0 }
}

@_cdecl("hk__scroll_view_set_content_touch_delay")
public func hk__scroll_view_set_content_touch_delay(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                    _ seconds: Double) -> Int32 {
    onScrollView(app, vi, vg) { _, scrollView throws(CFailure) in
        guard seconds.isFinite, seconds >= 0 else { throw CFailure(.invalidArgument, "the delay must be finite and >= 0") }
        scrollView.contentTouchDelay = seconds
    }
}

@_cdecl("hk__scroll_view_set_can_cancel_content_touches")
public func hk__scroll_view_set_can_cancel_content_touches(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                           _ value: Int32) -> Int32 {
    onScrollView(app, vi, vg) { _, scrollView in scrollView.canCancelContentTouches = value != 0 }
}

@_cdecl("hk__scroll_view_pan_gesture")
public func hk__scroll_view_pan_gesture(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                       _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { box, scrollView throws(CFailure) in
        let out = try required(out), pan = scrollView.panGestureRecognizer
        // Destroyed (hk_gesture_destroy), it is no longer the scroll view's.
        guard pan.view === scrollView else { throw CFailure(.notFound, "the scroll view's pan was destroyed") }
        out.pointee = try box.register(pan)
    }
}

@_cdecl("hk__scroll_view_set_offset_callback")
public func hk__scroll_view_set_offset_callback(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                _ callback: ScrollCallback?, _ userData: UnsafeMutableRawPointer?,
                                                _ destroy: DestroyNotify?) -> Int32 {
    onScrollView(app, vi, vg) { box, scrollView in
        let observer = box.scrollObserver(of: scrollView, appPointer: app!)
        observer.setCallback(callback, userData: callback == nil ? nil : UserData(userData, destroy: destroy))
        box.dropScrollObserverIfEmpty(of: scrollView)
    }
}

extension AppBox {
    /// The scroll view's attachments, made (and the view held) on first use.
    func scrollObserver(of scrollView: ScrollView, appPointer: UnsafeMutableRawPointer) -> ScrollObserver {
        if let observer = scrollOffsetObservers[scrollView.id] { return observer }
        let observer = ScrollObserver(scrollView, appPointer: appPointer, owner: ownerTag, delivery: delivery)
        scrollOffsetObservers.add(observer, for: scrollView.id)
        _ = hold(scrollView)
        return observer
    }

    func dropScrollObserverIfEmpty(of scrollView: ScrollView) {
        scrollOffsetObservers.removeIfEmpty(scrollView.id)
    }
}
