import Dispatch
import InstantSearchCore
import Synchronization

/// fzf's `--filter` over plain lines as they arrive, for a script: the input read in chunks of
/// whole lines (`ChunkReader`), each chunk cut into lines, matched and scored on its own core as
/// soon as it is read (`LineFilter+Chunk.swift`), only its matching lines kept; no index, no
/// records. Sorted output merges the chunks' sorted matches at the end (`LineFilter+Output.swift`);
/// `--no-sort` prints each chunk's matches as soon as the chunks before it are printed.
///
/// The lines are those `LineRecords` reads (the same line ends, blank lines left out, a
/// byte-order mark at the start skipped) and each is scored by `LineScan`, as a line index
/// scores it: the answer is the index's, line for line.
public enum LineFilter {
    /// Whether the stream answers for these options. `--with-nth` matches the fields it shows
    /// and `--ansi` the text without its colour codes: both go through the line index
    /// (`SearchIndex.searchLines`).
    public static func serves(_ options: LineMatchOptions) -> Bool {
        options.withNth == nil && !options.ansi
    }

    /// Where the lines come from: `read` fills the buffer it is given and says how many bytes it
    /// wrote (0 at the end; negative: the errno of a failed read). `file` names the input in messages.
    public struct Input {
        public var read: (UnsafeMutableRawBufferPointer) -> Int
        public var file: String
        /// The line separator, `--lenient` and the longest line, as the loader reads them.
        public var load: LoadOptions
        /// The bytes read before a chunk is cut at its last line end and handed to a core.
        public var chunkBytes: Int

        public init(file: String, load: LoadOptions, chunkBytes: Int = LineFilter.chunkBytes, read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
            (self.file, self.load, self.chunkBytes, self.read) = (file, load, max(1, chunkBytes), read)
        }
    }

    /// Where the matches go: `write` takes the output in large pieces; each line ends in
    /// `terminator`; `heading` (the query, with `--print-query`) comes first; `transform`
    /// (`--accept-nth`) makes what is printed of a line.
    public struct Output {
        public var write: (UnsafeRawBufferPointer) -> Void
        public var terminator: UInt8
        public var heading: [[UInt8]]
        public var transform: (([UInt8]) -> [UInt8])?

        public init(
            terminator: UInt8 = UInt8(ascii: "\n"), heading: [[UInt8]] = [], transform: (([UInt8]) -> [UInt8])? = nil,
            write: @escaping (UnsafeRawBufferPointer) -> Void
        ) {
            (self.terminator, self.heading, self.transform, self.write) = (terminator, heading, transform, write)
        }
    }

    /// How many lines matched (and were printed), and what `--lenient` skipped (nil: nothing).
    public struct Outcome {
        public var printed: Int
        public var report: LoadReport?
    }

    /// A chunk of about a mebibyte: a core's lines, their masks and their table stay in its
    /// cache while they are scanned, and a few chunks in flight bound what is held.
    public static let chunkBytes = 1 << 20

    /// Prints every line of the input matching `query`, best first (in input order with
    /// `--no-sort`). Throws the input's first problem (a NUL byte, a line over the limit), by
    /// line and column in the whole input; with `--no-sort` the lines before it may be printed.
    public static func run(_ query: String, options: LineMatchOptions, input: Input, output: Output) throws -> Outcome {
        LineCharacters.prepareTables()
        let job = Job(pattern: LinePattern(query, options: options), options: options, input: input, output: output)
        var reader = ChunkReader(input)
        let group = DispatchGroup()
        // Chunks read ahead of the cores: enough to keep them busy, few enough to bound memory.
        let inFlight = DispatchSemaphore(value: Parallel.cores + 1)
        var index = 0
        var readFailure: Located?
        while !job.stopped {
            let piece: ChunkReader.Piece?
            do {
                piece = try reader.next()
            } catch {
                readFailure = Located(chunk: index, error: error.error)
                break
            }
            guard let piece else { break }
            let chunk = index
            index += 1
            switch piece {
            case .skipped(let error):
                job.finish(chunk, ChunkResult(rawLines: 1, skipped: [error]))
            case .lines(let bytes) where chunk == 0 && reader.isAtEnd:
                // The whole input in one chunk (a script's short list): scanned here, without
                // starting the cores' threads for it.
                job.finish(chunk, job.process(bytes))
            case .lines(let bytes):
                inFlight.wait()
                let work = ChunkWork(bytes: bytes)
                DispatchQueue.global(qos: .userInitiated).async(group: group) {
                    job.finish(chunk, job.process(work.take()))
                    inFlight.signal()
                }
            }
        }
        group.wait()
        return try job.end(chunks: index, readFailure: readFailure)
    }

    /// A problem found in chunk `chunk`, its line counted from the chunk's first.
    struct Located: Error {
        var chunk: Int
        var error: DataError
    }

    /// A chunk's bytes handed to the core that takes them (once).
    private final class ChunkWork: @unchecked Sendable {
        private var bytes: [UInt8]?
        init(bytes: consuming [UInt8]) { self.bytes = bytes }
        func take() -> [UInt8] {
            defer { bytes = nil }
            return bytes!
        }
    }
}
