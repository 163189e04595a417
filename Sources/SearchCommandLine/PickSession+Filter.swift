import InstantSearchCore
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension PickSession {
    /// Hits asked for at once: Algolia's most; from a backend in the process, a sixteenth of all
    /// when that is more (a few requests, and never every hit held at once).
    static let filterPage = 1000

    /// fzf's `--filter`: no interface. The first index loaded to its end, then every hit of
    /// `text`, best first — what fzf prints (the close matches the interface shows when nothing
    /// matches as typed only with `--typos`) — printed as a pick is, after the query with `--print-query`.
    /// Hits found only after dropping words of the query do not match it (as for `--exit-0`).
    /// Status 0 with hits, 1 without, 2 when the data could not be read whole.
    static func filter(_ search: TerminalSearch, text: String, pick: PickArguments, print: ([UInt8]) -> Void, printed: RecordBytes) throws -> Int32 {
        if let failed = loadToTheEnd(search) { return failed }
        if pick.printQuery { print(Array(text.utf8)) }
        guard let first = search.indices.first else { return 1 }
        let backend = search.backend
        var query = first.initialQuery(hitsPerPage: filterPage)
        query.text = text
        query.facets = []
        query.disjunctiveFacets = []
        query.attributesToHighlight = []
        // A remote backend takes at most 1000 hits a page (Algolia's limit). One in the process
        // ranks anew for each page, so once the count is known it is asked for bigger pages
        // (page 0 again, its first hits already printed).
        var pageSize = filterPage
        var page = 0
        var printedHits = 0
        var total = 0
        while true {
            query.hitsPerPage = pageSize
            query.page = page
            let indexed = IndexedQuery(indexName: first.name, query: query)
            let results = try blocking { try await backend.search(indexed) }
            // Close matches (typos) are printed only when `--typos` asks: fzf would find nothing.
            guard results.queryAfterRemoval == nil, pick.typos || !results.areCloseMatches else { break }
            total = results.nbHits
            let start = pageSize * page
            for (offset, hit) in results.hits.enumerated() where start + offset >= printedHits { print(printed(hit)) }
            printedHits = max(printedHits, start + results.hits.count)
            if results.hits.isEmpty || printedHits >= total { break }
            let bigger = max(filterPage, (total + 15) / 16)
            if page == 0, backend.requestPolicy.answersWithinFrame, bigger > pageSize {
                pageSize = bigger
            } else {
                page += 1
            }
        }
        if printedHits < total {
            StandardError.write("instantsearch: --filter: the backend gave the first \(printedHits) of \(total) hits and no more\n")
        }
        return printedHits > 0 ? 0 : 1
    }
}
