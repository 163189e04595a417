import InstantSearchCore

/// A filter in Algolia's syntax, parsed: `genres:Comedy AND year:1990 TO 2000 AND NOT sex:M`.
indirect enum FilterExpression: Hashable, Sendable {
    case and([FilterExpression])
    case or([FilterExpression])
    case not(FilterExpression)
    /// `attribute:value` (a facet value, or a number for a numeric attribute).
    case equals(attribute: String, value: String, position: Int)
    /// `attribute:lower TO upper`, both ends included.
    case range(attribute: String, lower: Double, upper: Double, position: Int)
    /// `attribute < 5`, `<=`, `=`, `!=`, `>=`, `>`.
    case comparison(attribute: String, op: String, value: Double, position: Int)
}

/// A malformed filter: what was expected, and where (1-based, in characters of the filter).
public struct FilterError: Error, Hashable, CustomStringConvertible {
    public var message: String
    public var column: Int
    public var filter: String

    /// The message, then the filter with a caret under the column; a long filter (70,000 `(`)
    /// is shown as the 60 characters around the column, so the message stays readable.
    public var description: String {
        let characters = Array(filter)
        let window = 60
        let start = characters.count > window ? min(max(column - 1 - window / 2, 0), characters.count - window) : 0
        let end = min(start + window, characters.count)
        let shown = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        let caret = String(repeating: " ", count: max(column - 1 - start + (start > 0 ? 1 : 0), 0)) + "^"
        return "filters, column \(column): \(message)\n  \(shown)\n  \(caret)"
    }
}

/// Recursive descent over Algolia's grammar; OR binds looser than AND, NOT tightest:
///
///     expression := and ("OR" and)*
///     and        := unary ("AND" unary)*
///     unary      := "NOT" unary | "(" expression ")" | predicate
///     predicate  := name ":" value ("TO" value)? | name ("<" | "<=" | "=" | "!=" | ">=" | ">") number
struct FilterParser {
    private enum Token: Equatable {
        case word(String, quoted: Bool)
        case symbol(String)  // ( ) : and comparison operators
        case end
    }

    private var tokens: [(token: Token, column: Int)] = []
    private var next = 0
    private let filter: String
    /// Open parentheses and NOTs around the token being parsed: each one is a recursion, so
    /// it is bounded (70,000 `(` used to overflow the stack and kill a server).
    private var depth = 0
    static let maxDepth = 256
    private var allowedDepth = maxDepth
    /// Predicates in one filter: each is checked against every matched record, so 50,000
    /// OR-ed terms cost seconds per query. (Algolia's own filters are bounded too.)
    static let maxConditions = 1_000
    private var conditions = 0

    /// `enclosingDepth`: the levels the filter will sit inside (a rule's filters go inside the
    /// parentheses that join them to the query's), taken from what it may nest itself.
    static func parse(_ filter: String, enclosingDepth: Int = 0) throws -> FilterExpression {
        var parser = try FilterParser(filter)
        parser.allowedDepth = maxDepth - enclosingDepth
        let expression = try parser.expression()
        guard case .end = parser.tokens[parser.next].token else {
            throw parser.error("expected AND, OR or the end of the filter")
        }
        return expression
    }

    private init(_ filter: String) throws {
        self.filter = filter
        let characters = Array(filter)
        var i = 0
        func fail(_ message: String, _ at: Int) -> FilterError {
            FilterError(message: message, column: at + 1, filter: filter)
        }
        while i < characters.count {
            let c = characters[i]
            let start = i
            if c.isWhitespace {
                i += 1
            } else if c == "\"" || c == "'" {
                var value = ""
                i += 1
                while i < characters.count, characters[i] != c {
                    if characters[i] == "\\", i + 1 < characters.count { i += 1 }
                    value.append(characters[i])
                    i += 1
                }
                guard i < characters.count else { throw fail("unterminated quoted value", start) }
                i += 1
                tokens.append((.word(value, quoted: true), start + 1))
            } else if "():".contains(c) {
                tokens.append((.symbol(String(c)), start + 1))
                i += 1
            } else if "<>=!".contains(c) {
                var op = String(c)
                if i + 1 < characters.count, characters[i + 1] == "=" { op.append("="); i += 1 }
                guard op != "!" else { throw fail("expected \"!=\"", start) }
                tokens.append((.symbol(op), start + 1))
                i += 1
            } else {
                var word = ""
                while i < characters.count, !characters[i].isWhitespace, !"():<>=!\"'".contains(characters[i]) {
                    word.append(characters[i])
                    i += 1
                }
                tokens.append((.word(word, quoted: false), start + 1))
            }
        }
        tokens.append((.end, characters.count + 1))
    }

    private func error(_ message: String) -> FilterError {
        FilterError(message: message, column: tokens[next].column, filter: filter)
    }

    private func isKeyword(_ keyword: String) -> Bool {
        if case .word(keyword, quoted: false) = tokens[next].token { return true }
        return false
    }

    private mutating func expression() throws -> FilterExpression {
        var parts = [try conjunction()]
        while isKeyword("OR") {
            next += 1
            parts.append(try conjunction())
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func conjunction() throws -> FilterExpression {
        var parts = [try unary()]
        while isKeyword("AND") {
            next += 1
            parts.append(try unary())
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private mutating func unary() throws -> FilterExpression {
        let nests = isKeyword("NOT") || tokens[next].token == .symbol("(")
        if nests {
            guard depth < allowedDepth else {
                throw error("parentheses and NOT nested deeper than \(allowedDepth) levels")
            }
            depth += 1
        }
        defer { if nests { depth -= 1 } }
        if isKeyword("NOT") {
            next += 1
            return .not(try unary())
        }
        if tokens[next].token == .symbol("(") {
            next += 1
            let inner = try expression()
            guard tokens[next].token == .symbol(")") else { throw error("expected \")\"") }
            next += 1
            return inner
        }
        return try predicate()
    }

    private mutating func predicate() throws -> FilterExpression {
        let column = tokens[next].column
        conditions += 1
        guard conditions <= FilterParser.maxConditions else {
            throw error("more than \(FilterParser.maxConditions) conditions in one filter")
        }
        guard case .word(let attribute, let quoted) = tokens[next].token,
            quoted || !["AND", "OR", "NOT", "TO"].contains(attribute)
        else { throw error("expected an attribute name") }
        next += 1
        guard case .symbol(let symbol) = tokens[next].token, symbol != "(", symbol != ")" else {
            throw error("expected \":\" or a comparison after \"\(attribute)\"")
        }
        next += 1
        if symbol != ":" {
            let value = try number(after: symbol)
            return .comparison(attribute: attribute, op: symbol, value: value, position: column)
        }
        guard case .word(let value, _) = tokens[next].token else {
            throw error("expected a value after \"\(attribute):\"")
        }
        next += 1
        guard isKeyword("TO") else { return .equals(attribute: attribute, value: value, position: column) }
        next += 1
        let lower: Double
        switch FilterNumber.parse(value) {
        case .number(let number): lower = number
        case .outOfRange:
            throw FilterError(message: FilterNumber.outOfRangeMessage(value), column: tokens[next - 2].column, filter: filter)
        case .notANumber:
            throw FilterError(message: "a range needs numbers, not \"\(value)\"", column: tokens[next - 2].column, filter: filter)
        }
        let upper = try number(after: "TO")
        return .range(attribute: attribute, lower: lower, upper: upper, position: column)
    }

    private mutating func number(after what: String) throws -> Double {
        guard case .word(let text, _) = tokens[next].token else { throw error("expected a number after \"\(what)\"") }
        switch FilterNumber.parse(text) {
        case .number(let value):
            next += 1
            return value
        case .outOfRange: throw error(FilterNumber.outOfRangeMessage(text))
        case .notANumber: throw error("expected a number after \"\(what)\"")
        }
    }
}
