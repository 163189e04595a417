#include "CManualPage.h"

// C23's #embed reads the file at build time, relative to this file; the compiler records it
// as a dependency, so an edited page rebuilds this target. Swift has no way to embed a file.
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char page[] = {
#embed "../../docs/instantsearch.1"
};

const unsigned char *instantsearch_manual_page(void) { return page; }
size_t instantsearch_manual_page_length(void) { return sizeof page; }
