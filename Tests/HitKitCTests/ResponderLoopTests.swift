import CHitKit
import HitKitC
import Testing

/// The responder chain never loops (Behaviour A7 walks it to its end): a presentation makes a
/// controller's next its presenter, so a presentation or an edit that would lead the chain from
/// the presenter back to the presented controller is refused with HK_ERR_CYCLE, and the Menu
/// key, which walks the chain, returns.
@Suite("Edits that would make the responder chain loop", .serialized)
struct ResponderLoopTests {
    struct Setup {
        let app: UnsafeMutableRawPointer?
        var window = hk_view(), presenterView = hk_view(), presentedView = hk_view(), focused = hk_view()
        var presenter: hk_controller = 0, presented: hk_controller = 0

        /// A window holding the two controllers' root views side by side, and the first responder
        /// in the presenter's view, where the Menu key's walk starts.
        init() {
            app = HitKitC.hk_app_create()
            #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
            for (view, controller) in [(\Setup.presenterView, \Setup.presenter), (\Setup.presentedView, \Setup.presented)] {
                var made = hk_view(), handle: hk_controller = 0
                #expect(hk__app_view_create(app, 0, 0, 50, 50, &made) == Int32(HK_OK))
                #expect(hk__app_view_add_subview(app, made.index, made.generation, window.index, window.generation) == Int32(HK_OK))
                #expect(hk__view_controller_create(app, made.index, made.generation, &handle) == Int32(HK_OK))
                self[keyPath: view] = made
                self[keyPath: controller] = handle
            }
            var became: Int32 = 0
            #expect(hk__window_make_key(app, window.index, window.generation) == Int32(HK_OK))
            #expect(hk__app_focusable_view_create(app, 0, 0, 10, 10, &focused) == Int32(HK_OK))
            #expect(hk__app_view_add_subview(app, focused.index, focused.generation, presenterView.index, presenterView.generation)
                    == Int32(HK_OK))
            #expect(hk__app_become_first_responder(app, focused.index, focused.generation, &became) == Int32(HK_OK) && became == 1)
        }

        func menuKeyReturns() -> Bool {
            var taken: Int32 = -1
            return hk_app_handle_context_menu_key(app, &taken) == Int32(HK_OK) && taken == 0
        }
    }

    @Test func presentingAControllerWhoseViewHoldsThePresentersIsRefused() {
        let setup = Setup()
        defer { _ = hk_app_destroy(setup.app) }
        // The presenter's view under the presented one's: presenting would lead presented →
        // presenter → presenter's view's superview → presented.
        #expect(hk__app_view_add_subview(setup.app, setup.presenterView.index, setup.presenterView.generation,
                                         setup.presentedView.index, setup.presentedView.generation) == Int32(HK_OK))
        #expect(hk_view_controller_present(setup.app, setup.presenter, setup.presented) == Int32(HK_ERR_CYCLE))
        var presented: hk_controller = -1
        #expect(hk_view_controller_presented(setup.app, setup.presenter, &presented) == Int32(HK_OK) && presented == 0)
        #expect(setup.menuKeyReturns())
    }

    @Test func movingThePresentersViewUnderThePresentedOnesIsRefused() {
        let setup = Setup()
        defer { _ = hk_app_destroy(setup.app) }
        #expect(hk_view_controller_present(setup.app, setup.presenter, setup.presented) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(setup.app, setup.presenterView.index, setup.presenterView.generation,
                                         setup.presentedView.index, setup.presentedView.generation) == Int32(HK_ERR_CYCLE))
        #expect(hk__app_view_insert_subview(setup.app, setup.presenterView.index, setup.presenterView.generation,
                                            setup.presentedView.index, setup.presentedView.generation, 0) == Int32(HK_ERR_CYCLE))
        #expect(setup.menuKeyReturns())
        // Edits that close no loop still work with the presentation in place.
        var plain = hk_view()
        #expect(hk__app_view_create(setup.app, 0, 0, 10, 10, &plain) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(setup.app, plain.index, plain.generation,
                                         setup.presentedView.index, setup.presentedView.generation) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(setup.app, setup.presentedView.index, setup.presentedView.generation,
                                         setup.presenterView.index, setup.presenterView.generation) == Int32(HK_OK),
                "the presented view under the presenter's: presented → presenter → window, no loop")
        #expect(setup.menuKeyReturns())
    }
}
