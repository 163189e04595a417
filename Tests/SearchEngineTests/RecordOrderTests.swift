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
        let order = try #require(RecordOrder(bytes: bytes, width: 4, count: 3))
        #expect((0..<order.count).map { order[$0] } == [1, 16_777_216, 0])
        #expect(RecordOrder(bytes: bytes, width: 5, count: 3) == nil)
        #expect(RecordOrder(bytes: bytes, width: 4, count: 2) == nil, "more records than counted")
        #expect(RecordOrder(bytes: Array(bytes.dropLast()), width: 4, count: 3) == nil, "not whole records")
    }

    @Test func theIdentityKeepsNothingAndNamesEachRecordItself() throws {
        let order = RecordOrder(identity: 5)
        #expect(order.bytes.isEmpty && order.width == 0)
        #expect((0..<order.count).map { order[$0] } == [0, 1, 2, 3, 4])
        #expect(order.isConsistent(recordCount: 5) && !order.isConsistent(recordCount: 6))
        #expect(try #require(RecordOrder(bytes: [], width: 0, count: 5)) == order)
        #expect(RecordOrder(bytes: [0, 0, 0], width: 0, count: 1) == nil, "an identity holds no bytes")
    }

    @Test func aFileOrderNamingNoRecordIsRefused() {
        let order = RecordOrder([2, 0, 1])
        #expect(order.isConsistent(recordCount: 3))
        #expect(!order.isConsistent(recordCount: 2), "record 2 of 2")
        #expect(!order.isConsistent(recordCount: 4), "a document short")
    }
}
