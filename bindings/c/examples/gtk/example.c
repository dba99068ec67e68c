/* example.c — the GTK examples' shared pieces (example.h). */
#include "example.h"

#include <stdio.h>

GtkWidget *example_page_new(const char *title, const char *text) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10);
    gtk_widget_set_margin_top(box, 20);
    gtk_widget_set_margin_start(box, 24);
    gtk_widget_set_margin_end(box, 24);
    GtkWidget *heading = gtk_label_new(NULL);
    char *markup = g_markup_printf_escaped("<span size='xx-large' weight='bold'>%s</span>", title);
    gtk_label_set_markup(GTK_LABEL(heading), markup);
    g_free(markup);
    gtk_widget_set_halign(heading, GTK_ALIGN_START);
    GtkWidget *body = gtk_label_new(text);
    gtk_label_set_wrap(GTK_LABEL(body), TRUE);
    gtk_widget_set_halign(body, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(box), heading);
    gtk_box_append(GTK_BOX(box), body);
    example_page_set_title(box, title);
    return box;
}

void example_page_set_title(GtkWidget *page, const char *title) {
    g_object_set_data_full(G_OBJECT(page), "example-title", g_strdup(title), g_free);
}

const char *example_page_title(void *page) {
    const char *title = page ? g_object_get_data(page, "example-title") : NULL;
    return title ? title : "-";
}

bool example_save_screenshot(GtkWindow *window, const char *path) {
    GtkWidget *widget = GTK_WIDGET(window);
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    bool saved = false;
    if (node) {
        GskRenderer *renderer = gtk_native_get_renderer(gtk_widget_get_native(widget));
        GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, width, height));
        saved = gdk_texture_save_to_png(texture, path);
        if (!saved) fprintf(stderr, "screenshot %s: the PNG could not be written\n", path);
        g_object_unref(texture);
        gsk_render_node_unref(node);
    } else {
        fprintf(stderr, "screenshot %s: the window drew nothing (%d x %d)\n", path, width, height);
    }
    g_object_unref(paintable);
    return saved;
}

void example_expect(example_script *script, bool ok, const char *what) {
    printf("%s step %d: %s\n", ok ? "ok  " : "FAIL", script->step, what);
    if (!ok) script->failures++;
}

gboolean example_give_up(gpointer data) {
    example_script *script = data;
    example_expect(script, false, "the script finished in time");
    script->step = EXAMPLE_GAVE_UP;
    return G_SOURCE_REMOVE;
}
