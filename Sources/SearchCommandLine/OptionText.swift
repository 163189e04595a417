import ArgumentParser

/// The checks every option whose value is text drawn on screen shares.
enum OptionText {
    /// Whether `text` holds a control character (a line feed, an escape): drawn, it would
    /// move the cursor or start a terminal sequence.
    static func holdsControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// A label's check (`--border-label`, `--preview-label`): one line, not too long.
    static func checkLabel(_ label: String?, option: String) throws(ValidationError) {
        guard let label, label.count > PickArguments.maximumTextLength || holdsControlCharacters(label) else { return }
        throw ValidationError("\(option) takes one line of text without control characters, at most \(PickArguments.maximumTextLength) characters.")
    }
}
