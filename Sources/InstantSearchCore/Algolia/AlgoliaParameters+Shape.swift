import OrderedCollections

/// The parameters that shape the answer rather than choose the hits.
extension AlgoliaParameters {
    /// `attributesToRetrieve`, `attributesToHighlight`, `attributesToSnippet`, the highlight tags.
    public func hitShape() throws -> AlgoliaHitShape {
        var shape = AlgoliaHitShape()
        shape.attributesToRetrieve = try list("attributesToRetrieve")
        shape.attributesToHighlight = try list("attributesToHighlight")
        shape.getRankingInfo = try boolean("getRankingInfo") ?? false
        if let snippets = try list("attributesToSnippet") {
            var words = OrderedDictionary<String, Int>()
            for item in snippets {
                let parts = item.split(separator: ":", maxSplits: 1)
                guard let name = parts.first.map(String.init), !name.isEmpty else {
                    throw AlgoliaParameterError("attributesToSnippet: expected attribute or attribute:words, not \"\(item.prefix(80))\"")
                }
                var count = 10  // Algolia's default
                if parts.count == 2 {
                    guard let n = Int(parts[1]), (1...100).contains(n) else {
                        throw AlgoliaParameterError("attributesToSnippet: \"\(item.prefix(80))\": words must be from 1 to 100")
                    }
                    count = n
                }
                words[name] = count
            }
            shape.attributesToSnippet = words
        }
        if let pre = try string("highlightPreTag") { shape.preTag = pre }
        if let post = try string("highlightPostTag") { shape.postTag = post }
        return shape
    }

    /// `offset` and `length`, which Algolia reads instead of `page` and `hitsPerPage` when
    /// both are given; nil when neither is. Their sum is bounded as Algolia's pagination is.
    public func window() throws -> (offset: Int, length: Int)? {
        let offset = try integer("offset", at: 0...AlgoliaLimits.maxOffsetAndLength)
        let length = try integer("length", at: 0...AlgoliaLimits.maxOffsetAndLength)
        guard offset != nil || length != nil else { return nil }
        guard let offset, let length else { throw AlgoliaParameterError("offset and length go together: give both") }
        guard offset + length <= AlgoliaLimits.maxOffsetAndLength else {
            throw AlgoliaParameterError("offset + length must be at most \(AlgoliaLimits.maxOffsetAndLength)")
        }
        return (offset, length)
    }
}
