#ifndef MIME_CACHE_WALK_H
#define MIME_CACHE_WALK_H

/// The size of a `mime.cache` header: version, then nine list offsets.
#define DK_MIME_CACHE_HEADER_SIZE 40

/// The next entry, at `from` or after, of the `mime.cache` alias list whose
/// entries start at `entries` (`count` of them, eight bytes each: the
/// alias's offset, then its canonical type's, big-endian) whose canonical
/// type is `folded` (`length` bytes, ASCII letters in lower case), compared
/// ignoring ASCII case. Returns the entry, -1 when no later one matches, or
/// -2 when a canonical type's offset lies outside the file (the caller
/// checked that the entries themselves lie inside).
///
/// The alias list is sorted by alias, so finding the aliases of a type is
/// a walk; this one compares the first eight bytes of each canonical type
/// as one word, which nearly always differ. UniformTypes walks it on a
/// process's first query.
long dk_next_alias_of(const unsigned char *cache, long size, long entries, long count, long from,
                      const unsigned char *folded, long length);

/// The entry of the `mime.cache` alias or parent list whose entries start
/// at `entries` (`count` of them, eight bytes each, the first four the
/// offset of the entry's name, sorted in byte order) whose name is
/// `folded` (`length` bytes, ASCII letters in lower case) ignoring ASCII
/// case. Returns the entry, -1 when none is, or -2 when a byte it reads
/// lies outside the file or a name inside the header (the caller checked
/// that the entries themselves lie inside).
///
/// A name spelled as `folded` is found by one binary search; one with
/// capitals (`audio/AMR-WB`) by a walk that, for a name in no list, ends
/// within a few bytes. A process's first type query makes several of
/// these searches, most of them for names in no list.
long dk_find_cache_name(const unsigned char *cache, long size, long entries, long count,
                        const unsigned char *folded, long length);

#endif
