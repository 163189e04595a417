import Testing

@testable import TerminalUI

@Suite("Mouse decoding")
struct MouseDecodingTests {
    private func raw(_ text: String) -> [RawInput] { text.unicodeScalars.map { .char($0) } }

    private func events(_ text: String) -> [TerminalEvent] {
        var decoder = InputDecoder()
        return decoder.decode(raw(text))
    }

    @Test func sgrPressReleaseAndWheel() {
        #expect(events("\u{1B}[<0;12;5M") == [.mouse(MouseEvent(.press(.left), x: 11, y: 4))])
        #expect(events("\u{1B}[<0;12;5m") == [.mouse(MouseEvent(.release, x: 11, y: 4))])
        #expect(events("\u{1B}[<2;1;1M") == [.mouse(MouseEvent(.press(.right), x: 0, y: 0))])
        #expect(events("\u{1B}[<1;300;200M") == [.mouse(MouseEvent(.press(.middle), x: 299, y: 199))])
        #expect(events("\u{1B}[<64;3;4M") == [.mouse(MouseEvent(.wheelUp, x: 2, y: 3))])
        #expect(events("\u{1B}[<65;3;4M") == [.mouse(MouseEvent(.wheelDown, x: 2, y: 3))])
        #expect(events("\u{1B}[<32;3;4M") == [.mouse(MouseEvent(.drag(.left), x: 2, y: 3))])
        #expect(events("\u{1B}[<20;3;4M") == [.mouse(MouseEvent(.press(.left), x: 2, y: 3, shift: true, control: true))])
        #expect(events("\u{1B}[<8;3;4M") == [.mouse(MouseEvent(.press(.left), x: 2, y: 3, alt: true))])
    }

    @Test func mouseReportsBetweenKeys() {
        #expect(
            events("a\u{1B}[<0;2;3Mb\u{1B}[<0;2;3m\u{1B}[A") == [
                .key(.character("a")), .mouse(MouseEvent(.press(.left), x: 1, y: 2)), .key(.character("b")),
                .mouse(MouseEvent(.release, x: 1, y: 2)), .key(.up),
            ])
    }

    @Test func x10Reports() {
        // ESC [ M, then button + 32, column + 32, row + 32 (from 1).
        #expect(events("\u{1B}[M %&") == [.mouse(MouseEvent(.press(.left), x: 4, y: 5))])
        #expect(events("\u{1B}[M#%&x") == [.mouse(MouseEvent(.release, x: 4, y: 5)), .key(.character("x"))])
        #expect(events("\u{1B}[M`!!") == [.mouse(MouseEvent(.wheelUp, x: 0, y: 0))])
    }

    /// Nothing a broken or hostile terminal sends becomes a click or types: malformed
    /// reports are read to their end and dropped.
    @Test(arguments: [
        "\u{1B}[<0;0;5M",  // column 0: the terminal counts from 1
        "\u{1B}[<0;12M",  // a field missing
        "\u{1B}[<0;1;2;3M",  // a field too many
        "\u{1B}[<0;99999999999999999999;5M",  // a number that overflows
        "\u{1B}[<0;10001;5M",  // beyond any screen
        "\u{1B}[<256;1;1M",  // no such button code
        "\u{1B}[<66;1;1M",  // horizontal wheel
        "\u{1B}[<128;1;1M",  // buttons 8 to 11
        "\u{1B}[<35;1;1M",  // motion with no button
        "\u{1B}[<0;-1;1M",  // a sign
        "\u{1B}[<;;M",
        "\u{1B}[<0;1;1X",  // not M / m
    ])
    func malformedReportsAreDropped(report: String) {
        #expect(events(report + "z") == [.key(.character("z"))])
    }

    @Test func overlongParametersAreReadToTheEndAndDropped() {
        let long = "\u{1B}[<" + String(repeating: "1;", count: 50_000) + "1M"
        #expect(events(long + "z") == [.key(.character("z"))])
    }

    @Test func aReportCutAtTheEndOfABatchSwallowsNothing() {
        #expect(InputDecoder.decode(raw("\u{1B}[<0;1")) == [.escape, .character("["), .character("<"), .character("0"), .character(";"), .character("1")])
        #expect(InputDecoder.decode(raw("\u{1B}[M ")) == [.escape, .character("["), .character("M"), .character(" ")])
    }

    /// Random bytes around and inside reports: the decoder never traps, never returns a
    /// coordinate out of range, and plain text after it still decodes.
    @Test func randomInputIsSafe() {
        var generator = SplitMix(seed: 14)
        let alphabet: [UInt32] = [27, 0x5B, 0x3C, 0x3B, 0x4D, 0x6D, 0x30, 0x31, 0x39, 0x20, 0x4F, 0x7E, 0x41, 0xFFFF, 0x10FFFF, 0]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 40)
            var batch = (0..<length).map { _ in RawInput(code: alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            batch.append(.char("z"))
            var decoder = InputDecoder()
            let decoded = decoder.decode(batch)
            for case .mouse(let mouse) in decoded {
                #expect((0..<MouseEvent.maximumCoordinate).contains(mouse.x) && (0..<MouseEvent.maximumCoordinate).contains(mouse.y))
            }
        }
    }
}

/// A small seeded generator, so a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
