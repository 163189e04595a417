// The request parser and its limits live in HTTPParsing, a target without any network stack;
// the HTTP front (sockets, connections, deadlines) in HTTPServing, which the TUI's `--listen`
// serves through too. Both re-exported: the server's users (the fuzz target, tests) see them
// here as before.
@_exported import HTTPParsing
@_exported import HTTPServing
