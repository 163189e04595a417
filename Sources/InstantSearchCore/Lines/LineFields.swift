#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// fzf's field expressions (`--nth`, `--with-nth`, `--accept-nth`, `{1}`): a comma-separated
/// list of `N` (from 1), `-N` (from the end), `N..`, `..M`, `N..M` and `..` (every field).
public struct FieldExpression: Hashable, Sendable {
    public struct Range: Hashable, Sendable {
        /// 1-based; negative counts from the end; nil: open.
        public var from: Int?
        public var to: Int?
    }

    public var ranges: [Range]

    /// Parses `text`; the error names `option` and what it allows.
    public init(_ text: String, option: String) throws(LineOptionError) {
        func bad() -> LineOptionError {
            LineOptionError(
                "\(option): \"\(text)\" is not a field expression; allowed: N, -N, N.., ..N, N..M, .. (fields from 1, negative from the end), comma-separated")
        }
        func index(_ part: Substring) throws(LineOptionError) -> Int? {
            if part.isEmpty { return nil }
            guard let value = Int(part), value != 0 else { throw bad() }
            return value
        }
        ranges = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            if let dots = item.firstRange(of: "..") {
                let from = try index(item[..<dots.lowerBound])
                let to = try index(item[dots.upperBound...])
                // fzf refuses a range from the end to a field counted from the start (`-3..3`).
                if let from, let to, from < 0, to > 0 { throw bad() }
                ranges.append(Range(from: from, to: to))
            } else {
                guard let only = try index(item) else { throw bad() }
                ranges.append(Range(from: only, to: only))
            }
        }
        guard !ranges.isEmpty else { throw bad() }
    }

    /// The fields it selects of `count` fields, in the expression's order (0-based).
    public func indices(count: Int) -> [Int] {
        var selected: [Int] = []
        for range in ranges {
            func resolve(_ value: Int?, open: Int) -> Int {
                guard let value else { return open }
                return value > 0 ? value - 1 : count + value
            }
            let from = max(0, resolve(range.from, open: 0))
            let to = min(count - 1, resolve(range.to, open: count - 1))
            if from <= to { selected += Array(from...to) }
        }
        return selected
    }
}

/// How a line is cut into fields: fzf's AWK style (runs of spaces and tabs separate, leading
/// ones belong to the first field) or a `--delimiter`, a string or a regular expression. Each
/// field keeps the separator after it, so fields joined back are the line.
public struct FieldDelimiter: Hashable, Sendable {
    public static func == (a: FieldDelimiter, b: FieldDelimiter) -> Bool { a.source == b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The delimiter as given; nil for AWK style.
    public let source: String?

    private enum Kind: @unchecked Sendable {
        case awk
        case text(String)
        case pattern(Regex<AnyRegexOutput>)
    }

    private let kind: Kind

    public static let awk = FieldDelimiter(kind: .awk, source: nil)

    private init(kind: Kind, source: String?) {
        self.kind = kind
        self.source = source
    }

    /// A plain string is split on as it is; one with regular-expression characters is a
    /// regular expression. A bad one is an error naming `--delimiter`.
    public init(_ text: String) throws(LineOptionError) {
        guard !text.isEmpty else { throw LineOptionError("--delimiter: empty; give a string or a regular expression") }
        source = text
        if text.contains(where: { "\\^$.|?*+()[]{}".contains($0) }) {
            do {
                // Scalar by scalar, as fzf's (Go's) expressions match, not Character by Character.
                kind = .pattern(try Regex(text).matchingSemantics(.unicodeScalar))
            } catch {
                throw LineOptionError("--delimiter: \"\(text)\" is not a valid regular expression")
            }
        } else {
            kind = .text(text)
        }
    }

    /// The fields of `line`, each with its trailing separator, cut scalar by scalar as fzf cuts
    /// bytes (a separator followed by a combining mark still separates). A line ending with a
    /// string separator has an empty last field, as fzf's (Go's `strings.SplitAfter`).
    public func fields(_ line: String) -> [Substring] {
        let scalars = line.unicodeScalars
        var fields: [Substring] = []
        var start = scalars.startIndex
        switch kind {
        case .awk:
            // Leading blanks belong to the first field.
            var i = start
            while i < scalars.endIndex, Self.isBlank(scalars[i]) { i = scalars.index(after: i) }
            while i < scalars.endIndex {
                while i < scalars.endIndex, !Self.isBlank(scalars[i]) { i = scalars.index(after: i) }
                while i < scalars.endIndex, Self.isBlank(scalars[i]) { i = scalars.index(after: i) }
                fields.append(line[start..<i])
                start = i
            }
            return fields.isEmpty ? [line[...]] : fields
        case .text(let separator):
            let pattern = Array(separator.unicodeScalars)
            var i = start
            while i < scalars.endIndex {
                var end = i
                var k = 0
                while k < pattern.count, end < scalars.endIndex, scalars[end] == pattern[k] {
                    end = scalars.index(after: end)
                    k += 1
                }
                if k == pattern.count {
                    fields.append(line[start..<end])
                    (start, i) = (end, end)
                } else {
                    i = scalars.index(after: i)
                }
            }
            fields.append(line[start...])
            return fields
        case .pattern(let regex):
            for match in line.matches(of: regex) where !match.range.isEmpty {
                let range = match.range
                guard range.lowerBound >= start else { continue }
                fields.append(line[start..<range.upperBound])
                start = range.upperBound
            }
            if start < line.endIndex || fields.isEmpty { fields.append(line[start...]) }
            return fields
        }
    }

    /// AWK-style blanks, as fzf's: tab, space and line feed (a line of `--read0`).
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" }

    /// A field without its trailing separator (and, AWK style, without trailing blanks).
    public func stripped(_ field: Substring) -> Substring {
        switch kind {
        case .awk:
            var scalars = field.unicodeScalars
            while let last = scalars.last, Self.isBlank(last) { scalars.removeLast() }
            return Substring(scalars)
        case .text(let separator):
            let tail = separator.unicodeScalars
            guard field.unicodeScalars.suffix(tail.count).elementsEqual(tail) else { return field }
            return Substring(field.unicodeScalars.dropLast(tail.count))
        case .pattern(let regex):
            let text = String(field)
            guard let last = text.matches(of: regex).last(where: { !$0.range.isEmpty }), last.range.upperBound == text.endIndex
            else { return field }
            return Substring(field.unicodeScalars.prefix(text.unicodeScalars.distance(from: text.startIndex, to: last.range.lowerBound)))
        }
    }

    /// The selected fields joined as they stand in the line, the last one's separator dropped
    /// (fzf's `{2..}`, `--with-nth`, `--accept-nth`).
    public func select(_ expression: FieldExpression, of line: String) -> String {
        selectedPieces(expression, of: line).joined()
    }

    /// fzf's tokens of `line`, what its placeholders cut: the fields, but AWK style without
    /// the blanks before the first (a line of blanks has none).
    public func tokens(_ line: String) -> [Substring] {
        var fields = fields(line)
        guard case .awk = kind, let first = fields.first else { return fields }
        let start = first.unicodeScalars.firstIndex { !Self.isBlank($0) }
        if let start { fields[0] = first[start...] } else { fields.removeFirst() }
        return fields
    }

    /// The chosen tokens of `line` as they stand, each with the separator after it (before a
    /// placeholder drops the last separator).
    public func joinedFields(_ expression: FieldExpression, of line: String) -> String {
        let tokens = tokens(line)
        return expression.indices(count: tokens.count).map { tokens[$0] }.joined()
    }

    /// `text` without a string or pattern delimiter it ends with, as fzf's placeholders drop it;
    /// AWK style the blanks stay (only `s`-less placeholders trim them, as white space).
    public func droppingTrailingDelimiter(_ text: String) -> String {
        if case .awk = kind { return text }
        return String(stripped(text[...]))
    }

    /// The pieces of `line` that `select` joins: the chosen fields in the expression's order,
    /// each with its separator but the last.
    public func selectedPieces(_ expression: FieldExpression, of line: String) -> [Substring] {
        let fields = fields(line)
        let chosen = expression.indices(count: fields.count)
        guard let last = chosen.last else { return [] }
        return chosen.dropLast().map { fields[$0] } + [stripped(fields[last])]
    }
}
