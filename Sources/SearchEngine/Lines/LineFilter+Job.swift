import InstantSearchCore
import Synchronization

extension LineFilter {
    /// One chunk's answer: its matching lines' bytes back to back in the order they are printed
    /// (best first, or input order), and for sorted output each one's key and later tie-breaks.
    struct ChunkResult: Sendable {
        /// Every line of the chunk, blank or not: what a later problem's line number counts.
        var rawLines = 0
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        /// `LineScan`'s keys (score, first tie-break, the line's order within the chunk).
        var keys: [UInt64] = []
        /// The tie-breaks after the first, 16 bits each, the first highest; empty with one criterion.
        var later: [UInt64] = []
        /// Lines too long, skipped with `--lenient` (their lines counted from the chunk's first).
        var skipped: [DataError] = []
        /// The first problem (without `--lenient`), its line counted from the chunk's first.
        var failure: DataError?

        var count: Int { ends.count }

        /// Where the `index`th line kept is in `bytes`.
        @inline(__always) func line(_ index: Int) -> Range<Int> {
            Int(index == 0 ? 0 : ends[index - 1])..<Int(ends[index])
        }
    }

    /// What the chunks share while they are read and scanned: the pattern, and under a lock
    /// their answers and the output (which prints them in order as they come with `--no-sort`).
    final class Job: Sendable {
        let pattern: LinePattern
        let options: LineMatchOptions
        let load: LoadOptions
        let file: String
        private let state: Mutex<State>
        private let stop = Atomic<Bool>(false)
        /// Whether the lines print best first: sorting, and a query to rank by.
        let ranks: Bool
        /// Input order, not reversed: each chunk is printed once those before it are.
        let streams: Bool

        /// Unchecked: the output's closures are called only under the job's lock.
        struct State: @unchecked Sendable {
            var results: [Int: ChunkResult] = [:]
            var writer: Writer
            /// Chunks printed (when streaming), and the lines they held, for line numbers.
            var nextPrinted = 0
            var rawLinesPrinted = 0
            var skippedPrinted: [(Int, DataError)] = []
        }

        init(pattern: LinePattern, options: LineMatchOptions, input: Input, output: Output) {
            self.pattern = pattern
            self.options = options
            load = input.load
            file = input.file
            ranks = options.sort && !pattern.isEmpty
            streams = !ranks && !options.reversed
            state = Mutex(State(writer: Writer(output)))
        }

        /// Whether reading should stop: a chunk met a problem.
        var stopped: Bool { stop.load(ordering: .relaxed) }

        func process(_ bytes: consuming [UInt8]) -> ChunkResult {
            LineFilter.process(bytes, job: self)
        }

        /// Keeps a chunk's answer; when streaming, prints every chunk now next in line.
        func finish(_ chunk: Int, _ result: ChunkResult) {
            if result.failure != nil { stop.store(true, ordering: .relaxed) }
            state.withLock { state in
                state.results[chunk] = result
                guard streams else { return }
                while let next = state.results[state.nextPrinted], next.failure == nil {
                    state.results[state.nextPrinted] = nil
                    for error in next.skipped { state.skippedPrinted.append((state.rawLinesPrinted, error)) }
                    state.rawLinesPrinted += next.rawLines
                    state.writer.print(next, from: 0..<next.count)
                    state.nextPrinted += 1
                }
            }
        }

        /// Once every chunk is in: the first problem thrown, by its line in the whole input, or
        /// what is left printed (every match, merged, when sorted) and what was skipped.
        func end(chunks: Int, readFailure: Located?) throws -> Outcome {
            try state.withLock { state throws -> Outcome in
                var rawLines = state.rawLinesPrinted
                var skipped = state.skippedPrinted
                var held: [(chunk: Int, result: ChunkResult)] = []
                for chunk in state.nextPrinted..<chunks {
                    guard let result = state.results[chunk] else { continue }
                    if var failure = result.failure {
                        failure.line = failure.line.map { $0 + rawLines }
                        throw failure
                    }
                    if var failure = readFailure?.error, readFailure?.chunk == chunk {
                        failure.line = failure.line.map { $0 + rawLines }
                        throw failure
                    }
                    for error in result.skipped { skipped.append((rawLines, error)) }
                    rawLines += result.rawLines
                    held.append((chunk, result))
                }
                if var failure = readFailure?.error {
                    failure.line = failure.line.map { $0 + rawLines }
                    throw failure
                }
                if streams {
                    for (_, result) in held { state.writer.print(result, from: 0..<result.count) }
                } else if !ranks {
                    // --tac --no-sort: the last chunk first, each one's lines already last first.
                    for (_, result) in held.reversed() { state.writer.print(result, from: 0..<result.count) }
                } else {
                    state.writer.printMerged(held, reversed: options.reversed)
                }
                state.writer.finish()
                var report: LoadReport?
                if !skipped.isEmpty {
                    let examples = skipped.prefix(SkipLog.exampleCount).map { base, error in
                        var error = error
                        error.line = error.line.map { $0 + base }
                        return error
                    }
                    report = LoadReport(file: file, skipped: skipped.count, examples: Array(examples))
                }
                return Outcome(printed: state.writer.printed, report: report)
            }
        }
    }
}
