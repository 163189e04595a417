/// What a command the session starts (preview, execute, reload, transform, become…) finds in
/// its environment: fzf 0.74's `FZF_*` variables with fzf's names and meanings, so that a
/// script or a previewer written for fzf (bat and image viewers size themselves by
/// `FZF_PREVIEW_LINES` / `FZF_PREVIEW_COLUMNS`) works unchanged, and our own `INSTANTSEARCH_*`
/// names for the same values beside them.
public struct ChildEnvironment: Equatable, Sendable {
    public var query = ""
    public var prompt = ""
    /// The index searched (ours only: fzf has one list).
    public var indexName = ""
    /// Records loaded so far (fzf's `FZF_TOTAL_COUNT`), hits of the query (`FZF_MATCH_COUNT`).
    public var totalCount = 0
    public var matchCount = 0
    public var selectCount = 0
    /// The area the session draws in (fzf's `FZF_LINES` / `FZF_COLUMNS`).
    public var lines = 0
    public var columns = 0
    /// The selected hit's position from 1; nil with no hit (fzf then says 0).
    public var position: Int?
    /// The selected hit as a line (fzf's `FZF_CURRENT_ITEM`); nil with none.
    public var currentItem: String?
    /// The last key pressed and the last action run, by fzf's names (empty before any).
    public var key = ""
    public var action = ""
    /// `enabled`, or `disabled` while the query does not search (fzf's `--disabled`, `disable-search`).
    public var inputState = "enabled"
    /// `up` when the list grows upwards from the prompt at the bottom (fzf's default layout), else `down`.
    public var direction = "up"
    /// `--nth` as given, when it is.
    public var nth: String?
    public var borderLabel = ""
    public var previewLabel = ""
    public var port: Int?
    public var socketPath: String?
    /// The preview pane's inside, when it is shown: its size and where it starts on the screen.
    public var preview: PreviewArea?
    /// fzf's `FZF_CLICK_HEADER_*` and `FZF_CLICK_FOOTER_*`: where the last click on them was.
    public var clicks: [String: String] = [:]

    public struct PreviewArea: Equatable, Sendable {
        public var lines: Int, columns: Int, top: Int, left: Int
        public init(lines: Int, columns: Int, top: Int, left: Int) { (self.lines, self.columns, self.top, self.left) = (lines, columns, top, left) }
    }

    public init() {}

    /// The variables; `forPreview`: the preview's command, which also gets `LINES` and
    /// `COLUMNS` set to its pane's size, as fzf gives it (tools that read only those fit the pane).
    public func variables(forPreview: Bool = false) -> [String: String] {
        var values: [String: String] = [
            "FZF_QUERY": query, "FZF_PROMPT": prompt, "FZF_ACTION": action, "FZF_KEY": key,
            "FZF_TOTAL_COUNT": String(totalCount), "FZF_MATCH_COUNT": String(matchCount), "FZF_SELECT_COUNT": String(selectCount),
            "FZF_LINES": String(lines), "FZF_COLUMNS": String(columns),
            // fzf's position is at most the count: 0 with nothing matched.
            "FZF_POS": String(min(matchCount, position ?? 0)),
            "FZF_INPUT_STATE": inputState, "FZF_DIRECTION": direction,
            "FZF_BORDER_LABEL": borderLabel, "FZF_PREVIEW_LABEL": previewLabel,
            "INSTANTSEARCH_QUERY": query, "INSTANTSEARCH_INDEX": indexName, "INSTANTSEARCH_PROMPT": prompt,
            "INSTANTSEARCH_MATCH_COUNT": String(matchCount), "INSTANTSEARCH_SELECT_COUNT": String(selectCount),
            "INSTANTSEARCH_TOTAL_COUNT": String(totalCount),
            "INSTANTSEARCH_LINES": String(lines), "INSTANTSEARCH_COLUMNS": String(columns),
        ]
        if let position { values["INSTANTSEARCH_POS"] = String(position) }
        // A NUL cannot be passed in an environment, and a huge line could make exec fail: fzf
        // leaves the item out then, and so do we.
        if let currentItem, !currentItem.utf8.contains(0), currentItem.utf8.count <= Self.maximumItemBytes {
            values["FZF_CURRENT_ITEM"] = currentItem
        }
        if let nth { values["FZF_NTH"] = nth }
        values.merge(clicks) { given, _ in given }
        for name in ["FZF_PORT", "INSTANTSEARCH_PORT"] { values[name] = port.map(String.init) }
        for name in ["FZF_SOCK", "INSTANTSEARCH_SOCK"] { values[name] = socketPath }
        if let preview {
            values["FZF_PREVIEW_LINES"] = String(preview.lines)
            values["FZF_PREVIEW_COLUMNS"] = String(preview.columns)
            values["FZF_PREVIEW_TOP"] = String(preview.top)
            values["FZF_PREVIEW_LEFT"] = String(preview.left)
            if forPreview {
                values["LINES"] = String(preview.lines)
                values["COLUMNS"] = String(preview.columns)
            }
        }
        return values
    }

    /// The largest item passed whole (fzf's bound): beyond it, the environment could pass ARG_MAX.
    static let maximumItemBytes = 64 * 1024
}
