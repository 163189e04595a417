// Only the header matters (LLVMFuzzerRunDriver comes from libFuzzer's runtime); SwiftPM wants
// a C target to have a source file.
#include "CFuzzDriver.h"
