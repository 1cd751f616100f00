// hk_store_*: engine stores owned by C.

import HitTestCore

@_cdecl("hk_store_create")
public func hk_store_create() -> UnsafeMutableRawPointer? {
    var store: UnsafeMutableRawPointer?
    _ = guarded { () throws(CFailure) in
        store = try handles.register(StoreBox(store: ViewStore(viewLimit: Limits.viewsPerStore)))
    }
    return store
}

@_cdecl("hk_store_destroy")
public func hk_store_destroy(_ store: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store)
        try box.checkOwned("hk_store_destroy", use: "hk_app_destroy")
        try handles.unregister(store!)
    }
}

@_cdecl("hk_store_view_count")
public func hk_store_view_count(_ store: UnsafeRawPointer?) -> UInt {
    var count: UInt = 0
    _ = guarded { () throws(CFailure) in count = UInt(try storeBox(store).store.liveViewCount) }
    return count
}
