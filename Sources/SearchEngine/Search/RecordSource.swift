/// The records a facet count or stats loop reads, by position: a query's matched documents,
/// or every document of the index, which needs no list at all (at 10M documents the list of
/// them all would be 40 MB, made only to be read once when the index is opened).
/// The loops are generic over it, so each kind compiles to its own loop, with no indirection.
protocol RecordSource {
    var count: Int { get }
    subscript(_ i: Int) -> Int { get }
}

/// A query's documents, ascending.
struct MatchedRecords: RecordSource {
    let buffer: UnsafeBufferPointer<Int32>

    var count: Int { buffer.count }

    @inline(__always)
    subscript(_ i: Int) -> Int { Int(buffer[i]) }
}

/// Documents `0..<count`, all of them, in order.
struct EveryDocument: RecordSource {
    let count: Int

    @inline(__always)
    subscript(_ i: Int) -> Int { i }
}
