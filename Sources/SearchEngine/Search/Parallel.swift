import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Work split over the machine's cores: as many parts as there are cores to run them (and
/// enough items to pay for waking a thread), each on its own thread, returning when all are done.
enum Parallel {
    /// The cores this process may use (affinity and container limits included), at least one.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `0..<count` cut into at most `cores` contiguous ranges of at least `minimum` items each
    /// (one range when `count` is below twice the minimum).
    static func ranges(_ count: Int, minimum: Int, parts limit: Int = cores) -> [Range<Int>] {
        let parts = max(1, min(limit, count / max(minimum, 1)))
        return (0..<parts).map { part in count * part / parts..<count * (part + 1) / parts }
    }

    /// `body(part)` for every part in `0..<parts`, on as many threads; the results in part order.
    static func map<T>(parts: Int, _ body: (Int) -> T) -> [T] {
        if parts <= 1 { return parts == 1 ? [body(0)] : [] }
        return withoutActuallyEscaping(body) { body in
            let work = Work(count: parts, body: body)
            DispatchQueue.concurrentPerform(iterations: parts) { work.run($0) }
            return work.values
        }
    }

    /// `body` over each of the ranges, in parallel; the results in range order.
    static func map<T>(_ ranges: [Range<Int>], _ body: (Range<Int>) -> T) -> [T] {
        map(parts: ranges.count) { body(ranges[$0]) }
    }

    /// Unchecked: each part writes only its own slot, through a pointer, and `concurrentPerform`
    /// returns after every part is done, which orders the writes before the reads.
    private final class Work<T>: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<T?>
        private let body: (Int) -> T

        init(count: Int, body: @escaping (Int) -> T) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
            self.body = body
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        func run(_ part: Int) { slots[part] = body(part) }

        var values: [T] { slots.map { $0! } }
    }
}
