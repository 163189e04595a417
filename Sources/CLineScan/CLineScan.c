// The target's functions are inline, in its header; SwiftPM wants a source file.
#include "CLineScan.h"
