import Testing

@testable import TerminalUI

/// fzf 0.74's key names (its man page, AVAILABLE KEYS) as `--bind` reads them, and the bytes
/// xterm and tmux send for them as the decoder reads them.
@Suite struct FzfKeyNamesTests {
    /// Every name of the man page's list, with its other spellings in brackets there.
    static let manPageNames: [String] =
        [
            "ctrl-a", "ctrl-z", "ctrl-j", "ctrl-k", "ctrl-h", "ctrl-space", "ctrl-delete", "ctrl-\\", "ctrl-]", "ctrl-^", "ctrl-6", "ctrl-/",
            "ctrl-_", "ctrl-alt-a", "ctrl-alt-z", "alt-a", "alt-Z", "alt-/", "alt-,", "f1", "f12", "enter", "return", "ctrl-m", "space",
            "backspace", "bspace", "bs", "alt-up", "alt-down", "alt-left", "alt-right", "alt-home", "alt-end", "alt-backspace",
            "alt-bspace", "alt-bs", "alt-delete", "alt-page-up", "alt-page-down", "alt-enter", "alt-space", "tab", "shift-tab", "btab",
            "esc", "delete", "del", "up", "down", "left", "right", "home", "end", "insert", "page-up", "pgup", "page-down", "pgdn",
            "ctrl-backspace", "ctrl-bspace", "ctrl-bs", "ctrl-alt-backspace", "ctrl-alt-bspace", "ctrl-alt-bs", "left-click",
            "right-click", "double-click", "scroll-up", "scroll-down", "preview-scroll-up", "preview-scroll-down", "shift-left-click",
            "shift-right-click", "shift-scroll-up", "shift-scroll-down", "a", "J", "/", "?", "é",
        ]
        + ["up", "down", "left", "right", "home", "end", "delete", "page-up", "page-down"].flatMap { base in
            ["ctrl-", "shift-", "alt-shift-", "ctrl-alt-", "ctrl-shift-", "ctrl-alt-shift-"].map { $0 + base }
        }

    @Test(arguments: manPageNames)
    func everyNameOfTheManPageIsAKey(name: String) throws {
        let key = try #require(KeyName.parse(name), "\(name)")
        #expect(KeyName.parse(KeyName.bindName(key)) == key, "its own name reads back: \(KeyName.bindName(key))")
        var table = KeyTable.standard
        try table.bind(list: "\(name):abort")
        #expect(table.action(for: key, in: [.global]) == .abort)
    }

    @Test func otherSpellingsAreTheSameKey() {
        let same: [(String, String)] = [
            ("shift-tab", "btab"), ("bs", "backspace"), ("bspace", "backspace"), ("del", "delete"), ("pgup", "page-up"),
            ("pgdn", "page-down"), ("ctrl-_", "ctrl-/"), ("ctrl-6", "ctrl-^"), ("ctrl-m", "enter"), ("return", "enter"),
            ("ctrl-i", "tab"), ("ctrl-bs", "ctrl-h"), ("shift-alt-up", "alt-shift-up"), ("alt-ctrl-end", "ctrl-alt-end"),
            ("shift-ctrl-left", "ctrl-shift-left"), ("ctrl-alt-bs", "ctrl-alt-h"), ("alt-return", "alt-enter"), ("ENTER", "enter"),
        ]
        for (one, other) in same { #expect(KeyName.parse(one) != nil && KeyName.parse(one) == KeyName.parse(other), "\(one) = \(other)") }
        #expect(KeyName.parse("alt-p") != KeyName.parse("alt-P"), "alt- keeps the character's case, as fzf")
        #expect(KeyName.parse("j") != KeyName.parse("J"))
        #expect(KeyName.parse("ctrl-xx") == nil && KeyName.parse("f13") == nil && KeyName.parse("ctrl-alt-1") == nil)
    }

    @Test func labelsAreReadable() {
        #expect(KeyName.label(.named("ctrl-alt-up")) == "Ctrl-Alt-Up")
        #expect(KeyName.label(.named("left-click")) == "Left-Click")
        #expect(KeyName.label(.control("_")) == "Ctrl-/")
        #expect(KeyName.label(.control("j")) == "Ctrl-J")
    }

    /// What xterm (and tmux, with `xterm-keys`) sends, byte for byte.
    @Test(
        arguments: [
            ("\u{1B}[1;5A", Key.named("ctrl-up")), ("\u{1B}[1;5B", .named("ctrl-down")), ("\u{1B}[1;5C", .named("ctrl-right")),
            ("\u{1B}[1;3D", .named("alt-left")), ("\u{1B}[1;3C", .named("alt-right")), ("\u{1B}[1;3A", .altUp),
            ("\u{1B}[1;4C", .named("alt-shift-right")), ("\u{1B}[1;7H", .named("ctrl-alt-home")), ("\u{1B}[1;2H", .named("shift-home")),
            ("\u{1B}[1;2F", .named("shift-end")), ("\u{1B}[1;6D", .named("ctrl-shift-left")), ("\u{1B}[1;8A", .named("ctrl-alt-shift-up")),
            ("\u{1B}[3;5~", .named("ctrl-delete")), ("\u{1B}[3;2~", .named("shift-delete")), ("\u{1B}[3;3~", .named("alt-delete")),
            ("\u{1B}[5;2~", .named("shift-page-up")), ("\u{1B}[6;5~", .named("ctrl-page-down")), ("\u{1B}[6;8~", .named("ctrl-alt-shift-page-down")),
            ("\u{1B}[1;2A", .shiftUp), ("\u{1B}[2~", .insert), ("\u{1B}[24~", .function(12)), ("\u{1B}[Z", .backTab),
            ("\u{1B}\r", .named("alt-enter")), ("\u{1B}\u{01}", .named("ctrl-alt-a")), ("\u{1B}\u{1A}", .named("ctrl-alt-z")),
            ("\u{1B}\u{08}", .named("ctrl-alt-h")), ("\u{1B}\u{7F}", .altBackspace), ("\u{1B} ", .alt(" ")), ("\u{1B}/", .alt("/")),
            ("\u{1F}", .control("_")), ("\u{1E}", .control("^")), ("\u{1D}", .control("]")), ("\u{00}", .control(" ")),
            ("\n", .control("j")), ("\r", .enter), ("\u{08}", .control("h")), ("\u{7F}", .backspace), ("\u{0B}", .control("k")),
            (" ", .character(" ")),
        ] as [(String, Key)])
    func bytesDecodeToTheKey(bytes: String, key: Key) {
        #expect(InputDecoder.decode(bytes.unicodeScalars.map { RawInput.char($0) }) == [key], "\(bytes.debugDescription)")
    }

    /// A terminal description that declares the modified keys (xterm's kUP5, kDC3): curses
    /// reports them by capability name.
    @Test func cursesExtendedKeysByCapability() {
        #expect(KeyName.terminfoKey("kUP5") == .named("ctrl-up"))
        #expect(KeyName.terminfoKey("kDC3") == .named("alt-delete"))
        #expect(KeyName.terminfoKey("kLFT2") == .shiftLeft)
        #expect(KeyName.terminfoKey("kNXT6") == .named("ctrl-shift-page-down"))
        #expect(KeyName.terminfoKey("kxIN") == nil)
    }

    @Test func aSlashIsTheKeysUnlessAContextNamesIt() throws {
        var table = KeyTable.standard
        try table.bind(list: "ctrl-/:toggle-preview,/:jump,hits/ctrl-/:first,alt-/:last")
        #expect(table.action(for: .control("_"), in: [.global]) == .togglePreview)
        #expect(table.action(for: .control("_"), in: [.hits]) == .first)
        #expect(table.action(for: .character("/"), in: [.global]) == .jump)
        #expect(table.action(for: .alt("/"), in: [.global]) == .last)
        #expect(throws: KeyBindingError(column: 1, problem: .unknownContext("side"))) { try table.bind(list: "side/up:down") }
        try table.bind(list: "alt-,:first,,:last,::up,alt-::down")
        #expect(table.action(for: .alt(","), in: [.global]) == .first)
        #expect(table.action(for: .character(","), in: [.global]) == .last)
        #expect(table.action(for: .character(":"), in: [.global]) == .up)
        #expect(table.action(for: .alt(":"), in: [.global]) == .down)
    }

    /// fzf's `KEY:+ACTIONS` adds to what the key runs; a transform of nothing is taken.
    @Test func appendingToABindingAndEmptyTransforms() throws {
        var table = KeyTable.standard
        try table.bind(list: "ctrl-r:first,ctrl-r:+down+down,enter:+print-query,f2:transform-prompt(),a:put")
        #expect(table.actions(for: .control("r"), in: [.global]) == [BoundAction(.first), BoundAction(.down), BoundAction(.down)])
        #expect(table.actions(for: .enter, in: [.hits, .global]) == [BoundAction(.accept), BoundAction(.printQuery)])
        #expect(table.actions(for: .function(2), in: [.global]) == [BoundAction(.transformPrompt, "")])
        #expect(table.actions(for: .character("a"), in: [.global]) == [BoundAction(.put)], "put alone types the key")
    }

    /// fzf's default keys on the hits list, and Tab's two jobs.
    @Test func fzfDefaultsOnTheHitsList() {
        let table = KeyTable.standard
        let hits: [KeyContext] = [.hits, .global, .searchBox]
        let expected: [(Key, KeyAction)] = [
            (.control("j"), .down), (.control("k"), .up), (.control("n"), .down), (.control("p"), .up), (.enter, .accept),
            (.control("u"), .unixLineDiscard), (.control("w"), .unixWordRubout), (.control("a"), .beginningOfLine),
            (.control("e"), .endOfLine), (.alt("b"), .backwardWord), (.alt("f"), .forwardWord), (.control("h"), .backwardDeleteChar),
            (.backspace, .backwardDeleteChar), (.control("d"), .deleteCharOrQuit), (.control("g"), .abort), (.control("q"), .abort),
            (.control("c"), .abort), (.escape, .abort), (.tab, .toggleDown), (.backTab, .toggleUp), (.control("_"), .toggleWrapWord),
            (.shiftLeft, .backwardWord), (.named("alt-right"), .forwardWord), (.control("y"), .yank), (.control("l"), .clearScreen),
            (.named("right-click"), .toggle), (.named("double-click"), .accept),
        ]
        for (key, action) in expected { #expect(table.action(for: key, in: hits) == action, "\(KeyName.bindName(key))") }
        let several = table.tabSwitchingIndices()
        #expect(several.action(for: .tab, in: hits) == .nextIndex && several.action(for: .backTab, in: hits) == .previousIndex)
        var rebound = KeyTable.standard
        try? rebound.bind(list: "tab:toggle+up")
        #expect(rebound.tabSwitchingIndices().actions(for: .tab, in: [.global]) == [BoundAction(.toggle), BoundAction(.up)], "a --bind stays")
    }
}
