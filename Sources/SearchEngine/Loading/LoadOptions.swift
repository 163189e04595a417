import InstantSearchCore

/// How a loader reads: CSV's separator, and what it does with records it cannot read.
public struct LoadOptions: Sendable {
    /// CSV's field separator (`--delimiter`): a comma, or e.g. a tab for the quoted kind of
    /// tab-separated file that `--format tsv` (IANA TSV, no quoting) does not read.
    public var csvSeparator: UInt8
    /// Skip bad records (and count them) instead of stopping at the first, for a user who
    /// wants the rest: `--lenient`.
    public var lenient: Bool
    /// Told once per file what was skipped, when anything was (the command line prints it on
    /// standard error, so nothing is lost silently).
    public var report: (@Sendable (LoadReport) -> Void)?
    /// The longest record read (a line, a CSV row, a JSON record), and the most blank bytes
    /// read without a record, before the data is refused (`InputGuard`): what is buffered while
    /// reading stays bounded by what is kept. Tests set a small one.
    public var maxRecordBytes: Int
    /// What ends a plain line: a line end, or a NUL byte (fzf's `--read0`, for `find -print0`),
    /// when a line may hold line ends of its own.
    public var lineSeparator = LineSeparator.newline
    /// fzf's `--header-lines N`: the first N lines of plain text are a header, not records
    /// (`LineRecords.header` gives them).
    public var headerLines = 0
    /// Records skipped before the parse (too long, taken out as they arrived: `InputGuard`),
    /// reported with those the parse skips.
    public var skippedBefore = Skipped()

    /// A count of records skipped, and the first few reasons.
    public struct Skipped: Sendable {
        public var count = 0
        public var examples: [DataError] = []
        /// The numbers of the plain lines cut out as they arrived (their line ends left, so
        /// the lines after them keep their numbers): no line of their own in the table.
        public var lines: [Int] = []

        public init() {}
    }

    public enum LineSeparator: Sendable, Equatable {
        /// LF (plain lines: LF alone, as fzf; records: LF, CRLF or a CR alone).
        case newline
        /// NUL: a line's LF and CR are its own.
        case nul
    }

    public init(
        lenient: Bool = false, csvSeparator: UInt8 = UInt8(ascii: ","), report: (@Sendable (LoadReport) -> Void)? = nil,
        maxRecordBytes: Int = LoadOptions.defaultMaxRecordBytes
    ) {
        self.lenient = lenient
        self.csvSeparator = csvSeparator
        self.report = report
        self.maxRecordBytes = maxRecordBytes
    }

    /// How a delimited format's cells are written: TSV as IANA has it, CSV quoted, split at
    /// `csvSeparator`.
    func dialect(for format: DataFormat) -> CSVDialect {
        format == .tsv ? .tsv : CSVDialect(separator: csvSeparator, quoted: true)
    }

    /// The same options, reporting to `report` instead.
    func reporting(to report: (@Sendable (LoadReport) -> Void)?) -> LoadOptions {
        var options = self
        options.report = report
        return options
    }

    public static let strict = LoadOptions()

    /// The default `maxRecordBytes`: far beyond any real record, small enough that refusing
    /// takes a fraction of a second and a bounded amount of memory.
    public static let defaultMaxRecordBytes = 32 << 20
}

/// What a lenient load skipped in one file: how many records, and the first few reasons.
public struct LoadReport: Sendable, CustomStringConvertible {
    public var file: String
    public var skipped: Int
    public var examples: [DataError]

    public var description: String {
        var text = "\(file): skipped \(skipped) bad record\(skipped == 1 ? "" : "s") (--lenient)"
        for example in examples { text += "\n  \(example)" }
        if skipped > examples.count { text += "\n  …" }
        return text
    }
}

/// Counts what a lenient load skips; in a strict load, the first problem is the error.
struct SkipLog {
    let options: LoadOptions
    let file: String
    private(set) var skipped = 0
    private var examples: [DataError] = []
    static let exampleCount = 3

    init(options: LoadOptions, file: String) {
        self.options = options
        self.file = file
        skipped = options.skippedBefore.count
        examples = options.skippedBefore.examples
    }

    /// What was skipped so far.
    var counted: LoadOptions.Skipped {
        var counted = LoadOptions.Skipped()
        counted.count = skipped
        counted.examples = examples
        return counted
    }

    mutating func skip(_ error: DataError) throws {
        guard options.lenient else { throw error }
        skipped += 1
        if examples.count < SkipLog.exampleCount { examples.append(error) }
    }

    func finish() {
        if skipped > 0 { options.report?(LoadReport(file: file, skipped: skipped, examples: examples)) }
    }
}

/// Records sharing an `objectID` (Algolia's key for a record) would be two hits with one id:
/// the second is an error naming both places.
struct DuplicateIDCheck {
    private var firstSeen: [String: Int] = [:]
    let enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// The offset of the record that had `id` first, or nil (and `id` remembered at `offset`).
    mutating func earlierOffset(of id: String, at offset: Int) -> Int? {
        guard enabled else { return nil }
        if let first = firstSeen[id] { return first }
        firstSeen[id] = offset
        return nil
    }
}
