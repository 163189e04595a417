#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `--with-nth` and `--accept-nth` make of a line, as fzf 0.74 reads them: a field
/// expression (`2,1`: those fields joined as they stand in the line, separators kept), or a
/// template of text around `{FIELDS}` and `{n}` placeholders (`'{2} {1}.'`: each placeholder's
/// fields without the separator after the last; `{n}` the line's position from 0).
public struct FieldTemplate: Hashable, Sendable {
    public enum Part: Hashable, Sendable {
        case text(String)
        case fields(FieldExpression)
        case index
    }

    /// A piece of the result: cut from the line (its colours kept with `--ansi`) or not.
    public enum Piece {
        case line(Substring)
        case text(String)
    }

    public let parts: [Part]
    /// A bare expression: its fields keep the separators after them.
    public let isExpression: Bool

    public init(_ text: String, option: String) throws(LineOptionError) {
        if !text.isEmpty, text.allSatisfy({ "0123456789,-.".contains($0) }) {
            parts = [.fields(try FieldExpression(text, option: option))]
            isExpression = true
            return
        }
        var parts: [Part] = []
        var rest = text[...]
        var literal = ""
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let inner = rest[rest.index(after: open)..<close]
            if inner == "n" {
                literal += rest[..<open]
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.index)
            } else if !inner.isEmpty, inner.allSatisfy({ "0123456789,-.".contains($0) }) {
                literal += rest[..<open]
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.fields(try FieldExpression(String(inner), option: option)))
            } else {
                literal += rest[...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        guard parts.contains(where: { if case .text = $0 { false } else { true } }) else {
            throw LineOptionError(
                "\(option): \"\(text)\" is neither a field expression (N, -N, N.., ..N, N..M, .., comma-separated) nor a template with a {FIELDS} or {n} placeholder"
            )
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
        isExpression = false
    }

    /// The pieces of the result for `line`, the `index`-th line read (from 0), in order.
    public func pieces(of line: String, index: Int, delimiter: FieldDelimiter) -> [Piece] {
        if isExpression, case .fields(let expression) = parts[0] {
            let fields = delimiter.fields(line)
            return expression.indices(count: fields.count).map { .line(fields[$0]) }
        }
        var pieces: [Piece] = []
        for part in parts {
            switch part {
            case .text(let text): pieces.append(.text(text))
            case .index: pieces.append(.text(String(index)))
            case .fields(let expression): pieces += delimiter.selectedPieces(expression, of: line).map { .line($0) }
            }
        }
        return pieces
    }

    /// The line shown and searched (`--with-nth`): the pieces without trailing white space, as fzf trims it.
    public func shown(_ line: String, index: Int, delimiter: FieldDelimiter) -> String {
        var text = Self.joined(pieces(of: line, index: index, delimiter: delimiter))
        while let last = text.unicodeScalars.last, last.properties.isWhitespace { text.unicodeScalars.removeLast() }
        return text
    }

    /// What is printed of a picked line (`--accept-nth`): the pieces without the separator after the last.
    public func accepted(_ line: String, index: Int, delimiter: FieldDelimiter) -> String {
        String(delimiter.stripped(Self.joined(pieces(of: line, index: index, delimiter: delimiter))[...]))
    }

    static func joined(_ pieces: [Piece]) -> String {
        pieces.reduce(into: "") { text, piece in
            switch piece {
            case .line(let field): text += field
            case .text(let literal): text += literal
            }
        }
    }
}
