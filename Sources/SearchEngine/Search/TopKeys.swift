/// The `k` smallest ranking keys in order, without sorting every hit: a page of 20 out of a
/// million results costs a pass with a small heap instead of a full sort.
enum TopKeys {
    static func smallest<Key: Comparable>(_ keys: [Key], count k: Int) -> [Key] {
        let k = min(k, keys.count)
        guard k > 0 else { return [] }
        if k * 8 >= keys.count { return Array(keys.sorted().prefix(k)) }
        var best = Best<Key>(count: k)
        for key in keys { best.offer(key) }
        return best.sorted()
    }

    /// The best `count` keys of those offered so far: a max-heap whose root is the worst of
    /// them, the one to evict. A key no better than the root costs one comparison.
    struct Best<Key: Comparable> {
        let count: Int
        /// Keys no better than this are never kept: a part of a larger search whose page
        /// already holds `count` keys as good (see `worst`).
        let ceiling: Key?
        private var heap: [Key] = []

        init(count: Int, below ceiling: Key? = nil) {
            self.count = max(count, 0)
            self.ceiling = ceiling
            heap.reserveCapacity(min(self.count, 1 << 16))
        }

        /// The worst key kept once `count` are kept: what a key must beat to enter.
        var worst: Key? { heap.count == count && count > 0 ? heap[0] : nil }

        @inline(__always) mutating func offer(_ key: Key) {
            if let ceiling, key >= ceiling { return }
            if heap.count < count {
                heap.append(key)
                siftUp(heap.count - 1)
            } else if count > 0, key < heap[0] {
                heap[0] = key
                siftDown(0)
            }
        }

        /// Whether a key could still enter: false for one no better than the worst kept
        /// once `count` are kept (and always when `count` is 0).
        @inline(__always) func admits(_ key: Key) -> Bool {
            if let ceiling, key >= ceiling { return false }
            return heap.count < count || (count > 0 && key < heap[0])
        }

        mutating func offer(_ keys: some Sequence<Key>) {
            for key in keys { offer(key) }
        }

        func sorted() -> [Key] { heap.sorted() }

        private mutating func siftUp(_ start: Int) {
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child] > heap[parent] else { return }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        private mutating func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var largest = left
                if left + 1 < heap.count, heap[left + 1] > heap[left] { largest = left + 1 }
                guard heap[largest] > heap[parent] else { return }
                heap.swapAt(largest, parent)
                parent = largest
            }
        }
    }
}
