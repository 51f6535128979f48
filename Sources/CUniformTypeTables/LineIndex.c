#define _GNU_SOURCE  // memrchr
#include "LineIndex.h"
#include "FoldASCII.h"
#include <string.h>

// The start of the line holding `at`, not before `low` (a line start).
static inline long line_start(const unsigned char *bytes, long low, long at) {
    const unsigned char *newline = at > low ? memrchr(bytes + low, '\n', (size_t)(at - low)) : NULL;
    return newline ? (newline - bytes) + 1 : low;
}

// The line starting at `start`: where its newline is (or `size`).
static long line_end(const unsigned char *bytes, long size, long start) {
    const unsigned char *newline = memchr(bytes + start, '\n', (size_t)(size - start));
    return newline ? newline - bytes : size;
}

long dk_find_line(const unsigned char *bytes, long size, const unsigned char *key, long count, long *place) {
    // `low` and `high` are line starts (or `size`); the line sought, if
    // any, starts in between.
    long low = 0, high = size;
    while (low < high) {
        long middle = low + (high - low) / 2;
        long start = line_start(bytes, low, middle);
        long end = line_end(bytes, high, start);
        long length = end - start;
        // An empty line or a comment sorts before every name wherever it
        // stands: met here, the order the search relies on is not there.
        if (length == 0 || bytes[start] == '#') return -2;
        int order = memcmp(bytes + start, key, (size_t)(length < count ? length : count));
        if (order == 0) order = length < count ? -1 : (length > count ? 1 : 0);
        if (order == 0) return start;
        if (order < 0) low = end + 1; else high = start;
    }
    *place = low;
    return -1;
}

// The byte at `position` of the line starting at `start`, which does not
// end before it (a line of the run), or a newline past the file's end.
static inline int byte_at(const unsigned char *bytes, long size, long start, long position) {
    return start + position < size ? bytes[start + position] : '\n';
}

// Of the lines starting in [low, high), sharing the bytes before `position`
// and in byte order, the start of the first whose byte at `position` is
// `byte` or more (`high` if none); -2 on an empty line or a comment.
static long first_line_with_byte_at_least(const unsigned char *bytes, long size, long low, long high,
                                          int byte, long position) {
    while (low < high) {
        long middle = low + (high - low) / 2;
        long start = line_start(bytes, low, middle);
        if (bytes[start] == '\n' || bytes[start] == '#') return -2;
        if (byte_at(bytes, size, start, position) < byte) {
            // Past this line: its newline is at `position` or after.
            long newline = start + position < size ? line_end(bytes, size, start + position) : size;
            low = newline < size ? newline + 1 : size;
        } else {
            high = start;
        }
    }
    return low;
}

// The first position from `position` where the line at `start` differs
// from `folded` (at the latest its newline).
static long matching_up_to(const unsigned char *bytes, long size, long start, long position,
                           const unsigned char *folded, long count) {
    while (position < count && start + position < size && bytes[start + position] == folded[position]) position += 1;
    return position;
}

long dk_find_line_ignoring_case(const unsigned char *bytes, long size, const unsigned char *folded, long count,
                                long place) {
    // A line that folds to `folded` but is spelled otherwise shares its
    // bytes up to its first capital and sorts before `place`: walking
    // `folded` a byte at a time narrows [low, place) to the lines sharing
    // the bytes so far (as dk_find_cache_name does).
    long low = 0;
    for (long position = 0; position < count; position += 1) {
        if (low >= place) return -1;
        // Where the run's first and last lines both spell `folded`'s
        // bytes, every line between them does too: step over them.
        long last = line_start(bytes, low, place - 1);  // place - 1: the newline ending the run's last line
        long first_differs = matching_up_to(bytes, size, low, position, folded, count);
        long last_differs = matching_up_to(bytes, size, last, position, folded, count);
        position = first_differs < last_differs ? first_differs : last_differs;
        // A line spelling all of `folded` and more is not it.
        if (position == count) return -1;
        int byte = folded[position];
        // No search needed when the run's first line is already past the
        // capital or already the key's byte (a run of lower-case names).
        if ((unsigned)(byte - 'a') < 26 && byte_at(bytes, size, low, position) <= byte - 0x20) {
            // Within the run, the lines with the letter's capital here
            // come first; nearly always there are none.
            int capital = byte - 0x20;
            long start = first_line_with_byte_at_least(bytes, size, low, place, capital, position);
            if (start == -2) return -2;
            if (start < place && byte_at(bytes, size, start, position) == capital) {
                long end = first_line_with_byte_at_least(bytes, size, start, place, capital + 1, position);
                if (end == -2) return -2;
                for (long line = start; line < end;) {
                    long newline = line_end(bytes, size, line);
                    if (newline - line == count) {
                        long at = 0;
                        while (at < count && dk_fold_byte(bytes[line + at]) == folded[at]) at += 1;
                        if (at == count) return line;
                    }
                    line = newline + 1;
                }
                low = end;
            } else {
                low = start;
            }
        }
        // Lines with a greater byte here sort after `folded`.
        if (low < place && byte_at(bytes, size, low, position) < byte) {
            low = first_line_with_byte_at_least(bytes, size, low, place, byte, position);
            if (low == -2) return -2;
        }
    }
    return -1;
}
