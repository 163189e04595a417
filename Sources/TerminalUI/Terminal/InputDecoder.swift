import CNcurses

/// One value read with `wget_wch`, before decoding.
public struct RawInput: Sendable, Hashable {
    public var code: UInt32
    /// True when `wget_wch` returned KEY_CODE_YES.
    public var isKeyCode: Bool

    public init(code: UInt32, isKeyCode: Bool = false) {
        self.code = code
        self.isKeyCode = isKeyCode
    }

    /// A plain character read as such (handy in tests).
    public static func char(_ scalar: Unicode.Scalar) -> RawInput { RawInput(code: scalar.value) }
}

/// Turns what curses reads into events: keys, and pastes.
///
/// curses decodes the escape sequences its terminfo entry lists. Anything else (say
/// Ctrl-Right on a terminal description that lacks it) comes out as ESC followed by the
/// sequence's bytes, which would otherwise type "[1;5C" into the search box. Within one
/// batch, ESC followed at once by `[` or `O` is therefore parsed as a CSI / SS3 sequence:
/// the common ones become keys (with xterm's modifiers: `ESC [1;5A` is `ctrl-up`), mouse
/// reports (SGR `ESC [ < b;x;y M/m`, and X10's `ESC [ M` + 3 bytes) become `.mouse`, the rest
/// are dropped. ESC followed at once by another printable character is Alt plus that
/// character (`.alt("1")`: terminals send Alt-1 as ESC 1); by CR, Alt-Enter; by another
/// control byte, fzf's `ctrl-alt-x`; a lone ESC, or ESC followed by anything else, stays `.escape`.
/// Parameters are bounded (`parameterLimit`): a longer sequence is read to its end and dropped.
///
/// Bracketed paste (the terminal wraps a paste in `ESC [200~` … `ESC [201~` once the
/// program asks for it): everything between the markers is one `.paste` event, however
/// many reads it spans, so a paste costs one query edit and one search, not one per
/// character. The decoder keeps an open paste across batches; that is its only state.
/// In a paste, newlines and tabs become spaces (the query is one line) and other control
/// characters are dropped; text past `pasteLimit` characters is not kept.
public struct InputDecoder {
    /// Characters of one paste kept; the rest is read (to find the end marker) and dropped.
    public static let pasteLimit = 100_000

    /// The paste being read, nil outside one.
    private var paste: String.UnicodeScalarView?
    private var pasteCount = 0
    /// The last codes of an open paste, held back until they cannot be the end marker.
    private var held: [UInt32] = []
    private static let pasteEnd: [UInt32] = [27, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~

    public init() {}

    /// Whether a paste has started and its end marker not yet arrived.
    public var isInPaste: Bool { paste != nil }

    /// Decodes one batch; a paste still open at its end continues in the next batch.
    public mutating func decode(_ batch: [RawInput]) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var i = 0
        while i < batch.count {
            let input = batch[i]
            if paste != nil {
                if let text = continuePaste(with: input) {
                    events.append(.paste(text))
                } else if input.isKeyCode, input.code == UInt32(KEY_RESIZE) {
                    events.append(.key(.resize))  // not part of the paste; the loop needs it
                }
                i += 1
                continue
            }
            if !input.isKeyCode, input.code == 27, i + 1 < batch.count, !batch[i + 1].isKeyCode,
                batch[i + 1].code == 0x5B || batch[i + 1].code == 0x4F,
                let (sequence, consumed) = Self.parseSequence(batch, from: i)
            {
                switch sequence {
                case .key(let key): events.append(.key(key))
                case .mouse(let mouse): events.append(.mouse(mouse))
                case .pasteStart: startPaste()
                case .ignored: break
                }
                i += consumed
                continue
            }
            // Alt-Backspace: ESC then what Backspace sends (DEL, Ctrl-H, or curses' key code for it).
            if !input.isKeyCode, input.code == 27, i + 1 < batch.count, Key.decode(code: batch[i + 1].code, isKeyCode: batch[i + 1].isKeyCode) == .backspace {
                events.append(.key(.altBackspace))
                i += 2
                continue
            }
            if !input.isKeyCode, input.code == 27, i + 1 < batch.count, !batch[i + 1].isKeyCode,
                let key = Self.altCharacter(batch[i + 1].code).map(Key.alt) ?? Self.altControl(batch[i + 1].code)
            {
                events.append(.key(key))
                i += 2
                continue
            }
            if let key = Key.decode(code: input.code, isKeyCode: input.isKeyCode) { events.append(.key(key)) }
            i += 1
        }
        return events
    }

    /// Ends an open paste whose end marker never came (the batches were all there is).
    public mutating func finish() -> TerminalEvent? {
        guard paste != nil else { return nil }
        for code in held { keep(code) }
        held = []
        defer { paste = nil }
        return .paste(String(paste!))
    }

    /// One batch on its own, keys only: a paste in it is dropped (see the instance method).
    public static func decode(_ batch: [RawInput]) -> [Key] {
        var decoder = InputDecoder()
        return decoder.decode(batch).compactMap { event in
            if case .key(let key) = event { return key }
            return nil
        }
    }

    private mutating func startPaste() {
        paste = String.UnicodeScalarView()
        pasteCount = 0
        held = []
    }

    /// Adds one input to the open paste; returns its text when this input ended it.
    private mutating func continuePaste(with input: RawInput) -> String? {
        guard !input.isKeyCode else { return nil }  // a key curses matched inside pasted text
        held.append(input.code)
        if held.count == Self.pasteEnd.count {
            if held == Self.pasteEnd {
                held = []
                let text = String(paste!)
                paste = nil
                return text
            }
            keep(held.removeFirst())
        }
        return nil
    }

    private mutating func keep(_ code: UInt32) {
        guard pasteCount < Self.pasteLimit else { return }
        switch code {
        case 9, 10, 13: paste!.append(" ")  // one line: newlines and tabs become spaces
        case 0..<32, 127, 0x80..<0xA0: return  // other control characters mean nothing here
        default:
            guard let scalar = Unicode.Scalar(code) else { return }
            paste!.append(scalar)
        }
        pasteCount += 1
    }

    private enum Sequence {
        case key(Key)
        case mouse(MouseEvent)
        case pasteStart
        case ignored
    }

    /// Parameter bytes kept of one CSI sequence (an SGR mouse report needs at most 18).
    static let parameterLimit = 32

    /// The character Alt was held with, when ESC is followed by `code`: printable, and not
    /// `[` or `O`, which start the sequences above (an incomplete one stays ESC + characters).
    private static func altCharacter(_ code: UInt32) -> Character? {
        guard code >= 0x20, code != 0x7F, !(0x80..<0xA0).contains(code), code != 0x5B, code != 0x4F,
            let scalar = Unicode.Scalar(code)
        else { return nil }
        return Character(scalar)
    }

    /// Alt with a control key, when ESC is followed by `code`: Alt-Enter (ESC CR) and fzf's
    /// `ctrl-alt-a`…`ctrl-alt-z` (ESC, then the control byte; ESC BS is `ctrl-alt-bs`).
    private static func altControl(_ code: UInt32) -> Key? {
        switch code {
        case 13: return .named("alt-enter")
        case 1...26: return .named("ctrl-alt-" + String(Character(Unicode.Scalar(code + 0x60)!)))
        default: return nil
        }
    }

    /// Parses ESC [ params final, or ESC O final, starting at `start` (the ESC).
    /// Returns what it is and the inputs consumed, or nil if the batch ends before the
    /// sequence does.
    private static func parseSequence(_ batch: [RawInput], from start: Int) -> (Sequence, Int)? {
        let introducer = batch[start + 1].code
        var i = start + 2
        var params = ""
        var overlong = false
        while i < batch.count, !batch[i].isKeyCode {
            let c = batch[i].code
            if introducer == 0x5B, (0x20...0x3F).contains(c) {
                if params.unicodeScalars.count < parameterLimit {
                    params.unicodeScalars.append(Unicode.Scalar(c)!)
                } else {
                    overlong = true
                }
                i += 1
                continue
            }
            guard (0x40...0x7E).contains(c) else { return nil }
            let final = Character(Unicode.Scalar(c)!)
            let consumed = i + 1 - start
            if overlong { return (.ignored, consumed) }
            if introducer == 0x5B, final == "~", params == "200" { return (.pasteStart, consumed) }
            if introducer == 0x5B, params.first == "<" {
                return (MouseEvent.sgr(parameters: params.dropFirst(), final: final).map(Sequence.mouse) ?? .ignored, consumed)
            }
            if introducer == 0x5B, final == "M", params.isEmpty {
                // X10: three raw bytes follow; all of them or the sequence is not complete.
                guard i + 3 < batch.count, !batch[(i + 1)...(i + 3)].contains(where: \.isKeyCode) else { return nil }
                let event = MouseEvent.x10(code: batch[i + 1].code, column: batch[i + 2].code, row: batch[i + 3].code)
                return (event.map(Sequence.mouse) ?? .ignored, consumed + 3)
            }
            let key = introducer == 0x4F ? ss3Key(final) : csiKey(final, params: params)
            return (key.map(Sequence.key) ?? .ignored, consumed)
        }
        return nil
    }

    private static func ss3Key(_ final: Character) -> Key? {
        switch final {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "H": .home
        case "F": .end
        case "M": .enter
        case "P": .function(1)
        case "Q": .function(2)
        case "R": .function(3)
        case "S": .function(4)
        default: nil
        }
    }

    private static func csiKey(_ final: Character, params: String) -> Key? {
        let fields = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        // xterm's modifier parameter (2 Shift, 3 Alt, 5 Ctrl, and their sums plus one).
        let modifier = fields.count >= 2 ? fields[1] ?? 1 : 1
        let base: String
        switch final {
        case "A": base = "up"
        case "B": base = "down"
        case "C": base = "right"
        case "D": base = "left"
        case "H": base = "home"
        case "F": base = "end"
        case "Z": return .backTab
        case "~":
            switch fields.first ?? nil {
            case 1, 7: base = "home"
            case 2: return .insert
            case 3: base = "delete"
            case 4, 8: base = "end"
            case 5: base = "page-up"
            case 6: base = "page-down"
            case let n? where (11...15).contains(n): return .function(n - 10)
            case let n? where (17...21).contains(n): return .function(n - 11)
            case let n? where (23...24).contains(n): return .function(n - 12)
            default: return nil
            }
        default: return nil
        }
        let plain: [String: Key] = [
            "up": .up, "down": .down, "right": .right, "left": .left, "home": .home, "end": .end, "delete": .delete,
            "page-up": .pageUp, "page-down": .pageDown,
        ]
        return KeyName.modified(base, modifier: modifier) ?? plain[base]
    }
}
