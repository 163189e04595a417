import Testing

@testable import TerminalUI

/// fzf 0.74's section windows: which section gets a box of its own, where each goes in each
/// layout, and when a border stands for the info line's separator (rows from fzf 0.74.5's
/// tmux captures of the same options).
@Suite struct PickerSectionsTests {
    private static let area = Rect(x: 0, y: 0, width: 30, height: 16)

    private static func sections(
        _ styles: (inout PickerSectionStyles) -> Void = { _ in }, _ content: (inout PickerSections.Content) -> Void = { _ in }
    ) -> PickerSections {
        var s = PickerSectionStyles()
        styles(&s)
        var c = PickerSections.Content()
        content(&c)
        return PickerSections(area: area, styles: s, content: c)
    }

    @Test func withoutBordersEverythingIsInTheListsWindow() {
        let plain = Self.sections({ _ in }) {
            $0.headerRows = 2; $0.headerLines = 1
        }
        #expect(plain.boxes.isEmpty && plain.input == nil && plain.header == nil && plain.headerLines == nil)
        #expect(plain.list == Self.area && plain.infoRow && !plain.separatorSuppressed)
    }

    @Test func anInputBorderTakesTheInputOutOfTheListAndItsRuleStandsForTheSeparator() {
        let boxed = Self.sections { $0.input = .border(.bold) }
        #expect(boxed.input == Rect(x: 2, y: 13, width: 27, height: 2))
        #expect(boxed.list == Rect(x: 0, y: 0, width: 30, height: 12))
        #expect(boxed.boxes.map(\.rect) == [Rect(x: 0, y: 12, width: 30, height: 4)])
        #expect(boxed.separatorSuppressed)
        let given = Self.sections({ $0.input = .border(.bold) }) { $0.separatorGiven = true }
        #expect(!given.separatorSuppressed, "a --separator given stays")
    }

    @Test func styleFullInEachLayoutStacksTheBoxesAsFzf() {
        let full: (inout PickerSectionStyles) -> Void = {
            $0.list = .rounded
            ($0.input, $0.header, $0.footer) = (.border(.rounded), .border(.rounded), .border(.rounded))
        }
        let rows: (ListLayout) -> [PickerSections.Role: Int] = { layout in
            let s = Self.sections(full) {
                ($0.layout, $0.info, $0.headerRows, $0.headerLines, $0.footerRows) = (layout, .inlineRight, 1, 1, 1)
            }
            return Dictionary(uniqueKeysWithValues: s.boxes.map { ($0.role, $0.rect.y) })
        }
        // Footer, list, then the header with its lines, the input at the bottom.
        #expect(rows(.default) == [.footer: 0, .list: 3, .header: 9, .input: 13])
        #expect(rows(.reverse) == [.input: 0, .header: 3, .list: 7, .footer: 13])
        // reverse-list: the header lines have a window of their own (without a border) above the list.
        #expect(rows(.reverseList) == [.footer: 0, .list: 4, .header: 10, .input: 13])
        let lines = Self.sections(full) { ($0.layout, $0.headerRows, $0.headerLines, $0.footerRows) = (.reverseList, 1, 1, 1) }
        #expect(lines.headerLines == Rect(x: 0, y: 3, width: 29, height: 1), "as wide as the list's text and its indent")
    }

    @Test func headerFirstPutsTheHeaderBeyondTheInput() {
        let first = Self.sections({ $0.header = .border(.sharp) }) { ($0.headerRows, $0.headerFirst) = (2, true) }
        #expect(first.input?.y == 10 && first.header?.y == 13, "the input above the header, at the screen's edge")
        let box = first.boxes.first { $0.role == .header }
        #expect(box?.rect == Rect(x: 0, y: 12, width: 30, height: 4))
    }

    @Test func sectionsLineUpWithTheListsTextInsideItsBorder() {
        let s = Self.sections({ $0.list = .double }) {
            $0.headerRows = 1; $0.headerFirst = true; $0.footerRows = 1
        }
        #expect(s.list.x == 2)
        #expect(s.headerIndent == 4 && s.footerIndent == 4, "past the list's left side and its blank column")
        #expect(s.input?.x == 2, "the prompt lines up with the list's text")
    }

    /// An inline header at the top of the list's box (reverse) owns the box's top edge, its
    /// line and the rule (fzf colours them with header-bg); the list's rows start below.
    @Test func anInlineSectionOwnsItsRowsOfTheListsBox() {
        let s = Self.sections({ ($0.list, $0.header) = (.rounded, .inline) }) { ($0.layout, $0.headerRows) = (.reverse, 1) }
        #expect(s.rules == [PickerSections.Rule(y: 4, role: .header, owns: Rect(x: 0, y: 2, width: 30, height: 3))])
        #expect(s.header == Rect(x: 2, y: 3, width: 27, height: 1))
        #expect(s.list.y == 5, "below the rule")
    }
}
