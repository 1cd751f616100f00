import HitTestCore
import HitTestReference

/// One forest built twice — into the engine's ``ViewStore`` and into the reference's
/// ``ReferenceView``s and ``ReferenceScreen`` — kept in step by the same edits and asked the same
/// queries, so that any difference between the two answers is a bug in one of them.
///
/// Views go by *keys*: a spec node's index, then one new key per view an edit creates. Keys are
/// never reused, so a destroyed view's key stands for its stale engine handle.
public final class DifferentialHarness {
    /// The engine side.
    public let store: ViewStore
    /// The reference side's windows.
    public internal(set) var screen = ReferenceScreen()
    /// The engine handle issued for each key (stale once that view is destroyed).
    public internal(set) var engineIDs: [ViewID] = []
    /// The reference view of each key, `nil` once destroyed.
    public internal(set) var referenceViews: [ReferenceView?] = []
    /// The spec the forest was built from.
    public let spec: TreeSpec
    /// Every edit applied since, in order (for a reproduction).
    public internal(set) var editLog: [Edit] = []
    /// Runs before every ``check(_:)``: the harness's own tests plant a known difference on the
    /// reference side with it, to prove that mismatches are caught and shrunk. Must be idempotent.
    public var referenceTamper: ((DifferentialHarness) -> Void)?
    var keyOfEngineID: [ViewID: Int] = [:]
    var windowKeys: Set<Int> = []

    /// Builds `spec` into a fresh store and a fresh reference screen.
    public init(spec: TreeSpec) {
        self.spec = spec
        store = ViewStore(capacity: Swift.max(spec.nodes.count, 1))
        // Half the forests answer screen queries through windows' hit maps, built at the first
        // query after each edit; the other half walk.
        if spec.nodes.count % 2 == 1 { store.hitMapPolicy = .eager }
        for node in spec.nodes {
            let key = node.isWindow && node.parent == nil
                ? addWindow(level: node.windowLevel) : addView()
            if let parent = node.parent {
                try! store.addSubview(engineIDs[key], to: engineIDs[parent])
                referenceViews[parent]!.addSubview(referenceViews[key]!)
            }
        }
        // Attributes last: a fixed hit-test answer may name a later node.
        for (key, node) in spec.nodes.enumerated() { setAttributes(node.attributes, of: key) }
    }

    // MARK: Keys

    /// The keys of the views not destroyed, ascending. Kept up to date rather than computed: every
    /// random query and edit draws from it.
    public internal(set) var liveKeys: [Int] = []

    /// Whether the view with `key` exists (was created and not destroyed).
    public func isLive(_ key: Int) -> Bool {
        key >= 0 && key < referenceViews.count && referenceViews[key] != nil
    }

    /// The key of an engine answer (`-1` for a handle the harness never issued: itself a bug).
    public func key(of id: ViewID) -> Int {
        keyOfEngineID[id] ?? -1
    }

    // MARK: Creating views on both sides

    /// Creates a detached plain view on both sides and returns its key.
    @discardableResult
    func addView() -> Int {
        register(try! store.makeView(), isWindow: false)
    }

    /// Creates a window on both sides, shown in front of its level, and returns its key.
    @discardableResult
    func addWindow(level: Double) -> Int {
        let key = register(try! store.makeWindow(level: level), isWindow: true)
        screen.windows.append((window: referenceViews[key]!, level: level))
        return key
    }

    private func register(_ id: ViewID, isWindow: Bool) -> Int {
        let key = engineIDs.count
        engineIDs.append(id)
        referenceViews.append(ReferenceView(id: key))
        liveKeys.append(key)
        keyOfEngineID[id] = key
        if isWindow { windowKeys.insert(key) }
        return key
    }

    // MARK: Attributes

    /// Sets every attribute of the live view `key` on both sides.
    func setAttributes(_ a: ViewAttributes, of key: Int) {
        var plain = a
        plain.hitTestRule = nil
        try! store.setAttributes(plain, of: engineIDs[key], keys: engineIDs)
        referenceViews[key]!.setAttributes(plain, view: referenceLookup)
        setHitTestRule(a.hitTestRule, of: key)
    }

    /// Installs the same `point(inside:)` override on both sides (or removes it with `nil`).
    func setPointInsideRule(_ rule: PointInsideRule?, of key: Int) {
        try! store.setPointInsideRule(rule, of: engineIDs[key])
        referenceViews[key]!.setPointInsideRule(rule)
    }

    /// Installs the same `hitTest` override on both sides (or removes it with `nil`). A fixed
    /// answer naming a destroyed view answers nothing on both sides (a stale handle on the
    /// engine's), and one naming a key never created likewise.
    func setHitTestRule(_ rule: HitTestRule?, of key: Int) {
        var rule = rule
        // Decided now, as the engine's side decides it: a key created later is not the target.
        if case .fixed(let target)? = rule, !(target >= 0 && target < engineIDs.count) { rule = .noAnswer }
        try! store.setHitTestRule(rule, of: engineIDs[key], keys: engineIDs)
        referenceViews[key]!.setHitTestRule(rule, view: referenceLookup)
    }

    /// The live reference view of a key; weak, as the views own the closures that call it.
    private var referenceLookup: (Int) -> ReferenceView? {
        { [weak self] key in
            guard let self, key >= 0, key < self.referenceViews.count else { return nil }
            return self.referenceViews[key]
        }
    }
}
