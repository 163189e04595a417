// The header's functions are inline; the wider vector versions are here, compiled for
// processors that have them and chosen at run time (`cfuzzylines64`).
#include "CLineScan.h"

#if defined(__x86_64__)
#include <immintrin.h>

int cfuzzylines64_wide_chosen = -1;

int cfuzzylines64_wide_supported(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
}

/// `cfuzzylines64k` with a line's 32 bytes in one AVX2 register. Folding needs no work on
/// the line: a small letter `c` equals a byte OR-ed with 0x20 exactly when the byte is `c` or
/// its capital, so each letter of the pattern is compared with the line's bytes OR-ed with
/// 0x20, and any other character with the bytes as they are.
__attribute__((target("avx2,bmi"))) static inline __attribute__((always_inline)) uint64_t cfuzzylines64k_wide(
    const uint8_t *text, const uint16_t *ends, uint64_t lines, uint64_t pattern, const int k, int fold, uint64_t *longer) {
    __m256i wanted[8];
    __m256i lowered[8];
    for (int j = 0; j < k; j++) {
        const uint8_t c = (uint8_t)(pattern >> (8 * j));
        wanted[j] = _mm256_set1_epi8((char)c);
        lowered[j] = _mm256_set1_epi8(fold && (uint8_t)(c - 'a') < 26 ? 0x20 : 0);
    }
    uint64_t hits = 0;
    uint64_t long_lines = 0;
    while (lines != 0) {
        const int i = __builtin_ctzll(lines);
        lines &= lines - 1;
        const int start = i == 0 ? 0 : ends[i - 1];
        const int count = ends[i] - start;
        const uint64_t isLong = count > 32;
        const __m256i bytes = _mm256_loadu_si256((const __m256i *)(text + start));
        uint32_t from = isLong ? 0 : (uint32_t)((1ULL << count) - 1);
        uint32_t found = 1;
        for (int j = 0; j < k; j++) {
            found = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_or_si256(bytes, lowered[j]), wanted[j])) & from;
            // Past the first place found (none left when none was found).
            from &= ~(found ^ (found - 1));
        }
        hits |= (uint64_t)(found != 0) << i;
        long_lines |= isLong << i;
    }
    *longer = long_lines;
    return hits;
}

__attribute__((target("avx2,bmi"))) uint64_t cfuzzylines64_wide(
    const uint8_t *text, const uint16_t *ends, uint64_t lines, uint64_t pattern, int k, int fold, uint64_t *longer) {
    switch (k) {
    case 1: return cfuzzylines64k_wide(text, ends, lines, pattern, 1, fold, longer);
    case 2: return cfuzzylines64k_wide(text, ends, lines, pattern, 2, fold, longer);
    case 3: return cfuzzylines64k_wide(text, ends, lines, pattern, 3, fold, longer);
    case 4: return cfuzzylines64k_wide(text, ends, lines, pattern, 4, fold, longer);
    case 5: return cfuzzylines64k_wide(text, ends, lines, pattern, 5, fold, longer);
    case 6: return cfuzzylines64k_wide(text, ends, lines, pattern, 6, fold, longer);
    case 7: return cfuzzylines64k_wide(text, ends, lines, pattern, 7, fold, longer);
    default: return cfuzzylines64k_wide(text, ends, lines, pattern, 8, fold, longer);
    }
}
#endif
