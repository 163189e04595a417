import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// The narrow and compressed layouts an index keeps its data in must give back exactly what
/// went in, on both sides of every switch between layouts.
@Suite struct CompactStorageTests {
    @Test func idsWidenWithoutLosingEarlierValues() {
        var builder = PackedIDsBuilder()
        let values = [0, 7, 255, 256, 3, 65_535, 65_536, 1, 4_000_000_000]
        var widths: [Int] = []
        for value in values {
            builder.append(value)
            widths.append(builder.ids.width)
        }
        #expect(widths == [1, 1, 1, 2, 2, 2, 4, 4, 4])
        #expect((0..<values.count).map { builder.ids[$0] } == values)
        #expect(builder.ids.permuted(by: [8, 0]).width == 4)
        let small = PackedIDs.u32([2, 0, 1])
        #expect(small.mapped([7, 300, 5]).width == 2)
        #expect((0..<3).map { small.mapped([7, 300, 5])[$0] } == [5, 7, 300])
    }

    @Test func textEndsKeepEveryEndAcrossGroupsAndWhenTheyWiden() {
        // Empty texts, group edges (64, 128), then a text longer than 64 KB in the third group.
        let lengths = (0..<150).map { $0 % 5 == 0 ? 0 : $0 * 7 } + [70_000] + (0..<100).map { $0 % 9 }
        var ends = TextEnds()
        var expected: [Int] = []
        var packedBefore: [Bool] = []
        for length in lengths {
            expected.append((expected.last ?? 0) + length)
            ends.append(expected.last!)
            packedBefore.append(ends.isPacked)
            #expect(Array(ends) == expected)
        }
        #expect(packedBefore[149] && !packedBefore[150])
        func readAll(_ ends: TextEnds) -> [Range<Int>] {
            ends.withReader { reader in (0..<ends.count).map { reader.start($0)..<reader.end($0) } }
        }
        let ranges = expected.indices.map { ($0 == 0 ? 0 : expected[$0 - 1])..<expected[$0] }
        #expect(readAll(ends) == ranges)
        #expect(expected.indices.map { ends.range(of: $0) } == ranges)
        // Without the long text every group fits in 64 KB: two bytes a text, read the same.
        let short = TextEnds(expected.prefix(150).map { UInt32($0) })
        #expect(short.isPacked)
        #expect(readAll(short) == Array(ranges.prefix(150)))
    }

    /// Ends read from a file are kept only when they ascend from 0 to the text's length.
    @Test func textEndsFromAFileAreCheckedBeforeTheyAreKept() throws {
        let ends = TextEnds((1...130).map { UInt32($0 * 3) })
        let (whole, bases, offsets) = ends.stored
        #expect(whole == nil)
        #expect(try Array(#require(TextEnds(bases: bases, offsets: offsets, count: 130, length: 390))) == Array(ends))
        #expect(TextEnds(bases: bases, offsets: offsets, count: 130, length: 391) == nil, "not the text's length")
        #expect(TextEnds(bases: bases, offsets: offsets, count: 129, length: 390) == nil, "not the count")
        var movedBase = bases
        movedBase[1] += 1
        #expect(TextEnds(bases: movedBase, offsets: offsets, count: 130, length: 390) == nil, "a group's base is not the end before it")
        var descending = offsets
        descending[5] = 0
        #expect(TextEnds(bases: bases, offsets: descending, count: 130, length: 390) == nil, "an end before the last")
        #expect(TextEnds(bases: bases + [0], offsets: offsets, count: 130, length: 390) == nil, "a group too many")
        #expect(try Array(#require(TextEnds(whole: [1, 3, 3], count: 3, length: 3))) == [1, 3, 3])
        #expect(TextEnds(whole: [1, 3, 2], count: 3, length: 2) == nil)
        #expect(TextEnds(whole: [1, 3], count: 2, length: 4) == nil)
    }

    @Test func csvColumnTurnsToPlainTextWhenValuesStopRepeating() throws {
        // A unique title per row (past the dictionary limit) beside a repeating category.
        let rows = CSVColumnBuilder.dictionaryLimit + 500
        var text = "title,category,score\n"
        for row in 0..<rows { text += "\"Title \(row), \"\"quoted\"\"\",cat\(row % 3),\(row % 7 == 0 ? "" : String(row % 100))\n" }
        let table = try CSVParser.scan(Array(text.utf8), file: "t.csv")
        guard case .text = table.columns[0] else { Issue.record("titles should be plain text"); return }
        guard case .dictionary = table.columns[1] else { Issue.record("categories should be a dictionary"); return }
        #expect(table.numeric == [false, false, true])
        for row in [0, 1, 7, CSVColumnBuilder.dictionaryLimit, rows - 1] {
            let record = table.record(row)
            #expect(record["title"] == .string("Title \(row), \"quoted\""))
            #expect(record["category"] == .string("cat\(row % 3)"))
            #expect(record["score"] == (row % 7 == 0 ? nil : .number(Double(row % 100))))
        }
    }

    @Test func numericColumnStaysExactWhenItTurnsPlain() {
        var accumulator = NumericAccumulator(capacity: 0)
        let count = NumericColumn.codedLimit * 2
        let values = (0..<count).map { $0 % 5 == 0 ? Double.nan : Double($0) / 4 }
        for value in values { accumulator.add(value) }
        let column = accumulator.column()
        guard case .plain = column.storage else { Issue.record("too many distinct values for a coded column"); return }
        #expect((0..<count).allSatisfy { values[$0].isNaN ? column.value(at: $0).isNaN : column.value(at: $0) == values[$0] })
    }

    @Test func customRankingOrderIsTheSameCodedOrPlain() {
        // Few distinct values (coded, counting sort) against the comparison sort of the same values.
        let values: [Double] = [3, .nan, 1, 3, 2, .nan, 1, 0, -0.0, 2]
        var accumulator = NumericAccumulator(capacity: values.count)
        for value in values { accumulator.add(value) }
        let coded = accumulator.column()
        let plain = NumericColumn(storage: .plain(values))
        guard case .coded = coded.storage else { Issue.record("few values should be coded"); return }
        for ascending in [true, false] {
            let criteria = [CustomRankingCriterion(attribute: "n", ascending: ascending)]
            let bucketed = CustomRankOrder.records(columns: [coded], criteria: criteria, count: values.count)
            let compared = CustomRankOrder.records(columns: [plain], criteria: criteria, count: values.count)
            #expect(bucketed == compared)
            #expect(bucketed.suffix(2) == [1, 5], "records without a value come last, in record order")
        }
    }

    @Test func facetTurnsMultiValuedMidwayAndKeepsEarlierRecords() {
        var accumulator = FacetAccumulator(capacity: 4)
        accumulator.add(.string("b"))
        accumulator.add(nil)
        accumulator.add(.array([.string("a"), .string("c"), .string("a")]))
        accumulator.add(.string("c"))
        let column = accumulator.column(order: [3, 2, 1, 0])
        #expect(column.values == ["a", "b", "c"])
        guard case .multiple = column.layout else { Issue.record("an array value needs the multi-valued layout"); return }
        let has = { (document: Int) in column.values.indices.filter { column.contains(Int32($0), document: document) } }
        #expect((0..<4).map(has) == [[2], [0, 2], [], [1]])
    }

    @Test func prefixListRoundTripsLargeGapsAndManyCells() {
        // Gaps of one to three varint bytes, and more distinct cells than one byte can name.
        var pairs: [UInt64] = []
        var document: UInt64 = 3
        for i in 0..<2_000 {
            document += UInt64([1, 200, 20_000][i % 3])
            pairs.append(document << 32 | UInt64(i % 600) << 8)
        }
        let list = PrefixList(pairs: pairs)
        #expect(list.cells.width == 2)
        #expect(list.gaps.count < pairs.count * 3)
        #expect(list.pairs(keepOnly: nil) == pairs)
        #expect(list.isConsistent(documentCount: Int(document) + 1))
        #expect(!list.isConsistent(documentCount: Int(document)))
        let kept = pairs.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        let survivors = SurvivorSet(kept.map { Int32($0 >> 32) }, documentCount: Int(document) + 1)
        #expect(list.pairs(keepOnly: survivors) == kept)
    }

    @Test func aSurvivorIsFoundAtItsPlaceHoweverManyAreSkipped() {
        // Ascending survivors with gaps; each later word keeps some of them in order, found
        // from the place after the last one kept: next door, or far on (the gallop).
        var documents: [Int32] = (0..<3_000).map { Int32($0 * 8 + $0 % 7) }
        for stride in [1, 2, 5, 64, 700, 2_999] {
            var place = 0
            for expected in Swift.stride(from: 0, to: documents.count, by: stride) {
                place = documents.withUnsafeMutableBufferPointer {
                    SurvivorSet.place(of: $0[expected], in: $0, from: place)
                }
                #expect(place == expected, "every \(stride)th survivor")
                place += 1
            }
        }
        // The last survivor from the first place, and a set of one.
        #expect(documents.withUnsafeMutableBufferPointer { SurvivorSet.place(of: $0[2_999], in: $0, from: 0) } == 2_999)
        var one: [Int32] = [42]
        #expect(one.withUnsafeMutableBufferPointer { SurvivorSet.place(of: 42, in: $0, from: 0) } == 0)
    }
}
