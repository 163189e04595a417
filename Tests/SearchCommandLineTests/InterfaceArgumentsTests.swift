import ArgumentParser
import SearchCommandLine
import TerminalUI
import Testing

@Suite struct InterfaceArgumentsTests {
    @Test func bindingsApplyInOrderOverTheStandardTable() throws {
        let arguments = try InterfaceArguments.parse(["--bind", "ctrl-r:clear-refinements,alt-n:next-index", "--bind", "ctrl-r:toggle-help"])
        let table = try arguments.keyTable()
        #expect(table.action(for: .control("r"), in: [.hits, .global]) == .toggleHelp)
        #expect(table.action(for: .alt("n"), in: [.hits, .global]) == .nextIndex)
        #expect(table.action(for: .function(3), in: [.hits, .global]) == .focusRefinements, "the rest stays")
    }

    /// The message ArgumentParser prints for a bad `--bind`: it names the option, the column and
    /// the valid names, on one line (CommandLineRunner adds "instantsearch: " and exits 2).
    @Test(arguments: [
        ("f9:explode", "column 4: unknown action: explode; actions: abort, accept"),
        ("f9:abort,ctrl-xx:abort", "column 10: unsupported key: ctrl-xx; keys: ctrl-a…ctrl-z"),
        ("space:explode", "column 7: unknown action: explode"),
        ("nonsense", "column 1: \"nonsense\" is not KEY:ACTION"),
    ])
    func badBindingsAreRefusedWhileParsing(value: String, expected: String) {
        guard let message = refusal(InterfaceArguments.self, ["--bind", value]) else {
            Issue.record("--bind \(value) was accepted")
            return
        }
        #expect(message.hasPrefix("--bind \"\(value)\": \(expected)"), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test func mouseAndColours() throws {
        let plain = try InterfaceArguments.parse([])
        #expect(plain.terminalOptions(noColor: false).mouse)
        let given = try InterfaceArguments.parse(["--no-mouse", "--bind", "f9:abort"])
        #expect(!given.terminalOptions(noColor: true).mouse)
        #expect(given.terminalOptions(noColor: true).colors == false)
        #expect(given.bind == ["f9:abort"])
    }

    /// `--jump` starts in jump mode (after what `start` is bound to); `--jump-labels` is checked
    /// while parsing, one line naming the option.
    @Test func jumpStartsInJumpModeAndItsLabelsAreChecked() throws {
        let jumping = try InterfaceArguments.parse(["--jump", "--bind", "start:change-prompt(go> )", "--jump-labels", "jkl"])
        let chain = try #require(jumping.keyTable().actions(for: .event(.start), in: [.global]))
        #expect(chain == [BoundAction(.changePrompt, "go> "), BoundAction(.jump)])
        var options = SearchApp.Options()
        jumping.configure(&options)
        #expect(options.jumpLabels.characters == ["j", "k", "l"])
        #expect(try InterfaceArguments.parse([]).keyTable().actions(for: .event(.start), in: [.global]) == nil)
        for (value, expected) in [("", "--jump-labels needs at least one character"), ("aba", "--jump-labels has \"a\" twice")] {
            guard let message = refusal(InterfaceArguments.self, ["--jump-labels", value]) else {
                Issue.record("--jump-labels '\(value)' was accepted")
                continue
            }
            #expect(message.hasPrefix(expected) && !message.contains("\n"), "\(message)")
        }
    }
}
