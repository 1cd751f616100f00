/*
 * test_interactions.c - a scene's context menus, drags and drops as the host reads them from the
 * scene file and follows them in the delivery log (host/interactions.h), without HitKit.
 */
#include "check.h"
#include "host/interactions.h"

static const char scene[] =
    "{ \"windows\": [ { \"id\": \"win\", \"frame\": [0, 0, 640, 400], \"subviews\": [\n"
    "  { \"frame\": [1, 2, 3, 4], \"contextMenu\": { \"items\": [\n"
    "      { \"frame\": [5, 6, 7, 8], \"action\": \"x\", \"id\": \"first\" } ], \"id\": \"lateMenu\" },\n"
    "    \"id\": \"idLast\" },\n"
    "  { \"id\": \"card\", \"frame\": [340, 320, 60, 60], \"gestures\": [ { \"id\": \"tap\", \"type\": \"tap\" } ],\n"
    "    \"contextMenu\": { \"id\": \"cardMenu\", \"items\": [\n"
    "      { \"id\": \"copy\", \"frame\": [240, 100, 120, 40.5], \"action\": \"copyIt\" },\n"
    "      { \"id\": \"delete\", \"frame\": [240, 140, 120, 40], \"action\": \"deleteIt\", \"enabled\": false } ] },\n"
    "    \"drag\": { \"id\": \"cardDrag\", \"items\": [\"card\", \"it\\\"s\"] },\n"
    "    \"subviews\": [ { \"id\": \"inner\", \"drop\": { \"id\": \"innerDrop\", \"proposal\": \"copy\" } } ] },\n"
    "  { \"id\": \"tray\", \"scrollView\": { \"contentSize\": [1, 2] }, \"drop\": { \"proposal\": \"move\", \"id\": \"trayDrop\" } }\n"
    "] } ] }\n";

static void reading(void) {
    host_interactions all;
    host_interaction *menu, *drag, *drop;
    if (!CHECK(interactions_read(scene, &all))) return;
    CHECK(all.count == 5);
    /* Keys in any order: the menu's id after its items, the view's id after its menu. */
    menu = interactions_find(&all, "lateMenu");
    if (CHECK(menu != NULL)) {
        CHECK(menu->kind == HOST_MENU);
        CHECK_STR(menu->view, "idLast");
        CHECK(menu->item_count == 1);
        CHECK_STR(menu->items[0].id, "first");
        CHECK_NEAR(menu->items[0].frame.height, 8);
    }
    menu = interactions_find(&all, "cardMenu");
    if (CHECK(menu != NULL)) {
        CHECK_STR(menu->view, "card");
        CHECK(menu->item_count == 2);
        CHECK_STR(menu->items[0].id, "copy");
        CHECK(menu->items[0].enabled && !menu->items[1].enabled);
        CHECK_NEAR(menu->items[0].frame.x, 240);
        CHECK_NEAR(menu->items[0].frame.height, 40.5);
        CHECK_NEAR(menu->items[1].frame.y, 140);
        CHECK(!menu->open && menu->highlighted == -1);
    }
    drag = interactions_find(&all, "cardDrag");
    if (CHECK(drag != NULL)) {
        CHECK(drag->kind == HOST_DRAG);
        CHECK_STR(drag->view, "card");
        /* A drag's `items` are names, not menu items. */
        CHECK(drag->item_count == 0);
    }
    /* A subview's drop is the subview's, a scroll view's the scroll view's. */
    drop = interactions_find(&all, "innerDrop");
    if (CHECK(drop != NULL)) CHECK_STR(drop->view, "inner");
    drop = interactions_find(&all, "trayDrop");
    if (CHECK(drop != NULL)) {
        CHECK(drop->kind == HOST_DROP);
        CHECK_STR(drop->view, "tray");
    }
    CHECK(interactions_find(&all, "card") == NULL);
    CHECK(interactions_find(&all, "tap") == NULL);
    interactions_free(&all);
    CHECK(all.count == 0 && all.list == NULL);

    /* Text that is not JSON: nothing. */
    CHECK(!interactions_read("{ \"windows\": [ { \"id\": \"w\" ", &all));
    CHECK(all.count == 0);
    CHECK(!interactions_read("{ \"a\": \"unterminated }", &all));
}

static void following(void) {
    host_interactions all;
    host_interaction *menu, *drag, *drop;
    if (!CHECK(interactions_read(scene, &all))) return;
    menu = interactions_find(&all, "cardMenu");
    drag = interactions_find(&all, "cardDrag");
    drop = interactions_find(&all, "trayDrop");
    if (!menu || !drag || !drop) return;

    CHECK(interactions_follow(&all, "cardMenu willDisplay"));
    CHECK(menu->open && menu->highlighted == -1);
    CHECK(interactions_follow(&all, "cardMenu highlight copy"));
    CHECK(menu->highlighted == 0);
    CHECK(interactions_follow(&all, "cardMenu willEnd"));
    CHECK(!menu->open && menu->highlighted == -1);
    /* Lines that change nothing drawn: the question, another view's lines, an action. */
    CHECK(!interactions_follow(&all, "cardMenu configuration 30.0 30.0"));
    CHECK(!interactions_follow(&all, "card touchesBegan 1"));
    CHECK(!interactions_follow(&all, "win copyIt from cardMenu copy"));
    CHECK(!interactions_follow(&all, ""));

    CHECK(interactions_follow(&all, "cardDrag lift"));
    CHECK(drag->lifted && !drag->dragging);
    CHECK(interactions_follow(&all, "cardDrag sessionWillBegin"));
    CHECK(!drag->lifted && drag->dragging);
    CHECK(interactions_follow(&all, "trayDrop enter"));
    CHECK(drop->targeted);
    CHECK(interactions_follow(&all, "trayDrop exit"));
    CHECK(!drop->targeted);
    CHECK(interactions_follow(&all, "trayDrop enter"));
    CHECK(interactions_follow(&all, "trayDrop performDrop"));
    CHECK(drop->drops == 1);
    CHECK(!interactions_follow(&all, "cardDrag willEnd copy"));
    CHECK(interactions_follow(&all, "cardDrag didEnd copy"));
    CHECK(!drag->lifted && !drag->dragging);
    CHECK(interactions_follow(&all, "trayDrop sessionDidEnd"));
    CHECK(!drop->targeted && drop->drops == 1);
    /* A lift its touch let go of. */
    CHECK(interactions_follow(&all, "cardDrag lift"));
    CHECK(interactions_follow(&all, "cardDrag didEnd cancel"));
    CHECK(!drag->lifted);
    interactions_free(&all);
}

int main(void) {
    reading();
    following();
    return check_summary("interactions");
}
