import InstantSearchCore

extension SearchApp {
    /// Other keys than printable ones while the slider pane's typed-range input is open
    /// (printable keys type into it through `type`, not into the query: the one exception,
    /// opened on purpose): the search box's editing keys edit it, Enter applies, Esc closes,
    /// Ctrl-C still quits.
    func handleRangeInput(_ key: Key) {
        switch key {
        case .enter:
            sliderPane.applyTypedRange().forEach(hub.dispatch)
        case .escape:
            sliderPane.closeRangeInput()
        default:
            guard let action = keys.action(for: key, in: [.searchBox, .global]) else { return }
            if action == .abort {
                outcome = .cancelled
            } else if !sliderPane.editRange(action) {
                // Anything else (F2, Tab…) leaves the input and does what it does.
                sliderPane.closeRangeInput()
                perform(action)
            }
        }
    }
}
