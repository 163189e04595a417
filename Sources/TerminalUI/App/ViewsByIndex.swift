/// What the views keep of each index while another is on screen, so Tab brings it back as it
/// was left: the hits' selection, scroll and results, the slider's attribute. Kept here, once
/// for every view; the app hands each view its part when the active index changes.
struct ViewsByIndex {
    struct Views {
        var hits: HitsList.Place
        var sliderAttribute: Int
    }

    private var saved: [String: Views] = [:]
    /// The index the views show.
    private(set) var shown: String?

    /// `name` is the index on screen: when it changed, `current` (the views of the one before)
    /// is kept, and what was kept of `name` returned (nil: never shown, or no change — the
    /// views read it only when the index changes).
    mutating func show(_ name: String, leaving current: @autoclosure () -> Views) -> Views? {
        guard name != shown else { return nil }
        if let shown { saved[shown] = current() }
        shown = name
        return saved[name]
    }
}
