import CHitKit
import HitKit
@testable import HitKitC
import Testing

/// A C handle names its slot in 24 bits, so at most `HandleTable.slotMask` stores and apps (an
/// app takes two slots: its own and its store's) and as many snapshots are live at once. A call
/// that would make one more is refused with HK_ERR_LIMIT — NULL, with the thread's message, from
/// `hk_app_create` and `hk_store_create` — and keeps nothing; releasing a handle makes room. Each
/// test lowers the limit (``HandleRegistry/lastSlot``) in a process of its own, where no other
/// test makes handles, so the refusals are reached without 16.7 million objects.
@Suite("The C library's handle limit")
struct HandleLimitTests {
    /// The live handles each table holds in the tests' processes.
    static let slots = 6

    @Test func aFullTableRefusesEveryNewStoreAndAppAndKeepsNothing() async {
        await #expect(processExitsWith: .success) {
            let ok = Int32(HK_OK), limit = Int32(HK_ERR_LIMIT)
            handles.lastSlot = HandleLimitTests.slots
            var stores: [UnsafeMutableRawPointer] = []
            while let store = HitKitC.hk_store_create() { stores.append(store) }
            #expect(stores.count == HandleLimitTests.slots)
            #expect(String(cString: hk_last_error_message()).contains("\(HandleLimitTests.slots) stores and apps are live"))

            #expect(HitKitC.hk_app_create() == nil)
            let json = #"{"windows": [{"id": "w", "frame": [0, 0, 10, 10]}]}"#
            var loaded = UnsafeMutableRawPointer(bitPattern: 0x7777_0000)
            let status = json.utf8CString.withUnsafeBytes { hk_scene_load_buffer($0.baseAddress, UInt(json.utf8.count), "one.json", &loaded) }
            #expect(status == limit)
            #expect(loaded == UnsafeMutableRawPointer(bitPattern: 0x7777_0000), "*out is left alone")

            // One slot free: an app needs two, so it is refused, and the slot its store took is
            // given back (a store still fits). Its objects go with it.
            #expect(hk_store_destroy(stores.removeLast()) == ok)
            weak var refusedApplication: Application?
            do {
                let application = Application()
                refusedApplication = application
                #expect(throws: CFailure.self) { try AppBox.register(application, scene: nil) }
            }
            #expect(refusedApplication == nil, "the refused app's objects are let go")
            #expect(HitKitC.hk_app_create() == nil)
            #expect(hk_scene_load("Fixtures/scenes/gestures-controls.json", &loaded) == limit)
            let store = HitKitC.hk_store_create()
            #expect(store != nil, "the slot the refused app's store took was given back")
            #expect(hk_store_destroy(store) == ok)

            // Two slots free: an app fits, and works.
            #expect(hk_store_destroy(stores.removeLast()) == ok)
            let app = HitKitC.hk_app_create()
            #expect(app != nil)
            var window = hk_view()
            #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == ok)
            #expect(HitKitC.hk_store_create() == nil)
            #expect(hk_app_destroy(app) == ok)
            for store in stores { #expect(hk_store_destroy(store) == ok) }
        }
    }

    @Test func aFullSnapshotTableRefusesTheNextSnapshot() async {
        await #expect(processExitsWith: .success) {
            let ok = Int32(HK_OK)
            handles.lastSlot = HandleLimitTests.slots
            let store = HitKitC.hk_store_create()
            var snapshots: [UnsafeMutableRawPointer?] = []
            for _ in 0..<HandleLimitTests.slots {
                var snapshot: UnsafeMutableRawPointer?
                #expect(hk_store_snapshot(store, &snapshot) == ok)
                snapshots.append(snapshot)
            }
            var refused = UnsafeMutableRawPointer(bitPattern: 0x7777_0000)
            #expect(hk_store_snapshot(store, &refused) == Int32(HK_ERR_LIMIT))
            #expect(String(cString: hk_last_error_message()).contains("\(HandleLimitTests.slots) snapshots are live"))
            #expect(refused == UnsafeMutableRawPointer(bitPattern: 0x7777_0000), "*out is left alone")
            // The tables are apart: a full snapshot table leaves room for stores.
            let other = HitKitC.hk_store_create()
            #expect(other != nil)
            #expect(hk_store_destroy(other) == ok)

            #expect(hk_snapshot_release(snapshots.removeLast()) == ok)
            var again: UnsafeMutableRawPointer?
            #expect(hk_store_snapshot(store, &again) == ok)
            #expect(hk_snapshot_release(again) == ok)
            for snapshot in snapshots { #expect(hk_snapshot_release(snapshot) == ok) }
            #expect(hk_store_destroy(store) == ok)
        }
    }
}
