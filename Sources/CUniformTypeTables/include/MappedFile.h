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

/// Maps the regular file at `path` read-only and private, and gives its
/// size and modification time (nanoseconds since 1970). The descriptor is
/// closed before returning; `munmap(*bytes, *size)` releases the mapping.
///
/// In C, with the plain system calls and `errno`, so that a process's first
/// type query, which maps the MIME database's files, runs no wrapper of the
/// Swift Glibc overlay (each one more library's code to page in and bind).
enum dk_map_result dk_map_file(const char *path, const unsigned char **bytes, size_t *size, int64_t *modified);

#endif
