import InstantSearchCore

/// The slider pane's small input (Ctrl-F): a range typed as text — `50-200`, `<50`, `>=4`,
/// `=3` — read by `NumericRangeText` on Enter. A mistake keeps the input open with the
/// reason shown beside it; nothing is applied until the text reads.
struct RangeInput: Equatable {
    var box = SearchBox(placeholder: NumericRangeText.examples)
    /// Why the last Enter was refused: "column 4: expected a number".
    private(set) var error: String?

    mutating func insert(_ character: Character) {
        guard box.text.count < NumericRangeText.maxLength else { return }
        box.insert(character)
        error = nil
    }

    /// The cursor and deletion actions of the search box, on this text.
    mutating func perform(_ action: KeyAction) -> Bool {
        let handled = box.edit(action)
        if handled { error = nil }
        return handled
    }

    /// The range typed, or nil with `error` set.
    mutating func read() -> NumericRange? {
        do {
            let range = try NumericRangeText.parse(box.text)
            error = nil
            return range
        } catch {
            self.error = error.description
            return nil
        }
    }
}
