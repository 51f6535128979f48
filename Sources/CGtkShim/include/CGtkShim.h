// What Swift cannot express on its own over GTK 4: a GdkContentProvider
// subclass that produces bytes lazily per MIME type, a chunked asynchronous
// stream reader, a bridge that lets GLib's main loop run Swift's main-actor
// jobs, and one-line wrappers for C macros.
#ifndef CGTKSHIM_H
#define CGTKSHIM_H

#include <gtk/gtk.h>
#include <stdint.h>

G_BEGIN_DECLS

// MARK: - Lazy content provider

/// One pending request from a destination for the bytes of one MIME type.
/// Completed exactly once with dk_write_request_succeed or
/// dk_write_request_fail; both free it.
typedef struct DKWriteRequest DKWriteRequest;

/// Called when a destination reads `mime_type`. The callee produces the bytes
/// (possibly later, on the main thread) and completes `request`.
typedef void (*DKProduceFunc)(void *user_data, const char *mime_type, DKWriteRequest *request);

/// A content provider offering `mime_types` (in order: best first) whose
/// bytes come from `produce` only when read. `destroy` releases `user_data`
/// when the provider is finalized.
GdkContentProvider *dk_lazy_content_provider_new(const char *const *mime_types, size_t count,
                                                 DKProduceFunc produce, void *user_data,
                                                 GDestroyNotify destroy);

/// Writes `length` bytes (copied) to the destination's stream, then reports success.
void dk_write_request_succeed(DKWriteRequest *request, const uint8_t *bytes, size_t length);

/// Reports a failure to the destination with a readable message.
void dk_write_request_fail(DKWriteRequest *request, const char *message);

// MARK: - Reading a whole stream asynchronously

/// Progress of a read: the bytes received so far.
typedef void (*DKReadProgressFunc)(void *user_data, uint64_t received);
/// End of a read: `bytes` (valid only during the call) on success, or an error message.
typedef void (*DKReadDoneFunc)(void *user_data, const uint8_t *bytes, size_t length, const char *error_message);

/// Reads `stream` to its end without blocking the main loop (a blocking read
/// would deadlock a drop inside one process, where the writer runs on the
/// same loop). Takes its own reference on the stream; closes it at the end.
void dk_read_stream_all_async(GInputStream *stream, GCancellable *cancellable,
                              DKReadProgressFunc progress, DKReadDoneFunc done, void *user_data);

/// Called when gdk_drop_read_async finishes: the stream (owned by the
/// callee, or NULL), the MIME type it carries, or an error message.
typedef void (*DKDropReadFunc)(void *user_data, GInputStream *stream, const char *mime_type, const char *error_message);

/// gdk_drop_read_async with a C callback; `mime_types` in the destination's
/// order of preference. On X11, after dk_xdnd_watch_display, a read that a
/// strict XDND source (Qt 5) refuses in a way GTK 4.8 never notices is made
/// again the way the XDND protocol asks (see XdndDropRead.c).
void dk_drop_read_async(GdkDrop *drop, const char *const *mime_types, size_t count,
                        GCancellable *cancellable, DKDropReadFunc done, void *user_data);

/// Starts watching `display`'s X events for XDND drops (their timestamps,
/// and sources refusing GTK's requests). Does nothing on other backends or
/// when already watching. Call before the first drop arrives.
void dk_xdnd_watch_display(GdkDisplay *display);

// MARK: - Main loop and Swift's main actor

/// Makes GLib's default main context run the jobs Swift enqueues on the main
/// queue (main-actor tasks), so `await` works inside a GTK app that iterates
/// GLib's loop instead of Dispatch's. Safe to call more than once.
void dk_install_main_queue_source(void);

// MARK: - X11

/// The X11 window id of a realized native widget's surface, or 0 when the
/// display is not X11.
unsigned long dk_widget_x11_xid(GtkWidget *widget);

/// Where the top-left corner of a realized native widget's X11 window is on
/// the screen (root-window coordinates), asked from the X server since GTK 4
/// has no window-position API. Returns FALSE when the display is not X11 or
/// the window is not realized.
gboolean dk_widget_x11_root_origin(GtkWidget *widget, int *x, int *y);

// MARK: - A list's content

/// A GtkFixed that draws only the children meeting the part of it its
/// nearest GtkViewport shows (grown by 16 pixels for shadows and focus
/// rings outside a child): a long list keeps rows above and below the view
/// made and laid out, ready for a scroll, without drawing them every
/// frame. Outside a viewport it draws every child, as GtkFixed does.
GType dk_shown_children_fixed_get_type(void);

// MARK: - Macro wrappers

static inline GType dk_type_string(void) { return G_TYPE_STRING; }
static inline GType dk_type_file(void) { return G_TYPE_FILE; }
static inline GdkDragAction dk_action_copy(void) { return GDK_ACTION_COPY; }
static inline GdkDragAction dk_action_move(void) { return GDK_ACTION_MOVE; }
static inline GdkDragAction dk_action_none(void) { return 0; }

G_END_DECLS

#endif
