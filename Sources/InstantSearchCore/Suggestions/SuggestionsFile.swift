/// `--suggestions FILE`: a query suggestions index given whole, as a JSON array of suggestion
/// records or one record a line (NDJSON). Every problem is reported at its line and column —
/// a syntax error, or a record that is no suggestion (`QuerySuggestion.from(record:)`) — so a
/// file is taken whole or refused, never taken in part.
public enum SuggestionsFile {
    /// A suggestions file is queries with counts; a bigger one is refused before parsing.
    public static let maximumBytes = 64 * 1024 * 1024

    public static func parse(_ bytes: [UInt8], file: String) throws(DataError) -> [QuerySuggestion] {
        guard bytes.count <= maximumBytes else {
            throw DataError(file: file, message: "larger than \(maximumBytes / 1024 / 1024) MiB; not a suggestions file?")
        }
        do {
            return try bytes.withUnsafeBufferPointer { buffer in try read(buffer, file: file) }
        } catch let error as DataError {
            throw error
        } catch {
            throw DataError(file: file, message: "\(error)")
        }
    }

    private static func read(_ buffer: UnsafeBufferPointer<UInt8>, file: String) throws -> [QuerySuggestion] {
        var parser = JSONParser(bytes: buffer, file: file)
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        var suggestions: [QuerySuggestion] = []
        func take(_ parser: inout JSONParser) throws {
            let start = parser.offset
            let value = try parser.parseValue()
            switch QuerySuggestion.from(record: value) {
            case .success(let suggestion): suggestions.append(suggestion)
            case .failure(let problem): throw parser.error(problem.message, at: start)
            }
        }
        if parser.consume(UInt8(ascii: "[")) {
            parser.skipWhitespace()
            if parser.consume(UInt8(ascii: "]")) { return try finish(&parser, suggestions, end: buffer.count) }
            while true {
                parser.skipWhitespace()
                try take(&parser)
                parser.skipWhitespace()
                if parser.consume(UInt8(ascii: "]")) { return try finish(&parser, suggestions, end: buffer.count) }
                guard parser.consume(UInt8(ascii: ",")) else { throw parser.error("expected ',' or ']' after a suggestion, found \(parser.found)") }
            }
        }
        while parser.offset < buffer.count {
            try take(&parser)
            parser.skipWhitespace()
        }
        return suggestions
    }

    private static func finish(_ parser: inout JSONParser, _ suggestions: [QuerySuggestion], end: Int) throws -> [QuerySuggestion] {
        parser.skipWhitespace()
        guard parser.offset >= end else { throw parser.error("expected the end after the array, found \(parser.found)") }
        return suggestions
    }
}
