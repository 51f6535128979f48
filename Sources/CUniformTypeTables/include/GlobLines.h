#ifndef GLOB_LINES_H
#define GLOB_LINES_H

#include <stdint.h>

// The plain lines of the MIME database's `globs2` files, read in place.

/// One plain `WEIGHT:MIME-TYPE:PATTERN[:FLAGS...]` line, as places in the
/// bytes it was read from.
struct dk_glob_line {
    int32_t mime_start, mime_end;
    int32_t pattern_start, pattern_end;
    int32_t weight;
    /// 1 when the flags hold `cs`.
    int32_t case_sensitive;
};

/// Reads `bytes` (newline-separated lines) into `lines` (room for
/// `capacity`) and returns how many globs it holds, skipping empty lines,
/// comments and `__NOGLOBS__`; -1 when a line is not plain (ASCII, weight
/// 0-100, a MIME type of printable bytes around one slash, a pattern) or
/// the bytes are 2 GB or more, -2 when there are more than `capacity`.
long dk_plain_glob_lines(const unsigned char *bytes, long size, struct dk_glob_line *lines, long capacity);

#endif
