import CNcurses

/// A key press, already decoded from curses' key codes and raw control bytes.
public enum Key: Sendable, Hashable, CustomStringConvertible {
    /// A printable character, including space.
    case character(Character)
    case enter
    case escape
    case backspace
    case delete
    case insert
    case tab
    case backTab
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    /// Alt (Meta) with an arrow: xterm's modifier 3 (`ESC [1;3A`).
    case altUp, altDown
    /// Alt-Backspace: ESC then DEL (or Ctrl-H).
    case altBackspace
    case home, end, pageUp, pageDown
    /// F1 is `.function(1)`.
    case function(Int)
    /// Ctrl plus a key, the letter in lower case: Ctrl-C is `.control("c")`. Ctrl-I and
    /// Ctrl-M never appear: terminals send the same bytes as Tab and Enter. Ctrl-J (LF) and
    /// Ctrl-H (BS, which some terminals send for Ctrl-Backspace) are keys of their own, as in
    /// fzf. Ctrl-Space is `.control(" ")`; Ctrl-\ ] ^ _ keep their punctuation (Ctrl-/ sends
    /// Ctrl-_).
    case control(Character)
    /// Alt (Meta) plus a printable key, as terminals send it: ESC, then the character
    /// (`InputDecoder` pairs them). Alt-1 is `.alt("1")`; Alt-Shift-P is `.alt("P")`.
    case alt(Character)
    /// A key with no case of its own, by fzf's name for it: the modified arrows and editing
    /// keys (`ctrl-up`, `alt-shift-home`, `ctrl-delete`), `alt-enter`, `ctrl-alt-x`, and the
    /// mouse's (`left-click`, `scroll-up`, `preview-scroll-down`, …). `KeyName` lists them.
    case named(String)
    /// The terminal changed size. The event loop reports sizes as `TerminalEvent.resize`;
    /// this case only exists so the decoder can name curses' KEY_RESIZE.
    case resize
    /// Not a key at all: something that happened in the session (fzf's `change`, `load`, …),
    /// bound with `--bind` like a key. Only the app raises them; the decoder never does.
    case event(KeyEvent)

    /// Decodes one result of `wget_wch`: `code` is the value it stored, `isKeyCode` whether
    /// it returned KEY_CODE_YES (a curses key code) rather than OK (a character).
    /// Returns nil for codes that mean nothing to the app (mouse, unknown function keys).
    public static func decode(code: UInt32, isKeyCode: Bool) -> Key? {
        isKeyCode ? decodeKeyCode(Int32(bitPattern: code)) : decodeCharacter(code)
    }

    private static func decodeCharacter(_ code: UInt32) -> Key? {
        switch code {
        case 0: return .control(" ")
        case 127: return .backspace  // DEL: what Backspace sends.
        case 9: return .tab
        // The terminal is in raw, nonl mode: Enter sends CR, Ctrl-J sends LF (fzf's "down").
        case 13: return .enter
        case 27: return .escape
        case 1...26: return .control(Character(Unicode.Scalar(code + 0x60)!))
        case 28...31: return .control(Character(Unicode.Scalar(code + 0x40)!))
        case 0x80..<0xA0: return nil  // C1 controls: nothing a keyboard sends.
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func decodeKeyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_SLEFT: return .shiftLeft
        case KEY_SRIGHT: return .shiftRight
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        default:
            // Keys the terminal description declares beyond the standard ones (xterm's kUP5 for
            // Ctrl-Up, kDC3 for Alt-Delete): curses gives them codes of its own and their names.
            guard let name = keyname(code) else { return nil }
            return KeyName.terminfoKey(String(cString: name))
        }
    }

    public var description: String {
        switch self {
        case .character(let c): "character(\(c.debugDescription))"
        case .control(let c): "control(\(c))"
        case .alt(let c): "alt(\(c))"
        case .function(let n): "F\(n)"
        case .enter: "enter"
        case .escape: "escape"
        case .backspace: "backspace"
        case .delete: "delete"
        case .insert: "insert"
        case .tab: "tab"
        case .backTab: "backTab"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .shiftUp: "shiftUp"
        case .shiftDown: "shiftDown"
        case .shiftLeft: "shiftLeft"
        case .shiftRight: "shiftRight"
        case .altUp: "altUp"
        case .altDown: "altDown"
        case .altBackspace: "altBackspace"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageUp"
        case .pageDown: "pageDown"
        case .resize: "resize"
        case .named(let name): name
        case .event(let event): "event(\(event.rawValue))"
        }
    }
}
