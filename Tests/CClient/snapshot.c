/*
 * Snapshots: hk_store_snapshot on the owner thread, queries from another thread while the owner
 * edits, a snapshot that outlives its store, released or made-up snapshots as statuses, a
 * snapshot released while other threads query it, and snapshots handed to another thread with no
 * lock between the two; under the library's internal checks, a release caught while a query is
 * paused inside its lookup.
 */
#define _POSIX_C_SOURCE 200809L  /* nanosleep */
#include "check.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>

struct reader {
    hk_snapshot *snapshot;
    hk_view button;
    int hits, asks, misses;
    hk_point converted;
    hk_status convert_status;
};

/* Runs on another thread: snapshots are the exception to the owner-thread rule. */
static void *read_snapshot(void *argument) {
    struct reader *r = argument;
    for (int i = 0; i < 200; i++) {
        hk_snapshot_answer kind;
        hk_view view;
        hk_point p = { 15, 15 };
        if (hk_snapshot_hit_test(r->snapshot, p, &kind, &view) != HK_OK) continue;
        if (kind == HK_SNAPSHOT_HIT && hk_view_equal(view, r->button)) r->hits++;
        if (kind == HK_SNAPSHOT_ASK) r->asks++;
        if (kind == HK_SNAPSHOT_MISS) r->misses++;
    }
    hk_point origin = { 0, 0 };
    r->convert_status = hk_snapshot_convert(r->snapshot, origin, r->button, hk_no_view(), &r->converted);
    return NULL;
}

static int always_inside(hk_store *store, const hk_view *view, const hk_point *point, void *user_data) {
    (void)store; (void)view; (void)point; (void)user_data;
    return 1;
}

/* A store whose 100 x 100 window holds a 20 x 20 button at (10, 10), and its snapshot. */
static hk_store *button_store(hk_view *window, hk_view *button, hk_snapshot **snapshot) {
    hk_store *store = hk_store_create();
    hk_rect window_frame = { 0, 0, 100, 100 }, button_frame = { 10, 10, 20, 20 };
    CHECK_STATUS(hk_window_create(store, window_frame, 0, window), HK_OK);
    CHECK_STATUS(hk_view_create(store, button_frame, button), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, *button, *window), HK_OK);
    CHECK_STATUS(hk_store_snapshot(store, snapshot), HK_OK);
    return store;
}

void test_snapshots(void) {
    hk_view window, button;
    hk_snapshot *snapshot = NULL;
    hk_store *store = button_store(&window, &button, &snapshot);
    struct reader r = { snapshot, button, 0, 0, 0, { 0, 0 }, HK_OK };
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, read_snapshot, &r) == 0);
    /* The owner edits meanwhile: the snapshot keeps the button where it was. */
    for (int i = 0; i < 200; i++) {
        hk_point center = { 60 + i % 10, 60 };
        CHECK_STATUS(hk_view_set_center(store, button, center), HK_OK);
    }
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(r.hits == 200 && r.asks == 0 && r.misses == 0);
    CHECK_STATUS(r.convert_status, HK_OK);
    CHECK(near(r.converted.x, 10) && near(r.converted.y, 10));

    /* A view needing a callback is answered on the owner thread: the snapshot asks. */
    CHECK_STATUS(hk_view_set_point_inside_callback(store, window, always_inside, NULL, NULL), HK_OK);
    hk_snapshot *asking = NULL;
    CHECK_STATUS(hk_store_snapshot(store, &asking), HK_OK);
    hk_snapshot_answer kind;
    hk_view view;
    hk_point p = { 15, 15 };
    CHECK_STATUS(hk_snapshot_hit_test(asking, p, &kind, &view), HK_OK);
    CHECK(kind == HK_SNAPSHOT_ASK && hk_view_equal(view, window));

    /* A NULL out pointer or a point that is not finite is refused, whatever the snapshot would
     * answer (a miss, a hit, a view to ask about), and nothing is written. */
    const hk_snapshot *answering[2] = { snapshot, asking };
    const hk_point not_finite[3] = { { NAN, 15 }, { 15, INFINITY }, { -INFINITY, NAN } };
    for (int s = 0; s < 2; s++) {
        for (int k = 0; k < 3; k++) {
            hk_snapshot_answer untouched_kind = (hk_snapshot_answer)77;
            hk_view untouched = { 12345, 678 };
            CHECK_STATUS(hk_snapshot_hit_test(answering[s], not_finite[k], &untouched_kind, &untouched),
                         HK_ERR_INVALID_ARGUMENT);
            CHECK(strcmp(hk_last_error_message(), "the point is not finite") == 0);
            CHECK(untouched_kind == (hk_snapshot_answer)77 && untouched.index == 12345 && untouched.generation == 678);
            hk_point unconverted = { 7, 7 };
            CHECK_STATUS(hk_snapshot_convert(answering[s], not_finite[k], window, hk_no_view(), &unconverted),
                         HK_ERR_INVALID_ARGUMENT);
            CHECK(strcmp(hk_last_error_message(), "the point is not finite") == 0);
            CHECK(unconverted.x == 7 && unconverted.y == 7);
        }
        hk_snapshot_answer untouched_kind = (hk_snapshot_answer)77;
        hk_view untouched = { 12345, 678 };
        CHECK_STATUS(hk_snapshot_hit_test(answering[s], p, NULL, &untouched), HK_ERR_INVALID_ARGUMENT);
        CHECK(untouched.index == 12345 && untouched.generation == 678);
        CHECK_STATUS(hk_snapshot_hit_test(answering[s], p, &untouched_kind, NULL), HK_ERR_INVALID_ARGUMENT);
        CHECK(untouched_kind == (hk_snapshot_answer)77);
        CHECK_STATUS(hk_snapshot_convert(answering[s], p, window, hk_no_view(), NULL), HK_ERR_INVALID_ARGUMENT);
        CHECK(strcmp(hk_last_error_message(), "the out pointer is NULL") == 0);
    }

    /* Many points in one call: each answer is the single call's, the view to ask about too. */
    const hk_point grid[4] = { { 15, 15 }, { 50, 50 }, { 150, 150 }, { 5, 95 } };
    for (int s = 0; s < 2; s++) {
        hk_snapshot_answer kinds[4];
        hk_view views[4];
        CHECK_STATUS(hk_snapshot_hit_test_points(answering[s], grid, 4, kinds, views), HK_OK);
        for (int k = 0; k < 4; k++) {
            hk_snapshot_answer single_kind;
            hk_view single_view;
            CHECK_STATUS(hk_snapshot_hit_test(answering[s], grid[k], &single_kind, &single_view), HK_OK);
            CHECK(kinds[k] == single_kind && hk_view_equal(views[k], single_view));
        }
        if (s == 0) CHECK(kinds[0] == HK_SNAPSHOT_HIT && kinds[2] == HK_SNAPSHOT_MISS);
        else CHECK(kinds[0] == HK_SNAPSHOT_ASK);
    }

    /* A snapshot outlives its store. */
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
    CHECK_STATUS(hk_snapshot_hit_test(snapshot, p, &kind, &view), HK_OK);
    CHECK(kind == HK_SNAPSHOT_HIT && hk_view_equal(view, button));

    /* Released and made-up snapshots are statuses, never crashes. */
    CHECK_STATUS(hk_snapshot_release(snapshot), HK_OK);
    CHECK_STATUS(hk_snapshot_release(asking), HK_OK);
    CHECK_STATUS(hk_snapshot_hit_test(snapshot, p, &kind, &view), HK_ERR_STALE_HANDLE);
    /* The handle is checked before the out pointers and the point. */
    CHECK_STATUS(hk_snapshot_hit_test(snapshot, hk_make_point(NAN, 0), NULL, NULL), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_snapshot_release(snapshot), HK_ERR_STALE_HANDLE);
    hk_point out;
    CHECK_STATUS(hk_snapshot_convert(snapshot, p, button, hk_no_view(), &out), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_snapshot_hit_test((hk_snapshot *)store, p, &kind, &view), HK_ERR_FOREIGN_HANDLE);
    CHECK_STATUS(hk_snapshot_release((hk_snapshot *)(uintptr_t)0x1234), HK_ERR_FOREIGN_HANDLE);
    CHECK_STATUS(hk_snapshot_hit_test(NULL, p, &kind, &view), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_snapshot_hit_test_points(snapshot, &p, 1, &kind, &view), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_snapshot_hit_test_points(snapshot, NULL, 0, NULL, NULL), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_snapshot_hit_test_points((hk_snapshot *)store, &p, 1, &kind, &view), HK_ERR_FOREIGN_HANDLE);
    CHECK_STATUS(hk_snapshot_hit_test_points(NULL, &p, 1, &kind, &view), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_store_snapshot(NULL, &snapshot), HK_ERR_INVALID_ARGUMENT);
}

/* ---------------------------------------------------------------------------------------- */
/* Released while other threads query it                                                    */

struct racer {
    hk_snapshot *snapshot;
    hk_view button;
    pthread_mutex_t *lock;
    int *ready;                /* racers that have had an answer, under `lock` */
    int batch;                 /* asks two points a call (hk_snapshot_hit_test_points) */
    int hits, stale, other;    /* this racer's statuses and answers */
};

/* Queries until the snapshot is released, then as many times again: every query before is the
 * button, every one after HK_ERR_STALE_HANDLE, even once a new snapshot has taken the slot. */
static void *query_until_released(void *argument) {
    struct racer *r = argument;
    hk_point p = { 15, 15 };
    int after = 0;
    for (long i = 0; i < 50000000 && after < 2000; i++) {
        hk_snapshot_answer kind, kinds[2] = { HK_SNAPSHOT_MISS, HK_SNAPSHOT_MISS };
        hk_view view, views[2] = { hk_no_view(), hk_no_view() };
        const hk_point points[2] = { p, p };
        hk_status status = r->batch ? hk_snapshot_hit_test_points(r->snapshot, points, 2, kinds, views)
                                    : hk_snapshot_hit_test(r->snapshot, p, &kind, &view);
        if (r->batch && status == HK_OK) {
            /* Both answers come from the one snapshot the call counted itself in on, never one
             * from the released snapshot and one from its slot's next: answers that differ count
             * as neither a hit nor stale (`other`), which fails the test. */
            kind = kinds[0] == kinds[1] && hk_view_equal(views[0], views[1]) ? kinds[0] : HK_SNAPSHOT_ASK;
            view = views[0];
        }
        if (status == HK_OK && kind == HK_SNAPSHOT_HIT && hk_view_equal(view, r->button)) {
            if (r->hits++ == 0) {
                pthread_mutex_lock(r->lock);
                (*r->ready)++;
                pthread_mutex_unlock(r->lock);
            }
            if (r->stale > 0) r->other++;  /* an answer after the release */
        } else if (status == HK_ERR_STALE_HANDLE) {
            r->stale++;
            after++;
        } else {
            r->other++;
        }
    }
    return NULL;
}

static void release_while_queried(void) {
    hk_view window, button;
    hk_snapshot *snapshot = NULL;
    hk_store *store = button_store(&window, &button, &snapshot);

    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    int ready = 0;
    /* One racer asks a point a call, the other two points a call. */
    struct racer racers[2] = { { snapshot, button, &lock, &ready, 0, 0, 0, 0 }, { snapshot, button, &lock, &ready, 1, 0, 0, 0 } };
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) CHECK(pthread_create(&threads[i], NULL, query_until_released, &racers[i]) == 0);
    for (int seen = 0; seen < 2; sched_yield()) {
        pthread_mutex_lock(&lock);
        seen = ready;
        pthread_mutex_unlock(&lock);
    }
    /* The release waits for the queries under way; those after it find the handle stale. */
    CHECK_STATUS(hk_snapshot_release(snapshot), HK_OK);
    /* A new snapshot, with the button moved, may take the released one's slot: the old handle
     * still answers stale, never with the new snapshot's views. */
    hk_point moved = { 70, 70 };
    CHECK_STATUS(hk_view_set_center(store, button, moved), HK_OK);
    hk_snapshot *next = NULL;
    CHECK_STATUS(hk_store_snapshot(store, &next), HK_OK);
    for (int i = 0; i < 2; i++) CHECK(pthread_join(threads[i], NULL) == 0);
    for (int i = 0; i < 2; i++) {
        CHECK(racers[i].hits > 0);
        CHECK(racers[i].stale >= 2000);
        CHECK(racers[i].other == 0);
    }
    /* A snapshot's handle is not a store's. */
    hk_view hit;
    CHECK_STATUS(hk_hit_test_screen((hk_store *)next, hk_make_point(15, 15), &hit), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_snapshot_release(next), HK_OK);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* The race's window is a few instructions wide (a query between its lookup and its read of the
 * snapshot): many rounds give it many chances. HITKIT_CCLIENT_RACE_ROUNDS gives fewer:
 * Tests/CClient/valgrind.sh runs one, as memcheck runs the threads one at a time and looks for
 * memory errors and leaks, which one round shows as well as forty. */
void test_snapshot_released_while_queried(void) {
    const char *text = getenv("HITKIT_CCLIENT_RACE_ROUNDS");
    int rounds = text ? atoi(text) : 0;
    if (rounds <= 0 || rounds > 40) rounds = 40;
    for (int round = 0; round < rounds; round++) release_while_queried();
}

struct handover {
    hk_snapshot *latest;       /* the newest snapshot, handed over relaxed: no happens-before */
    int stop;
    hk_view button;
    long hits, stale, other;
};

/* Asks whichever snapshot the owner made last, found through a relaxed load: nothing orders the
 * owner's making of the snapshot's slot before this thread's lookup but what the lookup itself
 * reads. */
static void *ask_the_latest(void *argument) {
    struct handover *h = argument;
    do { /* at least once, however late the thread starts */
        hk_snapshot *snapshot = __atomic_load_n(&h->latest, __ATOMIC_RELAXED);
        hk_snapshot_answer kind;
        hk_view view;
        hk_status status = hk_snapshot_hit_test(snapshot, hk_make_point(15, 15), &kind, &view);
        if (status == HK_OK && kind == HK_SNAPSHOT_HIT && hk_view_equal(view, h->button)) h->hits++;
        /* The model lets a lookup unordered with the making see the slot before its token. */
        else if (status == HK_ERR_STALE_HANDLE) h->stale++;
        else h->other++;
    } while (!__atomic_load_n(&h->stop, __ATOMIC_RELAXED));
    return NULL;
}

/* A lookup reads a slot's chunk from its table's directory before it reads the slot's token, so
 * the directory's entries must be published as the tokens are: 1,024 live snapshots fill chunks
 * no earlier check has made, each made while the other thread is asking. */
void test_snapshots_handed_over_without_a_lock(void) {
    enum { count = 1024 };
    hk_view window, button;
    hk_snapshot **snapshots = calloc(count, sizeof *snapshots);
    CHECK(snapshots != NULL);
    if (!snapshots) return;
    hk_store *store = button_store(&window, &button, &snapshots[0]);
    struct handover h = { snapshots[0], 0, button, 0, 0, 0 };
    pthread_t thread;
    int started = pthread_create(&thread, NULL, ask_the_latest, &h) == 0;
    int made = 1;
    for (int i = 1; i < count && started; i++) {
        made &= hk_store_snapshot(store, &snapshots[i]) == HK_OK;
        if (snapshots[i]) __atomic_store_n(&h.latest, snapshots[i], __ATOMIC_RELAXED);
        if (i % 64 == 0) sched_yield();
    }
    __atomic_store_n(&h.stop, 1, __ATOMIC_RELAXED);
    if (started) pthread_join(thread, NULL);
    CHECK(started);
    CHECK(made);
    CHECK(h.hits > 0 && h.other == 0);
    int released = 1;
    for (int i = 0; i < count; i++) released &= !snapshots[i] || hk_snapshot_release(snapshots[i]) == HK_OK;
    CHECK(released);
    free(snapshots);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

#ifdef HITKIT_INTERNAL_CHECKS
/* The library's internal checks build has a pause inside a snapshot lookup, between counting
 * itself in and checking the token (Sources/HitKitC/ReaderPause.swift); the release library has
 * neither, so these are declared here, not in hitkit.h. */
void hk_checks_arm_reader_pause(void);
int hk_checks_reader_paused(void);
void hk_checks_end_reader_pause(void);

struct paused_query {
    hk_snapshot *snapshot;
    hk_status status;
    int done;  /* the release's: set once it returns */
};

static void *query_once(void *argument) {
    struct paused_query *q = argument;
    hk_snapshot_answer kind;
    hk_view view;
    q->status = hk_snapshot_hit_test(q->snapshot, hk_make_point(15, 15), &kind, &view);
    return NULL;
}

static void *release_once(void *argument) {
    struct paused_query *q = argument;
    q->status = hk_snapshot_release(q->snapshot);
    __atomic_store_n(&q->done, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

/* Asks `flag` every millisecond for up to ten seconds; 1 once it says yes, 0 if it never does. */
static int wait_for(int (*flag)(void *), void *argument) {
    struct timespec tick = { 0, 1000000 };
    for (int i = 0; i < 10000; i++) {
        if (flag(argument)) return 1;
        nanosleep(&tick, NULL);
    }
    return 0;
}

static int reader_paused(void *unused) { (void)unused; return hk_checks_reader_paused(); }
static int snapshot_stale(void *snapshot) {
    hk_snapshot_answer kind;
    hk_view view;
    return hk_snapshot_hit_test(snapshot, hk_make_point(15, 15), &kind, &view) == HK_ERR_STALE_HANDLE;
}

/* A query caught between its two steps while another thread releases the snapshot: the release
 * withdraws the handle at once (later queries find it stale) but lets the snapshot go only once
 * the query has left, and the query, finding the handle withdrawn, answers stale. Were the token
 * checked before the query counted itself in, the release would find no reader and free the
 * snapshot under it. */
void test_snapshot_release_waits_for_a_paused_reader(void) {
    hk_view window, button;
    hk_snapshot *snapshot = NULL;
    hk_store *store = button_store(&window, &button, &snapshot);
    struct paused_query query = { snapshot, -1, 0 }, release = { snapshot, -1, 0 };
    pthread_t querying, releasing;
    hk_checks_arm_reader_pause();
    CHECK(pthread_create(&querying, NULL, query_once, &query) == 0);
    int paused = wait_for(reader_paused, NULL);
    CHECK(paused);
    CHECK(pthread_create(&releasing, NULL, release_once, &release) == 0);
    CHECK(wait_for(snapshot_stale, snapshot));
    /* The release has withdrawn the handle; it must still be waiting for the paused query. */
    struct timespec grace = { 0, 100000000 };
    nanosleep(&grace, NULL);
    int waited = !__atomic_load_n(&release.done, __ATOMIC_SEQ_CST);
    CHECK(waited);
    if (!waited && paused) {
        /* The snapshot is gone under the paused query: leave it paused rather than let it read. */
        pthread_detach(querying);
        pthread_join(releasing, NULL);
        hk_store_destroy(store);
        return;
    }
    hk_checks_end_reader_pause();
    CHECK(pthread_join(querying, NULL) == 0);
    CHECK(pthread_join(releasing, NULL) == 0);
    CHECK_STATUS(query.status, HK_ERR_STALE_HANDLE);
    CHECK_STATUS(release.status, HK_OK);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}
#endif

/* A snapshot refuses a view it does not hold and says why: destroyed before it was taken, or
 * made after it (in a row that did not exist yet, or in the row of a view destroyed before it).
 * A view destroyed after it is still held. */
void test_snapshot_refusals_say_why(void) {
    hk_view window, button, gone, kept;
    hk_snapshot *snapshot = NULL;
    hk_store *store = hk_store_create();
    hk_rect window_frame = { 0, 0, 100, 100 }, frame = { 10, 10, 20, 20 };
    CHECK_STATUS(hk_window_create(store, window_frame, 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(store, frame, &button), HK_OK);
    CHECK_STATUS(hk_view_create(store, frame, &gone), HK_OK);
    CHECK_STATUS(hk_view_create(store, frame, &kept), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, button, window), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, kept, window), HK_OK);
    CHECK_STATUS(hk_view_destroy(store, gone), HK_OK);
    CHECK_STATUS(hk_store_snapshot(store, &snapshot), HK_OK);

    hk_view in_gones_row, appended;
    CHECK_STATUS(hk_view_create(store, frame, &in_gones_row), HK_OK);
    CHECK(in_gones_row.index == gone.index);
    CHECK_STATUS(hk_view_create(store, frame, &appended), HK_OK);
    CHECK_STATUS(hk_view_destroy(store, kept), HK_OK);

    hk_point origin = { 0, 0 }, out = { -1, -1 };
    CHECK_STATUS(hk_snapshot_convert(snapshot, origin, kept, hk_no_view(), &out), HK_OK);
    CHECK(out.x == 10 && out.y == 10);
    CHECK_STATUS(hk_snapshot_convert(snapshot, origin, gone, hk_no_view(), &out), HK_ERR_STALE_HANDLE);
    CHECK(strstr(hk_last_error_message(), "destroyed") != NULL);
    const hk_view later[2] = { in_gones_row, appended };
    for (int k = 0; k < 2; k++) {
        CHECK_STATUS(hk_snapshot_convert(snapshot, origin, hk_no_view(), later[k], &out), HK_ERR_STALE_HANDLE);
        CHECK(strstr(hk_last_error_message(), "made after the snapshot was taken") != NULL);
    }
    CHECK_STATUS(hk_snapshot_release(snapshot), HK_OK);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}
