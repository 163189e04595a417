import Testing

@testable import TerminalUI

@Suite("Key decoding")
struct KeyDecodingTests {
    // curses key codes (octal in curses.h), spelled out so the table is checked against
    // the header rather than against itself.
    @Test(
        arguments: [
            (0o402, Key.down), (0o403, .up), (0o404, .left), (0o405, .right),
            (0o406, .home), (0o550, .end), (0o523, .pageUp), (0o522, .pageDown),
            (0o407, .backspace), (0o512, .delete), (0o513, .insert), (0o527, .enter),
            (0o541, .backTab), (0o611, .shiftLeft), (0o622, .shiftRight),
            (0o521, .shiftUp), (0o520, .shiftDown), (0o632, .resize),
            (0o411, .function(1)), (0o424, .function(12)),
        ] as [(UInt32, Key)])
    func keyCodes(code: UInt32, key: Key) {
        #expect(Key.decode(code: code, isKeyCode: true) == key)
    }

    @Test(
        arguments: [
            (13, Key.enter), (10, .control("j")), (9, .tab), (27, .escape),
            (127, .backspace), (8, .control("h")),
            (1, .control("a")), (3, .control("c")), (21, .control("u")), (26, .control("z")),
            (0, .control(" ")), (28, .control("\\")),
            (0x61, .character("a")), (0x20, .character(" ")), (0x65E5, .character("日")),
        ] as [(UInt32, Key)])
    func characters(code: UInt32, key: Key) {
        #expect(Key.decode(code: code, isKeyCode: false) == key)
    }

    @Test func unknownCodesAreDropped() {
        #expect(Key.decode(code: 0o631, isKeyCode: true) == nil)  // KEY_MOUSE
        #expect(Key.decode(code: 0x85, isKeyCode: false) == nil)  // C1 control
    }

    @Test func plainBatch() {
        let keys = InputDecoder.decode([.char("h"), .char("i"), RawInput(code: 0o403, isKeyCode: true)])
        #expect(keys == [.character("h"), .character("i"), .up])
    }

    @Test func loneEscapeAndAltKeys() {
        #expect(InputDecoder.decode([.char("\u{1B}")]) == [.escape])
        #expect(InputDecoder.decode([.char("\u{1B}"), .char("x")]) == [.alt("x")])
        #expect(InputDecoder.decode([.char("\u{1B}"), .char("1"), .char("2")]) == [.alt("1"), .character("2")])
        #expect(InputDecoder.decode([.char("\u{1B}"), .char("P")]) == [.alt("P")])
        #expect(InputDecoder.decode([.char("\u{1B}"), .char("p")]) == [.alt("p")])
        #expect(InputDecoder.decode([.char("\u{1B}"), RawInput(code: 127)]) == [.altBackspace])
        #expect(InputDecoder.decode([.char("\u{1B}"), RawInput(code: 8)]) == [.named("ctrl-alt-h")], "fzf's ctrl-alt-bs")
        #expect(InputDecoder.decode([.char("\u{1B}"), RawInput(code: 0o407, isKeyCode: true)]) == [.altBackspace], "curses' Backspace")
        #expect(KeyName.parse("alt-bs") == .altBackspace && KeyName.label(.altBackspace) == "Alt-Backspace")
        #expect(InputDecoder.decode("\u{1B}[1;3A\u{1B}[1;3B".unicodeScalars.map { RawInput.char($0) }) == [.altUp, .altDown])
        #expect(InputDecoder.decode([.char("\u{1B}"), .char("\u{1B}")]) == [.escape, .escape])
        #expect(InputDecoder.decode([.char("\u{1B}"), .char("\u{1B}"), .char("5")]) == [.escape, .alt("5")])
        // ESC before CR is Alt-Enter, before another control byte fzf's ctrl-alt-x; before a
        // curses key code it is Esc, then that key.
        #expect(InputDecoder.decode([.char("\u{1B}"), .char("\r")]) == [.named("alt-enter")])
        #expect(InputDecoder.decode([.char("\u{1B}"), RawInput(code: 1)]) == [.named("ctrl-alt-a")])
        #expect(InputDecoder.decode([.char("\u{1B}"), RawInput(code: 0o403, isKeyCode: true)]) == [.escape, .up])
        // Esc in one read and "1" in the next: two keys, as typed.
        var decoder = InputDecoder()
        #expect(decoder.decode([.char("\u{1B}")]) == [.key(.escape)])
        #expect(decoder.decode([.char("1")]) == [.key(.character("1"))])
    }

    @Test func undecodedSequences() {
        func raw(_ s: String) -> [RawInput] { s.unicodeScalars.map { .char($0) } }
        #expect(InputDecoder.decode(raw("\u{1B}[A")) == [.up])
        #expect(InputDecoder.decode(raw("\u{1B}OB")) == [.down])
        #expect(InputDecoder.decode(raw("\u{1B}[1;2C")) == [.shiftRight])
        #expect(InputDecoder.decode(raw("\u{1B}[1;5D")) == [.named("ctrl-left")])
        #expect(InputDecoder.decode(raw("\u{1B}[5~\u{1B}[6~")) == [.pageUp, .pageDown])
        #expect(InputDecoder.decode(raw("\u{1B}[3~x")) == [.delete, .character("x")])
        #expect(InputDecoder.decode(raw("\u{1B}[15~")) == [.function(5)])
        #expect(InputDecoder.decode(raw("\u{1B}[Z")) == [.backTab])
        #expect(InputDecoder.decode(raw("\u{1B}[2004~hi")) == [.character("h"), .character("i")])  // unknown: dropped
        #expect(InputDecoder.decode(raw("\u{1B}OP")) == [.function(1)])
        // Incomplete at the end of the batch: nothing is swallowed.
        #expect(InputDecoder.decode(raw("\u{1B}[1;")) == [.escape, .character("["), .character("1"), .character(";")])
    }
}
