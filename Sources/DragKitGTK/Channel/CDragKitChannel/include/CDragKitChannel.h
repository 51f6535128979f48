// The system calls behind DragKitGTK's direct channel (the Swift side is
// the folder above, Sources/DragKitGTK/Channel/): abstract Unix sockets with
// the peer's credentials, descriptors passed along (SCM_RIGHTS), sealed
// memory files and transfer buffers. Plain POSIX and Linux, no GTK: it is a
// C target of its own only because SwiftPM builds C apart from Swift.
#ifndef CDRAGKITCHANNEL_H
#define CDRAGKITCHANNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Sockets between two DragKit processes

/// Listens on the abstract Unix socket `name` (no file on disk; gone when
/// the process ends). Returns the listening fd (close-on-exec), or -1 with
/// errno set.
int dk_channel_listen(const char *name);

/// Connects to the abstract Unix socket `name`. Returns the fd, or -1.
int dk_channel_connect(const char *name);

/// Accepts one connection on `listener` (blocking). Returns the fd, or -1.
int dk_channel_accept(int listener);

/// The process id of the peer of a connected Unix socket, or -1.
int dk_channel_peer_pid(int fd);

/// The user id of the peer of a connected Unix socket (SO_PEERCRED, as the
/// kernel recorded it at connect time), or -1.
long dk_channel_peer_uid(int fd);

/// Waits up to `timeout_ms` for data on `fd`, then reads at most `length`
/// bytes. Returns the count read, 0 at end of stream, -1 on an error (errno
/// set) and -2 when nothing arrived in time.
long dk_channel_receive(int fd, void *buffer, size_t length, int timeout_ms);

/// Like dk_channel_receive, and the first file descriptor passed along with
/// the bytes (SCM_RIGHTS) is stored in `*passed_fd` while that is -1. Any
/// other descriptor is closed at once, and `*refused_fds` is raised for it
/// and for descriptors the kernel dropped (MSG_CTRUNC).
long dk_channel_receive_fd(int fd, void *buffer, size_t length, int timeout_ms, int *passed_fd, int *refused_fds);

/// Sends all `length` bytes with `passed_fd` attached (SCM_RIGHTS). Returns 0
/// or the errno of the failure.
int dk_channel_send_with_fd(int fd, const void *bytes, size_t length, int passed_fd);

/// A new anonymous memory file (memfd, close-on-exec, sealable), or -1.
int dk_memory_file_new(void);

/// Seals a filled memory file against shrinking, growing and writing (and
/// further seal changes), so a receiver can map it safely. Returns 0 or errno.
int dk_memory_file_seal(int fd);

/// Why dk_memory_file_check refused a descriptor.
enum {
    /// Not a regular (memory) file.
    DK_MEMORY_FILE_NOT_A_FILE = 1,
    /// Missing F_SEAL_SHRINK, F_SEAL_GROW or F_SEAL_WRITE.
    DK_MEMORY_FILE_UNSEALED = 2,
    /// Its size is not the announced length.
    DK_MEMORY_FILE_WRONG_SIZE = 3,
};

/// 0 when `fd` is a memory file sealed against shrinking, growing and
/// writing whose size is exactly `length`; else one of the DK_MEMORY_FILE_
/// reasons. Only such a file can be mapped without the sender being able
/// to make reads fault (SIGBUS).
int dk_memory_file_check(int fd, int64_t length);

/// The size of the file `fd` (fstat), or -1.
int64_t dk_memory_file_size(int fd);

/// Maps `length` bytes of the file `fd` privately (writes stay in this
/// process), or NULL. Free it with dk_channel_buffer_free.
void *dk_memory_file_map(int fd, size_t length);

/// Writes all `length` bytes to `fd` at its current offset. Returns 0 or errno.
int dk_write_all(int fd, const void *bytes, size_t length);

/// Sends all `length` bytes (never raising SIGPIPE). Returns 0, or the
/// errno of the failure (EPIPE: the peer closed).
int dk_channel_send_all(int fd, const void *bytes, size_t length);

/// A zero-filled buffer of `length` bytes for a transfer's data, its pages
/// made present at once (one pass in the kernel instead of a page fault per
/// 4 KiB while a large representation arrives). NULL when out of memory.
/// Free it with dk_channel_buffer_free.
void *dk_channel_buffer_new(size_t length);
void dk_channel_buffer_free(void *buffer, size_t length);

/// Grows a buffer from dk_channel_buffer_new to `new_length` bytes (it may
/// move); NULL when out of memory (the old buffer stays valid).
void *dk_channel_buffer_grow(void *buffer, size_t length, size_t new_length);

/// Waits up to `timeout_ms` for `fd` (readable or hung up: bit 1) or
/// `wake_fd` (readable: bit 2). Returns the bits, 0 on timeout.
int dk_channel_wait(int fd, int wake_fd, int timeout_ms);

#ifdef __cplusplus
}
#endif

#endif
