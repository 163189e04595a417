// The target's one function is inline, in its header; SwiftPM wants a source file.
#include "CPrefetch.h"
