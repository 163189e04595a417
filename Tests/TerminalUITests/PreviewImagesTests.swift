import InstantSearchCore
import Testing

@testable import TerminalUI

/// A preview command's images: found in its output, placed in the pane, sent after the frame's
/// cells only when they change, and named in their place when the terminal is not known to draw them.
@Suite struct PreviewImagesTests {
    static let kitty = "\u{1B}_Ga=T,f=100;iVBORw0KGgo=\u{1B}\\"
    static let kittyData = "\u{1B}_Ga=t,i=3,m=1;AAAA\u{1B}\\"
    static let iterm = "\u{1B}]1337;File=inline=1:iVBORw0KGgo=\u{07}"
    static let sixel = "\u{1B}P0;1;0q\"1;1;4;6#0;2;100;0;0#0~~~~-\u{1B}\\"

    private func output(_ text: String) -> PreviewOutput {
        PreviewOutput(run: 1, bytes: Array(text.utf8), isFinished: true, status: 0, isTruncated: false)
    }

    private func pane(_ text: String, images: PreviewImages, width: Int = 30, height: Int = 4) -> PreviewPane {
        var pane = PreviewPane(window: PreviewWindow(startsHidden: false), runsCommand: true)
        pane.images = images
        pane.resize(width: width, height: height)
        pane.show(PreviewPaneTests.headphones)
        pane.show(output(text))
        return pane
    }

    private func drawn(_ pane: PreviewPane, x: Int = 0, width: Int = 30, height: Int = 4) -> Canvas {
        var canvas = Canvas(width: x + width, height: height)
        pane.render(Rect(x: x, y: 0, width: width, height: height), &canvas)
        return canvas
    }

    @Test func eachProtocolIsFoundWithItsLineAndColumnAndTheTextKeepsTheRest() {
        let (text, placements) = TerminalGraphics.extract(Array("title\nab\(Self.kittyData)\(Self.kitty)\n\(Self.iterm)\n\(Self.sixel)end".utf8))
        #expect(String(decoding: text, as: UTF8.self) == "title\nab\n\nend")
        #expect(placements.map(\.line) == [1, 2, 3])
        #expect(placements.map(\.column) == [2, 0, 0])
        #expect(placements.map { $0.graphics.map(\.kind) } == [[.kitty, .kitty], [.iterm], [.sixel]])
        #expect(placements[0].graphics.map { String(decoding: $0.bytes, as: UTF8.self) } == [Self.kittyData, Self.kitty])
        #expect(placements.map(\.draws) == [true, true, true], "kitty's data chunk draws nothing, its a=T does")
    }

    @Test func aSequenceWithoutItsEndIsNotAnImageAndAWrappedOneIsUnwrapped() {
        let cut = TerminalGraphics.extract(Array("a\u{1B}_Ga=T;AAAA".utf8))
        #expect(cut.placements.isEmpty)
        #expect(output("a\u{1B}_Ga=T;AAAA").texts == ["a"], "the text reader drops what is left, as any escape")
        let wrapped = "\u{1B}Ptmux;" + Self.kitty.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
        let found = TerminalGraphics.extract(Array(wrapped.utf8)).placements
        #expect(found.map { $0.graphics.map { String(decoding: $0.bytes, as: UTF8.self) } } == [[Self.kitty]])
        #expect(String(decoding: found[0].graphics[0].sent(insideTmux: true), as: UTF8.self) == wrapped)
        let sixel = TerminalGraphic(kind: .sixel, bytes: Array(Self.sixel.utf8))
        #expect(sixel.sent(insideTmux: true) == sixel.bytes, "tmux reads sixel itself")
    }

    @Test func theEnvironmentSaysWhichProtocolsAreSent() {
        #expect(PreviewImages.detect(.auto, environment: ["TERM": "xterm-kitty"]).kinds == [.kitty])
        #expect(PreviewImages.detect(.auto, environment: ["TERM_PROGRAM": "iTerm.app"]).kinds == [.iterm])
        #expect(PreviewImages.detect(.auto, environment: ["TERM": "foot"]).kinds == [.sixel])
        #expect(PreviewImages.detect(.auto, environment: ["TERM_PROGRAM": "WezTerm"]).kinds == [.kitty, .iterm, .sixel])
        let tmux = PreviewImages.detect(.auto, environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"])
        #expect(tmux.kinds == [.kitty] && tmux.insideTmux)
        #expect(PreviewImages.detect(.auto, environment: ["TERM": "xterm-256color"]).kinds.isEmpty)
        #expect(PreviewImages.detect(.always, environment: [:]).kinds == [.kitty, .iterm, .sixel])
        #expect(PreviewImages.detect(.never, environment: ["TERM": "xterm-kitty"]).kinds.isEmpty)
    }

    @Test func anImageSentIsPlacedAtItsRowAndTheRowsBelowASixelStayBlank() {
        let images = PreviewImages.detect(.always, environment: [:])
        let canvas = drawn(pane("top\n\(Self.sixel)\nhidden under the image\nmore", images: images), x: 5)
        #expect(canvas.lines == ["     top", "", "", ""])
        #expect(canvas.graphics == [CanvasGraphic(area: Rect(x: 5, y: 1, width: 30, height: 3), bytes: Array(Self.sixel.utf8), isKitty: false)])
        let kitty = drawn(pane("\(Self.kitty)\nunder kitty", images: images))
        #expect(kitty.lines == ["", "under kitty", "", ""], "kitty's image floats: the text goes on")
        #expect(kitty.graphics.map(\.isKitty) == [true])
    }

    @Test func anImageNotSentIsNamedWhereItWouldBe() {
        let images = PreviewImages.detect(.auto, environment: ["TERM": "xterm-256color"])
        let canvas = drawn(pane("top\n\(Self.kitty)\nnext", images: images, width: 100), width: 100)
        #expect(
            canvas.lines == [
                "top", "[kitty image not shown: this terminal does not say it draws them; --preview-images always sends it]", "next", "",
            ])
        #expect(canvas.graphics.isEmpty)
    }

    @Test func scrolledOutOfViewTheImageIsNotSent() {
        var pane = pane("1\n2\n\(Self.iterm)\n4\n5\n6", images: .detect(.always, environment: [:]), height: 2)
        #expect(drawn(pane, height: 2).graphics.isEmpty, "its row is below the pane")
        _ = pane.perform(.previewDown)
        _ = pane.perform(.previewDown)
        #expect(drawn(pane, height: 2).graphics.map(\.area) == [Rect(x: 0, y: 0, width: 30, height: 2)])
    }

    @Test func aTerminalSendsImagesOnlyWhenTheyChangeAndRepaintsTheRowsTheyLeft() throws {
        var onScreen = GraphicsOnScreen(insideTmux: false)
        var canvas = Canvas(width: 10, height: 5)
        canvas.place(Array("IMG".utf8), in: Rect(x: 2, y: 1, width: 8, height: 3), isKitty: true)
        let firstPlan = onScreen.plan(for: canvas, repaintsAll: true)
        let first = try #require(firstPlan)
        #expect(String(decoding: first.sequence { x, y in "<\(x),\(y)>" }, as: UTF8.self) == "\u{1B}7<2,1>IMG\u{1B}8")
        let unchanged = onScreen.plan(for: canvas, repaintsAll: false)
        #expect(unchanged == nil, "the same image: nothing sent")
        let blank = Canvas(width: 10, height: 5)
        let gonePlan = onScreen.plan(for: blank, repaintsAll: false)
        let gone = try #require(gonePlan)
        #expect(gone.rows == [1, 2, 3])
        #expect(String(decoding: gone.sequence { _, _ in "" }, as: UTF8.self) == "\u{1B}7\u{1B}_Ga=d,d=a\u{1B}\\\u{1B}8", "kitty's image deleted")
    }
}
