#define _GNU_SOURCE  // memrchr
#include "LineIndex.h"
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

long dk_line_index(const unsigned char *bytes, long size, uint32_t *block_lines) {
    // The first byte first: reading the file from its start, so the first
    // page fault maps the pages the scan reads next.
    if (size <= 0 || bytes[0] == '\n' || bytes[0] == '#') return -1;
    long lines = 0;
    long offset = 0;
#if defined(__SSE2__)
    // A block at a time while the byte after it is in the file (each step
    // also reads the sixteen bytes one further on): per byte, whether it
    // is a newline (summed in byte lanes, at most 16 per lane per block),
    // and whether a newline is followed by a newline or '#', an empty line
    // or a comment (gathered, looked at once).
    const __m128i newline = _mm_set1_epi8('\n');
    const __m128i hash = _mm_set1_epi8('#');
    const __m128i zero = _mm_setzero_si128();
    __m128i unsound = zero;
    for (; offset + 257 <= size; offset += 256) {
        block_lines[offset >> 8] = (uint32_t)lines;
        __m128i counts = zero;
        for (int step = 0; step < 256; step += 16) {
            __m128i here = _mm_loadu_si128((const __m128i *)(bytes + offset + step));
            __m128i next = _mm_loadu_si128((const __m128i *)(bytes + offset + step + 1));
            __m128i ends = _mm_cmpeq_epi8(here, newline);
            __m128i badStart = _mm_or_si128(_mm_cmpeq_epi8(next, newline), _mm_cmpeq_epi8(next, hash));
            unsound = _mm_or_si128(unsound, _mm_and_si128(ends, badStart));
            counts = _mm_sub_epi8(counts, ends);
        }
        __m128i sums = _mm_sad_epu8(counts, zero);
        lines += _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
    }
    if (_mm_movemask_epi8(unsound) != 0) return -1;
#endif
    for (; offset < size; offset += 1) {
        if ((offset & 255) == 0) block_lines[offset >> 8] = (uint32_t)lines;
        if (bytes[offset] != '\n') continue;
        lines += 1;
        if (offset + 1 < size && (bytes[offset + 1] == '\n' || bytes[offset + 1] == '#')) return -1;
    }
    return bytes[size - 1] == '\n' ? lines : -1;
}

#if defined(__SSE2__)
/// Which of the 64 bytes at `bytes` are newlines, a bit each.
static inline uint64_t newline_mask64(const unsigned char *bytes) {
    const __m128i newline = _mm_set1_epi8('\n');
    uint64_t mask = 0;
    for (int step = 0; step < 64; step += 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + step));
        mask |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, newline)) << step;
    }
    return mask;
}
#endif

/// Where the `nth` (from 1) newline at or after `offset` is, or -1: 64
/// bytes a step, one population count each (the baseline x86-64 this is
/// built for counts bits in software).
static long nth_newline(const unsigned char *bytes, long size, long offset, long nth) {
#if defined(__SSE2__)
    for (; offset + 64 <= size; offset += 64) {
        uint64_t mask = newline_mask64(bytes + offset);
        long found = __builtin_popcountll(mask);
        if (nth > found) {
            nth -= found;
            continue;
        }
        while (--nth > 0) mask &= mask - 1;
        return offset + __builtin_ctzll(mask);
    }
#endif
    for (; offset < size; offset += 1) {
        if (bytes[offset] == '\n' && --nth == 0) return offset;
    }
    return -1;
}

long dk_line_start(const unsigned char *bytes, long size, const uint32_t *block_lines, long line) {
    if (line <= 0) return line == 0 ? 0 : -1;
    // Line `line` starts after newline number `line`, which lies in the
    // last block with fewer newlines before it.
    long low = 0, high = dk_line_index_blocks(size) - 1;
    while (low < high) {
        long middle = (low + high + 1) / 2;
        if ((long)block_lines[middle] < line) low = middle; else high = middle - 1;
    }
    long end = nth_newline(bytes, size, low << 8, line - (long)block_lines[low]);
    return end < 0 ? -1 : end + 1;
}

long dk_line_number(const unsigned char *bytes, long size, const uint32_t *block_lines, long start) {
    if (start >= size) start = size;
    long block = start > 0 ? (start - 1) >> 8 : 0;
    long lines = block_lines[block];
    long offset = block << 8;
#if defined(__SSE2__)
    for (; offset + 64 <= start; offset += 64) lines += __builtin_popcountll(newline_mask64(bytes + offset));
    const __m128i newline = _mm_set1_epi8('\n');
    for (; offset + 16 <= start; offset += 16) {
        lines += __builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(bytes + offset)), newline)));
    }
#endif
    for (; offset < start; offset += 1) lines += bytes[offset] == '\n';
    return lines;
}

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
