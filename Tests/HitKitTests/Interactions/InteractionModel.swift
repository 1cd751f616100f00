@testable import HitKit

// An executable model of Behaviour A11 (context menus, drag and drop) and the two A10 keys it
// takes (Escape, the Menu key and Shift-F10), written from SPEC.md and Apple's documentation of
// UIContextMenuInteraction / UIDragInteraction / UIDropInteraction, not from HitKit's code. It
// covers one touch at a time (a finger, or a pointer pressed with the primary or the secondary
// button), views without recognizers, integral geometry, and the API edits of the random test.
// Its log lines are those of `ModelWorld.Recorders` (the differential test's delegates).

/// An integral point in window coordinates (the window sits at the screen's origin).
struct IPoint: Hashable, CustomStringConvertible {
    var x: Int
    var y: Int
    var description: String { "(\(x), \(y))" }

    /// Whether `other` is more than `allowance` pt from this point (exactly on it is within).
    func isFarther(than allowance: Int, from other: IPoint) -> Bool {
        let dx = x - other.x, dy = y - other.y
        return dx * dx + dy * dy > allowance * allowance
    }
}

/// An integral rectangle; its maximum edges are outside (A1).
struct IRect: Hashable {
    var x, y, w, h: Int
    func contains(_ p: IPoint) -> Bool { p.x >= x && p.x < x + w && p.y >= y && p.y < y + h }
}

/// The world a random test builds: views in one window, each with at most one interaction of
/// each kind, and the delegates' fixed answers.
struct WorldSpec {
    enum MenuAnswer { case none, empty, items([ItemSpec]) }
    struct ItemSpec { var id: String; var frame: IRect; var enabled: Bool }
    struct DragSpec { var items: Int; var allowsMove: Bool; var simultaneous = false }
    struct DropSpec { var canHandle: Bool; var proposal: DropProposal }
    struct ViewSpec {
        var parent: Int?              // nil: the window
        var frame: IRect              // in the parent's coordinates
        var menu: MenuAnswer?
        var drag: DragSpec?
        var drop: DropSpec?
        var longPress = false         // a LongPressGestureRecognizer, added before the interactions
        var pan = false               // a PanGestureRecognizer, added after the long press
    }
    var views: [ViewSpec]
    var firstResponder: Int?
}

enum KeyKind: CaseIterable, CustomStringConvertible {
    case escape, menu, shiftF10
    var description: String { switch self { case .escape: "Escape"; case .menu: "Menu"; case .shiftF10: "Shift-F10" } }
}

enum InteractionKind: CaseIterable { case menu, drag, drop }

/// One step of a random test: a frame of input at `time`, the clock moved, or an edit through the
/// API between frames.
enum ModelOp: CustomStringConvertible {
    case fingerDown(Int, IPoint), fingerMove(Int, IPoint), fingerUp(Int), fingerCancel(Int)
    case pointerDown(IPoint, secondary: Bool), pointerMove(IPoint), pointerUp
    case wait
    case key(KeyKind)
    case hide(Int), removeView(Int), removeInteraction(Int, InteractionKind), dismissMenu(Int)

    var description: String {
        switch self {
        case let .fingerDown(id, p): "finger \(id) down \(p)"
        case let .fingerMove(id, p): "finger \(id) move \(p)"
        case let .fingerUp(id): "finger \(id) up"
        case let .fingerCancel(id): "finger \(id) cancelled"
        case let .pointerDown(p, secondary): "pointer \(secondary ? "secondary" : "primary") down \(p)"
        case let .pointerMove(p): "pointer move \(p)"
        case .pointerUp: "pointer up"
        case .wait: "wait"
        case let .key(k): "key \(k)"
        case let .hide(v): "hide v\(v)"
        case let .removeView(v): "remove v\(v)"
        case let .removeInteraction(v, k): "remove \(k) of v\(v)"
        case let .dismissMenu(v): "dismissMenu() of v\(v)"
        }
    }
}

/// What is compared after every step.
struct Observation: Equatable, CustomStringConvertible {
    var lines: [String]
    var recognizerLines: [String]
    var openMenu: String?          // "m<view>" plus " compact"
    var sessions: [String]         // "d<view> lifted" / "d<view> begun"
    var unhandledKeys: [Int]
    var description: String {
        "lines \(lines)\n      recognizers \(recognizerLines)\n      open menu \(openMenu ?? "none"), sessions \(sessions), unhandled keys \(unhandledKeys)"
    }
}

/// The model.
final class InteractionModel {
    // MARK: World
    struct MView {
        var parent: Int?
        var frame: IRect
        var hidden = false
        var inWindow = true
        var menu: WorldSpec.MenuAnswer?
        var drag: WorldSpec.DragSpec?
        var drop: WorldSpec.DropSpec?
        var longPress: Bool
        var pan: Bool
    }
    var views: [MView]
    let firstResponder: Int?
    var lines: [String] = []
    /// The recognizers' state changes, compared as a channel of their own (their order relative
    /// to the interactions' lines within a frame is not compared).
    var recognizerLines: [String] = []
    var unhandled: [Int] = []
    var now = 0.0

    init(_ spec: WorldSpec) {
        views = spec.views.map { MView(parent: $0.parent, frame: $0.frame, menu: $0.menu, drag: $0.drag, drop: $0.drop,
                                   longPress: $0.longPress, pan: $0.pan) }
        firstResponder = spec.firstResponder
    }

    func origin(_ v: Int) -> IPoint {
        var p = IPoint(x: views[v].frame.x, y: views[v].frame.y)
        if let parent = views[v].parent { let o = origin(parent); p.x += o.x; p.y += o.y }
        return p
    }

    func absoluteFrame(_ v: Int) -> IRect {
        let o = origin(v)
        return IRect(x: o.x, y: o.y, w: views[v].frame.w, h: views[v].frame.h)
    }

    func children(of parent: Int?) -> [Int] {
        views.indices.filter { views[$0].parent == parent && views[$0].inWindow }
    }

    /// A2: the frontmost deepest visible view containing `p` (nil: the window).
    func hitTest(_ p: IPoint, in parent: Int? = nil) -> Int? {
        for c in children(of: parent).reversed() where !views[c].hidden && absoluteFrame(c).contains(p) {
            return hitTest(p, in: c) ?? c
        }
        return nil
    }

    /// The view and its superviews, innermost first (the window has no interactions).
    func chain(_ v: Int?) -> [Int] {
        var out: [Int] = []
        var cur = v
        while let c = cur { out.append(c); cur = views[c].parent }
        return out
    }

    func isInWindow(_ v: Int) -> Bool { views[v].inWindow }

    // MARK: Delegates (the recorded lines)
    func askMenu(_ v: Int, at p: IPoint) -> WorldSpec.MenuAnswer {
        let o = origin(v)
        return askMenu(v, atX: Double(p.x - o.x), y: Double(p.y - o.y))
    }

    /// Asks `v`'s menu at a location in `v`'s coordinates.
    func askMenu(_ v: Int, atX x: Double, y: Double) -> WorldSpec.MenuAnswer {
        let answer = views[v].menu ?? .none
        if case .none = answer {
            lines.append("m\(v) nil")
        } else {
            lines.append("m\(v) configuration \(x) \(y)")
        }
        return answer
    }

    func askItems(_ v: Int) -> Bool {
        let n = views[v].drag!.items
        lines.append("d\(v) itemsForBeginning \(n)")
        return n > 0
    }

    // MARK: Touches, menus and sessions
    enum MenuAttempt: Equatable { case waiting([Int]), failed, attempt(Int, hasItems: Bool) }
    enum DragState: Equatable { case waiting, failed, lifted(Int, at: IPoint, time: Double), session, over }
    enum Owner: Equatable { case none, presentingMenu, compactClick, menuTouch, consumed, drag, recognizer }

    enum RecognizerKind: String { case pan, longPress = "lp" }
    enum RecognizerState: String { case possible, began, changed, ended, cancelled, failed }
    final class Recognizer {
        let view: Int
        let kind: RecognizerKind
        var state = RecognizerState.possible
        /// Where a pan that wanted to begin while a menu was pending was (A4 a: it stays pending
        /// and goes ahead when the menu fails).
        var pendingAt: IPoint?
        init(view: Int, kind: RecognizerKind) { self.view = view; self.kind = kind }
        var name: String { "\(kind.rawValue)\(view)" }
    }

    final class MTouch {
        let id: Int
        let isPointer: Bool
        let isSecondary: Bool
        let start: IPoint
        var location: IPoint
        let began: Double
        let hit: Int?
        var viewHasTouch = false
        var menu: MenuAttempt
        var drags: [Int]
        var drag: DragState = .waiting
        var owner: Owner = .none
        var presentedAt: IPoint?
        /// The drag a presented menu may turn into: chosen at the presentation, which fails every
        /// other interaction sharing the touch (A11 One owner).
        var turnDrag: Int?
        /// The recognizers sharing the touch, in priority order (A3 step 1).
        var recognizers: [Recognizer] = []
        var hadLift = false
        var chainViews: [Int] = []
        init(id: Int, isPointer: Bool, isSecondary: Bool, at p: IPoint, time: Double, hit: Int?, menus: [Int], drags: [Int]) {
            self.id = id; self.isPointer = isPointer; self.isSecondary = isSecondary
            start = p; location = p; began = time; self.hit = hit
            menu = menus.isEmpty ? .failed : .waiting(menus)
            self.drags = drags
        }
        var allowance: Int { isPointer ? 3 : 10 }
    }

    struct OpenMenu {
        var view: Int
        var compact: Bool
        var items: [WorldSpec.ItemSpec]
        var itemUnder: [Int: Int?] = [:]    // touch id → enabled item under it
    }

    final class Session {
        let source: Int
        let touch: MTouch
        var begun = false
        var target: Int?
        var proposal: DropProposal = .cancel
        var kept: [Int: Bool] = [:]
        var entered: [Int] = []
        init(source: Int, touch: MTouch) { self.source = source; self.touch = touch }
    }

    var touch: MTouch?
    var openMenu: OpenMenu?
    var session: Session?

    var menuPending: Bool {
        guard let t = touch else { return false }
        switch t.menu { case .waiting, .attempt: return true; case .failed: return false }
    }

    func enabledItem(at p: IPoint) -> Int? {
        openMenu?.items.firstIndex { $0.enabled && $0.frame.contains(p) }
    }

    /// Whether `t` belongs to the open menu (presented it, or was pressed on an item).
    func belongsToMenu(_ t: MTouch) -> Bool { openMenu?.itemUnder.keys.contains(t.id) ?? false }

    /// Follows the enabled item under a touch of the menu: entering one highlights it.
    func track(_ t: MTouch, joining: Bool = false) {
        guard openMenu != nil, joining || belongsToMenu(t) else { return }
        let item = enabledItem(at: t.location)
        let before = openMenu!.itemUnder[t.id] ?? nil
        openMenu!.itemUnder.updateValue(item, forKey: t.id)
        if let item, item != before { lines.append("m\(openMenu!.view) highlight \(openMenu!.items[item].id)") }
    }

    func closeMenu() {
        guard let open = openMenu else { return }
        openMenu = nil
        lines.append("m\(open.view) willEnd")
    }

    func endAttempt(_ t: MTouch) {
        if case .attempt(let v, _) = t.menu { lines.append("m\(v) willEnd") }
        t.menu = .failed
    }

    // MARK: Recognizers
    func set(_ r: Recognizer, _ state: RecognizerState) {
        r.state = state
        recognizerLines.append("\(r.name) \(state.rawValue)")
    }

    /// A4 c: a possible recognizer fails, a begun one is cancelled.
    func stop(_ r: Recognizer) {
        switch r.state {
        case .possible: set(r, .failed)
        case .began, .changed: set(r, .cancelled)
        default: break
        }
    }

    /// Whether `r` would begin now: a pan that has moved 10 pt, a long press held 0.5 s within
    /// 10 pt (after a lift, not before 1.0 s from touch-down).
    func isReady(_ r: Recognizer, _ t: MTouch) -> Bool {
        guard r.state == .possible, isInWindow(r.view) else { return false }
        switch r.kind {
        case .pan: return r.pendingAt != nil || distanceSquared(t.location, t.start) >= 100
        case .longPress: return now >= t.began + (t.hadLift ? 1.0 : 0.5) - 1e-9
        }
    }

    func distanceSquared(_ a: IPoint, _ b: IPoint) -> Int { (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) }

    /// Step 3 for the recognizers: those ready begin, in priority order, unless they wait for a
    /// pending menu (A11: long presses and pans wait for it as if required to fail).
    func resolveRecognizers(_ t: MTouch) {
        guard t.owner == .none || (t.owner == .drag && t.drag != .session), !menuPending else { return }
        for r in t.recognizers where isReady(r, t) {
            if t.owner == .drag, r.kind != .longPress { continue }
            begin(r, t)
            return
        }
    }

    /// A presentation or a lift takes the touch: the view hears no more of it (step 4).
    func take(_ t: MTouch, as owner: Owner) {
        t.owner = owner
        switch owner {
        case .presentingMenu: t.recognizers.forEach(stop)
        case .drag: t.recognizers.filter { $0.kind != .longPress }.forEach(stop)
        default: break
        }
        if t.viewHasTouch, let v = t.hit { lines.append("v\(v) cancelled"); t.viewHasTouch = false }
    }

    // MARK: Timers
    /// Fires the timers due by `time`, each as a frame of its own, in time order.
    func fireTimers(through time: Double) {
        while let t = touch {
            var due: [(Double, Int)] = []
            if case .waiting = t.menu { due.append((t.began + 0.15, 0)) }
            if case .attempt = t.menu { due.append((t.began + 0.325, 1)) }
            if t.drag == .waiting, t.owner == .none, !t.isSecondary { due.append((t.began + 0.325, 2)) }
            if case .lifted(_, _, let liftTime) = t.drag { due.append((liftTime + 3, 3)) }
            if t.recognizers.contains(where: { $0.kind == .longPress && $0.state == .possible }) {
                // The long press's own time (0.5 s), then a lift's hold (1.0 s).
                for fire in [t.began + 0.5, t.hadLift ? t.began + 1.0 : -1] where fire > now + 1e-9 {
                    due.append((fire, 4))
                    break
                }
            }
            guard let next = due.min(by: { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }), next.0 <= time + 1e-9 else { return }
            now = next.0
            switch next.1 {
            case 0: askAtConfigurationDelay(t)
            case 1: presentOrEnd(t)
            case 2: if menuPending { t.drag = .failed } else { lift(t) }   // never: the menu timers come first
            case 3: cancelLift(t)
            default:
                resolveRecognizers(t)
                // A long press whose time came while it is held back waits where it is (A4 a).
                for r in t.recognizers where r.kind == .longPress && r.state == .possible && r.pendingAt == nil
                    && now >= t.began + 0.5 - 1e-9 { r.pendingAt = t.location }
            }
            retarget(moved: false)
        }
    }

    func askAtConfigurationDelay(_ t: MTouch) {
        guard case .waiting(let menus) = t.menu else { return }
        for v in menus where isInWindow(v) && views[v].menu != nil {
            if let open = openMenu, open.view == v { continue }
            switch askMenu(v, at: t.location) {
            case .none: continue
            case .empty: t.menu = .attempt(v, hasItems: false); return
            case .items: t.menu = .attempt(v, hasItems: true); return
            }
        }
        t.menu = .failed
        resolveRecognizers(t)
    }

    func presentOrEnd(_ t: MTouch) {
        guard case .attempt(let v, let hasItems) = t.menu else { return }
        if !hasItems || openMenu != nil { endAttempt(t); resolveRecognizers(t); return }
        t.menu = .failed
        lines.append("m\(v) willDisplay")
        guard case .items(let items) = views[v].menu! else { return }
        openMenu = OpenMenu(view: v, compact: false, items: items)
        t.presentedAt = t.location
        t.turnDrag = t.drags.first { isInWindow($0) && views[$0].drag != nil }
        t.drag = .failed
        track(t, joining: true)
        take(t, as: .presentingMenu)
    }

    /// At 0.325 s: each drag on the chain, innermost first, until one has items.
    func lift(_ t: MTouch) {
        var lifts: [Int] = []
        for v in t.drags where isInWindow(v) && views[v].drag != nil {
            if askItems(v) {
                liftOne(v, t, at: t.location)
                lifts.append(v)
                break   // A11 One owner: a lift, simultaneous or not, fails the other drags.
            }
        }
        if lifts.isEmpty { t.drag = .failed } else { settle(lifts, t) }
    }

    func liftOne(_ v: Int, _ t: MTouch, at p: IPoint) {
        lines.append("d\(v) lift")
        t.drag = .lifted(v, at: p, time: now)
        t.hadLift = true
        session = Session(source: v, touch: t)
    }

    /// The frame's lift (at most one: A11 **One owner**, a lift fails every other interaction
    /// sharing the touch, simultaneous or not). A lift that is not simultaneous takes the touch.
    func settle(_ lifts: [Int], _ t: MTouch) {
        for earlier in lifts.dropLast() {
            lines.append("d\(earlier) willEnd cancel")
            lines.append("d\(earlier) didEnd cancel")
        }
        if let winner = lifts.last, !views[winner].drag!.simultaneous { take(t, as: .drag) }
    }

    var simultaneousLiftUnderWay: Bool {
        guard let t = touch, case .lifted(let d, _, _) = t.drag else { return false }
        return views[d].drag?.simultaneous == true
    }

    func cancelLift(_ t: MTouch) {
        guard case .lifted(let v, _, _) = t.drag else { return }
        lines.append("d\(v) willEnd cancel")
        lines.append("d\(v) didEnd cancel")
        t.drag = .over
        session = nil
    }

    /// A lift ended by Escape or by its interaction's removal, its touch still down: "after the
    /// lift, a long press sharing the touch cannot begin before 1.0 s from touch-down" still holds
    /// a long press back until then.
    func cancelLiftKeepingTouch(_ t: MTouch) {
        guard case .lifted = t.drag else { return }
        cancelLift(t)
        resolveRecognizers(t)
    }

    // MARK: Frames
    func fingerDown(_ id: Int, _ p: IPoint, at time: Double, pointer: Bool = false, secondary: Bool = false) {
        fireTimers(through: time); now = time
        let hit = hitTest(p)
        let chainViews = chain(hit)
        let t = MTouch(id: id, isPointer: pointer, isSecondary: secondary, at: p, time: time, hit: hit,
                       menus: secondary ? [] : chainViews.filter { views[$0].menu != nil },
                       drags: secondary ? [] : chainViews.filter { views[$0].drag != nil })
        touch = t
        t.chainViews = chainViews
        if let open = openMenu {
            if open.items.contains(where: { $0.frame.contains(p) }) {
                t.menu = .failed; t.drag = .failed; t.owner = .menuTouch
                track(t, joining: true)
            } else {
                closeMenu()
                t.menu = .failed; t.drag = .failed; t.owner = .consumed
            }
            retarget(moved: false)
            return
        }
        if secondary {
            t.drag = .failed
            for v in chainViews where views[v].menu != nil {
                switch askMenu(v, at: p) {
                case .none: continue
                case .empty: lines.append("m\(v) willEnd")
                case .items(let items):
                    lines.append("m\(v) willDisplay")
                    openMenu = OpenMenu(view: v, compact: true, items: items)
                    t.owner = .compactClick
                    retarget(moved: false)
                    return
                }
            }
        }
        if !secondary {
            for v in chainViews {
                if views[v].pan { t.recognizers.append(Recognizer(view: v, kind: .pan)) }
                if views[v].longPress { t.recognizers.append(Recognizer(view: v, kind: .longPress)) }
            }
        }
        if let v = hit { lines.append("v\(v) began"); t.viewHasTouch = true }
        retarget(moved: false)
    }

    func move(to p: IPoint, at time: Double) {
        fireTimers(through: time); now = time
        guard let t = touch else { return }
        let moved = p != t.location
        // A pointer state at the click's location is no move of the click (A8: "moves while a
        // button is held move it"); a finger's `moved` phase is delivered as given.
        if t.isPointer, !moved { return }
        t.location = p
        switch t.owner {
        case .consumed, .compactClick:
            break
        case .menuTouch:
            track(t)
        case .presentingMenu:
            // The menu follows the item under the touch at every move, then the move may turn it
            // into a drag (the SPEC orders neither; HitKit's documented reading).
            track(t)
            if let at = t.presentedAt, p.isFarther(than: 10, from: at), belongsToMenu(t),
               let d = t.turnDrag, isInWindow(d), views[d].drag != nil {
                closeMenu()
                t.owner = .consumed
                if askItems(d) {
                    lines.append("d\(d) lift")
                    session = Session(source: d, touch: t)
                    t.owner = .drag
                    beginSession(t)
                }
            } else {
                track(t)
            }
        case .recognizer:
            // "Changed on moves" (A4): a finger's `moved` phase is a move even where it stays
            // (the SPEC does not say; HitKit's reading).
            for r in t.recognizers where r.state == .began || r.state == .changed { set(r, .changed) }
        case .drag:
            failLongPressesThatMoved(t)
            if case .lifted(_, let at, _) = t.drag, p.isFarther(than: 10, from: at) {
                beginSession(t)
            } else if t.drag == .session, moved {
                lines.append("d\(session!.source) sessionDidMove")
                retarget(moved: true)
            }
        case .none:
            // Step 2: a pending attempt that passes its allowance ends there, before any line of
            // step 3 (A11), so it holds no pan back in step 3 (a click's drag passes the
            // pointer's 3 pt, so it ends the menus pending on its chain too).
            let far = p.isFarther(than: t.allowance, from: t.start)
            if far {
                switch t.menu {
                case .attempt: endAttempt(t)
                case .waiting: t.menu = .failed
                case .failed: break
                }
            }
            // Step 3 in priority order (A4 d; within a view: drag, menu, pan, long press, the
            // latest added first): a click's drag (more than 3 pt before 0.325 s) lifts; a pan
            // that has moved 10 pt begins unless a menu is still pending, in its own place, one
            // that waited for the menu included; a long press past 10 pt fails.
            if !t.isPointer, t.drag == .waiting, p.isFarther(than: 10, from: t.start) { t.drag = .failed }
            let clickDrags = t.isPointer && t.drag == .waiting && now < t.began + 0.325 - 1e-9 && p.isFarther(than: 3, from: t.start)
            var lifts: [Int] = []
            for v in t.chainViews {
                if clickDrags, lifts.isEmpty, t.owner == .none, t.drag == .waiting || simultaneousLiftUnderWay,
                   t.drags.contains(v), isInWindow(v), views[v].drag != nil, askItems(v) {
                    liftOne(v, t, at: t.start)
                    lifts.append(v)   // One owner, as at the timed lift: no other drag is asked.
                    settle(lifts, t)
                }
                for r in t.recognizers where r.view == v {
                    if r.kind == .pan, t.owner == .none, isReady(r, t) {
                        if menuPending { r.pendingAt = r.pendingAt ?? p } else { begin(r, t) }
                    }
                    if r.kind == .longPress, r.state == .possible, p.isFarther(than: 10, from: t.start) { set(r, .failed) }
                }
            }
            let lifted = !lifts.isEmpty
            if t.owner == .none { resolveRecognizers(t) }
            if clickDrags, t.drag == .waiting, !lifted, t.owner == .none { t.drag = .failed }
            if t.viewHasTouch, let v = t.hit { lines.append("v\(v) moved") }
            // A simultaneous lift's session begins as any: more than 10 pt from the lift (a
            // click's at once); a recognizer that began meanwhile cancelled the lift.
            if case .lifted(_, let at, _) = t.drag, lifted || p.isFarther(than: 10, from: at) { beginSession(t) }
        }
    }

    func failLongPressesThatMoved(_ t: MTouch) {
        for r in t.recognizers where r.kind == .longPress && r.state == .possible && t.location.isFarther(than: 10, from: t.start) {
            set(r, .failed)
        }
    }

    /// A recognizer begins: it excludes the others, ends the lift or the arming drag, and takes
    /// the touch from its view (cancelsTouchesInView).
    func begin(_ r: Recognizer, _ t: MTouch) {
        set(r, .began)
        for other in t.recognizers where other !== r { stop(other) }
        // A pending pan whose touch moved while it waited reports that move at once.
        if let at = r.pendingAt, at != t.location { set(r, .changed) }
        if case .lifted = t.drag { cancelLift(t) }
        if t.drag == .waiting { t.drag = .failed }
        take(t, as: .recognizer)
    }

    func beginSession(_ t: MTouch) {
        guard let s = session else { return }
        s.begun = true
        t.drag = .session
        lines.append("d\(s.source) sessionWillBegin")
        t.recognizers.forEach(stop)
        t.owner = .drag
        if t.viewHasTouch, let v = t.hit { lines.append("v\(v) cancelled"); t.viewHasTouch = false }
        retarget(moved: true)
    }

    func up(at time: Double) {
        fireTimers(through: time); now = time
        guard let t = touch else { return }
        touch = nil
        switch t.owner {
        case .consumed, .compactClick:
            break
        case .menuTouch, .presentingMenu:
            if let open = openMenu, belongsToMenu(t), let item = enabledItem(at: t.location) {
                closeMenu()
                lines.append("m\(open.view) perform \(open.items[item].id)")
            } else {
                openMenu?.itemUnder[t.id] = nil
            }
        case .drag:
            t.recognizers.forEach(stop)
            if t.drag == .session { endSession(dropping: true) } else { cancelLift(t) }
        case .recognizer:
            for r in t.recognizers where r.state == .began || r.state == .changed { set(r, .ended) }
        case .none:
            endAttempt(t)
            cancelLift(t)
            // A pan that wanted to begin while the menu was pending goes ahead when the lift ends
            // the attempt (A4 a), and ends with its touch: the view's end comes as cancelled (A4 h).
            if let pan = t.recognizers.first(where: { $0.kind == .pan && $0.state == .possible && $0.pendingAt != nil }) {
                set(pan, .began)
                for other in t.recognizers where other !== pan { stop(other) }
                // It reports the move made while it waited at once, as `begin` does.
                if pan.pendingAt != t.location { set(pan, .changed) }
                set(pan, .ended)
                if t.viewHasTouch, let v = t.hit { lines.append("v\(v) cancelled") }
                return
            }
            t.recognizers.forEach(stop)
            if t.viewHasTouch, let v = t.hit { lines.append("v\(v) ended") }
        }
    }

    func cancelTouch(at time: Double) {
        fireTimers(through: time); now = time
        guard let t = touch else { return }
        touch = nil
        switch t.owner {
        case .consumed, .compactClick: break
        case .menuTouch, .presentingMenu: openMenu?.itemUnder[t.id] = nil
        case .drag:
            t.recognizers.forEach(stop)
            if t.drag == .session { endSession(dropping: false) } else { cancelLift(t) }
        case .recognizer:
            t.recognizers.forEach(stop)
        case .none:
            endAttempt(t)
            cancelLift(t)
            t.recognizers.forEach(stop)
            if t.viewHasTouch, let v = t.hit { lines.append("v\(v) cancelled") }
        }
    }

    /// Ends the session: a drop when lifted over a target that proposes copy (or move, allowed).
    func endSession(dropping: Bool) {
        guard let s = session else { return }
        session = nil
        s.touch.drag = .over
        let allowsMove = views[s.source].drag?.allowsMove ?? sourceAllowsMove[s.source] ?? true
        let operation: DropOperation? = switch s.proposal {
        case .copy: .copy
        case .move: allowsMove ? .move : nil
        default: nil
        }
        if dropping, let target = s.target, let operation {
            lines.append("p\(target) performDrop")
            lines.append("d\(s.source) willEnd \(operation)")
            lines.append("p\(target) concludeDrop")
            lines.append("d\(s.source) didEnd \(operation)")
        } else {
            if let target = s.target { lines.append("p\(target) exit") }
            lines.append("d\(s.source) willEnd cancel")
            lines.append("d\(s.source) didEnd cancel")
        }
        for p in s.entered { lines.append("p\(p) sessionDidEnd") }
    }

    /// The source's `allowsMove`, kept when its interaction is removed (the session keeps it).
    var sourceAllowsMove: [Int: Bool] = [:]

    /// A11 targeting: the first candidate on the hit view's chain that can handle the session.
    func retarget(moved: Bool) {
        guard let s = session, s.begun else { return }
        let candidates = chain(hitTest(s.touch.location)).filter { views[$0].drop != nil }
        s.kept = s.kept.filter { candidates.contains($0.key) }
        var found: Int?
        for c in candidates {
            let answer: Bool
            if let kept = s.kept[c] {
                answer = kept
            } else {
                answer = views[c].drop!.canHandle
                lines.append("p\(c) canHandle \(answer)")
                s.kept[c] = answer
            }
            if answer { found = c; break }
        }
        if found != s.target {
            if let old = s.target { lines.append("p\(old) exit") }
            s.target = found
            s.proposal = .cancel
            if let new = found {
                lines.append("p\(new) enter")
                if !s.entered.contains(new) { s.entered.append(new) }
                update(s, new)
            }
        } else if let target = found, moved {
            update(s, target)
        }
    }

    func update(_ s: Session, _ target: Int) {
        let proposal = views[target].drop!.proposal
        lines.append("p\(target) update \(proposal)")
        s.proposal = proposal
    }

    // MARK: Keys
    func key(_ kind: KeyKind, at time: Double) {
        fireTimers(through: time); now = time
        retarget(moved: false)
        switch kind {
        case .escape:
            if openMenu != nil { closeMenu(); return }
            if let s = session {
                if s.begun { endSession(dropping: false) } else { cancelLiftKeepingTouch(s.touch) }
                return
            }
            unhandled = [0]
        case .menu, .shiftF10:
            if openMenu != nil { unhandled = [0]; return }
            // A recognizer that waited for an attempt the key ended proceeds after the key's
            // menu (HitKit resolves once the key is done; the SPEC does not order the two).
            defer { if let t = touch { resolveRecognizers(t) } }
            for v in chain(firstResponder.flatMap { isInWindow($0) ? $0 : nil }) where views[v].menu != nil {
                // An interaction answers for one menu at a time: the held touch's attempt ends.
                if let t = touch, case .attempt(v, _) = t.menu { endAttempt(t) }
                // Only the interaction asked stops waiting: the others on the touch's chain are
                // still asked at 0.15 s (HitKit's reading; the SPEC says nothing of them).
                if let t = touch, case .waiting(let menus) = t.menu, menus.contains(v) {
                    let left = menus.filter { $0 != v }
                    t.menu = left.isEmpty ? .failed : .waiting(left)
                }
                switch askMenu(v, atX: Double(views[v].frame.w) / 2, y: Double(views[v].frame.h) / 2) {
                case .none: continue
                case .empty: lines.append("m\(v) willEnd")
                case .items(let items):
                    lines.append("m\(v) willDisplay")
                    openMenu = OpenMenu(view: v, compact: true, items: items)
                    return
                }
            }
            unhandled = [0]
        }
    }

    // MARK: Edits
    func hide(_ v: Int) {
        views[v].hidden = true
        retarget(moved: false)
    }

    func removeView(_ v: Int) {
        var removed: Set<Int> = []
        func collect(_ x: Int) { removed.insert(x); for c in children(of: x) { collect(c) } }
        if views[v].inWindow { collect(v) }
        // A menu whose view leaves is dismissed before the touches are cancelled (the SPEC orders
        // neither; HitKit's reading: the interaction goes first, then A3's cancellation).
        if let open = openMenu, removed.contains(open.view) { closeMenu() }
        if let t = touch, t.viewHasTouch, let h = t.hit, removed.contains(h) {
            lines.append("v\(h) cancelled"); t.viewHasTouch = false
        }
        if let t = touch { for r in t.recognizers where removed.contains(r.view) { stop(r) } }
        for x in removed {
            if let d = views[x].drag { sourceAllowsMove[x] = d.allowsMove }
            views[x].inWindow = false
        }
        interactionsLeft(removed, kinds: Set(InteractionKind.allCases))
    }

    func removeInteraction(_ v: Int, _ kind: InteractionKind) {
        guard isInWindow(v) else { return }
        switch kind {
        case .menu: guard views[v].menu != nil else { return }
        case .drag: guard let d = views[v].drag else { return }; sourceAllowsMove[v] = d.allowsMove
        case .drop: guard views[v].drop != nil else { return }
        }
        interactionsLeft([v], kinds: [kind])
        switch kind {
        case .menu: views[v].menu = nil
        case .drag: views[v].drag = nil
        case .drop: views[v].drop = nil
        }
        retarget(moved: false)
    }

    /// The interactions of `kinds` on `gone` leave: attempts on them end, their menu closes.
    func interactionsLeft(_ gone: Set<Int>, kinds: Set<InteractionKind>) {
        if kinds.contains(.menu) {
            if let t = touch {
                if case .attempt(let a, _) = t.menu, gone.contains(a) { endAttempt(t) }
                if case .waiting(let menus) = t.menu {
                    let left = menus.filter { !gone.contains($0) }
                    t.menu = left.isEmpty ? .failed : .waiting(left)
                }
            }
            if let open = openMenu, gone.contains(open.view) { closeMenu() }
            if let t = touch { resolveRecognizers(t) }
        }
        if kinds.contains(.drag), let t = touch {
            t.drags.removeAll { gone.contains($0) }
            if case .lifted(let d, _, _) = t.drag, gone.contains(d) { cancelLiftKeepingTouch(t) }
        }
        retarget(moved: false)
    }

    func dismissMenu(_ v: Int) {
        if let open = openMenu, open.view == v, views[v].menu != nil { closeMenu() }
    }

    // MARK: Observation
    func observe() -> Observation {
        let open = openMenu.map { "m\($0.view)" + ($0.compact ? " compact" : "") }
        let sessions = session.map { ["d\($0.source) " + ($0.begun ? "begun" : "lifted")] } ?? []
        return Observation(lines: lines, recognizerLines: recognizerLines, openMenu: open, sessions: sessions, unhandledKeys: unhandled)
    }

    func resetStep() { lines = []; recognizerLines = []; unhandled = [] }
}
