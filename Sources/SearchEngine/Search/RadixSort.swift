/// Sorts `(document << 32 | payload)` pairs by document, stably, in passes of 11 bits over
/// the document's bits only. A prefix such as "a" gathers 150k postings from thousands of
/// terms, each term's list already sorted: a comparison sort of those would cost more than
/// the rest of the keystroke, two counting passes cost about a millisecond.
enum RadixSort {
    static let bitsPerPass = 11

    static func sortByDocument(_ pairs: inout [UInt64], documentCount: Int) {
        let count = pairs.count
        guard count > 1 else { return }
        if count < 256 {
            pairs.sort { $0 >> 32 < $1 >> 32 }  // small: a plain sort beats the passes' fixed cost
            return
        }
        let documentBits = max(1, Int.bitWidth - max(documentCount - 1, 1).leadingZeroBitCount)
        let passes = (documentBits + bitsPerPass - 1) / bitsPerPass
        let buckets = 1 << bitsPerPass
        var other = [UInt64](repeating: 0, count: count)
        var histogram = [Int](repeating: 0, count: buckets)
        for pass in 0..<passes {
            let shift = UInt64(32 + pass * bitsPerPass)
            let mask = UInt64(buckets - 1)
            pairs.withUnsafeBufferPointer { source in
                other.withUnsafeMutableBufferPointer { target in
                    histogram.withUnsafeMutableBufferPointer { histogram in
                        for b in 0..<buckets { histogram[b] = 0 }
                        for pair in source { histogram[Int(pair >> shift & mask)] += 1 }
                        var total = 0
                        for b in 0..<buckets {
                            let n = histogram[b]
                            histogram[b] = total
                            total += n
                        }
                        for pair in source {
                            let b = Int(pair >> shift & mask)
                            target[histogram[b]] = pair
                            histogram[b] += 1
                        }
                    }
                }
            }
            swap(&pairs, &other)
        }
    }
}
