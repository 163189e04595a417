import ArgumentParser
import InstantSearchCore
import RemoteBackend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `--remote URL --app-id ID --api-key KEY`: the TUI over a service speaking Algolia's search
/// protocol (`instantsearch serve` elsewhere, or any such service); the FILE arguments then
/// name its indices (none: every index the key may search).
struct RemoteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Search a remote service speaking Algolia's protocol, such as `instantsearch serve`.", valueName: "url"))
    var remote: String?

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Application ID sent to the remote service.", valueName: "id"))
    var appID = "instantsearch"

    @Option(name: .customLong("api-key"), help: ArgumentHelp("API key sent to the remote service (or INSTANTSEARCH_API_KEY).", valueName: "key"))
    var apiKey: String?

    @Option(help: ArgumentHelp("Seconds before a remote request counts as failed.", valueName: "seconds"))
    var timeout = 5

    func validate() throws {
        guard let remote else { return }
        guard let url = URL(string: remote), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--remote takes a URL such as http://127.0.0.1:7700, not \"\(remote)\".")
        }
        if let problem = QueryLimits.check(timeout, in: 1...3_600, option: "--timeout") { throw ValidationError(problem) }
    }

    /// The backend and its indices' descriptions, asked of the service before the UI opens,
    /// so a wrong URL or key is said plainly on the command line.
    func connect(indices: [String]) throws -> (AlgoliaRemoteBackend, [IndexDescription]) {
        let key = apiKey ?? ProcessInfo.processInfo.environment["INSTANTSEARCH_API_KEY"] ?? ""
        let backend = AlgoliaRemoteBackend(url: URL(string: remote!)!, applicationID: appID, apiKey: key, timeout: .seconds(timeout))
        let describer = RemoteIndexDescriber(backend: backend)
        let descriptions = try blocking { try await describer.describe(indices: indices) }
        return (backend, descriptions)
    }
}
