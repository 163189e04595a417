import Testing

@testable import TerminalUI

@Suite("Rect layout and borders")
struct LayoutTests {
    let area = Rect(x: 0, y: 0, width: 80, height: 24)

    @Test func insets() {
        #expect(area.inset(1) == Rect(x: 1, y: 1, width: 78, height: 22))
        #expect(area.inset(dx: 2, dy: 0) == Rect(x: 2, y: 0, width: 76, height: 24))
        #expect(area.inset(top: 1, left: 0, bottom: 2, right: 3) == Rect(x: 0, y: 1, width: 77, height: 21))
        #expect(Rect(x: 0, y: 0, width: 1, height: 1).inset(1).isEmpty)
    }

    @Test func splitRowsFixedAndFill() {
        let rows = area.splitRows([.fixed(1), .rest, .fixed(1)])
        #expect(
            rows == [
                Rect(x: 0, y: 0, width: 80, height: 1),
                Rect(x: 0, y: 1, width: 80, height: 22),
                Rect(x: 0, y: 23, width: 80, height: 1),
            ])
    }

    @Test func splitColumnsPercentWeightsAndSpacing() {
        let cols = area.splitColumns([.percent(25), .fill(1)], spacing: 1)
        #expect(cols.map(\.width) == [19, 60])
        #expect(cols.map(\.x) == [0, 20])
        let weighted = Rect(x: 0, y: 0, width: 10, height: 1).splitColumns([.fill(1), .fill(2)])
        // 10 * 1/3 = 3, 10 * 2/3 = 6; the leftover column goes to the first fill.
        #expect(weighted.map(\.width) == [4, 6])
    }

    @Test func fixedPartsClampWhenSpaceRunsOut() {
        let rows = Rect(x: 0, y: 0, width: 5, height: 3).splitRows([.fixed(2), .fixed(5), .rest])
        #expect(rows.map(\.height) == [2, 1, 0])
        #expect(rows.map(\.y) == [0, 2, 3])
    }

    @Test func edgeSplitsAndIntersection() {
        let (top, rest) = area.splitTop(3)
        #expect(top.height == 3 && rest.y == 3 && rest.height == 21)
        let (left, right) = area.splitRight(20)
        #expect(left.width == 60 && right.x == 60 && right.width == 20)
        #expect(area.splitLeft(100).left.width == 80)
        #expect(area.splitBottom(1).bottom == Rect(x: 0, y: 23, width: 80, height: 1))
        #expect(
            Rect(x: 5, y: 5, width: 10, height: 10).intersection(Rect(x: 10, y: 0, width: 10, height: 8))
                == Rect(x: 10, y: 5, width: 5, height: 3))
        #expect(Rect(x: 0, y: 0, width: 2, height: 2).intersection(Rect(x: 5, y: 5, width: 1, height: 1)).isEmpty)
        #expect(area.contains(x: 79, y: 23) && !area.contains(x: 80, y: 0))
        #expect(area.row(2) == Rect(x: 0, y: 2, width: 80, height: 1))
    }

    @Test func borderWithTitle() {
        var canvas = Canvas(width: 12, height: 4)
        let inner = canvas.drawBorder(canvas.bounds, style: .single, lineStyle: .fg(.muted), title: "Hits", titleStyle: .fg(.accent))
        #expect(inner == Rect(x: 1, y: 1, width: 10, height: 2))
        #expect(
            canvas.lines == [
                "┌─ Hits ───┐",
                "│          │",
                "│          │",
                "└──────────┘",
            ])
        #expect(canvas.style(x: 0, y: 0) == .fg(.muted))
        #expect(canvas.style(x: 3, y: 0) == .fg(.accent))
    }

    @Test func roundedBorderCutsLongTitle() {
        var canvas = Canvas(width: 10, height: 3)
        canvas.drawBorder(canvas.bounds, title: "Categories")
        #expect(
            canvas.lines == [
                "╭─ Cate…─╮",
                "│        │",
                "╰────────╯",
            ])
    }

    @Test func tooSmallForBorder() {
        var canvas = Canvas(width: 1, height: 1)
        let rect = canvas.drawBorder(canvas.bounds, style: .double)
        #expect(rect == canvas.bounds)
        #expect(canvas.lines == [""])
    }

    @Test func rules() {
        var canvas = Canvas(width: 4, height: 3)
        canvas.drawHorizontalLine(x: 0, y: 1, length: 4)
        canvas.drawVerticalLine(x: 2, y: 0, length: 3, glyph: "┃")
        #expect(canvas.lines == ["  ┃", "──┃─", "  ┃"])
    }

    @Test func screenLayoutKeepsTheSidebarWhenThereIsRoom() throws {
        let layout = try #require(ScreenLayout(screen: area))
        #expect(!layout.isFolded)
        #expect(layout.searchBox.y == 1 && layout.topRule.y == 2 && layout.body == Rect(x: 0, y: 3, width: 80, height: 18))
        #expect(layout.stats.y == 22 && layout.hints?.y == 23 && layout.bottomRule?.y == 21)
        #expect(layout.hits.maxX < layout.refinements.x && layout.slider.height == 4)
    }

    @Test func aHeaderTakesTheRowUnderTheSearchBox() throws {
        let layout = try #require(ScreenLayout(screen: area, headerRows: 1))
        #expect(layout.header == Rect(x: 0, y: 2, width: 80, height: 1))
        #expect(layout.topRule.y == 3 && layout.body.y == 4 && layout.body.height == 17)
    }

    @Test func fewRowsOrColumnsFoldThePanesDownToFortyByEight() throws {
        let ten = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 10)))
        #expect(ten.isFolded && ten.hints == nil && ten.bottomRule == nil)
        #expect(ten.body == Rect(x: 0, y: 3, width: 80, height: 6) && ten.stats.y == 9)
        #expect(ten.refinements == ten.body && ten.slider == ten.body)
        let narrow = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 59, height: 24)))
        #expect(narrow.isFolded && narrow.hints?.y == 23)
        let smallest = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 40, height: 8)))
        #expect(smallest.body.height == 4 && smallest.stats.y == 7)
        #expect(ScreenLayout(screen: Rect(x: 0, y: 0, width: 39, height: 24)) == nil)
        #expect(ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 7)) == nil)
    }
}
