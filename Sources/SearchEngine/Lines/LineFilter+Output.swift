extension LineFilter {
    /// The output gathered into large writes (a system call a line would cost more than the
    /// matching); the heading written before the first line, or at the end when none matched.
    struct Writer {
        private let output: Output
        private var pending: [UInt8] = []
        private var headed = false
        private(set) var printed = 0
        static let flushedAt = 1 << 20

        init(_ output: Output) {
            self.output = output
            pending.reserveCapacity(Self.flushedAt + (1 << 16))
        }

        private mutating func head() {
            headed = true
            for line in output.heading {
                pending += line
                pending.append(output.terminator)
            }
        }

        @inline(__always) mutating func line(_ bytes: UnsafeBufferPointer<UInt8>) {
            if !headed { head() }
            if let transform = output.transform {
                pending += transform(Array(bytes))
            } else {
                pending.append(contentsOf: bytes)
            }
            pending.append(output.terminator)
            printed += 1
            if pending.count >= Self.flushedAt { flush() }
        }

        /// The lines `range` of a chunk's answer, in its order.
        mutating func print(_ result: ChunkResult, from range: Range<Int>) {
            result.bytes.withUnsafeBufferPointer { bytes in
                for index in range { line(UnsafeBufferPointer(rebasing: bytes[result.line(index)])) }
            }
        }

        mutating func flush() {
            guard !pending.isEmpty else { return }
            pending.withUnsafeBytes { output.write($0) }
            pending.removeAll(keepingCapacity: true)
        }

        mutating func finish() {
            if !headed { head() }
            flush()
        }

        /// The chunks' sorted answers merged, best first: by score and first tie-break, then the
        /// later tie-breaks, then input order (the chunk, then the line's order in it; `reversed`:
        /// the last chunk first, its lines' order already reversed in their keys).
        mutating func printMerged(_ held: [(chunk: Int, result: ChunkResult)], reversed: Bool) {
            let runs = held.filter { $0.result.count > 0 }
            if runs.count == 1 { return print(runs[0].result, from: 0..<runs[0].result.count) }
            var merge = Merge(runs: runs, reversed: reversed)
            while let (run, index) = merge.pop() {
                let result = runs[run].result
                result.bytes.withUnsafeBufferPointer { line(UnsafeBufferPointer(rebasing: $0[result.line(index)])) }
            }
        }
    }

    /// A k-way merge of the chunks' sorted answers: a heap of the runs by their next line.
    struct Merge {
        private let keys: [[UInt64]]
        private let later: [[UInt64]]
        private let chunks: [Int]
        private let reversed: Bool
        private var positions: [Int]
        private var heap: [Int]

        init(runs: [(chunk: Int, result: ChunkResult)], reversed: Bool) {
            keys = runs.map(\.result.keys)
            later = runs.map(\.result.later)
            chunks = runs.map(\.chunk)
            self.reversed = reversed
            positions = [Int](repeating: 0, count: runs.count)
            heap = []
            for run in runs.indices where !keys[run].isEmpty { push(run) }
        }

        /// Whether run `a`'s next line comes before run `b`'s.
        @inline(__always) private func precedes(_ a: Int, _ b: Int) -> Bool {
            let keyA = keys[a][positions[a]]
            let keyB = keys[b][positions[b]]
            if keyA >> 32 != keyB >> 32 { return keyA >> 32 < keyB >> 32 }
            let laterA = later[a].isEmpty ? 0 : later[a][positions[a]]
            let laterB = later[b].isEmpty ? 0 : later[b][positions[b]]
            if laterA != laterB { return laterA < laterB }
            // Runs are chunks, and no two hold the same one.
            return reversed ? chunks[a] > chunks[b] : chunks[a] < chunks[b]
        }

        private mutating func push(_ run: Int) {
            heap.append(run)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard precedes(heap[child], heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        /// The next line: its run and its place in that run's answer.
        mutating func pop() -> (Int, Int)? {
            guard let top = heap.first else { return nil }
            let index = positions[top]
            positions[top] += 1
            if positions[top] == keys[top].count {
                let last = heap.removeLast()
                if heap.isEmpty { return (top, index) }
                heap[0] = last
            }
            siftDown()
            return (top, index)
        }

        private mutating func siftDown() {
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var first = left
                if left + 1 < heap.count, precedes(heap[left + 1], heap[left]) { first = left + 1 }
                guard precedes(heap[first], heap[parent]) else { return }
                heap.swapAt(first, parent)
                parent = first
            }
        }
    }
}
