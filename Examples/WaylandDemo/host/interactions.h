/*
 * interactions.h - a scene's context menus, drags and drops (Behaviour A11, B1's `contextMenu`,
 * `drag` and `drop` keys) as a host draws them. HitKit draws nothing of them: the host shows an
 * open menu's items where the scene's frames say, a lifted view, the preview under a drag session
 * and the drop target a session is over. A scene's interactions have no C handle, so the host
 * reads them from the scene file (their ids, their views' ids, the menus' items) and follows
 * their state in the scene's delivery log (B6), which writes every change of it:
 *
 *   MENU willDisplay | MENU highlight ITEM | MENU willEnd
 *   DRAG lift | DRAG sessionWillBegin | DRAG didEnd OPERATION
 *   DROP enter | DROP exit | DROP performDrop | DROP sessionDidEnd
 *
 * Everything here is plain C over the scene's text and the log's lines (../tests/test_interactions.c).
 */
#ifndef HITKIT_INTERACTIONS_H
#define HITKIT_INTERACTIONS_H

#include <hitkit.h>
#include <stddef.h>

/* Longest id kept (B1's ids are shorter in any scene this host shows). */
#define HOST_ID_SIZE 64
/* The most items a menu shows. */
#define HOST_MAX_MENU_ITEMS 16

typedef enum { HOST_MENU, HOST_DRAG, HOST_DROP } host_interaction_kind;

typedef struct {
    char id[HOST_ID_SIZE];
    hk_rect frame;              /* in its window's coordinates */
    int enabled;
} host_menu_entry;

typedef struct {
    host_interaction_kind kind;
    char id[HOST_ID_SIZE];
    char view[HOST_ID_SIZE];    /* the id of the view it is attached to */
    host_menu_entry items[HOST_MAX_MENU_ITEMS];
    int item_count;
    int open;                   /* a menu shown */
    int highlighted;            /* the index of its highlighted item, -1 for none */
    int lifted;                 /* a drag lifted, its session not begun */
    int dragging;               /* a drag's session under way */
    int targeted;               /* a drop target a session is over */
    int drops;                  /* drops performed on it */
} host_interaction;

typedef struct {
    host_interaction *list;
    size_t count;
} host_interactions;

/* Reads the interactions of a scene's text (valid JSON: hk_scene_load took it). Returns 0, with
 * `out` empty, when the text is not JSON as this reader knows it. */
int interactions_read(const char *scene_text, host_interactions *out);
void interactions_free(host_interactions *interactions);
/* Follows one line of the scene's delivery log; returns 1 when it changed what is drawn. */
int interactions_follow(host_interactions *interactions, const char *line);
/* The interaction with that id, or NULL. */
host_interaction *interactions_find(host_interactions *interactions, const char *id);

#endif
