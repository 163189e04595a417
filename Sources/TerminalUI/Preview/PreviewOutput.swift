/// What a `--preview` command has written so far for one hit, already cleaned for the pane
/// (see `TerminalText`), and whether it has ended.
public struct PreviewOutput: Sendable {
    /// Which run this is (the runner numbers them): an older run's output is dropped.
    public var run: Int
    var lines: [StyledLine]
    /// The images it wrote, by the line they start on (see `TerminalGraphics`).
    var placements: [TerminalGraphics.Placement]
    public var isFinished: Bool
    /// The exit status once finished (nil: killed by a signal).
    public var status: Int32?
    /// More than `PreviewCommandRunner.outputLimit` bytes came: the rest was not read.
    public var isTruncated: Bool

    init(run: Int, bytes: [UInt8], isFinished: Bool, status: Int32?, isTruncated: Bool) {
        self.run = run
        let (text, placements) = TerminalGraphics.extract(bytes)
        lines = TerminalText.lines(of: text)
        self.placements = placements
        if isTruncated { lines.append([("[output cut at \(bytes.count) bytes]", Theme.secondary)]) }
        self.isFinished = isFinished
        self.status = status
        self.isTruncated = isTruncated
    }

    /// The text of each line, styles left out (for tests and logs).
    public var texts: [String] { lines.map { $0.map(\.0).joined() } }
}
