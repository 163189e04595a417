#ifndef CLINESCAN_H
#define CLINESCAN_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// What the line scan needs that Swift cannot say: a prefetch, and the processor's vector
/// compares with their bits gathered into one word (Swift's SIMD types gather them slowly).

/// Asks the processor to bring the cache line holding `address` in, to be read soon and
/// once. A hint: it never faults, whatever the address.
static inline void cprefetch(const void *address) { __builtin_prefetch(address, 0, 0); }

/// Which of 64 lines' masks hold every `required` bit or have their top bit set (a line
/// outside ASCII): bit i for `masks[i]`. Four masks a compare, their answers gathered by one
/// movemask (SSE2, in every x86-64); one at a time elsewhere.
static inline uint64_t cholding64(uint32_t required, const uint32_t *masks) {
    uint64_t bits = 0;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi32((int)required);
    const __m128i zero = _mm_setzero_si128();
    for (int i = 0; i < 64; i += 4) {
        __m128i lines = _mm_loadu_si128((const __m128i *)(masks + i));
        __m128i holding = _mm_cmpeq_epi32(_mm_andnot_si128(lines, wanted), zero);
        holding = _mm_or_si128(holding, _mm_srai_epi32(lines, 31));
        bits |= (uint64_t)_mm_movemask_ps(_mm_castsi128_ps(holding)) << i;
    }
#else
    for (int i = 0; i < 64; i++) {
        bits |= (uint64_t)((masks[i] >> 31) | ((required & ~masks[i]) == 0)) << i;
    }
#endif
    return bits;
}

/// Lines back to back, as `cedges64` reads them: the first starts at `start`, line i ends at
/// `base + offsets[i]` (a text's group of ends, see `TextEnds`).
typedef struct {
    const uint8_t *text;
    int64_t start;
    uint32_t base;
    const uint16_t *offsets;
    int count;
} clines;

/// An edge of eight bytes compared at once: a line's bytes, OR-ed with `fold` and AND-ed
/// with `care`, equal `wanted`, and the line holds `length` bytes.
typedef struct {
    uint64_t wanted;
    uint64_t care;
    uint64_t fold;
    int64_t length;
} cedge;

/// Which of `lines.count` (at most 64) lines start (or with `at_end`, end) with `edge`: bit i
/// for line i, one eight-byte load a line and no branch. The caller sees to it that no line
/// starts or ends with white space (which the match skips) and that every load is inside the
/// text; `at_end` is a constant where it is called.
static inline uint64_t cedges64(clines lines, cedge edge, int at_end) {
    uint64_t hits = 0;
    int64_t start = lines.start;
    for (int i = 0; i < lines.count; i++) {
        const int64_t end = (int64_t)lines.base + lines.offsets[i];
        uint64_t eight;
        __builtin_memcpy(&eight, lines.text + (at_end ? end - 8 : start), 8);
        const uint64_t hit = (((eight | edge.fold) & edge.care) == edge.wanted) & (end - start >= edge.length);
        hits |= hit << i;
        start = end;
    }
    return hits;
}

static inline uint64_t cprefixes64(clines lines, cedge edge) { return cedges64(lines, edge, 0); }

static inline uint64_t csuffixes64(clines lines, cedge edge) { return cedges64(lines, edge, 1); }

#endif
