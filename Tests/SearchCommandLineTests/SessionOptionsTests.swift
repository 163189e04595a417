import ArgumentParser
import InstantSearchCore
import TerminalUI
import Testing

@testable import SearchCommandLine

/// The session's options, declared once for every session that opens the interface.
@Suite struct SessionOptionsTests {
    /// A value for every option and flag `SessionOptions` declares, none of them its default.
    static let everyOption: [String: [String]] = [
        "--settings": ["--settings", "s.json"], "--hits-per-page": ["--hits-per-page", "7"], "--no-color": ["--no-color"],
        "--profile": ["--profile"],
        // Searching as you type
        "--strategy": ["--strategy", "throttle"], "--debounce": ["--debounce", "30"], "--throttle": ["--throttle", "250"],
        "--cache-ttl": ["--cache-ttl", "9"], "--no-cache": ["--no-cache"], "--simulate-latency": ["--simulate-latency", "15:5"],
        // Starting and printing
        "--query": ["--query=-dash first"], "--filter": ["--filter=-dash"], "--select-1": ["-1"], "--exit-0": ["-0"],
        "--print-query": ["--print-query"], "--expect": ["--expect", "ctrl-o,alt-x"], "--multi": ["--multi"],
        "--multi-max": ["--multi-max", "3"], "--header": ["--header=-h-"], "--prompt": ["--prompt", "> "],
        "--history": ["--history", "h.txt"], "--history-size": ["--history-size", "5"], "--height": ["--height", "~40%"],
        "--min-height": ["--min-height", "12"],
        "--insights": ["--no-insights"], "--re-ranking": ["--no-re-ranking"], "--conversion": ["--conversion"],
        // Matching lines
        "--exact": ["--exact"], "--extended": ["--extended"], "--no-extended": ["--no-extended"], "--ignore-case": ["--ignore-case"],
        "--no-ignore-case": ["--no-ignore-case"], "--smart-case": ["--smart-case"], "--literal": ["--literal"],
        "--scheme": ["--scheme", "path"], "--tiebreak": ["--tiebreak", "length,index"], "--no-sort": ["--no-sort"],
        "--tac": ["--tac"], "--delimiter": ["--delimiter", ":"], "--nth": ["--nth", "2.."], "--with-nth": ["--with-nth", "1,3"],
        "--accept-nth": ["--accept-nth=-1"], "--print0": ["--print0"], "--read0": ["--read0"],
        "--header-lines": ["--header-lines", "2"], "--ansi": ["--ansi"],
        // Keys and mouse
        "--bind": ["--bind", "f9:abort", "--bind", "ctrl-x:clear-refinements"], "--no-mouse": ["--no-mouse"], "--disabled": ["--disabled"],
        "--listen": ["--listen", "6266"], "--listen-unsafe": ["--listen-unsafe", "6267"], "--cycle": ["--cycle"], "--filepath-word": ["--filepath-word"],
        "--track": ["--track"], "--sync": ["--sync"],
        "--jump": ["--jump"],
        "--jump-labels": ["--jump-labels", "jkl"],
        // Preview
        "--preview": ["--preview", "echo {}"], "--preview-window": ["--preview-window", "bottom:40%"],
        "--preview-label": ["--preview-label", "[ file ]"], "--preview-label-pos": ["--preview-label-pos", "-2:top"],
        // Layout and colours
        "--layout": ["--layout", "reverse-list"], "--reverse": ["--reverse"], "--color": ["--color", "hl:1", "--color", "bw"],
        "--border": ["--border", "double"], "--border-label": ["--border-label", "L"], "--border-label-pos": ["--border-label-pos", "-3:bottom"],
        "--pointer": ["--pointer", ">"], "--marker": ["--marker", "+"], "--gutter": ["--gutter", " "], "--margin": ["--margin", "1,2"],
        "--padding": ["--padding", "2%"],
        "--info": ["--info", "inline"], "--wrap": ["--wrap"], "--hscroll": ["--no-hscroll"], "--hscroll-off": ["--hscroll-off", "4"],
        "--scroll-off": ["--scroll-off", "2"], "--keep-right": ["--keep-right"], "--ellipsis": ["--ellipsis", ".."],
        "--tabstop": ["--tabstop", "4"], "--no-bold": ["--no-bold"], "--scrollbar": ["--scrollbar", "▐"], "--separator": ["--separator", "="],
        "--tmux": ["--tmux", "top,40%"],
    ]

    /// Every option given at once: they parse together, each value where it belongs.
    @Test func everyOptionParsesWithTheOthers() throws {
        let given = try SessionOptions.parse(Self.everyOption.keys.sorted().flatMap { Self.everyOption[$0] ?? [] })
        #expect(given.pick.query == "-dash first" && given.pick.header == "-h-", "a value starting with - stays a value")
        #expect(given.interface.bind == ["f9:abort", "ctrl-x:clear-refinements"] && given.layout.color == ["hl:1", "bw"], "repeated, in order")
        #expect(given.layout.borderLabelPosition == "-3:bottom")
        #expect(given.requests.strategy == .throttle)
        #expect(given.hitsPerPage == 7 && given.noColor && given.profile)
    }

    /// fzf takes the argument after an option as its value whatever it looks like, and its
    /// short `-1` / `-0` are flags: neither may stand in for the other.
    @Test func aValueMayStartWithADashAndMinusOneIsSelectOne() throws {
        let options = try SessionOptions.parse(["--nth", "-1", "--accept-nth", "-2", "-d", "-", "-q", "-word", "-1", "-0"])
        #expect(options.lines.nth == "-1" && options.lines.acceptNth == "-2" && options.lines.delimiter == "-")
        #expect(options.pick.query == "-word")
        #expect(options.pick.selectOne && options.pick.exitZero)
        let combined = try SessionOptions.parse(["-10q", "x"])
        #expect(combined.pick.selectOne && combined.pick.exitZero && combined.pick.query == "x")
    }

    @Test(arguments: [
        (["--hits-per-page", "-1"], "--hits-per-page"), (["--debounce", "-5"], "--debounce"),
        (["--hits-per-page", "0"], "--hits-per-page"), (["--debounce=-1"], "--debounce"), (["--throttle", "0"], "--throttle"),
        (["--cache-ttl", "0"], "--cache-ttl"), (["--simulate-latency", "fast"], "--simulate-latency takes MS or MS:JITTER_MS"),
        (["--height", "0"], "--height takes ROWS"), (["--layout", "sideways"], "--layout takes"),
        (["--pointer", "-->"], "--pointer takes up to two columns"), (["--marker", "\u{1}"], "--marker takes up to two columns"),
    ])
    func aBadValueIsOneLineNamingTheOption(arguments: [String], start: String) {
        guard let message = refusal(SessionOptions.self, arguments) else {
            Issue.record("\(arguments) was accepted")
            return
        }
        #expect(message.hasPrefix(start) && !message.contains("\n"), "\(message)")
    }

    /// fzf's signs: `--pointer ''` and `--marker ''` give their column up, two columns are allowed.
    @Test func pointerAndMarkerMayBeEmptyOrTwoColumnsWide() throws {
        var options = SearchApp.Options()
        try SessionOptions.parse(["--pointer", "", "--marker", ""]).layout.configure(&options)
        #expect(options.pointer == "" && options.marker == "")
        try SessionOptions.parse(["--pointer", ">>", "--marker", "▶▶"]).layout.configure(&options)
        #expect(options.pointer == ">>" && options.marker == "▶▶")
    }

    @Test func theSessionIsMadeAsTheOptionsSay() throws {
        let backend = ProductsStub()
        let plain = try SessionOptions.parse([]).search(indices: [], backend: backend)
        #expect(plain.strategy == nil, "the backend's own")
        #expect(plain.cacheTimeToLive == .seconds(120))
        #expect(plain.hitsPerPage == 20 && plain.profile == nil)
        #expect(plain.backend is ProductsStub)

        let chosen = try SessionOptions.parse([
            "--debounce", "30", "--no-cache", "--simulate-latency", "15", "--profile", "--hits-per-page", "7",
        ]).search(indices: [], backend: backend)
        #expect(chosen.strategy == .debounce(.milliseconds(30)))
        #expect(chosen.cacheTimeToLive == nil)
        #expect(chosen.hitsPerPage == 7 && chosen.profile != nil)
        #expect((chosen.backend as? SimulatedLatency)?.latency == .milliseconds(15))

        // A chosen strategy without its delay takes the (delayed, so network) backend's debounce.
        let adaptive = try SessionOptions.parse(["--strategy", "debounce", "--cache-ttl", "5"]).search(indices: [], backend: backend)
        #expect(adaptive.strategy == .debounce(backend.requestPolicy.debounceDelay))
        #expect(adaptive.cacheTimeToLive == .seconds(5))
    }
}

/// A backend that is never asked: the session is only made, not run.
private struct ProductsStub: Searchable {
    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] { [] }
    func searchForFacetValues(indexName: String, attribute: String, text: String, query: Query) async throws -> FacetSearchResults {
        FacetSearchResults(facetHits: [])
    }
}
