import Foundation
import Testing

/// The TUI against `instantsearch serve` over loopback, in tmux: the server runs in a second
/// window of the same tmux session (so stopping it is closing that window), the TUI in the
/// first, as a user would run them in two terminals.
@Suite(.serialized) struct RemoteSessionTests {
    static let keys = "--admin-key e2e-admin --search-key e2e-search:products,categories"

    /// Starts `instantsearch serve` in a window named
    /// "server" and returns the port it printed. Port 0 asks for a free one.
    private func startServer(_ tmux: Tmux, port: Int = 0) throws -> Int {
        let command = "\(Project.binary) serve \(Project.resource("products.json")) \(Project.resource("categories.json")) --port \(port) \(Self.keys)"
        try tmuxCommand(tmux, ["new-window", "-d", "-n", "server", "-c", tmux.workDirectory.path, command])
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let screen = try tmuxCommand(tmux, ["capture-pane", "-p", "-t", "\(tmux.session):server"])
            if let range = screen.range(of: #"listening on http://127\.0\.0\.1:\d+"#, options: .regularExpression),
                let printed = Int(screen[range].split(separator: ":").last ?? "")
            {
                return printed
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("instantsearch serve did not start")
        throw TmuxError.timedOut("instantsearch serve")
    }

    private func stopServer(_ tmux: Tmux) throws {
        try tmuxCommand(tmux, ["kill-window", "-t", "\(tmux.session):server"])
    }

    @discardableResult
    private func tmuxCommand(_ tmux: Tmux, _ arguments: [String]) throws -> String {
        let (status, output) = try spawn("tmux", ["-L", tmux.socket, "-f", "/dev/null"] + arguments)
        guard status == 0 else { throw TmuxError.failed("tmux \(arguments.joined(separator: " ")) exited \(status): \(output)") }
        return output
    }

    private func startRemoteTUI(_ tmux: Tmux, port: Int) throws {
        try tmux.shell("\(Project.binary) --remote http://127.0.0.1:\(port) --app-id e2e --api-key e2e-search products categories > out.json; echo \"exit=$?\"")
        try tmux.waitFor("products 338")
    }

    @Test func theTUISearchesThroughServe() throws {
        let tmux = try Tmux()
        let port = try startServer(tmux)
        defer { try? stopServer(tmux) }
        try startRemoteTUI(tmux, port: port)
        try tmux.type("sony")
        try tmux.waitFor("the remote results for sony") { $0.contains("❯ sony") && $0.contains("Sony Bravia") }
        // Tab: the other index, through the same server, with the same text.
        try tmux.press("Tab")
        try tmux.waitFor("the categories index") { $0.contains("Televisions") && !$0.contains("Sony Bravia") }
        try tmux.press("BTab")
        try tmux.type(" bravia")
        let screen = try tmux.waitFor("the remote results for sony bravia") {
            $0.contains("❯ sony bravia") && $0.contains("Sony Bravia") && $0.range(of: #"products \d"#, options: .regularExpression) != nil
        }
        #expect(!screen.contains("Nikon"))
        #expect(!screen.contains("⚠"))
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let output = try #require(tmux.file("out.json"))
        let record = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        #expect((record?["name"] as? String)?.contains("Bravia") == true)
    }

    @Test func aKeyWithoutTheIndexIsRefusedOnTheCommandLine() throws {
        let tmux = try Tmux()
        let port = try startServer(tmux)
        defer { try? stopServer(tmux) }
        try tmux.shell("\(Project.binary) --remote http://127.0.0.1:\(port) --api-key wrong products; echo \"exit=$?\"")
        let screen = try tmux.waitFor("exit=2")
        #expect(screen.contains("HTTP 403: invalid API key"))
    }

    /// The server goes away mid-session: the stats line says so, typing still works, no old
    /// hit, facet count or tab count is shown as current, and the first keystroke after it is
    /// back finds results again.
    @Test func aServerStoppedMidSessionShowsTheErrorAndTypingGoesOn() throws {
        let tmux = try Tmux()
        let port = try startServer(tmux)
        try startRemoteTUI(tmux, port: port)
        try tmux.type("sony")
        let working = try tmux.waitFor("results and counts for sony") {
            $0.contains("❯ sony") && $0.contains("Sony Bravia") && $0.contains("[ ] ")
        }
        #expect(working.range(of: #"products \d"#, options: .regularExpression) != nil)

        try stopServer(tmux)
        try tmux.type(" brav")
        let failed = try tmux.waitFor("the error on the stats line") {
            $0.contains("❯ sony brav") && $0.contains("⚠ cannot reach http://127.0.0.1:\(port): connection refused")
        }
        #expect(!failed.contains("Sony Bravia"), "the hits of an older query are not shown as current")
        #expect(failed.contains("The search failed"))
        #expect(!failed.contains("[ ] "), "the facet counts of an older query are not shown either")
        #expect(failed.contains("No counts: search failed."))
        #expect(failed.range(of: #"products \d"#, options: .regularExpression) == nil, "nor the tab's count")

        // Still responsive: editing goes on while the backend is down.
        try tmux.press("BSpace")
        try tmux.waitFor("❯ sony bra")

        // Back up on the same port: the next keystroke tries again.
        _ = try startServer(tmux, port: port)
        defer { try? stopServer(tmux) }
        try tmux.type("v")
        let recovered = try tmux.waitFor("results again") {
            $0.contains("❯ sony brav") && $0.contains("Sony Bravia") && !$0.contains("⚠")
        }
        #expect(recovered.contains("result"))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
