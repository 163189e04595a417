/// Just enough of a VT100/xterm screen to know what a curses program shows: text, cursor
/// moves, erasing, inserting and deleting cells and lines, scrolling regions and repeats.
/// Colours, modes and titles are read and dropped. Curses redraws only the cells that changed,
/// so a number on screen is only readable from a screen, not from the bytes sent.
struct ScreenEmulator {
    let columns: Int
    let rows: Int
    private var cells: [[Character]]
    private var x = 0
    private var y = 0
    private var top = 0
    private var bottom: Int
    private var last: Character = " "
    /// Bytes of an escape sequence or a UTF-8 character not complete yet (a read may split them).
    private var pending: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        bottom = rows - 1
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen's rows, trailing blanks dropped.
    var lines: [String] {
        cells.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    var text: String { lines.joined(separator: "\n") }

    mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var i = 0
        while i < pending.count {
            let used = step(pending, at: i)
            if used == 0 { break }  // incomplete: wait for more bytes
            i += used
        }
        pending.removeFirst(i)
    }

    /// Consumes one control, sequence or character at `i`; 0 when it is cut off.
    private mutating func step(_ b: [UInt8], at i: Int) -> Int {
        switch b[i] {
        case 0x1B: return escape(b, at: i)
        case 0x0D: x = 0
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: x = max(0, x - 1)
        case 0x09: x = min(columns - 1, (x / 8 + 1) * 8)
        case 0x00..<0x20, 0x7F: break
        default:
            let length = b[i] >= 0xF0 ? 4 : b[i] >= 0xE0 ? 3 : b[i] >= 0xC0 ? 2 : 1
            guard i + length <= b.count else { return 0 }
            put(String(decoding: b[i..<i + length], as: UTF8.self).first ?? "?")
            return length
        }
        return 1
    }

    private mutating func escape(_ b: [UInt8], at i: Int) -> Int {
        guard i + 1 < b.count else { return 0 }
        switch b[i + 1] {
        case UInt8(ascii: "["):
            var j = i + 2
            while j < b.count, !(0x40...0x7E).contains(b[j]) { j += 1 }
            guard j < b.count else { return 0 }
            control(String(decoding: b[i + 2..<j], as: UTF8.self), final: b[j])
            return j - i + 1
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):  // OSC, DCS, APC: up to BEL or ESC \
            var j = i + 2
            while j < b.count, b[j] != 0x07, !(b[j] == 0x1B && j + 1 < b.count && b[j + 1] == UInt8(ascii: "\\")) { j += 1 }
            guard j < b.count else { return 0 }
            return j - i + (b[j] == 0x07 ? 1 : 2)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#"), UInt8(ascii: "%"):
            return i + 2 < b.count ? 3 : 0
        case UInt8(ascii: "M"):
            if y == top { scrollDown() } else { y = max(0, y - 1) }
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): x = 0; lineFeed()
        case UInt8(ascii: "c"): self = ScreenEmulator(columns: columns, rows: rows)
        default: break  // ESC 7, ESC 8, ESC =, ESC >: nothing to show
        }
        return 2
    }

    private mutating func control(_ parameters: String, final: UInt8) {
        if parameters.hasPrefix("?") || parameters.hasPrefix(">") || parameters.hasPrefix("=") { return }  // modes
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func n(_ k: Int, _ fallback: Int = 1) -> Int { k < numbers.count && numbers[k] > 0 ? numbers[k] : fallback }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"): (y, x) = (clampRow(n(0) - 1), clampColumn(n(1) - 1))
        case UInt8(ascii: "A"): y = max(0, y - n(0))
        case UInt8(ascii: "B"), UInt8(ascii: "e"): y = clampRow(y + n(0))
        case UInt8(ascii: "C"), UInt8(ascii: "a"): x = clampColumn(x + n(0))
        case UInt8(ascii: "D"): x = max(0, x - n(0))
        case UInt8(ascii: "G"), UInt8(ascii: "`"): x = clampColumn(n(0) - 1)
        case UInt8(ascii: "d"): y = clampRow(n(0) - 1)
        case UInt8(ascii: "K"): erase(row: y, mode: n(0, 0))
        case UInt8(ascii: "J"):
            let mode = n(0, 0)
            if mode == 0 { erase(row: y, mode: 0); for r in y + 1..<rows { erase(row: r, mode: 2) } }
            if mode == 1 { erase(row: y, mode: 1); for r in 0..<y { erase(row: r, mode: 2) } }
            if mode >= 2 { for r in 0..<rows { erase(row: r, mode: 2) } }
        case UInt8(ascii: "X"): for c in x..<min(columns, x + n(0)) { cells[y][c] = " " }
        case UInt8(ascii: "@"):
            let k = min(n(0), columns - x)
            cells[y].insert(contentsOf: repeatElement(" ", count: k), at: x)
            cells[y].removeLast(k)
        case UInt8(ascii: "P"):
            let k = min(n(0), columns - x)
            cells[y].removeSubrange(x..<x + k)
            cells[y].append(contentsOf: repeatElement(" ", count: k))
        case UInt8(ascii: "L"), UInt8(ascii: "M"):
            guard (top...bottom).contains(y) else { return }
            for _ in 0..<min(n(0), bottom - y + 1) {
                if final == UInt8(ascii: "L") {
                    cells.remove(at: bottom)
                    cells.insert(blankRow, at: y)
                } else {
                    cells.remove(at: y)
                    cells.insert(blankRow, at: bottom)
                }
            }
        case UInt8(ascii: "S"): for _ in 0..<n(0) { scrollUp() }
        case UInt8(ascii: "T"): for _ in 0..<n(0) { scrollDown() }
        case UInt8(ascii: "b"): for _ in 0..<n(0) { put(last) }
        case UInt8(ascii: "r"):
            top = clampRow(n(0) - 1)
            bottom = clampRow(n(1, rows) - 1)
            (x, y) = (0, 0)
        default: break  // colours (m), reports, tabs stops: nothing to show
        }
    }

    private var blankRow: [Character] { Array(repeating: " ", count: columns) }
    private func clampRow(_ r: Int) -> Int { min(max(r, 0), rows - 1) }
    private func clampColumn(_ c: Int) -> Int { min(max(c, 0), columns - 1) }

    /// Writes at the cursor; a wide character takes two cells, as terminals draw it.
    private mutating func put(_ character: Character) {
        let wide = character.unicodeScalars.first.map { $0.value >= 0x1100 && Self.isWide($0.value) } ?? false
        if x >= columns {
            x = 0
            lineFeed()
        }
        cells[y][x] = character
        last = character
        x += 1
        if wide, x < columns {
            cells[y][x] = " "
            x += 1
        }
    }

    private static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1FAFF).contains(v)
    }

    private mutating func erase(row: Int, mode: Int) {
        let range = mode == 0 ? min(x, columns)..<columns : mode == 1 ? 0..<min(x + 1, columns) : 0..<columns
        for c in range { cells[row][c] = " " }
    }

    private mutating func lineFeed() {
        if y == bottom { scrollUp() } else { y = clampRow(y + 1) }
    }

    private mutating func scrollUp() {
        cells.remove(at: top)
        cells.insert(blankRow, at: bottom)
    }

    private mutating func scrollDown() {
        cells.remove(at: bottom)
        cells.insert(blankRow, at: top)
    }
}
