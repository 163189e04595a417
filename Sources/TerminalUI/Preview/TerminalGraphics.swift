/// An image a preview command wrote for the terminal, in one of the three protocols image
/// previewers speak (chafa, kitty's icat, timg, viu, img2sixel): kitty's graphics commands
/// (`ESC _ G … ESC \`), iTerm2's inline images (`ESC ] 1337 ; File=… BEL`) and sixel
/// (`ESC P … q … ESC \`). Found as bytes; kept as the program wrote it, to be sent on to the
/// terminal at the place the preview pane gives it (`TerminalGraphics.Placement`).
public struct TerminalGraphic: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case kitty
        case iterm = "iTerm2"
        case sixel
    }

    public var kind: Kind
    /// The sequence itself, unwrapped when the program wrapped it for tmux.
    public var bytes: [UInt8]

    /// Whether it puts an image on the screen: a kitty command that only sends data or
    /// deletes draws nothing (and takes no rows).
    public var draws: Bool {
        switch kind {
        case .sixel: return true
        case .iterm: return bytes.starts(with: Array("\u{1B}]1337;File=".utf8)) || bytes.starts(with: Array("\u{1B}]1337;MultipartFile=".utf8))
        case .kitty:
            // The keys end at the payload's ";" or at the terminator.
            let keys = bytes.dropFirst(3).prefix { $0 != UInt8(ascii: ";") && $0 != 0x1B }
            return keys.split(separator: UInt8(ascii: ",")).contains { Array($0) == Array("a=T".utf8) || Array($0) == Array("a=p".utf8) }
        }
    }

    /// The bytes to send: inside tmux, kitty's and iTerm2's sequences go in tmux's passthrough
    /// (`ESC P tmux; …`, every ESC doubled), which tmux hands to the terminal around it when
    /// `allow-passthrough` is on; a bare one tmux would swallow. Sixel tmux reads itself.
    public func sent(insideTmux: Bool) -> [UInt8] {
        guard insideTmux, kind != .sixel else { return bytes }
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        for byte in bytes {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        return wrapped + [0x1B, UInt8(ascii: "\\")]
    }
}

/// Takes the graphics out of a preview command's output, leaving the text for `TerminalText`.
enum TerminalGraphics {
    /// Where a run of graphics was written: the output's line (counting line feeds) and the
    /// columns of text before it on that line. Consecutive graphics on one line (kitty's data
    /// sent in chunks, then displayed) stay together, in order.
    struct Placement: Sendable, Hashable {
        var line: Int
        var column: Int
        var graphics: [TerminalGraphic]

        var draws: Bool { graphics.contains(where: \.draws) }
        /// What it is called on screen when it cannot be shown: its first drawing kind.
        var kind: TerminalGraphic.Kind { (graphics.first(where: \.draws) ?? graphics[0]).kind }
    }

    static let escape: UInt8 = 0x1B
    static let backslash = UInt8(ascii: "\\")

    /// The output without its graphics, and where each was. A sequence with no end (output cut
    /// short) is left in the text, where `TerminalText` drops it like any other escape.
    static func extract(_ bytes: [UInt8]) -> (text: [UInt8], placements: [Placement]) {
        guard bytes.contains(escape) else { return (bytes, []) }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var placements: [Placement] = []
        var line = 0
        var lineStart = 0  // in `text`
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == escape, let (graphic, end) = graphic(in: bytes, at: index) {
                if let last = placements.indices.last, placements[last].line == line, text.count == lineStart + placements[last].column {
                    placements[last].graphics.append(graphic)
                } else {
                    let before = TerminalText.lines(of: Array(text[lineStart...])).first ?? []
                    let column = before.reduce(0) { $0 + $1.0.displayWidth }
                    placements.append(Placement(line: line, column: column, graphics: [graphic]))
                }
                index = end
                continue
            }
            text.append(byte)
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = text.count
            }
            index += 1
        }
        return (text, placements)
    }

    /// Whether an image's sequence starts somewhere in `bytes` (kitty's APC, iTerm2's OSC 1337,
    /// or a DCS: sixel, or tmux's passthrough around one of them).
    static func startsImage(in bytes: some Collection<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if previous == escape {
                if byte == UInt8(ascii: "P") { return true }
                let rest = bytes[index...]
                if rest.starts(with: Array("_G".utf8)) || rest.starts(with: Array("]1337;".utf8)) { return true }
            }
            previous = byte
            index = bytes.index(after: index)
        }
        return false
    }

    /// The graphic starting at `start` (an ESC) and the index after it, or nil.
    private static func graphic(in bytes: [UInt8], at start: Int) -> (TerminalGraphic, Int)? {
        guard start + 2 < bytes.count else { return nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "_"), bytes[start + 2] == UInt8(ascii: "G") {
            guard let end = stringTerminator(in: bytes, from: start + 3) else { return nil }
            return (TerminalGraphic(kind: .kitty, bytes: Array(bytes[start..<end])), end)
        }
        if introducer == UInt8(ascii: "]"), bytes[start...].starts(with: Array("\u{1B}]1337;".utf8)) {
            // Ended by BEL or ST.
            var index = start + 7
            while index < bytes.count {
                if bytes[index] == 0x07 { return (TerminalGraphic(kind: .iterm, bytes: Array(bytes[start...index])), index + 1) }
                if bytes[index] == escape, index + 1 < bytes.count, bytes[index + 1] == backslash {
                    return (TerminalGraphic(kind: .iterm, bytes: Array(bytes[start...(index + 1)])), index + 2)
                }
                index += 1
            }
            return nil
        }
        if introducer == UInt8(ascii: "P") {
            if bytes[start...].starts(with: Array("\u{1B}Ptmux;".utf8)) { return unwrappedTmux(bytes, start) }
            // Sixel: DCS, numeric parameters, "q".
            var index = start + 2
            while index < bytes.count, bytes[index] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "q"), let end = stringTerminator(in: bytes, from: index + 1) else { return nil }
            return (TerminalGraphic(kind: .sixel, bytes: Array(bytes[start..<end])), end)
        }
        return nil
    }

    /// After `ESC \` from `index`, or nil when there is none.
    private static func stringTerminator(in bytes: [UInt8], from index: Int) -> Int? {
        var index = index
        while index + 1 < bytes.count {
            if bytes[index] == escape, bytes[index + 1] == backslash { return index + 2 }
            index += 1
        }
        return nil
    }

    /// A program that wrapped its graphic for tmux itself: the graphic inside (ESC ESC is one
    /// ESC, a lone ESC \ ends the wrapping), wrapped again when sent if we are in tmux.
    private static func unwrappedTmux(_ bytes: [UInt8], _ start: Int) -> (TerminalGraphic, Int)? {
        var inner: [UInt8] = []
        var index = start + 7
        while index + 1 < bytes.count {
            if bytes[index] == escape {
                if bytes[index + 1] == escape {
                    inner.append(escape)
                    index += 2
                    continue
                }
                if bytes[index + 1] == backslash {
                    guard let (graphic, end) = graphic(in: inner, at: 0), end == inner.count else { return nil }
                    return (graphic, index + 2)
                }
            }
            inner.append(bytes[index])
            index += 1
        }
        return nil
    }
}
