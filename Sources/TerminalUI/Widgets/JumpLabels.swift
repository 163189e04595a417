/// fzf's `--jump-labels`: the characters `jump` and `jump-accept` put beside the hits on
/// screen, one each from the top; typing one selects its hit. Each is one printable,
/// one-column character, and none twice (a label must name one hit).
public struct JumpLabels: Equatable, Sendable {
    /// fzf's default, in its order: the home row first.
    public static let fzfDefault = "asdfghjklqwertyuiopzxcvbnm1234567890ASDFGHJKLQWERTYUIOPZXCVBNM`~;:,<.>/?'\"!@#$%^&*()[{]}-_=+"
    public static let standard = JumpLabels(checked: Array(fzfDefault))

    public let characters: [Character]

    private init(checked characters: [Character]) {
        self.characters = characters
    }

    /// Why a `--jump-labels` value is refused.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case repeated(Character, position: Int)
        case unusable(Character, position: Int)

        public var description: String {
            switch self {
            case .empty: return "--jump-labels needs at least one character"
            case .repeated(let character, let position):
                return "--jump-labels has \"\(character)\" twice (again at character \(position)); each label must name one hit"
            case .unusable(let character, let position):
                return
                    "--jump-labels: character \(position) (\(character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " "))) is not a printable one-column character"
            }
        }
    }

    public init(parsing text: String) throws(Problem) {
        let characters = Array(text)
        guard !characters.isEmpty else { throw .empty }
        var seen = Set<Character>()
        for (offset, character) in characters.enumerated() {
            let printable =
                !character.isWhitespace
                && character.unicodeScalars.allSatisfy {
                    $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
                }
            guard printable, String(character).displayWidth == 1 else { throw .unusable(character, position: offset + 1) }
            guard seen.insert(character).inserted else { throw .repeated(character, position: offset + 1) }
        }
        self.init(checked: characters)
    }

    /// The label of the hit `offset` rows of hits from the top of the list on screen; nil past the last label.
    func label(at offset: Int) -> Character? {
        characters.indices.contains(offset) ? characters[offset] : nil
    }

    /// Which hit on screen (from the top) `character` labels.
    func offset(of character: Character) -> Int? {
        characters.firstIndex(of: character)
    }
}
