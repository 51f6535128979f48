// Reading a drop's data on X11 so that strict XDND sources answer too.
//
// GTK 4.8 asks for a drop's data from its own hidden leader window, with
// CurrentTime. The XDND protocol asks a drop target to make that request
// with the timestamp of XdndDrop, and Qt 5 sources tie a request to its drop
// only by that timestamp or by the requestor being the window the drop was
// sent to: GTK's request matches neither, so Qt refuses it. Qt's refusal (a
// SelectionNotify without a property) also names no target, and GTK listens
// only for a notify naming the target it asked for. GTK's read therefore
// never ends: the drop is never finished, and GTK's drop target keeps the
// stale drop (the "assertion 'self->drop == ...' failed" criticals of the
// next drag).
//
// So each GTK read of a drop from another process is watched through GDK's
// raw X event signal. When a refusal that names no target arrives while GTK
// waits, the oldest waiting read is taken over and made again the XDND way:
// from the window that received XdndDrop, with XdndDrop's timestamp,
// trying the asked-for types in order, the property read whole (INCR too).
// Its bytes reach the caller as a memory stream, exactly as GTK's stream
// would. GTK's abandoned request is never answered, so its small state
// stays allocated; nothing else changes for sources GTK reads well.
#include "CGtkShim.h"

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <gdk/x11/gdkx.h>

/// How long a source may take to answer one XDND-way request.
enum { DK_XDND_ANSWER_TIMEOUT_MS = 10000 };

typedef struct {
    gint ref_count;
    /// `done` was called (with GTK's result or the XDND way's).
    gboolean settled;
    GdkDrop *drop;
    char **mime_types;
    guint next_type;
    GCancellable *cancellable;
    DKDropReadFunc done;
    void *user_data;
    // The XDND-way request in flight.
    Window requestor;
    Atom target;
    Atom property;
    gboolean incremental;
    GByteArray *received;
    guint timeout_id;
} DKXdndRead;

static struct {
    GdkDisplay *display;
    Atom selection;
    Atom drop_message;
    Atom incr;
    Atom property;
    /// The last XdndDrop seen: the window it was sent to and its time.
    Window drop_window;
    Time drop_time;
    /// Reads whose GTK request is outstanding, oldest first.
    GQueue waiting_for_gtk;
    /// Reads taken over, oldest first; only the head has a request out.
    GQueue taken_over;
} watcher;

static DKXdndRead *dk_xdnd_read_ref(DKXdndRead *read) {
    read->ref_count++;
    return read;
}

static void dk_xdnd_read_unref(DKXdndRead *read) {
    if (--read->ref_count > 0) {
        return;
    }
    if (read->timeout_id != 0) {
        g_source_remove(read->timeout_id);
    }
    g_clear_pointer(&read->received, g_byte_array_unref);
    g_clear_object(&read->cancellable);
    g_object_unref(read->drop);
    g_strfreev(read->mime_types);
    g_free(read);
}

static void dk_xdnd_settle(DKXdndRead *read, GInputStream *stream, const char *mime_type, const char *error) {
    if (read->settled) {
        g_clear_object(&stream);
        return;
    }
    read->settled = TRUE;
    read->done(read->user_data, stream, mime_type, error);
}

// MARK: - The XDND way

static void dk_xdnd_request_next_type(DKXdndRead *read);

/// Ends the head read of the taken-over queue and starts the next one.
static void dk_xdnd_finish_head(DKXdndRead *read, GInputStream *stream, const char *error) {
    if (read->timeout_id != 0) {
        g_source_remove(read->timeout_id);
        read->timeout_id = 0;
    }
    const char *mime_type = read->next_type > 0 ? read->mime_types[read->next_type - 1] : NULL;
    dk_xdnd_settle(read, stream, mime_type, error);
    g_queue_pop_head(&watcher.taken_over);
    dk_xdnd_read_unref(read);
    DKXdndRead *next = g_queue_peek_head(&watcher.taken_over);
    if (next != NULL) {
        dk_xdnd_request_next_type(next);
    }
}

static void dk_xdnd_finish_with_bytes(DKXdndRead *read) {
    GBytes *bytes = g_byte_array_free_to_bytes(g_steal_pointer(&read->received));
    GInputStream *stream = g_memory_input_stream_new_from_bytes(bytes);
    g_bytes_unref(bytes);
    dk_xdnd_finish_head(read, stream, NULL);
}

static gboolean dk_xdnd_answer_timed_out(gpointer data) {
    DKXdndRead *read = data;
    read->timeout_id = 0;
    dk_xdnd_finish_head(read, NULL, "The drag's source did not answer the request for its data");
    return G_SOURCE_REMOVE;
}

/// Asks the source for the next type the caller accepts, or fails when
/// none is left.
static void dk_xdnd_request_next_type(DKXdndRead *read) {
    if (read->settled || g_cancellable_is_cancelled(read->cancellable)) {
        dk_xdnd_finish_head(read, NULL, "The read was cancelled");
        return;
    }
    const char *mime_type = read->mime_types[read->next_type];
    if (mime_type == NULL) {
        read->next_type = 0;
        dk_xdnd_finish_head(read, NULL, "The drag's source refused every type asked for");
        return;
    }
    read->next_type++;
    Display *xdisplay = gdk_x11_display_get_xdisplay(watcher.display);
    GdkSurface *surface = gdk_drop_get_surface(read->drop);
    read->requestor = gdk_x11_surface_get_xid(surface);
    read->target = gdk_x11_get_xatom_by_name_for_display(watcher.display, mime_type);
    read->property = watcher.property;
    read->incremental = FALSE;
    g_clear_pointer(&read->received, g_byte_array_unref);
    read->received = g_byte_array_new();
    // The timestamp of the drop this window received, as XDND asks.
    Time time = watcher.drop_window == read->requestor ? watcher.drop_time : CurrentTime;
    XDeleteProperty(xdisplay, read->requestor, read->property);
    XConvertSelection(xdisplay, watcher.selection, read->target, read->property, read->requestor, time);
    XFlush(xdisplay);
    read->timeout_id = g_timeout_add(DK_XDND_ANSWER_TIMEOUT_MS, dk_xdnd_answer_timed_out, read);
}

/// Appends the property's value to the read's bytes and deletes it (which
/// tells an incremental source to send the next part). Returns the bytes
/// appended, or -1 when the property could not be read.
static gssize dk_xdnd_take_property(DKXdndRead *read, Atom *type_out) {
    Display *xdisplay = gdk_x11_display_get_xdisplay(watcher.display);
    Atom type = None;
    int format = 0;
    unsigned long count = 0, remaining = 0;
    unsigned char *data = NULL;
    gdk_x11_display_error_trap_push(watcher.display);
    int status = XGetWindowProperty(xdisplay, read->requestor, read->property, 0, 0x1FFFFFFF, True,
                                    AnyPropertyType, &type, &format, &count, &remaining, &data);
    if (gdk_x11_display_error_trap_pop(watcher.display) != 0 || status != Success) {
        if (data != NULL) XFree(data);
        return -1;
    }
    gsize length = format == 32 ? count * sizeof(long) : format == 16 ? count * sizeof(short) : count;
    if (type != watcher.incr && data != NULL && length > 0) {
        g_byte_array_append(read->received, data, (guint)length);
    }
    if (data != NULL) XFree(data);
    *type_out = type;
    return (gssize)length;
}

static gboolean dk_xdnd_handle_answer(DKXdndRead *read, const XSelectionEvent *event) {
    if (event->property == None) {
        // Refused: try the next type on the caller's list.
        if (read->timeout_id != 0) {
            g_source_remove(read->timeout_id);
            read->timeout_id = 0;
        }
        dk_xdnd_request_next_type(read);
        return TRUE;
    }
    Atom type = None;
    if (dk_xdnd_take_property(read, &type) < 0) {
        dk_xdnd_finish_head(read, NULL, "The drag's data could not be read from its property");
    } else if (type == watcher.incr) {
        read->incremental = TRUE;
    } else {
        dk_xdnd_finish_with_bytes(read);
    }
    return TRUE;
}

static gboolean dk_xdnd_handle_part(DKXdndRead *read) {
    Atom type = None;
    gssize length = dk_xdnd_take_property(read, &type);
    if (length < 0) {
        dk_xdnd_finish_head(read, NULL, "A part of the drag's data could not be read");
    } else if (length == 0) {
        dk_xdnd_finish_with_bytes(read);
    } else if (read->timeout_id != 0) {
        // Progress: the source is alive, so its clock starts again.
        g_source_remove(read->timeout_id);
        read->timeout_id = g_timeout_add(DK_XDND_ANSWER_TIMEOUT_MS, dk_xdnd_answer_timed_out, read);
    }
    return TRUE;
}

// MARK: - Watching X events

/// Takes over the oldest read GTK is waiting on, after a refusal that GTK
/// will never notice.
static void dk_xdnd_take_over_oldest(void) {
    DKXdndRead *read = g_queue_pop_head(&watcher.waiting_for_gtk);
    if (read == NULL) {
        return;
    }
    // The watcher's reference moves from one queue to the other.
    g_queue_push_tail(&watcher.taken_over, read);
    if (g_queue_get_length(&watcher.taken_over) == 1) {
        dk_xdnd_request_next_type(read);
    }
}

static gboolean dk_xdnd_xevent(GdkDisplay *display, const XEvent *event, gpointer data) {
    (void)display;
    (void)data;
    DKXdndRead *head = g_queue_peek_head(&watcher.taken_over);
    switch (event->type) {
    case ClientMessage:
        if (event->xclient.message_type == watcher.drop_message) {
            watcher.drop_window = event->xclient.window;
            watcher.drop_time = (Time)event->xclient.data.l[2];
        }
        return FALSE;
    case SelectionNotify:
        if (event->xselection.selection != watcher.selection) {
            return FALSE;
        }
        if (head != NULL && head->timeout_id != 0 && event->xselection.requestor == head->requestor) {
            return dk_xdnd_handle_answer(head, &event->xselection);
        }
        if (event->xselection.property == None && event->xselection.target == None) {
            dk_xdnd_take_over_oldest();
        }
        return FALSE;
    case PropertyNotify:
        if (head != NULL && head->incremental && event->xproperty.window == head->requestor
            && event->xproperty.atom == head->property && event->xproperty.state == PropertyNewValue) {
            return dk_xdnd_handle_part(head);
        }
        return FALSE;
    default:
        return FALSE;
    }
}

void dk_xdnd_watch_display(GdkDisplay *display) {
    if (display == NULL || !GDK_IS_X11_DISPLAY(display) || watcher.display != NULL) {
        return;
    }
    watcher.display = display;
    watcher.selection = gdk_x11_get_xatom_by_name_for_display(display, "XdndSelection");
    watcher.drop_message = gdk_x11_get_xatom_by_name_for_display(display, "XdndDrop");
    watcher.incr = gdk_x11_get_xatom_by_name_for_display(display, "INCR");
    watcher.property = gdk_x11_get_xatom_by_name_for_display(display, "DRAGKIT_XDND_DATA");
    g_queue_init(&watcher.waiting_for_gtk);
    g_queue_init(&watcher.taken_over);
    g_signal_connect(display, "xevent", G_CALLBACK(dk_xdnd_xevent), NULL);
}

// MARK: - GTK's read

static void dk_xdnd_gtk_read_done(GObject *source, GAsyncResult *result, gpointer data) {
    DKXdndRead *read = data;
    if (g_queue_remove(&watcher.waiting_for_gtk, read)) {
        dk_xdnd_read_unref(read);
    }
    GError *error = NULL;
    const char *mime_type = NULL;
    GInputStream *stream = gdk_drop_read_finish(GDK_DROP(source), result, &mime_type, &error);
    if (stream == NULL) {
        dk_xdnd_settle(read, NULL, NULL, error != NULL ? error->message : "The drop could not be read");
        g_clear_error(&error);
    } else {
        dk_xdnd_settle(read, stream, mime_type, NULL);
    }
    dk_xdnd_read_unref(read);
}

void dk_drop_read_async(GdkDrop *drop, const char *const *mime_types, size_t count,
                        GCancellable *cancellable, DKDropReadFunc done, void *user_data) {
    DKXdndRead *read = g_new0(DKXdndRead, 1);
    read->ref_count = 1;
    read->drop = g_object_ref(drop);
    read->mime_types = g_new0(char *, count + 1);
    for (size_t i = 0; i < count; i++) {
        read->mime_types[i] = g_strdup(mime_types[i]);
    }
    read->cancellable = cancellable != NULL ? g_object_ref(cancellable) : NULL;
    read->done = done;
    read->user_data = user_data;
    GdkDisplay *display = gdk_drop_get_display(drop);
    if (display == watcher.display && gdk_drop_get_drag(drop) == NULL) {
        g_queue_push_tail(&watcher.waiting_for_gtk, dk_xdnd_read_ref(read));
    }
    gdk_drop_read_async(drop, (const char **)read->mime_types, G_PRIORITY_DEFAULT, cancellable,
                        dk_xdnd_gtk_read_done, read);
}
