/*
 * navcore-gtk4.h — keeps a GtkStack in step with a navcore navigator: the stack mirror of
 * docs/integrating.md (section 3) for GTK 4, as a library.
 *
 * The app gives a navigator whose screen objects are GtkWidgets (a screen's object is its page;
 * a NULL object shows nothing) and a GtkStack to show them in. The mirror then:
 *   - mounts the appearing screen's widget in the stack at will_push / will_pop / will_set, so
 *     that every will_show (a screen's hooks, the app's callbacks) finds its widget parented;
 *   - shows the new top at once after an instant change (no transition comes for it);
 *   - plays each transition the app hands it as a slide (push: from the right, pop: from the
 *     left) with the stack's own transition duration, and finishes navcore's transition once GTK
 *     says the slide stopped (notify::transition-running) — or, should GTK never say so, after
 *     the stack's duration plus NAVCORE_GTK_FALLBACK_MARGIN_MS;
 *   - keeps the leaving page mounted and on screen during the back gesture's provisional pop,
 *     then commits it (slides back, then finishes) or reverts it (cancels);
 *   - unmounts a screen's widget at its release;
 *   - in a family (nested navigators, tabs, modals: SPEC §16), mirrors its own navigator only:
 *     a child's mirror in the child's GtkStack, whichever member an op was asked of. The present
 *     and dismiss transitions of a modal (NAVCORE_STYLE_PRESENT, NAVCORE_STYLE_DISMISS) reach
 *     the parent's animator, hence its mirror: they move no page of the parent's stack (the
 *     modal's pages are in the modal's own mirror), so the mirror finishes them from an idle.
 *
 * What the app keeps: every callback of its own. The mirror hears the action and release events
 * through a navcore observer (navcore_observer_add), so the app's navcore_on_action,
 * navcore_on_release and every other registration stay the app's, and it never changes the
 * stack's transition duration or type. The animator is one per navigator and stays the app's
 * too: its animator hands each transition to navcore_gtk_mirror_animate. An app with no animator
 * of its own may pass NAVCORE_GTK_MIRROR_ANIMATOR instead, and the mirror registers itself as
 * the animator (replacing any).
 *
 * Ownership: the screen objects stay the app's: navcore hands each back through the app's
 * release callback, where the app drops its reference on the widget. The mirror holds a
 * reference of its own on each widget it mounted until it unmounts it. The app owns the mirror:
 * navcore_gtk_mirror_free, before or after destroying the navigator.
 *
 * Lifetime: the mirror follows the stack until the GtkStack is destroyed (a weak reference).
 * Then it removes its observer (and the animator it registered), drops its references, ends
 * from an idle the slide or gesture it was playing (finish, or cancel) so that navcore's queue
 * goes on, and refuses every later call that needs the stack with NAVCORE_ERR_STATE and a
 * warning ("the GtkStack was destroyed"). Free it as usual.
 *
 * Threads: call every function on the thread of GTK's main context, where the navigator's
 * callbacks must arrive too (host dispatch drained by navcore-glib's navcore_glib_attach, or
 * inline dispatch asked from the UI thread only).
 *
 * The library libnavcore-gtk4.so.1, installed beside libnavcore (`make install`, the release
 * tarball), with pkg-config's navcore-gtk4 and CMake's navcore::gtk4:
 *   cc app.c $(pkg-config --cflags --libs navcore-gtk4 navcore-glib)
 *   find_package(navcore 1.1 REQUIRED COMPONENTS glib gtk4)
 *   target_link_libraries(app PRIVATE navcore::gtk4 navcore::glib)
 */
#ifndef NAVCORE_GTK4_H
#define NAVCORE_GTK4_H

#include <gtk/gtk.h>
#include <navcore.h>

/** Marks the functions the library exports (it is built with -fvisibility=hidden). */
#if defined(__GNUC__) || defined(__clang__)
#define NAVCORE_GTK_API __attribute__((visibility("default")))
#else
#define NAVCORE_GTK_API
#endif

G_BEGIN_DECLS

/** A mirror of one navigator in one GtkStack. */
typedef struct navcore_gtk_mirror navcore_gtk_mirror;

/** navcore_gtk_mirror_new's flag: register the mirror as the navigator's animator (for an app
 *  without an animator of its own; it replaces any). */
#define NAVCORE_GTK_MIRROR_ANIMATOR 1u

/** How much longer than the stack's transition duration a slide may take before the mirror
 *  finishes navcore's transition without GTK's word (a stalled frame clock, a notify that never
 *  comes): a backstop, never the usual path. */
#define NAVCORE_GTK_FALLBACK_MARGIN_MS 500

/**
 * Makes `*out` a mirror of `nav` in `stack`: adds its observer to `nav` and, with
 * NAVCORE_GTK_MIRROR_ANIMATOR in `flags`, registers it as the animator. A screen already on top
 * is mounted and shown at once. NAVCORE_ERR_INVALID, with a GLib critical, for a NULL `out`, a
 * NULL `stack` or one that is no GtkStack, or an unknown flag (as for a NULL argument of every
 * function below); navcore's status when the observer or the animator cannot be registered
 * (NAVCORE_ERR_INVALID_HANDLE for a destroyed navigator); a failing call keeps nothing.
 * Returns: NAVCORE_OK or the failure.
 */
NAVCORE_GTK_API int navcore_gtk_mirror_new(navcore_gtk_mirror **out, navcore_navigator *nav, GtkStack *stack,
                                           unsigned int flags);

/**
 * Frees the mirror: removes its observer and the animator it registered, unmounts the widgets it
 * mounted (while the stack lives), and ends the slide or gesture it was playing (finish, or
 * cancel: their callbacks run here). NULL is accepted.
 */
NAVCORE_GTK_API void navcore_gtk_mirror_free(navcore_gtk_mirror *mirror);

/**
 * For the app's animator: plays `transition` (an interactive one is the back gesture's, which
 * navcore_gtk_mirror_gesture_* then drive). NAVCORE_ERR_STATE once the stack is destroyed
 * (nothing can play it: the app finishes it itself), NAVCORE_ERR_INVALID for a NULL argument.
 * Returns: NAVCORE_OK or the failure.
 */
NAVCORE_GTK_API int navcore_gtk_mirror_animate(navcore_gtk_mirror *mirror, const navcore_transition *transition);

/**
 * The back gesture, driven by the app's recogniser: begin (navcore_gesture_begin; the app's
 * animator hands the interactive transition to navcore_gtk_mirror_animate), progress (0…1),
 * end (commit: slide back, then finish; else cancel). NAVCORE_ERR_STATE once the stack is
 * destroyed, or for progress and end without a gesture in flight; otherwise navcore's status.
 */
NAVCORE_GTK_API int navcore_gtk_mirror_gesture_begin(navcore_gtk_mirror *mirror);
NAVCORE_GTK_API int navcore_gtk_mirror_gesture_progress(navcore_gtk_mirror *mirror, double progress);
NAVCORE_GTK_API int navcore_gtk_mirror_gesture_end(navcore_gtk_mirror *mirror, bool commit);

/** The GtkStack, or NULL once it was destroyed. */
NAVCORE_GTK_API GtkStack *navcore_gtk_mirror_get_stack(const navcore_gtk_mirror *mirror);

/** Whether a slide plays or its finish is due: the mirror has not settled yet. */
NAVCORE_GTK_API bool navcore_gtk_mirror_is_animating(const navcore_gtk_mirror *mirror);

/** How many slides the GtkStack played (transition-running went true). */
NAVCORE_GTK_API unsigned int navcore_gtk_mirror_slides_played(const navcore_gtk_mirror *mirror);

/** How many transitions the fallback finished because GTK never reported their slide's end. */
NAVCORE_GTK_API unsigned int navcore_gtk_mirror_fallbacks(const navcore_gtk_mirror *mirror);

G_END_DECLS

#endif /* NAVCORE_GTK4_H */
