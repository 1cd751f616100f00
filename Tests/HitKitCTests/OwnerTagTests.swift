import CHitKit
import HitKitC
import Testing

/// Each store or app takes an owner tag no live one holds while there is one (127 tags), so a view
/// handle used with another live store is HK_ERR_FOREIGN_HANDLE: a tag given back by a destroyed
/// store is the one the next store takes, not one still in use. In a process of its own, where no
/// other test's store holds a tag.
@Suite("Owner tags of live stores")
struct OwnerTagTests {
    @Test func aNewStoreTakesTheTagADestroyedStoreGaveBack() async {
        await #expect(processExitsWith: .success) {
            var stores: [UnsafeMutableRawPointer] = [], windows: [hk_view] = []
            for _ in 0..<127 {
                let store = HitKitC.hk_store_create()!
                var window = hk_view()
                #expect(hk__window_create(store, 0, 0, 10, 10, 0, &window) == Int32(HK_OK))
                stores.append(store)
                windows.append(window)
            }
            #expect(HitKitC.hk_store_destroy(stores.remove(at: 60)) == Int32(HK_OK))
            windows.remove(at: 60)
            let store = HitKitC.hk_store_create()!
            var window = hk_view(), center = hk_point()
            #expect(hk__window_create(store, 0, 0, 10, 10, 0, &window) == Int32(HK_OK))
            let foreign = windows.filter { hk__view_center(store, $0.index, $0.generation, &center) != Int32(HK_ERR_FOREIGN_HANDLE) }
            #expect(foreign.isEmpty, "views of other live stores taken by the new store: \(foreign.count)")
            #expect(hk__view_center(store, window.index, window.generation, &center) == Int32(HK_OK))
            for store in stores + [store] { #expect(HitKitC.hk_store_destroy(store) == Int32(HK_OK)) }
        }
    }
}
