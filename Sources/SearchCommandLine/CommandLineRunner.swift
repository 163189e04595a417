import ArgumentParser
import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Parses and runs a command the way fzf treats its command line: an option that does not
/// parse, or does not fit with the others, is one line on standard error naming it and exit
/// status 2 (ArgumentParser's own default is the usage text and 64). The terminal has not been
/// touched yet at that point. Help, version and completion scripts print and exit 0 as usual.
public enum CommandLineRunner {
    /// `path` is how the command is named in a pointer to its help (a subcommand parsed as a
    /// command of its own knows only its own name).
    public static func main<Command: ParsableCommand>(
        _: Command.Type, arguments: [String], name: String, path: String? = nil
    ) -> Never {
        let command: any ParsableCommand
        do {
            command = try Command.parseAsRoot(arguments)
        } catch {
            if Command.exitCode(for: error) == .success { Command.exit(withError: error) }
            fail(name, Command.message(for: error) + helpHint(Command.fullMessage(for: error), path: path))
        }
        run(command, of: Command.self, name: name)
    }

    /// Runs a command parsed already (by `Command`, whose messages and statuses it keeps).
    public static func run<Command: ParsableCommand>(_ command: any ParsableCommand, of _: Command.Type, name: String) -> Never {
        do {
            var command = command
            try command.run()
        } catch let error where error is ExitCode || Command.exitCode(for: error) == .success {
            Command.exit(withError: error)
        } catch let failure as CommandFailure {
            fail(failure.command, "\(failure.error)")
        } catch {
            // What went wrong once running (a file, a backend): also one line and status 2.
            fail(name, Command.message(for: error))
        }
        Command.exit()
    }

    /// ArgumentParser's pointer to the right help, "See 'instantsearch query --help' for more
    /// information.", kept from its long message as " (see 'instantsearch query --help')", the
    /// command's own name replaced by `path` when given.
    static func helpHint(_ fullMessage: String, path: String? = nil) -> String {
        guard let start = fullMessage.firstRange(of: "See '"),
            let end = fullMessage[start.upperBound...].firstRange(of: "' for more information")
        else { return "" }
        var pointer = String(fullMessage[start.upperBound..<end.lowerBound])
        if let path, let space = pointer.firstIndex(of: " ") { pointer = path + pointer[space...] }
        return " (see '\(pointer)')"
    }

    /// One line, `name: message`, and status 2.
    public static func fail(_ name: String, _ message: String) -> Never {
        let line = message.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
        StandardError.write("\(name): \(line)\n")
        exit(2)
    }
}

/// What went wrong while a subcommand ran, said in that subcommand's name
/// (`instantsearch import-postgres: …`) rather than the executable's.
public struct CommandFailure: Error {
    public let command: String
    public let error: any Error

    public init(_ command: String, _ error: any Error) {
        (self.command, self.error) = (command, error)
    }
}
