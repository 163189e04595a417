/// Searches the values of one facet for the query text (InstantSearch's FacetSearcher):
/// "dra" → Drama 3,021, Dragon films 12. On its own it sends search-for-facet-values
/// requests; inside a `MultiSearcher` its request rides along with the others.
public final class FacetSearcher: DeliveryReceiver {
    public let indexName: String
    public let attribute: String
    public private(set) var text = ""
    /// The refinements the values are counted under.
    public var context: Query
    public private(set) var results: FacetSearchResults?
    public private(set) var lastError: SearchFailure?
    public private(set) var requestsSent = 0
    public var onResults: [(FacetSearchResults) -> Void] = []
    public internal(set) weak var aggregator: MultiSearcher?

    private let backend: any Searchable
    private let router: ResponseRouter
    private let sequencer = Sequencer()
    private var recipientID = 0
    private var running: [Int: Task<Void, Never>] = [:]

    public init(indexName: String, attribute: String, context: Query = Query(), backend: any Searchable, router: ResponseRouter) {
        self.indexName = indexName
        self.attribute = attribute
        self.context = context
        self.backend = backend
        self.router = router
        recipientID = router.register(self)
    }

    public func setText(_ text: String) {
        guard text != self.text else { return }
        self.text = text
        search()
    }

    public func search() {
        if let aggregator {
            aggregator.search()
            return
        }
        let sequence = sequencer.nextSequence()
        requestsSent += 1
        let (backend, mailbox, recipient) = (backend, router.mailbox, recipientID)
        let (indexName, attribute, text, context) = (indexName, attribute, text, context)
        running[sequence] = Task.detached {
            let payload: Delivery.Payload
            do {
                payload = .facetValues(try await backend.searchForFacetValues(
                    indexName: indexName, attribute: attribute, text: text, query: context))
            } catch {
                payload = Task.isCancelled ? .cancelled : .failure(SearchFailure(error))
            }
            mailbox.post(Delivery(recipient: recipient, sequence: sequence, payload: payload))
        }
        sequencer.started(sequence) { [weak self] in self?.running.removeValue(forKey: sequence)?.cancel() }
    }

    public func receive(_ delivery: Delivery) {
        guard running.removeValue(forKey: delivery.sequence) != nil else { return }
        guard sequencer.shouldDeliver(delivery.sequence) else { return }
        switch delivery.payload {
        case .facetValues(let values): apply(values)
        case .failure(let failure): lastError = failure
        default: break
        }
    }

    var request: SearchRequest { .facetValues(indexName: indexName, attribute: attribute, text: text, query: context) }

    func adoptText(_ text: String) { self.text = text }

    func apply(_ values: FacetSearchResults) {
        results = values
        lastError = nil
        onResults.forEach { $0(values) }
    }
}
