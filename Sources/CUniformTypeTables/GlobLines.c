#include "GlobLines.h"

#include <stdint.h>
#include <string.h>

// The first `:` in `line[from..<end]`, or `end`.
static long next_colon(const unsigned char *line, long from, long end) {
    const unsigned char *found = memchr(line + from, ':', (size_t)(end - from));
    return found == NULL ? end : (long)(found - line);
}

// Whether `name` (ASCII) is `type/subtype`: printable without spaces, one
// slash, a byte on each side of it.
static int is_mime_name(const unsigned char *name, long count) {
    const unsigned char *slash = memchr(name, '/', (size_t)count);
    if (slash == NULL || slash == name || slash == name + count - 1) return 0;
    if (memchr(slash + 1, '/', (size_t)(name + count - 1 - slash)) != NULL) return 0;
    // No early exit, so the compiler checks many bytes at once.
    int unprintable = 0;
    for (long index = 0; index < count; index += 1) unprintable |= name[index] <= 0x20 || name[index] == 0x7F;
    return !unprintable;
}

// Whether comma-separated `flags` hold `cs`.
static int has_case_sensitive_flag(const unsigned char *flags, long count) {
    long start = 0;
    while (start <= count) {
        long end = start;
        while (end < count && flags[end] != ',') end += 1;
        if (end - start == 2 && flags[start] == 'c' && flags[start + 1] == 's') return 1;
        start = end + 1;
    }
    return 0;
}

long dk_plain_glob_lines(const unsigned char *bytes, long size, struct dk_glob_line *lines, long capacity) {
    // Places are 32 bits: a larger file is left to the line reading.
    if (size > INT32_MAX) return -1;
    // ASCII throughout.
    unsigned char high = 0;
    for (long index = 0; index < size; index += 1) high |= bytes[index];
    if (high & 0x80) return -1;
    long count = 0;
    long start = 0;
    while (start < size) {
        const unsigned char *newline = memchr(bytes + start, '\n', (size_t)(size - start));
        long end = newline == NULL ? size : (long)(newline - bytes);
        const unsigned char *line = bytes + start;
        long length = end - start;
        long line_start = start;
        start = end + 1;
        if (length == 0 || line[0] == '#') continue;
        long weight_end = next_colon(line, 0, length);
        if (weight_end < 1 || weight_end > 3 || weight_end == length) return -1;
        long weight = 0;
        for (long digit = 0; digit < weight_end; digit += 1) {
            if (line[digit] < '0' || line[digit] > '9') return -1;
            weight = weight * 10 + (line[digit] - '0');
        }
        if (weight > 100) return -1;
        long mime_end = next_colon(line, weight_end + 1, length);
        if (mime_end == length) return -1;
        if (!is_mime_name(line + weight_end + 1, mime_end - weight_end - 1) || mime_end + 1 >= length) return -1;
        long pattern_end = next_colon(line, mime_end + 1, length);
        if (pattern_end <= mime_end + 1) return -1;
        // update-mime-database's marker hiding a type's globs: no glob.
        if (pattern_end - mime_end - 1 == 11 && memcmp(line + mime_end + 1, "__NOGLOBS__", 11) == 0) continue;
        int case_sensitive = 0;
        if (pattern_end < length) {
            long flags_end = next_colon(line, pattern_end + 1, length);
            case_sensitive = has_case_sensitive_flag(line + pattern_end + 1, flags_end - pattern_end - 1);
        }
        if (count == capacity) return -2;
        lines[count] = (struct dk_glob_line){
            .mime_start = (int32_t)(line_start + weight_end + 1), .mime_end = (int32_t)(line_start + mime_end),
            .pattern_start = (int32_t)(line_start + mime_end + 1), .pattern_end = (int32_t)(line_start + pattern_end),
            .weight = (int32_t)weight, .case_sensitive = case_sensitive,
        };
        count += 1;
    }
    return count;
}
