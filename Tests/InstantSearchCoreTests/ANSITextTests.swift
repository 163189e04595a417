import InstantSearchCore
import Testing

/// `--ansi`'s reading of colour codes: SGR sequences become styles over the text after them,
/// every other escape is dropped, and nothing — a sequence cut short, ten thousand parameters,
/// random bytes — leaves an escape in the text or a span outside it.
@Suite struct ANSITextTests {
    static let escape = "\u{1B}"

    @Test func textWithoutEscapesIsItself() {
        let text = ANSIText(parsing: "plain line")
        #expect(text.text == "plain line")
        #expect(text.spans.isEmpty)
        #expect(ANSIText.strip("plain line") == "plain line")
    }

    @Test func lsColoursBecomeStylesOverTheirText() {
        // What `ls --color=always` writes for a directory and a plain file.
        let text = ANSIText(parsing: "\(Self.escape)[0m\(Self.escape)[01;34mbin\(Self.escape)[0m notes")
        #expect(text.text == "bin notes")
        #expect(text.spans == [ANSISpan(range: 0..<3, style: ANSIStyle(foreground: .indexed(4), bold: true))])
    }

    @Test func everyColourFormAndAttribute() {
        let e = Self.escape
        let text = ANSIText(parsing: "\(e)[91ma\(e)[38;5;208mb\(e)[48;2;1;2;3mc\(e)[39;49;4md\(e)[24;7me\(e)[27;2mf\(e)[22mg\(e)[38:5:42mh")
        #expect(text.text == "abcdefgh")
        #expect(
            text.spans.map(\.style) == [
                ANSIStyle(foreground: .indexed(9)),
                ANSIStyle(foreground: .indexed(208)),
                ANSIStyle(foreground: .indexed(208), background: .rgb(1, 2, 3)),
                ANSIStyle(underline: true),
                ANSIStyle(reverse: true),
                ANSIStyle(dim: true),
                ANSIStyle(foreground: .indexed(42)),
            ])
        #expect(text.spans.map(\.range) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5, 5..<6, 7..<8])
    }

    @Test func otherSequencesAreDroppedNeverKept() {
        let e = Self.escape
        // A screen clear, an OSC title (BEL-ended) and link (ST-ended), a charset, a cursor save, the one-byte CSI.
        let raw = "\(e)[2Ja\(e)]0;title\u{07}b\(e)]8;;http://x\(e)\\c\(e)(Bd\(e)7e\u{9B}31mf"
        let text = ANSIText(parsing: raw)
        #expect(text.text == "abcdef")
        #expect(text.spans == [ANSISpan(range: 5..<6, style: ANSIStyle(foreground: .indexed(1)))])
        #expect(ANSIText.strip(raw) == "abcdef")
    }

    @Test func aSequenceCutShortIsDropped() {
        for raw in ["abc\(Self.escape)", "abc\(Self.escape)[", "abc\(Self.escape)[38;5", "abc\(Self.escape)]0;no end"] {
            #expect(ANSIText(parsing: raw).text == "abc", "\(raw.debugDescription)")
            #expect(ANSIText(parsing: raw).spans.isEmpty)
        }
        // A colour named but not finished (38;5 with no index) changes nothing.
        #expect(ANSIText(parsing: "\(Self.escape)[38;5mx").spans.isEmpty)
    }

    @Test func tenThousandParametersAreReadAndBounded() {
        let raw = "\(Self.escape)[" + String(repeating: "1;", count: 10_000) + "31mx" + "\(Self.escape)[" + String(repeating: "9", count: 10_000) + "my"
        let text = ANSIText(parsing: raw)
        #expect(text.text == "xy")
        // A sequence longer than the bound is read to its end and dropped whole.
        #expect(text.spans.isEmpty)
    }

    @Test func spansCountCharactersNotScalars() {
        // "é" written as e + a combining accent is one character: the red x is the second.
        let text = ANSIText(parsing: "e\u{301}\(Self.escape)[31mx")
        #expect(text.text == "e\u{301}x")
        #expect(text.spans == [ANSISpan(range: 1..<2, style: ANSIStyle(foreground: .indexed(1)))])
    }

    @Test func randomBytesLeaveNoEscapeAndNoSpanOutsideTheText() {
        // A fixed generator: the same strings on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet: [Unicode.Scalar] = ["\u{1B}", "[", "]", ";", ":", "m", "3", "8", "5", "2", "1", "x", "\u{07}", "\\", "(", "\u{9B}", "é", "\u{301}"]
        for _ in 0..<2000 {
            var raw = String.UnicodeScalarView()
            for _ in 0..<(next() % 40) { raw.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
            let parsed = ANSIText(parsing: String(raw))
            #expect(!parsed.text.unicodeScalars.contains("\u{1B}") && !parsed.text.unicodeScalars.contains("\u{9B}"))
            #expect(ANSIText.strip(String(raw)) == parsed.text)
            let count = parsed.text.count
            #expect(parsed.spans.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= count && !$0.range.isEmpty })
        }
    }
    @Test func chosenFieldsKeepTheStylesOverThem() throws {
        let e = Self.escape
        // Green spans the first field's end, the separator and the second field's start.
        let text = ANSIText(parsing: "ab\(e)[32mc:d\(e)[0me:\(e)[1mf\(e)[0m")
        #expect(text.text == "abc:de:f")
        let delimiter = try FieldDelimiter(":")
        let picked = text.selecting(try FieldTemplate("3,1", option: "--with-nth"), index: 0, delimiter: delimiter)
        // An expression's fields keep their separators, the last one's too (as fzf's).
        #expect(picked.text == "fabc:")
        #expect(
            picked.spans == [
                ANSISpan(range: 0..<1, style: ANSIStyle(bold: true)),
                ANSISpan(range: 3..<5, style: ANSIStyle(foreground: .indexed(2))),
            ])
        // A template's text has no colours; its fields keep theirs, without the last separator.
        let templated = text.selecting(try FieldTemplate("<{1}>{n}", option: "--with-nth"), index: 7, delimiter: delimiter)
        #expect(templated.text == "<abc>7")
        #expect(templated.spans == [ANSISpan(range: 3..<4, style: ANSIStyle(foreground: .indexed(2)))])
        // The same pieces as the plain selection, whatever the fields.
        #expect(
            text.selecting(try FieldTemplate("2..", option: "--with-nth"), index: 0, delimiter: delimiter).text
                == delimiter.select(try FieldExpression("2..", option: "x"), of: text.text))
        #expect(
            text.selecting(try FieldTemplate("2..", option: "--with-nth"), index: 0, delimiter: delimiter).spans == [
                ANSISpan(range: 0..<1, style: ANSIStyle(foreground: .indexed(2)))
            ] + [ANSISpan(range: 3..<4, style: ANSIStyle(bold: true))])
    }
}
