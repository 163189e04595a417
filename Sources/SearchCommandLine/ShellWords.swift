/// Splits a line into words the way a POSIX shell does for a simple command, without
/// expansions: blanks separate words; 'single quotes' keep everything; "double quotes" keep
/// everything but a backslash before `"`, `\`, `$` or a backtick; a backslash outside quotes
/// keeps the next character. Options held in an environment variable (like FZF_DEFAULT_OPTS)
/// are written the way they would be typed.
public enum ShellWords {
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// 1-based column of the character that opened what was left unfinished.
        public let column: Int
        public let message: String

        public init(column: Int, message: String) {
            self.column = column
            self.message = message
        }

        public var description: String { "column \(column): \(message)" }
    }

    /// Longer text is refused before any work: default options are a line, not a file.
    public static let maximumLength = 64 * 1024

    /// `comments`: a `#` where a word would start comments out the rest of its line, as a
    /// shell script has it (fzf reads FZF_DEFAULT_OPTS and its file so).
    public static func split(_ line: String, comments: Bool = false) throws(Error) -> [String] {
        let characters = Array(line)
        guard characters.count <= maximumLength else {
            throw Error(column: maximumLength + 1, message: "longer than \(maximumLength) characters")
        }
        var words: [String] = []
        var word = ""
        // A word exists once something was written for it, even "" (an empty argument).
        var inWord = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            case "#" where comments && !inWord:
                while index + 1 < characters.count, characters[index + 1] != "\n" { index += 1 }
            case "'":
                let close = try closing("'", in: characters, after: index)
                word += String(characters[(index + 1)..<close])
                (inWord, index) = (true, close)
            case "\"":
                let opening = index
                inWord = true
                index += 1
                while true {
                    guard index < characters.count else {
                        throw Error(column: opening + 1, message: "unterminated double quote")
                    }
                    let inside = characters[index]
                    if inside == "\"" { break }
                    if inside == "\\", index + 1 < characters.count, "\"\\$`".contains(characters[index + 1]) {
                        index += 1
                    }
                    word.append(characters[index])
                    index += 1
                }
            case "\\":
                guard index + 1 < characters.count else {
                    throw Error(column: index + 1, message: "a backslash at the end escapes nothing")
                }
                index += 1
                // Backslash-newline joins lines, as in a shell.
                if characters[index] != "\n" { word.append(characters[index]) }
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
            index += 1
        }
        if inWord { words.append(word) }
        return words
    }

    private static func closing(_ quote: Character, in characters: [Character], after start: Int) throws(Error) -> Int {
        guard let close = characters[(start + 1)...].firstIndex(of: quote) else {
            throw Error(column: start + 1, message: "unterminated single quote")
        }
        return close
    }
}
