#define _GNU_SOURCE
#include "CGtkShim.h"

#include <gdk/x11/gdkx.h>
#include <glib-unix.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
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

// MARK: - Direct channel

// Abstract socket address: a leading NUL, then the name (not NUL-terminated).
static socklen_t dk_channel_address(const char *name, struct sockaddr_un *address) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    size_t length = strlen(name);
    if (length > sizeof address->sun_path - 1) {
        length = sizeof address->sun_path - 1;
    }
    memcpy(address->sun_path + 1, name, length);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + length);
}

// Large socket buffers: fewer wake-ups per mebibyte moved.
static void dk_channel_tune(int fd) {
    int size = 4 * 1024 * 1024;
    setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
}

int dk_channel_listen(const char *name) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return -1;
    }
    struct sockaddr_un address;
    socklen_t length = dk_channel_address(name, &address);
    if (bind(fd, (struct sockaddr *)&address, length) != 0 || listen(fd, 16) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int dk_channel_connect(const char *name) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return -1;
    }
    dk_channel_tune(fd);
    struct sockaddr_un address;
    socklen_t length = dk_channel_address(name, &address);
    if (connect(fd, (struct sockaddr *)&address, length) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int dk_channel_accept(int listener) {
    int fd;
    do {
        fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd >= 0) {
        dk_channel_tune(fd);
    }
    return fd;
}

// The peer's credentials as the kernel recorded them at connect time.
static gboolean dk_channel_peer_credentials(int fd, struct ucred *credentials) {
    socklen_t length = sizeof *credentials;
    return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, credentials, &length) == 0;
}

int dk_channel_peer_pid(int fd) {
    struct ucred credentials;
    return dk_channel_peer_credentials(fd, &credentials) ? (int)credentials.pid : -1;
}

long dk_channel_peer_uid(int fd) {
    struct ucred credentials;
    return dk_channel_peer_credentials(fd, &credentials) ? (long)credentials.uid : -1;
}

// Waits up to `timeout_ms` for `fd` to be readable: 0 when it is, -2 on a
// timeout, -1 on an error.
static int dk_channel_wait_readable(int fd, int timeout_ms) {
    struct pollfd entry = {.fd = fd, .events = POLLIN};
    int ready;
    do {
        ready = poll(&entry, 1, timeout_ms);
    } while (ready < 0 && errno == EINTR);
    return ready < 0 ? -1 : ready == 0 ? -2 : 0;
}

long dk_channel_receive(int fd, void *buffer, size_t length, int timeout_ms) {
    int ready = dk_channel_wait_readable(fd, timeout_ms);
    if (ready != 0) {
        return ready;
    }
    ssize_t count;
    do {
        count = recv(fd, buffer, length, 0);
    } while (count < 0 && errno == EINTR);
    return (long)count;
}

long dk_channel_receive_fd(int fd, void *buffer, size_t length, int timeout_ms, int *passed_fd, int *refused_fds) {
    int ready = dk_channel_wait_readable(fd, timeout_ms);
    if (ready != 0) {
        return ready;
    }
    struct iovec vector = {.iov_base = buffer, .iov_len = length};
    // Room for a few descriptors, so a peer that attaches several is seen
    // doing so (and each is closed) rather than having the kernel drop them.
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(4 * sizeof(int))];
    } control;
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1, .msg_control = &control, .msg_controllen = sizeof control};
    ssize_t count;
    do {
        count = recvmsg(fd, &message, MSG_CMSG_CLOEXEC);
    } while (count < 0 && errno == EINTR);
    if (count < 0) {
        return -1;
    }
    if (message.msg_flags & MSG_CTRUNC) {
        // Descriptors were lost (too many, or this process is at its limit).
        *refused_fds += 1;
    }
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) {
            continue;
        }
        size_t received = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < received; index++) {
            int descriptor;
            memcpy(&descriptor, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (*passed_fd < 0) {
                *passed_fd = descriptor;
            } else {
                // One descriptor per connection: any other is closed at once.
                close(descriptor);
                *refused_fds += 1;
            }
        }
    }
    return (long)count;
}

int dk_channel_send_with_fd(int fd, const void *bytes, size_t length, int passed_fd) {
    struct iovec vector = {.iov_base = (void *)bytes, .iov_len = length};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1, .msg_control = &control, .msg_controllen = sizeof control};
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &passed_fd, sizeof(int));
    ssize_t sent;
    do {
        sent = sendmsg(fd, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    if (sent < 0) {
        return errno;
    }
    // The descriptor went with the first byte; the rest of a short send follows plainly.
    return (size_t)sent < length ? dk_channel_send_all(fd, (const uint8_t *)bytes + sent, length - (size_t)sent) : 0;
}

int dk_memory_file_new(void) {
    return memfd_create("dragkit-transfer", MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int dk_memory_file_seal(int fd) {
    int seals = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL;
    return fcntl(fd, F_ADD_SEALS, seals) == 0 ? 0 : errno;
}

int dk_memory_file_check(int fd, int64_t length) {
    struct stat status;
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
        return DK_MEMORY_FILE_NOT_A_FILE;
    }
    // Without these seals the sender could shrink the file under the
    // mapping (SIGBUS on the next read) or change it after the checks.
    int required = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0 || (seals & required) != required) {
        return DK_MEMORY_FILE_UNSEALED;
    }
    if ((int64_t)status.st_size != length) {
        return DK_MEMORY_FILE_WRONG_SIZE;
    }
    return 0;
}

int64_t dk_memory_file_size(int fd) {
    struct stat status;
    return fstat(fd, &status) == 0 ? (int64_t)status.st_size : -1;
}

void *dk_memory_file_map(int fd, size_t length) {
    // Not populated: with write access that would copy every page now;
    // pages are mapped as they are read, and copied only if written.
    void *buffer = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    return buffer == MAP_FAILED ? NULL : buffer;
}

int dk_write_all(int fd, const void *bytes, size_t length) {
    const uint8_t *next = bytes;
    while (length > 0) {
        ssize_t written = write(fd, next, length);
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            return errno;
        }
        next += written;
        length -= (size_t)written;
    }
    return 0;
}

int dk_channel_send_all(int fd, const void *bytes, size_t length) {
    const uint8_t *next = bytes;
    while (length > 0) {
        ssize_t sent = send(fd, next, length, MSG_NOSIGNAL);
        if (sent < 0) {
            if (errno == EINTR) {
                continue;
            }
            return errno;
        }
        next += sent;
        length -= (size_t)sent;
    }
    return 0;
}

void *dk_channel_buffer_new(size_t length) {
    void *buffer = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    return buffer == MAP_FAILED ? NULL : buffer;
}

void dk_channel_buffer_free(void *buffer, size_t length) {
    munmap(buffer, length);
}

void *dk_channel_buffer_grow(void *buffer, size_t length, size_t new_length) {
    void *grown = mremap(buffer, length, new_length, MREMAP_MAYMOVE);
    return grown == MAP_FAILED ? NULL : grown;
}

int dk_channel_wait(int fd, int wake_fd, int timeout_ms) {
    struct pollfd entries[2] = {{.fd = fd, .events = POLLIN}, {.fd = wake_fd, .events = POLLIN}};
    int ready;
    do {
        ready = poll(entries, 2, timeout_ms);
    } while (ready < 0 && errno == EINTR);
    if (ready <= 0) {
        return 0;
    }
    int bits = 0;
    if (entries[0].revents != 0) {
        bits |= 1;
    }
    if (entries[1].revents != 0) {
        bits |= 2;
    }
    return bits;
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
