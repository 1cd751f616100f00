import CHitKit
import HitKit
@testable import HitKitC
import HitTestCore
import Testing

/// Every store and app made through C holds at most HK_MAX_STORE_VIEWS views, the most a C
/// handle can name (its row takes the low 24 bits of `hk_view.index`): one more is refused with
/// HK_ERR_LIMIT and made nowhere, and the views already made go on working. The apps here are
/// made with a lower limit, so the refusals are reached without 16.7 million views; the full
/// limit is checked through the release library by `Scripts/check-c-library.sh`.
@Suite("The C library's view limit")
struct ViewLimitTests {
    let ok = Int32(HK_OK), limit = Int32(HK_ERR_LIMIT)

    @Test func everyStoreAndAppMadeThroughCHoldsAtMostWhatAHandleCanName() throws {
        #expect(Limits.viewsPerStore == Int(HK_MAX_STORE_VIEWS))
        let store = HitKitC.hk_store_create()
        defer { _ = hk_store_destroy(store) }
        #expect(try storeBox(store).store.viewLimit == Int(HK_MAX_STORE_VIEWS))
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        #expect(try appBox(app).store.viewLimit == Int(HK_MAX_STORE_VIEWS))
    }

    @Test func aFullAppRefusesEveryKindOfNewViewAndKeepsWorking() throws {
        let app = try AppBox.register(Application(viewLimit: 2), scene: nil)
        defer { _ = hk_app_destroy(app) }
        var window = hk_view(), view = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == ok)
        #expect(hk__app_view_create(app, 10, 10, 20, 20, &view) == ok)
        #expect(hk__app_view_add_subview(app, view.index, view.generation, window.index, window.generation) == ok)

        var refused = hk_view(index: 7, generation: 7)
        #expect(hk__app_view_create(app, 0, 0, 1, 1, &refused) == limit)
        #expect(String(cString: hk_last_error_message()).contains("already holds 2 views"))
        #expect(hk__app_window_create(app, 0, 0, 1, 1, 0, &refused) == limit)
        #expect(hk__scroll_view_create(app, 0, 0, 1, 1, &refused) == limit)
        #expect(hk__control_create(app, Int32(HK_CONTROL_BUTTON), 0, 0, 1, 1, &refused) == limit)
        #expect(hk__app_focusable_view_create(app, 0, 0, 1, 1, &refused) == limit)
        #expect(try appBox(app).store.liveViewCount == 2, "nothing was made")

        var hit = hk_view()
        #expect(hk__app_hit_test(app, 15, 15, &hit) == ok)
        #expect(hit.index == view.index && hit.generation == view.generation)
        // Destroying a view makes room again, in the freed row.
        #expect(hk__app_view_destroy(app, view.index, view.generation) == ok)
        var again = hk_view()
        #expect(hk__app_view_create(app, 0, 0, 1, 1, &again) == ok)
        #expect(again.index == view.index && again.generation != view.generation)
    }

    /// An engine store refuses its next view itself (the engine's refusal, mapped to
    /// HK_ERR_LIMIT), and the window and view it holds go on working.
    @Test func aFullEngineStoreRefusesTheNextViewOrWindow() throws {
        let store = try handles.register(StoreBox(store: ViewStore(viewLimit: 2)))
        defer { _ = hk_store_destroy(store) }
        var window = hk_view(), view = hk_view()
        #expect(hk__window_create(store, 0, 0, 100, 100, 0, &window) == ok)
        #expect(hk__view_create(store, 10, 10, 20, 20, &view) == ok)
        #expect(hk__view_add_subview(store, view.index, view.generation, window.index, window.generation) == ok)
        var refused = hk_view(index: 7, generation: 7)
        #expect(hk__view_create(store, 0, 0, 1, 1, &refused) == limit)
        #expect(hk__window_create(store, 0, 0, 1, 1, 0, &refused) == limit)
        #expect(refused.index == 7 && refused.generation == 7)
        #expect(HitKitC.hk_store_view_count(store) == 2)
        var hit = hk_view()
        #expect(hk__hit_test_screen(store, 15, 15, &hit) == ok)
        #expect(hit.index == view.index && hit.generation == view.generation)
    }

    @Test func aSceneLoadedThroughCIsBuiltWithTheLimit() throws {
        // A scene with more views is refused before it is built (SceneBuilderTests).
        let json = #"{"windows": [{"id": "w", "frame": [0, 0, 10, 10]}]}"#
        var app: UnsafeMutableRawPointer?
        let status = json.utf8CString.withUnsafeBytes { hk_scene_load_buffer($0.baseAddress, UInt(json.utf8.count), "one.json", &app) }
        #expect(status == ok)
        defer { _ = hk_app_destroy(app) }
        #expect(try appBox(app).store.viewLimit == Int(HK_MAX_STORE_VIEWS))
    }
}
