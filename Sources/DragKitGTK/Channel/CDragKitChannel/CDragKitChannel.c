#define _GNU_SOURCE
#include "CDragKitChannel.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

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
static bool dk_channel_peer_credentials(int fd, struct ucred *credentials) {
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

