/*
 * interactions.c - a scene's context menus, drags and drops as a host draws them (interactions.h).
 *
 * The reader walks the scene's JSON once. Every object remembers its own "id"; a `contextMenu`,
 * `drag` or `drop` object found under a key of an object makes an interaction whose view is that
 * object's id (known only at the object's end: keys come in any order), and a context menu's
 * `items` are read with their frames and `enabled`.
 */
#include "interactions.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *at;
    int failed;
    host_interactions *out;
    size_t capacity;
} reader;

static void skip_space(reader *r) {
    while (isspace((unsigned char)*r->at)) r->at++;
}

/* A string into `text` (truncated to `size`; escapes kept as their second character, enough for
 * ids and keys); `text` may be NULL to skip it. */
static void read_string(reader *r, char *text, size_t size) {
    size_t used = 0;
    skip_space(r);
    if (*r->at != '"') {
        r->failed = 1;
        return;
    }
    r->at++;
    while (*r->at && *r->at != '"') {
        char c = *r->at++;
        if (c == '\\' && *r->at) c = *r->at++;
        if (text && used + 1 < size) text[used++] = c;
    }
    if (*r->at != '"') {
        r->failed = 1;
        return;
    }
    r->at++;
    if (text && size) text[used] = '\0';
}

static void read_value(reader *r, const char *key, host_interaction *menu);

/* Steps into an object's next member: 1 with its key in `key` and `r` at its value, 0 at the
 * object's end (or on an error). Call with `r` just inside the object or after a value. */
static int next_member(reader *r, char *key, size_t size) {
    skip_space(r);
    if (*r->at == ',') r->at++;
    skip_space(r);
    if (*r->at == '}') {
        r->at++;
        return 0;
    }
    read_string(r, key, size);
    skip_space(r);
    if (r->failed || *r->at++ != ':') {
        r->failed = 1;
        return 0;
    }
    skip_space(r);
    return 1;
}

/* Numbers of an array such as a frame; returns how many were read (at most `capacity`). */
static int read_numbers(reader *r, double *values, int capacity) {
    int count = 0;
    skip_space(r);
    if (*r->at != '[') {
        read_value(r, NULL, NULL);
        return 0;
    }
    r->at++;
    for (;;) {
        char *end;
        double value;
        skip_space(r);
        if (*r->at == ']') {
            r->at++;
            return count;
        }
        value = strtod(r->at, &end);
        if (end == r->at) {
            r->failed = 1;
            return count;
        }
        r->at = end;
        if (count < capacity) values[count] = value;
        count++;
        skip_space(r);
        if (*r->at == ',') r->at++;
    }
}

static host_interaction *add_interaction(reader *r, host_interaction_kind kind) {
    host_interaction *added;
    if (r->out->count == r->capacity) {
        size_t capacity = r->capacity ? r->capacity * 2 : 8;
        host_interaction *list = realloc(r->out->list, capacity * sizeof *list);
        if (!list) {
            r->failed = 1;
            return NULL;
        }
        r->out->list = list;
        r->capacity = capacity;
    }
    added = &r->out->list[r->out->count++];
    memset(added, 0, sizeof *added);
    added->kind = kind;
    added->highlighted = -1;
    return added;
}

/* One item of a menu's `items`: its id, frame and `enabled`. */
static void read_item(reader *r, host_interaction *menu) {
    host_menu_entry item;
    memset(&item, 0, sizeof item);
    item.enabled = 1;
    skip_space(r);
    if (*r->at != '{') {
        read_value(r, NULL, NULL);
        return;
    }
    char key[32];
    r->at++;
    while (next_member(r, key, sizeof key)) {
        if (strcmp(key, "id") == 0) {
            read_string(r, item.id, sizeof item.id);
        } else if (strcmp(key, "frame") == 0) {
            double v[4] = { 0, 0, 0, 0 };
            if (read_numbers(r, v, 4) == 4) item.frame = hk_make_rect(v[0], v[1], v[2], v[3]);
        } else if (strcmp(key, "enabled") == 0) {
            item.enabled = strncmp(r->at, "false", 5) != 0;
            read_value(r, NULL, NULL);
        } else {
            read_value(r, NULL, NULL);
        }
    }
    if (r->failed) return;
    if (menu->item_count < HOST_MAX_MENU_ITEMS) menu->items[menu->item_count++] = item;
}

/* An object; `menu` is the context menu whose object this is, if it is one. Its interactions
 * found under its keys get its id as their view's. */
static void read_object(reader *r, host_interaction *menu) {
    char id[HOST_ID_SIZE] = "", key[32];
    size_t first = r->out->count, i;
    r->at++;
    while (next_member(r, key, sizeof key)) {
        if (strcmp(key, "id") == 0 && *r->at == '"') {
            read_string(r, id, sizeof id);
        } else if (menu && strcmp(key, "items") == 0 && *r->at == '[') {
            r->at++;
            for (;;) {
                skip_space(r);
                if (*r->at == ']') {
                    r->at++;
                    break;
                }
                read_item(r, menu);
                if (r->failed) return;
                skip_space(r);
                if (*r->at == ',') r->at++;
            }
        } else {
            read_value(r, key, NULL);
        }
    }
    if (r->failed) return;
    if (menu) {
        snprintf(menu->id, sizeof menu->id, "%s", id);
        return;
    }
    /* The interactions directly under this object's keys are its own (a menu's id is its own). */
    for (i = first; i < r->out->count; i++)
        if (!r->out->list[i].view[0]) snprintf(r->out->list[i].view, sizeof r->out->list[i].view, "%s", id);
}

static void read_value(reader *r, const char *key, host_interaction *menu) {
    skip_space(r);
    if (*r->at == '{') {
        host_interaction *own = NULL;
        if (key && strcmp(key, "contextMenu") == 0) own = add_interaction(r, HOST_MENU);
        else if (key && strcmp(key, "drag") == 0) own = add_interaction(r, HOST_DRAG);
        else if (key && strcmp(key, "drop") == 0) own = add_interaction(r, HOST_DROP);
        if (own) {
            /* Its object holds its id (and a menu's items); its view's id comes at the end of
             * the enclosing object. */
            read_object(r, own);
        } else {
            read_object(r, menu);
        }
    } else if (*r->at == '[') {
        r->at++;
        for (;;) {
            skip_space(r);
            if (*r->at == ']') {
                r->at++;
                return;
            }
            read_value(r, NULL, NULL);
            if (r->failed) return;
            skip_space(r);
            if (*r->at == ',') r->at++;
        }
    } else if (*r->at == '"') {
        read_string(r, NULL, 0);
    } else if (*r->at) {
        /* A number, true, false or null. */
        while (*r->at && *r->at != ',' && *r->at != '}' && *r->at != ']' && !isspace((unsigned char)*r->at)) r->at++;
    } else {
        r->failed = 1;
    }
}

int interactions_read(const char *scene_text, host_interactions *out) {
    reader r;
    memset(out, 0, sizeof *out);
    memset(&r, 0, sizeof r);
    r.at = scene_text;
    r.out = out;
    read_value(&r, NULL, NULL);
    if (r.failed) {
        interactions_free(out);
        return 0;
    }
    return 1;
}

void interactions_free(host_interactions *interactions) {
    free(interactions->list);
    interactions->list = NULL;
    interactions->count = 0;
}

host_interaction *interactions_find(host_interactions *interactions, const char *id) {
    size_t i;
    for (i = 0; i < interactions->count; i++)
        if (strcmp(interactions->list[i].id, id) == 0) return &interactions->list[i];
    return NULL;
}

int interactions_follow(host_interactions *interactions, const char *line) {
    char id[HOST_ID_SIZE], word[32], argument[HOST_ID_SIZE];
    host_interaction *it;
    int fields = sscanf(line, "%63s %31s %63s", id, word, argument), i;
    if (fields < 2 || !(it = interactions_find(interactions, id))) return 0;
    switch (it->kind) {
    case HOST_MENU:
        if (strcmp(word, "willDisplay") == 0) {
            it->open = 1;
            it->highlighted = -1;
        } else if (strcmp(word, "willEnd") == 0) {
            it->open = 0;
            it->highlighted = -1;
        } else if (strcmp(word, "highlight") == 0 && fields == 3) {
            for (i = 0; i < it->item_count; i++)
                if (strcmp(it->items[i].id, argument) == 0) it->highlighted = i;
        } else {
            return 0;
        }
        return 1;
    case HOST_DRAG:
        if (strcmp(word, "lift") == 0) {
            it->lifted = 1;
        } else if (strcmp(word, "sessionWillBegin") == 0) {
            it->lifted = 0;
            it->dragging = 1;
        } else if (strcmp(word, "didEnd") == 0) {
            it->lifted = it->dragging = 0;
        } else {
            return 0;
        }
        return 1;
    case HOST_DROP:
        if (strcmp(word, "enter") == 0) it->targeted = 1;
        else if (strcmp(word, "exit") == 0 || strcmp(word, "sessionDidEnd") == 0) it->targeted = 0;
        else if (strcmp(word, "performDrop") == 0) it->drops++;
        else return 0;
        return 1;
    }
    return 0;
}
