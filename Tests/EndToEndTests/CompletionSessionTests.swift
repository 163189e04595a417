import Foundation
import Testing

/// The shell completions as a user meets them: sourced into bash (and loaded by zsh's
/// compinit), a command typed, Tab pressed. `search` is the default subcommand, so its options
/// and file names complete without the word.
@Suite(.serialized) struct CompletionSessionTests {
    static let script = Project.root.appendingPathComponent("scripts/completion-default.sh").path

    /// Types `line`, presses Tab, and returns the screen once it shows `expected`; clears the line.
    private func complete(_ tmux: Tmux, _ line: String, expecting expected: String) throws {
        try tmux.type(line)
        try tmux.press("Tab")
        try tmux.waitFor("\(line)<Tab> → \(expected)") { $0.contains(expected) }
        try tmux.press("C-u")
        try tmux.shell("clear")
    }

    private func files(_ tmux: Tmux) throws {
        try tmux.shell("mkdir -p data && touch data/packages.tsv && clear")
    }

    @Test func bash() throws {
        let tmux = try Tmux()
        try files(tmux)
        try tmux.shell("source <(\(Self.script) bash \(Project.binary)) && clear && echo sourced")
        try tmux.waitFor("sourced") { $0.contains("sourced") }
        try complete(tmux, "instantsearch --sel", expecting: "$ instantsearch --select-1")
        try complete(tmux, "instantsearch data/pack", expecting: "$ instantsearch data/packages.tsv")
        try complete(tmux, "instantsearch --lenient data/pack", expecting: "$ instantsearch --lenient data/packages.tsv")
        try complete(tmux, "instantsearch que", expecting: "$ instantsearch query")
        try complete(tmux, "instantsearch query --index-c", expecting: "$ instantsearch query --index-cache")
    }

    @Test func zsh() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") || FileManager.default.isExecutableFile(atPath: "/bin/zsh") else {
            return  // zsh is not installed here: bash's test stands alone
        }
        let tmux = try Tmux()
        try files(tmux)
        try tmux.shell("mkdir functions && \(Self.script) zsh \(Project.binary) > functions/_instantsearch && exec zsh -f")
        try tmux.shell("PS1='$ '; fpath=($PWD/functions $fpath); autoload -Uz compinit && compinit -u -D && clear && echo loaded")
        try tmux.waitFor("compinit") { $0.contains("loaded") }
        try complete(tmux, "instantsearch --sel", expecting: "$ instantsearch --select-1")
        try complete(tmux, "instantsearch data/pack", expecting: "$ instantsearch data/packages.tsv")
        try complete(tmux, "instantsearch query --index-c", expecting: "$ instantsearch query --index-cache")
    }
}
