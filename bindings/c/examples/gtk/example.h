/*
 * example.h — what the two GTK examples (main.c, tabs.c) share: the page every screen shows, a
 * window's screenshot, and the line each scripted check prints.
 */
#ifndef NAVCORE_GTK_EXAMPLE_H
#define NAVCORE_GTK_EXAMPLE_H

#include <gtk/gtk.h>
#include <stdbool.h>

/* A page: a vertical box with a bold heading and a wrapped line of text, keeping its title for
 * example_page_title. Floating, as GTK makes widgets: the caller sinks it. */
GtkWidget *example_page_new(const char *title, const char *text);

/* Gives a widget of the app's own the title example_page_title reads. */
void example_page_set_title(GtkWidget *page, const char *title);

/* The title of a page example_page_new made (or titled), or "-" for none (NULL). */
const char *example_page_title(void *page);

/* Saves `window`, as it would draw now, to the PNG file `path`; false if it could not. */
bool example_save_screenshot(GtkWindow *window, const char *path);

/* A script's progress: the step it is at and how many of its checks failed. */
typedef struct example_script {
    int step;
    int failures;
} example_script;

/* One check: prints "ok" or "FAIL", the step and `what`, and counts a failure. */
void example_expect(example_script *script, bool ok, const char *what);

/* The step a script that gave up is at: its main loop stops there. */
#define EXAMPLE_GAVE_UP 99

/* A GSourceFunc on the script (`data`), for a timeout: fails a script that did not finish in
 * time and moves it to EXAMPLE_GAVE_UP. */
gboolean example_give_up(gpointer data);

#endif
