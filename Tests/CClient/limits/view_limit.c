/*
 * A store filled to HK_MAX_STORE_VIEWS, the most views a C handle can name: the view past it is
 * refused with HK_ERR_LIMIT and made nowhere, the view in the last row is named, hit-tested and
 * destroyed like any other, and a destroyed view makes room again. 16.7 million views take
 * about 7 s and 2.1 GB through the release library, so Scripts/check-c-library.sh runs this
 * against the installed library, apart from the C client (whose debug build would take minutes).
 */
#include "../check.h"

#include <stdlib.h>

int passed, failed;

int main(void) {
    hk_store *store = hk_store_create();
    hk_view window, view = { -1, 0 }, last = { -1, 0 };
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    long made = 1;
    for (; made < HK_MAX_STORE_VIEWS; made++) {
        hk_status status = hk_view_create(store, hk_make_rect(10, 10, 20, 20), &view);
        if (status != HK_OK) { CHECK_STATUS(status, HK_OK); break; }
        last = view;
    }
    CHECK(made == HK_MAX_STORE_VIEWS);
    CHECK(hk_store_view_count(store) == HK_MAX_STORE_VIEWS);
    CHECK((last.index & (HK_MAX_STORE_VIEWS - 1)) == HK_MAX_STORE_VIEWS - 1);

    /* Full: neither a view nor a window is made, and the out value is left alone. */
    hk_view refused = { 12345, 678 };
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 1, 1), &refused), HK_ERR_LIMIT);
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 1, 1), 0, &refused), HK_ERR_LIMIT);
    CHECK(refused.index == 12345 && refused.generation == 678);
    CHECK(hk_store_view_count(store) == HK_MAX_STORE_VIEWS);

    /* The view in the last row works as any other: added, hit, its superview read. */
    CHECK_STATUS(hk_view_add_subview(store, last, window), HK_OK);
    hk_view hit = { -1, 0 }, superview = { -1, 0 };
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(15, 15), &hit), HK_OK);
    CHECK(hk_view_equal(hit, last));
    CHECK_STATUS(hk_view_superview(store, last, &superview), HK_OK);
    CHECK(hk_view_equal(superview, window));

    /* Destroying it makes room, in its row, under a new generation. */
    CHECK_STATUS(hk_view_destroy(store, last), HK_OK);
    hk_view again = { -1, 0 };
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 1, 1), &again), HK_OK);
    CHECK(again.index == last.index && again.generation != last.generation);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 1, 1), &refused), HK_ERR_LIMIT);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(15, 15), &hit), HK_OK);
    CHECK(hk_view_equal(hit, window));
    CHECK_STATUS(hk_store_destroy(store), HK_OK);

    printf("view limit: %d checks passed, %d failed (%ld views)\n", passed, failed, made);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
