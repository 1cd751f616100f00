import CHitKit
import HitKitC
import HitKitScene
import HitTestCore

extension ScenarioReplayThroughCTests {
    /// A step's edits as a C host makes them: each through the call that makes it, on the
    /// scene's handles, after an `hk_app_advance` to the step's time has fired the timers due.
    struct EditCalls {
        let app: UnsafeMutableRawPointer?
        let store: UnsafeMutableRawPointer?
        /// The scene's windows: C removes one from its superview as UIKit does, doing nothing,
        /// where the replay reports an edit it cannot make.
        let windows: Set<String>

        init(app: UnsafeMutableRawPointer?, scene: SceneDescription) {
            self.app = app
            self.store = hk_app_store(app)
            windows = Set(scene.windows.map(\.view.id))
        }

        func view(_ id: String) -> hk_view? {
            var view = hk_view()
            return hk_scene_view(app, id, &view) == Int32(HK_OK) ? view : nil
        }

        /// Makes `edit`; returns whether C made it (every call succeeded, and a view asked to
        /// become first responder became it).
        func make(_ edit: Scenario.Edit) -> Bool {
            let statuses = calls(edit)
            return !statuses.isEmpty && statuses.allSatisfy { $0 == Int32(HK_OK) }
        }

        /// Makes `edit`; the statuses of its calls (none when there is no call to make).
        private func calls(_ edit: Scenario.Edit) -> [Int32] {
            switch edit {
            case .removeFromSuperview(let id):
                guard let v = view(id) else { return [Int32(HK_ERR_NOT_FOUND)] }
                if windows.contains(id) { return [] }
                return [hk__app_view_remove_from_superview(app, v.index, v.generation)]
            case .move(let id, let parentID, let index):
                guard let v = view(id), let parent = view(parentID) else { return [Int32(HK_ERR_NOT_FOUND)] }
                // As the replay: an index past the end (or none) puts the view on top.
                var count: UInt = 0, superview = hk_view()
                _ = hk__view_subview_count(store, parent.index, parent.generation, &count)
                _ = hk__view_superview(store, v.index, v.generation, &superview)
                let others = Int(count) - (superview.index == parent.index && superview.generation == parent.generation ? 1 : 0)
                return [hk__app_view_insert_subview(app, v.index, v.generation, parent.index, parent.generation,
                                                    Int64(min(index ?? others, others)))]
            case .setView(let id, let properties):
                guard let v = view(id) else { return [Int32(HK_ERR_NOT_FOUND)] }
                return properties.map { set($0, on: v) }
            case .setGestureEnabled(let id, let enabled):
                var gesture = hk_gesture()
                guard hk_scene_gesture(app, id, &gesture) == Int32(HK_OK) else { return [Int32(HK_ERR_NOT_FOUND)] }
                return [hk_gesture_set_enabled(app, gesture, enabled ? 1 : 0)]
            case .scrollView(let id, let scrollEdit):
                guard let v = view(id) else { return [Int32(HK_ERR_NOT_FOUND)] }
                return make(scrollEdit, on: v)
            case .becomeFirstResponder(let id):
                guard let v = view(id) else { return [Int32(HK_ERR_NOT_FOUND)] }
                var became: Int32 = 0
                let status = hk__app_become_first_responder(app, v.index, v.generation, &became)
                return [status == Int32(HK_OK) && became == 0 ? Int32(HK_ERR_INVALID_ARGUMENT) : status]
            case .resignFirstResponder(let id):
                guard let v = view(id) else { return [Int32(HK_ERR_NOT_FOUND)] }
                var resigned: Int32 = 0
                return [hk__app_resign_first_responder(app, v.index, v.generation, &resigned)]
            case .makeKey(let id):
                guard let w = view(id) else { return [Int32(HK_ERR_NOT_FOUND)] }
                return [hk__window_make_key(app, w.index, w.generation)]
            case .setFocusSystem(let id, let enabled):
                guard let w = view(id) else { return [Int32(HK_ERR_NOT_FOUND)] }
                return [hk__window_set_focus_system_enabled(app, w.index, w.generation, enabled ? 1 : 0)]
            case .setControlEnabled(let id, let enabled):
                guard let v = view(id) else { return [Int32(HK_ERR_NOT_FOUND)] }
                return [hk__control_set_enabled(app, v.index, v.generation, enabled ? 1 : 0)]
            case .dismissMenu(let id):
                var menu: hk_interaction = 0
                guard hk_scene_interaction(app, id, &menu) == Int32(HK_OK) else { return [Int32(HK_ERR_NOT_FOUND)] }
                return [hk_context_menu_dismiss(app, menu)]
            }
        }

        private func set(_ property: Scenario.ViewProperty, on v: hk_view) -> Int32 {
            let (i, g) = (v.index, v.generation)
            func flag(_ flag: Int, _ on: Bool) -> Int32 { hk__view_set_flag(store, i, g, Int32(flag), on ? 1 : 0) }
            switch property {
            case .frame(let r): return hk__view_set_frame(store, i, g, r.origin.x, r.origin.y, r.size.width, r.size.height)
            case .center(let p): return hk__view_set_center(store, i, g, p.x, p.y)
            case .bounds(let r): return hk__view_set_bounds(store, i, g, r.origin.x, r.origin.y, r.size.width, r.size.height)
            case .transform(let t):
                var transform = hk_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
                return hk__view_set_transform(store, i, g, &transform)
            case .anchorPoint(let p): return hk__view_set_anchor_point(store, i, g, p.x, p.y)
            case .hidden(let on): return flag(HK_FLAG_HIDDEN, on)
            case .alpha(let alpha): return hk__view_set_alpha(store, i, g, alpha)
            case .userInteractionEnabled(let on): return flag(HK_FLAG_USER_INTERACTION_ENABLED, on)
            case .multipleTouchEnabled(let on): return flag(HK_FLAG_MULTIPLE_TOUCH_ENABLED, on)
            case .exclusiveTouch(let on): return flag(HK_FLAG_EXCLUSIVE_TOUCH, on)
            case .passThrough(let on): return flag(HK_FLAG_PASS_THROUGH, on)
            case .hitsOutsideBounds(let on): return flag(HK_FLAG_HITS_OUTSIDE_BOUNDS, on)
            case .redirectsToSuperview(let on): return flag(HK_FLAG_REDIRECTS_TO_SUPERVIEW, on)
            case .hitTestInsets(let e): return hk__view_set_hit_test_insets(store, i, g, e.top, e.left, e.bottom, e.right)
            case .minimumHitSize(let s): return hk__view_set_minimum_hit_size(store, i, g, s.width, s.height)
            case .canBecomeFocused(let on): return hk__app_view_set_can_become_focused(app, i, g, on ? 1 : 0)
            case .focusGroup(let group): return hk__app_view_set_focus_group(app, i, g, group)
            }
        }

        private func make(_ edit: Scenario.ScrollViewEdit, on v: hk_view) -> [Int32] {
            let (i, g) = (v.index, v.generation)
            switch edit {
            case .setContentOffset(let p, let animated):
                return [animated ? hk__scroll_view_set_content_offset_animated(app, i, g, p.x, p.y, 1)
                                 : hk__scroll_view_set_content_offset(app, i, g, p.x, p.y)]
            case .setZoomScale(let scale, let animated):
                return [hk__scroll_view_set_zoom_scale(app, i, g, scale, animated ? 1 : 0)]
            case .zoomTo(let r, let animated):
                return [hk__scroll_view_zoom_to(app, i, g, r.origin.x, r.origin.y, r.size.width, r.size.height, animated ? 1 : 0)]
            case .set(let properties):
                var minimum = 0.0, maximum = 0.0, limitsGiven = false
                _ = hk__scroll_view_zoom_scale_limits(app, i, g, &minimum, &maximum)
                var statuses: [Int32] = []
                for property in properties {
                    switch property {
                    case .minimumZoomScale(let scale): (minimum, limitsGiven) = (scale, true)
                    case .maximumZoomScale(let scale): (maximum, limitsGiven) = (scale, true)
                    case .bouncesZoom(let bounces): statuses.append(hk__scroll_view_set_bounces_zoom(app, i, g, bounces ? 1 : 0))
                    }
                }
                // Both limits in one call, as the replay sets them.
                if limitsGiven { statuses.append(hk__scroll_view_set_zoom_scale_limits(app, i, g, minimum, maximum)) }
                return statuses
            }
        }
    }
}
