/*
 * mirror.h — the stack mirror recipe for a retained-mode toolkit, here GTK4: keeps a GtkStack's
 * children in step with a navcore navigator (docs/integrating.md, "The mirror, in C").
 *
 * A GtkStack keeps its own children; navcore owns the stack. The mirror listens to the action
 * events and is the animator, because some ops never reach the animator (the first push, instant
 * ops, a show, anything done while hidden):
 *   - will_push / will_pop / will_set: mount the appearing screen's widget. The action event
 *     comes before will_show (SPEC §4 steps 1 and 5), so a screen's own will_show hook finds its
 *     widget mounted; a route factory runs earlier still, so it must not expect a parent.
 *   - did_* instant: show the new top at once (no transition is coming).
 *   - the animator: slide to the new top; when the GtkStack's transition-running goes false,
 *     finish navcore's transition.
 *   - the interactive back gesture: navcore's stack already shows the pop, but it is
 *     provisional. The mirror changes nothing on screen and keeps the leaving widget mounted;
 *     mirror_gesture_end commits (slides back, then finishes: the screen is released and
 *     unmounted) or reverts (cancels: the stack comes back, nothing was destroyed).
 *   - release: unmount the widget and free the page. A screen is released after its did_hide
 *     and after its transition ended, so its widget is no longer on screen.
 */
#ifndef NAVCORE_GTK_MIRROR_H
#define NAVCORE_GTK_MIRROR_H

#include <gtk/gtk.h>
#include <navcore.h>

/* The host object of every screen the mirror shows: a widget and the GtkStack child name it
 * is mounted under. The mirror frees it (and `data` with `free_data`) at the screen's release. */
typedef struct mirror_page {
    GtkWidget *widget; /* a reference of the page's own, mounted or not */
    char name[32];
    bool mounted;
    void *data;
    void (*free_data)(void *data);
} mirror_page;

typedef struct mirror mirror;

/* Takes a reference on `widget` (sinking a floating one). */
mirror_page *mirror_page_new(GtkWidget *widget, void *data, void (*free_data)(void *data));

/* Registers the mirror as `nav`'s action callback, animator and release callback, each with a
 * NULL ctx destructor: the mirror outlives the navigator (free it after destroying `nav`).
 * `on_idle` (may be NULL) runs at each `action idle`, for the host's chrome (title, back button). */
mirror *mirror_new(navcore_navigator *nav, GtkStack *stack, void (*on_idle)(void *ctx), void *ctx);
void mirror_free(mirror *m);

/* The back gesture, driven by the host's recogniser: begin (navcore_gesture_begin), move
 * (progress 0…1), end (commit: slide back then finish; else cancel). */
int mirror_gesture_begin(mirror *m);
int mirror_gesture_progress(mirror *m, double progress);
int mirror_gesture_end(mirror *m, bool commit);

/* Whether a slide is playing or a finish is due: the mirror is not settled yet. */
bool mirror_is_animating(const mirror *m);

/* How many slides the GtkStack actually played (transition-running went true). */
int mirror_slides_played(const mirror *m);

#endif
