// hk_store_set_hit_map_policy, hk_store_hit_map_policy and hk_store_hit_map_count: when a store
// builds its windows' hit maps (ViewStore.hitMapPolicy), so that a host chooses where the build
// (milliseconds at 100,000 views, inside the query that reaches the count) may fall.

import CHitKit
import HitTestCore

@_cdecl("hk_store_set_hit_map_policy")
public func hk_store_set_hit_map_policy(_ store: UnsafeMutableRawPointer?, _ policy: UnsafeRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store)
        let c = read(hk_hit_map_policy.self, from: try required(policy, "policy"))
        try requireAtLeast(c.queries_before_build, 1, "queries_before_build")
        try requireAtLeast(c.minimum_views, 0, "minimum_views")
        try requireAtLeast(c.cells_per_view, 1, "cells_per_view")
        box.store.hitMapPolicy = HitMapPolicy(queriesBeforeBuild: Int(c.queries_before_build),
                                              minimumViews: Int(c.minimum_views),
                                              cellsPerView: Int(c.cells_per_view))
    }
}

@_cdecl("hk_store_hit_map_policy")
public func hk_store_hit_map_policy(_ store: UnsafeRawPointer?, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let policy = try storeBox(store).store.hitMapPolicy, out = try required(out)
        writeC(hk_hit_map_policy(queries_before_build: Int64(policy.queriesBeforeBuild),
                                 minimum_views: Int64(policy.minimumViews),
                                 cells_per_view: Int64(policy.cellsPerView)), to: out)
    }
}

@_cdecl("hk_store_hit_map_count")
public func hk_store_hit_map_count(_ store: UnsafeRawPointer?, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let count = try storeBox(store).store.hitMapCount, out = try required(out)
        writeC(Int32(count), to: out)
    }
}

private func requireAtLeast(_ value: Int64, _ least: Int64, _ field: StaticString) throws(CFailure) {
    guard value >= least else {
        throw CFailure(.invalidArgument, "the hit map policy's \(field) is \(value), less than \(least)")
    }
}
