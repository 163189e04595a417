/// A mouse report from the terminal. The terminal sends them once the program asks (SGR mode
/// 1006, `Terminal` turns it on unless `TerminalOptions.mouse` is false): `ESC [ < Cb ; Cx ; Cy`
/// then `M` (press, wheel) or `m` (release). Coordinates here are the screen's cells counted
/// from 0, as the canvas counts them (the terminal counts from 1).
public struct MouseEvent: Sendable, Hashable, CustomStringConvertible {
    public enum Button: Sendable, Hashable { case left, middle, right }

    public enum Kind: Sendable, Hashable {
        case press(Button)
        case release
        case wheelUp
        case wheelDown
        /// Moved with a button held (only if a drag mode is on, which the program does not ask for).
        case drag(Button)
    }

    public var kind: Kind
    public var x: Int
    public var y: Int
    public var shift = false
    public var alt = false
    public var control = false

    public init(_ kind: Kind, x: Int, y: Int, shift: Bool = false, alt: Bool = false, control: Bool = false) {
        self.kind = kind
        self.x = x
        self.y = y
        self.shift = shift
        self.alt = alt
        self.control = control
    }

    /// Largest coordinate believed: no terminal is this wide; larger numbers are garbage.
    static let maximumCoordinate = 10_000

    /// The SGR report's parameters after `<` (`"0;12;5"`) and its final character. nil for
    /// anything malformed, out of range, or a button this program has no use for
    /// (horizontal wheel, buttons 8 to 11, motion without a button).
    static func sgr(parameters: Substring, final: Character) -> MouseEvent? {
        guard final == "M" || final == "m" else { return nil }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, let code = number(fields[0], upTo: 255),
            let column = number(fields[1], upTo: maximumCoordinate), let row = number(fields[2], upTo: maximumCoordinate),
            column >= 1, row >= 1
        else { return nil }
        return decode(code: code, released: final == "m", x: column - 1, y: row - 1)
    }

    /// The legacy X10 report (`ESC [ M` and three bytes, each value + 32), which a terminal
    /// without SGR mode may send instead.
    static func x10(code: UInt32, column: UInt32, row: UInt32) -> MouseEvent? {
        guard (32...255).contains(code), (33...255).contains(column), (33...255).contains(row) else { return nil }
        let button = Int(code) - 32
        return decode(code: button, released: button & 3 == 3 && button & 64 == 0, x: Int(column) - 33, y: Int(row) - 33)
    }

    /// xterm's button code: bits 0–1 the button (3: released, in X10), 4 Shift, 8 Alt, 16 Ctrl,
    /// 32 motion, 64 wheel, 128 extra buttons.
    private static func decode(code: Int, released: Bool, x: Int, y: Int) -> MouseEvent? {
        let kind: Kind
        let low = code & 3
        if code & 128 != 0 { return nil }
        if code & 64 != 0 {
            guard !released, code & 32 == 0 else { return nil }
            switch low {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil  // horizontal wheel
            }
        } else if released {
            kind = .release
        } else {
            let buttons: [Button?] = [.left, .middle, .right, nil]
            guard let button = buttons[low] else { return nil }
            kind = code & 32 != 0 ? .drag(button) : .press(button)
        }
        return MouseEvent(kind, x: x, y: y, shift: code & 4 != 0, alt: code & 8 != 0, control: code & 16 != 0)
    }

    /// A decimal number of at most five digits, in 0...limit.
    private static func number(_ text: Substring, upTo limit: Int) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            value <= limit
        else { return nil }
        return value
    }

    public var description: String {
        let name: String
        switch kind {
        case .press(let button): name = "press \(button)"
        case .release: name = "release"
        case .wheelUp: name = "wheel up"
        case .wheelDown: name = "wheel down"
        case .drag(let button): name = "drag \(button)"
        }
        return "\(name) at \(x),\(y)"
    }
}
