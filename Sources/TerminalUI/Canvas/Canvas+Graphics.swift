#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image on the canvas: a terminal's own sequence (kitty, iTerm2, sixel), sent after the
/// cells with the cursor at `area`'s top-left. The cells under it stay blank; a terminal
/// repaints the rows it covered when it goes or moves.
public struct CanvasGraphic: Sendable, Hashable {
    /// Where it may draw: from its top-left to the end of the pane it is in.
    public var area: Rect
    /// The bytes as they go to the terminal (already wrapped for tmux where they must be).
    public var bytes: [UInt8]
    /// Whether it is kitty's: kitty draws images on a layer of their own, which new text does
    /// not cover, so the terminal deletes kitty's images before sending others.
    public var isKitty: Bool
}

extension Canvas {
    /// Places an image whose top-left is inside the canvas (anything else is clipped away).
    public mutating func place(_ bytes: [UInt8], in area: Rect, isKitty: Bool) {
        guard area.x >= 0, area.x < width, area.y >= 0, area.y < height, area.width > 0, area.height > 0 else { return }
        let clipped = Rect(x: area.x, y: area.y, width: min(area.width, width - area.x), height: min(area.height, height - area.y))
        graphics.append(CanvasGraphic(area: clipped, bytes: bytes, isKitty: isKitty))
    }
}

/// What a terminal last sent of the canvas's images, so it sends them again only when they
/// change (an image is large, and the cells under it are not redrawn while it stays).
struct GraphicsOnScreen {
    private var sent: [CanvasGraphic] = []
    /// Inside tmux kitty's delete goes through tmux's passthrough, as the images do.
    private let insideTmux: Bool

    init(insideTmux: Bool = getenv("TMUX").map { $0.pointee != 0 } ?? false) {
        self.insideTmux = insideTmux
    }

    /// What a frame must do about images.
    struct Plan {
        /// Rows to send whole: an image left them, and the cells there were never redrawn.
        var rows: [Int]
        fileprivate var deletesKitty: Bool
        fileprivate var graphics: [CanvasGraphic]
        fileprivate var insideTmux: Bool

        /// What to send after the cells; `move` takes the cursor from where the cells left it
        /// to a canvas position. Each image starts from that cursor again (an image leaves the
        /// cursor where it likes) and the cursor ends there, as curses or the region expects.
        func sequence(move: (_ x: Int, _ y: Int) -> String) -> [UInt8] {
            var out = Array("\u{1B}7".utf8)
            if deletesKitty {
                out += TerminalGraphic(kind: .kitty, bytes: Array("\u{1B}_Ga=d,d=a\u{1B}\\".utf8)).sent(insideTmux: insideTmux)
            }
            for (index, graphic) in graphics.enumerated() {
                if index > 0 { out += Array("\u{1B}8\u{1B}7".utf8) }
                out += Array(move(graphic.area.x, graphic.area.y).utf8)
                out += graphic.bytes
            }
            return out + Array("\u{1B}8".utf8)
        }
    }

    /// For a frame about to be staged (`repaintsAll`: every cell is sent anyway); nil when the
    /// images are as last sent.
    mutating func plan(for canvas: Canvas, repaintsAll: Bool) -> Plan? {
        guard repaintsAll || canvas.graphics != sent else { return nil }
        defer { sent = canvas.graphics }
        var rows = Set<Int>()
        if !repaintsAll {
            for graphic in sent { rows.formUnion(graphic.area.y..<min(canvas.height, graphic.area.y + graphic.area.height)) }
        }
        return Plan(rows: rows.sorted(), deletesKitty: sent.contains(where: \.isKitty), graphics: canvas.graphics, insideTmux: insideTmux)
    }
}
