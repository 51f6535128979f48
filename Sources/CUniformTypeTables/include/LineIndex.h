#ifndef LINE_INDEX_H
#define LINE_INDEX_H

#include <stdint.h>

// A sorted file of newline-ended names (the MIME database's `types`),
// searched where it is mapped, without indexing it: UniformTypes reads
// `types` this way on a process's first query, where reading the whole
// file to count its lines cost more than the lookups it served.

/// Where the line spelled `key` starts, by binary search over the bytes
/// (byte order, as the database's writer sorts), or -1 when there is none;
/// `*place` is then where it would start: the start of the first line
/// after it, or `size`. Returns -2 when the search meets an empty line or
/// a comment (a line starting with `#`), which the writer never puts
/// there: the file is not in order.
long dk_find_line(const unsigned char *bytes, long size, const unsigned char *key, long count, long *place);

/// Writes where each line holding a capital letter (A to Z) starts to
/// `starts[0 ..< capacity]`, in order, and returns how many there are (when
/// more than `capacity`, not all were written: ask again with room). A
/// name with capitals is the only kind a folded key can miss by its
/// spelling (the desktop's `types` has 17 of them, `audio/AMR-WB` among
/// them), so a search ignoring case looks at these lines alone.
long dk_capital_lines(const unsigned char *bytes, long size, int32_t *starts, long capacity);

#endif
