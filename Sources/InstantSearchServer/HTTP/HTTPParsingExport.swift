// The request parser and its limits live in HTTPParsing, a target without the server's network
// stack, so that the TUI's `--listen` parses requests with the same bounded code (issue 23).
// Re-exported: the server's users (the fuzz target, tests) see them here as before.
@_exported import HTTPParsing
