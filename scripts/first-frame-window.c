/* The least a GTK 4 program does before its first frame: a GtkApplication
 * opens a window with a label, and after the window's first paint writes
 * the file given by --dump-layout, as the apps do. scripts/measure-start
 * times it beside the apps, as the fixed cost no app start can go below. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

static const char *layout_path;

static void after_paint(GdkFrameClock *clock, gpointer data) {
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp", layout_path);
    FILE *file = fopen(temporary, "w");
    if (!file) return;
    fputs("{\"cards\": {\"first\": {}}, \"rows\": {\"first\": {}}, \"lists\": {\"first\": {}}}\n", file);
    fclose(file);
    rename(temporary, layout_path);
    g_signal_handlers_disconnect_by_func(clock, after_paint, data);
}

static void mapped(GtkWidget *window, gpointer data) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), NULL);
}

static void activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 696, 640);
    gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("First frame"));
    g_signal_connect(window, "map", G_CALLBACK(mapped), NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--dump-layout") == 0) layout_path = argv[i + 1];
    if (!layout_path) return 0;
    GtkApplication *app = gtk_application_new("org.dragkit.FirstFrameWindow", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    return g_application_run(G_APPLICATION(app), 1, argv);
}
