#include "MappedFile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int64_t nanoseconds(const struct stat *info) {
    return (int64_t)info->st_mtim.tv_sec * 1000000000 + (int64_t)info->st_mtim.tv_nsec;
}

enum dk_map_result dk_map_file(const char *path, const unsigned char **bytes, size_t *size, int64_t *modified) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return errno == ENOENT || errno == ENOTDIR ? DK_MAP_MISSING : DK_MAP_UNUSABLE;
    struct stat info;
    void *address = MAP_FAILED;
    if (fstat(descriptor, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
        address = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, descriptor, 0);
    }
    close(descriptor);
    if (address == MAP_FAILED) return DK_MAP_UNUSABLE;
    *bytes = address;
    *size = (size_t)info.st_size;
    *modified = nanoseconds(&info);
    return DK_MAP_MAPPED;
}
