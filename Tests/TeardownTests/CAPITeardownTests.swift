import CHitKit
import HitKitC
import Testing

/// The C API's success status.
private let ok = Int32(HK_OK)

/// The same teardowns through the C API's entry points (what a C toolkit calls), on a thread with
/// a 256 KiB stack: a scene loaded into an app and destroyed with `hk_app_destroy`, an app whose
/// chain was built call by call, a store, and a view tree destroyed inside its store.
@Suite("Deep teardown on a small stack, through the C API")
struct CAPITeardownTests {
    @Test func aLoadedScene() throws {
        let file = try DeepSceneFile()
        defer { file.remove() }
        let path = file.path
        let statuses = try SmallStack.run { () -> [Int32] in
            var app: UnsafeMutableRawPointer?
            let loaded = hk_scene_load(path, &app)
            var hit = hk_view()
            let tested = hk__app_hit_test(app, 1, 1, &hit)
            var innermost = hk_view()
            let found = hk_scene_view(app, "v\(DeepSceneFile.deepestChain - 1)", &innermost)
            let same = hit.index == innermost.index && hit.generation == innermost.generation
            return [loaded, tested, found, same ? ok : -1, hk_app_destroy(app)]
        }
        #expect(statuses == [Int32](repeating: ok, count: 5))
    }

    @Test func anAppBuiltCallByCall() throws {
        let depth = DeepSceneFile.deepestChain
        let statuses = try SmallStack.run { () -> [Int32] in
            let app = HitKitC.hk_app_create()
            var parent = hk_view()
            var failures = 0
            if hk__app_window_create(app, 0, 0, 100, 100, 0, &parent) != ok { failures += 1 }
            for _ in 0..<depth {
                var child = hk_view()
                if hk__app_view_create(app, 0, 0, 100, 100, &child) != ok
                    || hk__app_view_add_subview(app, child.index, child.generation, parent.index, parent.generation) != ok {
                    failures += 1
                }
                parent = child
            }
            let views = hk_store_view_count(hk_app_store(app))
            return [Int32(failures), views == depth + 1 ? ok : -1, hk_app_destroy(app)]
        }
        #expect(statuses == [0, ok, ok])
    }

    @Test func aStoreAndAViewTreeInIt() throws {
        let depth = DeepSceneFile.deepestChain
        let statuses = try SmallStack.run { () -> [Int32] in
            let store = HitKitC.hk_store_create()
            var failures = 0
            // Two chains under one window: the first destroyed as a view tree, the second with the store.
            var window = hk_view()
            if hk__window_create(store, 0, 0, 100, 100, 0, &window) != ok { failures += 1 }
            var roots: [hk_view] = []
            for _ in 0..<2 {
                var parent = window
                for level in 0..<depth {
                    var child = hk_view()
                    if hk__view_create(store, 0, 0, 100, 100, &child) != ok
                        || hk__view_add_subview(store, child.index, child.generation, parent.index, parent.generation) != ok {
                        failures += 1
                    }
                    if level == 0 { roots.append(child) }
                    parent = child
                }
            }
            let destroyed = hk__view_destroy(store, roots[0].index, roots[0].generation)
            let left = hk_store_view_count(store)
            return [Int32(failures), destroyed, left == depth + 1 ? ok : -1, hk_store_destroy(store)]
        }
        #expect(statuses == [0, ok, ok, ok])
    }
}
