#include "MIMECacheWalk.h"
#include "FoldASCII.h"

#include <stdint.h>
#include <string.h>

static inline uint32_t big_endian_32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | (uint32_t)bytes[3];
}

long dk_next_alias_of(const unsigned char *cache, long size, long entries, long count, long from,
                      const unsigned char *folded, long length) {
    if (length <= 0) return -1;
    long prefix = length < 8 ? length : 8;
    uint64_t mask = prefix == 8 ? ~0ull : (1ull << (8 * prefix)) - 1;
    uint64_t wanted = 0;
    memcpy(&wanted, folded, (size_t)prefix);
    // Folding only ever sets bit 5 of a letter, so two names that fold
    // alike still agree with bit 5 set in every byte: one OR and a compare
    // weed out nearly every entry before a byte is folded.
    const uint64_t bit5 = 0x2020202020202020ull;
    wanted = (wanted | bit5) & mask;
    for (long entry = from; entry < count; entry += 1) {
        // The canonical names lie all over the cache's string pool, and a
        // first query finds them in no processor cache: asking for the one
        // sixteen entries on lets those reads overlap.
        if (entry + 16 < count) {
            uint32_t ahead = big_endian_32(cache + entries + 8 * (entry + 16) + 4);
            if (ahead < (uint64_t)size) __builtin_prefetch(cache + ahead);
        }
        long offset = (long)big_endian_32(cache + entries + 8 * entry + 4);
        if (offset < DK_MIME_CACHE_HEADER_SIZE || offset >= size) return -2;
        // The name and its NUL must fit; a longer or shorter string
        // differs at or before the NUL.
        if (offset + length >= size) continue;
        if (offset + 8 <= size) {
            uint64_t word;
            memcpy(&word, cache + offset, 8);
            if (((word | bit5) & mask) != wanted) continue;
        }
        if (cache[offset + length] != 0) continue;
        long index = 0;
        while (index < length && dk_fold_byte(cache[offset + index]) == dk_fold_byte(folded[index])) index += 1;
        if (index == length) return entry;
    }
    return -1;
}
