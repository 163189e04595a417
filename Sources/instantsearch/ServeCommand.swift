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

    @Argument(parsing: .captureForPassthrough, help: "FILE_OR_INDEX... [--host 127.0.0.1] [--port 7700] [--admin-key KEY] [--search-key KEY[:index,...]]")
    var arguments: [String] = []

    func run() throws {
        let server = Self.executableDirectory().appendingPathComponent("instantsearch-serve").path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            FileHandle.standardError.write(Data("""
                instantsearch serve: \(server) is not built.
                Build it with: swift build --product instantsearch-serve   (add -c release beside a release build)

                """.utf8))
            throw ExitCode(2)
        }
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        // execv returns only on failure.
        FileHandle.standardError.write(Data("instantsearch serve: cannot run \(server): \(String(cString: strerror(errno)))\n".utf8))
        throw ExitCode(2)
    }

    /// The folder of the running executable (/proc/self/exe on Linux, else argv[0]).
    static func executableDirectory() -> URL {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: resolved).deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
    }
}
