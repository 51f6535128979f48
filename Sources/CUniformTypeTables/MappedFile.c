#include "MappedFile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
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

enum dk_map_result dk_map_file(const char *path, const unsigned char **bytes, size_t *size, int64_t *modified) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return failure();
    struct stat info;
    const unsigned char *address = NULL;
    if (fstat(descriptor, &info) == 0 && usable(&info)) {
        void *mapped = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, descriptor, 0);
        address = mapped == MAP_FAILED ? NULL : mapped;
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
    if (bytes != NULL) munmap((void *)bytes, size);
}
