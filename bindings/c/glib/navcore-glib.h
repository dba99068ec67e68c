/*
 * navcore-glib.h — runs a navcore navigator on a GLib main loop (GMainContext).
 *
 * A UI toolkit built on GLib (GTK, libadwaita, Clutter) wants every callback on its UI thread.
 * navcore's host dispatch mode (SPEC §9) gives that: asking an op only enqueues it and calls the
 * navigator's wakeup callback, from whatever thread asked; the host then drains on its UI
 * thread, where the op runs and every callback arrives. This helper is that glue: the wakeup
 * attaches an idle source to the context (thread-safe, from any thread), and the source drains
 * on the thread that runs the context.
 *
 * Each drain is a bounded one (navcore_drain_for, SPEC §9) of NAVCORE_GLIB_DRAIN_SECONDS: when
 * other threads post faster than ops run, it stops after that long (plus the op in hand) and
 * returns to the main loop, and the source runs again (G_SOURCE_CONTINUE) at
 * G_PRIORITY_DEFAULT_IDLE, below input, resizing and redrawing, until the queue is empty. So a
 * flooded UI thread keeps painting and answering input between drains instead of freezing.
 *
 *   navcore_navigator *nav;
 *   navcore_navigator_create(&nav, NAVCORE_DISPATCH_HOST);
 *   navcore_glib_attach(nav, NULL);            // NULL: the default main context
 *   ... navcore_post(nav, "details", …) from a worker thread: the show runs on the UI thread.
 *
 * What still runs on the calling thread (SPEC §9): navcore_transition_finish, _cancel and
 * _progress, navcore_gesture_begin, navcore_decide and navcore_screen_discard act at once and
 * deliver their callbacks where they are called, so call them on the context's thread too
 * (a GtkStack's notify::transition-running handler does).
 *
 * The library libnavcore-glib.so.1, installed beside libnavcore (`make install`, the release
 * tarball), with pkg-config's navcore-glib and CMake's navcore::glib:
 *   cc app.c $(pkg-config --cflags --libs navcore-glib)
 *   find_package(navcore 1.1 REQUIRED COMPONENTS glib)   target_link_libraries(app navcore::glib)
 */
#ifndef NAVCORE_GLIB_H
#define NAVCORE_GLIB_H

#include <glib.h>
#include <navcore.h>

/** Marks the functions the library exports (it is built with -fvisibility=hidden). */
#if defined(__GNUC__) || defined(__clang__)
#define NAVCORE_GLIB_API __attribute__((visibility("default")))
#else
#define NAVCORE_GLIB_API
#endif

G_BEGIN_DECLS

/** How long one drain of the helper may go on starting ops, in seconds: a few milliseconds, a
 *  fraction of a 60 Hz frame, so that the main loop gets control back often while ops flood in. */
#define NAVCORE_GLIB_DRAIN_SECONDS 0.004

/**
 * Makes `context` (NULL = the default main context) drain the host-dispatch navigator `nav`:
 * registers its wakeup callback (replacing any), which attaches a drain source at
 * G_PRIORITY_DEFAULT on `context` (one at a time), so that ops asked from any thread run, with
 * their callbacks, on the thread that iterates `context`, NAVCORE_GLIB_DRAIN_SECONDS of them per
 * main-loop iteration. Registered while ops already wait, the wakeup is
 * called at once (SPEC §9), so attaching late never stalls. Returns the status of
 * navcore_on_wakeup. The wakeup callback may run on any thread; it only attaches a source. An
 * inline-dispatch navigator never calls its wakeup (its ops run on the asking thread): create
 * the navigator with NAVCORE_DISPATCH_HOST.
 */
NAVCORE_GLIB_API int navcore_glib_attach(navcore_navigator *nav, GMainContext *context);

/**
 * Ends the attachment: unregisters the wakeup; a drain already scheduled then does nothing.
 * Destroying the navigator ends it too. Returns the status of navcore_on_wakeup.
 */
NAVCORE_GLIB_API int navcore_glib_detach(navcore_navigator *nav);

G_END_DECLS

#endif /* NAVCORE_GLIB_H */
