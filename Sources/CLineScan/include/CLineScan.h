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

#endif
