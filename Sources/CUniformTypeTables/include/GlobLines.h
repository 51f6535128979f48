#ifndef GLOB_LINES_H
#define GLOB_LINES_H

#include <stdint.h>

// The plain lines of the MIME database's `globs2` files, read in place: a
// process's first file name needs every glob arranged for matching, and
// reading the lines byte by byte in Swift cost more than the arranging.

/// One plain `WEIGHT:MIME-TYPE:PATTERN[:FLAGS...]` line, as places in the
/// bytes it was read from.
struct dk_glob_line {
    int32_t mime_start, mime_end;
    int32_t pattern_start, pattern_end;
    int32_t weight;
    /// 1 when the flags hold `cs`.
    int32_t case_sensitive;
};

/// Reads `bytes` (newline-separated lines) into `lines`, which has room for
/// `capacity`, and returns how many globs it holds: one per line but for
/// empty lines, comments (`#`) and `__NOGLOBS__` lines. Returns -1 when a
/// line is not plain (or the bytes are 2 GB or more), -2 when there are
/// more globs than `capacity`.
///
/// A line is plain when it is ASCII, its weight is one to three digits of
/// at most 100, its MIME type has one slash with a byte on each side and
/// no byte below `!` or above `~`, and its pattern is not empty (the
/// rules `MIMEDatabase`'s line reading takes a line as it is by).
long dk_plain_glob_lines(const unsigned char *bytes, long size, struct dk_glob_line *lines, long capacity);

/// How many lines `bytes` holds (its newlines, plus one for a last line
/// without one): room enough for `dk_plain_glob_lines`.
long dk_line_count(const unsigned char *bytes, long size);

#endif
