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

/// Maps the regular file at `path` read-only, giving its size and
/// modification time (ns since 1970); `dk_unmap_file(*bytes, *size)`
/// releases the bytes. Plain system calls, so a first query runs no Glibc
/// overlay wrapper.
enum dk_map_result dk_map_file(const char *path, const unsigned char **bytes, size_t *size, int64_t *modified);

/// The size and modification time of the regular file at `path` from one
/// `stat`: `DK_MAP_MAPPED` when it is a non-empty regular file, otherwise
/// what `dk_map_file` would return.
enum dk_map_result dk_file_facts(const char *path, size_t *size, int64_t *modified);

/// Releases what `dk_map_file` gave.
void dk_unmap_file(const unsigned char *bytes, size_t size);

#endif
