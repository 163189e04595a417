import ArgumentParser
import InstantSearchCore
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// How the interface takes input: fzf's `--bind` and `--no-mouse`, for every session (files,
/// `--remote`, `--elasticsearch`, `--postgres`). A `--bind` that
/// does not read is refused while the command line is parsed, before the terminal is touched.
public struct InterfaceArguments: ParsableArguments, Sendable {
    @Option(
        name: .customLong("bind"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Bind keys to named actions, as fzf's --bind: KEY:ACTION[,KEY:ACTION…], optionally CONTEXT/KEY:ACTION (hits/enter:accept). Repeatable; a later binding wins. F1 inside lists the actions.",
            valueName: "bindings"))
    public var bind: [String] = []

    @Option(
        help: ArgumentHelp(
            "Keys: emacs (fzf's, the default) or vim (Esc enters a normal mode: j/k move, g/G first and last, i or / types again; F1 lists them).",
            valueName: "name"))
    public var keymap: KeyTable.Keymap = .emacs

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (no clicks, no wheel in the interface).")
    public var noMouse = false

    @Flag(help: "Do not search as the query is typed: the query is only for commands ({q}), as fzf's --disabled (a launcher that reloads on change:).")
    public var disabled = false

    @Flag(
        name: .customLong("no-input"),
        help: ArgumentHelp(
            "Hide the prompt and info line of plain lines (records keep their search box) and stop keys typing "
                + "(bind them: --bind j:down); show-input, hide-input and toggle-input switch it, as fzf's --no-input."))
    public var noInput = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Take actions over HTTP, as fzf's --listen: POST / with actions (reload(ls)+first), GET / for the state as JSON. Bare: a free port on loopback ($INSTANTSEARCH_PORT); PATH.sock: a Unix socket. Another ADDR needs an API key in INSTANTSEARCH_API_KEY or FZF_API_KEY (sent as x-api-key), and refuses actions that run commands.",
            valueName: "[addr:]port|path.sock"))
    public var listen: String?

    @Option(
        name: .customLong("listen-unsafe"), parsing: .unconditional,
        help: ArgumentHelp(
            "As --listen, and actions that run commands (execute, reload, …) are taken from another address too (fzf's --listen-unsafe).",
            valueName: "[addr:]port|path.sock"))
    public var listenUnsafe: String?

    @Flag(help: "Up from the first hit goes to the last, down from the last to the first (fzf's --cycle).")
    public var cycle = false

    @Flag(
        name: .customLong("filepath-word"),
        help: "Alt-B, Alt-F, Alt-D and Alt-Backspace take the parts of a path for words (stopping at / and white space), as fzf's --filepath-word.")
    public var filepathWord = false

    @Flag(help: "Keep the selected record selected when the query changes, where it is still listed (fzf's --track).")
    public var track = false

    @Flag(help: "Read the whole input before the interface opens (fzf's --sync).")
    public var sync = false

    @Flag(help: "Start in jump mode: each hit on screen shows a label, typing one selects that hit (--bind start:jump).")
    public var jump = false

    @Option(
        name: .customLong("jump-labels"), parsing: .unconditional,
        help: ArgumentHelp(
            "The labels of the jump and jump-accept actions, one character each, none twice (fzf's --jump-labels; default asdf…).",
            valueName: "chars"))
    public var jumpLabels: String?

    @Option(
        name: .customLong("with-shell"), parsing: .unconditional,
        help: ArgumentHelp(
            "The shell and flags every command (preview, execute, reload, become, FZF_DEFAULT_COMMAND) runs with, as fzf's (default: $SHELL -c).",
            valueName: "command"))
    public var withShell: String?

    public init() {}

    public func validate() throws {
        _ = try keyTable()
        _ = try listenAddress()
        _ = try labels()
        _ = try commandShell()
    }

    /// The shell commands run in: `--with-shell`'s words, else fzf's default (`$SHELL -c`).
    public func commandShell() throws(ValidationError) -> CommandShell {
        guard let withShell else { return .standard(environment: ProcessInfo.processInfo.environment) }
        do {
            return try CommandShell(words: try ShellWords.split(withShell))
        } catch let error as ShellWords.Error {
            throw ValidationError("--with-shell: \(error)")
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// `--jump-labels` read (fzf's labels without it).
    public func labels() throws(ValidationError) -> JumpLabels {
        guard let jumpLabels else { return .standard }
        do {
            return try JumpLabels(parsing: jumpLabels)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// `--listen` (or `--listen-unsafe`, the later given when both are) read, with the API key
    /// from the environment.
    public func listenAddress(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ValidationError) -> ListenAddress? {
        guard let spec = listenUnsafe ?? listen else { return nil }
        do {
            return try ListenAddress(parsing: spec, environment: environment, unsafe: listenUnsafe != nil)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// fzf's `--listen` takes its value only when one follows: a bare `--listen` (followed by
    /// nothing, an option or a word that is no address, such as a file) listens on a free port.
    public static func translatingBareListen(_ arguments: [String]) -> [String] {
        FzfWords.rewriting(arguments) { word, next in
            guard word == "--listen" || word == "--listen-unsafe", !(next.map(ListenAddress.looksLikeValue) ?? false) else { return nil }
            return ([word, ""], false)
        }
    }

    /// The standard key table with every `--bind` applied, in order.
    public func keyTable() throws(ValidationError) -> KeyTable {
        var table = KeyTable.standard(keymap: keymap)
        for value in bind {
            do {
                try table.bind(list: value)
            } catch {
                throw ValidationError("--bind \(Self.quoted(value)): \(error)")
            }
        }
        if jump {
            // After whatever `start` is bound to: the session then waits for a label.
            table.bind(.event(.start), to: (table.actions(for: .event(.start), in: [.global]) ?? []) + [BoundAction(.jump)], in: .global)
        }
        return table
    }

    /// `start` reloads or transforms the list: fzf then keeps its default scheme for the
    /// walker's and FZF_DEFAULT_COMMAND's lines, which the reload replaces.
    public var reloadsOnStart: Bool {
        let actions = (try? keyTable())?.actions(for: .event(.start), in: [.global]) ?? []
        return actions.contains { [.reload, .reloadSync, .transform].contains($0.action) }
    }

    /// `start` reloads: fzf then reads neither standard input nor its default source, the
    /// reload's output being the first list (the ripgrep launcher walks nothing first).
    public var startsWithReload: Bool {
        let actions = (try? keyTable())?.actions(for: .event(.start), in: [.global]) ?? []
        return actions.contains { $0.action == .reload || $0.action == .reloadSync }
    }

    /// Colours as asked, mouse unless `--no-mouse`.
    public func terminalOptions(noColor: Bool) -> TerminalOptions {
        TerminalOptions(colors: noColor ? false : nil, mouse: !noMouse)
    }

    /// Applies what the interface does with them beyond the terminal: `--disabled`.
    public func configure(_ options: inout SearchApp.Options) {
        (options.disabled, options.cycle, options.track) = (disabled, cycle, track)
        options.inputHidden = noInput
        options.filepathWord = filepathWord
        options.listen = try? listenAddress()
        if let labels = try? labels() { options.jumpLabels = labels }
    }

    private static func quoted(_ value: String) -> String {
        value.count > 60 ? "\"\(value.prefix(57))...\"" : "\"\(value)\""
    }
}

extension KeyTable.Keymap: ExpressibleByArgument {}
