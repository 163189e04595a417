import HTTPServing

/// Who may drive `--listen`, checked before anything else is read: a hostile web page on the
/// same machine must reach nothing. A page can send a `POST` that needs no preflight
/// (`fetch(…, {mode: "no-cors"})`), always with an `Origin`; after DNS rebinding its requests
/// are same-origin (no `Origin` on a `GET`) but carry the page's own name in `Host`. So:
/// no `Origin` at all (a program sends none); on loopback, a `Host` that names this endpoint
/// (`127.0.0.1:PORT` or `localhost:PORT`; none at all from an HTTP/1.0 program); and the API
/// key, compared in constant time, whenever one is set — on another address one always is.
struct ListenRequestCheck {
    let address: ListenAddress
    /// The port bound (the one the system chose for port 0).
    let port: Int

    struct Refusal: Equatable {
        var status: Int
        var message: String
    }

    func refusal(of head: HTTPRequestHead) -> Refusal? {
        if let origin = head.field("origin") {
            return Refusal(
                status: 403, message: "a request from a web page (Origin: \(origin.prefix(80))) is refused: --listen takes requests from programs")
        }
        let hosts = head.fields.filter { $0.name == "host" }
        if hosts.count > 1 { return Refusal(status: 400, message: "a request names one Host") }
        if case .tcp(let bound, _) = address.place, address.isLocal, let host = hosts.first?.value, !allowedHosts(bound).contains(host.lowercased()) {
            return Refusal(
                status: 403, message: "Host \"\(host.prefix(80))\" is not this endpoint: it answers to \(bound):\(port) and localhost:\(port)")
        }
        if let key = address.apiKey, !ConstantTime.equals(head.field("x-api-key") ?? "", key) {
            return Refusal(status: 401, message: "a valid x-api-key header is required")
        }
        return nil
    }

    /// The names a loopback endpoint answers to, as a client writes them in `Host`.
    private func allowedHosts(_ bound: String) -> Set<String> {
        var names: Set<String> = ["\(bound):\(port)", "localhost:\(port)"]
        if port == 80 { names.formUnion([bound, "localhost"]) }
        return names
    }
}
