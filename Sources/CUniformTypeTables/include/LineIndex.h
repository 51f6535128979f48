#ifndef LINE_INDEX_H
#define LINE_INDEX_H

#include <stdint.h>

// A sorted file of newline-ended names (the MIME database's `types`),
// searched where it is mapped, without indexing it.

/// Where the line spelled `key` starts, by binary search over the bytes,
/// or -1 when there is none (`*place` is then where it would start); -2
/// when the search meets an empty line or a comment (not in order).
long dk_find_line(const unsigned char *bytes, long size, const unsigned char *key, long count, long *place);

/// Where the first line that is `folded` (no capitals) ignoring ASCII case
/// starts, after `dk_find_line` returned -1 and `place`; -1 when there is
/// none, -2 on an empty line or a comment. A few binary searches.
long dk_find_line_ignoring_case(const unsigned char *bytes, long size, const unsigned char *folded, long count,
                                long place);

#endif
