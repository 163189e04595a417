/// A command line with its placeholders filled in, the contents of its `f` files not yet
/// written: two expansions are equal when they would run the same command on the same data,
/// whatever names the files get (a preview runs again only when that changes).
public struct ExpandedCommand: Equatable, Sendable {
    public enum Piece: Equatable, Sendable {
        /// Command text, placeholders' values already quoted.
        case text(String)
        /// An `f` placeholder: what its file holds; the file's quoted path stands there.
        case file([UInt8])
    }

    public private(set) var pieces: [Piece] = []

    public init() {}

    public mutating func append(_ text: String) {
        guard !text.isEmpty else { return }
        if case .text(let before)? = pieces.last {
            pieces[pieces.count - 1] = .text(before + text)
        } else {
            pieces.append(.text(text))
        }
    }

    public mutating func appendFile(_ content: [UInt8]) { pieces.append(.file(content)) }

    public var writesFiles: Bool { pieces.contains { if case .file = $0 { true } else { false } } }

    /// The command line, each file written by `write` (which gives its path, nil when it could
    /// not be written: an empty word then, as fzf leaves it) and its path quoted for `shell`.
    public func line(shell: CommandShell = .current, writingFiles write: ([UInt8]) -> String?) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .file(let content): shell.quote(write(content) ?? "")
            }
        }.joined()
    }
}
