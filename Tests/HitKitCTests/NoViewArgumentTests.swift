import CHitKit
import HitKitC
import Testing

/// hk_no_view() is an answer ("no view") and, to a conversion, the screen. Where a view must be,
/// it is refused as a foreign handle (its status as before), and the message says what it is.
@Suite("hk_no_view() where a view must be")
struct NoViewArgumentTests {
    @Test func aViewsReadRefusesItAndTheMessageNamesIt() throws {
        let store = HitKitC.hk_store_create()
        defer { _ = hk_store_destroy(store) }
        var window = hk_view(), bounds = hk_rect(), point = hk_point()
        #expect(hk__window_create(store, 10, 20, 100, 100, 0, &window) == Int32(HK_OK))
        #expect(hk__view_bounds(store, HK_NO_VIEW_INDEX, 0, &bounds) == Int32(HK_ERR_FOREIGN_HANDLE))
        #expect(String(cString: hk_last_error_message()).contains("hk_no_view()"))
        // A made-up handle with no owner tag keeps its own message.
        #expect(hk__view_bounds(store, 5, 0, &bounds) == Int32(HK_ERR_FOREIGN_HANDLE))
        #expect(String(cString: hk_last_error_message()).contains("was not issued by HitKit"))
        // To a conversion it is the screen.
        #expect(hk__convert_point(store, 0, 0, HK_NO_VIEW_INDEX, 0, window.index, window.generation, &point) == Int32(HK_OK))
        #expect(point.x == -10 && point.y == -20)
    }
}
