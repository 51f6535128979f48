#include "MIMECacheWalk.h"
#include "FoldASCII.h"

#include <stdint.h>

static inline uint32_t big_endian_32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | (uint32_t)bytes[3];
}

long dk_next_alias_of(const unsigned char *cache, long size, long entries, long count, long from,
                      const unsigned char *folded, long length) {
    if (length <= 0) return -1;
    for (long entry = from; entry < count; entry += 1) {
        long offset = (long)big_endian_32(cache + entries + 8 * entry + 4);
        if (offset < DK_MIME_CACHE_HEADER_SIZE || offset >= size) return -2;
        // The name and its NUL must fit; a longer or shorter string
        // differs at or before the NUL.
        if (offset + length >= size || cache[offset + length] != 0) continue;
        long index = 0;
        while (index < length && dk_fold_byte(cache[offset + index]) == dk_fold_byte(folded[index])) index += 1;
        if (index == length) return entry;
    }
    return -1;
}

// The first name of an alias or parent list entry starts at the entry's
// first four bytes.
static inline long entry_name(const unsigned char *cache, long entries, long index) {
    return (long)big_endian_32(cache + entries + 8 * index);
}

// Byte `position` of the name of entry `index`: -1 at its end (its NUL),
// -2 when the byte lies outside the file or the name inside the header.
static inline long name_byte(const unsigned char *cache, long size, long entries, long index, long position) {
    long offset = entry_name(cache, entries, index);
    if (offset < DK_MIME_CACHE_HEADER_SIZE || offset + position >= size) return -2;
    unsigned char byte = cache[offset + position];
    return byte == 0 ? -1 : (long)byte;
}

// The first entry of [low, high) (names sharing their first `position`
// bytes) whose byte at `position` is at least `byte`; `high` if none, -2
// for a byte outside the file.
static long first_name_with_byte_at_least(const unsigned char *cache, long size, long entries, long low, long high,
                                          long byte, long position) {
    while (low < high) {
        long middle = low + (high - low) / 2;
        long found = name_byte(cache, size, entries, middle, position);
        if (found == -2) return -2;
        if (found < byte) low = middle + 1; else high = middle;
    }
    return low;
}

// The first position at or after `from` where entry `index`'s name differs
// from `key` (`length` if none), -2 for a byte outside the file.
static long matching_up_to(const unsigned char *cache, long size, long entries, long index, long from,
                           const unsigned char *key, long length) {
    long offset = entry_name(cache, entries, index), position = from;
    if (offset < DK_MIME_CACHE_HEADER_SIZE) return -2;
    while (position < length) {
        if (offset + position >= size) return -2;
        if (cache[offset + position] != key[position]) break;
        position += 1;
    }
    return position;
}

// The name of entry `index` against `key` in `strcmp` order: -1, 0 or 1,
// or -2 when the name runs outside the file first.
static inline long compare_name(const unsigned char *cache, long size, long entries, long index,
                                const unsigned char *key, long length) {
    long position = matching_up_to(cache, size, entries, index, 0, key, length);
    long byte = position == -2 ? -2 : name_byte(cache, size, entries, index, position);
    if (byte == -2) return -2;
    if (position == length) return byte == -1 ? 0 : 1;
    return byte < key[position] ? -1 : 1;
}

long dk_find_cache_name(const unsigned char *cache, long size, long entries, long count,
                        const unsigned char *folded, long length) {
    long low = 0, high = count;
    while (low < high) {
        long middle = low + (high - low) / 2;
        long order = compare_name(cache, size, entries, middle, folded, length);
        if (order == -2) return -2;
        if (order == 0) return middle;
        if (order < 0) low = middle + 1; else high = middle;
    }
    // Not there as spelled. A name with capitals that folds to `folded`
    // shares its bytes up to its first capital and sorts before `place`:
    // walking `folded` a byte at a time, [low, place) narrows to the names
    // sharing the bytes so far, empty within a few bytes for an unknown name.
    long place = low;
    low = 0;
    for (long position = 0; position < length; position += 1) {
        if (low >= place) return -1;
        // First and last names of the run both match here: all between do.
        long first = matching_up_to(cache, size, entries, low, position, folded, length);
        long last = matching_up_to(cache, size, entries, place - 1, position, folded, length);
        if (first == -2 || last == -2) return -2;
        position = first < last ? first : last;
        // A name sharing all of `folded` but longer is not it.
        if (position == length) return -1;
        long byte = folded[position];
        if ((unsigned long)(byte - 'a') < 26) {
            // Within the run, the names with the letter's capital here come
            // first; nearly always there are none.
            long capital = byte - 0x20;
            long start = first_name_with_byte_at_least(cache, size, entries, low, place, capital, position);
            if (start == -2) return -2;
            long found = start < place ? name_byte(cache, size, entries, start, position) : -1;
            if (found == -2) return -2;
            if (found == capital) {
                long end = first_name_with_byte_at_least(cache, size, entries, start, place, capital + 1, position);
                if (end == -2) return -2;
                for (long index = start; index < end; index += 1) {
                    long offset = entry_name(cache, entries, index), at = 0;
                    if (offset < DK_MIME_CACHE_HEADER_SIZE) return -2;
                    while (at < length && offset + at < size && dk_fold_byte(cache[offset + at]) == folded[at]) at += 1;
                    if (offset + at >= size) return -2;
                    if (at == length && cache[offset + length] == 0) return index;
                }
                low = end;
            } else {
                low = start;
            }
        }
        // Those with a greater byte here sort after `folded`.
        low = first_name_with_byte_at_least(cache, size, entries, low, place, byte, position);
        if (low == -2) return -2;
    }
    return -1;
}
