import Testing

@testable import TerminalUI

/// fzf's `--scroll-off`: items kept in view on either side of the selection while it moves.
@Suite struct ListStateScrollOffTests {
    private static func list(count: Int, visible: Int, scrollOff: Int) -> ListState {
        var list = ListState()
        list.scrollOff = scrollOff
        list.resize(visible: visible)
        list.update(count: count)
        return list
    }

    @Test func theSelectionKeepsItsLinesInViewBothWays() {
        var list = Self.list(count: 20, visible: 5, scrollOff: 2)
        var offsets: [Int] = []
        for _ in 0..<19 {
            list.move(by: 1)
            offsets.append(list.offset)
        }
        // Down: the view moves once two items are left below the selection, until the end.
        #expect(offsets == [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 15, 15])
        list.move(by: -1)
        list.move(by: -1)
        #expect(list.selection == 17 && list.offset == 15, "two items above the selection still show")
        list.move(by: -1)
        #expect(list.selection == 16 && list.offset == 14)
        var without = Self.list(count: 20, visible: 5, scrollOff: 0)
        without.move(by: 4)
        #expect(without.offset == 0, "without it, the view moves only when the selection leaves it")
    }

    @Test func moreThanHalfTheViewKeepsTheSelectionInTheMiddle() {
        var list = Self.list(count: 20, visible: 5, scrollOff: 10)
        list.move(by: 7)
        #expect(list.offset == 5, "two each side of 7")
        let emptied = list.emptied()
        #expect(emptied.scrollOff == 10, "another index's list keeps the setting")
    }

    @Test func itemsOfSeveralRowsKeepTheirNeighboursInView() {
        var list = ListState()
        list.scrollOff = 1
        list.resize(visible: 5)
        list.measure(heights: Array(repeating: 2, count: 10), rows: 10)
        list.update(count: 10)
        var offsets: [Int] = []
        for _ in 0..<9 {
            list.move(by: 1)
            offsets.append(list.offset)
        }
        #expect(offsets == [0, 0, 0, 1, 2, 3, 4, 5, 5])
        list.move(by: -3)
        #expect(list.selection == 6 && list.offset == 5, "one item above the selection")
    }
}
