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

/// Where the first line that is `folded` ignoring the case of ASCII
/// letters starts, for a key no line spells as it is (`dk_find_line`
/// returned -1 and `place`): `audio/amr-wb` finds `audio/AMR-WB`. -1 when
/// there is none, -2 when the search meets an empty line or a comment.
/// `folded` holds no capital. A byte at a time, the lines before `place`
/// still spelling the key so far are narrowed by binary search, so a name
/// no line has costs a few searches, not a read of the file.
long dk_find_line_ignoring_case(const unsigned char *bytes, long size, const unsigned char *folded, long count,
                                long place);

#endif
