#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs with their own `main` (compiler-rt, LLVM 11 and later).
/// SwiftPM links an executable's `main` to the module's entry point, so each fuzz target has a
/// `@main` that hands its input function to this, instead of libFuzzer's own `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
