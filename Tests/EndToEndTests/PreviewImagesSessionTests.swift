import Foundation
import Testing

/// Images from a `--preview` command reach the terminal at the preview's place, in a real
/// terminal: what the program writes to the pane is recorded byte for byte (tmux's
/// `pipe-pane`), and the screen shows the image's name where the terminal is not known to draw it.
@Suite(.serialized) struct PreviewImagesSessionTests {
    /// A previewer that writes a line, then a kitty image numbered by the item.
    static let kittyPreviewer = #"""
        printf 'line %s\n' "$1"
        printf '\033_Ga=T,f=100,i=%s;QUJD\033\\' "$1"
        """#

    /// Where `text` is on the screen: its row and column, 0-based.
    private func position(of text: String, in screen: String) throws -> (row: Int, column: Int) {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(rows.firstIndex { $0.contains(text) }, "\(text) on the screen:\n\(screen)")
        let range = try #require(rows[row].range(of: text))
        return (row, rows[row].distance(from: rows[row].startIndex, to: range.lowerBound))
    }

    @Test func aKittyImageGoesToThePreviewsPlaceAndIsDeletedWhenTheSelectionMoves() throws {
        let tmux = try Tmux(width: 80, height: 12, environment: ["KITTY_WINDOW_ID=1"])
        try Self.kittyPreviewer.write(to: tmux.workDirectory.appendingPathComponent("kitty.sh"), atomically: true, encoding: .utf8)
        try tmux.recordOutput(to: "pane.bytes")
        try tmux.shell("seq 3 | \(Project.binary) --reverse --preview 'sh kitty.sh {}' --preview-window right:50%")
        let screen = try tmux.waitFor("line 1")
        #expect(!screen.contains("not shown"), "kitty is announced: the image is sent")
        let (row, column) = try position(of: "line 1", in: screen)
        let place = "\u{1B}[\(row + 2);\(column + 1)H"
        let first = "\u{1B}7" + place + "\u{1B}_Ga=T,f=100,i=1;QUJD\u{1B}\\" + "\u{1B}8"
        try tmux.waitForOutput("pane.bytes", "the first image") { $0.contains(first) }

        try tmux.press("Down")
        try tmux.waitFor("line 2")
        // The image before deleted (in the frame that drops it, or the one with the next),
        // then the next at the same place.
        let delete = "\u{1B}_Ga=d,d=a\u{1B}\\"
        let next = place + "\u{1B}_Ga=T,f=100,i=2;QUJD\u{1B}\\" + "\u{1B}8"
        let bytes = try tmux.waitForOutput("pane.bytes", "the second image") { $0.contains(next) }
        let firstEnd = try #require(bytes.range(of: first)).upperBound
        let deleted = try #require(bytes.range(of: delete, range: firstEnd..<bytes.endIndex), "kitty's delete after the first image")
        #expect(bytes.range(of: next, range: deleted.upperBound..<bytes.endIndex) != nil, "the second image after the delete")
        #expect(bytes.components(separatedBy: "i=1;QUJD").count == 2, "the first image was sent once, not on every frame")
    }

    @Test func aSixelImageFromChafaIsSentWhenAskedAndNamedOtherwise() throws {
        let tmux = try Tmux(width: 200, height: 14)
        let png = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg=="))
        try png.write(to: tmux.workDirectory.appendingPathComponent("red.png"))
        try tmux.recordOutput(to: "pane.bytes")
        let command = "seq 2 | \(Project.binary) --preview 'echo top; chafa -f sixel --size 8x4 red.png' --preview-window right:60%"
        try tmux.shell(command + " --preview-images always")
        // "top" after the pane's rule: the command line typed holds the word too.
        let screen = try tmux.waitFor("│ top")
        let (row, rule) = try position(of: "│ top", in: screen)
        let column = rule + 2
        // chafa sizes the image by the cell's pixels it finds: its body is not compared, only
        // that one whole sixel sequence is sent at the preview's second row, the cursor kept.
        let start = "\u{1B}7\u{1B}[\(row + 2);\(column + 1)H\u{1B}P0;1;0q"
        let bytes = try tmux.waitForOutput("pane.bytes", "chafa's sixel at the preview's second row") { $0.contains(start) }
        let body = String(bytes[try #require(bytes.range(of: start)).upperBound...])
        let end = try #require(body.range(of: "\u{1B}\\\u{1B}8"), "the sixel's end, then the cursor put back")
        #expect(!body[..<end.lowerBound].contains("\u{1B}") && body.hasPrefix("\"1;1;"), "one sixel image, as chafa wrote it")
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("│ top") }

        // Not asked, in a terminal that announces nothing: named in its place.
        try tmux.shell("clear; " + command)
        let named = try tmux.waitFor("the image named") { $0.contains("│ top") && $0.contains("[sixel image not shown") }
        let rows = named.split(separator: "\n").map(String.init)
        let (topRow, topRule) = try position(of: "│ top", in: named)
        #expect(
            rows[topRow + 1].dropFirst(topRule + 2).hasPrefix(
                "[sixel image not shown: this terminal does not say it draws them; --preview-images always sends it]"))
        try tmux.press("Escape")
    }
}

extension Tmux {
    /// From now on, everything the pane's programs write is appended to `name` (tmux's
    /// `pipe-pane`), escape sequences included: what reached the terminal, byte for byte.
    func recordOutput(to name: String) throws {
        let path = workDirectory.appendingPathComponent(name).path
        let (status, output) = try spawn("tmux", ["-L", socket, "pipe-pane", "-o", "-t", session, "cat >> '\(path)'"])
        guard status == 0 else { throw TmuxError.failed("pipe-pane: \(output)") }
    }

    /// Waits until the recorded output satisfies `condition` (a generous limit, as `waitFor`).
    @discardableResult
    func waitForOutput(
        _ name: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        var last = ""
        while Date() < deadline {
            last = (try? Data(contentsOf: workDirectory.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \(description) in what the pane was sent:\n\(last.debugDescription.suffix(2000))", sourceLocation: sourceLocation)
        throw TmuxError.timedOut(description)
    }
}
