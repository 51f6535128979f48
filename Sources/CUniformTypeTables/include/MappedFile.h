#ifndef MAPPED_FILE_H
#define MAPPED_FILE_H

#include <stddef.h>
#include <stdint.h>

/// What `dk_map_file` found.
enum dk_map_result {
    /// Mapped: `*bytes`, `*size` and `*modified` are set.
    DK_MAP_MAPPED = 0,
    /// No such file (or a path component is not a directory).
    DK_MAP_MISSING = 1,
    /// There, but not a non-empty regular file that can be read and mapped.
    DK_MAP_UNUSABLE = 2,
};

/// Files shorter than this are read into memory rather than mapped: one
/// system call that copies a few bytes costs less than a mapping and the
/// page fault its first read takes (a user's own MIME database is a few
/// hundred bytes).
#define DK_MAP_READ_LIMIT 4096

/// Maps the regular file at `path` read-only and private (or reads it, if
/// it is shorter than `DK_MAP_READ_LIMIT`), and gives its size and
/// modification time (nanoseconds since 1970). The descriptor is closed
/// before returning; `dk_unmap_file(*bytes, *size)` releases the bytes.
///
/// In C, with the plain system calls and `errno`, so that a process's first
/// type query, which maps the MIME database's files, runs no wrapper of the
/// Swift Glibc overlay (each one more library's code to page in and bind).
enum dk_map_result dk_map_file(const char *path, const unsigned char **bytes, size_t *size, int64_t *modified);

/// The size and modification time of the regular file at `path`, as
/// `dk_map_file` gives them, from one `stat` and without opening it:
/// `DK_MAP_MAPPED` when it is a non-empty regular file (it could be
/// mapped), otherwise what `dk_map_file` would return. A first query
/// checks that a directory's `types` is there and older than its cache
/// this way, and maps it only when a database type is asked for.
enum dk_map_result dk_file_facts(const char *path, size_t *size, int64_t *modified);

/// Releases what `dk_map_file` gave.
void dk_unmap_file(const unsigned char *bytes, size_t size);

#endif
