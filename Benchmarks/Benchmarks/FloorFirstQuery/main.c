// The least file work UniformTypes' answer rule needs for a first MIME
// query whose type is a database type (or a tag no type carries), written
// as plainly as C allows: the floor under any implementation of that rule,
// timed like GIOFirstQuery and printed the same way ("first 0 answer").
//
//   FloorFirstQuery [TYPE SUPERTYPE]    default text/x-csrc text/plain
//
// GIO answers g_content_type_is_a from mime.cache alone. UniformTypes gives
// the answers the whole database gives (docs/UniformTypes.md), and for a
// type no built-in type carries that needs more than the cache:
// - which directories hold a database: a `stat` of each one's `types`
//   (GIO stats each one's mime.cache, and more);
// - mime.cache, mapped, and the type's alias entry looked up (GIO does
//   the same);
// - whether the type is declared at all: only `types` lists every type (35
//   of the desktop's 851 appear in no list of mime.cache,
//   application/octet-stream among them), so `types` is mapped and
//   searched. A name declared nowhere is a dynamic type, and the work ends;
// - whether one of its aliases is a built-in type's MIME type, which would
//   make it that type: a walk of the alias list, which is sorted by alias;
// - its parents from the cache, and for each one whether it is declared (a
//   parent the database does not declare is dropped), and its alias entry.
// The supertype is taken to be a built-in type's MIME type, which needs
// only its alias entry. Everything UniformTypes does beyond this (type
// numbers, records, case-insensitive names, checks against damaged files)
// is left out, so this costs less than any implementation of the rule.
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/// Where results nobody prints are kept, so the compiler keeps the work.
static volatile long kept;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static uint32_t big_endian(const unsigned char *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/// The file mapped read-only, or NULL.
static const unsigned char *map_file(const char *path, long *size) {
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return NULL;
    struct stat info = {0};
    void *bytes = fstat(file, &info) == 0 && info.st_size > 0
        ? mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, file, 0) : MAP_FAILED;
    close(file);
    *size = info.st_size;
    return bytes == MAP_FAILED ? NULL : bytes;
}

/// The entry of `name` in a mime.cache list of (name, value) pairs sorted
/// by name, or -1.
static long find_entry(const unsigned char *cache, uint32_t list, const char *name) {
    long low = 0, high = big_endian(cache + list);
    while (low < high) {
        long middle = (low + high) / 2;
        int order = strcmp((const char *)cache + big_endian(cache + list + 4 + 8 * middle), name);
        if (order == 0) return middle;
        if (order < 0) low = middle + 1; else high = middle;
    }
    return -1;
}

/// Whether `name` is a line of the sorted `types` file.
static int is_declared(const unsigned char *types, long size, const char *name) {
    long length = (long)strlen(name), low = 0, high = size;
    while (low < high) {
        long start = low + (high - low) / 2;
        while (start > low && types[start - 1] != '\n') start -= 1;
        const unsigned char *newline = memchr(types + start, '\n', (size_t)(high - start));
        long end = newline ? newline - types : high;
        long line = end - start;
        int order = memcmp(types + start, name, (size_t)(line < length ? line : length));
        if (order == 0) order = line < length ? -1 : line > length;
        if (order == 0) return 1;
        if (order < 0) low = end + 1; else high = start;
    }
    return 0;
}

/// The canonical name of `name`: what its alias entry says, or itself.
static const char *canonical(const unsigned char *cache, uint32_t aliases, const char *name) {
    long entry = find_entry(cache, aliases, name);
    return entry < 0 ? name : (const char *)cache + big_endian(cache + aliases + 8 + 8 * entry);
}

int main(int argc, char **argv) {
    const char *type = argc > 2 ? argv[1] : "text/x-csrc";
    const char *supertype = argc > 2 ? argv[2] : "text/plain";
    long long start = now_ns();

    // The database directories, highest priority first, as XDG names them.
    const char *home = getenv("XDG_DATA_HOME"), *dirs = getenv("XDG_DATA_DIRS");
    char directories[8][256];
    int count = 0;
    if (home && *home) snprintf(directories[count++], 256, "%s/mime", home);
    else snprintf(directories[count++], 256, "%s/.local/share/mime", getenv("HOME") ? getenv("HOME") : "");
    const char *rest = dirs && *dirs ? dirs : "/usr/local/share:/usr/share";
    while (*rest && count < 8) {
        const char *colon = strchr(rest, ':');
        int length = colon ? (int)(colon - rest) : (int)strlen(rest);
        snprintf(directories[count++], 256, "%.*s/mime", length, rest);
        rest += length + (colon ? 1 : 0);
    }
    // The first directory with a database (one is the usual case).
    const char *database = NULL;
    char path[300];
    for (int index = 0; index < count; index += 1) {
        struct stat info;
        snprintf(path, sizeof path, "%s/types", directories[index]);
        if (stat(path, &info) == 0 && !database) database = directories[index];
    }
    if (!database) return 1;
    long cache_size = 0, types_size = 0;
    snprintf(path, sizeof path, "%s/mime.cache", database);
    const unsigned char *cache = map_file(path, &cache_size);
    if (!cache || cache_size < 40) return 1;
    uint32_t aliases = big_endian(cache + 4), parents = big_endian(cache + 8);

    int answer = 0;
    const char *name = canonical(cache, aliases, type);
    snprintf(path, sizeof path, "%s/types", database);
    const unsigned char *types = map_file(path, &types_size);
    if (!types) return 1;
    if (is_declared(types, types_size, name)) {
        // Its aliases: every entry whose canonical name is this one.
        int own_aliases = 0;
        uint32_t alias_count = big_endian(cache + aliases);
        for (uint32_t entry = 0; entry < alias_count; entry += 1) {
            own_aliases += strcmp((const char *)cache + big_endian(cache + aliases + 8 + 8 * entry), name) == 0;
        }
        long entry = find_entry(cache, parents, name);
        const char *wanted = canonical(cache, aliases, supertype);
        if (entry >= 0) {
            const unsigned char *list = cache + big_endian(cache + parents + 8 + 8 * entry);
            for (uint32_t index = 0; index < big_endian(list); index += 1) {
                const char *parent = canonical(cache, aliases, (const char *)cache + big_endian(list + 4 + 4 * index));
                if (is_declared(types, types_size, parent) && strcmp(parent, wanted) == 0) answer = 1;
            }
        }
        kept = own_aliases;
        answer = answer || strcmp(name, wanted) == 0;
    } else {
        kept = (long)canonical(cache, aliases, supertype);
    }
    long long middle = now_ns();
    printf("%lld 0 %d\n", middle - start, answer);
    return 0;
}
