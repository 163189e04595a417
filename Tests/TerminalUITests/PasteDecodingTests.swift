import InstantSearchCore
import Testing

@testable import TerminalUI

/// Bracketed paste: the decoder turns ESC [200~ … ESC [201~ into one `.paste`, across
/// reads (the app side is in PasteIntoTheAppTests).
@Suite struct PasteDecodingTests {
    private func raw(_ text: String) -> [RawInput] { text.unicodeScalars.map { .char($0) } }
    private let start = "\u{1B}[200~"
    private let end = "\u{1B}[201~"

    @Test func aPasteIsOneEventBetweenKeys() {
        var decoder = InputDecoder()
        let events = decoder.decode(raw("a\(start)héllo 日本\(end)b"))
        #expect(events == [.key(.character("a")), .paste("héllo 日本"), .key(.character("b"))])
        #expect(!decoder.isInPaste)
    }

    @Test func newlinesAndTabsBecomeSpacesOtherControlsAreDropped() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw("\(start)one\r\ntwo\nthree\tfour\u{07}\u{1B}x\(end)")) == [.paste("one  two three fourx")])
    }

    @Test func aPasteSpansReadsEvenWithTheEndMarkerCut() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw("\(start)first half, ")) == [])
        #expect(decoder.isInPaste)
        #expect(decoder.decode(raw("second half\u{1B}[20")) == [])
        // Keys typed during a paste are part of it until the marker: Ctrl-C here is text.
        #expect(decoder.decode(raw("1~\u{03}")) == [.paste("first half, second half"), .key(.control("c"))])
    }

    @Test func escapeSequencesInsideAPasteAreText() {
        var decoder = InputDecoder()
        // Not keys: a pasted "ESC [A" must not move the selection.
        #expect(decoder.decode(raw("\(start)a\u{1B}[Ab\(end)")) == [.paste("a[Ab")])
    }

    @Test func aPasteLongerThanTheLimitIsCutThereAndStillEnds() {
        var decoder = InputDecoder()
        let long = String(repeating: "ab", count: InputDecoder.pasteLimit)
        let events = decoder.decode(raw("\(start)\(long)\(end)x"))
        #expect(events.count == 2)
        if case .paste(let text) = events[0] {
            #expect(text.count == InputDecoder.pasteLimit)
            #expect(text.hasPrefix("abab"))
        } else {
            Issue.record("expected a paste, got \(events[0])")
        }
        #expect(events[1] == .key(.character("x")))
    }

    @Test func anUnfinishedPasteIsHandedOverByFinish() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw("\(start)cut\u{1B}[2")) == [])
        #expect(decoder.finish() == .paste("cut\u{1B}[2".unicodeScalars.filter { $0.value >= 32 }.map(String.init).joined()))
        #expect(decoder.decode(raw("k")) == [.key(.character("k"))])
    }
}

/// The bulk reader's UTF-8: characters cut between two reads come out whole.
@Suite struct PasteInputTests {
    @Test func aCharacterCutBetweenReadsIsHeldBack() {
        var reader = PasteInput()
        let bytes = Array("a日本é".utf8)  // 1 + 3 + 3 + 2 bytes
        var codes: [UInt32] = []
        for cut in [2, 5, 8] {
            let start = [0, 2, 5][[2, 5, 8].firstIndex(of: cut)!]
            codes += reader.decode(bytes[start..<cut]).map(\.code)
        }
        codes += reader.decode(bytes[8...]).map(\.code)
        #expect(codes == "a日本é".unicodeScalars.map(\.value))
    }

    @Test func malformedBytesBecomeReplacementCharacters() {
        var reader = PasteInput()
        #expect(reader.decode([0x61, 0xFF, 0x62][...]).map(\.code) == [0x61, 0xFFFD, 0x62])
    }
}
