import Dispatch

/// Two pieces of work on the machine's two cores, returning when both are done.
enum Parallel {
    static func both<A, B>(_ a: () -> A, _ b: () -> B) -> (A, B) {
        withoutActuallyEscaping(a) { a in
            withoutActuallyEscaping(b) { b in
                let pair = Pair(a: a, b: b)
                DispatchQueue.concurrentPerform(iterations: 2) { pair.run($0) }
                return (pair.resultA!, pair.resultB!)
            }
        }
    }

    /// Unchecked: each thread writes only its own result, and `concurrentPerform` returns after
    /// both are done, which orders the writes before the reads.
    private final class Pair<A, B>: @unchecked Sendable {
        let a: () -> A
        let b: () -> B
        var resultA: A?
        var resultB: B?

        init(a: @escaping () -> A, b: @escaping () -> B) {
            self.a = a
            self.b = b
        }

        func run(_ part: Int) {
            if part == 0 { resultA = a() } else { resultB = b() }
        }
    }
}
