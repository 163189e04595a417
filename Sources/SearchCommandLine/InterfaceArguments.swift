import ArgumentParser
import TerminalUI

/// How the interface takes input: fzf's `--bind` and `--no-mouse`, shared by `instantsearch`
/// and `instantsearch-postgres` (which `--postgres` runs with them forwarded). A `--bind` that
/// does not read is refused while the command line is parsed, before the terminal is touched.
public struct InterfaceArguments: ParsableArguments, Sendable {
    @Option(
        name: .customLong("bind"),
        help: ArgumentHelp(
            "Bind keys to named actions, as fzf's --bind: KEY:ACTION[,KEY:ACTION…], optionally CONTEXT/KEY:ACTION (hits/enter:accept). Repeatable; a later binding wins. F1 inside lists the actions.",
            valueName: "bindings"))
    public var bind: [String] = []

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (no clicks, no wheel in the interface).")
    public var noMouse = false

    public init() {}

    public func validate() throws {
        _ = try keyTable()
    }

    /// The standard key table with every `--bind` applied, in order.
    public func keyTable() throws(ValidationError) -> KeyTable {
        var table = KeyTable.standard
        for value in bind {
            do {
                try table.bind(list: value)
            } catch {
                throw ValidationError("--bind \(Self.quoted(value)): \(error)")
            }
        }
        return table
    }

    /// Colours as asked, mouse unless `--no-mouse`.
    public func terminalOptions(noColor: Bool) -> TerminalOptions {
        TerminalOptions(colors: noColor ? false : nil, mouse: !noMouse)
    }

    /// The same options, as a command line for a sibling executable.
    public var forwarded: [String] {
        bind.map { "--bind=\($0)" } + (noMouse ? ["--no-mouse"] : [])
    }

    private static func quoted(_ value: String) -> String {
        value.count > 60 ? "\"\(value.prefix(57))...\"" : "\"\(value)\""
    }
}
