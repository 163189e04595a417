import InstantSearchCore
import Testing

@testable import TerminalUI

/// Typing code points that combine with their neighbours: an accent after
/// its letter, the two halves of a flag, Hangul jamo, emoji joined by ZWJ. Each is typed one
/// code point a key, as a terminal sends them; the cursor must stay between two characters
/// and drawing must never index past the text.
@Suite struct GraphemeEditingTests {
    static let acute = "\u{301}"
    static let flag = "\u{1F1EB}\u{1F1F7}"  // 🇫🇷: regional indicators F, R
    static let hangul = "\u{1112}\u{1161}\u{11AB}"  // 한 as three jamo: ᄒ ᅡ ᆫ
    static let coder = "\u{1F469}\u{200D}\u{1F4BB}"  // 👩‍💻: woman, ZWJ, laptop

    /// Types `text` one Unicode scalar a key, checking the box after every key.
    private func typeScalars(_ text: String, into box: inout SearchBox) {
        for scalar in text.unicodeScalars {
            box.insert(Character(scalar))
            expectConsistent(box)
        }
    }

    private func perform(_ actions: KeyAction..., on box: inout SearchBox) {
        for action in actions {
            box.perform(action)
            expectConsistent(box)
        }
    }

    /// The cursor is between two characters, and the box draws with the cursor where the
    /// characters before it end (when they fit).
    private func expectConsistent(_ box: SearchBox, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect((0...box.text.count).contains(box.cursor), "cursor \(box.cursor) of \(box.text.count)", sourceLocation: sourceLocation)
        var canvas = Canvas(width: 40, height: 1)
        let column = box.render(canvas.bounds, &canvas)
        let before = String(box.text.prefix(box.cursor)).displayWidth
        #expect(column == 2 + before, sourceLocation: sourceLocation)
    }

    @Test func anAccentTypedAfterItsLetterJoinsIt() {
        var box = SearchBox()
        typeScalars("e" + Self.acute, into: &box)
        #expect(box.text == "e\u{301}" && box.text.unicodeScalars.count == 2)
        #expect(box.cursor == 1)
        var canvas = Canvas(width: 10, height: 1)
        #expect(box.render(canvas.bounds, &canvas) == 3)
        #expect(canvas.lines == ["❯ e\u{301}"])
        typeScalars("t", into: &box)
        #expect(box.text == "e\u{301}t" && box.cursor == 2)
    }

    @Test func backspaceAfterAnAccentRemovesTheWholeCharacter() {
        var box = SearchBox()
        typeScalars("ce" + Self.acute, into: &box)
        perform(.backwardDeleteChar, on: &box)
        #expect(box.text == "c" && box.cursor == 1)
    }

    @Test func anAccentTypedBetweenALetterAndTheNextJoinsTheLetterBefore() {
        var box = SearchBox()
        typeScalars("ex", into: &box)
        perform(.backwardChar, on: &box)
        typeScalars(Self.acute, into: &box)
        #expect(box.text == "e\u{301}x" && box.cursor == 1)
        perform(.backwardDeleteChar, on: &box)
        #expect(box.text == "x" && box.cursor == 0, "Backspace between the accented letter and x removes é")
        perform(.forwardChar, .forwardChar, on: &box)
        #expect(box.cursor == 1)
    }

    @Test func anAccentTypedFirstStandsAlone() {
        var box = SearchBox()
        typeScalars("e", into: &box)
        perform(.beginningOfLine, on: &box)
        typeScalars(Self.acute, into: &box)
        #expect(box.text == Self.acute + "e" && box.text.count == 2 && box.cursor == 1)
    }

    @Test func aFlagTypedOneIndicatorAtATimeIsOneCharacter() {
        var box = SearchBox()
        typeScalars("a" + Self.flag, into: &box)
        #expect(box.text == "a" + Self.flag && box.text.count == 2 && box.cursor == 2)
        var canvas = Canvas(width: 10, height: 1)
        #expect(box.render(canvas.bounds, &canvas) == 2 + 1 + 2)
        perform(.backwardChar, on: &box)
        #expect(box.cursor == 1)
        perform(.deleteChar, on: &box)
        #expect(box.text == "a" && box.cursor == 1)
    }

    @Test func anIndicatorTypedBeforeAFlagPairsWithItsFirstHalf() {
        var box = SearchBox()
        typeScalars(Self.flag, into: &box)
        perform(.beginningOfLine, on: &box)
        typeScalars("\u{1F1FA}", into: &box)  // U: now U+F pair up and R stands alone
        #expect(box.text.count == 2)
        #expect(box.cursor == 1, "the cursor moves past the pair that its indicator joined")
    }

    @Test func hangulJamoTypedOneByOneMakeOneSyllable() {
        var box = SearchBox()
        typeScalars(Self.hangul, into: &box)
        #expect(box.text == Self.hangul && box.text.count == 1 && box.cursor == 1)
        perform(.backwardChar, on: &box)
        #expect(box.cursor == 0)
        typeScalars("a", into: &box)
        #expect(box.text == "a" + Self.hangul && box.cursor == 1)
    }

    @Test func deletingWhatStoodBetweenTwoJamoJoinsThem() {
        var box = SearchBox()
        typeScalars("\u{1112}x\u{1161}", into: &box)  // ᄒ x ᅡ: three characters
        #expect(box.text.count == 3 && box.cursor == 3)
        perform(.backwardChar, .backwardDeleteChar, on: &box)
        #expect(box.text == "\u{1112}\u{1161}" && box.text.count == 1)
        #expect(box.cursor == 1, "the cursor is not left inside 하")
        var other = SearchBox()
        typeScalars("\u{1112}x\u{1161}", into: &other)
        perform(.beginningOfLine, .forwardChar, .deleteChar, on: &other)
        #expect(other.text.count == 1 && other.cursor == 1)
    }

    @Test func anEmojiJoinedByZWJTypedOnePieceAtATimeIsOneCharacter() {
        var box = SearchBox()
        typeScalars("go " + Self.coder, into: &box)
        #expect(box.text == "go " + Self.coder && box.text.count == 4 && box.cursor == 4)
        perform(.unixWordRubout, on: &box)
        #expect(box.text == "go " && box.cursor == 3)
    }

    @Test func everythingTogetherEditedWithArrowsAndBackspace() {
        var box = SearchBox()
        typeScalars("e" + Self.acute + Self.flag + Self.hangul + Self.coder, into: &box)
        #expect(box.text.count == 4 && box.cursor == 4)
        perform(.backwardChar, .backwardChar, .backwardDeleteChar, on: &box)
        #expect(box.text == "e\u{301}" + Self.hangul + Self.coder && box.cursor == 1)
        perform(.endOfLine, .backwardDeleteChar, on: &box)
        #expect(box.text == "e\u{301}" + Self.hangul && box.cursor == 2)
        typeScalars("x", into: &box)
        #expect(box.text == "e\u{301}" + Self.hangul + "x")
    }

    /// Every edit on random mixes of the pieces above: the box stays consistent.
    @Test func randomEditsOfCombiningPiecesKeepTheCursorBetweenCharacters() {
        let pieces = [
            "e", "x", " ", Self.acute, "\u{1F1EB}", "\u{1F1F7}", "\u{1112}", "\u{1161}", "\u{11AB}",
            "\u{1F469}", "\u{200D}", "\u{1F4BB}", "\u{FE0F}", "日",
        ].flatMap(\.unicodeScalars)
        let actions: [KeyAction] = [
            .backwardDeleteChar, .deleteChar, .backwardChar, .forwardChar,
            .beginningOfLine, .endOfLine, .unixWordRubout,
        ]
        var random = SplitMix(seed: 28)
        for _ in 0..<200 {
            var box = SearchBox()
            for _ in 0..<30 {
                if random.next() % 3 == 0 {
                    box.perform(actions[Int(random.next() % UInt64(actions.count))])
                } else {
                    box.insert(Character(pieces[Int(random.next() % UInt64(pieces.count))]))
                }
                expectConsistent(box)
            }
        }
    }

    @Test func aRangeTypedWithCombiningMarksStaysConsistent() {
        var input = RangeInput()
        for scalar in ("5" + Self.acute + "0-" + Self.flag).unicodeScalars { input.insert(Character(scalar)) }
        #expect(input.box.text.count == 4 && input.box.cursor == 4)
        _ = input.perform(.backwardDeleteChar)
        #expect(input.box.text == "5\u{301}0-" && input.box.cursor == 3)
    }
}

/// The terminal side of the same keys: the decoder hands each code point over as a character
/// key, and the app puts them into the query one key at a time without losing any.
@Suite struct CombiningKeysTests {
    @Test func theDecoderHandsCombiningCodePointsOverAsCharacters() {
        let scalars =
            ("e" + GraphemeEditingTests.acute + GraphemeEditingTests.flag + GraphemeEditingTests.hangul
            + GraphemeEditingTests.coder).unicodeScalars
        let keys = InputDecoder.decode(scalars.map { RawInput.char($0) })
        #expect(keys == scalars.map { Key.character(Character($0)) })
    }

    @Test func codesThatAreNoCharacterAreDropped() {
        let keys = InputDecoder.decode([RawInput(code: 0xD800), RawInput(code: 0x110000), RawInput(code: UInt32.max), .char("a")])
        #expect(keys == [.character("a")], "a lone surrogate or a code past Unicode is no key")
    }

    @Test func altWithACombiningMarkIsAnAltKeyNotAnEdit() {
        let keys = InputDecoder.decode([RawInput(code: 27), .char("\u{301}")])
        #expect(keys == [.alt("\u{301}")])
    }

    @Test func typedOneCodePointAKeyTheQueryIsExactlyWhatWasTyped() async {
        let harness = AppHarness()
        await harness.start()
        let typed =
            "e" + GraphemeEditingTests.acute + GraphemeEditingTests.flag + GraphemeEditingTests.hangul
            + GraphemeEditingTests.coder
        for scalar in typed.unicodeScalars { harness.app.handle(.character(Character(scalar))) }
        await harness.press(.left, .left, .backspace)
        let expected = "e\u{301}" + GraphemeEditingTests.hangul + GraphemeEditingTests.coder
        #expect(harness.app.searchBox.text.unicodeScalars.elementsEqual(expected.unicodeScalars))
        #expect(harness.hub.searcher.query.text.unicodeScalars.elementsEqual(expected.unicodeScalars))
        let screen = harness.screen(width: 60, height: 12)
        let prompt = screen.lines.first { $0.contains("❯") } ?? ""
        #expect(prompt.contains("❯ e\u{301}" + GraphemeEditingTests.hangul + GraphemeEditingTests.coder), "\(screen)")
    }
}
