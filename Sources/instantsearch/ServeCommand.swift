import ArgumentParser
import Foundation

/// `instantsearch serve ...`: runs `instantsearch-serve` from beside this executable, the way
/// git runs its subcommands. The server lives in its own executable so that this one (the
/// TUI) never links an HTTP server and stays quick to build.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve indices over HTTP with Algolia's search REST protocol (runs instantsearch-serve).",
        discussion: "See 'instantsearch serve --help' for the options, once instantsearch-serve is built."
    )

    @Argument(parsing: .captureForPassthrough, help: "FILE_OR_INDEX... [--host 127.0.0.1] [--port 7700] [--admin-key-file FILE] [--search-key KEY[:index,...]]")
    var arguments: [String] = []

    func run() throws {
        try Sibling.exec("instantsearch-serve", arguments, for: "serve")
    }
}
