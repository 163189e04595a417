#ifndef CCHECKSUM_H
#define CCHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// CRC-32C (Castagnoli) of `length` bytes, continuing from `previous` (0 to start), as
/// iSCSI, ext4 and LevelDB use it: `crc32c(crc32c(0, a), b)` is the CRC of a followed by b.
/// The SSE 4.2 / ARMv8 CRC instruction when the processor has it, else a table.
uint32_t cchecksum_crc32c(uint32_t previous, const void *bytes, size_t length);

#endif
