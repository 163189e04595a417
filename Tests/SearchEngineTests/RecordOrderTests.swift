import Testing

@testable import SearchEngine

/// The ranking order kept at three bytes a document: the records come back as given, and an
/// order read from a file is refused unless every document names a record there is.
@Suite struct RecordOrderTests {
    @Test func threeBytesADocumentGiveTheRecordsBack() {
        let records: [Int32] = [5, 0, 16_777_215, 70_000, 3, 1, 2, 4]
        let order = RecordOrder(records)
        #expect(order.width == 3 && order.bytes.count == records.count * 3)
        #expect((0..<order.count).map { order[$0] } == records.map(Int.init))
    }

    @Test func fourBytesAsAFileMayHoldThem() throws {
        let bytes: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
        let order = try #require(RecordOrder(bytes: bytes, width: 4))
        #expect((0..<order.count).map { order[$0] } == [1, 16_777_216, 0])
        #expect(RecordOrder(bytes: bytes, width: 5) == nil)
        #expect(RecordOrder(bytes: Array(bytes.dropLast()), width: 4) == nil, "not whole records")
    }

    @Test func aFileOrderNamingNoRecordIsRefused() {
        let order = RecordOrder([2, 0, 1])
        #expect(order.isConsistent(recordCount: 3))
        #expect(!order.isConsistent(recordCount: 2), "record 2 of 2")
        #expect(!order.isConsistent(recordCount: 4), "a document short")
    }
}
