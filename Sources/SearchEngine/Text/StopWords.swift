import InstantSearchCore

/// Words too common to say anything about a record, per language (Algolia's
/// `removeStopWords`). Written for this project: the most frequent function words of each
/// language, folded as the tokenizer folds them (no accents, lower case).
enum StopWords {
    /// The settings' list (InstantSearchCore validates `removeStopWords` against it).
    static var languages: [String] { RelevanceSettings.stopWordLanguages }

    static func words(for languages: [String]) -> Set<String> {
        languages.reduce(into: Set<String>()) { set, language in set.formUnion(lists[language] ?? []) }
    }

    private static let lists: [String: [String]] = [
        "en": """
        a an and are as at be but by for from has have he her his i if in into is it its me my of on or our \
        she so than that the their them then there these they this those to was we were what when where which \
        who will with you your
        """.split(separator: " ").map(String.init),
        "fr": """
        a au aux avec ce ces dans de des du elle en est et il ils je la le les leur lui ma mais me mes moi mon \
        ne nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous
        """.split(separator: " ").map(String.init),
        "de": """
        aber als am an auch auf aus bei bin bis das dass dem den der des die du ein eine einem einen einer \
        er es fur hat ich ihr im in ist ja mit nicht noch nur oder sie sind so uber um und von vor was wie wir \
        zu zum zur
        """.split(separator: " ").map(String.init),
        "es": """
        a al como con de del el en es esta este la las lo los mas mi no o para pero por que se si sin su sus \
        te tu un una unas uno unos y ya
        """.split(separator: " ").map(String.init),
    ]
}
