#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Asks the processor to bring the cache line holding `address` in, to be read soon and
/// once (Swift has no such call). A hint: it never faults, whatever the address.
static inline void cprefetch(const void *address) { __builtin_prefetch(address, 0, 0); }

#endif
