import Dispatch
import InstantSearchCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Loads a file or standard input into an index while the interface already runs (fzf's
/// streaming): the index is searchable from its first records and grows as more are read.
///
/// `prepare()` reads only a sample (the first `IndexSettings.inferenceSample` records, or
/// what a pipe gave within `sampleWait`), decides the format and the settings, and returns
/// an empty index the interface can open on. `start` then reads on on a thread of its own and
/// hands over snapshots of the whole index built on what has arrived.
///
/// Why snapshots rather than segments: the engine's index is compact and laid out in passes
/// (postings placed in custom-ranking order, prefix lists compressed), so appending to it is
/// not possible, and searching several segments would cost every keystroke a merge of their
/// rankings and facet counts. Rebuilding at sizes growing geometrically (×4) costs at most
/// a third more than one build (1 + 1/4 + 1/16 + … ≤ 4/3), every snapshot is as fast to search as
/// the final index, and the final one is exactly what `SearchIndex(path:)` builds.
public final class StreamingIndexLoader: BackgroundLoading, @unchecked Sendable {
    public enum Source: Sendable, Equatable {
        case file(String)
        case standardInput
        /// A pipe from a command (fzf's `reload`), closed by the loader when done.
        case descriptor(Int32)
    }

    /// How long `prepare()` waits on a pipe for a first sample before the interface opens.
    public static let sampleWait = Duration.milliseconds(200)
    static let chunkSize = 1 << 20

    public let source: Source
    public let name: String
    /// What errors call the source: the path as given, or `<stdin>`.
    public let sourceName: String
    /// Given by the caller, else chosen by `prepare()` (extension, else sniffed).
    public private(set) var format: DataFormat?
    public private(set) var settings: ResolvedIndexSettings?
    /// Where the finished index is kept for the next open (nil: not cached).
    private let cacheEntry: IndexCache.Entry?
    /// Entered from the report that the load finished until the cache is written (`waitUntilCached`).
    private let cacheWrite = DispatchGroup()
    /// Searches each new snapshot (set before `start`).
    public var backend: EmbeddedBackend?
    /// Said first once loading is done, e.g. why the cached index was not used.
    public var remark: String?
    /// What `--lenient` skipped, found while the interface ran: told once it has closed.
    private var skipNotice: String?
    /// Standard input read as plain lines because no `--format` was given (fzf reads it so):
    /// when the sample looks like records, the remark says how to read it as such.
    public var saysWhenRecords = false

    // Touched by the thread that calls prepare(), then only by the loading thread.
    private var descriptor: Int32 = -1
    private var totalBytes: Int?
    private var buffer: [UInt8] = []
    private var atEnd = false
    /// Checks each chunk as it arrives, so that a stream of NUL bytes or of blank lines, or a
    /// record without end, is refused instead of buffered for ever.
    private var inputGuard: InputGuard
    private var framer: RecordFramer?
    private var firstStore: RecordStore?
    /// Set by `prepare()` when the sample was all of the data.
    private var wholeIndex: SearchIndex?
    /// The records the settings were inferred from (set by `prepare()`): what the attributes
    /// a person named are checked against before the interface opens.
    public private(set) var sample = RecordStore(records: [])
    /// Plain lines with `--header-lines N`: the first N lines (set by `prepare()`), shown as a
    /// header, never records.
    public private(set) var header: [[UInt8]] = []
    private let cancelled = Atomic<Bool>(false)
    private let started = ContinuousClock.now

    /// `--lenient`; its report is made once, by the last build (the snapshots before it would
    /// each count the same skipped records again).
    private let options: LoadOptions

    public init(
        source: Source, name: String, format: DataFormat? = nil, options: LoadOptions = .strict,
        cacheEntry: IndexCache.Entry? = nil
    ) {
        self.source = source
        self.name = name
        self.format = format
        self.options = options
        self.cacheEntry = cacheEntry
        switch source {
        case .file(let path): sourceName = path
        case .standardInput: sourceName = "<stdin>"
        case .descriptor: sourceName = "<command>"
        }
        inputGuard = InputGuard(file: sourceName, options: options)
    }

    deinit {
        if descriptor > STDERR_FILENO { close(descriptor) }
    }

    // MARK: The sample, before the interface opens

    /// Reads the sample and settles format and settings; returns the index to open on (empty).
    public func prepare(settings given: IndexSettings) throws -> SearchIndex {
        try openSource()
        let deadline = ContinuousClock.now + Self.sampleWait
        // The format: stated, announced by the extension, else sniffed from the first lines.
        if format == nil, case .file(let path) = source { format = DataFormat.fromExtension(of: path) }
        while format == nil || format == .json {
            let sniffable =
                atEnd || buffer.count >= FormatSniffer.sampleBytes
                || (ContinuousClock.now >= deadline && buffer.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
            if sniffable {
                format = try DataFormat.resolve(format, bytes: buffer, file: sourceName)
                if format == .lines, buffer.isEmpty { format = nil }
                break
            }
            try readMore(waitingUntil: buffer.isEmpty ? nil : deadline)
        }
        let format = format ?? .lines
        self.format = format
        // The sample (`RecordFramer.advanceThroughSample`), so the settings are those a whole
        // build infers.
        var framer = RecordFramer(format: format, dialect: options.dialect(for: format), lineSeparator: options.lineSeparator)
        framer.advanceThroughSample(over: buffer)
        // `--header-lines`: the interface opens with its header, so a pipe's sample waits for
        // it (the records after it may come later); `enough`: what a pipe's sample must hold.
        let enough = max(1, options.headerLines)
        while !atEnd && (!framer.hasWholeSample || !LineRecords.holdsHeader(buffer, options: options, atEnd: atEnd))
            && !(source.isPipe && ContinuousClock.now >= deadline && framer.records >= enough)
        {
            if let cut = try readMore(waitingUntil: framer.records >= enough ? deadline : nil) { framer.rewind(to: cut) }
            framer.advanceThroughSample(over: buffer)
        }
        // A small file read whole is finished: its first snapshot is its last.
        if let totalBytes, buffer.count >= totalBytes, !framer.hasWholeSample, let cut = try readMore(waitingUntil: nil) {
            framer.rewind(to: cut)
        }
        self.framer = framer
        if format == .lines { header = LineRecords.header(buffer, options: options) }
        if format == .lines, saysWhenRecords, let hint = Self.recordsHint(FormatSniffer.sniff(buffer, isComplete: atEnd)) {
            remark = [remark, hint].compactMap { $0 }.joined(separator: "; ")
        }
        let store = try records(upTo: framer)
        // Empty plain lines are an empty list, as fzf has it (it exits 1 for nothing to pick);
        // a record format promised records.
        if atEnd, store.count == 0, header.isEmpty, source == .standardInput, format != .lines {
            throw DataError(file: sourceName, message: "no records arrived on standard input")
        }
        let resolved = (format == .lines ? LineRecords.settings(keepingRelevanceOf: given) : given).resolved(recordCount: store.count) { store[$0] }
        settings = resolved
        // An inferred order is said once, where the load's end is said: who expected another
        // knows which setting to give.
        if given.customRanking == nil, format != .lines, let popularity = resolved.customRanking.first {
            remark = [remark, PopularityChoice.summary(popularity)].compactMap { $0 }.joined(separator: "; ")
        }
        sample = store
        // Data that fit in the sample is indexed now, in the time a sample takes: the interface
        // opens on all of it, with nothing left to swap in.
        if atEnd {
            let index = SearchIndex(name: name, records: store, resolved: resolved)
            wholeIndex = index
            return index
        }
        firstStore = store
        return SearchIndex(name: name, records: RecordStore(records: []), resolved: resolved)
    }

    private func openSource() throws {
        switch source {
        case .standardInput:
            descriptor = STDIN_FILENO
        case .descriptor(let given):
            descriptor = given
        case .file(let path):
            descriptor = open(path, O_RDONLY)
            var status = stat()
            guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
                throw DataError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
            }
            if (status.st_mode & S_IFMT) == S_IFREG {
                // A file's text is checked by the parser; its size bounds what is read.
                inputGuard = InputGuard(file: path, options: options, checksText: false)
                totalBytes = Int(status.st_size)
                buffer.reserveCapacity(Int(status.st_size) + 1)
            }
        }
    }

    /// Reads one chunk. With `waitingUntil`, gives up quietly at that time if nothing came.
    /// Returns where the buffer was cut (a record too long skipped with `--lenient`, see
    /// `InputGuard`): a framer that went past it must go back there.
    @discardableResult
    private func readMore(waitingUntil deadline: ContinuousClock.Instant?) throws -> Int? {
        guard !atEnd else { return nil }
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            if poll(&pollDescriptor, 1, milliseconds) == 0 { return nil }
        }
        let before = buffer.count
        // A file's buffer was sized once: read no further than its end (one byte more, to see
        // it), so the array never grows by copying. A pipe's grows as arrays do, geometrically.
        let size = totalBytes.map { max(1, min(Self.chunkSize, $0 - before + 1)) } ?? Self.chunkSize
        let readCount = buffer.appendRead(from: descriptor, upTo: size)
        if readCount < 0 && errno != EINTR && errno != EAGAIN {
            throw DataError(file: sourceName, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        if readCount == 0 { atEnd = true }
        return try inputGuard.check(&buffer, format: format, atEnd: atEnd)
    }

    /// The records of the whole records read so far (all of them once the data has ended).
    private func records(upTo framer: RecordFramer) throws -> RecordStore {
        try records(of: atEnd ? buffer : framer.prefix(of: buffer))
    }

    /// The records of `bytes`, which the parse may take over (`DataLoader.loadRecords`).
    private func records(of bytes: consuming [UInt8]) throws -> RecordStore {
        if bytes.isEmpty { return RecordStore(records: []) }
        // Only the last parse reports what --lenient skipped, and while the interface runs, not
        // on standard error (it would be drawn over) but on the stats line.
        let skipped = SkippedRecords()
        var last = options.reporting { skipped.report = $0 }
        last.skippedBefore = inputGuard.skipped.counted
        last.skippedBefore.lines = inputGuard.skippedLines
        var partial = options.reporting(to: nil)
        partial.skippedBefore.lines = inputGuard.skippedLines
        let store = try DataLoader.loadRecords(bytes: consume bytes, name: sourceName, format: format, options: atEnd ? last : partial)
        if let report = skipped.report {
            if settings == nil {
                options.report?(report)
            } else {
                remark = [remark, "skipped \(report.skipped) bad records (--lenient)"].compactMap { $0 }.joined(separator: "; ")
                // Said whole once the interface has closed (or after --filter, which has no stats line).
                skipNotice = report.description
            }
        }
        return store
    }

    // MARK: The rest, in the background

    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    public func waitUntilCached() { cacheWrite.wait() }
    private var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Reads on, on a thread of its own; `report` gets each snapshot's progress after the
    /// index is handed to `onSnapshot` (so the backend searches it before the UI asks).
    public func start(report: @escaping @Sendable (LoadingProgress) -> Void) {
        let backend = backend
        start(onSnapshot: { backend?.replace($0) }, report: report)
    }

    /// The whole data indexed once: no snapshot along the way, whose index would only add to
    /// the peak while the last one is built.
    public func startToTheEnd(report: @escaping @Sendable (LoadingProgress) -> Void) {
        let backend = backend
        start(onSnapshot: { backend?.replace($0) }, report: report, snapshots: false)
    }

    public func start(
        onSnapshot: @escaping @Sendable (SearchIndex) -> Void, report: @escaping @Sendable (LoadingProgress) -> Void, snapshots: Bool = true
    ) {
        Threads.start(named: "instantsearch loading \(name)") { [self] in run(onSnapshot: onSnapshot, report: report, snapshots: snapshots) }
    }

    private func run(onSnapshot: @Sendable (SearchIndex) -> Void, report: @Sendable (LoadingProgress) -> Void, snapshots: Bool) {
        guard var framer, let settings else { return }
        var schedule = SnapshotSchedule(totalBytes: totalBytes, firstCut: atEnd ? buffer.count : framer.boundary)
        var lastReport = ContinuousClock.now
        var snapshotRecords = 0
        // A file reads far faster than it indexes: its progress is what is searchable. A pipe's
        // is what has arrived, since nobody knows how much more will.
        var indexedBytes = 0
        let knowsSize = totalBytes != nil
        func progress(newSnapshot: Bool = false, finished: Bool = false, failure: String? = nil, note: String? = nil) -> LoadingProgress {
            let elapsed = ContinuousClock.now - started
            let seconds = max(0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            let records = knowsSize || finished ? snapshotRecords : max(framer.records, snapshotRecords)
            return LoadingProgress(
                indexName: name, records: records, bytesRead: knowsSize ? indexedBytes : framer.consumed, totalBytes: totalBytes,
                recordsPerSecond: Double(records) / seconds, isNewSnapshot: newSnapshot, isFinished: finished,
                failure: failure, note: note)
        }
        func publish(_ store: RecordStore, cut: Int) {
            let began = ContinuousClock.now
            let index = SearchIndex(name: name, records: store, resolved: settings)
            indexedBytes = cut
            schedule.built(cut: indexedBytes, taking: ContinuousClock.now - began)
            snapshotRecords = index.recordCount
            guard !isCancelled else { return }
            onSnapshot(index)
            last = index
            let snapshot = progress(newSnapshot: true, finished: atEnd, note: atEnd ? remark : nil)
            lastReport = ContinuousClock.now
            if atEnd { finished(snapshot) } else { report(snapshot) }
        }
        var last: SearchIndex?
        /// The load's end reported, then the cache written; whoever waits for the cache
        /// (`waitUntilCached`) once told the load finished finds the write under way.
        func finished(_ done: LoadingProgress) {
            let caching = cacheEntry != nil
            if caching { cacheWrite.enter() }
            defer { if caching { cacheWrite.leave() } }
            var done = done
            done.notice = done.notice ?? skipNotice
            report(done)
            cacheLast()
        }
        func cacheLast() {
            buffer = []
            guard let cacheEntry, let last, last.recordCount > 0, !isCancelled else { return }
            var (stored, notice) = (true, String?.none)
            do { notice = try cacheEntry.store(last) } catch { stored = false }
            let note = stored ? "cached for next time" : "could not write the index cache"
            var done = progress(finished: true, note: [remark, note].compactMap { $0 }.joined(separator: "; "))
            done.notice = notice
            report(done)
        }
        func finish() { finished(progress(finished: true, note: remark)) }

        if let wholeIndex {  // the sample was everything, and is searched already
            (snapshotRecords, indexedBytes, last) = (wholeIndex.recordCount, buffer.count, wholeIndex)
            return finish()
        }
        guard let firstStore else { return }
        self.firstStore = nil
        if snapshots { publish(firstStore, cut: framer.boundary) }
        do {
            while !atEnd && !isCancelled {
                let pipeWait = knowsSize ? nil : ContinuousClock.now + .milliseconds(100)
                if let cut = try readMore(waitingUntil: pipeWait) { framer.rewind(to: cut) }
                framer.advance(over: buffer)
                if atEnd { break }
                if snapshots,
                    schedule.isDue(
                        cut: framer.boundary, records: framer.records, snapshotRecords: snapshotRecords,
                        growsByTime: !knowsSize)
                {
                    publish(try records(upTo: framer), cut: framer.boundary)
                } else if ContinuousClock.now - lastReport > .milliseconds(200) {
                    report(progress())
                    lastReport = ContinuousClock.now
                }
            }
            guard !isCancelled else { return }
            // Nothing after the last snapshot but blanks (and an array's closing bracket): it was
            // the whole data already.
            if snapshotRecords == framer.records, framer.boundary > 0,
                buffer[framer.boundary...].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "]")].contains($0) })
            {
                indexedBytes = buffer.count
                finish()
            } else {
                // The records take the bytes over: held here as well, they would be copied.
                let whole = buffer.count
                let bytes = buffer
                buffer = []
                publish(try records(of: consume bytes), cut: whole)
            }
        } catch {
            guard !isCancelled else { return }
            report(progress(finished: true, failure: String(describing: error)))
        }
    }
}

extension StreamingIndexLoader.Source {
    /// Standard input or a command's output: data that comes as it comes, of unknown size.
    var isPipe: Bool { if case .file = self { false } else { true } }
}

/// What a lenient parse skipped, kept for the note (the parse runs on the loader's thread).
private final class SkippedRecords: @unchecked Sendable {
    var report: LoadReport?
}

/// When the next snapshot is built. With a known size the cuts are the whole divided by
/// powers of four (…, T/16, T/4, T), so the builds add up to at most 4/3 of the last one; a pipe
/// grows by four each time, or sooner when data trickles (a build is then cheap, and waiting
/// longer than four of them to show what came would only hide it).
struct SnapshotSchedule {
    private var targets: [Int]
    private var lastBuild = Duration.zero
    private var lastBuiltAt = ContinuousClock.now
    private var lastCut: Int

    init(totalBytes: Int?, firstCut: Int) {
        lastCut = firstCut
        targets = []
        if let total = totalBytes {
            var target = total / 4
            while target >= 2 * max(firstCut, 1) {
                targets.insert(target, at: 0)
                target /= 4
            }
        }
    }

    mutating func built(cut: Int, taking duration: Duration) {
        lastCut = cut
        lastBuild = duration
        lastBuiltAt = ContinuousClock.now
        while let first = targets.first, first <= cut { targets.removeFirst() }
    }

    func isDue(cut: Int, records: Int, snapshotRecords: Int, growsByTime: Bool) -> Bool {
        guard records > snapshotRecords, cut > lastCut else { return false }
        if let target = targets.first { return cut >= target }
        guard growsByTime else { return false }
        if cut >= 4 * max(lastCut, 1) { return true }
        return ContinuousClock.now - lastBuiltAt >= max(.milliseconds(300), lastBuild * 4)
    }
}
