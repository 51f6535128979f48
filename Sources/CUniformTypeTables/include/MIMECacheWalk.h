#ifndef MIME_CACHE_WALK_H
#define MIME_CACHE_WALK_H

/// The size of a `mime.cache` header: version, then nine list offsets.
#define DK_MIME_CACHE_HEADER_SIZE 40

/// The next entry from `from` of the `mime.cache` alias list at `entries`
/// (`count` entries of eight bytes: alias offset, canonical offset) whose
/// canonical type is `folded` (`length` bytes, lower case) ignoring ASCII
/// case: the entry, -1 when none, -2 for an offset outside the file.
long dk_next_alias_of(const unsigned char *cache, long size, long entries, long count, long from,
                      const unsigned char *folded, long length);

/// The entry of the `mime.cache` alias or parent list at `entries` (`count`
/// entries of eight bytes, the first four the name's offset, sorted) whose
/// name is `folded` (`length` bytes, lower case) ignoring ASCII case: the
/// entry, -1 when none, -2 for a byte outside the file or in the header.
/// One binary search, then a short walk for names with capitals.
long dk_find_cache_name(const unsigned char *cache, long size, long entries, long count,
                        const unsigned char *folded, long length);

#endif
