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

/// Turns everything read in one go into keys.
///
/// curses decodes the escape sequences its terminfo entry lists. Anything else (say
/// Ctrl-Right on a terminal description that lacks it) comes out as ESC followed by the
/// sequence's bytes, which would otherwise type "[1;5C" into the search box. Within one
/// batch, ESC followed at once by `[` or `O` is therefore parsed as a CSI / SS3 sequence:
/// the common ones become keys, the rest are dropped. A lone ESC stays `.escape`; Alt-x
/// arrives as `.escape` then `.character("x")`.
public enum InputDecoder {
    public static func decode(_ batch: [RawInput]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < batch.count {
            let input = batch[i]
            if !input.isKeyCode, input.code == 27, i + 1 < batch.count, !batch[i + 1].isKeyCode,
               batch[i + 1].code == 0x5B || batch[i + 1].code == 0x4F,
               let (key, consumed) = parseSequence(batch, from: i) {
                if let key { keys.append(key) }
                i += consumed
                continue
            }
            if let key = Key.decode(code: input.code, isKeyCode: input.isKeyCode) { keys.append(key) }
            i += 1
        }
        return keys
    }

    /// Parses ESC [ params final, or ESC O final, starting at `start` (the ESC).
    /// Returns the key (nil: a well-formed sequence we ignore) and the inputs consumed,
    /// or nil if the batch ends before the sequence does.
    private static func parseSequence(_ batch: [RawInput], from start: Int) -> (Key?, Int)? {
        let introducer = batch[start + 1].code
        var i = start + 2
        var params = ""
        while i < batch.count, !batch[i].isKeyCode {
            let c = batch[i].code
            if introducer == 0x5B, (0x20...0x3F).contains(c) {
                params.unicodeScalars.append(Unicode.Scalar(c)!)
                i += 1
                continue
            }
            guard (0x40...0x7E).contains(c) else { return nil }
            let final = Character(Unicode.Scalar(c)!)
            return (introducer == 0x4F ? ss3Key(final) : csiKey(final, params: params), i + 1 - start)
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
        // xterm's modifier parameter: 2 = Shift; others (Ctrl, Alt) fall back to the plain key.
        let shifted = fields.count >= 2 && fields[1] == 2
        switch final {
        case "A": return shifted ? .shiftUp : .up
        case "B": return shifted ? .shiftDown : .down
        case "C": return shifted ? .shiftRight : .right
        case "D": return shifted ? .shiftLeft : .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "~":
            switch fields.first ?? nil {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case let n? where (11...15).contains(n): return .function(n - 10)
            case let n? where (17...21).contains(n): return .function(n - 11)
            case let n? where (23...24).contains(n): return .function(n - 12)
            default: return nil
            }
        default: return nil
        }
    }
}
