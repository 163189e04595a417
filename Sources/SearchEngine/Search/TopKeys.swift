/// The `k` smallest ranking keys in order, without sorting every hit: a page of 20 out of a
/// million results costs a pass with a small heap instead of a full sort.
enum TopKeys {
    static func smallest<Key: Comparable>(_ keys: [Key], count k: Int) -> [Key] {
        let k = min(k, keys.count)
        guard k > 0 else { return [] }
        if k * 8 >= keys.count { return Array(keys.sorted().prefix(k)) }
        // A max-heap of the best k so far: its root is the worst of them, the one to evict.
        var heap: [Key] = []
        heap.reserveCapacity(k)
        for key in keys {
            if heap.count < k {
                heap.append(key)
                siftUp(&heap, heap.count - 1)
            } else if key < heap[0] {
                heap[0] = key
                siftDown(&heap, 0)
            }
        }
        return heap.sorted()
    }

    private static func siftUp<Key: Comparable>(_ heap: inout [Key], _ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] > heap[parent] else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func siftDown<Key: Comparable>(_ heap: inout [Key], _ start: Int) {
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
