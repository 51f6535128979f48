#include "MappedFile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static int64_t nanoseconds(const struct stat *info) {
    return (int64_t)info->st_mtim.tv_sec * 1000000000 + (int64_t)info->st_mtim.tv_nsec;
}

/// What a failed `open` or `stat` found, from `errno`.
static enum dk_map_result failure(void) {
    return errno == ENOENT || errno == ENOTDIR ? DK_MAP_MISSING : DK_MAP_UNUSABLE;
}

/// Whether `info` is of a file worth mapping: regular and not empty.
static int usable(const struct stat *info) {
    return S_ISREG(info->st_mode) && info->st_size > 0;
}

/// `fstat` as the plain system call where the kernel's `struct stat` is the
/// C library's (glibc's goes through `newfstatat` with an empty path).
static int describe(int descriptor, struct stat *info) {
#if defined(__linux__) && defined(SYS_fstat) && (defined(__x86_64__) || defined(__aarch64__))
    return (int)syscall(SYS_fstat, descriptor, info);
#else
    return fstat(descriptor, info);
#endif
}

/// Reads all `size` bytes of `descriptor` into a new block, or NULL.
static unsigned char *read_whole(int descriptor, size_t size) {
    unsigned char *block = malloc(size);
    if (block == NULL) return NULL;
    size_t total = 0;
    while (total < size) {
        ssize_t count = read(descriptor, block + total, size - total);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        total += (size_t)count;
    }
    if (total == size) return block;
    free(block);
    return NULL;
}

enum dk_map_result dk_map_file(const char *path, const unsigned char **bytes, size_t *size, int64_t *modified) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return failure();
    struct stat info;
    const unsigned char *address = NULL;
    if (describe(descriptor, &info) == 0 && usable(&info)) {
        size_t length = (size_t)info.st_size;
        if (length < DK_MAP_READ_LIMIT) {
            address = read_whole(descriptor, length);
        } else {
            void *mapped = mmap(NULL, length, PROT_READ, MAP_PRIVATE, descriptor, 0);
            address = mapped == MAP_FAILED ? NULL : mapped;
        }
    }
    close(descriptor);
    if (address == NULL) return DK_MAP_UNUSABLE;
    *bytes = address;
    *size = (size_t)info.st_size;
    *modified = nanoseconds(&info);
    return DK_MAP_MAPPED;
}

enum dk_map_result dk_file_facts(const char *path, size_t *size, int64_t *modified) {
    struct stat info;
    if (stat(path, &info) != 0) return failure();
    if (!usable(&info)) return DK_MAP_UNUSABLE;
    *size = (size_t)info.st_size;
    *modified = nanoseconds(&info);
    return DK_MAP_MAPPED;
}

void dk_unmap_file(const unsigned char *bytes, size_t size) {
    if (bytes == NULL) return;
    if (size < DK_MAP_READ_LIMIT) free((void *)bytes); else munmap((void *)bytes, size);
}
