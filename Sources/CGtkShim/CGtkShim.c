#define _GNU_SOURCE
#include "CGtkShim.h"

#include <gdk/x11/gdkx.h>
#include <glib-unix.h>
#include <unistd.h>

// MARK: - Lazy content provider

typedef struct {
    GdkContentProvider parent_instance;
    GdkContentFormats *formats;
    DKProduceFunc produce;
    void *user_data;
    GDestroyNotify destroy;
} DKLazyContentProvider;

typedef struct {
    GdkContentProviderClass parent_class;
} DKLazyContentProviderClass;

G_DEFINE_TYPE(DKLazyContentProvider, dk_lazy_content_provider, GDK_TYPE_CONTENT_PROVIDER)

struct DKWriteRequest {
    GTask *task;
    GOutputStream *stream;
    GBytes *bytes;
    gsize offset;
    int io_priority;
};

// Bytes go out in 1 MiB slices: GTK 4.8's X11 selection stream buffers a
// write whole and sends all it has buffered as one X request, so a single
// write above the server's request limit (16 MiB on Xvfb) stalls the
// transfer. (Much smaller slices stalled too in tests; 1 MiB is reliable.)
enum { DK_WRITE_CHUNK = 1024 * 1024 };

static void dk_lazy_content_provider_finalize(GObject *object) {
    DKLazyContentProvider *self = (DKLazyContentProvider *)object;
    if (self->destroy != NULL) {
        self->destroy(self->user_data);
    }
    gdk_content_formats_unref(self->formats);
    G_OBJECT_CLASS(dk_lazy_content_provider_parent_class)->finalize(object);
}

static GdkContentFormats *dk_lazy_content_provider_ref_formats(GdkContentProvider *provider) {
    DKLazyContentProvider *self = (DKLazyContentProvider *)provider;
    return gdk_content_formats_ref(self->formats);
}

static void dk_lazy_content_provider_write_mime_type_async(GdkContentProvider *provider,
                                                           const char *mime_type,
                                                           GOutputStream *stream,
                                                           int io_priority,
                                                           GCancellable *cancellable,
                                                           GAsyncReadyCallback callback,
                                                           gpointer user_data) {
    DKLazyContentProvider *self = (DKLazyContentProvider *)provider;
    GTask *task = g_task_new(provider, cancellable, callback, user_data);
    g_task_set_priority(task, io_priority);
    g_task_set_source_tag(task, dk_lazy_content_provider_write_mime_type_async);

    if (!gdk_content_formats_contain_mime_type(self->formats, mime_type)) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                "Cannot provide contents as “%s”: it is not offered", mime_type);
        g_object_unref(task);
        return;
    }
    DKWriteRequest *request = g_new0(DKWriteRequest, 1);
    request->task = task;
    request->stream = g_object_ref(stream);
    request->io_priority = io_priority;
    self->produce(self->user_data, mime_type, request);
}

static gboolean dk_lazy_content_provider_write_mime_type_finish(GdkContentProvider *provider,
                                                                GAsyncResult *result,
                                                                GError **error) {
    (void)provider;
    return g_task_propagate_boolean(G_TASK(result), error);
}

static void dk_lazy_content_provider_class_init(DKLazyContentProviderClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GdkContentProviderClass *provider_class = GDK_CONTENT_PROVIDER_CLASS(klass);
    object_class->finalize = dk_lazy_content_provider_finalize;
    provider_class->ref_formats = dk_lazy_content_provider_ref_formats;
    provider_class->write_mime_type_async = dk_lazy_content_provider_write_mime_type_async;
    provider_class->write_mime_type_finish = dk_lazy_content_provider_write_mime_type_finish;
}

static void dk_lazy_content_provider_init(DKLazyContentProvider *self) {
    (void)self;
}

GdkContentProvider *dk_lazy_content_provider_new(const char *const *mime_types, size_t count,
                                                 DKProduceFunc produce, void *user_data,
                                                 GDestroyNotify destroy) {
    DKLazyContentProvider *self = g_object_new(dk_lazy_content_provider_get_type(), NULL);
    GdkContentFormatsBuilder *builder = gdk_content_formats_builder_new();
    for (size_t i = 0; i < count; i++) {
        gdk_content_formats_builder_add_mime_type(builder, mime_types[i]);
    }
    self->formats = gdk_content_formats_builder_free_to_formats(builder);
    self->produce = produce;
    self->user_data = user_data;
    self->destroy = destroy;
    return GDK_CONTENT_PROVIDER(self);
}

static void dk_write_request_free(DKWriteRequest *request) {
    g_clear_object(&request->task);
    g_clear_object(&request->stream);
    g_clear_pointer(&request->bytes, g_bytes_unref);
    g_free(request);
}

static void dk_write_request_next(DKWriteRequest *request);

// Continues from an idle callback: GTK 4.8's X11 stream completes a
// deferred write before it forgets it, so writing (or closing) again from
// inside the completion trips its assertions.
static gboolean dk_write_request_continue(gpointer data) {
    DKWriteRequest *request = data;
    if (request->offset >= g_bytes_get_size(request->bytes)) {
        g_task_return_boolean(request->task, TRUE);
        dk_write_request_free(request);
    } else {
        dk_write_request_next(request);
    }
    return G_SOURCE_REMOVE;
}

static void dk_write_request_written(GObject *source, GAsyncResult *result, gpointer data) {
    DKWriteRequest *request = data;
    GError *error = NULL;
    gsize written = 0;
    if (!g_output_stream_write_all_finish(G_OUTPUT_STREAM(source), result, &written, &error)) {
        if (error == NULL) {
            error = g_error_new_literal(G_IO_ERROR, G_IO_ERROR_FAILED, "The destination stopped reading");
        }
        g_task_return_error(request->task, error);
        dk_write_request_free(request);
        return;
    }
    request->offset += written;
    g_idle_add_full(request->io_priority, dk_write_request_continue, request, NULL);
}

static void dk_write_request_next(DKWriteRequest *request) {
    gsize size = 0;
    const guint8 *data = g_bytes_get_data(request->bytes, &size);
    gsize length = MIN((gsize)DK_WRITE_CHUNK, size - request->offset);
    g_output_stream_write_all_async(request->stream, data + request->offset, length, request->io_priority,
                                    g_task_get_cancellable(request->task),
                                    dk_write_request_written, request);
}

void dk_write_request_succeed(DKWriteRequest *request, const uint8_t *bytes, size_t length) {
    request->bytes = g_bytes_new(bytes, length);
    if (length == 0) {
        g_task_return_boolean(request->task, TRUE);
        dk_write_request_free(request);
        return;
    }
    dk_write_request_next(request);
}

void dk_write_request_fail(DKWriteRequest *request, const char *message) {
    g_task_return_new_error(request->task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", message);
    dk_write_request_free(request);
}

// MARK: - Reading a whole stream

enum { DK_READ_CHUNK = 256 * 1024 };

typedef struct {
    GInputStream *stream;
    GCancellable *cancellable;
    GByteArray *buffer;
    guint filled;
    DKReadProgressFunc progress;
    DKReadDoneFunc done;
    void *user_data;
} DKReadState;

static void dk_read_next(DKReadState *state);

static void dk_read_state_finish(DKReadState *state, const char *error_message) {
    g_input_stream_close(state->stream, NULL, NULL);
    if (error_message != NULL) {
        state->done(state->user_data, NULL, 0, error_message);
    } else {
        state->done(state->user_data, state->buffer->data, state->filled, NULL);
    }
    g_byte_array_unref(state->buffer);
    g_clear_object(&state->cancellable);
    g_object_unref(state->stream);
    g_free(state);
}

static void dk_read_chunk_done(GObject *source, GAsyncResult *result, gpointer data) {
    DKReadState *state = data;
    GError *error = NULL;
    gssize count = g_input_stream_read_finish(G_INPUT_STREAM(source), result, &error);
    if (count < 0) {
        dk_read_state_finish(state, error->message);
        g_error_free(error);
        return;
    }
    if (count == 0) {
        dk_read_state_finish(state, NULL);
        return;
    }
    state->filled += (guint)count;
    if (state->progress != NULL) {
        state->progress(state->user_data, state->filled);
    }
    dk_read_next(state);
}

static void dk_read_next(DKReadState *state) {
    // Grow the buffer and read straight into its tail: one copy per byte.
    g_byte_array_set_size(state->buffer, state->filled + DK_READ_CHUNK);
    g_input_stream_read_async(state->stream, state->buffer->data + state->filled, DK_READ_CHUNK,
                              G_PRIORITY_DEFAULT, state->cancellable, dk_read_chunk_done, state);
}

void dk_read_stream_all_async(GInputStream *stream, GCancellable *cancellable,
                              DKReadProgressFunc progress, DKReadDoneFunc done, void *user_data) {
    DKReadState *state = g_new0(DKReadState, 1);
    state->stream = g_object_ref(stream);
    state->cancellable = cancellable != NULL ? g_object_ref(cancellable) : NULL;
    state->buffer = g_byte_array_sized_new(DK_READ_CHUNK);
    state->progress = progress;
    state->done = done;
    state->user_data = user_data;
    dk_read_next(state);
}

// dk_drop_read_async lives in XdndDropRead.c: it makes strict XDND sources
// (Qt 5) answer too.

// MARK: - Main loop and Swift's main actor

// libdispatch's hooks for a foreign run loop (the same ones CoreFoundation
// uses): an eventfd that becomes readable when main-queue work is pending,
// and the call that drains it.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean dk_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    (void)data;
    uint64_t value = 0;
    ssize_t ignored = read(fd, &value, sizeof value);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

void dk_install_main_queue_source(void) {
    static gsize installed = 0;
    if (g_once_init_enter(&installed)) {
        int fd = _dispatch_get_main_queue_handle_4CF();
        g_unix_fd_add(fd, G_IO_IN, dk_main_queue_ready, NULL);
        g_once_init_leave(&installed, 1);
    }
}

// MARK: - X11

unsigned long dk_widget_x11_xid(GtkWidget *widget) {
    GtkNative *native = gtk_widget_get_native(widget);
    if (native == NULL) {
        return 0;
    }
    GdkSurface *surface = gtk_native_get_surface(native);
    if (surface == NULL || !GDK_IS_X11_SURFACE(surface)) {
        return 0;
    }
    return (unsigned long)gdk_x11_surface_get_xid(surface);
}

gboolean dk_widget_x11_root_origin(GtkWidget *widget, int *x, int *y) {
    unsigned long xid = dk_widget_x11_xid(widget);
    if (xid == 0) {
        return FALSE;
    }
    GdkDisplay *display = gtk_widget_get_display(widget);
    if (!GDK_IS_X11_DISPLAY(display)) {
        return FALSE;
    }
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window child = 0;
    return XTranslateCoordinates(xdisplay, (Window)xid, DefaultRootWindow(xdisplay), 0, 0, x, y, &child) != 0;
}
