import Foundation
import Testing

/// The adaptive strategy on a slow (simulated) network, watched on the stats line.
@Suite(.serialized) struct StrategyEndToEndTests {
    private func start(_ tmux: Tmux, latency: Int) throws {
        try tmux.shell("\(Project.binary) --strategy adaptive --simulate-latency \(latency) \(Project.resource("products.json")); echo \"exit=$?\"")
        try tmux.waitFor("the first results", timeout: 30) { $0.contains("products 338") }
    }

    @Test func typingSteadilyOnASlowNetworkThrottles() throws {
        let tmux = try Tmux()
        try start(tmux, latency: 1500)
        // One key at a time, each once the box shows it: steady typing, paced by the screen.
        var typed = ""
        for character in "sony tv" {
            try tmux.type(String(character))
            typed.append(character)
            let shown = "❯ " + typed.trimmingCharacters(in: .whitespaces)
            try tmux.waitFor("\"\(typed)\" in the box") { $0.contains(shown) }
        }
        let screen = try tmux.waitFor("throttled on the stats line", timeout: 30) { $0.contains("throttled") }
        let requests = try #require(Self.requestsAndKeys(screen))
        #expect(requests.requests < requests.keys + 1, "fewer requests than keys typed")
        try tmux.waitFor("the results of the whole text", timeout: 30) { $0.contains("products 4") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func aVerySlowNetworkTurnsAsYouTypeOffAndEnterSearches() throws {
        let tmux = try Tmux()
        try start(tmux, latency: 4000)
        try tmux.type("s")
        try tmux.waitFor("manual on the stats line", timeout: 30) { $0.contains("manual: Enter searches") }
        try tmux.type("ony")
        // As-you-type is off: the tab shows no count for the text in the box.
        try tmux.waitFor("the query on screen, not searched") { $0.contains("❯ sony") && $0.contains("products   ") }
        try tmux.press("Enter")
        let screen = try tmux.waitFor("Enter's results", timeout: 30) { $0.contains("products 25") }
        #expect(screen.contains("Sony"))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    /// "… · 9 req / 14 keys · …" on the stats line.
    static func requestsAndKeys(_ screen: String) -> (requests: Int, keys: Int)? {
        guard let range = screen.range(of: #"\d+ req / \d+ keys"#, options: .regularExpression) else { return nil }
        let numbers = screen[range].split(separator: " ").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }
}
