/* GTK's own recycling list, scrolled as the gallery's `scroll` scene scrolls
 * a DragKit list: a GtkListView of `rows` cards (an empty 40x40 picture and
 * two labels, 56 pixels high, on a white background over a 1 pixel grey
 * line: the gallery's style for list rows, so both lists draw the same
 * cards; in a 360x520 window) stepped down a page at a
 * time from a GLib timeout every 30 ms. Each step's main-loop work is timed
 * the same way (setting the scroll position, then the frames drawn until the
 * next step, from the frame clock's before-paint to its after-paint), in wall
 * clock and in the main thread's processor time, and printed as the scene's
 * `scroll` event. scripts/measure-list-scroll runs it beside the gallery: the
 * same page of the same rows drawn by GTK alone, the floor a DragKit list
 * sits on.
 *
 *     cc -O2 scroll-list-view.c -o scroll-list-view $(pkg-config --cflags --libs gtk4)
 *     ./scroll-list-view --rows 100000 --steps 200
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#define WARM_UP_STEPS 20
#define ROW_HEIGHT 56

static int row_count = 1000;
static int step_count = 200;
static GtkWidget *scroller;
static double *wall_samples, *processor_samples;
static int recorded;
static gboolean has_pending;
static double pending_wall, pending_processor;
static double frame_wall_start, frame_processor_start;
static gboolean in_frame;

static double seconds_of(clockid_t clock) {
    struct timespec time;
    clock_gettime(clock, &time);
    return time.tv_sec + time.tv_nsec / 1e9;
}

static void before_paint(GdkFrameClock *clock, gpointer data) {
    frame_wall_start = seconds_of(CLOCK_MONOTONIC);
    frame_processor_start = seconds_of(CLOCK_THREAD_CPUTIME_ID);
    in_frame = TRUE;
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    if (!in_frame) return;
    in_frame = FALSE;
    if (!has_pending) return;
    pending_wall += seconds_of(CLOCK_MONOTONIC) - frame_wall_start;
    pending_processor += seconds_of(CLOCK_THREAD_CPUTIME_ID) - frame_processor_start;
}

static int compare(const void *left, const void *right) {
    double a = *(const double *)left, b = *(const double *)right;
    return (a > b) - (a < b);
}

static double percentile(double fraction, double *sorted, int count) {
    if (count == 0) return 0;
    int index = (int)ceil(fraction * count) - 1;
    if (index < 0) index = 0;
    if (index > count - 1) index = count - 1;
    return sorted[index];
}

static void finish(void) {
    qsort(wall_samples, recorded, sizeof(double), compare);
    qsort(processor_samples, recorded, sizeof(double), compare);
    printf("{\"event\": \"scroll\", \"rows\": %d, \"steps\": %d, \"p50\": %.3f, \"p90\": %.3f, \"p99\": %.3f, "
           "\"max\": %.3f, \"cpuP50\": %.3f, \"cpuP99\": %.3f, \"cpuMax\": %.3f}\n",
           row_count, recorded, percentile(0.5, wall_samples, recorded), percentile(0.9, wall_samples, recorded),
           percentile(0.99, wall_samples, recorded), recorded ? wall_samples[recorded - 1] : 0,
           percentile(0.5, processor_samples, recorded), percentile(0.99, processor_samples, recorded),
           recorded ? processor_samples[recorded - 1] : 0);
    fflush(stdout);
    exit(0);
}

static gboolean step(gpointer data) {
    static int remaining = -1;
    if (remaining < 0) remaining = step_count + WARM_UP_STEPS;
    if (has_pending && remaining < step_count) {
        /* Microseconds, as the gallery reports. */
        wall_samples[recorded] = pending_wall * 1e6;
        processor_samples[recorded] = pending_processor * 1e6;
        recorded++;
    }
    has_pending = FALSE;
    if (remaining == 0) finish();
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));
    double page = gtk_adjustment_get_page_size(adjustment);
    double end = gtk_adjustment_get_upper(adjustment) - page;
    double offset = gtk_adjustment_get_value(adjustment);
    if (offset + page > end) {
        /* Back to the top: a jump, not a page, so it is not timed. */
        gtk_adjustment_set_value(adjustment, 0);
        return G_SOURCE_CONTINUE;
    }
    double wall = seconds_of(CLOCK_MONOTONIC), processor = seconds_of(CLOCK_THREAD_CPUTIME_ID);
    gtk_adjustment_set_value(adjustment, offset + page);
    pending_wall = seconds_of(CLOCK_MONOTONIC) - wall;
    pending_processor = seconds_of(CLOCK_THREAD_CPUTIME_ID) - processor;
    has_pending = TRUE;
    remaining--;
    return G_SOURCE_CONTINUE;
}

static gboolean wait_for_layout(gpointer data) {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));
    GdkFrameClock *clock = gtk_widget_get_frame_clock(scroller);
    if (gtk_adjustment_get_page_size(adjustment) <= 0 || clock == NULL) return G_SOURCE_CONTINUE;
    g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), NULL);
    g_timeout_add(30, step, NULL);
    return G_SOURCE_REMOVE;
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *picture = gtk_picture_new();
    gtk_widget_set_size_request(picture, 40, 40);
    GtkWidget *title = gtk_label_new(NULL), *summary = gtk_label_new(NULL);
    gtk_widget_set_halign(title, GTK_ALIGN_START);
    gtk_widget_set_halign(summary, GTK_ALIGN_START);
    GtkWidget *texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_box_append(GTK_BOX(texts), title);
    gtk_box_append(GTK_BOX(texts), summary);
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10);
    gtk_widget_set_size_request(row, 320, ROW_HEIGHT);
    gtk_box_append(GTK_BOX(row), picture);
    gtk_box_append(GTK_BOX(row), texts);
    gtk_widget_add_css_class(row, "card");
    gtk_list_item_set_child(item, row);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *row = gtk_list_item_get_child(item);
    GtkWidget *texts = gtk_widget_get_last_child(row);
    guint position = gtk_list_item_get_position(item);
    GtkStringObject *name = gtk_list_item_get_item(item);
    char summary[64];
    snprintf(summary, sizeof summary, "Row %u of %d", position, row_count);
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_first_child(texts)), gtk_string_object_get_string(name));
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_last_child(texts)), summary);
}

static void activate(GtkApplication *app, gpointer data) {
    GtkStringList *names = gtk_string_list_new(NULL);
    char name[64];
    for (int index = 0; index < row_count; index++) {
        snprintf(name, sizeof name, "Cache number %d", index);
        gtk_string_list_append(names, name);
    }
    /* The gallery's rows (.dragkit-row in Sources/DragKitGallery/Gallery.swift). */
    GtkCssProvider *style = gtk_css_provider_new();
    gtk_css_provider_load_from_data(style, ".card { background: #fff; border-bottom: 1px solid #ddd; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(style),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(names))), factory);
    scroller = gtk_scrolled_window_new();
    gtk_widget_set_size_request(scroller, 320, 480);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "GtkListView Scroll");
    gtk_window_set_default_size(GTK_WINDOW(window), 360, 520);
    gtk_window_set_child(GTK_WINDOW(window), scroller);
    gtk_window_present(GTK_WINDOW(window));
    g_timeout_add(20, wait_for_layout, NULL);
}

int main(int argc, char **argv) {
    for (int index = 1; index + 1 < argc; index += 2) {
        if (strcmp(argv[index], "--rows") == 0) row_count = atoi(argv[index + 1]);
        else if (strcmp(argv[index], "--steps") == 0) step_count = atoi(argv[index + 1]);
    }
    wall_samples = calloc(step_count, sizeof(double));
    processor_samples = calloc(step_count, sizeof(double));
    GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    char *gtk_argv[] = {argv[0], NULL};
    return g_application_run(G_APPLICATION(app), 1, gtk_argv);
}
