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

#if defined(__SSE2__)
/// Sixteen bytes with each capital (A to Z) made its small letter, the others left as they are.
static inline __m128i csmall16(__m128i bytes) {
    const __m128i fromA = _mm_sub_epi8(bytes, _mm_set1_epi8('A'));
    const __m128i capital = _mm_cmpeq_epi8(_mm_min_epu8(fromA, _mm_set1_epi8(25)), fromA);
    return _mm_or_si128(bytes, _mm_and_si128(capital, _mm_set1_epi8(0x20)));
}

/// A line's first 32 bytes, capitals made small letters with `fold`: what `cfuzzy32` and
/// `cfuzzy32from` compare each byte of a pattern with.
typedef struct {
    __m128i low;
    __m128i high;
} cline32;

static inline __attribute__((always_inline)) cline32 cload32(const uint8_t *line, int fold) {
    cline32 bytes = {_mm_loadu_si128((const __m128i *)line), _mm_loadu_si128((const __m128i *)(line + 16))};
    if (fold) {
        bytes.low = csmall16(bytes.low);
        bytes.high = csmall16(bytes.high);
    }
    return bytes;
}

/// Bit i set where byte i of `bytes` is `c`.
static inline __attribute__((always_inline)) uint64_t cplaces32(cline32 bytes, uint8_t c) {
    const __m128i wanted = _mm_set1_epi8((char)c);
    return (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes.low, wanted))
        | (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes.high, wanted)) << 16;
}
#endif

/// Whether the `k` (1 to 8) bytes of `pattern` (the first in its lowest byte) are in a line of
/// `count` bytes (at most 32) in order, gaps allowed: the line's 32 bytes compared with each
/// character at once (SSE2), the places found as a bit mask, each character looked for past
/// the first place of the one before. With `fold`, the line's capitals are compared as their
/// small letters. The caller sees to it that 32 bytes are readable from `line` (those past the
/// line are ignored). One place at a time elsewhere.
static inline int cfuzzy32(const uint8_t *line, int64_t count, uint64_t pattern, int k, int fold) {
#if defined(__SSE2__)
    uint64_t from = (1ULL << count) - 1;
    const cline32 bytes = cload32(line, fold);
    for (int j = 0; j < k; j++) {
        const uint64_t found = cplaces32(bytes, (uint8_t)(pattern >> (8 * j))) & from;
        if (found == 0) return 0;
        from &= -((found & -found) << 1);
    }
    return 1;
#else
    int64_t at = 0;
    for (int j = 0; j < k; j++) {
        const uint8_t c = (uint8_t)(pattern >> (8 * j));
        for (;;) {
            if (at == count) return 0;
            uint8_t b = line[at++];
            if (fold && (uint8_t)(b - 'A') < 26) b |= 0x20;
            if (b == c) break;
        }
    }
    return 1;
#endif
}

#if defined(__SSE2__)
/// `cfuzzy32` without a branch on what the line holds: every byte of the pattern is looked
/// for, past a missing one among no places. `from`: the places the first may take (a bit a
/// byte of the line, none past its end).
static inline __attribute__((always_inline)) uint64_t cfuzzy32from(const uint8_t *line, uint64_t from, uint64_t pattern, const int k, int fold) {
    const cline32 bytes = cload32(line, fold);
    uint64_t found = 1;
    for (int j = 0; j < k; j++) {
        found = cplaces32(bytes, (uint8_t)(pattern >> (8 * j))) & from;
        from &= -((found & -found) << 1);
    }
    return found != 0;
}

/// `cfuzzylines64` for one `k`, which the compiler unrolls.
static inline __attribute__((always_inline)) uint64_t cfuzzylines64k(
    const uint8_t *text, const uint16_t *ends, uint64_t lines, uint64_t pattern, const int k, int fold, uint64_t *longer) {
    uint64_t hits = 0;
    uint64_t long_lines = 0;
    while (lines != 0) {
        const int i = __builtin_ctzll(lines);
        lines &= lines - 1;
        const int start = i == 0 ? 0 : ends[i - 1];
        const int count = ends[i] - start;
        const uint64_t isLong = count > 32;
        hits |= cfuzzy32from(text + start, isLong ? 0 : (1ULL << count) - 1, pattern, k, fold) << i;
        long_lines |= isLong << i;
    }
    *longer = long_lines;
    return hits;
}
#endif

/// Which of `lines` (bit i for line i of a word, lines back to back from `text`, line i ending
/// `ends[i]` bytes from it) hold the `k` (1 to 8) bytes of `pattern` in order, as `cfuzzy32`
/// says, with no branch on a line's answer: one taken or not at random, line by line, cost
/// `ma` a sixth of its time at 10M lines. Lines longer than 32 bytes are not looked at:
/// they are set in `*longer`. The caller sees to it that 32 bytes are readable from each
/// line's start. SSE2 only: elsewhere every line is `*longer`.
static inline uint64_t cfuzzylines64_narrow(const uint8_t *text, const uint16_t *ends, uint64_t lines, uint64_t pattern, int k, int fold, uint64_t *longer) {
#if defined(__SSE2__)
    switch (k) {
    case 1: return cfuzzylines64k(text, ends, lines, pattern, 1, fold, longer);
    case 2: return cfuzzylines64k(text, ends, lines, pattern, 2, fold, longer);
    case 3: return cfuzzylines64k(text, ends, lines, pattern, 3, fold, longer);
    case 4: return cfuzzylines64k(text, ends, lines, pattern, 4, fold, longer);
    case 5: return cfuzzylines64k(text, ends, lines, pattern, 5, fold, longer);
    case 6: return cfuzzylines64k(text, ends, lines, pattern, 6, fold, longer);
    case 7: return cfuzzylines64k(text, ends, lines, pattern, 7, fold, longer);
    default: return cfuzzylines64k(text, ends, lines, pattern, 8, fold, longer);
    }
#else
    *longer = lines;
    return 0;
#endif
}

#if defined(__x86_64__)
/// `cfuzzylines64` in one AVX2 register a line (`CLineScan.c`), on processors that have it
/// (`cfuzzylines64_wide_supported`): a quarter less time on a long list than without it.
uint64_t cfuzzylines64_wide(const uint8_t *text, const uint16_t *ends, uint64_t lines, uint64_t pattern, int k, int fold, uint64_t *longer);
int cfuzzylines64_wide_supported(void);
/// -1 until `cfuzzylines64` first asks the processor, then whether it takes the wide version.
extern int cfuzzylines64_wide_chosen;
#endif

/// `cfuzzylines64_narrow`, or its AVX2 version where the processor has it (the same answer).
static inline uint64_t cfuzzylines64(const uint8_t *text, const uint16_t *ends, uint64_t lines, uint64_t pattern, int k, int fold, uint64_t *longer) {
#if defined(__x86_64__)
    if (cfuzzylines64_wide_chosen < 0) cfuzzylines64_wide_chosen = cfuzzylines64_wide_supported();
    if (cfuzzylines64_wide_chosen) return cfuzzylines64_wide(text, ends, lines, pattern, k, fold, longer);
#endif
    return cfuzzylines64_narrow(text, ends, lines, pattern, k, fold, longer);
}

#endif
