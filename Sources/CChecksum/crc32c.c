// CRC-32C for index-file sections. A C file because Swift has no portable way to reach the
// processor's CRC instruction, which checks 8 bytes a cycle or so (the table loop below,
// kept for other processors, checks about one).
#include "CChecksum.h"

#include <string.h>

static const uint32_t castagnoli = 0x82F63B78;  // the reflected polynomial
static uint32_t table[256];
static int hardware;
static int has_hardware(void);

// Filled once before main, so no thread ever races to fill them.
__attribute__((constructor)) static void set_up(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t crc = n;
        for (int k = 0; k < 8; k++) crc = crc & 1 ? (crc >> 1) ^ castagnoli : crc >> 1;
        table[n] = crc;
    }
    hardware = has_hardware();
}

static uint32_t crc32c_table(uint32_t crc, const uint8_t *p, size_t n) {
    while (n--) crc = table[(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return crc;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) static uint32_t crc32c_hardware(uint32_t crc, const uint8_t *p, size_t n) {
    uint64_t wide = crc;
    while (n >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        wide = __builtin_ia32_crc32di(wide, word);
        p += 8;
        n -= 8;
    }
    uint32_t narrow = (uint32_t)wide;
    while (n--) narrow = __builtin_ia32_crc32qi(narrow, *p++);
    return narrow;
}
static int has_hardware(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2");
}
#elif defined(__aarch64__)
__attribute__((target("crc"))) static uint32_t crc32c_hardware(uint32_t crc, const uint8_t *p, size_t n) {
    while (n >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        crc = __builtin_arm_crc32cd(crc, word);
        p += 8;
        n -= 8;
    }
    while (n--) crc = __builtin_arm_crc32cb(crc, *p++);
    return crc;
}
#include <sys/auxv.h>
static int has_hardware(void) {
#ifdef HWCAP_CRC32
    return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
#else
    return 0;
#endif
}
#else
static uint32_t crc32c_hardware(uint32_t crc, const uint8_t *p, size_t n) { return crc32c_table(crc, p, n); }
static int has_hardware(void) { return 0; }
#endif

uint32_t cchecksum_crc32c(uint32_t previous, const void *bytes, size_t length) {
    uint32_t crc = ~previous;
    crc = hardware ? crc32c_hardware(crc, bytes, length) : crc32c_table(crc, bytes, length);
    return ~crc;
}
