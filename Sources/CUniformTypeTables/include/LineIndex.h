#ifndef LINE_INDEX_H
#define LINE_INDEX_H

#include <stdint.h>

// A sorted file of newline-ended names (the MIME database's `types`),
// indexed without a table of every line: per block of 256 bytes, how many
// lines end before it. UniformTypes reads `types` this way on every
// process's first query, where a table of every line's start cost more
// than the lookups it served.

/// The number of blocks `dk_line_index` fills for a file of `size` bytes.
static inline long dk_line_index_blocks(long size) { return size > 0 ? ((size - 1) >> 8) + 1 : 1; }

/// Checks that `bytes[0 ..< size]` are lines of names (each ended by a
/// newline, none empty, none starting with `#`) and writes, for each block
/// `b` of 256 bytes, the number of newlines before byte `256 * b` to
/// `block_lines[b]` (room for `dk_line_index_blocks(size)`). Returns the
/// number of lines, or -1 when the bytes are not lines of names.
long dk_line_index(const unsigned char *bytes, long size, uint32_t *block_lines);

/// Where line `line` starts (`size` for the line after the last), or -1
/// past that: a search of the blocks, then a scan of one.
long dk_line_start(const unsigned char *bytes, long size, const uint32_t *block_lines, long line);

/// The number of the line that starts at `start` (a line start, or `size`).
long dk_line_number(const unsigned char *bytes, long size, const uint32_t *block_lines, long start);

/// Where the line spelled `key` starts, by binary search over the bytes
/// (byte order, as the database's writer sorts), or -1 when there is none;
/// `*place` is then where it would start: the start of the first line
/// after it, or `size`.
long dk_find_line(const unsigned char *bytes, long size, const unsigned char *key, long count, long *place);

/// Writes where each line holding a capital letter (A to Z) starts to
/// `starts[0 ..< capacity]`, in order, and returns how many there are (when
/// more than `capacity`, not all were written: ask again with room). A
/// name with capitals is the only kind a folded key can miss by its
/// spelling (the desktop's `types` has 17 of them, `audio/AMR-WB` among
/// them), so a search ignoring case looks at these lines alone.
long dk_capital_lines(const unsigned char *bytes, long size, int32_t *starts, long capacity);

#endif
