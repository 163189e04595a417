/// English singular ↔ plural forms of a folded word, for `ignorePlurals`: rules for the
/// regular endings and a short list of irregular nouns. A form is only a candidate; the
/// query keeps those the dictionary holds.
enum EnglishPlurals {
    static func otherForms(of word: String) -> [String] {
        guard word.count >= 3, word.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else { return [] }
        if let other = irregular[word] { return [other] }
        var forms: [String] = []
        let sibilant = ["s", "x", "z", "ch", "sh"].contains { word.hasSuffix($0) }
        if word.hasSuffix("ies"), word.count > 4 {
            forms.append(String(word.dropLast(3)) + "y")  // berries → berry
        } else if word.hasSuffix("es"), ["ses", "xes", "zes", "ches", "shes"].contains(where: word.hasSuffix) {
            forms.append(String(word.dropLast(2)))  // boxes → box
            forms.append(String(word.dropLast(1)))  // horses → horse
        } else if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") {
            forms.append(String(word.dropLast()))  // cars → car
        }
        if forms.isEmpty {
            if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
                forms.append(String(word.dropLast()) + "ies")
            } else if sibilant {
                forms.append(word + "es")
            } else {
                forms.append(word + "s")
            }
        }
        return forms
    }

    private static let pairs = [
        ("man", "men"), ("woman", "women"), ("child", "children"), ("person", "people"), ("mouse", "mice"),
        ("foot", "feet"), ("tooth", "teeth"), ("goose", "geese"), ("leaf", "leaves"), ("knife", "knives"),
        ("life", "lives"), ("wife", "wives"), ("wolf", "wolves"), ("half", "halves"),
    ]
    private static let irregular: [String: String] = {
        var map: [String: String] = [:]
        for (one, many) in pairs {
            map[one] = many
            map[many] = one
        }
        return map
    }()
}
