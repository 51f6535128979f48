#include "LineStarts.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// One body for both widths of start, inlined into each with `wide`
// constant, so each is compiled for its own stores.
static inline __attribute__((always_inline)) long line_starts(const unsigned char *bytes, long size, void *starts,
                                                              long capacity, int wide) {
    long lines = 0;
    long start = 0;
    long offset = 0;
    int sound = 1;
    if (wide) ((int32_t *)starts)[0] = 0; else ((uint16_t *)starts)[0] = 0;
    // Ends the line at the newline at `end`: it must not be empty or a
    // comment.
#define END_LINE(end)                                                   \
    do {                                                                \
        long line_end = (end);                                          \
        sound &= (line_end > start) & (bytes[start] != '#');            \
        if (!sound) return -1;                                          \
        lines += 1;                                                     \
        start = line_end + 1;                                           \
        if (lines < capacity) {                                         \
            if (wide) ((int32_t *)starts)[lines] = (int32_t)start;      \
            else ((uint16_t *)starts)[lines] = (uint16_t)start;         \
        }                                                               \
    } while (0)
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    for (; offset + 16 <= size; offset += 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + offset));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, newline));
        while (mask != 0) {
            END_LINE(offset + __builtin_ctz(mask));
            mask &= mask - 1;
        }
    }
#endif
    for (; offset < size; offset += 1) {
        if (bytes[offset] == '\n') END_LINE(offset);
    }
#undef END_LINE
    return lines > 0 && start == size ? lines : -1;
}

long dk_line_starts(const unsigned char *bytes, long size, int32_t *starts, long capacity) {
    return line_starts(bytes, size, starts, capacity, 1);
}

long dk_line_starts16(const unsigned char *bytes, long size, uint16_t *starts, long capacity) {
    if (size > 65535) return -1;
    return line_starts(bytes, size, starts, capacity, 0);
}
