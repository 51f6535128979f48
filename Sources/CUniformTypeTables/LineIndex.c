#define _GNU_SOURCE  // memrchr
#include "LineIndex.h"
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

long dk_find_line(const unsigned char *bytes, long size, const unsigned char *key, long count, long *place) {
    // `low` and `high` are line starts (or `size`); the line sought, if
    // any, starts in between.
    long low = 0, high = size;
    while (low < high) {
        long middle = low + (high - low) / 2;
        long start = middle;
        while (start > low && bytes[start - 1] != '\n') start -= 1;
        const unsigned char *newline = memchr(bytes + start, '\n', (size_t)(high - start));
        long end = newline ? newline - bytes : high;
        long length = end - start;
        // An empty line or a comment sorts before every name wherever it
        // stands: met here, the order the search relies on is not there.
        if (length == 0 || bytes[start] == '#') return -2;
        int order = memcmp(bytes + start, key, (size_t)(length < count ? length : count));
        if (order == 0) order = length < count ? -1 : (length > count ? 1 : 0);
        if (order == 0) return start;
        if (order < 0) low = end + 1; else high = start;
    }
    *place = low;
    return -1;
}

long dk_capital_lines(const unsigned char *bytes, long size, int32_t *starts, long capacity) {
    long found = 0;
    // The end of the last line written: capitals before it are in it.
    long written_end = 0;
    long offset = 0;
#define TAKE(at)                                                                    \
    do {                                                                            \
        long capital = (at);                                                        \
        if (capital < written_end) break;                                           \
        const unsigned char *before = memrchr(bytes, '\n', (size_t)capital);        \
        long start = before ? (before - bytes) + 1 : 0;                             \
        const unsigned char *newline = memchr(bytes + capital, '\n', (size_t)(size - capital)); \
        written_end = newline ? (newline - bytes) + 1 : size;                       \
        if (found < capacity) starts[found] = (int32_t)start;                       \
        found += 1;                                                                 \
    } while (0)
#if defined(__SSE2__)
    // A byte is a capital when, less 'A', it is below 26 unsigned: the
    // saturating subtraction of 25 leaves those, and only those, zero.
    const __m128i letter_a = _mm_set1_epi8('A');
    const __m128i last = _mm_set1_epi8(25);
    const __m128i zero = _mm_setzero_si128();
#define CAPITALS(at) \
    _mm_cmpeq_epi8(_mm_subs_epu8(_mm_sub_epi8(_mm_loadu_si128((const __m128i *)(bytes + (at))), letter_a), last), zero)
    // Sixty-four bytes a step, nearly always without a capital: one test
    // for all four parts, and the parts only looked into when it fails.
    for (; offset + 64 <= size; offset += 64) {
        __m128i any = _mm_or_si128(_mm_or_si128(CAPITALS(offset), CAPITALS(offset + 16)),
                                   _mm_or_si128(CAPITALS(offset + 32), CAPITALS(offset + 48)));
        if (_mm_movemask_epi8(any) == 0) continue;
        for (int part = 0; part < 64; part += 16) {
            unsigned mask = (unsigned)_mm_movemask_epi8(CAPITALS(offset + part));
            while (mask != 0) {
                TAKE(offset + part + __builtin_ctz(mask));
                mask &= mask - 1;
            }
        }
    }
    for (; offset + 16 <= size; offset += 16) {
        unsigned mask = (unsigned)_mm_movemask_epi8(CAPITALS(offset));
        while (mask != 0) {
            TAKE(offset + __builtin_ctz(mask));
            mask &= mask - 1;
        }
    }
#undef CAPITALS
#endif
    for (; offset < size; offset += 1) {
        if ((unsigned char)(bytes[offset] - 'A') < 26) TAKE(offset);
    }
#undef TAKE
    return found;
}
