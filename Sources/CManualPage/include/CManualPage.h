#ifndef CMANUALPAGE_H
#define CMANUALPAGE_H

#include <stddef.h>

/// The manual, docs/instantsearch.1, as the binary carries it for `--man` (as fzf embeds its
/// own): the bytes of the file the build read, so the page shown is the page installed.
const unsigned char *instantsearch_manual_page(void);
size_t instantsearch_manual_page_length(void);

#endif
