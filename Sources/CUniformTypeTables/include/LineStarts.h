#ifndef LINE_STARTS_H
#define LINE_STARTS_H

#include <stdint.h>

/// Splits `bytes[0 ..< size]` into newline-ended lines, finding newlines
/// sixteen bytes at a time, and writes where each line starts to
/// `starts[0 ..< capacity]`, then the end. Returns the number of lines
/// (when it is `capacity` or more, not all were written: ask again with
/// room for them), or -1 when the bytes are not lines of names: an empty
/// line, a line starting with `#`, or no newline at the end. UniformTypes
/// reads the MIME database's `types` file with it on every process's first
/// query.
long dk_line_starts(const unsigned char *bytes, long size, int32_t *starts, long capacity);

/// `dk_line_starts` writing 16-bit starts, for a file shorter than 64 KB
/// (`size` at most 65535; -1 otherwise): half the table for the first query
/// to write, on half the fresh heap.
long dk_line_starts16(const unsigned char *bytes, long size, uint16_t *starts, long capacity);

#endif
