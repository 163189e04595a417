import InstantSearchCore

extension SearchApp {
    /// `--listen`: runs the chains received since the last wake-up, as keys bound to them
    /// would, and tells the state to those who asked for it.
    func takeRemoteActions() -> Int {
        guard let remote else { return 0 }
        let requests = remote.take()
        for request in requests {
            switch request {
            case .actions(let chain): run(chain)
            case .state(let window, let reply): reply.answer(remoteState(window).serialized())
            }
        }
        return requests.count
    }

    /// What `GET /` answers: fzf 0.74's fields (`reading`, `progress`, `query`, `position` from
    /// 0, `sort`, `totalCount`, `matchCount`, `current`, `matches` and `selected` as
    /// `{index, text}`, a window of them), then ours: the `prompt`, the `indexName`, the
    /// `selectCount`, and each item's `objectID` (and `record`, for records).
    func remoteState(_ window: StateWindow) -> JSONValue {
        let state = hub.state.active
        let loading = state.loading
        let reading = !(loading?.isFinished ?? true)
        var progress = 100
        if reading, let total = loading?.totalBytes, total > 0, let read = loading?.bytesRead {
            progress = min(100, read * 100 / total)
        }
        let shown = hitsList.shownHits
        let matches = shown.dropFirst(window.offset).prefix(window.limit).enumerated().map { place, hit in
            remoteItem(hit, rank: window.offset + place)
        }
        let selected = marks.hits.dropFirst(window.offset).prefix(window.limit).map { remoteItem($0, rank: nil) }
        let current: JSONValue = hitsList.selectedHit.map { remoteItem($0, rank: hitsList.selection) } ?? .null
        let matchCount = state.results?.nbHits ?? 0
        return .object([
            "reading": .bool(reading), "progress": .number(Double(progress)), "query": .string(searchBox.text),
            "position": .number(Double(hitsList.selection)), "sort": .bool(true),
            "totalCount": .number(Double(loading?.records ?? hub.activeDescription.recordCount ?? matchCount)),
            "matchCount": .number(Double(matchCount)), "current": current, "matches": .array(matches), "selected": .array(selected),
            "prompt": .string(searchBox.prompt), "indexName": .string(state.name), "selectCount": .number(Double(marks.count)),
        ])
    }

    /// One item as fzf writes it: `index`, the line's place in the input (for records, which
    /// have none, the hit's rank), and its `text`.
    private func remoteItem(_ hit: Hit, rank: Int?) -> JSONValue {
        let lineNumber = options.placeholders.lines ? Int(hit.objectID) : nil
        let item: JSONValue = [
            "index": .number(Double(lineNumber.map { $0 - 1 } ?? rank ?? -1)),
            "text": .string(PreviewCommand.text(of: hit)),
            "objectID": .string(hit.objectID),
        ]
        guard lineNumber == nil, case .object(var fields) = item else { return item }
        fields["record"] = hit.record
        return .object(fields)
    }
}
